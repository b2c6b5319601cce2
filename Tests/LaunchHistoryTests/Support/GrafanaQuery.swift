import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool

/// A query of the Grafana dashboard (`grafana/launchprof-dashboard.json`): a panel's target, a
/// template variable or an annotation, with its SQL as written for Grafana's PostgreSQL data
/// source, expanded as Grafana expands it and run on a real PostgreSQL with `psql`.
struct GrafanaQuery {
    /// Where it is: `panel 1 (title)`, `variable metric`, `annotation Runs`.
    var place: String
    /// The SQL, with Grafana's macros and variables.
    var sql: String

    /// The dashboard file in the repository.
    static let dashboardFile = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "grafana/launchprof-dashboard.json")

    /// The dashboard, as JSON objects.
    static func dashboard() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: dashboardFile)) as? [String: Any] ?? [:]
    }

    /// Every query of `dashboard`: its panels' targets, its variables, its annotations.
    static func all(in dashboard: [String: Any]) -> [GrafanaQuery] {
        let panels = dashboard["panels"] as? [[String: Any]] ?? []
        let targets = panels.flatMap { panel in
            (panel["targets"] as? [[String: Any]] ?? []).compactMap { target in
                (target["rawSql"] as? String).map {
                    GrafanaQuery(place: "panel \(panel["id"] ?? "?") (\(panel["title"] ?? ""))", sql: $0)
                }
            }
        }
        let variables = ((dashboard["templating"] as? [String: Any])?["list"] as? [[String: Any]] ?? []).compactMap {
            variable in
            (variable["query"] as? String).map { GrafanaQuery(place: "variable \(variable["name"] ?? "?")", sql: $0) }
        }
        let annotations = ((dashboard["annotations"] as? [String: Any])?["list"] as? [[String: Any]] ?? []).compactMap {
            annotation in
            ((annotation["target"] as? [String: Any])?["rawSql"] as? String).map {
                GrafanaQuery(place: "annotation \(annotation["name"] ?? "?")", sql: $0)
            }
        }
        return targets + variables + annotations
    }

    /// The SQL Grafana sends for a dashboard time range of `from` to `to` (RFC 3339) with
    /// `variables` chosen: `${name:sqlstring}` quoted with `'` doubled, `$__timeFilter(x)` as
    /// `x BETWEEN 'from' AND 'to'`, `$__time(x)` as `x AS "time"`, `$__timeFrom()` and
    /// `$__timeTo()` as the quoted times. Throws when a `$` is left that this does not expand.
    func expanded(variables: [String: String], from: String, to: String) throws -> String {
        var sql = sql
        for (name, value) in variables {
            sql = sql.replacingOccurrences(
                of: "${\(name):sqlstring}", with: "'" + value.replacingOccurrences(of: "'", with: "''") + "'")
        }
        sql = sql.replacingOccurrences(of: "$__timeFrom()", with: "'\(from)'")
        sql = sql.replacingOccurrences(of: "$__timeTo()", with: "'\(to)'")
        sql = try Self.expandMacro("$__timeFilter", in: sql) { "\($0) BETWEEN '\(from)' AND '\(to)'" }
        sql = try Self.expandMacro("$__time", in: sql) { "\($0) AS \"time\"" }
        if let left = sql.range(of: "$") {
            throw GrafanaQueryError(message: "\(place): \(sql[left.lowerBound...].prefix(40)) is not expanded")
        }
        return sql
    }

    /// `name(argument)` replaced by `replacement(argument)`, with nested parentheses kept.
    static func expandMacro(_ name: String, in sql: String, _ replacement: (String) -> String) throws -> String {
        var sql = sql
        while let start = sql.range(of: name + "(") {
            var depth = 1
            var index = start.upperBound
            while depth > 0 {
                guard index < sql.endIndex else { throw GrafanaQueryError(message: "\(name)( is not closed") }
                if sql[index] == "(" { depth += 1 }
                if sql[index] == ")" { depth -= 1 }
                index = sql.index(after: index)
            }
            let argument = String(sql[start.upperBound..<sql.index(before: index)])
            sql.replaceSubrange(start.lowerBound..<index, with: replacement(argument))
        }
        return sql
    }

    /// The rows `sql` returns from the database at `url`, as `psql --csv` prints them
    /// (header first), or the server's error.
    static func rows(of sql: String, in url: PostgresURL) throws -> [[String]] {
        let output = try PostgresTestServer.run(
            "\(PostgresTestServer.binaries)/psql",
            [
                "-h", url.host, "-p", "\(url.port)", "-U", url.user, "-d", url.database, "--csv", "-X",
                "-v", "ON_ERROR_STOP=1", "-c", sql,
            ])
        return output.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

/// A query of the dashboard that cannot be expanded.
struct GrafanaQueryError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
