// FixtureApp's C helpers: work done with no frame pointers at all, to prove the samplers
// cannot crash an app whose frames they cannot walk.
#ifndef CFIXTURESUPPORT_H
#define CFIXTURESUPPORT_H

/// Spins for `milliseconds` with RBP set to garbage (misaligned, out of the stack, a loop,
/// the stack's last word) most of the time. Compiled with -fomit-frame-pointer -mno-red-zone.
void fixture_spin_without_frame_pointers(int milliseconds);



/// epoll_create1 + one epoll_wait with nothing registered, `milliseconds` timeout (Swift's
/// Glibc module has no epoll). Returns epoll_wait's result; errno is kept.
int fixture_epoll_wait_once(int milliseconds);
#endif
