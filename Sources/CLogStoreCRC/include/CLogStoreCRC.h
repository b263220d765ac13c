#ifndef CLOGSTORECRC_H
#define CLOGSTORECRC_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) of `length` bytes,
/// continuing from `crc` (0 for a fresh checksum). Uses the SSE4.2 `crc32`
/// instruction when the CPU has it (three interleaved streams combined with
/// PCLMUL for buffers of 192 bytes and more), the ARMv8 `crc32c*` instructions
/// on arm64 CPUs that have them, slicing-by-8 tables otherwise. The CPU is asked
/// once, at the first call (cpuid, sysctlbyname or getauxval; never
/// `__builtin_cpu_supports`).
uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length);

/// The same checksum with the hardware instruction in one stream (or the tables):
/// exposed so that tests can check the interleaved streams against it.
uint32_t logstore_crc32c_one_stream(uint32_t crc, const void *bytes, size_t length);

/// The same checksum, always computed with the portable slicing-by-8 tables
/// (exposed so that tests can check both paths agree).
uint32_t logstore_crc32c_portable(uint32_t crc, const void *bytes, size_t length);

/// The implementations `logstore_crc32c` chooses between (macros, so that Swift sees `Int32`).
#define LOGSTORE_CRC32C_TABLE 0         ///< slicing-by-8 tables, every CPU
#define LOGSTORE_CRC32C_SSE42 1         ///< x86_64 `crc32`, one stream
#define LOGSTORE_CRC32C_SSE42_PCLMUL 2  ///< x86_64 `crc32`, three streams from 192 bytes
#define LOGSTORE_CRC32C_ARMV8 3         ///< arm64 `crc32cx`/`crc32cw`/`crc32cb`

/// The path `logstore_crc32c` takes on this CPU (one of the `LOGSTORE_CRC32C_` values).
int logstore_crc32c_path(void);

/// Whether this CPU can run `path` (the tables always can).
int logstore_crc32c_supports(int path);

/// The checksum computed by `path` alone, for tests that hold every path against the
/// tables. A path this CPU cannot run (see `logstore_crc32c_supports`) falls back to
/// the tables rather than faulting.
uint32_t logstore_crc32c_using(int path, uint32_t crc, const void *bytes, size_t length);

#endif
