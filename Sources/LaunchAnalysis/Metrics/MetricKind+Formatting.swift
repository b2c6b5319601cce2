extension MetricKind {
    /// Formats a value of this kind for people: `412.3 ms`, `58.2 MB`, `12`.
    ///
    /// ```swift
    /// MetricKind.time.format(412_300_000)   // "412.3 ms"
    /// ```
    public func format(_ value: Double) -> String {
        switch self {
        case .time:
            let magnitude = Swift.abs(value)
            if magnitude >= 1e9 { return Self.fixed(value / 1e9, 3) + " s" }
            if magnitude >= 1e6 { return Self.fixed(value / 1e6, 1) + " ms" }
            if magnitude >= 1e3 { return Self.fixed(value / 1e3, 1) + " us" }
            return Self.fixed(value, 0) + " ns"
        case .bytes:
            let magnitude = Swift.abs(value)
            if magnitude >= 1e9 { return Self.fixed(value / 1e9, 2) + " GB" }
            if magnitude >= 1e6 { return Self.fixed(value / 1e6, 1) + " MB" }
            if magnitude >= 1e3 { return Self.fixed(value / 1e3, 1) + " KB" }
            return Self.fixed(value, 0) + " B"
        case .count:
            return value == value.rounded() ? Self.fixed(value, 0) : Self.fixed(value, 1)
        }
    }

    /// `value` with exactly `digits` decimals, without Foundation's locale-dependent formatting;
    /// a value too large for that (beyond 2^53 once scaled, `1e+299`) or not finite is written
    /// as Swift writes a `Double`, never converted to an integer that would trap.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard value.isFinite, Swift.abs(value) * scale < 9_007_199_254_740_992 else { return "\(value)" }
        let scaled = (Swift.abs(value) * scale).rounded()
        let negative = value < 0 && scaled != 0
        let whole = Int64(scaled / scale)
        var text = String(whole)
        if digits > 0 {
            let fraction = Int64(scaled - Double(whole) * scale)
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return negative ? "-" + text : text
    }
}
