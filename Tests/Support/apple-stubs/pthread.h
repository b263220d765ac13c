// Stub of Apple's <pthread.h> for Tests/Support/apple-c-check.sh: pthread_once, with the
// layout of <sys/_pthread/_pthread_types.h> (a signature word and opaque bytes).
#ifndef APPLE_STUB_PTHREAD_H
#define APPLE_STUB_PTHREAD_H
#if defined(__LP64__)
#define __PTHREAD_ONCE_SIZE__ 8
#else
#define __PTHREAD_ONCE_SIZE__ 4
#endif
typedef struct _opaque_pthread_once_t {
    long __sig;
    char __opaque[__PTHREAD_ONCE_SIZE__];
} pthread_once_t;
#define _PTHREAD_ONCE_SIG_init 0x30B1BCBA
#define PTHREAD_ONCE_INIT {_PTHREAD_ONCE_SIG_init, {0}}
int pthread_once(pthread_once_t *, void (*)(void));
#endif
