import LaunchTrace

/// A LaunchKit storyboard: a JSON file `<name>.storyboard` beside the Info.plist that names
/// the initial view controller's class and declares its view tree (format in docs/LaunchKit.md).
///
/// Loading checks the whole file and resolves every class, so a mistake is reported at
/// launch with the file and JSON path, not later when the view loads.
struct Storyboard {
    /// The schema versions this LaunchKit reads.
    static let supportedSchemaVersions = [1]

    /// The storyboard's file.
    let url: URL
    /// The initial view controller's class name as written.
    let initialViewControllerClassName: String
    /// The initial view controller's class.
    let initialViewControllerClass: UIViewController.Type
    /// The initial view controller's view tree, or `nil` to use its own `loadView()`.
    let rootView: StoryboardView?

    /// Reads and checks the storyboard at `url`.
    static func load(from url: URL) throws(LaunchKitError) -> Storyboard {
        try parse(try BundleFile.read(url, as: "The storyboard"), url: url)
    }

    /// Checks storyboard `data` read from `url` (the fuzz target `FuzzStoryboard` calls it).
    static func parse(_ data: Data, url: URL) throws(LaunchKitError) -> Storyboard {
        let path = url.path
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LaunchKitError(
                kind: .malformedStoryboard, file: path, key: nil,
                message:
                    "The storyboard \(path) is not valid JSON (\(Self.describe(error))); expected an object with schemaVersion and initialViewController."
            )
        }
        return try StoryboardDecoder(path: path).decode(json, url: url)
    }

    /// Creates the initial view controller; its view is built from ``rootView`` when it loads.
    @MainActor
    func instantiateInitialViewController() -> UIViewController {
        let controller = initialViewControllerClass.init()
        controller.storyboardView = rootView
        return controller
    }

    private static func describe(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError { return "\(context.debugDescription) \(underlying)" }
        return context.debugDescription
    }
}
