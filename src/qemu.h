/*
 * Booting a kernel in QEMU: whether KVM really works, the machine's
 * options and kernel command line (one place, for the direct run and for
 * anything that describes the same boot to another runner), and a run
 * that collects the serial console until QEMU exits or a timeout stops
 * it.
 */
#ifndef DISCLOSE_QEMU_H
#define DISCLOSE_QEMU_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define QEMU_PROGRAM "qemu-system-x86_64"
#define QEMU_PROGRAM_I386 "qemu-system-i386"

struct qemu_boot {
	const char *program;	/* qemu_program(arch) */
	const char *kernel;	/* the bzImage */
	const char *initrd;	/* the initramfs */
	const char *nonce;	/* this run's nonce, on the command line */
	const char *kunit_glob;	/* kunit.filter_glob, or NULL */
	const char *accel;	/* "tcg" or "kvm" */
	const char *errlog;	/* QEMU's own messages are written here */
	int timeout_ms;		/* then the boot counts as a hang */
};

/* The QEMU system emulator for a kernel ARCH= (x86_64 or i386). */
const char *qemu_program(const char *arch);
/* KVM counts as working only when a VM and a vCPU can be created. */
bool qemu_kvm_works(void);
/*
 * The machine options after the program name (accelerator, no default
 * devices, the serial port on stdio, no reboot, memory), pushed onto *v.
 */
void qemu_options(char ***v, size_t *nr, const char *accel);
/*
 * The kernel command line: the serial console, panic=-1, the nonce, and
 * kunit.filter_glob when kunit_glob is not NULL.
 */
char *qemu_append(const char *nonce, const char *kunit_glob);
/*
 * Boot: the console (QEMU's stdout) into console, *ended false when the
 * timeout stopped it. Returns 0, or negative with an error when QEMU
 * could not run or failed before printing anything.
 */
int qemu_run(struct buf *console, bool *ended, const struct qemu_boot *b);

#endif
