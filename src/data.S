/*
 * The data compiled into the binary as NUL-terminated text, so that an
 * installed git-disclose needs no data files: the default catalogue and
 * policy packs, and the boot fragment and init script (kernel/). The
 * paths are relative to the top of the source tree, where make runs.
 */
	.section .rodata
	.global disclose_catalogue_json
disclose_catalogue_json:
	.incbin "src/data/catalogue.json"
	.byte 0
	.global disclose_policy_json
disclose_policy_json:
	.incbin "src/data/policy.json"
	.byte 0
	.global boot_fragment
boot_fragment:
	.incbin "kernel/disclose.config"
	.byte 0
	.global boot_init_script
boot_init_script:
	.incbin "kernel/init"
	.byte 0
	.global boot_init_i386
boot_init_i386:
	.incbin "kernel/init-i386.c"
	.byte 0
	.section .note.GNU-stack,"",@progbits
