/// How much a broken budget rule matters.
package enum BudgetLevel: String, Codable, Sendable, CaseIterable {
    /// Shown in reports; never changes the exit code.
    case warn
    /// Fails the check (exit code 2) when broken or missing, 4 when inconclusive.
    case error
}
