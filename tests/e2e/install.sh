# make install / make uninstall with PREFIX and DESTDIR: the binary, the
# man page (found by man, opened by git disclose --help) and the bash
# completion (found by bash-completion's loader for git disclose <Tab>).
. "$TOP/tests/e2e/lib.sh"
command -v make >/dev/null || { echo "make is not installed"; exit 77; }
sh "$TOP/tests/deps.sh" man-db groff bash-completion >&2 || {
	echo "man-db, groff or bash-completion missing and cannot be installed"
	exit 77
}
dest=$TMPDIR/dest
# install the binary under test as it is (-o: never rebuild it)
mk() {
	make -s -C "$TOP" -o "$D" BIN="$D" "$@" >"$TMPDIR/make.log" 2>&1 ||
		fail "make $*: $(cat "$TMPDIR/make.log")"
}
mk DESTDIR="$dest" PREFIX=/usr install
bin=$dest/usr/bin/git-disclose
man1=$dest/usr/share/man/man1/git-disclose.1
comp=$dest/usr/share/bash-completion/completions/git-disclose
[ -x "$bin" ] || fail "no executable $bin"
cmp -s "$bin" "$D" || fail "installed binary differs from $D"
[ -f "$man1" ] || fail "no man page at $man1"
[ -f "$comp" ] || fail "no completion at $comp"
expect_eq "man page mode" "644" "$(stat -c %a "$man1")"
expect_eq "completion mode" "644" "$(stat -c %a "$comp")"
expect_eq "binary mode" "755" "$(stat -c %a "$bin")"

# the installed binary works, also as a git command
new_repo "$TMPDIR/r"
expect_eq "version" "$("$D" --version)" "$("$bin" --version)"
out=$(PATH=$dest/usr/bin:$PATH git disclose trailer --agent Claude \
	--model claude-3-opus --tool sparse) || fail "git disclose trailer"
expect_eq "installed trailer" "Assisted-by: Claude:claude-3-opus sparse
$HUMAN_SOB" "$out"

# man finds the page; git disclose --help opens it (git runs man)
found=$(MANPATH=$dest/usr/share/man man -w git-disclose) || fail "man -w found nothing"
expect_eq "man -w" "$man1" "$found"
PATH=$dest/usr/bin:$PATH MANPATH=$dest/usr/share/man MANPAGER=cat PAGER=cat \
	MANWIDTH=80 git -c help.format=man disclose --help >"$TMPDIR/help" 2>&1 ||
	fail "git disclose --help: $(cat "$TMPDIR/help")"
expect_grep "GIT-DISCLOSE(1)" "$TMPDIR/help"
expect_grep "COMMANDS" "$TMPDIR/help"
# the binary's own usage stays one command away
PATH=$dest/usr/bin:$PATH git disclose help >"$TMPDIR/usage" || fail "git disclose help"
expect_grep "usage: git disclose" "$TMPDIR/usage"

# bash-completion loads the installed file the first time git disclose
# is completed (git's completion asks its loader for git-disclose)
cat >"$TMPDIR/lazy.bash" <<'EOS'
. /usr/share/bash-completion/bash_completion
_completion_loader git
COMP_WORDS=(git disclose ch)
COMP_CWORD=2
COMP_LINE="git disclose ch"
COMP_POINT=${#COMP_LINE}
__git_wrap__git_main
printf '<%s>\n' "${COMPREPLY[@]}"
EOS
out=$(XDG_DATA_DIRS=$dest/usr/share:/usr/share PATH=$dest/usr/bin:$PATH \
	bash "$TMPDIR/lazy.bash" 2>"$TMPDIR/berr")
expect_eq "git disclose ch<Tab>" "<check >" "$out"

# PREFIX defaults to /usr/local; DESTDIR is honoured by uninstall too
mk DESTDIR="$TMPDIR/d2" install
[ -x "$TMPDIR/d2/usr/local/bin/git-disclose" ] || fail "default PREFIX"
[ -f "$TMPDIR/d2/usr/local/share/man/man1/git-disclose.1" ] || fail "default MANDIR"
mk DESTDIR="$TMPDIR/d2" uninstall
expect_eq "nothing left in d2" "" "$(find "$TMPDIR/d2" -type f)"
mk DESTDIR="$dest" PREFIX=/usr uninstall
expect_eq "nothing left" "" "$(find "$dest" -type f)"
# uninstalling twice is not an error
mk DESTDIR="$dest" PREFIX=/usr uninstall
echo "install: all passed"
