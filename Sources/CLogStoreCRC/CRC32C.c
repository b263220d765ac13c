// CRC-32C for LogStore: the SSE4.2 instruction where available (three interleaved
// streams combined with PCLMUL for longer buffers), the ARMv8 CRC instructions on arm64,
// a slicing-by-8 table fallback elsewhere. Swift cannot reach these instructions without
// intrinsics, so they live in C.
//
// Which path runs is decided at run time, once, without `__builtin_cpu_supports` (Apple's
// toolchain lowers it to `___cpu_model`, which Apple's runtime does not define):
// - x86_64 (Linux, Intel Macs, x86_64 simulators, Rosetta): `cpuid` leaf 1 (<cpuid.h>).
// - arm64 on Apple platforms: `sysctlbyname("hw.optional.armv8_crc32")` (or the newer
//   "hw.optional.arm.FEAT_CRC32"). Every iPhone, Watch, Mac and Vision Pro of the floor has
//   the instructions, but tvOS 16 still runs on the Apple TV HD (A8), which LLVM models
//   without them, so asking costs one sysctl per process and is never wrong.
// - arm64 on Linux: `getauxval(AT_HWCAP) & HWCAP_CRC32`.
// The arm64 functions are compiled with `target("crc")`, so they exist whatever the
// target's default CPU (arm64-apple-ios defaults to apple-a7, which has no CRC).
// `make test` compiles this file for the Apple triples (Tests/Support/apple-c-check.sh)
// and checks both points above in the objects.
#include "CLogStoreCRC.h"
#include <string.h>
#include <pthread.h>

// The path chosen (a LOGSTORE_CRC32C_ value), or `path_unknown` until the first checksum asks.
enum { path_unknown = -1 };
static int chosen_path = path_unknown;
static int detect_path(void);

// One acquire load after the first call (a plain load on x86_64 and one `ldar` on arm64).
// Racing first calls each run the (idempotent) detection and store the same value; the
// release store publishes the tables the detection built (x86_64's shift constants).
static inline int current_path(void) {
    int path = __atomic_load_n(&chosen_path, __ATOMIC_ACQUIRE);
    if (path == path_unknown) {
        path = detect_path();
        __atomic_store_n(&chosen_path, path, __ATOMIC_RELEASE);
    }
    return path;
}

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
#include <wmmintrin.h>
#include <cpuid.h>

// One stream of crc32 instructions runs at a third of the unit's speed: each instruction
// waits 3 cycles for the previous result, yet one can start every cycle. So a longer buffer
// is cut into three equal blocks whose CRCs run interleaved, then combined (as Intel's
// crc_pcl and Linux's crc32c-pcl-intel do): CRC(A B C) = A' * x^(2n) + B' * x^n + C',
// where A' continues the running CRC, B' and C' start from zero, n is the block length in
// bits, and multiplying a 32-bit CRC by x^n modulo the polynomial is one carry-less multiply
// by the constant x^(n-33) mod P, reduced by a crc32 of the 64-bit product.

// Blocks of 8 to 256 words (64 bytes to 2 KiB per stream); shorter buffers run one stream.
enum { min_block_words = 8, max_block_words = 256 };
static uint32_t shift_one_block[max_block_words + 1];   // x^(64w - 33) mod P, reflected
static uint32_t shift_two_blocks[max_block_words + 1];  // x^(128w - 33) mod P, reflected
static pthread_once_t shifts_once = PTHREAD_ONCE_INIT;

// v * x^e mod P, in the reflected representation (bit 31 is x^0).
static uint32_t times_power_of_x(uint32_t v, uint32_t e) {
    while (e--) v = (v >> 1) ^ ((v & 1) ? 0x82F63B78u : 0);
    return v;
}

static void build_shifts(void) {
    uint32_t one = times_power_of_x(0x80000000u, 64 - 33), two = times_power_of_x(0x80000000u, 128 - 33);
    for (uint32_t w = 1; w <= max_block_words; w++) {
        shift_one_block[w] = one;
        shift_two_blocks[w] = two;
        one = times_power_of_x(one, 64);
        two = times_power_of_x(two, 128);
    }
}

__attribute__((target("sse4.2")))
static uint64_t crc32c_one_stream(uint64_t c, const unsigned char *p, size_t length) {
    while (length >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        c = _mm_crc32_u64(c, v);
        p += 8;
        length -= 8;
    }
    uint32_t c32 = (uint32_t)c;
    while (length--) c32 = _mm_crc32_u8(c32, *p++);
    return c32;
}

__attribute__((target("sse4.2,pclmul")))
static uint32_t crc32c_three_streams(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    uint64_t c0 = (uint32_t)~crc;
    while (length >= 3 * 8 * min_block_words) {
        size_t words = length / 24;
        if (words > max_block_words) words = max_block_words;
        const size_t block = words * 8;
        uint64_t c1 = 0, c2 = 0;
        for (size_t i = 0; i < block; i += 8) {
            uint64_t v0, v1, v2;
            memcpy(&v0, p + i, 8);
            memcpy(&v1, p + block + i, 8);
            memcpy(&v2, p + 2 * block + i, 8);
            c0 = _mm_crc32_u64(c0, v0);
            c1 = _mm_crc32_u64(c1, v1);
            c2 = _mm_crc32_u64(c2, v2);
        }
        __m128i a = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)(uint32_t)c0), _mm_cvtsi32_si128((int)shift_two_blocks[words]), 0);
        __m128i b = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)(uint32_t)c1), _mm_cvtsi32_si128((int)shift_one_block[words]), 0);
        c0 = _mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(a, b))) ^ c2;
        p += 3 * block;
        length -= 3 * block;
    }
    return ~(uint32_t)crc32c_one_stream(c0, p, length);
}

__attribute__((target("sse4.2")))
static uint32_t crc32c_hardware(uint32_t crc, const void *bytes, size_t length) {
    return ~(uint32_t)crc32c_one_stream((uint32_t)~crc, bytes, length);
}

static int detect_path(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_SSE4_2)) return LOGSTORE_CRC32C_TABLE;
    if (ecx & bit_PCLMUL) {
        pthread_once(&shifts_once, build_shifts);
        return LOGSTORE_CRC32C_SSE42_PCLMUL;
    }
    return LOGSTORE_CRC32C_SSE42;
}

uint32_t logstore_crc32c_one_stream(uint32_t crc, const void *bytes, size_t length) {
    return current_path() >= LOGSTORE_CRC32C_SSE42 ? crc32c_hardware(crc, bytes, length)
                                                   : logstore_crc32c_portable(crc, bytes, length);
}

uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length) {
    int path = current_path();
    if (path == LOGSTORE_CRC32C_SSE42_PCLMUL && length >= 3 * 8 * min_block_words)
        return crc32c_three_streams(crc, bytes, length);
    return path >= LOGSTORE_CRC32C_SSE42 ? crc32c_hardware(crc, bytes, length)
                                         : logstore_crc32c_portable(crc, bytes, length);
}

uint32_t logstore_crc32c_using(int path, uint32_t crc, const void *bytes, size_t length) {
    if (path > current_path() || path == LOGSTORE_CRC32C_ARMV8) return logstore_crc32c_portable(crc, bytes, length);
    switch (path) {
    case LOGSTORE_CRC32C_SSE42_PCLMUL:
        if (length >= 3 * 8 * min_block_words) return crc32c_three_streams(crc, bytes, length);
        return crc32c_hardware(crc, bytes, length);
    case LOGSTORE_CRC32C_SSE42: return crc32c_hardware(crc, bytes, length);
    default: return logstore_crc32c_portable(crc, bytes, length);
    }
}

int logstore_crc32c_supports(int path) {
    if (path == LOGSTORE_CRC32C_TABLE) return 1;
    if (path == LOGSTORE_CRC32C_ARMV8) return 0;
    return path >= 0 && path <= current_path();
}

#elif defined(__aarch64__)
#include <arm_acle.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>
#elif defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)  // <asm/hwcap.h>, arm64
#endif
#endif

__attribute__((target("crc")))
static uint32_t crc32c_armv8(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    uint32_t c = ~crc;
    while (length >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        c = __crc32cd(c, v);
        p += 8;
        length -= 8;
    }
    if (length >= 4) {
        uint32_t v;
        memcpy(&v, p, 4);
        c = __crc32cw(c, v);
        p += 4;
        length -= 4;
    }
    while (length--) c = __crc32cb(c, *p++);
    return ~c;
}

#if defined(__APPLE__)
static int sysctl_flag(const char *name) {
    int value = 0;
    size_t size = sizeof(value);
    return sysctlbyname(name, &value, &size, NULL, 0) == 0 && size == sizeof(value) && value != 0;
}
#endif

static int detect_path(void) {
#if defined(__APPLE__)
    if (sysctl_flag("hw.optional.armv8_crc32") || sysctl_flag("hw.optional.arm.FEAT_CRC32"))
        return LOGSTORE_CRC32C_ARMV8;
    return LOGSTORE_CRC32C_TABLE;
#elif defined(__linux__)
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) ? LOGSTORE_CRC32C_ARMV8 : LOGSTORE_CRC32C_TABLE;
#elif defined(__ARM_FEATURE_CRC32)
    return LOGSTORE_CRC32C_ARMV8;
#else
    return LOGSTORE_CRC32C_TABLE;
#endif
}

uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length) {
    return current_path() == LOGSTORE_CRC32C_ARMV8 ? crc32c_armv8(crc, bytes, length)
                                                    : logstore_crc32c_portable(crc, bytes, length);
}

uint32_t logstore_crc32c_using(int path, uint32_t crc, const void *bytes, size_t length) {
    if (path == LOGSTORE_CRC32C_ARMV8 && current_path() == LOGSTORE_CRC32C_ARMV8)
        return crc32c_armv8(crc, bytes, length);
    return logstore_crc32c_portable(crc, bytes, length);
}

int logstore_crc32c_supports(int path) {
    return path == LOGSTORE_CRC32C_TABLE || (path == LOGSTORE_CRC32C_ARMV8 && current_path() == path);
}

#else
static int detect_path(void) { return LOGSTORE_CRC32C_TABLE; }

uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length) {
    return logstore_crc32c_portable(crc, bytes, length);
}

uint32_t logstore_crc32c_using(int path, uint32_t crc, const void *bytes, size_t length) {
    (void)path;
    return logstore_crc32c_portable(crc, bytes, length);
}

int logstore_crc32c_supports(int path) { return path == LOGSTORE_CRC32C_TABLE; }
#endif

#if !defined(__x86_64__)
uint32_t logstore_crc32c_one_stream(uint32_t crc, const void *bytes, size_t length) {
    return logstore_crc32c(crc, bytes, length);
}
#endif

int logstore_crc32c_path(void) { return current_path(); }
