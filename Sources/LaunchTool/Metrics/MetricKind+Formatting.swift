extension MetricKind {
    /// Formats a value of this kind for people: `412.3 ms`, `58.2 MB`, `12`, `15.2 %`.
    ///
    /// ```swift
    /// MetricKind.time.format(412_300_000)   // "412.3 ms"
    /// ```
    package func format(_ value: Double) -> String {
        if self == .count { return value == value.rounded() ? Self.fixed(value, 0) : Self.fixed(value, 1) }
        let unit = unit(for: value)
        return Self.fixed(value / unit.scale, unit.digits) + " " + unit.symbol
    }

    /// Formats `value` in the unit ``format(_:)`` gives `reference`, with `digits` decimals: the
    /// ticks of one chart axis, all in the unit of its largest (`0.5 ms`, `1.0 ms`, `1.5 ms`).
    ///
    /// ```swift
    /// MetricKind.time.format(500_000, unitOf: 1_500_000, digits: 1)   // "0.5 ms"
    /// ```
    package func format(_ value: Double, unitOf reference: Double, digits: Int) -> String {
        let unit = unit(for: reference)
        let number = Self.fixed(value / unit.scale, max(0, digits))
        return unit.symbol.isEmpty ? number : number + " " + unit.symbol
    }

    /// The unit ``format(_:)`` writes `value` in: what to divide by, its symbol, and the
    /// decimals it keeps (`1e6`, `ms`, 1 for 3.1 ms).
    package func unit(for value: Double) -> (scale: Double, symbol: String, digits: Int) {
        let magnitude = Swift.abs(value)
        switch self {
        case .time:
            if magnitude >= 1e9 { return (1e9, "s", 3) }
            if magnitude >= 1e6 { return (1e6, "ms", 1) }
            if magnitude >= 1e3 { return (1e3, "us", 1) }
            return (1, "ns", 0)
        case .bytes:
            if magnitude >= 1e9 { return (1e9, "GB", 2) }
            if magnitude >= 1e6 { return (1e6, "MB", 1) }
            if magnitude >= 1e3 { return (1e3, "KB", 1) }
            return (1, "B", 0)
        case .count:
            return (1, "", 0)
        case .share:
            return (0.01, "%", 1)
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
