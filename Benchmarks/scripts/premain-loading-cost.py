#!/usr/bin/env python3
"""What a variant of the audit module adds to the loading part before main, as the module itself
times it: each round launches the program once with each module, in random order, as the runner
does (its own process group, the event socket, LAUNCHPROF_SPAWN_NS), and reads the module's records
(lp_premain_abi.h): loader start to the last object mapped. Printed: each module's median, and each
one's median per-round difference from the first.

    bench.py premain-loading-cost [--rounds 100] --modules BASE.so,OTHER.so[,...] -- PROGRAM [ARGS ...]

A module is built by hand with the plugin's flags (Plugins/PreloadLibrary: clang -shared -fPIC -O2
-nostdlib -ffreestanding -fno-stack-protector -fno-builtin, and the stub that names the loader by
its path), for example from another commit's Sources/CLaunchAudit.
"""
import os
import random
import socket
import statistics
import struct
import subprocess
import sys
import time

import harness

RECORD = struct.Struct("<IIqqqqq")  # struct lp_premain_record
START, OBJECT = 1, 2


def loading_ns(module, program):
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    environment = dict(os.environ, LD_AUDIT=module, LAUNCHPROF_EVENT_FD=str(theirs.fileno()),
                       LAUNCHPROF_SPAWN_NS=str(time.monotonic_ns()))
    child = subprocess.Popen(program, env=environment, pass_fds=[theirs.fileno()], stdout=subprocess.DEVNULL,
                             start_new_session=True)
    child.wait()
    theirs.close()
    data = ours.recv(1 << 22)
    ours.close()
    body = data[data.index(b"\n") + 1:]
    offset, start, last = 0, None, None
    while offset + RECORD.size <= len(body):
        kind, text_bytes, at, *_ = RECORD.unpack_from(body, offset)
        offset += RECORD.size + text_bytes
        if kind == START:
            start = at
        elif kind == OBJECT:
            last = at
    if start is None or last is None:
        sys.exit(f"{module}: no records from {program[0]}")
    return last - start


def main():
    parser = harness.parser(__doc__, rounds=100, build=False, command=True)
    parser.add_argument("--modules", required=True, help="two or more audit modules, comma-separated; the first is the base")
    args = parser.parse_args()
    rounds, program = args.rounds, harness.command_of(args, parser)
    modules = [os.path.abspath(module) for module in args.modules.split(",")]
    if len(modules) < 2 or not all(os.path.exists(module) for module in modules):
        parser.error(f"--modules {args.modules}: expected two or more existing .so files, comma-separated")
    times = {module: [] for module in modules}
    for _ in range(rounds):
        order = list(modules)
        random.shuffle(order)
        for module in order:
            times[module].append(loading_ns(module, program))
    base = modules[0]
    for module in modules:
        line = f"{module}: loading median {statistics.median(times[module]) / 1e3:.1f} us"
        if module != base:
            differences = [a - b for a, b in zip(times[module], times[base])]
            line += f", {statistics.median(differences) / 1e3:+.1f} us against {os.path.basename(base)} (median per round)"
        print(line)


if __name__ == "__main__":
    main()
