/// One of the builds of a comparison: base and head, and in a bisect step the reference the
/// candidate is placed against beside the good commit.
package enum ComparisonBuild: String, Codable, Sendable, CaseIterable {
    /// The build the change starts from (the pull request's target branch; a bisect's good commit).
    case base
    /// The build with the change (a bisect's candidate).
    case head
    /// A bisect's bad commit, launched in every block of a step beside base and head, so that the
    /// candidate is placed in the gap of the same blocks (``BisectPlacement``).
    case reference
}
