import Foundation
import LaunchTrace

/// The limit of a budget rule: an absolute value in the metric's unit, or a relative
/// regression against a baseline.
///
/// Absolute limits carry a unit that must fit the metric: `ns`, `us`, `ms`, `s` for
/// times; `B`, `KB`, `MB`, `GB` (powers of 1000) and `KiB`, `MiB`, `GiB` (powers of 1024)
/// for sizes; a plain number for counts; a percentage without a sign for a share of the launch
/// (`15%`, parsed so only for a metric of kind ``MetricKind/share``). Relative limits are
/// written `+10%`.
///
/// ```swift
/// let limit = try BudgetLimit(parsing: "400ms")   // .absolute(value: 4e8, kind: .time, text: "400ms")
/// let growth = try BudgetLimit(parsing: "+10%")   // .relative(percent: 10, text: "+10%")
/// let share = try BudgetLimit(parsing: "15%", kind: .share)   // .absolute(value: 0.15, kind: .share, text: "15%")
/// ```
package enum BudgetLimit: Sendable, Equatable {
    /// At most `value` in the metric's base unit (ns, bytes or a count); `kind` is the kind
    /// the unit implies.
    case absolute(value: Double, kind: MetricKind, text: String)
    /// At most `percent` % worse than the same statistic of the baseline.
    case relative(percent: Double, text: String)

    /// Units of absolute limits and their factors to the base unit, by kind.
    package static let units: [MetricKind: [(unit: String, factor: Double)]] = [
        .time: [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)],
        .bytes: [
            ("B", 1), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824),
        ],
        .count: [("", 1)],
        .share: [("%", 0.01)],
    ]

    /// The text the limit was written as.
    package var text: String {
        switch self {
        case .absolute(_, _, let text), .relative(_, let text): text
        }
    }

    /// Whether this limit compares against a baseline.
    package var isRelative: Bool {
        if case .relative = self { return true }
        return false
    }

    /// Parses a limit; `kind` is the metric's, when known: for a share of the launch, `15%` is
    /// an absolute limit (at most 15 % of the launch), for any other metric a malformed relative one.
    ///
    /// - Throws: ``LaunchProfilerError`` with a sentence saying what was expected.
    package init(parsing raw: String, kind: MetricKind? = nil) throws {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if kind == .share, let share = try Self.share(text) {
            self = share
            return
        }
        if text.hasPrefix("+") || text.hasPrefix("-") || text.hasSuffix("%") {
            guard text.hasPrefix("+"), text.hasSuffix("%"), text.count > 2,
                let percent = Double(text.dropFirst().dropLast()), percent.isFinite, percent >= 0
            else {
                throw LaunchProfilerError.invalidBudgetLimit(
                    "A relative limit is written as a plus sign, a non-negative number and a percent sign, like \"+10%\"."
                )
            }
            self = .relative(percent: percent, text: text)
            return
        }
        let numberEnd = text.firstIndex { !($0.isNumber || $0 == ".") } ?? text.endIndex
        let numberText = String(text[..<numberEnd])
        let unit = String(text[numberEnd...]).trimmingCharacters(in: .whitespaces)
        guard !numberText.isEmpty, let number = Double(numberText), number.isFinite else {
            throw LaunchProfilerError.invalidBudgetLimit(
                "An absolute limit starts with a non-negative number, like \"400ms\", \"150MB\" or \"3\".")
        }
        for (kind, table) in Self.units {
            if let match = table.first(where: { $0.unit == unit }) {
                self = .absolute(value: number * match.factor, kind: kind, text: text)
                return
            }
        }
        throw LaunchProfilerError.invalidBudgetLimit(
            "The unit \"\(unit)\" is not known; expected one of ns, us, ms, s, B, KB, MB, GB, KiB, MiB, GiB, or no unit for a count."
        )
    }

    /// An unsigned percentage (`15%`) as a share limit; nil for a text that is not one (a
    /// relative `+10%`, a time).
    private static func share(_ text: String) throws -> BudgetLimit? {
        guard text.hasSuffix("%"), !text.hasPrefix("+"), !text.hasPrefix("-") else { return nil }
        guard let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), percent.isFinite,
            percent >= 0, percent <= 100
        else {
            throw LaunchProfilerError.invalidBudgetLimit(
                "A share of the launch is written as a percentage from 0 to 100 without a sign, like \"15%\".")
        }
        return .absolute(value: percent / 100, kind: .share, text: text)
    }
}
