#if canImport(Glibc)
    import Glibc
#endif

/// C strings that live as long as this value: an `argv`/`envp`-shaped, NULL-terminated array.
final class CStringArray {
    /// One pointer per string, then a NULL.
    let argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    /// Copies `strings`.
    init(_ strings: [String]) {
        count = strings.count
        argv = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { argv[index] = strdup(string) }
        argv[strings.count] = nil
    }

    deinit {
        for index in 0..<count { free(argv[index]) }
        argv.deallocate()
    }

    /// The string at `index`.
    subscript(index: Int) -> UnsafeMutablePointer<CChar>? { argv[index] }
}
