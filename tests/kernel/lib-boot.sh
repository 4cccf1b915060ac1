# SPDX-License-Identifier: GPL-2.0
# Sourced first by the kernel scripts that build and boot (run-e2e.sh
# skips lib*): fail and step named after the script, the packages every
# boot needs (installed when missing, else exit 77, a skip), Debian's
# linux-source-6.1, a committer identity and jget. Set before sourcing:
#   ME          the script's name, for its messages
#   EXTRA_DEPS  optional "program:package ..." beyond the common ones
# Environment (tests/run-e2e.sh): DISCLOSE, TOP, TMPDIR, DISCLOSE_CACHE.
set -u
fail() {
	echo "$ME: FAIL: $*" >&2
	exit 1
}
step() {
	echo "$ME: $* ($(date +%T))"
}

for dep in qemu-system-x86_64:qemu-system-x86 busybox:busybox-static \
	flex:flex bison:bison bc:bc make:make gcc:gcc ${EXTRA_DEPS:-}; do
	prog=${dep%%:*}
	pkg=${dep#*:}
	command -v "$prog" >/dev/null 2>&1 || [ -x "/bin/$prog" ] ||
		sh "$TOP/tests/deps.sh" "$pkg" >/dev/null 2>&1 ||
		{ echo "$pkg is missing and cannot be installed"; exit 77; }
done
[ -r /usr/src/linux-source-6.1.tar.xz ] ||
	sh "$TOP/tests/deps.sh" linux-source-6.1 >/dev/null 2>&1 ||
	{ echo "linux-source-6.1 is missing and cannot be installed"; exit 77; }

export GIT_AUTHOR_NAME="Boot Test" GIT_AUTHOR_EMAIL=boot@example.org
export GIT_COMMITTER_NAME="Boot Test" GIT_COMMITTER_EMAIL=boot@example.org

# jget FILE EXPR: a Python expression on the JSON verdict v.
jget() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
print(eval(sys.argv[2], {"v": v}))' "$1" "$2"
}

# series_clone WHAT: a clone (--shared) of the pristine tree in
# $TMPDIR/linux, entered, with the project's series (kernel/patches)
# applied, or a documentation change "for WHAT" when there is none;
# $pristine is the pristine repository.
series_clone() {
	what=$1
	step "pristine tree"
	pristine=$(sh "$TOP/tests/kernel/tree.sh") || fail "tree.sh failed"
	git clone -q --shared "$pristine" "$TMPDIR/linux" ||
		fail "cannot clone"
	cd "$TMPDIR/linux" || fail "no clone"
	set -- "$TOP"/kernel/patches/*.patch
	if [ -f "$1" ]; then
		git am -q "$@" || fail "kernel/patches do not apply"
	else
		printf '\nA line for the %s.\n' "$what" \
			>>Documentation/process/howto.rst
		git commit -q -a -m "docs: a documentation-only change"
	fi
}
