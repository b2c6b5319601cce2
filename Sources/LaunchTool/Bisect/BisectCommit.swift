/// A commit of a bisect's range: its hash and the subject line of its message.
public struct BisectCommit: Codable, Sendable, Equatable, Hashable {
    /// The full hash.
    public var hash: String
    /// The first line of its message.
    public var subject: String

    /// Creates a commit.
    public init(hash: String, subject: String) {
        self.hash = hash
        self.subject = subject
    }

    /// The first 10 characters of the hash, as `git log --oneline` abbreviates.
    public var shortHash: String { String(hash.prefix(10)) }
}
