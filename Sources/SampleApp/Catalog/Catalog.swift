import LaunchKit

/// The decoded catalog with the indexes the first screen needs.
struct Catalog: Sendable {
    /// The file's top level.
    struct File: Codable, Sendable {
        var schemaVersion: Int
        var items: [CatalogItem]
    }

    /// Every item, in file order.
    var items: [CatalogItem]
    /// Item indexes by category, best rated first.
    var itemsByCategory: [String: [Int]]
    /// Item indexes by lower-cased word of the title and by tag.
    var searchIndex: [String: [Int]]
    /// Item indexes ordered by a score of rating and review count, best first.
    var ranking: [Int]
    /// Mean price in cents by category.
    var averagePriceCents: [String: Int]

    /// Decodes the catalog file and builds the indexes.
    init(data: Data) throws {
        let file = try JSONDecoder().decode(File.self, from: data)
        items = file.items
        let scores = items.map { $0.rating * log(Double($0.reviewCount) + 2) }
        ranking = items.indices.sorted { scores[$0] > scores[$1] }

        var byCategory: [String: [Int]] = [:]
        var totals: [String: (sum: Int, count: Int)] = [:]
        for index in ranking {
            let item = items[index]
            byCategory[item.category, default: []].append(index)
            totals[item.category, default: (0, 0)].sum += item.priceCents
            totals[item.category, default: (0, 0)].count += 1
        }
        itemsByCategory = byCategory
        averagePriceCents = totals.mapValues { $0.sum / max($0.count, 1) }

        var index: [String: [Int]] = [:]
        for (position, item) in items.enumerated() {
            var words = Set(item.tags)
            for word in item.title.utf8.split(separator: UInt8(ascii: " ")) {
                words.insert(String(decoding: word, as: UTF8.self).lowercased())
            }
            for word in words { index[word, default: []].append(position) }
        }
        searchIndex = index
    }
}
