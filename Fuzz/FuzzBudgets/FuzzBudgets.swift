import Foundation
import LaunchTool

/// libFuzzer entry point: any bytes as a budget file. Parsing may reject them with an error;
/// it must never crash, hang or trap.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer calls the entry point by this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? BudgetFile.parse(data, file: "fuzz.json")
    return 0
}
