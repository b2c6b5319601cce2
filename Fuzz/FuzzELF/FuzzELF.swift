import LaunchSymbolication

/// libFuzzer entry point: any bytes as an ELF image. The reader may reject them with an error;
/// it must never read out of bounds, crash or trap.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer calls the entry point by this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    _ = try? ELFImage(bytes: bytes, path: "fuzz.elf")
    return 0
}
