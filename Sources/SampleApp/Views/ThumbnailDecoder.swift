import LaunchKit

/// "Decodes" thumbnails off the main thread: for each item, a colour computed from its
/// colour and a small procedural image (real work of a few tens of milliseconds).
enum ThumbnailDecoder {
    /// One colour per item.
    static func decode(_ items: [CatalogItem]) -> [UIColor] {
        items.map { item in
            let base = UIColor(hex: item.colorHex) ?? .gray
            var energy = 0.0
            for y in 0..<96 {
                for x in 0..<96 {
                    energy += sin(Double(x * item.id) * 0.01) * cos(Double(y) * 0.02)
                }
            }
            let shade = 0.85 + 0.15 * (energy.truncatingRemainder(dividingBy: 1)).magnitude
            return UIColor(red: base.red * shade, green: base.green * shade, blue: base.blue * shade, alpha: 1)
        }
    }
}
