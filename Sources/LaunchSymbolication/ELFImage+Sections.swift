import Foundation
import LaunchTrace

extension ELFImage {
    /// The names of the sections of the ELF file at `path` (`.text`, `swift5_protocols`, …), read
    /// from its section header table; empty for a file without one.
    ///
    /// - Throws: ``LaunchProfilerError`` when the file cannot be read or is not a well-formed
    ///   ELF64 little-endian image.
    package static func sectionNames(ofFileAt path: String) throws -> [String] {
        try mappedFile(path).withUnsafeBytes { bytes in
            let reader = ELFReader(bytes: bytes, path: path)
            try reader.checkHeader()
            let sections = try reader.readSections()
            guard let table = try reader.sectionNameTable(sections) else { return [] }
            return try sections.map {
                try reader.string(at: table.offset + UInt64($0.name), limit: table.offset + table.size)
            }
        }
    }
}
