/*
 * The store files behind the pager's regions: whole pages read and written at page
 * offsets, through O_DIRECT where the file system allows it (the page cache would
 * hold a second copy of every page, charged to the same memory limit). Returns
 * false with errno set when the OS refuses; nothing here prints.
 */
#ifndef OC_PAGER_STORE_H
#define OC_PAGER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* A second descriptor of fd's file opened with O_DIRECT, or -1. */
int oc_pager_store_open_direct(int fd);
/* Makes the file at least len bytes with every block of [0, len) reserved, so that
 * writing pages back never fails for lack of space; existing data is kept. */
bool oc_pager_store_reserve(int fd, size_t len);
/* Reads len bytes at off into buf; what lies past the end of the file reads as zeros. */
bool oc_pager_store_read(int fd, bool direct, void *buf, size_t len, off_t off);
/* Writes len bytes from buf at off, all or false. */
bool oc_pager_store_write(int fd, bool direct, const void *buf, size_t len, off_t off);

#endif
