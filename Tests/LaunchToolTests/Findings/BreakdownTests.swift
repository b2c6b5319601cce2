import LaunchSymbolication
import LaunchTrace
import Testing

@testable import LaunchTool

/// Each launch's exclusive breakdown from exec to ready, the rules over it, and what compare
/// says moved: synthetic profiles and breakdowns with exact expected times.
@Suite("Exclusive breakdown of a launch")
struct BreakdownTests {
    static let ms: Int64 = 1_000_000
    /// `read` in the fixture's libc, called by `CatalogStore.load()`.
    static let read: [Address] = [Address(0x7F00_0010_0010)] + RunnableChargingTests.load

    /// The fixture launch of ``RunnableChargingTests`` with a 20 ms read from disk at 300 ms.
    static func trace() throws -> LaunchTrace {
        var trace = try RunnableChargingTests.trace()
        var profile = try #require(trace.profile)
        profile.stacks.append(read)
        profile.samples.append(ProfileSample(startNs: 300 * ms, durationNs: 20 * ms, state: .blocked, stack: 2))
        trace.profile = profile
        return trace
    }

    @Test("every instant from exec to the first frame has one reason, and the reasons add up to the launch")
    func exclusiveBreakdown() throws {
        let trace = try Self.trace()
        let context = try #require(ProfileContext.of(trace, symbolicator: try FindingsFixture.symbolicator()))
        let breakdown = BreakdownBuilder(context: context, ownership: CodeOwnership()).breakdown()
        #expect(breakdown.totalNs == 401 * Self.ms)
        #expect(breakdown.intervals.reduce(0) { $0 + $1.durationNs } == 401 * Self.ms)
        for (earlier, later) in zip(breakdown.intervals, breakdown.intervals.dropFirst()) {
            #expect(earlier.endNs == later.startNs)
        }
        // binaryLoad (before main) [0, 120); the 50 turns on a CPU and 50 preemptions in [150, 250);
        // the read [300, 320); no sample explains the rest of the path on a CPU.
        #expect(breakdown.timeNs(.loading) == 120 * Self.ms)
        #expect(breakdown.timeNs(.programCode) == 50 * Self.ms)
        #expect(breakdown.timeNs(.waitingForCPU) == 50 * Self.ms)
        #expect(breakdown.timeNs(.fileIO) == 20 * Self.ms)
        #expect(breakdown.intervals.first { $0.reason == .fileIO }?.detail == "read")
        #expect(breakdown.timeNs(.unattributed) == 161 * Self.ms)
        let text = BreakdownSection.parts(breakdown)
        #expect(text.contains("waiting for a CPU 50.0 ms"), "\(text)")
    }

    @Test("a thread blocked in no system call waits in a page fault: a major fault of its own, not file I/O")
    func majorFault() throws {
        var trace = try RunnableChargingTests.trace()
        var profile = try #require(trace.profile)
        // CatalogStore.load()'s own frames, no system call's wrapper under them: the kernel's fault path.
        profile.samples.append(
            ProfileSample(startNs: 300 * Self.ms, durationNs: 20 * Self.ms, state: .blocked, stack: 0))
        trace.profile = profile
        let context = try #require(ProfileContext.of(trace, symbolicator: try FindingsFixture.symbolicator()))
        let breakdown = BreakdownBuilder(context: context, ownership: CodeOwnership()).breakdown()
        #expect(breakdown.timeNs(.majorFault) == 20 * Self.ms)
        #expect(breakdown.timeNs(.fileIO) == 0)
        #expect(breakdown.intervals.first { $0.reason == .majorFault }?.detail == "page fault")
        #expect(breakdown.intervals.reduce(0) { $0 + $1.durationNs } == breakdown.totalNs)
    }

    @Test("a cold launch's rule: major faults over 10 % of the launch, with the process's count when known")
    func majorFaultRule() throws {
        let launches = [40, 50, 60].enumerated().map { index, faultMs in
            LaunchBreakdown(
                runIndex: index + 1, totalNs: 200 * Self.ms,
                intervals: [
                    BreakdownInterval(startNs: 0, endNs: (200 - Int64(faultMs)) * Self.ms, reason: .programCode),
                    BreakdownInterval(
                        startNs: (200 - Int64(faultMs)) * Self.ms, endNs: 200 * Self.ms, reason: .majorFault,
                        detail: "page fault"),
                ])
        }
        let reason = try #require(SlowStartRules.evaluate(launches, majorFaults: 412).first)
        #expect(reason.rule == "majorFaults" && reason.severity == .high && reason.medianNs == 50e6)
        #expect(reason.title == "A cold launch: 412 major page faults, 50.0 ms (25.0 % of the launch)")
        #expect(reason.evidence.first == "launch 2: major page faults 50.0 ms at 150.0 ms (page fault)")
        #expect(
            SlowStartRules.evaluate(launches).first?.title
                == "A cold launch: major page faults took 25.0 % of the launch")
        #expect(!SlowStartRules.evaluate(launches).contains { $0.rule == "blockingIO" })
    }

    static func breakdown(run: Int, waitingMs: Int64, codeMs: Int64) -> LaunchBreakdown {
        let before = BreakdownInterval(startNs: 0, endNs: 10 * ms, reason: .loading)
        let code = BreakdownInterval(startNs: 10 * ms, endNs: (10 + codeMs) * ms, reason: .programCode)
        let waiting = BreakdownInterval(
            startNs: (10 + codeMs) * ms, endNs: (10 + codeMs + waitingMs) * ms, reason: .waitingForCPU)
        return LaunchBreakdown(runIndex: run, totalNs: waiting.endNs, intervals: [before, code, waiting])
    }

    @Test(
        "a launch waiting for a CPU over 15 % of its time is a reason, with its threshold, value, severity and the other programs"
    )
    func waitingRule() throws {
        let launches = [
            Self.breakdown(run: 1, waitingMs: 40, codeMs: 50), Self.breakdown(run: 2, waitingMs: 45, codeMs: 50),
            Self.breakdown(run: 3, waitingMs: 50, codeMs: 50),
        ]
        let others = [OtherProgram(name: "sh", processes: 2, medianCPUNs: 180e6, launches: 3)]
        let reasons = SlowStartRules.evaluate(launches, otherPrograms: others)
        let waiting = try #require(reasons.first { $0.rule == "waitingForCPU" })
        #expect(waiting.threshold == 0.15)
        #expect(waiting.value == 45.0 / 105.0)
        #expect(waiting.medianNs == 45e6)
        #expect(waiting.severity == .high)
        #expect(waiting.evidence.first == "launch 2: waiting for a CPU 45.0 ms at 60.0 ms")
        #expect(waiting.evidence.contains { $0.hasPrefix("sh (2 processes) used 180.0 ms of CPU") })
        // The rest is under its thresholds: 10 ms of 105 before main is 9.5 %.
        #expect(reasons.count == 1)
        #expect(SlowStartRules.evaluate([Self.breakdown(run: 1, waitingMs: 10, codeMs: 90)]).isEmpty)
    }

    @Test(
        "the reports show the reasons first, with threshold, severity, evidence and advice, and the median launch's parts"
    )
    func reasonsInReports() {
        var findings = RunFindings(findings: [], analyzedLaunches: ["warm": 3])
        findings.endpoint = .ready
        findings.breakdowns = [
            Self.breakdown(run: 1, waitingMs: 40, codeMs: 50), Self.breakdown(run: 2, waitingMs: 45, codeMs: 50),
            Self.breakdown(run: 3, waitingMs: 50, codeMs: 50),
        ]
        findings.reasons = SlowStartRules.evaluate(findings.breakdowns ?? [])
        let text = FindingsSection.text(findings: findings, policyVerdicts: [])
        #expect(
            text.hasPrefix(
                "Slow-start reasons:\n  ! The launch waited for a CPU 42.9 % of its time (threshold 15.0 %, high): 45.0 ms per launch\n"
            ), "\(text)")
        #expect(text.contains("     evidence: launch 2: waiting for a CPU 45.0 ms at 60.0 ms\n"), "\(text)")
        #expect(
            text.contains(
                "Breakdown of the median launch (launch 2, 105.0 ms to ready): loading libraries 10.0 ms, on CPU in program code 50.0 ms, waiting for a CPU 45.0 ms."
            ), "\(text)")
        let markdown = FindingsSection.markdown(findings: findings, policyVerdicts: [])
        #expect(
            markdown.hasPrefix("#### Slow-start reasons\n\n- **The launch waited for a CPU 42.9 % of its time**"),
            "\(markdown)")
    }

    @Test("compare says which reason moved: a busier machine is waiting for a CPU, not the program's code")
    func reasonMoved() {
        var base = RunFindings(findings: [], analyzedLaunches: [:])
        base.breakdowns = [Self.breakdown(run: 1, waitingMs: 5, codeMs: 100)]
        var head = RunFindings(findings: [], analyzedLaunches: [:])
        head.breakdowns = [Self.breakdown(run: 1, waitingMs: 115, codeMs: 101)]
        let changes = FindingsComparison(base: base, head: head).reasonChanges
        #expect(changes?.map(\.reason) == [.waitingForCPU])
        #expect(
            changes?.first?.sentence
                == "waiting for a CPU +110.0 ms: the machine was busier, not a change of the program")
        #expect(
            FindingsComparison(base: base, head: RunFindings(findings: [], analyzedLaunches: [:])).reasonChanges == nil)
    }

    /// A comparison of one metric, undecided, with `findings` side by side.
    static func outcome(findings: FindingsComparison) throws -> ComparisonOutcome {
        func build(_ name: String) -> ComparedBuild {
            ComparedBuild(executable: "/usr/bin/tool", arguments: [], environment: [:], launches: 3, folder: name)
        }
        return ComparisonOutcome(
            base: build("base"), head: build("head"), scenario: .warm, seed: 1,
            test: SequentialComparison(metrics: [.timeToReady], settings: ComparisonSettings()), failedBuild: nil,
            budgets: [], findings: findings)
    }

    @Test("compare's conclusion: a busier machine when the wait for a CPU moved most, else the program or the reason")
    func reasonConclusion() throws {
        var base = RunFindings(findings: [], analyzedLaunches: [:])
        base.breakdowns = [Self.breakdown(run: 1, waitingMs: 5, codeMs: 100)]
        var head = RunFindings(findings: [], analyzedLaunches: [:])
        head.breakdowns = [Self.breakdown(run: 1, waitingMs: 115, codeMs: 102)]
        let busier = FindingsComparison(base: base, head: head)
        #expect(
            busier.reasonConclusion
                == "Head's launches waited 110.0 ms more for a CPU (median per launch), the largest change of the launch: the machine was busier while head ran, not a change of the program (its own code on a CPU +2.0 ms)."
        )
        let quieter = FindingsComparison(base: head, head: base)
        #expect(quieter.reasonConclusion?.contains("waited 110.0 ms less for a CPU") == true)
        #expect(quieter.reasonConclusion?.contains("the machine was quieter while head ran") == true)
        var slower = RunFindings(findings: [], analyzedLaunches: [:])
        slower.breakdowns = [Self.breakdown(run: 1, waitingMs: 5, codeMs: 180)]
        #expect(
            FindingsComparison(base: base, head: slower).reasonConclusion
                == "The largest change of the launch is the program's own work: on CPU in program code +80.0 ms: the program's own work changed."
        )
        #expect(FindingsComparison(base: base, head: base).reasonConclusion == nil)
        let text = ComparisonTextReport().render(try Self.outcome(findings: busier))
        #expect(text.contains("\nHead's launches waited 110.0 ms more for a CPU"), "\(text)")
        let markdown = ComparisonMarkdownReport().render(try Self.outcome(findings: busier))
        #expect(markdown.contains("**Breakdown**: Head's launches waited 110.0 ms more for a CPU"), "\(markdown)")
        let html = ComparisonHTMLReport(generator: "test").render(try Self.outcome(findings: busier), diff: nil)
        #expect(html.contains("<p class=\"conclusion\">Head&#39;s launches waited 110.0 ms more for a CPU"), "\(html)")
        #expect(html.contains("waiting for a CPU +110.0 ms: the machine was busier, not a change of the program"))
    }
}
