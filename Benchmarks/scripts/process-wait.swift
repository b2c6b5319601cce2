// How long after a command has exited Foundation's Process lets its caller go on: waitUntilExit()
// against a termination handler that signals a semaphore (Process.runUntilExit), running /bin/true.
//
//     swiftc -O -o /tmp/process-wait Benchmarks/scripts/process-wait.swift && /tmp/process-wait [ROUNDS]
import Foundation

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func process() -> Process {
    let process = Process()
    process.executableURL = URL(filePath: "/bin/true")
    return process
}

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20 : 20
var polled: [Double] = []
var handled: [Double] = []
for _ in 0..<rounds {
    polled.append(
        milliseconds {
            let process = process()
            try? process.run()
            process.waitUntilExit()
        })
    handled.append(
        milliseconds {
            let process = process()
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try? process.run()
            exited.wait()
        })
}
let median = { (values: [Double]) in values.sorted()[values.count / 2] }
print(
    String(
        format: "/bin/true, %d rounds: waitUntilExit() median %.1f ms, termination handler median %.1f ms",
        rounds, median(polled), median(handled)))
