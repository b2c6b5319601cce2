import Foundation
import LaunchTrace

extension DiffFlameGraph {
    /// Height of one frame's row, in pixels.
    static let rowHeight = 18
    /// Frames narrower than this share of head's total are not drawn (nor what they called).
    static let minimumWidth = 0.002
    /// A change below this many nanoseconds per launch, or below 5 % of the frame, is drawn neutral.
    static let neutralNs = 200_000.0

    /// The graph as positioned boxes, the root at the bottom: each frame's width is its share of
    /// head's time, its colour red where head spends more than base, blue where it spends less
    /// (the deeper, the larger the change), grey where the change is within the noise; its
    /// title says both times and the change.
    package func html() -> HTMLNode {
        var boxes: [(node: Node, depth: Int, left: Double, width: Double)] = []
        collect(root, depth: 0, left: 0, total: max(root.headNs, 1), into: &boxes)
        let depth = (boxes.map(\.depth).max() ?? 0) + 1
        let largest = boxes.map { abs($0.node.changeNs) }.max() ?? 0
        let nodes = boxes.map { box in
            let top = (depth - 1 - box.depth) * Self.rowHeight
            let style = String(
                format: "left:%.3f%%;width:%.3f%%;top:%dpx;background:%@", box.left * 100, box.width * 100, top,
                colour(box.node, largest: largest))
            return HTMLNode.el(
                "div", ["class": "diff-node", "style": style, "title": title(box.node)], .text(box.node.name))
        }
        return .el(
            "div",
            [
                "class": "diff-flame", "style": "height:\(depth * Self.rowHeight)px", "role": "img",
                "aria-label": "Differential flame graph: head's time, coloured by the change from base",
            ], children: nodes)
    }

    /// Adds `node` and, left to right, the frames it called that are wide enough.
    private func collect(
        _ node: Node, depth: Int, left: Double, total: Double,
        into boxes: inout [(node: Node, depth: Int, left: Double, width: Double)]
    ) {
        let width = node.headNs / total
        guard width >= Self.minimumWidth else { return }
        boxes.append((node, depth, left, width))
        var x = left
        for child in node.children {
            collect(child, depth: depth + 1, left: x, total: total, into: &boxes)
            x += child.headNs / total
        }
    }

    /// Red for more time in head, blue for less, grey within the noise.
    func colour(_ node: Node, largest: Double) -> String {
        let change = node.changeNs
        guard abs(change) >= Self.neutralNs, abs(change) >= 0.05 * max(node.baseNs, node.headNs), largest > 0 else {
            return "rgb(221,221,221)"
        }
        let strength = Int(200 * min(1, abs(change) / largest))
        let light = 235 - strength
        return change > 0 ? "rgb(255,\(light),\(light))" : "rgb(\(light),\(light),255)"
    }

    /// `Catalog.init(data:): base 10.0 ms, head 20.1 ms per launch (+10.1 ms)`.
    func title(_ node: Node) -> String {
        let time = MetricKind.time
        let sign = node.changeNs >= 0 ? "+" : "−"
        return
            "\(node.name): base \(time.format(node.baseNs)), head \(time.format(node.headNs)) per launch (\(sign)\(time.format(abs(node.changeNs))))"
    }
}
