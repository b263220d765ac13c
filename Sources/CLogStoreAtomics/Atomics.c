// Everything is static inline in the header; this file gives SwiftPM a C target to build.
#include "CLogStoreAtomics.h"
