// CRC-32C for LogStore: the SSE4.2 instruction where available (about 8 bytes
// per cycle), a slicing-by-8 table fallback elsewhere. Swift cannot reach the
// crc32 instruction without intrinsics, so this one function lives in C.
#include "CLogStoreCRC.h"
#include <string.h>
#include <pthread.h>

static uint32_t table[8][256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void build_table(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++) {
        for (int t = 1; t < 8; t++) table[t][i] = (table[t - 1][i] >> 8) ^ table[0][table[t - 1][i] & 0xff];
    }
}

uint32_t logstore_crc32c_portable(uint32_t crc, const void *bytes, size_t length) {
    pthread_once(&table_once, build_table);
    const unsigned char *p = bytes;
    uint32_t c = ~crc;
    while (length >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        v ^= c;  // little-endian: the low four bytes take the running CRC
        c = table[7][v & 0xff] ^ table[6][(v >> 8) & 0xff] ^ table[5][(v >> 16) & 0xff] ^
            table[4][(v >> 24) & 0xff] ^ table[3][(v >> 32) & 0xff] ^ table[2][(v >> 40) & 0xff] ^
            table[1][(v >> 48) & 0xff] ^ table[0][v >> 56];
        p += 8;
        length -= 8;
    }
    while (length--) c = table[0][(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

#if defined(__x86_64__)
#include <nmmintrin.h>
__attribute__((target("sse4.2")))
static uint32_t crc32c_hardware(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    uint64_t c = (uint32_t)~crc;
    while (length >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        c = _mm_crc32_u64(c, v);
        p += 8;
        length -= 8;
    }
    uint32_t c32 = (uint32_t)c;
    while (length--) c32 = _mm_crc32_u8(c32, *p++);
    return ~c32;
}

uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length) {
    // After start-up the CPU model is already filled in: this is one load and a test.
    return __builtin_cpu_supports("sse4.2") ? crc32c_hardware(crc, bytes, length) : logstore_crc32c_portable(crc, bytes, length);
}
#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>
uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    uint32_t c = ~crc;
    while (length >= 8) { uint64_t v; memcpy(&v, p, 8); c = __crc32cd(c, v); p += 8; length -= 8; }
    while (length--) c = __crc32cb(c, *p++);
    return ~c;
}
#else
uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length) {
    return logstore_crc32c_portable(crc, bytes, length);
}
#endif
