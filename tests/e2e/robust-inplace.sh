# trailer --in-place FILE edits FILE as an editor does:
# it keeps the file's mode, writes through a symbolic link to the file
# the link names (the link stays a link), updates a hard-linked file for
# all its names, and replaces anything else atomically; a dangling link
# or a link to something that is not a regular file is refused with the
# file untouched.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
new_repo "$TMPDIR/r"
A="--agent Claude --model claude-opus-4-5 --no-tool"
msg() { printf 'frob: fix the thing\n\nBecause.\n' >"$1"; }
placed() {
	grep -qxF "Assisted-by: Claude:claude-opus-4-5" "$1" &&
		grep -qxF "$HUMAN_SOB" "$1"
}

# mode: a 0600 file stays 0600 (and a 0640 one 0640, whatever the umask)
msg "$TMPDIR/m1"
chmod 600 "$TMPDIR/m1"
row inplace-mode-0600 0 "$D" trailer $A --message "$TMPDIR/m1" --in-place
placed "$TMPDIR/m1" || fail "mode: trailers not placed: $(cat "$TMPDIR/m1")"
expect_eq "0600 kept" 600 "$(stat -c %a "$TMPDIR/m1")"
msg "$TMPDIR/m2"
chmod 640 "$TMPDIR/m2"
row inplace-mode-0640 0 sh -c "umask 077; exec \"\$@\"" sh \
	"$D" trailer $A --message "$TMPDIR/m2" --in-place
expect_eq "0640 kept" 640 "$(stat -c %a "$TMPDIR/m2")"

# symlink: the target is edited, the link stays a link to it
mkdir "$TMPDIR/elsewhere"
msg "$TMPDIR/elsewhere/target"
chmod 600 "$TMPDIR/elsewhere/target"
ln -s elsewhere/target "$TMPDIR/link"
row inplace-symlink 0 "$D" trailer $A --message "$TMPDIR/link" --in-place
[ -L "$TMPDIR/link" ] || fail "the symbolic link was replaced by a regular file"
expect_eq "link target" elsewhere/target "$(readlink "$TMPDIR/link")"
placed "$TMPDIR/elsewhere/target" || fail "the link's target was not edited"
expect_eq "target mode" 600 "$(stat -c %a "$TMPDIR/elsewhere/target")"
ls "$TMPDIR/elsewhere" "$TMPDIR" | grep -q '\.tmp\.' && fail "a temporary file is left"

# a chain of links, relative to the link's own directory
ln -s ../link "$TMPDIR/elsewhere/link2"
msg "$TMPDIR/elsewhere/target"
row inplace-symlink-chain 0 "$D" trailer $A --message "$TMPDIR/elsewhere/link2" --in-place
[ -L "$TMPDIR/elsewhere/link2" ] && [ -L "$TMPDIR/link" ] || fail "a link of the chain was replaced"
placed "$TMPDIR/elsewhere/target" || fail "chain: the target was not edited"

# hard link: every name sees the new text (one inode)
msg "$TMPDIR/h1"
ln "$TMPDIR/h1" "$TMPDIR/h2"
ino=$(stat -c %i "$TMPDIR/h1")
row inplace-hardlink 0 "$D" trailer $A --message "$TMPDIR/h1" --in-place
expect_eq "inode kept" "$ino" "$(stat -c %i "$TMPDIR/h1")"
expect_eq "link count" 2 "$(stat -c %h "$TMPDIR/h1")"
placed "$TMPDIR/h2" || fail "the other name of a hard link does not see the edit"
cmp -s "$TMPDIR/h1" "$TMPDIR/h2" || fail "hard link names differ"

# a full disk (a full tmpfs): the edit of a hard-linked file, written in
# its inode, asks for the blocks it grows by before it overwrites a byte,
# so the file stays as it was; an ordinary file is replaced only by a
# complete copy. The message ends just short of a 4 KiB page, so that
# the trailers need a new one.
full_disk_rows() {
	_s=$TMPDIR/small
	mkdir "$_s" && mount -t tmpfs -o size=1m tmpfs "$_s" 2>"$TMPDIR/mount" || {
		echo "full-disk rows: not run (cannot mount a tmpfs: $(cat "$TMPDIR/mount"))"
		return 0
	}
	trap 'cd /; umount "$TMPDIR/small" 2>/dev/null' EXIT
	{
		printf 'frob: fix the thing\n\n'
		awk 'BEGIN { for (i = 0; i < 90; i++) printf "line %02d of the body of the message, as long as others\n", i }' |
			head -c 4000
		printf '\n---\nnotes for the reviewers, below the divider\n'
	} >"$TMPDIR/big"
	for kind in hardlink plain; do
		cp "$TMPDIR/big" "$_s/m"
		[ $kind = hardlink ] && ln "$_s/m" "$_s/m2"
		dd if=/dev/zero of="$_s/fill" bs=4k 2>/dev/null
		dd if=/dev/zero of="$_s/fill2" bs=1 2>/dev/null
		row inplace-full-disk-$kind 2 "$D" trailer $A --message "$_s/m" \
			--in-place
		cmp -s "$TMPDIR/big" "$_s/m" ||
			fail "$kind: the file changed on a full disk: $(tail -n 3 "$_s/m")"
		row_err "No space left on device"
		row_err "the file is as it was"
		ls "$_s" | grep -q '\.tmp\.' && fail "$kind: a temporary file is left"
		rm -f "$_s/fill" "$_s/fill2"
		row inplace-after-full-disk-$kind 0 "$D" trailer $A \
			--message "$_s/m" --in-place
		placed "$_s/m" || fail "$kind: not placed with room"
		rm -f "$_s/m" "$_s/m2"
	done
}
[ "$(id -u)" = 0 ] && full_disk_rows ||
	echo "full-disk rows: not run (mounting a tmpfs needs root)"

# an ordinary file is replaced atomically: a reader holding the old file
# open keeps reading the whole old text
msg "$TMPDIR/a"
exec 3<"$TMPDIR/a"
row inplace-atomic 0 "$D" trailer $A --message "$TMPDIR/a" --in-place
old=$(cat <&3)
exec 3<&-
expect_eq "the old file is untouched" "$(printf 'frob: fix the thing\n\nBecause.')" "$old"
placed "$TMPDIR/a" || fail "atomic: trailers not placed"

# refusals: the file and the link stay as they were
ln -s "$TMPDIR/nowhere" "$TMPDIR/dangling"
row inplace-dangling 2 "$D" trailer $A --message "$TMPDIR/dangling" --in-place
row_err "dangling"
[ -L "$TMPDIR/dangling" ] && [ ! -e "$TMPDIR/nowhere" ] || fail "a dangling link was written through"
ln -s /dev/null "$TMPDIR/devlink"
row inplace-device 2 "$D" trailer $A --message "$TMPDIR/devlink" --in-place
row_err "not a regular file"
[ -L "$TMPDIR/devlink" ] || fail "a link to a device was replaced"
mkdir "$TMPDIR/ro" && msg "$TMPDIR/ro/m" && chmod 444 "$TMPDIR/ro/m"
if can_drop; then
	chown -R nobody "$TMPDIR/ro"
	chmod 555 "$TMPDIR/ro"
	open_up "$TMPDIR"
	cd "$TMPDIR/ro" || fail "cd"
	row inplace-readonly 2 as_nobody "$D" trailer $A --no-signoff \
		--message "$TMPDIR/ro/m" --in-place
	cd "$TMPDIR/r" || fail "cd"
	row_err "$TMPDIR/ro/m"
	placed "$TMPDIR/ro/m" && fail "a read-only file was written"
fi
echo "trailer --in-place keeps mode, links and inodes"
