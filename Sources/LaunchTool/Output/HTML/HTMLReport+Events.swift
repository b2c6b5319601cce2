import LaunchTrace

extension HTMLReport {
    func eventsSection(trace: LaunchTrace, profile: MainThreadProfile?) -> HTMLNode {
        guard let activity = trace.mainThread else {
            return .fragment([
                .el(
                    "p", ["class": "muted"],
                    "The blocking-call tracer and the stall sampler did not run in this launch."), .newline,
            ])
        }
        let title: HTMLNode = .fragment([
            .el("h2", ["id": "events"], "Stalls and blocking calls of launch \(trace.runIndex ?? 0)"), .newline,
        ])
        if activity.blockingCalls.isEmpty && activity.stalls.isEmpty {
            let text =
                "None: no call blocked longer than the tracer's threshold and no stall passed \(activity.sampler.stallThresholdMs) ms."
            return .fragment([title, .el("p", ["class": "muted"], "\(text)"), .newline])
        }
        let callSamples = profile?.samples.filter { $0.source == .blockingCall } ?? []
        var events: [(time: Int64, node: HTMLNode)] = []
        for (index, call) in activity.blockingCalls.enumerated() {
            let sample = index < callSamples.count ? callSamples[index] : nil
            events.append(
                (call.startNs, blockingCallEvent(call, index: index, names: sample.flatMap { profile?.names(of: $0) })))
        }
        for (index, stall) in activity.stalls.enumerated() {
            events.append((stall.startNs, stallEvent(stall, index: index, activity: activity, profile: profile)))
        }
        return .fragment(
            [
                title,
                .el(
                    "p", ["class": "muted"], "Stacks innermost first. Click a mark on the waterfall to open its stack."),
                .newline,
            ] + events.sorted { $0.time < $1.time }.flatMap { [$0.node, .newline] })
    }

    /// A blocking call with its stack; `names` is its profile stack, root first, ending in the call.
    private func blockingCallEvent(_ call: BlockingCall, index: Int, names: [String]?) -> HTMLNode {
        var summary: [HTMLNode] = [
            .el("span", ["class": "tag blocking"], "\(call.kind.rawValue)"), .el("code", "\(call.function)()"),
            " \(HTMLFormat.ms(call.durationNs)) at \(HTMLFormat.ms(call.startNs))",
        ]
        if let phase = call.phase { summary.append(" in \(phase.rawValue)") }
        if let resource = call.resource { summary += [" — ", .el("code", "\(resource)")] }
        if let errno = call.errno { summary.append(" (errno \(errno))") }
        let named = Array((names ?? []).dropLast().reversed())
        let stack = named.isEmpty ? call.stack.map(\.description) : named
        return .el(
            "details", ["class": "event", "id": "event-b\(index)"],
            .el("summary", children: summary),
            .el("ol", ["class": "stack"], children: stack.map { .el("li", "\($0)") }))
    }

    private func stallEvent(_ stall: Stall, index: Int, activity: MainThreadActivity, profile: MainThreadProfile?)
        -> HTMLNode
    {
        var summary = "\(HTMLFormat.ms(stall.durationNs)) at \(HTMLFormat.ms(stall.startNs))"
        if let phase = stall.phase { summary += " in \(phase.rawValue)" }
        summary += ", \(stall.samples.count) sample\(stall.samples.count == 1 ? "" : "s")"
        var body: [HTMLNode] = []
        let inCall = stall.samples.compactMap(\.blockingCall)
        if !inCall.isEmpty {
            let calls = Set(inCall).sorted().map { i in
                i < activity.blockingCalls.count ? "\(activity.blockingCalls[i].function)()" : "#\(i)"
            }
            body.append(
                .el(
                    "p",
                    "\(inCall.count) sample\(inCall.count == 1 ? " was" : "s were") inside the traced call \(calls.joined(separator: ", ")) (its stack above)."
                ))
        }
        body += commonStacks(of: stall, profile: profile)
        return .el(
            "details", ["class": "event", "id": "event-s\(index)"],
            .el("summary", .el("span", ["class": "tag stall"], "stall"), "\(summary)"),
            .fragment(body))
    }

    /// The three most common stacks of the stall's samples, innermost first.
    private func commonStacks(of stall: Stall, profile: MainThreadProfile?) -> [HTMLNode] {
        guard let profile else { return [] }
        let end = stall.startNs + stall.durationNs
        let samples = profile.samples.filter {
            $0.source == .stallSample && $0.timeNs >= stall.startNs && $0.timeNs <= end
        }
        var counts: [[String]: Int] = [:]
        var order: [[String]] = []
        for sample in samples {
            let names = Array(profile.names(of: sample).reversed())
            if counts[names] == nil { order.append(names) }
            counts[names, default: 0] += 1
        }
        order.sort { counts[$0, default: 0] > counts[$1, default: 0] }
        var nodes: [HTMLNode] = []
        for names in order.prefix(3) {
            nodes.append(
                .el(
                    "p", ["class": "stack"],
                    .el("span", ["class": "count"], "\(counts[names, default: 0]) of \(samples.count) samples:")))
            nodes.append(.el("ol", ["class": "stack"], children: names.map { .el("li", "\($0)") }))
        }
        if order.count > 3 {
            nodes.append(.el("p", ["class": "muted"], "\(order.count - 3) more distinct stacks: see the flame graph."))
        }
        return nodes
    }
}
