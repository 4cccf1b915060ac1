/*
 * The boot's initramfs: a newc cpio archive with the directories init
 * needs, /dev/console and /dev/null, a static busybox and /init. Written
 * here byte by byte, so that building it needs neither root (device
 * nodes) nor the cpio program.
 */
#ifndef DISCLOSE_INITRAMFS_H
#define DISCLOSE_INITRAMFS_H

#include <stddef.h>

/* Is busybox an ELF program that needs no libraries (the archive has none)? */
int initramfs_check_busybox(const char *busybox);
/*
 * Write the archive to path (atomically: path.tmp renamed over it), with
 * busybox's contents as bin/busybox and init (init_len bytes) as /init.
 * busybox NULL: no busybox, init is the program itself (a static ELF).
 */
int initramfs_write(const char *path, const char *busybox, const char *init,
		    size_t init_len);

#endif
