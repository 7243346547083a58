/*
 * userfaultfd descriptors: a new one (the system call, or /dev/userfaultfd where
 * the call is refused to the unprivileged), for the pager (pager_region.c), and a
 * write hold: other threads' writes to a range of private anonymous memory wait
 * while the runtime copies the range and maps something else there (spill.c's
 * moves into files). Reads go on; a write waits in the kernel until the range is
 * released, then lands in what is mapped there by then.
 */
#ifndef OC_UFFD_H
#define OC_UFFD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A new userfaultfd (close-on-exec, non-blocking), or -1 with errno set. */
int oc_uffd_new(void);

/* A descriptor for write holds, or -1 where they cannot be had: userfaultfd not
 * permitted, or no write protection of pages never touched
 * (UFFD_FEATURE_WP_UNPOPULATED, Linux 6.4), without which a write to such a page
 * would go to memory about to be replaced. Closing it ends every hold. */
int oc_write_hold_open(void);
/* Holds writes to [start, start + len) (page-aligned private anonymous memory). */
bool oc_write_hold(int uffd, uintptr_t start, size_t len);
/* Lets the writes waiting on [start, start + len) go on, once the range is mapped
 * anew (a mapping made over a held range is not held). */
void oc_write_release(int uffd, uintptr_t start, size_t len);

#endif
