/* The default catalogue and policy packs, compiled in as NUL-terminated text. */
	.section .rodata
	.global disclose_catalogue_json
disclose_catalogue_json:
	.incbin "src/data/catalogue.json"
	.byte 0
	.global disclose_policy_json
disclose_policy_json:
	.incbin "src/data/policy.json"
	.byte 0
	.section .note.GNU-stack,"",@progbits
