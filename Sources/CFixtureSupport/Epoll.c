#include "CFixtureSupport.h"

#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>

int fixture_epoll_wait_once(int milliseconds) {
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    if (epoll < 0) return -1;
    struct epoll_event event;
    int result = epoll_wait(epoll, &event, 1, milliseconds);
    int saved = errno;
    close(epoll);
    errno = saved;
    return result;
}
