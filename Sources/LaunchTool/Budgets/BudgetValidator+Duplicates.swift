import Foundation
import LaunchTrace

extension BudgetValidator {
    /// Records a problem for every rule whose ``BudgetRule/Identity`` an earlier rule already
    /// has, naming both rules and what they check.
    mutating func checkDuplicateRules(_ rules: [BudgetRule]) {
        var seen: [BudgetRule.Identity: Int] = [:]
        for rule in rules {
            guard let first = seen[rule.identity] else {
                seen[rule.identity] = rule.index
                continue
            }
            problems.append(
                .budgetProblem(
                    at: "rules[\(rule.index)]", value: nil,
                    expected: "This rule checks the same as rules[\(first)]: \(rule.identityDescription). "
                        + "Expected each combination of metric, statistic, scenario, baseline and level once; keep one of the two limits."
                ))
        }
    }

    /// The problem of a key written twice in one object, with its line and column.
    static func duplicateKeyProblem(_ duplicate: JSONDuplicateKey) -> LaunchProfilerError {
        var problem = LaunchProfilerError.budgetProblem(
            at: duplicate.jsonPath, value: nil, expected: LaunchProfilerError.duplicateKeySentence(duplicate)
        )
        problem.context.line = duplicate.line
        problem.context.column = duplicate.column
        return problem
    }
}
