// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the git disclose boot initramfs for a 32-bit x86 kernel, which
 * cannot run the 64-bit static busybox that kernel/init uses: the same
 * steps (mount proc and sysfs, print the marker with the nonce the kernel
 * passes in init's environment and the release, reboot) in system calls.
 * git disclose boot builds it with gcc -m32 -static -nostdlib; it needs
 * no C library.
 */
#define NR_EXIT 1
#define NR_WRITE 4
#define NR_MOUNT 21
#define NR_REBOOT 88
#define NR_UNAME 122

struct utsname {
	char sysname[65], nodename[65], release[65];
	char version[65], machine[65], domainname[65];
};

/* A system call with up to five arguments (mount takes five). */
static long sys(long nr, long a, long b, long c, long d)
{
	long ret;

	asm volatile("int $0x80" : "=a"(ret)
		     : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(0L)
		     : "memory");
	return ret;
}

static unsigned long len(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

static void put(const char *s)
{
	sys(NR_WRITE, 1, (long)s, (long)len(s), 0);
}

/* The value of name=... in the environment, or "none". */
static const char *getenv_or_none(char **envp, const char *name)
{
	unsigned long n = len(name);

	for (; *envp; envp++) {
		unsigned long i = 0;

		while (i < n && (*envp)[i] == name[i])
			i++;
		if (i == n && (*envp)[n] == '=')
			return *envp + n + 1;
	}
	return "none";
}

void init_main(long *sp);

void init_main(long *sp)
{
	char **envp = (char **)(sp + 1 + sp[0] + 1);
	static struct utsname u;

	sys(NR_MOUNT, (long)"proc", (long)"/proc", (long)"proc", 0);
	sys(NR_MOUNT, (long)"sysfs", (long)"/sys", (long)"sysfs", 0);
	if (sys(NR_UNAME, (long)&u, 0, 0, 0) < 0)
		u.release[0] = '\0';
	put("DISCLOSE-BOOT-OK nonce=");
	put(getenv_or_none(envp, "disclose_nonce"));
	put(" release=");
	put(u.release);
	put("\n");
	/* LINUX_REBOOT_CMD_RESTART, as busybox reboot -f */
	sys(NR_REBOOT, (long)0xfee1dead, 672274793, 0x01234567, 0);
	sys(NR_EXIT, 1, 0, 0, 0);
}

/* The kernel starts init with argc, argv and envp on the stack. */
asm(".globl _start\n"
    "_start:\n"
    "\tmovl %esp, %eax\n"
    "\tandl $-16, %esp\n"
    "\tsubl $12, %esp\n"
    "\tpushl %eax\n"
    "\tcall init_main\n"
    "\thlt\n");
