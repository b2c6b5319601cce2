import CLaunchProbe
import LaunchTrace

/// The preloaded blocking-call tracer (libLaunchPreload.so), seen from the probe: found with
/// `dlsym(RTLD_DEFAULT, "lp_preload_info")` when the trace is written; absent means the app
/// was not launched with it (the trace's `tracer` is then nil).
enum BlockingCallTracer {
    /// Functions whose result counts bytes transferred.
    static let transferFunctions: Set<String> = [
        "read", "pread", "pread64", "write", "pwrite", "pwrite64",
        "send", "sendto", "sendmsg", "recv", "recvfrom", "recvmsg",
    ]

    /// Stops the tracer: the profiler's own work at the end of the launch (reading the peak
    /// memory, writing the trace) is not the app's and is never recorded. Idempotent.
    static func stop() {
        lp_tracer_stop()
    }

    /// Stops the tracer (nothing is recorded after the trace is written) and returns its
    /// records as absolute-time calls, or nil when no tracer is loaded.
    static func stopAndCollect() -> Collected? {
        lp_tracer_stop()
        var info = lp_preload_info_t()
        guard lp_tracer_info(&info) == 0 else { return nil }
        var calls: [(Int64, BlockingCall)] = []
        let count = Int(info.record_count)
        if let records = info.records, count > 0 {
            calls.reserveCapacity(count)
            for index in 0..<count {
                let record = records[index]
                calls.append((record.start_ns, makeCall(record)))
            }
        }
        var tracer = TracerInfo(
            thresholdNs: info.threshold_ns, interceptedCalls: Int(info.intercepted_calls),
            recordedCalls: Int(info.recorded_calls), droppedCalls: Int(info.dropped_calls)
        )
        tracer.overflowCalls = Int(info.overflow_calls)
        tracer.overflowNs = info.overflow_ns
        tracer.ownNs = info.own_ns
        return Collected(info: tracer, calls: calls, shortCalls: aggregates(info))
    }

    /// What the tracer recorded, times absolute (CLOCK_MONOTONIC).
    struct Collected {
        var info: TracerInfo
        var calls: [(startNs: Int64, call: BlockingCall)]
        var shortCalls: [BlockingCallAggregate]
    }

    private static func aggregates(_ info: lp_preload_info_t) -> [BlockingCallAggregate] {
        guard let aggregates = info.aggregates, info.aggregate_count > 0 else { return [] }
        return (0..<Int(info.aggregate_count)).map { makeAggregate(aggregates[$0]) }
    }

    private static func makeAggregate(_ aggregate: lp_preload_aggregate) -> BlockingCallAggregate {
        var aggregate = aggregate
        let function = cString(&aggregate.function)
        let resource = aggregate.has_resource != 0 ? cString(&aggregate.resource) : nil
        let frameCount = Int(max(0, min(aggregate.frame_count, LP_PRELOAD_MAX_FRAMES)))
        let stack = withUnsafeBytes(of: &aggregate.frames) { raw in
            raw.bindMemory(to: UInt64.self).prefix(frameCount).map(Address.init)
        }
        return BlockingCallAggregate(
            function: function, kind: kind(aggregate.kind), count: Int(aggregate.count), totalNs: aggregate.total_ns,
            bytes: transferFunctions.contains(function) ? aggregate.bytes : nil, resource: resource,
            variedResources: aggregate.varied != 0, firstStartNs: aggregate.first_start_ns,
            lastEndNs: aggregate.last_end_ns, phase: nil, stack: stack
        )
    }

    private static func cString<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func kind(_ raw: Int32) -> BlockingKind {
        let kinds: [BlockingKind] = [.fileIO, .network, .sleep, .lock, .wait]
        return Int(raw) >= 0 && Int(raw) < kinds.count ? kinds[Int(raw)] : .wait
    }

    private static func makeCall(_ record: lp_preload_record) -> BlockingCall {
        var record = record
        let function = withUnsafeBytes(of: &record.function) {
            String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        let resource =
            record.has_resource != 0
            ? withUnsafeBytes(of: &record.resource) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            : nil
        let frameCount = Int(max(0, min(record.frame_count, LP_PRELOAD_MAX_FRAMES)))
        let stack = withUnsafeBytes(of: &record.frames) { raw in
            raw.bindMemory(to: UInt64.self).prefix(frameCount).map(Address.init)
        }
        return BlockingCall(
            function: function, kind: kind(record.kind), startNs: record.start_ns, durationNs: record.duration_ns,
            phase: nil,
            resource: resource,
            bytes: record.bytes >= 0 && transferFunctions.contains(function) ? record.bytes : nil,
            errno: record.error != 0 ? record.error : nil,
            stack: stack
        )
    }

    /// The images mapped in this process.
    static func loadedImages() -> [LoadedImage] {
        var capacity = 256
        while true {
            let buffer = UnsafeMutablePointer<lp_image>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            let count = Int(lp_images_read(buffer, Int32(capacity)))
            if count > capacity {
                capacity = count + 16
                continue
            }
            return (0..<count).map { index in
                var image = buffer[index]
                let path = withUnsafeBytes(of: &image.path) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                let buildID = withUnsafeBytes(of: &image.build_id) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                return LoadedImage(
                    path: path, loadAddress: Address(image.load_address), textStart: Address(image.text_start),
                    textEnd: Address(image.text_end), buildID: buildID.isEmpty ? nil : buildID
                )
            }
        }
    }
}
