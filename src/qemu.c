// SPDX-License-Identifier: GPL-2.0
/* Booting a kernel in QEMU and collecting its serial console. */
#include "qemu.h"

#include <fcntl.h>
#include <linux/kvm.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "boot_util.h"
#include "run.h"

const char *qemu_program(const char *arch)
{
	return !strcmp(arch, "i386") ? QEMU_PROGRAM_I386 : QEMU_PROGRAM;
}

bool qemu_kvm_works(void)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	int vm = -1, vcpu = -1;

	if (fd < 0)
		return false;
	if (ioctl(fd, KVM_GET_API_VERSION, 0) == KVM_API_VERSION)
		vm = ioctl(fd, KVM_CREATE_VM, 0);
	if (vm >= 0)
		vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	if (vcpu >= 0)
		close(vcpu);
	if (vm >= 0)
		close(vm);
	close(fd);
	return vcpu >= 0;
}

void qemu_options(char ***v, size_t *nr, const char *accel)
{
	static const char *const rest[] = {
		"-nodefaults", "-nographic", "-no-reboot", "-serial", "stdio",
		"-m", "256M", NULL
	};

	boot_strv_push(v, nr, xstrdup("-accel"));
	boot_strv_push(v, nr, xstrdup(accel));
	for (const char *const *o = rest; *o; o++)
		boot_strv_push(v, nr, xstrdup(*o));
}

char *qemu_append(const char *nonce, const char *kunit_glob)
{
	struct buf a = BUF_INIT;

	buf_addf(&a, "console=ttyS0 panic=-1 disclose_nonce=%s", nonce);
	if (kunit_glob)
		buf_addf(&a, " kunit.filter_glob=%s", kunit_glob);
	return buf_detach(&a, NULL);
}

/* QEMU failed before the console said anything: its first message. */
static int qemu_failed(const char *program, const char *errlog,
		       int status)
{
	struct buf err = BUF_INIT;
	char *line;

	read_file(&err, errlog);
	line = boot_first_line(buf_cstr(&err));
	error_set("%s failed (exit %d): %s", program, status, line);
	free(line);
	buf_release(&err);
	return -1;
}

int qemu_run(struct buf *console, bool *ended, const struct qemu_boot *b)
{
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result r;
	char **argv = NULL;
	size_t nr = 0;
	int efd, ret;

	boot_strv_push(&argv, &nr, xstrdup(b->program));
	qemu_options(&argv, &nr, b->accel);
	boot_strv_push(&argv, &nr, xstrdup("-kernel"));
	boot_strv_push(&argv, &nr, xstrdup(b->kernel));
	boot_strv_push(&argv, &nr, xstrdup("-initrd"));
	boot_strv_push(&argv, &nr, xstrdup(b->initrd));
	boot_strv_push(&argv, &nr, xstrdup("-append"));
	boot_strv_push(&argv, &nr, qemu_append(b->nonce, b->kunit_glob));
	efd = open(b->errlog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	o.stderr_fd = efd;
	o.timeout_ms = b->timeout_ms;
	ret = run_capture(&r, console, (const char *const *)argv, &o);
	if (efd >= 0)
		close(efd);
	if (ret == 0 && r.status != 0 && !r.timed_out && !console->len)
		ret = qemu_failed(b->program, b->errlog, r.status);
	*ended = ret == 0 && !r.timed_out;
	boot_strv_free(argv, nr);
	return ret;
}
