import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension CPUTimeSuites {
    /// The time before `main`, object by object, through the built CLI and the runner: a C program
    /// whose two libraries' initializers spin and sleep, and a Swift hello world built with the
    /// runtime shared and static.
    @Suite("Before main", .serialized)
    struct PreMainTests {
        static let fixtures = BuiltProducts.fixtures.appendingPathComponent("premain")

        /// Compiles with the toolchain's `clang` or `swiftc` (from PATH), failing with its output.
        static func compile(_ tool: String, _ arguments: [String], in folder: URL) throws {
            let output = try BuiltProducts.run("/usr/bin/env", [tool] + arguments, in: folder, timeout: 300)
            try #require(output.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(output.stderr)")
        }

        /// The C program, its two libraries and one more it links but never calls, built in `folder`.
        static func buildInitializerProgram(in folder: URL) throws -> String {
            let source = { (name: String) in fixtures.appendingPathComponent(name).path }
            for library in ["spin", "nap", "idle"] {
                try compile(
                    "clang", ["-shared", "-fPIC", "-O1", "-g", source("\(library).c"), "-o", "lib\(library).so"],
                    in: folder
                )
            }
            try compile(
                "clang",
                [
                    source("main.c"), "-L.", "-Wl,--no-as-needed", "-lspin", "-lnap", "-lidle",
                    "-Wl,-rpath,\(folder.path)",
                    "-o", "initprog",
                ], in: folder)
            return folder.appendingPathComponent("initprog").path
        }

        /// `launchprof run` of `program`; its summary's pre-main part.
        static func preMain(of program: String, in folder: URL, environment: [String: String] = [:]) throws
            -> PreMainSummary
        {
            try preMainRun(of: program, in: folder, environment: environment).summary
        }

        /// The pre-main summary of a run of `program` and its launches.json.
        static func preMainRun(of program: String, in folder: URL, environment: [String: String] = [:]) throws
            -> (summary: PreMainSummary, manifest: RunManifest)
        {
            let run = folder.appendingPathComponent("run-\(UUID().uuidString)")
            let output = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "3", "--pre-main-launches", "3", "--no-measurement-launches", "--output", run.path,
                    "--",
                    program,
                ],
                environment: environment)
            try #require(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
            // Its metrics are the pre-main launches', for budgets, history and compare: the parts those
            // without relocation marks (the first and the third), each object's relocation the second's.
            #expect(summary.metric(.preMainTotal, scenario: .warm)?.samples.count == 2)
            #expect(summary.metric(.library("libc.so.6", .load), scenario: .warm) != nil)
            let manifest = try RunManifest.read(from: run.appendingPathComponent("launches.json"))
            return (
                try #require(summary.scenarios["warm"]?.preMain, "no pre-main summary:\n\(output.stdout)"), manifest
            )
        }

        /// Each pre-main launch's longest initializer of `library`, as the audit module timed it.
        static func initializerDurations(of library: String, in manifest: RunManifest) -> [Double] {
            (manifest.preMainLaunches ?? []).compactMap { record in
                guard let breakdown = record.preMain,
                    let index = breakdown.objects.firstIndex(where: { $0.name == library })
                else { return nil }
                return breakdown.initializers.filter { $0.object == index }.map { Double($0.durationNs) }.max()
            }
        }

        /// Every wall time the fixture's initializer `name` reported of itself, one per process.
        static func reportedWalls(_ name: String, in folder: URL) throws -> [Double] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(name + "-") }
                .compactMap {
                    file in
                    try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                        .split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
                }
        }

        /// The median of what the fixture's initializer `name` reported of itself: (wall, CPU).
        static func truth(_ name: String, in folder: URL) throws -> (wall: Double, cpu: Double) {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(name + "-")
            }
            let values = try files.map { file in
                try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            }
            try #require(!values.isEmpty && values.allSatisfy { $0.count == 2 }, "no report of \(name)")
            return (Descriptive.median(values.map { $0[0] }), Descriptive.median(values.map { $0[1] }))
        }
    }
}

/// ``CPUTimeSuites/PreMainTests``, by its own name (its cases are in extensions of it).
typealias PreMainTests = CPUTimeSuites.PreMainTests
