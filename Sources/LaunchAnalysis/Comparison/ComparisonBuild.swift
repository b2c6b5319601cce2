/// One of the two builds of a comparison.
public enum ComparisonBuild: String, Codable, Sendable, CaseIterable {
    /// The build the change starts from (the pull request's target branch).
    case base
    /// The build with the change.
    case head
}
