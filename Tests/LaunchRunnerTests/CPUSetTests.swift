import Foundation
import LaunchRunner
import LaunchTrace
import Testing

/// `--cpu LIST`: the lists it accepts, the mask it gives the child, and the errors it names.
@Suite("CPU set")
struct CPUSetTests {
    @Test("numbers and ranges, joined and sorted; the mask a bit per CPU; printed back as ranges")
    func parses() throws {
        let both = try CPUSet(parsing: "1,0")
        #expect(both.cpus == [0, 1])
        #expect(both.words == [0b11])
        #expect(both.description == "0-1")
        let one = try CPUSet(parsing: "1")
        #expect(one.words == [0b10] && one.description == "1")
        #expect(try CPUSet(parsing: "0-0,0").cpus == [0])
    }

    @Test(
        "not a number, a reversed range, an empty item or a CPU not online: the option, the value and what is expected")
    func refuses() {
        for list in ["x", "1-0", "0,", "", "-1", "0-1-2", "5000"] {
            #expect(throws: LaunchProfilerError.self, "\(list)") { try CPUSet(parsing: list) }
        }
        do {
            _ = try CPUSet(parsing: "2-x", option: "--own-cpu")
            Issue.record("2-x was accepted")
        } catch {
            #expect(error.description.contains("--own-cpu 2-x: 2-x is not a CPU number or range"), "\(error)")
        }
        let online = ProcessInfo.processInfo.activeProcessorCount
        do {
            _ = try CPUSet(parsing: "\(online)")
            Issue.record("CPU \(online) was accepted")
        } catch {
            #expect(error.description.contains("CPU \(online) is not online"), "\(error)")
        }
    }
}
