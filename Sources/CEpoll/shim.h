// epoll and eventfd, which Swift's Glibc module does not bring in (Linux only).
#include <sys/epoll.h>
#include <sys/eventfd.h>
