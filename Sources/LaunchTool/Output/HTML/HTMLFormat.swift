import Foundation

/// Number formatting for the HTML report, independent of the locale.
enum HTMLFormat {
    /// Milliseconds with a precision that suits the size: `412 ms`, `74.1 ms`, `0.21 ms`.
    static func ms(_ ns: Double) -> String {
        let ms = ns / 1e6
        if Swift.abs(ms) >= 100 { return String(format: "%.0f ms", ms) }
        if Swift.abs(ms) >= 1 { return String(format: "%.1f ms", ms) }
        return String(format: "%.2f ms", ms)
    }

    /// `ms(Double(ns))`.
    static func ms(_ ns: Int64) -> String { ms(Double(ns)) }

    /// A coordinate for SVG, with at most two decimals; 0 for a value that is not finite or
    /// beyond ±10^12 (no chart is that wide, and converting it to an integer would trap).
    static func px(_ value: Double) -> String {
        guard value.isFinite, Swift.abs(value) < 1e12 else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    }

    /// A percentage: `12.3 %`.
    static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }

    /// A tick step (1, 2 or 5 × 10^k nanoseconds) giving about `count` ticks over `span`.
    static func tickStep(span: Double, count: Double) -> Double {
        guard span > 0 else { return 1e6 }
        let raw = span / count
        let power = pow(10, floor(log10(raw)))
        for factor in [1.0, 2.0, 5.0, 10.0] where raw <= factor * power { return factor * power }
        return 10 * power
    }
}
