import LaunchKit

/// The first screen: a header, category chips and the best-ranked catalog rows.
///
/// From the storyboard its view already has the header (tag 1) and the list container
/// (tag 2); in the code path it builds them itself.
final class CatalogViewController: UIViewController {
    static let headerTag = 1
    static let listTag = 2
    static let rowHeight: CGFloat = 72

    private var rows: [(view: CatalogRowView, item: CatalogItem)] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let configuration = AppConfiguration.current
        let accent = UIColor(hex: configuration.theme.accent) ?? .blue
        if view.backgroundColor == nil { view.backgroundColor = UIColor(hex: configuration.theme.background) }
        let list = view.viewWithTag(Self.listTag) ?? makeHeaderAndList(accent: accent)

        let chips = UIView(frame: CGRect(x: 0, y: 0, width: list.bounds.width, height: 44))
        for (index, _) in configuration.featuredCategories.enumerated() {
            let chip = UIView(frame: CGRect(x: 16 + CGFloat(index) * 92, y: 8, width: 84, height: 28))
            chip.backgroundColor = accent.withAlphaComponent(0.2)
            chips.addSubview(chip)
        }
        list.addSubview(chips)

        guard let catalog = CatalogStore.shared.catalog else { return }
        for (position, index) in catalog.ranking.prefix(configuration.rowsOnLaunch).enumerated() {
            let item = catalog.items[index]
            let row = CatalogRowView(
                frame: CGRect(
                    x: 8, y: 48 + CGFloat(position) * Self.rowHeight, width: list.bounds.width - 16,
                    height: Self.rowHeight - 6
                ))
            row.configure(with: item, accent: accent)
            list.addSubview(row)
            rows.append((row, item))
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        loadThumbnails()
    }

    /// Decodes the thumbnails of the shown rows on a global queue, then shows them and
    /// reports the screen fully drawn.
    private func loadThumbnails() {
        let items = rows.map(\.item)
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let colors = ThumbnailDecoder.decode(items)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    for (row, color) in zip(self.rows, colors) { row.view.thumbnail.backgroundColor = color }
                    UIApplication.shared.reportFullyDrawn()
                }
            }
        }
    }

    private func makeHeaderAndList(accent: UIColor) -> UIView {
        let header = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 120))
        header.tag = Self.headerTag
        header.backgroundColor = accent
        let title = UIView(frame: CGRect(x: 16, y: 60, width: 220, height: 28))
        title.backgroundColor = UIColor.white.withAlphaComponent(0.9)
        header.addSubview(title)
        view.addSubview(header)
        let list = UIView(frame: CGRect(x: 0, y: 120, width: view.bounds.width, height: view.bounds.height - 120))
        list.tag = Self.listTag
        view.addSubview(list)
        return list
    }
}
