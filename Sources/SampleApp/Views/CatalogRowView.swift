import LaunchKit

/// One row of the catalog list: thumbnail, title, price and rating bars, a stock badge.
/// Lays its parts out from its width in `layoutSubviews`.
final class CatalogRowView: UIView {
    let thumbnail = UIView()
    let titleBar = UIView()
    let priceBar = UIView()
    let ratingTrack = UIView()
    let ratingBar = UIView()
    let stockBadge = UIView()
    private var titleFraction: CGFloat = 0.5
    private var ratingFraction: CGFloat = 0.5
    private var priceFraction: CGFloat = 0.3

    /// Fills the row from `item`.
    func configure(with item: CatalogItem, accent: UIColor) {
        backgroundColor = .white
        thumbnail.backgroundColor = .lightGray
        titleBar.backgroundColor = UIColor(white: 0.15, alpha: 1)
        priceBar.backgroundColor = accent
        ratingTrack.backgroundColor = UIColor(white: 0.9, alpha: 1)
        ratingBar.backgroundColor = .orange
        stockBadge.backgroundColor = .green
        stockBadge.isHidden = !item.inStock
        titleFraction = min(1, CGFloat(item.title.count) / 32)
        ratingFraction = CGFloat(item.rating / 5)
        priceFraction = min(1, CGFloat(item.priceCents) / 50_000)
        for part in [thumbnail, titleBar, priceBar, ratingTrack, stockBadge] { addSubview(part) }
        ratingTrack.addSubview(ratingBar)
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let height = bounds.height
        let textLeft = height + 8
        let textWidth = max(0, bounds.width - textLeft - 40)
        thumbnail.frame = CGRect(x: 8, y: 8, width: height - 16, height: height - 16)
        titleBar.frame = CGRect(x: textLeft, y: 12, width: textWidth * titleFraction, height: 14)
        priceBar.frame = CGRect(x: textLeft, y: 32, width: max(24, textWidth * 0.5 * priceFraction), height: 10)
        ratingTrack.frame = CGRect(x: textLeft, y: height - 18, width: textWidth * 0.6, height: 6)
        ratingBar.frame = CGRect(x: 0, y: 0, width: ratingTrack.frame.width * ratingFraction, height: 6)
        stockBadge.frame = CGRect(x: bounds.width - 28, y: (height - 12) / 2, width: 12, height: 12)
    }
}
