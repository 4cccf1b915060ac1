# Bad-input matrix, messages: NUL bytes, invalid UTF-8, CRLF, a 10 MB
# line, 100,000 trailers, only whitespace, empty. Each goes through the
# commands that read a message (trailer --parse, trailer --message, check
# --message, fix --dry-run --message) and, as a commit, through amend.
# Read-only commands leave the repository as it was; amend either writes
# the right trailers or refuses with one line and changes nothing.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
new_repo "$TMPDIR/r"
A="--agent Claude --model claude-opus-4-5"
M=$TMPDIR/m
mkdir -p "$M"

printf 'Fix\000 the frobnicator\n\nBody.\n\nSigned-off-by: Ada <ada@example.org>\n' >"$M/nul"
printf 'Fix caf\351 \377\376 bytes\n\nBody \300\257 overlong.\n\nReviewed-by: \355\240\200 <r@example.org>\n' >"$M/utf8"
printf 'Fix the thing\r\n\r\nBody.\r\n\r\nSigned-off-by: Ada <ada@example.org>\r\n' >"$M/crlf"
printf 'Fix the thing\r\n\r\nBody.\r\n\r\nSigned-off-by: Ada <ada@example.org>\r\n\r\n' >"$M/crlf-blank"
printf ' \t \n\n   \n\t\n' >"$M/blank"
: >"$M/empty"
awk 'BEGIN { printf "Subject\n\n"; s = "x"; while (length(s) < 10485760) s = s s;
	print substr(s, 1, 10485760) }' >"$M/long"
awk 'BEGIN { printf "Subject\n\nBody.\n\n";
	for (i = 0; i < 100000; i++) printf "Reviewed-by: R%d <r%d@example.org>\n", i, i }' >"$M/many"
[ "$(wc -c <"$M/long")" -gt 10485760 ] || fail "10 MB line"

# --- trailer --parse: never fails, prints what git prints
for f in nul utf8 crlf crlf-blank blank empty long many; do
	row "parse-$f" 0 "$D" trailer --parse --message "$M/$f"
	git interpret-trailers --parse <"$M/$f" >"$TMPDIR/git.out" 2>/dev/null
	cmp -s "$TMPDIR/out" "$TMPDIR/git.out" || fail "parse-$f differs from git interpret-trailers --parse"
done
expect_eq "100,000 trailers parsed" 100000 "$(wc -l <"$TMPDIR/out")"

# --- trailer --message: placement or a clear refusal
row "place-nul" 2 "$D" trailer $A --message "$M/nul"
row_err "NUL byte on line 1"
row "place-empty" 2 "$D" trailer $A --message "$M/empty"
row_err "the message is empty"
row "place-blank" 2 "$D" trailer $A --message "$M/blank"
row_err "the message is empty"
for f in utf8 crlf crlf-blank long many; do
	row "place-$f" 0 "$D" trailer $A --message "$M/$f"
	git interpret-trailers --parse <"$TMPDIR/out" | tail -n 2 >"$TMPDIR/tail"
	expect_eq "place-$f: the last two trailers" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(cat "$TMPDIR/tail")"
	# the input comes back when the two new lines are taken out
	grep -av "^Assisted-by: Claude:claude-opus-4-5\$\|^$HUMAN_SOB\$" "$TMPDIR/out" >"$TMPDIR/back"
	case $f in
	utf8|crlf|crlf-blank|long|many)
		grep -av '^$' "$M/$f" >"$TMPDIR/in.lines"
		grep -av '^$' "$TMPDIR/back" >"$TMPDIR/back.lines"
		cmp -s "$TMPDIR/in.lines" "$TMPDIR/back.lines" ||
			fail "place-$f: the message's own lines changed" ;;
	esac
	cp "$TMPDIR/out" "$TMPDIR/once"
	"$D" trailer $A --message "$TMPDIR/once" >"$TMPDIR/twice" 2>/dev/null
	cmp -s "$TMPDIR/once" "$TMPDIR/twice" || fail "place-$f is not idempotent"
done
expect_eq "crlf: the block stays one paragraph" "Signed-off-by: Ada <ada@example.org>
Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$("$D" trailer $A --message "$M/crlf-blank" |
	git interpret-trailers --parse | tr -d '\r')"

# --- check --message: findings or clean, never a crash (100,000
# trailers: badinput-slow.sh)
for f in nul:1 utf8:1 crlf:0 long:1; do
	row "check-${f%:*}" "${f#*:}" "$D" check --message "$M/${f%:*}"
	has_raw_control "$TMPDIR/out" && fail "check-${f%:*}: raw control bytes on stdout"
done
# an empty message is no commit message (git commit refuses it): exit 2
row "check-empty" 2 "$D" check --message "$M/empty"
row_err "is empty"
row "check-blank" 2 "$D" check --message "$M/blank"
row_err "is empty"

# --- fix --dry-run --message
for f in utf8 crlf long; do
	row "fix-$f" 0 "$D" fix --dry-run $A --message "$M/$f"
done
row "fix-nul" 2 "$D" fix --dry-run $A --message "$M/nul"
row_err "NUL byte"

# --- the same as commits, through amend (meant to change HEAD); amend of
# 100,000 trailers is in badinput-slow.sh (too slow: a known bug)
tree=$(git rev-parse HEAD^{tree})
for f in utf8 crlf long; do
	c=$(git commit-tree -p HEAD "$tree" <"$M/$f") || fail "commit-tree $f"
	git update-ref refs/heads/main "$c"
	CHANGES=1 row "amend-$f" 0 "$D" amend $A
	git log -1 --format=%B | git interpret-trailers --parse | tail -n 2 >"$TMPDIR/tail"
	expect_eq "amend-$f: the last two trailers" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(tr -d '\r' <"$TMPDIR/tail")"
	[ "$(git rev-parse refs/disclose/backup/main)" = "$c" ] || fail "amend-$f: backup"
	git update-ref refs/heads/main "$c"
done
# a NUL byte in a commit (git hash-object): badinput-slow.sh
# whitespace only and empty, as commits
for f in blank empty; do
	c=$(git commit-tree -p HEAD "$tree" <"$M/$f") || fail "commit-tree $f"
	git update-ref refs/heads/main "$c"
	row "amend-$f" 2 "$D" amend $A
	row_err "the message is empty"
done

# --- git disclose commit -F: git's own refusals come through, nothing half-done
git reset -q --soft "$(git commit-tree "$tree" -m base)"
echo y >y.c && git add y.c
row "commit-empty" 2 "$D" commit $A -- -F "$M/empty"
row "commit-blank" 2 "$D" commit $A -- -F "$M/blank"
CHANGES=1 row "commit-crlf" 0 "$D" commit $A -- -F "$M/crlf"
git log -1 --format=%B | git interpret-trailers --parse >"$TMPDIR/t"
expect_grep "Assisted-by: Claude:claude-opus-4-5" "$TMPDIR/t"
echo "all message rows passed"
