// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/disclose.config and kernel/init compiled into the binary, so an
 * installed git-disclose needs no data files. The paths are relative to
 * the top of the source tree, where make runs the compiler.
 */
__asm__(".section .rodata\n"
	".global boot_fragment\n"
	"boot_fragment:\n"
	".incbin \"kernel/disclose.config\"\n"
	".byte 0\n"
	".global boot_init_script\n"
	"boot_init_script:\n"
	".incbin \"kernel/init\"\n"
	".byte 0\n"
	".previous\n");
