#ifndef BEHAVIORLOG_CZLIB_SHIM_H
#define BEHAVIORLOG_CZLIB_SHIM_H
#include <zlib.h>
#endif
