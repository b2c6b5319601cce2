import LaunchTrace

/// A differential flame graph of a comparison: every stack of both builds' diagnosis launches
/// merged into one tree (rooted in each thread's frame), each frame with its time per launch in
/// base and in head. Drawn with head's widths and coloured by the change (head minus base), as
/// Brendan Gregg's differential flame graphs are.
package struct DiffFlameGraph: Sendable, Equatable {
    /// One frame of the tree: its time per launch (the mean over each build's launches that
    /// have samples) in both builds, with the frames it called.
    package struct Node: Sendable, Equatable {
        /// The frame's name (the root's is `all`).
        package var name: String
        /// Nanoseconds per base launch in this frame and what it called.
        package var baseNs: Double
        /// Nanoseconds per head launch.
        package var headNs: Double
        /// The frames it called, the most time in head first.
        package var children: [Node]

        /// Head minus base, in nanoseconds per launch.
        package var changeNs: Double { headNs - baseNs }
    }

    /// The tree's root: every thread's frames below it.
    package var root: Node
    /// Base launches with samples.
    package var baseLaunches: Int
    /// Head launches with samples.
    package var headLaunches: Int

    /// The graph of `base`'s and `head`'s profiles (one per launch); launches without samples
    /// (measurement launches) are left out of the means.
    package init(base: [MainThreadProfile], head: [MainThreadProfile]) {
        let baseProfiles = base.filter { !$0.samples.isEmpty }
        let headProfiles = head.filter { !$0.samples.isEmpty }
        baseLaunches = baseProfiles.count
        headLaunches = headProfiles.count
        var tree = Tree()
        tree.add(baseProfiles, build: 0)
        tree.add(headProfiles, build: 1)
        root = tree.node(0, baseLaunches: baseLaunches, headLaunches: headLaunches)
    }

    /// The tree while it is built: nodes by index, children by name.
    private struct Tree {
        var names = ["all"]
        var totals: [[Double]] = [[0, 0]]
        var children: [[String: Int]] = [[:]]

        mutating func add(_ profiles: [MainThreadProfile], build: Int) {
            for profile in profiles {
                for sample in profile.samples {
                    var node = 0
                    totals[0][build] += Double(sample.weightNs)
                    for name in profile.rootedNames(of: sample) {
                        node = child(of: node, named: name)
                        totals[node][build] += Double(sample.weightNs)
                    }
                }
            }
        }

        mutating func child(of parent: Int, named name: String) -> Int {
            if let existing = children[parent][name] { return existing }
            names.append(name)
            totals.append([0, 0])
            children.append([:])
            children[parent][name] = names.count - 1
            return names.count - 1
        }

        func node(_ index: Int, baseLaunches: Int, headLaunches: Int) -> Node {
            let kids = children[index].values.map { node($0, baseLaunches: baseLaunches, headLaunches: headLaunches) }
            return Node(
                name: names[index], baseNs: totals[index][0] / Double(max(baseLaunches, 1)),
                headNs: totals[index][1] / Double(max(headLaunches, 1)),
                children: kids.sorted { ($0.headNs, $0.baseNs, $0.name) > ($1.headNs, $1.baseNs, $1.name) })
        }
    }
}
