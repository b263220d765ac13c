#ifndef CLOGSTORECRC_H
#define CLOGSTORECRC_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) of `length` bytes,
/// continuing from `crc` (0 for a fresh checksum). Uses the SSE4.2 `crc32`
/// instruction when the CPU has it (three interleaved streams combined with
/// PCLMUL for buffers of 192 bytes and more), slicing-by-8 tables otherwise.
uint32_t logstore_crc32c(uint32_t crc, const void *bytes, size_t length);

/// The same checksum with the hardware instruction in one stream (or the tables):
/// exposed so that tests can check the interleaved streams against it.
uint32_t logstore_crc32c_one_stream(uint32_t crc, const void *bytes, size_t length);

/// The same checksum, always computed with the portable slicing-by-8 tables
/// (exposed so that tests can check both paths agree).
uint32_t logstore_crc32c_portable(uint32_t crc, const void *bytes, size_t length);

#endif
