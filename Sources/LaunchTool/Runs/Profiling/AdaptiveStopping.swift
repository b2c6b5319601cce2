/// Adding launches a batch at a time until every verdict is decisive or a maximum is reached.
package struct AdaptiveStopping: Sendable, Equatable {
    /// The most measured launches.
    package var maxRuns: Int
    /// Launches added per round.
    package var batchSize: Int

    /// Creates the rule; batches of five by default.
    package init(maxRuns: Int, batchSize: Int = 5) {
        self.maxRuns = maxRuns
        self.batchSize = batchSize
    }

    /// How many launches to add after `launches` with `evaluation`, or 0 to stop.
    func nextBatch(after launches: Int, evaluation: BudgetEvaluation) -> Int {
        guard !evaluation.isDecisive, launches < maxRuns else { return 0 }
        return min(batchSize, maxRuns - launches)
    }
}
