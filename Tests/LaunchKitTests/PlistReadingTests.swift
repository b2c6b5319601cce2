import Foundation
import Testing

@testable import LaunchKit

/// Info.plists: binary ones are read by LaunchKit's own reader, and a sound one gives what
/// Foundation's reader gives; a damaged or hostile one (a cycle, a set, a length out of the
/// file, bad text, too deep, too large), binary or XML, is refused with a reason, never a
/// crash or a hang.
@Suite("Info.plist reading")
struct PlistReadingTests {
    static func data(_ bundle: String) throws -> Data {
        try Data(contentsOf: Fixtures.bundle(bundle).appending(path: "Info.plist"))
    }

    @Test("every property-list type reads as Foundation reads it, binary and XML alike")
    func richPlist() throws {
        let binary = try Self.data("RichBinaryPlist")
        let ours = try #require(try BinaryPlistReader(binary)).root()
        #expect(ours == (try PropertyListDecoder().decode(PlistValue.self, from: binary)))
        #expect(ours == (try PlistValue.read(try Self.data("RichXMLPlist"))))
        guard case .dictionary(let root) = ours else {
            Issue.record("root is \(ours.kindDescription)")
            return
        }
        #expect(root["CFBundleName"] == .string("Rich App — é ü 日本"))
        #expect(
            root["Integers"]
                == .array(
                    [
                        0, 1, 255, 256, 65535, 65536, 4_294_967_296, 1_099_511_627_783, -1, -1_099_511_627_776,
                        9_223_372_036_854_775_807,
                    ].map { .number($0) }))
        #expect(
            root["Strings"]
                == .array(
                    ["", "short", "a string longer than fourteen characters", "Grüße", "😀 emoji"].map { .string($0) }))
    }

    @Test("a sound binary Info.plist with shared strings gives the app's name")
    func soundBinaryPlist() throws {
        let plist = try InfoPlist.parse(try Self.data("BinaryPlist"), url: URL(filePath: "/bundle/Info.plist"))
        #expect(plist.bundleName == "BinaryApp" && plist.mainStoryboardName == nil)
    }

    @Test(
        "scalars Foundation's writer does not make: 4-byte reals, 16-byte integers",
        arguments: [
            ([0x22, 0x3F, 0xC0, 0x00, 0x00], PlistValue.number(1.5)),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], .number(-2)),
            ([0x14] + [UInt8](repeating: 0, count: 15) + [0x07], .number(7)),
            ([0x61, 0x00, 0xE9], .string("é")),
            ([0x5F, 0x10, 0x03, 0x61, 0x62, 0x63], .string("abc")),
        ] as [([UInt8], PlistValue)])
    func scalar(object: [UInt8], expected: PlistValue) throws {
        let data = BinaryPlistBuilder.plist([[0xA1, 0x01], object])
        #expect(try BinaryPlistReader(data)?.root() == .array([expected]))
    }

    @Test("damaged and hostile files are refused with the reason", arguments: BinaryPlistBuilder.refusals)
    func refused(objects: [[UInt8]], reason: String) throws {
        let data = BinaryPlistBuilder.plist(objects)
        let error = #expect(throws: PlistValue.Refused.self) { try BinaryPlistReader(data)?.root() }
        #expect(error?.reason == reason)
    }

    @Test("arrays nested deeper than 256 are refused, not read on an ever deeper stack")
    func tooDeep() throws {
        let objects = (0..<300).map { [0xA1] + BinaryPlistBuilder.bigEndian($0 + 1, size: 2) } + [[0x09]]
        let error = #expect(throws: PlistValue.Refused.self) {
            try BinaryPlistReader(BinaryPlistBuilder.plist(objects, referenceSize: 2))?.root()
        }
        #expect(error?.reason == "object 256 is nested more than 256 deep")
    }

    @Test(
        "the fixture cycle and set, a truncated file, and XML left to Foundation",
        arguments: [
            ("CyclePlist", "object 0 holds itself (a cycle)"),
            ("SetPlist", "object 0 is a set, which an Info.plist cannot hold"),
        ])
    func fixtures(bundle: String, reason: String) throws {
        let error = #expect(throws: PlistValue.Refused.self) { try BinaryPlistReader(try Self.data(bundle))?.root() }
        #expect(error?.reason == reason)
        let truncated = #expect(throws: PlistValue.Refused.self) {
            try BinaryPlistReader(try Self.data(bundle).prefix(50))
        }
        #expect(truncated?.reason == "its trailer or offset table is out of bounds")
        #expect(try BinaryPlistReader(try Self.data("RichXMLPlist")) == nil)
    }

    @Test("an XML Info.plist with a byte that is not UTF-8 is refused (Foundation's reader trapped)")
    func invalidUTF8() throws {
        let error = #expect(throws: PlistValue.Refused.self) { try PlistValue.read(try Self.data("InvalidUTF8Plist")) }
        #expect(error?.reason == "byte 37 is not UTF-8, and an XML property list here must be UTF-8")
    }

    @Test("XML nested deeper than 256 is refused before Foundation's reader recurses; comments and CDATA do not nest")
    func deepXML() throws {
        func xml(_ depth: Int, filler: String = "") -> Data {
            Data(
                "<?xml version=\"1.0\"?>\n<!DOCTYPE plist>\n<plist version=\"1.0\"><dict>\(filler)<key>K</key>\(String(repeating: "<array>", count: depth - 1))<true/>\(String(repeating: "</array>", count: depth - 1))</dict></plist>"
                    .utf8)
        }
        let nested = String(repeating: "<array>", count: 300)
        let filler = "<!-- \(nested) --><key>C</key><string><![CDATA[\(nested)]]></string>"
        #expect(throws: Never.self) { try PlistValue.read(xml(256, filler: filler)) }
        let deep = xml(257)
        let firstArray = try #require(deep.firstRange(of: Data("<array>".utf8))).lowerBound
        let error = #expect(throws: PlistValue.Refused.self) { try PlistValue.read(deep) }
        #expect(error?.reason == "its elements nest more than 256 deep (at byte \(firstArray + 7 * 255))")
    }
}
