// epoll and eventfd, which Swift's Glibc module does not bring in (Linux only).
#include <sys/epoll.h>
#include <sys/eventfd.h>

// The CPU the calling thread runs on (glibc; declared only under _GNU_SOURCE, which
// Swift's Glibc module does not set). Per-CPU metric copies pick theirs with it.
extern int sched_getcpu(void);
