/// A unified-style line diff of two texts: `-` for lines only in the expected text, `+` for
/// lines only in the actual one, two lines of context around each change and `@@ golden line N @@`
/// before each hunk, so a failed golden comparison shows what changed rather than "not equal".
package struct LineDiff: Sendable, Equatable, CustomStringConvertible {
    /// One line of the merged listing.
    enum Line: Sendable, Equatable {
        case same(String)
        case removed(String)
        case added(String)

        /// Whether the line is only in one of the texts.
        var isChange: Bool {
            if case .same = self { false } else { true }
        }
    }

    /// Every line of both texts in order.
    let lines: [Line]
    /// Lines of context kept around each change.
    let context: Int

    /// Compares `actual` with `expected`, line by line.
    package init(expected: String, actual: String, context: Int = 2) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        self.lines = Self.merge(old: old, new: new)
        self.context = context
    }

    /// Whether the texts differ.
    package var hasChanges: Bool { lines.contains(where: \.isChange) }

    /// The hunks: changed lines with their context, `@@` where unchanged lines are left out.
    package var description: String {
        let changed = lines.indices.filter { lines[$0].isChange }
        let shown = Set(changed.flatMap { max(0, $0 - context)...min(lines.count - 1, $0 + context) })
        var goldenLine: [Int] = []
        var line = 1
        for entry in lines {
            goldenLine.append(line)
            if case .added = entry {} else { line += 1 }
        }
        var out: [String] = []
        var previous: Int?
        for index in shown.sorted() {
            if previous.map({ index > $0 + 1 }) ?? true { out.append("@@ golden line \(goldenLine[index]) @@") }
            out.append(Self.render(lines[index]))
            previous = index
        }
        return out.joined(separator: "\n")
    }

    /// The merged listing of two line arrays, removals before insertions at the same place.
    private static func merge(old: [String], new: [String]) -> [Line] {
        var removals: Set<Int> = []
        var insertions: Set<Int> = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removals.insert(offset)
            case .insert(let offset, _, _): insertions.insert(offset)
            }
        }
        var merged: [Line] = []
        var (oldIndex, newIndex) = (0, 0)
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removals.contains(oldIndex) {
                merged.append(.removed(old[oldIndex]))
                oldIndex += 1
            } else if newIndex < new.count, insertions.contains(newIndex) {
                merged.append(.added(new[newIndex]))
                newIndex += 1
            } else {
                merged.append(.same(newIndex < new.count ? new[newIndex] : old[oldIndex]))
                oldIndex += 1
                newIndex += 1
            }
        }
        return merged
    }

    private static func render(_ line: Line) -> String {
        switch line {
        case .same(let text): " \(text)"
        case .removed(let text): "-\(text)"
        case .added(let text): "+\(text)"
        }
    }
}
