#ifndef BEHAVIORLOG_CCMARK_SHIM_H
#define BEHAVIORLOG_CCMARK_SHIM_H
/* CCmark over Debian's libcmark-gfm (`LOGGEN_CMARK=gfm`): the same header and API as the
 * swift-cmark package a Mac builds (package/), so Linux builds and tests that code path. */
#include <cmark-gfm.h>
#include "../gfm_node.h"
#include "../cmark_arena.h"
#endif
