import Foundation

/// Maps a chart's run indices and values to SVG coordinates, and picks its value ticks: round
/// steps of 1, 2 or 5 times a power of ten, four to six of them, covering every value drawn.
struct TrendChartScale {
    /// The plot area, in SVG units.
    let left: Double, right: Double, top: Double, bottom: Double
    /// The runs on the chart.
    let count: Int
    /// The value at the bottom and at the top of the plot area.
    let low: Double, high: Double
    /// The distance between two value ticks.
    let step: Double

    /// A scale for `count` runs whose drawn values are `values`, in the plot area given.
    init(count: Int, values: [Double], left: Double, right: Double, top: Double, bottom: Double) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.count = count
        let finite = values.filter(\.isFinite)
        var lowest = finite.min() ?? 0
        var highest = finite.max() ?? 1
        if highest - lowest < max(Swift.abs(highest) * 1e-3, 1e-9) {
            // A flat series: a band around it, so its ticks still say where it is.
            let pad = max(Swift.abs(highest) * 0.05, 1)
            lowest -= pad
            highest += pad
        }
        if finite.allSatisfy({ $0 >= 0 }) { lowest = max(lowest, 0) }
        step = Self.niceStep((highest - lowest) / 4)
        low = (lowest / step).rounded(.down) * step
        high = max((highest / step).rounded(.up) * step, low + step)
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    /// The value ticks, from `low` to `high`.
    var ticks: [Double] {
        let steps = Int(((high - low) / step).rounded())
        return (0...max(steps, 1)).map { low + Double($0) * step }
    }

    /// Decimals a tick needs in the unit `unitScale` divides by (`0.5 ms` needs 1, `2 ms` none).
    func tickDigits(unitScale: Double) -> Int {
        let scaled = step / unitScale
        return (0...6).first { digits in
            let shifted = scaled * pow(10, Double(digits))
            return Swift.abs(shifted - shifted.rounded()) < 1e-6 * max(1, shifted)
        } ?? 6
    }

    /// The x of run `index` (fractional between runs).
    func x(_ index: Double) -> Double {
        count > 1 ? left + (right - left) * index / Double(count - 1) : (left + right) / 2
    }

    /// The y of `value`.
    func y(_ value: Double) -> Double {
        bottom - (bottom - top) * (value - low) / (high - low)
    }

    /// `x,y` of run `index` at `value`, to one decimal.
    func point(_ index: Int, _ value: Double) -> String { "\(Self.px(x(Double(index)))),\(Self.px(y(value)))" }

    /// A coordinate to one decimal.
    static func px(_ value: Double) -> String { String(format: "%.1f", value) }
}
