import LaunchTrace

extension LinePattern {
    /// Runs a program over a line as a Pike machine: the set of program positions alive at
    /// each character, each position at most once, so the work is the line's length times the
    /// program's size, whatever the pattern. The line is fed one scalar at a time and nothing
    /// of it is kept, so a line of any length takes the program's size in memory.
    ///
    /// The positions reached by consuming a scalar wait until the next scalar (or the line's
    /// end) is known before they are followed through assertions: `$`, `\b` and `\B` look at it.
    struct Machine: Sendable {
        let pattern: LinePattern
        /// For each program position, the stamp of the last closure that reached it.
        private var added: [Int]
        private var stamp = 0
        private var stack: [Int] = []
        /// Program positions reached by the scalars so far, not yet followed.
        private var waiting: [Int] = []
        private var current: [Int] = []
        /// Scalars fed so far.
        private var position = 0
        private var previous: UInt32?
        /// Whether some part of the line fed so far matched.
        private(set) var matched = false

        init(pattern: LinePattern) {
            self.pattern = pattern
            added = Array(repeating: -1, count: pattern.program.count)
        }

        /// Consumes the line's next scalar.
        mutating func feed(_ scalar: UInt32) {
            guard !matched else { return }
            current.removeAll(keepingCapacity: true)
            if close(next: scalar) {
                matched = true
                return
            }
            waiting.removeAll(keepingCapacity: true)
            for pc in current {
                guard case .character(let index) = pattern.program[pc],
                    pattern.classes[index].contains(scalar, ignoringCase: pattern.ignoresCase)
                else { continue }
                waiting.append(pc + 1)
            }
            previous = scalar
            position += 1
        }

        /// The line ended here: true when it matched.
        mutating func finish() -> Bool {
            if !matched, close(next: nil) { matched = true }
            return matched
        }

        /// Whether the line matches whatever follows what was fed: a match that reached its end
        /// without an assertion on the scalar after it (`$`, `\b`, `\B`).
        mutating func matchesWhateverFollows() -> Bool {
            matched || close(next: nil, knowsNext: false)
        }

        /// Follows `waiting` and a new attempt at this position through jumps, splits and
        /// assertions, into `current` when `knowsNext`; true when that reaches a match. An
        /// assertion on the next scalar fails when `knowsNext` is false.
        private mutating func close(next: UInt32?, knowsNext: Bool = true) -> Bool {
            stamp += 1
            var index = 0
            while index < waiting.count {
                if follow(waiting[index], next: next, knowsNext: knowsNext) { return true }
                index += 1
            }
            return follow(0, next: next, knowsNext: knowsNext)
        }

        private mutating func follow(_ start: Int, next: UInt32?, knowsNext: Bool) -> Bool {
            stack.append(start)
            while let pc = stack.popLast() {
                guard added[pc] != stamp else { continue }
                added[pc] = stamp
                switch pattern.program[pc] {
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assertion(let assertion):
                    if holds(assertion, next: next, knowsNext: knowsNext) { stack.append(pc + 1) }
                case .character: if knowsNext { current.append(pc) }
                }
            }
            return false
        }

        private func holds(_ assertion: Assertion, next: UInt32?, knowsNext: Bool) -> Bool {
            if assertion == .lineStart { return position == 0 }
            guard knowsNext else { return false }
            switch assertion {
            case .lineStart: return position == 0
            case .lineEnd: return next == nil
            case .wordBoundary, .notWordBoundary:
                let before = previous.map(NamedClass.isWord) ?? false
                let after = next.map(NamedClass.isWord) ?? false
                return (before != after) == (assertion == .wordBoundary)
            }
        }
    }
}
