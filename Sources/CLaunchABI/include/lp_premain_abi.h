// The pre-main breakdown's records, from libLaunchAudit.so (the loader's audit module) to the
// runner. The module formats nothing while the program starts (its time is the program's time
// before `main`): it keeps fixed-size records and sends them on the event socket just before
// `main`, in one write, as a line `preMainRecords <bytes>` followed by that many bytes of
// records. The runner reads them into the `preMain` lines lp_env.h describes.
#ifndef LP_PREMAIN_ABI_H
#define LP_PREMAIN_ABI_H

#include <stdint.h>

/// The line that announces the records: `preMainRecords <bytes>\n`, the records right after it.
#define LP_EVENT_PRE_MAIN_RECORDS "preMainRecords"

/// What a record is; its `values` by kind.
enum lp_premain_kind {
    /// The loader ran the audit module (la_version): CPU time, minor faults.
    LP_PREMAIN_START = 1,
    /// An object was mapped (la_objopen), in load order: mapped bytes; its path follows the record.
    LP_PREMAIN_OBJECT = 2,
    /// Every object was mapped and relocated (la_activity CONSISTENT): CPU time, minor faults.
    LP_PREMAIN_RELOCATED = 3,
    /// A DT_INIT_ARRAY entry ran: duration, CPU time (-1: not read), object index, offset in the object.
    LP_PREMAIN_ARRAY_INIT = 4,
    /// A DT_INIT function ran: as LP_PREMAIN_ARRAY_INIT.
    LP_PREMAIN_INIT = 5,
    /// Initializers left unwrapped (beyond the module's table): their count.
    LP_PREMAIN_DROPPED = 6,
    /// `main` is next (la_preinit): CPU time, minor faults.
    LP_PREMAIN_MAIN = 7,
    /// The loader finished relocating an object (it reached the mark after the object's PLT
    /// relocations, its last): the object's index.
    LP_PREMAIN_OBJECT_RELOCATED = 8,
};

/// One record, in the byte order and alignment of the machine (module and runner share it).
struct lp_premain_record {
    /// An lp_premain_kind.
    uint32_t kind;
    /// Bytes of text after the record (an object's path, not terminated), padded to 8.
    uint32_t text_bytes;
    /// Nanoseconds after the launch start (LAUNCHPROF_SPAWN_NS) on CLOCK_MONOTONIC.
    int64_t at_ns;
    /// The kind's values (see lp_premain_kind); -1 for one that could not be read.
    int64_t values[4];
};

#endif
