import Foundation
import LaunchTrace

extension BudgetFile {
    /// Reads and validates a budget file.
    ///
    /// - Throws: ``LaunchProfilerError`` (code ``LaunchProfilerError/Code/invalidBudgetFile``) naming the file and, for each problem, the JSON
    ///   path, the value and what was expected.
    package static func load(from url: URL) throws -> BudgetFile {
        let data: Data
        do {
            data = try InputFile.read(url, what: "budget file")
        } catch {
            throw LaunchProfilerError.invalidBudgetFile(
                url.path,
                problems: [
                    .budgetProblem(at: "", value: nil, expected: error.message)
                ])
        }
        return try parse(data, file: url.path)
    }

    /// Validates budget JSON; `file` names the source in errors.
    ///
    /// Unknown keys, wrong types, unknown metrics (with the closest valid name suggested),
    /// malformed limits, units that do not fit the metric, relative limits without a
    /// baseline, a key written twice in one object and two rules with the same
    /// ``BudgetRule/Identity`` are all errors.
    package static func parse(_ data: Data, file: String) throws -> BudgetFile {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            var problem = LaunchProfilerError.budgetProblem(
                at: "", value: nil,
                expected: "The file is not valid JSON; expected a JSON object with \"schemaVersion\" and \"rules\"."
            )
            if let (line, column) = LaunchProfilerError.syntaxErrorLocation(in: data) {
                problem.context.line = line
                problem.context.column = column
            }
            throw LaunchProfilerError.invalidBudgetFile(file, problems: [problem])
        }
        if let duplicate = JSONDuplicateKey.first(in: data) {
            throw LaunchProfilerError.invalidBudgetFile(
                file, problems: [BudgetValidator.duplicateKeyProblem(duplicate)])
        }
        var validator = BudgetValidator()
        let budgets = validator.validate(root)
        guard validator.problems.isEmpty, let budgets else {
            throw LaunchProfilerError.invalidBudgetFile(file, problems: validator.problems)
        }
        return budgets
    }
}

/// Walks the JSON of a budget file, collecting problems with their paths.
struct BudgetValidator {
    var problems: [LaunchProfilerError] = []

    static let topKeys: Set<String> = ["$schema", "schemaVersion", "description", "defaults", "rules", "policy"]
    static let defaultsKeys: Set<String> = ["scenario", "statistic", "level", "baseline"]
    static let ruleKeys: Set<String> = [
        "metric", "statistic", "limit", "scenario", "level", "baseline", "history", "description",
    ]

    mutating func validate(_ root: JSONValue) -> BudgetFile? {
        guard case .object(let top) = root else {
            fail("", root, "The file must be a JSON object with \"schemaVersion\" and \"rules\".")
            return nil
        }
        checkKeys(top, allowed: Self.topKeys, at: "")
        switch top["schemaVersion"] {
        case nil:
            missing(
                "schemaVersion",
                "The key \"schemaVersion\" is required; expected the integer \(BudgetFile.currentSchemaVersion).")
        case .number(let version) where version == Double(BudgetFile.currentSchemaVersion):
            break
        case let value?:
            fail(
                "schemaVersion", value,
                "Expected the integer \(BudgetFile.currentSchemaVersion), the only budget format version this LaunchProfiler reads."
            )
        }
        if let description = top["description"] { _ = string(description, at: "description") }
        if let schema = top["$schema"] { _ = string(schema, at: "$schema") }

        let defaults = top["defaults"].map { validateDefaults($0) } ?? BudgetDefaults()

        var rules: [BudgetRule] = []
        switch top["rules"] {
        case nil:
            missing("rules", "The key \"rules\" is required; expected an array of rule objects.")
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                if let rule = validateRule(item, index: index, defaults: defaults) { rules.append(rule) }
            }
        case let value?:
            fail("rules", value, "Expected an array of rule objects.")
        }
        checkDuplicateRules(rules)
        var policy: FindingsPolicy?
        if let value = top["policy"] {
            var policyValidator = PolicyValidator()
            policy = policyValidator.validate(value, at: "policy")
            problems += policyValidator.problems
        }
        return problems.isEmpty ? BudgetFile(defaults: defaults, rules: rules, policy: policy) : nil
    }

    /// The `defaults` object; what is wrong in it is recorded and left at the built-in default.
    private mutating func validateDefaults(_ value: JSONValue) -> BudgetDefaults {
        var defaults = BudgetDefaults()
        guard case .object(let object) = value else {
            fail("defaults", value, "Expected an object with any of the keys \(Self.list(Self.defaultsKeys)).")
            return defaults
        }
        checkKeys(object, allowed: Self.defaultsKeys, at: "defaults")
        if let v = object["scenario"], let s: Scenario = choice(v, at: "defaults.scenario") { defaults.scenario = s }
        if let v = object["statistic"], let s: Statistic = choice(v, at: "defaults.statistic") {
            defaults.statistic = s
        }
        if let v = object["level"], let l: BudgetLevel = choice(v, at: "defaults.level") { defaults.level = l }
        if let v = object["baseline"] { defaults.baseline = baselineName(v, at: "defaults.baseline") }
        return defaults
    }

    private mutating func validateRule(_ item: JSONValue, index: Int, defaults: BudgetDefaults) -> BudgetRule? {
        let at = "rules[\(index)]"
        guard case .object(let object) = item else {
            fail(at, item, "Expected a rule object with at least \"metric\" and \"limit\".")
            return nil
        }
        let before = problems.count
        checkKeys(object, allowed: Self.ruleKeys, at: at)

        let definition = metricDefinition(object, at: at)
        let metric = definition?.name
        let kind = definition?.kind

        let statistic =
            object["statistic"].flatMap { choice($0, at: at + ".statistic") as Statistic? } ?? defaults.statistic
        let scenario = object["scenario"].flatMap { choice($0, at: at + ".scenario") as Scenario? } ?? defaults.scenario
        let level = object["level"].flatMap { choice($0, at: at + ".level") as BudgetLevel? } ?? defaults.level
        let ruleBaseline = object["baseline"].flatMap { baselineName($0, at: at + ".baseline") }
        let history = object["history"].flatMap { historyRuns($0, at: at + ".history") }
        let description = object["description"].flatMap { string($0, at: at + ".description") }

        let limit = ruleLimit(object["limit"], metric: metric, kind: kind, at: at)

        let baseline = limit.flatMap {
            resolveBaseline(
                limit: $0, history: history, ruleBaseline: ruleBaseline, defaults: defaults, object: object, at: at)
        }

        guard problems.count == before, let metric, let kind, let limit else { return nil }
        return BudgetRule(
            index: index, metric: metric, kind: kind, statistic: statistic, limit: limit,
            scenario: scenario, level: level, baseline: baseline, history: history, description: description
        )
    }

    /// A rule's limit, checked against the metric's kind; nil (and a problem) when it is
    /// missing or does not fit.
    private mutating func ruleLimit(_ value: JSONValue?, metric: MetricName?, kind: MetricKind?, at: String)
        -> BudgetLimit?
    {
        switch value {
        case nil:
            missing(
                at + ".limit",
                "The key \"limit\" is required; expected an absolute limit like \"400ms\" or a relative one like \"+10%\"."
            )
        case .number(let number)? where number >= 0 && number.isFinite:
            guard let kind, kind != .count else {
                return .absolute(value: number, kind: .count, text: JSONValue.number(number).rendered)
            }
            fail(
                at + ".limit", .number(number),
                "A \(kind.rawValue) metric needs a unit; expected a string such as \(Self.example(for: kind)).")
        case .string(let text)?:
            return stringLimit(text, metric: metric, kind: kind, at: at)
        case let value?:
            fail(
                at + ".limit", value,
                "Expected a string such as \"400ms\", \"150MB\" or \"+10%\", or a non-negative number for a count.")
        }
        return nil
    }

    private mutating func stringLimit(_ text: String, metric: MetricName?, kind: MetricKind?, at: String)
        -> BudgetLimit?
    {
        do {
            let parsed = try BudgetLimit(parsing: text, kind: kind)
            if case .absolute(_, let unitKind, _) = parsed, let kind, unitKind != kind {
                fail(
                    at + ".limit", .string(text),
                    "The metric \"\(metric?.rawValue ?? "")\" is a \(kind.rawValue) metric; expected a limit such as \(Self.example(for: kind))."
                )
                return nil
            }
            return parsed
        } catch let error as LaunchProfilerError where error.code == .invalidBudgetLimit {
            fail(at + ".limit", .string(text), error.message)
        } catch {
            fail(at + ".limit", .string(text), "The limit cannot be parsed.")
        }
        return nil
    }

    /// The baseline a rule's limit compares with: none for an absolute limit or a rule against
    /// history, else the rule's or the defaults' (a relative limit without one is a problem).
    private mutating func resolveBaseline(
        limit: BudgetLimit, history: Int?, ruleBaseline: String?, defaults: BudgetDefaults, object: [String: JSONValue],
        at: String
    ) -> String? {
        if history != nil {
            checkHistory(limit: limit, object: object, at: at)
            return nil
        }
        if limit.isRelative {
            let baseline = ruleBaseline ?? defaults.baseline
            if baseline == nil {
                fail(
                    at + ".limit", .string(limit.text),
                    "A relative limit compares against a baseline; expected a \"baseline\" key in the rule or in \"defaults\"."
                )
            }
            return baseline
        }
        if ruleBaseline != nil, let value = object["baseline"] {
            fail(
                at + ".baseline", value,
                "A baseline applies only to a relative limit like \"+10%\"; remove it or make the limit relative.")
        }
        return nil
    }

    /// A rule against history needs a relative limit and no baseline.
    private mutating func checkHistory(limit: BudgetLimit, object: [String: JSONValue], at: String) {
        if !limit.isRelative {
            fail(
                at + ".limit", .string(limit.text),
                "A rule against history compares with the last runs; expected a relative limit like \"+10%\".")
        }
        if let value = object["baseline"] {
            fail(
                at + ".baseline", value,
                "A rule compares with either a saved baseline or the history; remove \"baseline\" or \"history\".")
        }
    }

    /// `"history": N`, a whole number of runs from 1.
    private mutating func historyRuns(_ value: JSONValue, at path: String) -> Int? {
        if case .number(let number) = value, number >= 1, number <= 10_000, number == number.rounded() {
            return Int(number)
        }
        fail(
            path, value,
            "Expected the number of recent runs to compare with, a whole number from 1 to 10000, such as 10.")
        return nil
    }

    // MARK: Values

    private mutating func string(_ value: JSONValue, at path: String) -> String? {
        if case .string(let text) = value { return text }
        fail(path, value, "Expected a string.")
        return nil
    }

    private mutating func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: String) -> T?
    where T.RawValue == String {
        let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        if case .string(let text) = value, let result = T(rawValue: text) { return result }
        fail(path, value, "Expected one of \(names).")
        return nil
    }

    /// The definition of the rule's metric, or nil after recording the problem.
    private mutating func metricDefinition(_ object: [String: JSONValue], at: String) -> MetricDefinition? {
        guard let value = object["metric"] else {
            missing(
                at + ".metric",
                "The key \"metric\" is required; expected a metric name such as \"\(MetricName.timeToFirstFrame)\".")
            return nil
        }
        guard let name = string(value, at: at + ".metric") else { return nil }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            fail(
                at + ".metric", value,
                "Expected a metric name without control characters (a newline or tab in a span name is a typo).")
            return nil
        }
        if name.hasPrefix(MetricName.reasonPrefix), MetricCatalog.definition(of: MetricName(rawValue: name)) == nil {
            fail(
                at + ".metric", value,
                "Expected a reason of the launch's breakdown, one of \(MetricCatalog.reasonNames.map { "\"\($0)\"" }.joined(separator: ", ")), optionally followed by \"\(MetricName.reasonShareSuffix)\" for its share of the launch.",
                suggestion: MetricCatalog.suggestion(for: name)?.rawValue)
            return nil
        }
        guard
            let definition = MetricCatalog.definition(of: MetricName(rawValue: name))
                ?? MetricCatalog.programPhaseDefinition(of: MetricName(rawValue: name))
        else {
            fail(
                at + ".metric", value,
                "Expected a metric name such as \"\(MetricName.timeToFirstFrame)\", a phase id (UIKit's, the runner's or the program's own), \"\(MetricName.spanPrefix)<name>\" or another name listed in docs/budgets.md.",
                suggestion: MetricCatalog.suggestion(for: name)?.rawValue)
            return nil
        }
        return definition
    }

    private mutating func baselineName(_ value: JSONValue, at path: String) -> String? {
        guard let name = string(value, at: path) else { return nil }
        guard BaselineStore.isValidName(name) else {
            fail(
                path, value,
                "Expected a baseline name of letters, digits, \".\", \"_\" or \"-\", not starting with \".\".")
            return nil
        }
        return name
    }

    private mutating func checkKeys(_ object: [String: JSONValue], allowed: Set<String>, at path: String) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            let suggestion = Self.closestKey(to: key, in: allowed)
            problems.append(
                .budgetProblem(
                    at: keyPath, value: nil,
                    expected: "The key \"\(key)\" is not known; expected only \(Self.list(allowed)).",
                    suggestion: suggestion
                ))
        }
    }

    private mutating func fail(_ path: String, _ value: JSONValue, _ expected: String, suggestion: String? = nil) {
        problems.append(.budgetProblem(at: path, value: value.rendered, expected: expected, suggestion: suggestion))
    }

    private mutating func missing(_ path: String, _ expected: String) {
        problems.append(.budgetProblem(at: path, value: nil, expected: expected))
    }

    /// The allowed key a misspelt one most likely meant: one it abbreviates, or the nearest
    /// by edit distance when that is within three edits.
    static func closestKey(to key: String, in allowed: Set<String>) -> String? {
        let lowered = key.lowercased()
        if let prefixed = allowed.sorted().first(where: { $0.lowercased().hasPrefix(lowered) }) { return prefixed }
        let ranked = allowed.map { (key: $0, distance: EditDistance.levenshtein(lowered, $0.lowercased())) }
            .sorted { ($0.distance, $0.key) < ($1.distance, $1.key) }
        guard let best = ranked.first, best.distance <= 3 else { return nil }
        return best.key
    }

    static func list(_ keys: Set<String>) -> String {
        keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func example(for kind: MetricKind) -> String {
        switch kind {
        case .time: "\"400ms\" (units ns, us, ms, s)"
        case .bytes: "\"150MB\" (units B, KB, MB, GB, KiB, MiB, GiB)"
        case .count: "\"3\" (a plain number)"
        case .share: "\"15%\" (a percentage of the launch, without a sign)"
        }
    }
}
