import Foundation

@testable import LaunchKit

/// libFuzzer entry point: any bytes as an app's Info.plist (XML or binary property list).
/// Reading may reject them with a ``LaunchKitError``; it must never crash, hang or trap.
/// LaunchKit links the app-side probe, whose pre-main constructor only reads the monotonic
/// clock (`lp_note_premain`), so it is harmless here.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer calls the entry point by this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? InfoPlist.parse(data, url: URL(fileURLWithPath: "/fuzz/Info.plist"))
    return 0
}
