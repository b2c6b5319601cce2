/// A step's script could not be run as a runner would run it.
struct ActionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
