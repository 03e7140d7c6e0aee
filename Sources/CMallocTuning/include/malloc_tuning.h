#ifndef SITEGEN_MALLOC_TUNING_H
#define SITEGEN_MALLOC_TUNING_H
/// glibc's malloc gives each thread's arena a heap that it grows with mprotect a little at a time
/// and shrinks again whenever 128 KB at its top is free. A build allocates and frees hundreds of
/// thousands of small values on every core, so a 0.1 s rebuild grew and shrank its heaps 7,000
/// times, one system call each. This makes them grow in large steps and never trim: the memory
/// is the build's peak either way, and the process returns all of it when it exits. For the
/// one-shot commands only (`build`, `fetch`); `serve` keeps glibc's defaults. The mmap threshold
/// is set too, since setting the others freezes glibc's adjustable one at 128 KB, which would
/// send every larger block to mmap and munmap.
void sg_tune_malloc(void);
#endif
