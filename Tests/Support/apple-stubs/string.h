// Stub of Apple's <string.h> for Tests/Support/apple-c-check.sh: the declarations the C targets use.
#ifndef APPLE_STUB_STRING_H
#define APPLE_STUB_STRING_H
#include <stddef.h>
void *memcpy(void *__dst, const void *__src, size_t __n);
void *memset(void *__b, int __c, size_t __len);
int memcmp(const void *__s1, const void *__s2, size_t __n);
size_t strlen(const char *__s);
#endif
