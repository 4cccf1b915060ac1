# SPDX-License-Identifier: GPL-2.0
# Sourced by the e2e scripts that stop a boot mid-build (run-e2e.sh skips
# lib*): standin_tree DIR makes DIR a repository holding a stand-in
# kernel tree, whose Makefile configures at once and whose bzImage never
# ends, with a one-commit series on it, and enters it; $obj is then the
# prefix of the object directories boot builds in (for ps), and
# builders lists the processes of that build, "PID ARGS" each.
# Needs lib.sh (new_repo, fail).
standin_tree() {
	new_repo "$1"
	cd "$1" || fail "no repo"
	cat >Makefile <<'MK'
O ?= .
tinyconfig defconfig:
	mkdir -p $(O) && : >$(O)/.config
olddefconfig:
	@:
kernelrelease:
	@echo 6.1.0-stand-in
bzImage:
	while :; do sleep 1; done # the stand-in build of $(O)
MK
	echo "obj-y += init/" >Kbuild
	mkdir -p scripts/kconfig Documentation/process
	# merge_config.sh -m -O OBJ CONFIG FRAGMENT: the fragment appended
	printf '#!/bin/sh\ncat "$5" >>"$4"\n' >scripts/kconfig/merge_config.sh
	chmod +x scripts/kconfig/merge_config.sh
	: >Documentation/process/submitting-patches.rst
	echo "THE REST" >MAINTAINERS
	git add -A && git commit -q -m "a stand-in kernel tree" ||
		fail "commit"
	echo 1 >base.txt && git commit -q -am "the series" || fail "commit"
	obj="$1/.git/disclose/boot/src/obj-"
}

builders() {
	ps -eo pid=,args= | grep -F -- "$obj" | grep -v grep
}
