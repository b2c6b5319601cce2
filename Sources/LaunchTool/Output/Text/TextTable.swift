import LaunchTrace

/// A plain-text table with columns padded to their widest cell.
///
/// Colour is applied after padding, so escape codes never break the alignment.
///
/// ```swift
/// var table = TextTable(header: ["metric", "median"])
/// table.append(["timeToFirstFrame", "412.3 ms"])
/// print(table.render())
/// ```
package struct TextTable: Sendable, Equatable {
    /// Column titles.
    package var header: [String]
    /// Rows of cells; each row as long as the header.
    package var rows: [[String]]
    /// Per row, an optional ANSI style per cell (parallel to ``rows``).
    package var styles: [[ANSIStyle?]]

    /// Creates an empty table.
    package init(header: [String]) {
        self.header = header
        rows = []
        styles = []
    }

    /// Appends a row, optionally with a style per cell.
    package mutating func append(_ row: [String], styles rowStyles: [ANSIStyle?]? = nil) {
        precondition(row.count == header.count, "A row needs one cell per column.")
        // A control character in a cell (a name's newline) would break the columns or the terminal.
        rows.append(row.map { TerminalText.escaped($0) })
        styles.append(rowStyles ?? Array(repeating: nil, count: row.count))
    }

    /// The table as lines separated by newlines; `colored` applies the cell styles.
    package func render(colored: Bool = false) -> String {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = Swift.max(widths[i], cell.count) } }
        func line(_ cells: [String], _ cellStyles: [ANSIStyle?]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let padded = i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
                parts.append(colored ? (cellStyles[i]?.apply(to: padded) ?? padded) : padded)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var lines = [line(header, Array(repeating: colored ? .bold : nil, count: header.count))]
        for (row, rowStyles) in zip(rows, styles) { lines.append(line(row, rowStyles)) }
        return lines.joined(separator: "\n")
    }
}
