// The loader's audit module has no interface to call: the dynamic loader loads
// libLaunchAudit.so through LD_AUDIT and calls its la_* entry points. This header only gives
// the target the public header folder SwiftPM requires of a C target (without it a fresh clone
// fails to load the package: "public headers (\"include\") directory path for 'CLaunchAudit' is
// invalid").
#ifndef CLAUNCHAUDIT_H
#define CLAUNCHAUDIT_H
#endif
