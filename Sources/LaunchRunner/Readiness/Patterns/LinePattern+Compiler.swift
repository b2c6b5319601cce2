import LaunchTrace

extension LinePattern {
    /// Writes a ``Node`` out as a program for the ``Machine``; stops as soon as the program
    /// outgrows ``LinePattern/maximumSize`` (nested counts multiply).
    struct Compiler {
        var program: [Instruction] = []
        var classes: [ScalarClass] = []

        mutating func emit(_ node: Node) throws(SyntaxError) {
            switch node {
            case .empty: break
            case .character(let set):
                classes.append(set)
                try append(.character(classes.count - 1))
            case .assertion(let assertion): try append(.assertion(assertion))
            case .concatenation(let nodes): for node in nodes { try emit(node) }
            case .alternation(let branches): try emitAlternation(branches)
            case .repetition(let node, let minimum, let maximum):
                for _ in 0..<minimum { try emit(node) }
                if let maximum { try emitOptional(node, count: maximum - minimum) } else { try emitLoop(node) }
            }
        }

        private mutating func append(_ instruction: Instruction) throws(SyntaxError) {
            guard program.count < LinePattern.maximumSize else {
                throw SyntaxError(
                    position: 0,
                    reason: "the pattern is too large once its repetitions are written out (more than "
                        + "\(LinePattern.maximumSize) steps); use fewer or smaller counts")
            }
            program.append(instruction)
        }

        private mutating func emitAlternation(_ branches: [Node]) throws(SyntaxError) {
            var exits: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index == branches.count - 1 {
                    try emit(branch)
                    break
                }
                let split = program.count
                try append(.split(split + 1, -1))
                try emit(branch)
                exits.append(program.count)
                try append(.jump(-1))
                program[split] = .split(split + 1, program.count)
            }
            for exit in exits { program[exit] = .jump(program.count) }
        }

        private mutating func emitLoop(_ node: Node) throws(SyntaxError) {
            let split = program.count
            try append(.split(split + 1, -1))
            try emit(node)
            try append(.jump(split))
            program[split] = .split(split + 1, program.count)
        }

        private mutating func emitOptional(_ node: Node, count: Int) throws(SyntaxError) {
            var splits: [Int] = []
            for _ in 0..<count {
                splits.append(program.count)
                try append(.split(program.count + 1, -1))
                try emit(node)
            }
            for split in splits { program[split] = .split(split + 1, program.count) }
        }
    }
}
