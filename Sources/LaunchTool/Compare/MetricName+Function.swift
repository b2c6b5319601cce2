import LaunchTrace

extension MetricName {
    /// The prefix of a function's cost per launch as the history records it: `function:` and the
    /// finding's key (`function:cpu:didFinishLaunching:Catalog.init(data:)`).
    package static let functionPrefix = "function:"

    /// The cost per launch of the finding `id`, as a series of the history.
    package static func function(_ id: String) -> MetricName {
        MetricName(rawValue: functionPrefix + id)
    }

    /// Whether this is a finding's cost per launch (``function(_:)``), which no budget names.
    package var isFunctionCost: Bool { rawValue.hasPrefix(Self.functionPrefix) }
}
