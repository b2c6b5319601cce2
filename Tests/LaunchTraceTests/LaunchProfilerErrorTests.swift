import LaunchTrace
import Testing

/// The one error shape: a code, a typed context and a whole-sentence description.
@Suite("LaunchProfilerError")
struct LaunchProfilerErrorTests {
    @Test("The description puts the location, the value, what was expected and the suggestion around the message")
    func description() {
        let context = LaunchProfilerError.Context(
            file: "budgets.json", jsonPath: "rules[3].limit", value: "\"400 parsecs\"", expected: "A unit such as ms.",
            suggestion: "ms")
        let error = LaunchProfilerError(.invalidFile, "", context: context)
        #expect(
            error.description
                == "budgets.json: at rules[3].limit: the value \"400 parsecs\" is not valid. A unit such as ms. Did you mean \"ms\"?"
        )
        let located = LaunchProfilerError(.invalidFile, "Bad.", context: .init(file: "a.json", line: 3, column: 7))
        #expect(located.description == "a.json:3:7: Bad.")
    }

    @Test("An error with problems lists one per line; a message that names its location gets no prefix")
    func problemsAndOwnLocation() {
        let problems = [LaunchProfilerError.invalidFile("f", at: "a", "One."), .invalidFile("f", at: "b", "Two.")]
        #expect(LaunchProfilerError(.invalidFile, "", problems: problems).description == "f: at a: One.\nf: at b: Two.")
        let own = LaunchProfilerError(
            .unreadableFile, "The file /x cannot be read.", context: .init(file: "/x", mentionsLocation: true))
        #expect(own.description == "The file /x cannot be read.")
    }

    @Test("Codes compare by name, and each module can add its own")
    func codes() {
        #expect(LaunchProfilerError.Code.invalidFile == LaunchProfilerError.Code("invalidFile"))
        #expect(LaunchProfilerError.Code.invalidFile != .unreadableFile)
    }
}
