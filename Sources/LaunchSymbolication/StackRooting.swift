/// One rooting for every main-thread stack, whichever instrument took it: the loader's and
/// libc's start frames below `main` are trimmed, so the tracer's frame-pointer stacks (which
/// stop inside libc, at `libc.so.6+0x2724a`) and the samplers' unwound stacks (which go on to
/// `_start;__libc_start_main;…`) end at the same root and a flame graph draws one tower.
///
/// ```swift
/// StackRooting.startFrameCount(["_start", "__libc_start_main", "libc.so.6+0x2724a", "main", "f()"])   // 3
/// ```
package enum StackRooting {
    /// The start routines of the loader and libc that call `main`.
    package static let startFunctions: Set<String> = [
        "_start", "__libc_start_main", "__libc_start_main_impl", "__libc_start_main_alias_2",
        "__libc_start_call_main", "_dl_start", "_dl_start_user", "_dl_start_final",
    ]

    /// Image-name prefixes whose unnamed frames (`libc.so.6+0x2724a`) at the root are start code.
    package static let startImagePrefixes = ["libc.so", "libc-", "ld-linux", "ld64"]

    /// How many frames at the root of `namesRootFirst` are start code (never all of them: the
    /// leaf is kept).
    package static func startFrameCount(_ namesRootFirst: [String]) -> Int {
        var count = 0
        while count < namesRootFirst.count - 1, isStartFrame(namesRootFirst[count]) { count += 1 }
        return count
    }

    /// Whether a frame, by its name, is the loader's or libc's start code.
    package static func isStartFrame(_ name: String) -> Bool {
        if startFunctions.contains(name) { return true }
        guard let plus = name.range(of: "+0x") else { return false }
        let image = name[..<plus.lowerBound]
        return startImagePrefixes.contains { image.hasPrefix($0) }
    }
}
