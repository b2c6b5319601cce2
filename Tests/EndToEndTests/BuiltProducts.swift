import Foundation
import LaunchTestSupport

extension BuiltProducts {
    /// This target's fixtures folder.
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    /// A fixture of this target, by name.
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
}
