extension LinePattern {
    /// Runs a program over a line as a Pike machine: the set of program positions alive at
    /// each character, each position at most once, so the work is the line's length times the
    /// program's size, whatever the pattern.
    struct Machine {
        let pattern: LinePattern
        let input: [UInt32]
        /// For each program position, the input position at which it was last added.
        private var added: [Int]
        private var stack: [Int] = []

        init(pattern: LinePattern, input: [UInt32]) {
            self.pattern = pattern
            self.input = input
            added = Array(repeating: -1, count: pattern.program.count)
        }

        /// True when some part of the input matches; nil when `shouldStop` said so first.
        mutating func run(shouldStop: () -> Bool) -> Bool? {
            var current: [Int] = []
            var next: [Int] = []
            for position in 0...input.count {
                if position & 1023 == 1023, shouldStop() { return nil }
                // A new attempt starts at every position: the match may begin anywhere.
                if add(0, at: position, to: &current) { return true }
                guard position < input.count else { break }
                let scalar = input[position]
                next.removeAll(keepingCapacity: true)
                for pc in current {
                    guard case .character(let index) = pattern.program[pc],
                        pattern.classes[index].contains(scalar, ignoringCase: pattern.ignoresCase)
                    else { continue }
                    if add(pc + 1, at: position + 1, to: &next) { return true }
                }
                swap(&current, &next)
            }
            return false
        }

        /// Adds `start` and what it reaches without consuming input; true when that is a match.
        private mutating func add(_ start: Int, at position: Int, to list: inout [Int]) -> Bool {
            stack.append(start)
            while let pc = stack.popLast() {
                guard added[pc] != position else { continue }
                added[pc] = position
                switch pattern.program[pc] {
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assertion(let assertion): if holds(assertion, at: position) { stack.append(pc + 1) }
                case .character: list.append(pc)
                }
            }
            return false
        }

        private func holds(_ assertion: Assertion, at position: Int) -> Bool {
            switch assertion {
            case .lineStart: return position == 0
            case .lineEnd: return position == input.count
            case .wordBoundary, .notWordBoundary:
                let before = position > 0 && ScalarClass.isWord(input[position - 1])
                let after = position < input.count && ScalarClass.isWord(input[position])
                return (before != after) == (assertion == .wordBoundary)
            }
        }
    }
}
