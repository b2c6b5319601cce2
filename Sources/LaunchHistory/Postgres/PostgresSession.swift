import Foundation
import NIOCore
import PostgresNIO

/// Statements on one open connection, inside ``PostgresHistoryStore/transaction(_:)``.
struct PostgresSession {
    /// The connection.
    let connection: PostgresConnection

    /// A failed statement: the server's message.
    struct Failure: Error {
        var message: String
    }

    /// The rows of a statement (values as text, `nil` for NULL) and the rows it changed.
    struct Rows {
        var values: [[String?]]
        var changed: Int
    }

    /// Runs `sql` with `values` bound (text, 64-bit integers, doubles), waiting for its rows.
    @discardableResult
    func execute(_ sql: String, _ values: [HistoryValue] = []) throws -> Rows {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text?): bindings.append(text)
            case .text(nil): bindings.appendNull()
            case .integer(let integer): bindings.append(Int64(integer))
            case .real(let real): bindings.append(real)
            }
        }
        let result: PostgresQueryResult
        do {
            result = try connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: connection.logger)
                .wait()
        } catch {
            throw Failure(message: PostgresHistoryStore.sentence(error))
        }
        return Rows(values: try result.rows.map { row in try row.map(Self.text) }, changed: result.metadata.rows ?? 0)
    }

    /// A cell as the text PostgreSQL would print for it (`nil` for NULL).
    static func text(_ cell: PostgresCell) throws -> String? {
        guard let bytes = cell.bytes else { return nil }
        switch cell.dataType {
        case .int8: return String(try cell.decode(Int64.self))
        case .int4: return String(try cell.decode(Int32.self))
        case .int2: return String(try cell.decode(Int16.self))
        case .float8: return "\(try cell.decode(Double.self))"
        case .float4: return "\(try cell.decode(Float.self))"
        case .bool: return try cell.decode(Bool.self) ? "t" : "f"
        default: return String(buffer: bytes)
        }
    }
}
