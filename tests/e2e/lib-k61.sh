# The scripts of Debian's linux-source-6.1 that the policy tests copy
# into their test repositories (sourced; not a test itself): from the
# pristine tree cache, else from the tarball, kept in
# $DISCLOSE_CACHE/bugfix-6.1-2. Sets K61_FILES and K61; exits 77 (skip)
# when neither source is there. K61_MAINTAINERS is 6.1's own MAINTAINERS
# (not in K61_FILES: most tests write a short one of their own).
K61_FILES="scripts/checkpatch.pl scripts/spelling.txt
scripts/const_structs.checkpatch scripts/get_maintainer.pl"
K61=$DISCLOSE_CACHE/bugfix-6.1-2
K61_MAINTAINERS=$K61/MAINTAINERS
if [ ! -f "$K61_MAINTAINERS" ]; then
	mkdir -p "$K61.tmp.$$/scripts"
	pristine=$(ls -d "$DISCLOSE_CACHE"/linux-source-6.1-* 2>/dev/null | head -n 1)
	if [ -n "$pristine" ] &&
		git -C "$pristine" rev-parse -q --verify pristine >/dev/null; then
		for f in $K61_FILES MAINTAINERS; do
			git -C "$pristine" show "pristine:$f" >"$K61.tmp.$$/$f" ||
				fail "reading $f from $pristine"
		done
	elif [ -f /usr/src/linux-source-6.1.tar.xz ]; then
		members=""
		for f in $K61_FILES MAINTAINERS; do
			members="$members linux-source-6.1/$f"
		done
		tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$K61.tmp.$$" \
			--strip-components=1 $members || fail "extracting scripts"
	else
		rm -rf "$K61.tmp.$$"
		echo "no kernel source (linux-source-6.1) for the 6.1 scripts"
		exit 77
	fi
	mv "$K61.tmp.$$" "$K61" 2>/dev/null || rm -rf "$K61.tmp.$$"
fi

# k61_maintainers: a MAINTAINERS file in 6.1's layout for drivers/frob/.
k61_maintainers() {
	cat <<'MAINT'
List of maintainers
===================

Maintainers List
----------------

FROB DRIVER
M:	Fro Bnicator <frob@example.org>
R:	Rev Iewer <rev@example.org>
L:	frob-devel@lists.example.org
S:	Maintained
F:	drivers/frob/

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
F:	*
F:	*/
MAINT
}
