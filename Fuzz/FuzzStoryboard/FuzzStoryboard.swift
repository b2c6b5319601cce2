import Foundation

@testable import LaunchKit

/// libFuzzer entry point: any bytes as a LaunchKit storyboard (JSON), class names resolved as
/// at launch. Reading may reject them with a ``LaunchKitError``; it must never crash, hang or
/// trap. Nothing is instantiated: the initial view controller is created only at launch.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer calls the entry point by this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? Storyboard.parse(data, url: URL(fileURLWithPath: "/fuzz/Main.storyboard"))
    return 0
}
