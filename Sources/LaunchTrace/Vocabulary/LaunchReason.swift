import Foundation

/// Why a LaunchKit app is launched (`launchprof run --launch-reason`), as UIKit hands it to the
/// app: a URL to open, a remote notification's payload, or a user activity to continue. The
/// runner passes it in the environment; LaunchKit puts it in the launch options and in a
/// scene-based app's connection options.
///
/// ```swift
/// let reason = try LaunchReason(parsing: "url:myapp://item/42")
/// reason.environment  // ["LAUNCHKIT_LAUNCH_URL": "myapp://item/42"]
/// ```
package enum LaunchReason: Sendable, Equatable {
    /// Open a URL (launch options `.url`; connection options `urlContexts`).
    case url(String)
    /// A remote notification's payload, a JSON object (launch options `.remoteNotification`).
    case notification(String)
    /// Continue a user activity of this type (launch options `.userActivityType`; connection
    /// options `userActivities`).
    case activity(String)

    /// The variable carrying a URL to open.
    package static let urlVariable = "LAUNCHKIT_LAUNCH_URL"
    /// The variable carrying a remote notification's JSON payload.
    package static let notificationVariable = "LAUNCHKIT_NOTIFICATION"
    /// The variable carrying a user activity's type.
    package static let activityVariable = "LAUNCHKIT_USER_ACTIVITY_TYPE"
    /// The reason of a background launch (`--scenario background`) when none is given: a silent
    /// remote notification (`content-available`), the commonest reason iOS launches an app in
    /// the background.
    package static let backgroundDefault = LaunchReason.notification("{\"aps\":{\"content-available\":1}}")
    /// The forms, for messages and help.
    package static let forms = "url:URL, notification:JSON (an object) or activity:TYPE"

    /// The variables the app is launched with.
    package var environment: [String: String] {
        switch self {
        case .url(let url): [Self.urlVariable: url]
        case .notification(let json): [Self.notificationVariable: json]
        case .activity(let type): [Self.activityVariable: type]
        }
    }

    /// Parses `url:URL`, `notification:JSON` or `activity:TYPE`; an error names the value and
    /// what was expected.
    package init(parsing text: String) throws(LaunchProfilerError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw Self.invalid(text, "A launch reason is one of \(Self.forms).")
        }
        let kind = text[..<colon]
        let value = String(text[text.index(after: colon)...])
        switch kind {
        case "url":
            guard let url = URL(string: value), url.scheme?.isEmpty == false else {
                throw Self.invalid(text, "After url: comes an absolute URL with a scheme, as in url:myapp://item/42.")
            }
            self = .url(url.absoluteString)
        case "notification":
            let object = try? JSONSerialization.jsonObject(with: Data(value.utf8))
            guard object is [String: Any] else {
                throw Self.invalid(
                    text, "After notification: comes the payload as a JSON object, as in notification:{\"aps\":{}}.")
            }
            self = .notification(value)
        case "activity" where !value.isEmpty:
            self = .activity(value)
        default:
            throw Self.invalid(text, "A launch reason is one of \(Self.forms).")
        }
    }

    private static func invalid(_ text: String, _ expected: String) -> LaunchProfilerError {
        LaunchProfilerError(
            .invalidLaunchReason, "The launch reason (--launch-reason) is not valid:",
            context: .init(jsonPath: "--launch-reason", value: "\"\(text)\"", expected: expected)
        )
    }
}

extension LaunchProfilerError.Code {
    /// A `--launch-reason` is not one of the known forms.
    package static let invalidLaunchReason = Self("invalidLaunchReason")
}
