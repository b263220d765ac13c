/* A C target needs a source file: this one compiles the module's header once as C, so a
 * mistake in it is reported against the header rather than through Swift's importer. */
#include "CCmark.h"
