// Stub of Apple's <sys/sysctl.h> for Tests/Support/apple-c-check.sh: sysctlbyname only.
#ifndef APPLE_STUB_SYS_SYSCTL_H
#define APPLE_STUB_SYS_SYSCTL_H
#include <stddef.h>
int sysctlbyname(const char *, void *, size_t *, void *, size_t);
#endif
