import LaunchTrace

extension LinePattern {
    /// The parsed form of a pattern.
    indirect enum Node: Equatable {
        case empty
        case character(ScalarClass)
        case assertion(Assertion)
        case concatenation([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    /// A zero-width condition on the position.
    enum Assertion: Equatable {
        case lineStart
        case lineEnd
        case wordBoundary
        case notWordBoundary
    }

    /// One step of the compiled program.
    enum Instruction: Equatable {
        /// Consumes one scalar in `classes[index]`.
        case character(Int)
        case assertion(Assertion)
        /// Goes on at both targets (the first preferred; the order does not matter for a yes/no).
        case split(Int, Int)
        case jump(Int)
        case match
    }
}
