/// The OTLP/JSON shapes of a trace export (`ExportTraceServiceRequest`, OpenTelemetry's
/// protocol in its JSON encoding: lowerCamelCase fields, 64-bit integers as strings, trace and
/// span ids in hex).
enum OTLPJSON {
    struct Request: Encodable {
        var resourceSpans: [ResourceSpans]
    }

    struct ResourceSpans: Encodable {
        var resource: Resource
        var scopeSpans: [ScopeSpans]
    }

    struct Resource: Encodable {
        var attributes: [KeyValue]
    }

    struct ScopeSpans: Encodable {
        var scope: Scope
        var spans: [Span]
    }

    struct Scope: Encodable {
        var name: String
        var version: String
    }

    struct Span: Encodable {
        var traceId: String
        var spanId: String
        var parentSpanId: String?
        var name: String
        /// SPAN_KIND_INTERNAL.
        var kind = 1
        var startTimeUnixNano: String
        var endTimeUnixNano: String
        var attributes: [KeyValue]
        var events: [Event]
    }

    struct Event: Encodable {
        var timeUnixNano: String
        var name: String
        var attributes: [KeyValue]
    }

    struct KeyValue: Encodable {
        var key: String
        var value: AnyValue

        init(_ key: String, _ text: String) {
            self.key = key
            value = AnyValue(stringValue: text)
        }

        init(_ key: String, int: Int64) {
            self.key = key
            value = AnyValue(intValue: String(int))
        }
    }

    struct AnyValue: Encodable {
        var stringValue: String?
        var intValue: String?
    }
}
