/// A commit of a bisect's range: its hash and the subject line of its message.
package struct BisectCommit: Codable, Sendable, Equatable, Hashable {
    /// The full hash.
    package var hash: String
    /// The first line of its message.
    package var subject: String

    /// Creates a commit.
    package init(hash: String, subject: String) {
        self.hash = hash
        self.subject = subject
    }

    /// The first 10 characters of the hash, as `git log --oneline` abbreviates.
    package var shortHash: String { String(hash.prefix(10)) }
}
