// Interruption of launchprof: SIGINT, SIGTERM and SIGHUP are caught (recorded, and a byte
// written to a pipe the runner polls), fatal signals of launchprof itself kill the running
// launch's process group before the default action, and launchprof becomes the subreaper of
// its launches' orphaned descendants.
#ifndef LP_INTERRUPT_H
#define LP_INTERRUPT_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the handlers and PR_SET_CHILD_SUBREAPER (once; later calls do nothing).
/// Returns 0, or an errno value when the pipe or a handler cannot be set up.
int lp_interrupt_install(void);
/// The read end of the interruption pipe (readable once a signal arrived), or -1 before
/// lp_interrupt_install.
int lp_interrupt_fd(void);
/// The first interrupting signal caught (SIGINT, SIGTERM, SIGHUP), or 0.
int lp_interrupt_signal(void);
/// How many times launchprof was continued (SIGCONT) after a stop since lp_interrupt_install.
int lp_interrupt_continued(void);
/// Whether this process is the subreaper of its descendants' orphans (PR_GET_CHILD_SUBREAPER):
/// then every live descendant of a launch stays in launchprof's process tree.
int lp_is_child_subreaper(void);
/// The process group a fatal signal of launchprof kills (the running launch's), or 0 for none.
void lp_interrupt_set_active_group(pid_t group);

#ifdef __cplusplus
}
#endif

#endif
