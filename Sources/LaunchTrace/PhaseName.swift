/// The name of a phase of a launch: an open set of names, encoded in JSON as the bare string.
///
/// UIKit's phases (``binaryLoad`` through ``didBecomeActive``, in ``uikit``, and for a
/// scene-based app ``uikitScene``; both in ``uikitCatalogue``) are the ones LaunchKit records; the runner names the phases of a program that writes no trace
/// (``exec``, ``loader``, ``main``, ``exit``); a program instrumented with LaunchProbe names
/// its own (`LaunchProbe.shared.begin("database")`). A name is letters, digits, `-` and `_`
/// (it is the first part of metric names such as `database.blocked`).
///
/// ```swift
/// for phase in PhaseName.uikit { print(phase.rawValue) }
/// let database = PhaseName("database")
/// ```
public struct PhaseName: RawRepresentable, Codable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The name as written in traces, metrics and budgets.
    public var rawValue: String

    /// A phase called `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A phase called `name`.
    public init(_ name: String) {
        self.rawValue = name
    }

    /// A phase named by a literal: `probe.begin("database")`.
    public init(stringLiteral name: String) {
        self.rawValue = name
    }

    /// Decodes the bare string; a name that cannot be a phase's is an error naming it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        rawValue = try container.decode(String.self)
        guard Self.isValid(rawValue) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(rawValue)\" is not a phase name; expected a PhaseName: letters, digits, - and _."
            )
        }
    }

    /// Encodes the bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The name.
    public var description: String { rawValue }

    /// Whether `name` can name a phase: not empty, letters, digits, `-` and `_` only.
    /// An ASCII name is checked byte by byte (a probe checks every phase it begins, on the
    /// launch's main thread: Unicode properties cost it about 4 µs a name); only a name with
    /// other characters asks whether they are letters.
    public static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        var ascii = true
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            case 0x80...:
                ascii = false
            default:
                return false
            }
        }
        return ascii
            || name.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            }
    }

    /// The phase's position among UIKit's phases (``uikitCatalogue``, both paths), `nil` for another phase.
    public var uikitOrdinal: Int? { Self.uikitCatalogue.firstIndex(of: self) }

    /// The phase's position in a UIKit launch; phases of other launches come after UIKit's.
    public var ordinal: Int { uikitOrdinal ?? Self.uikitCatalogue.count }

    /// Whether the phase ends at or before the first committed frame (every phase but
    /// ``didBecomeActive``; a launch without frames counts all its phases).
    public var isBeforeFirstFrame: Bool { self != .didBecomeActive }

    /// UIKit's phases first, in launch order; other phases by name (a trace keeps its own order).
    public static func < (lhs: PhaseName, rhs: PhaseName) -> Bool {
        (lhs.ordinal, lhs.rawValue) < (rhs.ordinal, rhs.rawValue)
    }
}
