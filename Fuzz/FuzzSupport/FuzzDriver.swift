/// libFuzzer's driver (in libclang_rt.fuzzer, linked by `-sanitize=fuzzer`).
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer\'s own name.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> Int32
) -> Int32

/// Hands a fuzz target's command line to libFuzzer's driver, which calls `testOneInput` with
/// every input it generates (the executable's `main` calls this; see any `Fuzz*+Driver.swift`).
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ testOneInput: @convention(c) (UnsafeRawPointer, Int) -> Int32
) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
