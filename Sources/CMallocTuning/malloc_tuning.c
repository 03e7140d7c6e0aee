#include "malloc_tuning.h"
#include <malloc.h>

void sg_tune_malloc(void) {
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
}
