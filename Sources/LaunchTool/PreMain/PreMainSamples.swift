import LaunchSymbolication
import LaunchTrace

/// One object's samples over the launches that loaded it, for ``PreMainSummary``.
struct PreMainSamples {
    let object: PreMainObject
    let origin: PreMainOrigin
    var loads: [Double] = []
    var initializers: [Double] = []
    var initializersCpu: [Double] = []
    /// Each initializer function's wall and CPU times, by address.
    var functions: [UInt64: (wall: [Double], cpu: [Double])] = [:]

    init(object: PreMainObject, isExecutable: Bool) {
        self.object = object
        origin = isExecutable ? .executable : PreMainOrigin(path: object.path)
    }

    mutating func add(_ breakdown: PreMainBreakdown, index: Int) {
        loads.append(Double(breakdown.loadNs(of: index)))
        let own = breakdown.initializers.filter { $0.object == index }
        initializers.append(Double(own.reduce(0) { $0 + $1.durationNs }))
        initializersCpu.append(Double(own.reduce(0) { $0 + $1.onCpuNs }))
        for initializer in own {
            functions[initializer.address, default: ([], [])].wall.append(Double(initializer.durationNs))
            functions[initializer.address, default: ([], [])].cpu.append(Double(initializer.onCpuNs))
        }
    }

    func library(names: inout InitializerNames) -> PreMainLibrary {
        let slowest = functions.map { address, times in
            (address, Descriptive.median(times.wall), Descriptive.median(times.cpu))
        }
        .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(3)
        .map { PreMainFunction(function: names.name(of: $0.0, in: object.path), medianNs: $0.1, medianCpuNs: $0.2) }
        return PreMainLibrary(
            name: object.name, path: object.path, origin: origin, mappedBytes: object.mappedBytes,
            loadNs: Descriptive.median(loads), initializersNs: Descriptive.median(initializers),
            initializersCpuNs: Descriptive.median(initializersCpu), slowestInitializers: Array(slowest))
    }
}

/// Initializer functions named from their objects' symbol tables, each file read once.
struct InitializerNames {
    private var images: [String: ELFImage?] = [:]

    /// The function at `address` in the object at `path`, simplified (`Catalog.init()`,
    /// `spin_init`), or the address in hex when the symbols do not have it.
    mutating func name(of address: UInt64, in path: String) -> String {
        if images[path] == nil { images[path] = .some(try? ELFImage(contentsOf: path)) }
        let fallback = "0x" + String(address, radix: 16)
        guard let image = images[path] ?? nil, let match = image.symbols.lookup(address) else { return fallback }
        let name = SymbolName(raw: match.name).simple
        return name.isEmpty ? fallback : name
    }
}

extension PreMainOrigin {
    /// The file names of the Swift runtime and Foundation as shared libraries, besides
    /// `libswift*.so`.
    static let swiftRuntimeNames: Set<String> = [
        "libFoundation.so", "libFoundationEssentials.so", "libFoundationInternationalization.so",
        "libFoundationNetworking.so", "libFoundationXML.so", "lib_FoundationICU.so", "libdispatch.so",
        "libBlocksRuntime.so", "lib_FoundationCollections.so",
    ]

    /// The origin of a library by its path.
    init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasPrefix("libswift") || Self.swiftRuntimeNames.contains(name) {
            self = .swiftRuntime
        } else if name == "linux-vdso.so.1" || name.hasPrefix("ld-linux") || path.hasPrefix("/lib/")
            || path.hasPrefix("/lib64/") || path.hasPrefix("/usr/lib/")
        {
            self = .system
        } else if name == "libLaunchPreload.so" {
            self = .instrument
        } else {
            self = .program
        }
    }
}
