import FuzzSupport

/// The executable's entry point: SwiftPM links `main` to `FuzzReadiness_main`, which hands the
/// command line to libFuzzer's driver.
@_cdecl("FuzzReadiness_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { start, size in LLVMFuzzerTestOneInput(start, size) }
}
