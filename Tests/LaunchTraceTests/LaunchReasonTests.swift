import LaunchTrace
import Testing

/// `--launch-reason`: the three forms become the variables LaunchKit reads; anything else is an
/// error naming the option, the value and the forms.
@Suite("Launch reasons")
struct LaunchReasonTests {
    @Test(
        "each form becomes its variable",
        arguments: [
            ("url:myapp://item/42", LaunchReason.urlVariable, "myapp://item/42"),
            (
                "notification:{\"aps\":{\"alert\":\"hi\"}}", LaunchReason.notificationVariable,
                "{\"aps\":{\"alert\":\"hi\"}}"
            ),
            ("activity:com.example.browsing", LaunchReason.activityVariable, "com.example.browsing"),
        ])
    func forms(text: String, variable: String, value: String) throws {
        #expect(try LaunchReason(parsing: text).environment == [variable: value])
    }

    @Test(
        "a bad reason is an error naming the option, the value and what was expected",
        arguments: [
            ("url", "one of url:URL"), ("url:no scheme", "absolute URL"), ("notification:[1, 2]", "JSON object"),
            ("notification:{", "JSON object"), ("activity:", "one of url:URL"), ("push:x", "one of url:URL"),
        ])
    func invalid(text: String, expected: String) {
        let error = #expect(throws: LaunchProfilerError.self) { try LaunchReason(parsing: text) }
        #expect(error?.code == .invalidLaunchReason)
        let description = error?.description ?? ""
        #expect(description.contains("--launch-reason") && description.contains("\"\(text)\""), "\(description)")
        #expect(description.contains(expected), "\(description)")
    }
}
