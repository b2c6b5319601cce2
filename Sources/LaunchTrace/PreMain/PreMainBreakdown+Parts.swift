extension PreMainBreakdown {
    /// The kernel's exec: from the launch start to its end (or, unknown, to the loader's start).
    package var execNs: Int64 { max(0, execEndNs ?? firstLoaderStartNs) }

    /// From the exec's end to the loader running the audit module: the loader's own start-up,
    /// which includes loading the audit module (the breakdown's own cost).
    package var loaderStartupNs: Int64 { max(0, firstLoaderStartNs - execNs) }

    /// The programs that exec'd the next before this one: from the first one's loader start to
    /// this one's (their whole runs and the execs), 0 when the program ran alone.
    package var earlierProgramsNs: Int64 {
        earlierPrograms.map { max(0, loaderStart.atNs - $0.firstLoaderStartNs) } ?? 0
    }

    private var firstLoaderStartNs: Int64 { earlierPrograms?.firstLoaderStartNs ?? loaderStart.atNs }

    /// The time the loader spent mapping object `index` (finding, opening, mapping it): from
    /// the previous object, or the loader's start, to it.
    package func loadNs(of index: Int) -> Int64 {
        let previous = index == 0 ? loaderStart.atNs : objects[index - 1].mapped.atNs
        return max(0, objects[index].mapped.atNs - previous)
    }

    /// The main thread's CPU time while object `index` was being mapped, or nil when unknown.
    package func loadCpuNs(of index: Int) -> Int64? {
        let previous = index == 0 ? loaderStart.cpuNs : objects[index - 1].mapped.cpuNs
        let now = objects[index].mapped.cpuNs
        return previous < 0 || now < 0 ? nil : max(0, now - previous)
    }

    /// Mapping every object: the loader's start to the last object.
    package var loadingNs: Int64 { max(0, (objects.last?.mapped.atNs ?? loaderStart.atNs) - loaderStart.atNs) }

    /// Symbol resolution and relocation of every object: the last object mapped to relocated.
    package var relocationNs: Int64 { max(0, relocated.atNs - (objects.last?.mapped.atNs ?? loaderStart.atNs)) }

    /// Whether the audit module marked the end of some object's relocation in this launch
    /// (``ProfilerEnvironment/relocationMarks``): its loading part then includes the marks' cost.
    package var hasRelocationMarks: Bool { objects.contains { $0.relocatedNs != nil } }

    /// The time the loader spent relocating object `index`, when the audit module marked it:
    /// from the previous marked object's end (or the last object mapped) to its own. The loader
    /// relocates dependencies first and the executable last; an object it did not mark is
    /// relocated within the next marked one's time.
    package func relocationNs(of index: Int) -> Int64? {
        guard let end = objects[index].relocatedNs else { return nil }
        let start = objects.lazy.compactMap(\.relocatedNs).filter { $0 < end }.max()
        return max(0, end - (start ?? objects.last?.mapped.atNs ?? loaderStart.atNs))
    }

    /// From the last marked object to every object relocated: the loader's own relocation and
    /// what it does before reporting (TLS), 0 when no object was marked.
    package var relocationRestNs: Int64 {
        guard let last = objects.compactMap(\.relocatedNs).max() else { return 0 }
        return max(0, relocated.atNs - last)
    }

    /// The main thread's CPU time in relocation, or nil when unknown.
    package var relocationCpuNs: Int64? {
        let before = objects.last?.mapped.cpuNs ?? loaderStart.cpuNs
        return before < 0 || relocated.cpuNs < 0 ? nil : max(0, relocated.cpuNs - before)
    }

    /// Every initializer's wall time.
    package var initializersNs: Int64 { initializers.reduce(0) { $0 + $1.durationNs } }

    /// The wall time of object `index`'s initializers.
    package func initializersNs(of index: Int) -> Int64 {
        initializers.filter { $0.object == index }.reduce(0) { $0 + $1.durationNs }
    }

    /// The time from relocation to `main` outside the initializers, when every initializer was
    /// timed: the loader's own work between them (`_dl_init`, `__libc_start_main`) and any wait
    /// for a CPU there.
    package var betweenInitializersNs: Int64 {
        unwrappedInitializers > 0 ? 0 : max(0, main.atNs - relocated.atNs - initializersNs)
    }

    /// The main thread's CPU time between the initializers, when the CPU clock was read
    /// (its off-CPU rest was a wait), or nil.
    package var betweenInitializersCpuNs: Int64? {
        guard unwrappedInitializers == 0, relocated.cpuNs >= 0, main.cpuNs >= 0 else { return nil }
        return max(0, main.cpuNs - relocated.cpuNs - initializers.reduce(0) { $0 + $1.onCpuNs })
    }

    /// The time from relocation to `main` that nothing accounts for: outside the timed
    /// initializers when some could not be wrapped (they ran in it, untimed).
    package var unattributedNs: Int64 {
        unwrappedInitializers > 0 ? max(0, main.atNs - relocated.atNs - initializersNs) : 0
    }

    /// Launch start to `main`.
    package var totalNs: Int64 { main.atNs }

    /// The share of the time to `main` that the named parts (exec, loader start-up, earlier
    /// programs, loading, relocation, initializers, between initializers) cover.
    package var coverage: Double {
        totalNs > 0 ? Double(totalNs - unattributedNs) / Double(totalNs) : 0
    }
}
