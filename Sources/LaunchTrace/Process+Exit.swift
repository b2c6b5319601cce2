import Foundation

extension Process {
    /// Runs the process, calls `meanwhile` (read its pipes there) and returns its result once
    /// the process has exited, as soon as it has: Foundation's `waitUntilExit()` polls a run
    /// loop and returned about 50 ms after the exit, added to every command launchprof runs
    /// (`swiftc -O -o /tmp/process-wait Benchmarks/scripts/process-wait.swift && /tmp/process-wait`).
    ///
    /// ```swift
    /// let output = Pipe()
    /// process.standardOutput = output
    /// let data = try process.runUntilExit { output.fileHandleForReading.readDataToEndOfFile() }
    /// ```
    ///
    /// - Throws: what `run()` throws, the process then not started.
    package func runUntilExit<Result>(meanwhile: () -> Result = { () }) throws -> Result {
        let exited = DispatchSemaphore(value: 0)
        terminationHandler = { _ in exited.signal() }
        try run()
        let result = meanwhile()
        exited.wait()
        return result
    }
}
