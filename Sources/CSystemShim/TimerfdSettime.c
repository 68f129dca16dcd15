// timerfd_settime as glibc has it (the bare system call), defined in the executable so that it is
// the one libdispatch and SwiftNIO bind to, ahead of an LD_PRELOADed libfaketime's.
//
// Why: we rehearse dated behaviour with Debian's `faketime` (docs/testing.md). libfaketime 0.9.10
// shifts every TFD_TIMER_ABSTIME deadline by its offset, CLOCK_MONOTONIC and CLOCK_BOOTTIME ones
// too, even with FAKETIME_DONT_FAKE_MONOTONIC=1: under `faketime '@2027-02-01'` the deadline turns
// negative, the call fails with EINVAL, and every `Task.sleep` and timer waits forever. Our timers
// run on the monotonic clock, which faketime is told not to fake, so the unshifted call is right.
// Without libfaketime this is exactly the function it replaces.
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

int timerfd_settime(int fd, int flags, const struct itimerspec *new_value, struct itimerspec *old_value) {
    return (int)syscall(SYS_timerfd_settime, fd, flags, new_value, old_value);
}
