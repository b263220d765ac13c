#ifndef BEHAVIORLOG_CCMARK_SHIM_H
#define BEHAVIORLOG_CCMARK_SHIM_H
#include <cmark.h>
#endif
