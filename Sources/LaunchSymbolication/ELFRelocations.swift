import Foundation
import LaunchTrace

/// The relocations the dynamic loader applies to one ELF object before `main`, read from its
/// dynamic section (`DT_RELA`/`DT_RELASZ`/`DT_RELACOUNT`, `DT_RELR`/`DT_RELRSZ`, `DT_JMPREL`):
/// how many are relative (the object's own addresses, moved by its load address), how many name
/// a symbol the loader must look up, which symbols those are, the pages they write (each a
/// copy-on-write page fault), and the symbols the object exports to the others' lookups.
///
/// ```swift
/// let relocations = try ELFRelocations(contentsOf: "/opt/swift/usr/bin/swift-format")
/// relocations.relative       // 79877
/// relocations.writtenPages   // 203
/// ```
package struct ELFRelocations: Sendable, Equatable {
    /// Relative relocations (`R_*_RELATIVE` in `.rela.dyn`, and those packed in `DT_RELR`).
    package var relative: Int
    /// Of ``relative``, those packed in `DT_RELR` (`-z pack-relative-relocs`).
    package var packedRelative: Int
    /// Relocations in `.rela.dyn` that name a symbol (`GLOB_DAT`, `R_X86_64_64`, TLS, `COPY`).
    package var symbolic: Int
    /// PLT relocations (`JUMP_SLOT`): bound on first call, or before `main` when ``bindsNow``.
    package var plt: Int
    /// Whether the object asks for every symbol to be bound before `main` (`-z now`).
    package var bindsNow: Bool
    /// Whether the object is position independent (a library, a PIE executable): its relative
    /// relocations exist because its load address is chosen at launch.
    package var isPositionIndependent: Bool
    /// Distinct 4 KiB pages written by relative relocations.
    package var relativePages: Int
    /// Distinct 4 KiB pages written by symbol relocations (and lazy PLT slots).
    package var symbolPages: Int
    /// Distinct pages written by any relocation before `main`: each is copied on its first write.
    package var writtenPages: Int
    /// The symbols looked up before `main`, with how many lookups each needed (consecutive
    /// relocations of one symbol share one lookup, as the loader caches the last).
    package var lookups: [String: Int]
    /// The symbols the object defines for the others (global or weak, default visibility).
    package var exports: Set<String>

    /// Creates a description.
    package init(
        relative: Int, packedRelative: Int, symbolic: Int, plt: Int, bindsNow: Bool, isPositionIndependent: Bool,
        relativePages: Int, symbolPages: Int, writtenPages: Int, lookups: [String: Int], exports: Set<String>
    ) {
        self.relative = relative
        self.packedRelative = packedRelative
        self.symbolic = symbolic
        self.plt = plt
        self.bindsNow = bindsNow
        self.isPositionIndependent = isPositionIndependent
        self.relativePages = relativePages
        self.symbolPages = symbolPages
        self.writtenPages = writtenPages
        self.lookups = lookups
        self.exports = exports
    }

    /// Symbol lookups before `main`.
    package var lookupCount: Int { lookups.values.reduce(0, +) }

    /// Reads the relocations of the ELF64 little-endian file at `path` (mapped, read once).
    ///
    /// - Throws: ``LaunchProfilerError`` when the file cannot be read or its dynamic section is
    ///   malformed.
    package init(contentsOf path: String) throws {
        self = try ELFImage.mappedFile(path).withUnsafeBytes { bytes in
            let reader = ELFReader(bytes: bytes, path: path)
            try reader.checkHeader()
            return try reader.relocations()
        }
    }
}
