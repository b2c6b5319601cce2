// An `async` main that awaits work, then calls a helper whose last act is `usleep`: built with
// `swiftc -O`, the helper ends in `jmp usleep` (a tail call), so its frame is gone while it sleeps
// and the program's own nearest frame is the compiler's `async_MainTY0_`.
import Glibc

@inline(never) func settle() {
    usleep(40_000)
}

func load() async -> Int {
    var total = 0
    for value in 0..<1000 { total &+= value }
    return total
}

let value = await load()
if value == 42 { print("never") }
settle()
