import LaunchKit

/// One product of the catalog (`AppBundle/catalog.json`).
struct CatalogItem: Codable, Sendable, Identifiable {
    var id: Int
    var sku: String
    var title: String
    var category: String
    var priceCents: Int
    var rating: Double
    var reviewCount: Int
    var tags: [String]
    var colorHex: String
    var inStock: Bool
    var description: String
}
