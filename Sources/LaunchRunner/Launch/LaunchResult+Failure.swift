import LaunchTrace

extension LaunchResult {
    /// The result of a launch whose program could not be started.
    static func failedToStart(_ request: LaunchRequest, message: String) -> LaunchResult {
        let record = LaunchRecord(
            index: request.index, scenario: request.specification.scenario, outcome: .spawnFailed, wallNs: 0,
            message: message
        )
        return LaunchResult(record: record, trace: nil, events: [])
    }
}
