#ifndef SITEGEN_ATOMIC_SWAP_H
#define SITEGEN_ATOMIC_SWAP_H
/// Atomically exchanges two paths on the same filesystem (Linux renameat2 RENAME_EXCHANGE).
/// Returns 0 on success, or the errno value (ENOSYS/EINVAL where the kernel or filesystem lacks it).
int sitegen_exchange_paths(const char *a, const char *b);
#endif
