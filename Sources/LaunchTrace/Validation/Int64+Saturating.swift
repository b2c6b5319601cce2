extension Int64 {
    /// `self + other`, clamped to `Int64.min...Int64.max` instead of trapping.
    package func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, clamped to `Int64.min...Int64.max` instead of trapping.
    package func saturatingSubtract(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// Nanoseconds for `seconds`, clamped to `0...Int64.max` (NaN gives 0) instead of trapping.
    package static func nanoseconds(clampingSeconds seconds: Double) -> Int64 {
        let ns = seconds * 1e9
        guard ns.isFinite else { return ns > 0 ? .max : 0 }
        if ns >= 9.2e18 { return .max }
        return ns <= 0 ? 0 : Int64(ns)
    }
}
