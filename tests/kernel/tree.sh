#!/bin/sh
# Print the path of a git repository holding the pristine kernel tree of
# Debian's linux-source-6.1 package, building it first when it is missing.
#
# Layout, shared with src/boot (keep them in step):
#   $DISCLOSE_CACHE/linux-source-<debversion>
#   DISCLOSE_CACHE defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/git-disclose
#   a non-bare repository with one commit of the tarball's contents (its
#   top directory stripped), author and committer
#   "linux-source-6.1 <pristine@localhost>", dates "@0 +0000", tag
#   "pristine", core.autocrlf=false and gc.auto=0.
#
# The repository is built in "<path>.tmp.$$" and renamed into place, so a
# reader never sees half of one. Nobody may move its branch: tests work in
# a "git worktree add --detach" or a "git clone --shared" of it.
#
# Environment: DISCLOSE_KERNEL_TARBALL overrides the tarball path (the
# package version still names the directory). Progress and timings go to
# stderr; only the path goes to stdout.
# Exit status: 0 ok, 77 the package is not installed (so that run-e2e.sh,
# which also runs this file as a test, reports a skip), 2 failed build.

pkg=linux-source-6.1
tarball=${DISCLOSE_KERNEL_TARBALL:-/usr/src/$pkg.tar.xz}

die() {
	echo "tree.sh: $*" >&2
	exit 2
}

now() {
	date +%s
}

# A pristine repository is usable when its tag names a commit.
usable() {
	git -C "$1" rev-parse -q --verify 'pristine^{commit}' >/dev/null 2>&1
}

# Remove temporary directories left by builds whose process is gone.
reap_stale() {
	for old in "$1".tmp.*; do
		[ -d "$old" ] || continue
		pid=${old##*.tmp.}
		case $pid in
		'' | *[!0-9]*) continue ;;
		esac
		kill -0 "$pid" 2>/dev/null && continue
		echo "tree.sh: removing stale $old" >&2
		rm -rf "$old"
	done
}

# Fill $1 with a fresh repository of the tarball.
build() {
	tmp=$1
	mkdir -p "$tmp" || return 1
	t0=$(now)
	echo "tree.sh: extracting $tarball" >&2
	tar -xJf "$tarball" -C "$tmp" --strip-components=1 --no-same-owner ||
		return 1
	t1=$(now)
	echo "tree.sh: extract took $((t1 - t0)) s" >&2
	git -C "$tmp" init -q -b main || return 1
	git -C "$tmp" config core.autocrlf false &&
		git -C "$tmp" config gc.auto 0 &&
		git -C "$tmp" config core.safecrlf false || return 1
	# -f: .gitignore files in the tree must not hide any tarball file.
	git -C "$tmp" add -f -A . || return 1
	t2=$(now)
	echo "tree.sh: git add took $((t2 - t1)) s" >&2
	GIT_AUTHOR_NAME=$pkg GIT_AUTHOR_EMAIL=pristine@localhost \
	GIT_AUTHOR_DATE='@0 +0000' \
	GIT_COMMITTER_NAME=$pkg GIT_COMMITTER_EMAIL=pristine@localhost \
	GIT_COMMITTER_DATE='@0 +0000' \
		git -C "$tmp" -c commit.gpgsign=false commit -q --no-verify \
		-m "$pkg $version (pristine)" || return 1
	git -C "$tmp" tag pristine || return 1
	t3=$(now)
	echo "tree.sh: git commit took $((t3 - t2)) s" >&2
}

command -v git >/dev/null || die "git is not installed; install the git package"
version=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null)
if [ ! -r "$tarball" ] || [ -z "$version" ]; then
	echo "tree.sh: $tarball or its package version is missing;" \
		"install it: apt-get install $pkg" >&2
	exit 77
fi

cache=${DISCLOSE_CACHE:-${XDG_CACHE_HOME:-${HOME:?}/.cache}/git-disclose}
path=$cache/$pkg-$version

if [ -e "$path" ]; then
	usable "$path" ||
		die "$path exists but has no 'pristine' commit; remove it and run again"
	echo "$path"
	exit 0
fi

mkdir -p "$cache" || die "cannot create $cache"
reap_stale "$path"
tmp=$path.tmp.$$
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM
build "$tmp" || die "building $path failed (see the messages above)"

# Another run may have finished first: keep its tree, drop ours.
if [ -e "$path" ] || ! mv -T "$tmp" "$path" 2>/dev/null; then
	usable "$path" || die "could not move $tmp to $path"
fi
echo "$path"
