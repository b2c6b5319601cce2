import LaunchKit

/// SampleApp's configuration, read from `AppBundle/config.json` in willFinishLaunching.
struct AppConfiguration: Codable, Sendable {
    /// Colours of the interface, as `#RRGGBB`.
    struct Theme: Codable, Sendable {
        var background: String
        var accent: String
        var card: String
    }

    var schemaVersion: Int
    /// How many catalog rows the first screen builds.
    var rowsOnLaunch: Int
    /// Categories shown as chips above the list.
    var featuredCategories: [String]
    /// How much the thumbnail cache writes and reads back at launch.
    var thumbnailCacheMegabytes: Int
    var theme: Theme

    /// The configuration in use; the defaults until `config.json` is read.
    @MainActor static var current = AppConfiguration(
        schemaVersion: 1, rowsOnLaunch: 60, featuredCategories: [], thumbnailCacheMegabytes: 16,
        theme: Theme(background: "#F2F2F7", accent: "#0A84FF", card: "#FFFFFF")
    )

    /// Reads `AppBundle/config.json`.
    @inline(never)
    static func load() throws -> AppConfiguration {
        let data = try Data(contentsOf: AppResources.url("config.json"))
        return try JSONDecoder().decode(AppConfiguration.self, from: data)
    }
}
