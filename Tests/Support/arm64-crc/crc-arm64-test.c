// The arm64 path of Sources/CLogStoreCRC/CRC32C.c, run for real under qemu-aarch64 by
// Tests/Support/arm64-crc-check.sh: a freestanding static aarch64 Linux program (raw system
// calls, no libc, since no arm64 sysroot is installed here) that checks the detection chose the
// ARMv8 CRC path (getauxval, read from /proc/self/auxv) and holds it, and the public entry,
// against the slicing-by-8 tables at every length 0-299, then every 97 bytes to 7000, from four
// alignments, plus the check value of "123456789". Exit status 0 when all agree.
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/auxv.h>
#include "CLogStoreCRC.h"

static long sys(long n, long a, long b, long c, long d) {
    register long x8 __asm__("x8") = n, x0 __asm__("x0") = a, x1 __asm__("x1") = b, x2 __asm__("x2") = c, x3 __asm__("x3") = d;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
    return x0;
}
void *memcpy(void *d, const void *s, size_t n) { unsigned char *o = d; const unsigned char *i = s; while (n--) *o++ = *i++; return d; }
void *memset(void *d, int c, size_t n) { unsigned char *o = d; while (n--) *o++ = (unsigned char)c; return d; }
int pthread_once(pthread_once_t *once, void (*f)(void)) { if (!once->__opaque[0]) { once->__opaque[0] = 1; f(); } return 0; }
unsigned long getauxval(unsigned long type) {
    unsigned long v[128];
    long fd = sys(56, -100, (long)"/proc/self/auxv", 0, 0);
    if (fd < 0) return 0;
    long n = sys(63, fd, (long)v, sizeof v, 0);
    sys(57, fd, 0, 0, 0);
    for (long i = 0; i + 1 < n / 8; i += 2) if (v[i] == type) return v[i + 1];
    return 0;
}
static void say(const char *s) { long n = 0; while (s[n]) n++; sys(64, 1, (long)s, n, 0); }
static void num(unsigned long v) { char b[24]; int i = 23; b[i] = 0; do { b[--i] = '0' + v % 10; v /= 10; } while (v); say(b + i); }

static unsigned char buf[7000];
void _start(void) {
    for (int i = 0; i < 7000; i++) buf[i] = (unsigned char)((i * 2654435761u) >> 11);
    int path = logstore_crc32c_path();
    say("path "); num(path); say(" (3 = ARMv8 CRC), hwcap crc32 "); num((getauxval(AT_HWCAP) >> 7) & 1); say("\n");
    long checked = 0, bad = 0;
    for (int start = 0; start < 4; start++)
        for (int length = 0; length + start <= 7000; length += (length < 300 ? 1 : 97)) {
            uint32_t t = logstore_crc32c_portable(0x9ABCDEF0u, buf + start, length);
            uint32_t h = logstore_crc32c_using(LOGSTORE_CRC32C_ARMV8, 0x9ABCDEF0u, buf + start, length);
            uint32_t d = logstore_crc32c(0x9ABCDEF0u, buf + start, length);
            checked++;
            if (t != h || t != d) { bad++; say("MISMATCH start "); num(start); say(" length "); num(length); say("\n"); }
        }
    uint32_t check = logstore_crc32c(0, "123456789", 9);
    say("checked "); num(checked); say(" buffers, mismatches "); num(bad); say(", check value "); num(check == 0xE3069283u); say("\n");
    sys(93, (bad == 0 && check == 0xE3069283u && path == LOGSTORE_CRC32C_ARMV8) ? 0 : 1, 0, 0, 0);
    for (;;) {}
}
