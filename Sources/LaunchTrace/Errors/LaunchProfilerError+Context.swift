extension LaunchProfilerError {
    /// Where a problem is and what it is about: whichever fields apply.
    public struct Context: Sendable, Equatable {
        /// The file involved (a trace, a budget file, an Info.plist, an executable).
        public var file: String?
        /// JSON path of the offending value (e.g. `phases[2].durationNs`), Info.plist key or
        /// argument involved.
        public var jsonPath: String?
        /// Line in ``file``, from 1.
        public var line: Int?
        /// Column in ``line``, from 1.
        public var column: Int?
        /// The offending value as written (shortened), e.g. `"400 parsecs"`.
        public var value: String?
        /// What was expected, as one or more whole sentences.
        public var expected: String?
        /// The valid name closest to a misspelt one.
        public var suggestion: String?
        /// The underlying reason (e.g. the system's error text).
        public var reason: String?
        /// Whether the message itself already names the file and path (LaunchKit's messages),
        /// so the description does not put them in front of it.
        public var mentionsLocation: Bool

        /// Creates a context.
        public init(
            file: String? = nil, jsonPath: String? = nil, line: Int? = nil, column: Int? = nil,
            value: String? = nil, expected: String? = nil, suggestion: String? = nil,
            reason: String? = nil, mentionsLocation: Bool = false
        ) {
            self.file = file
            self.jsonPath = jsonPath
            self.line = line
            self.column = column
            self.value = value
            self.expected = expected
            self.suggestion = suggestion
            self.reason = reason
            self.mentionsLocation = mentionsLocation
        }

        /// `FILE:LINE:COLUMN: at JSONPATH: `, with the parts that are known.
        var locationPrefix: String {
            var place = file ?? ""
            if let line { place += ":\(line)" }
            if let column { place += ":\(column)" }
            var prefix = place.isEmpty ? "" : place + ": "
            if let jsonPath, !jsonPath.isEmpty { prefix += "at \(jsonPath): " }
            return prefix
        }
    }
}
