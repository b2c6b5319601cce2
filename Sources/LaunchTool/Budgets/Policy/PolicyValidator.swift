import LaunchTrace

/// Validates the `policy` section of a budget file, collecting problems with JSON paths.
struct PolicyValidator {
    private(set) var problems: [LaunchProfilerError] = []

    static let keys: Set<String> = [
        "beforeFirstFrame", "afterFirstFrame", "phases", "minimumCost", "allow", "description",
    ]
    static let kinds: Set<String> = Set(BlockingKind.allCases.map(\.rawValue))
    static let phaseIDs: Set<String> = Set(PhaseName.uikitCatalogue.map(\.rawValue))

    mutating func validate(_ value: JSONValue, at path: String) -> FindingsPolicy? {
        guard case .object(let object) = value else {
            fail(path, value, "Expected an object with any of the keys \(Self.list(Self.keys)).")
            return nil
        }
        unknownKeys(object, allowed: Self.keys, at: path)
        var policy = FindingsPolicy()
        if let levels = object["beforeFirstFrame"] {
            policy.beforeFirstFrame = kindLevels(levels, at: path + ".beforeFirstFrame")
        }
        if let levels = object["afterFirstFrame"] {
            policy.afterFirstFrame = kindLevels(levels, at: path + ".afterFirstFrame")
        }
        if let phases = object["phases"] { policy.phases = phaseLevels(phases, at: path + ".phases") }
        if let cost = object["minimumCost"] { minimumCost(cost, into: &policy, at: path + ".minimumCost") }
        if let allow = object["allow"] { policy.allow = allowed(allow, at: path + ".allow") }
        if let description = object["description"], case .string = description {
        } else if let description = object["description"] {
            fail(path + ".description", description, "Expected a string.")
        }
        return policy
    }

    private mutating func phaseLevels(_ phases: JSONValue, at path: String) -> [String: [String: BudgetLevel]] {
        guard case .object(let byPhase) = phases else {
            fail(path, phases, "Expected an object whose keys are phase ids and whose values map kinds to levels.")
            return [:]
        }
        var levels: [String: [String: BudgetLevel]] = [:]
        for key in byPhase.keys.sorted() {
            guard Self.phaseIDs.contains(key) else {
                problems.append(
                    .budgetProblem(
                        at: "\(path).\(key)", value: nil,
                        expected: "The key \"\(key)\" is not a phase; expected one of \(Self.list(Self.phaseIDs)).",
                        suggestion: BudgetValidator.closestKey(to: key, in: Self.phaseIDs)
                    ))
                continue
            }
            levels[key] = kindLevels(byPhase[key]!, at: "\(path).\(key)")
        }
        return levels
    }

    private mutating func minimumCost(_ cost: JSONValue, into policy: inout FindingsPolicy, at path: String) {
        if case .string(let text) = cost, let limit = try? BudgetLimit(parsing: text),
            case .absolute(let value, .time, _) = limit
        {
            policy.minimumCostNs = value
            policy.minimumCost = text
        } else {
            fail(path, cost, "Expected a duration such as \"2ms\" (units ns, us, ms, s).")
        }
    }

    private mutating func allowed(_ allow: JSONValue, at path: String) -> [String] {
        guard case .array(let items) = allow else {
            fail(path, allow, "Expected an array of function or type names.")
            return []
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            if case .string(let name) = item, !name.trimmingCharacters(in: .whitespaces).isEmpty {
                names.append(name)
            } else {
                fail(
                    "\(path)[\(index)]", item,
                    "Expected a function name such as \"ThumbnailCache.warmSynchronously\" or a type name.")
            }
        }
        return names
    }

    private mutating func kindLevels(_ value: JSONValue, at path: String) -> [String: BudgetLevel] {
        guard case .object(let object) = value else {
            fail(
                path, value,
                "Expected an object mapping kinds of main-thread work (\(Self.list(Self.kinds))) to \"warn\" or \"error\"."
            )
            return [:]
        }
        var levels: [String: BudgetLevel] = [:]
        for key in object.keys.sorted() {
            guard Self.kinds.contains(key) else {
                problems.append(
                    .budgetProblem(
                        at: "\(path).\(key)", value: nil,
                        expected:
                            "The key \"\(key)\" is not a kind of main-thread work; expected one of \(Self.list(Self.kinds)).",
                        suggestion: BudgetValidator.closestKey(to: key, in: Self.kinds)
                    ))
                continue
            }
            if case .string(let text) = object[key]!, let level = BudgetLevel(rawValue: text) {
                levels[key] = level
            } else {
                fail("\(path).\(key)", object[key]!, "Expected \"warn\" or \"error\".")
            }
        }
        return levels
    }

    private mutating func unknownKeys(_ object: [String: JSONValue], allowed: Set<String>, at path: String) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            problems.append(
                .budgetProblem(
                    at: "\(path).\(key)", value: nil,
                    expected: "The key \"\(key)\" is not known; expected only \(Self.list(allowed)).",
                    suggestion: BudgetValidator.closestKey(to: key, in: allowed)
                ))
        }
    }

    private mutating func fail(_ path: String, _ value: JSONValue, _ expected: String) {
        problems.append(.budgetProblem(at: path, value: value.rendered, expected: expected))
    }

    static func list(_ keys: Set<String>) -> String { BudgetValidator.list(keys) }
}
