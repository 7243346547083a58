/*
 * The files behind spilled blocks: a disk-backed directory (never tmpfs or ramfs,
 * whose pages are memory), unlinked files created there with their blocks
 * reserved, and the copy a forked child gets. Every call returns -1 (or false)
 * with errno set when the OS refuses; nothing here prints.
 */
#ifndef OC_SPILL_FILE_H
#define OC_SPILL_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* Is dir on a file system whose pages are written to a disk? */
bool oc_spill_dir_on_disk(const char *dir);
/* The default directory: $TMPDIR if on disk, else /var/tmp, else /tmp. False when
 * none of them is. */
bool oc_spill_default_dir(char *dir, size_t size);
/* A new file in dir, already unlinked (O_TMPFILE, or a name unlinked at once), of
 * len bytes that read as zeros and whose disk blocks are reserved, so that writing
 * them back can never fail for lack of space (a sparse file would, with SIGBUS).
 * Returns the descriptor (close-on-exec) or -1. */
int oc_spill_file_create(const char *dir, size_t len);
/* Reserves the disk blocks of [off, off + len), growing the file to hold it. */
bool oc_spill_file_reserve(int fd, size_t off, size_t len);
/* Grows (or shrinks) the file to len bytes, reserving the new blocks. */
bool oc_spill_file_resize(int fd, size_t old_len, size_t len);
/* Gives back the disk blocks of [off, off + len): they read as zeros again, and a
 * shared mapping of them maps no page. False where the file system cannot. */
bool oc_spill_file_punch(int fd, size_t off, size_t len);
/* The read-around of dir's block device in bytes (its queue's read_ahead_kb: what
 * one fault on a file mapping there may read); 0 where it cannot be told. */
long oc_spill_dir_readaround_bytes(const char *dir);
/* A new unlinked file in dir holding a copy of the first len bytes of from (holes
 * stay holes); -1 on failure. */
int oc_spill_file_copy(const char *dir, int from, size_t len);
/* Writes len bytes of data at off (the file's blocks reserved); false (errno set)
 * if the file system refuses. Their write-back is left to the kernel: a program
 * whose data fit the limit never needs it. */
bool oc_spill_file_write(int fd, const void *data, size_t len, size_t off);

#endif
