import Foundation
import Testing
@testable import LaunchKit

/// Binary Info.plists: a sound one is read; one whose objects form a cycle, hold a set, or
/// point out of the file is refused with a reason before Foundation's reader expands it.
@Suite("Binary Info.plist")
struct BinaryPlistTests {
    static func data(_ bundle: String) throws -> Data {
        try Data(contentsOf: Fixtures.bundle(bundle).appending(path: "Info.plist"))
    }

    @Test("a binary Info.plist with arrays, numbers, data and shared strings is read")
    func soundBinaryPlist() throws {
        let data = try Self.data("BinaryPlist")
        #expect(BinaryPlistCheck.problem(in: data) == nil)
        let plist = try InfoPlist.parse(data, url: URL(filePath: "/bundle/Info.plist"))
        #expect(plist.bundleName == "BinaryApp" && plist.mainStoryboardName == nil)
    }

    @Test("a cycle, a set, a truncated file and an XML file", arguments: [
        ("CyclePlist", "object 0 holds itself (a cycle)"),
        ("SetPlist", "object 0 is a set, which an Info.plist cannot hold"),
    ])
    func refused(bundle: String, reason: String) throws {
        #expect(BinaryPlistCheck.problem(in: try Self.data(bundle)) == reason)
        #expect(BinaryPlistCheck.problem(in: try Self.data(bundle).prefix(50)) == "its trailer or offset table is out of bounds")
        #expect(BinaryPlistCheck.problem(in: try Self.data("Storyboard")) == nil, "XML is left to the reader")
    }
}
