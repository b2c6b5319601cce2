/// A value bound to a statement, the same for both back ends.
enum HistoryValue: Sendable, Equatable {
    case text(String?)
    case integer(Int)
    case real(Double)
}
