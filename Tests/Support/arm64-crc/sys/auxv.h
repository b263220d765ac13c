// Stub of Linux's <sys/auxv.h> for the freestanding arm64 CRC test (crc-arm64-test.c defines getauxval).
#ifndef ARM64_CRC_STUB_SYS_AUXV_H
#define ARM64_CRC_STUB_SYS_AUXV_H
#define AT_HWCAP 16
unsigned long getauxval(unsigned long type);
#endif
