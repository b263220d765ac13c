#ifndef CLOGSTORECRC_H
#define CLOGSTORECRC_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) of `length` bytes,
/// continuing from `crc` (0 for a fresh checksum). Uses the SSE4.2 `crc32`
/// instruction when the CPU has it, slicing-by-8 tables otherwise.
uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length);

/// The same checksum, always computed with the portable slicing-by-8 tables
/// (exposed so that tests can check both paths agree).
uint32_t logstore_crc32c_portable(uint32_t crc, const void *bytes, size_t length);

#endif
