import Dispatch
import LaunchTrace
import Synchronization

/// Resolves raw addresses of a launch into function names (and file:line), after the launch,
/// in the tool. Each image's ELF symbol table is read once and kept sorted; each resolved
/// frame and each demangled name is cached, so a run of many launches of the same app pays
/// for every address once.
///
/// Not thread-safe: use one symbolicator per task.
///
/// ```swift
/// let symbolicator = Symbolicator()
/// let map = ImageMap(trace.mainThread!.images)
/// let frames = symbolicator.symbolicate(stack: call.stack, in: map, firstIsExact: false)
/// symbolicator.locateSources()                 // one symbolizer process per image
/// frames = symbolicator.symbolicate(stack: call.stack, in: map, firstIsExact: false)  // now with file:line
/// ```
package final class Symbolicator {
    /// The external symbolizer for file:line; nil to resolve names only.
    package let sourceLocator: SourceLocator?
    /// Images that could not be used (unreadable, malformed, or a different build than the
    /// launch's), each with a sentence saying why; their frames show as `image+0xoffset`.
    package private(set) var problems: [String: String] = [:]
    /// Images whose frames have names but no file and line because the ``sourceLocator``
    /// failed on them (could not start, exited with an error, was killed or stopped at its
    /// timeout), each with the sentence saying so.
    package private(set) var sourceProblems: [String: String] = [:]

    /// Every image whose frames lack names or file and line, with a sentence saying which and
    /// why: what ``LaunchTool/RunFindings`` records and the reports show.
    package var notices: [String: String] {
        var notices = problems.mapValues { "Function names are missing (its frames show as image+offset): \($0)" }
        for (path, problem) in sourceProblems where notices[path] == nil {
            notices[path] = "File and line are missing: \(problem)"
        }
        return notices
    }

    private struct ImageState {
        var image: ELFImage?
        var names: [Int: SymbolName] = [:]
        var pendingLocations: Set<UInt64> = []
        var locations: [UInt64: SourceLocation] = [:]
    }

    private struct FrameKey: Hashable {
        var image: Int
        var lookupAddress: UInt64
    }

    private var imageIDs: [String: Int] = [:]
    private var states: [ImageState] = []
    private var frames: [FrameKey: SymbolicatedFrame] = [:]
    private var fragmentCache: [String: Bool] = [:]
    private var entryModules: [String: String?] = [:]

    /// Creates a symbolicator; by default it finds a symbolizer for file:line on this machine.
    package init(sourceLocator: SourceLocator? = SourceLocator.find()) {
        self.sourceLocator = sourceLocator
    }

    /// Uses `image` for `path` instead of reading the file (tests, synthetic images).
    package func register(_ image: ELFImage, for path: String) {
        let id = imageID(path, load: false)
        states[id].image = image
    }

    /// Reads the symbol table of `path` now (symbolication would read it on first use).
    ///
    /// - Throws: ``LaunchProfilerError`` when the file cannot be used.
    package func loadImage(_ path: String) throws {
        let id = imageID(path, load: true)
        if states[id].image == nil {
            throw LaunchProfilerError.invalidELF(path: path, reason: problems[path] ?? "The image has no symbols.")
        }
    }

    private func imageID(_ path: String, load: Bool) -> Int {
        if let id = imageIDs[path] { return id }
        let id = states.count
        imageIDs[path] = id
        var state = ImageState()
        // Generated code has no file to read: its frames are named by address, and that is no problem to report.
        if load, !LoadedImage.isGeneratedCode(path: path) {
            do {
                state.image = Self.withSeparateDebugSymbols(try ELFImage(contentsOf: path))
            } catch let error as LaunchProfilerError {
                problems[path] = error.message
            } catch {
                problems[path] = "The image cannot be read: \(error)."
            }
        }
        states.append(state)
        return id
    }

    /// Folder of the distribution's separate debug files, by build id (`libc6-dbg` puts libc's there).
    package static let debugFileFolder = "/usr/lib/debug/.build-id"

    /// `image` with the full symbol table of its separate debug file, when the image has only
    /// its exported symbols (`.dynsym`: libc names no internal function such as
    /// `__pthread_clockjoin_ex`) and the distribution's debug file for its build id is installed.
    static func withSeparateDebugSymbols(_ image: ELFImage) -> ELFImage {
        guard image.symbolSource != ".symtab", let id = image.buildID, id.count > 2 else { return image }
        let path = "\(debugFileFolder)/\(id.prefix(2))/\(id.dropFirst(2)).debug"
        guard let debug = try? ELFImage(contentsOf: path), debug.symbolSource == ".symtab", debug.symbols.count > 0
        else { return image }
        var named = ELFImage(path: image.path, buildID: id, symbols: debug.symbols, symbolSource: ".symtab of \(path)")
        named.linkBase = image.linkBase
        return named
    }

    /// Resolves one address. `isReturnAddress` looks up the byte before it (the call
    /// instruction), so a call at the very end of a function is not taken for the next one.
    package func symbolicate(_ address: Address, in map: ImageMap, isReturnAddress: Bool) -> SymbolicatedFrame {
        guard let loaded = map.image(containing: address) else {
            return SymbolicatedFrame(
                address: address, image: nil, imageOffset: nil, symbol: nil, symbolOffset: nil, location: nil)
        }
        let offset = address.value &- loaded.loadAddress.value
        let lookup = isReturnAddress && offset > 0 ? offset - 1 : offset
        let id = imageID(loaded.path, load: true)
        let key = FrameKey(image: id, lookupAddress: lookup)
        if var frame = frames[key] {
            if frame.location == nil, let location = states[id].locations[lookup] {
                frame.location = location
                frames[key] = frame
            }
            frame.address = address
            frame.imageOffset = offset
            return frame
        }
        var frame = SymbolicatedFrame(
            address: address, image: loaded.path, imageOffset: offset, symbol: nil, symbolOffset: nil, location: nil)
        if let image = states[id].image {
            if let expected = loaded.buildID, let actual = image.buildID, expected.lowercased() != actual {
                problems[loaded.path] =
                    "The file's build id \(actual) differs from the launch's \(expected); the binary was rebuilt after the launch, so its frames are not named."
                states[id].image = nil
            } else if let index = image.symbols.index(containing: lookup &+ image.linkBase) {
                let name: SymbolName
                if let cached = states[id].names[index] {
                    name = cached
                } else {
                    name = SymbolName(raw: image.symbols.name(at: index))
                    states[id].names[index] = name
                }
                frame.symbol = name
                frame.symbolOffset = lookup &+ image.linkBase &- image.symbols.entries[index].start
            }
        }
        if sourceLocator != nil, states[id].image != nil, states[id].locations[lookup] == nil {
            states[id].pendingLocations.insert(lookup)
        }
        frame.location = states[id].locations[lookup]
        frames[key] = frame
        return frame
    }

    /// Resolves a stack, innermost first. `firstIsExact` says the first address is an
    /// interrupted instruction (a sample) rather than a return address.
    package func symbolicate(stack: [Address], in map: ImageMap, firstIsExact: Bool) -> [SymbolicatedFrame] {
        stack.enumerated().map { index, address in
            symbolicate(address, in: map, isReturnAddress: !(firstIsExact && index == 0))
        }
    }

    /// Whether the symbol table of the image at `path` has a name containing `fragment`
    /// (reads the image if needed). Used to find a type's `shared` singleton by its mangled
    /// accessor, e.g. `12CatalogStoreC6shared`.
    package func image(_ path: String, hasSymbolContaining fragment: String) -> Bool {
        let id = imageID(path, load: true)
        let key = path + "\u{0}" + fragment
        if let known = fragmentCache[key] { return known }
        let found = states[id].image?.symbols.containsName(fragment) ?? false
        fragmentCache[key] = found
        return found
    }

    /// The Swift module whose code is the executable at `path`'s entry point: SwiftPM names the
    /// entry point `<Module>_main` beside `main`. Nil for a program not written in Swift, one
    /// built without SwiftPM, or one stripped of its symbol table.
    package func entryModule(ofExecutable path: String) -> String? {
        if let known = entryModules[path] { return known }
        let module = findEntryModule(path)
        entryModules[path] = .some(module)
        return module
    }

    /// The source file of the function named `symbol` in the image at `path` (its first line's
    /// file, from the debug information), or nil without symbols, debug information or a
    /// ``sourceLocator``.
    package func sourceFile(ofSymbol symbol: String, inImage path: String) -> String? {
        let id = imageID(path, load: true)
        guard let locator = sourceLocator, let image = states[id].image,
            let start = image.symbols.start(ofSymbolNamed: symbol)
        else { return nil }
        let offset = start &- image.linkBase
        return locator.locate([offset], in: path)[offset]?.file
    }

    private func findEntryModule(_ path: String) -> String? {
        let id = imageID(path, load: true)
        guard let symbols = states[id].image?.symbols else { return nil }
        // A module's mangled names start `$s<length><Module>`; a C function `dispatch_main` has none.
        let modules = symbols.names(endingWith: "_main").map { String($0.dropLast(5)) }.filter { module in
            !module.isEmpty && !module.hasPrefix("_") && !module.hasPrefix("$")
                && module.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        return modules.first { symbols.containsName("$s\($0.utf8.count)\($0)") }
    }

    /// Adds file:line to every frame resolved so far that lacks one: one symbolizer process
    /// per image (per ``SourceLocator/batchLimit`` addresses). Frames returned afterwards
    /// carry the locations. Does nothing without a ``sourceLocator``.
    package func locateSources() {
        guard let locator = sourceLocator else { return }
        let work = imageIDs.filter { !states[$0.value].pendingLocations.isEmpty }
            .map { (path: $0.key, id: $0.value, addresses: Array(states[$0.value].pendingLocations)) }
        for item in work { states[item.id].pendingLocations = [] }
        // The symbolizer processes read each image's debug information on their own: run them
        // side by side, one per CPU.
        let results = Mutex<[Int: SourceLocator.Result]>([:])
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let found = locator.locateReporting(work[index].addresses, in: work[index].path)
            results.withLock { $0[index] = found }
        }
        for (index, found) in results.withLock({ $0 }) {
            let (path, id) = (work[index].path, work[index].id)
            states[id].locations.merge(found.locations) { first, _ in first }
            if let problem = found.problem, sourceProblems[path] == nil { sourceProblems[path] = problem }
        }
    }
}
