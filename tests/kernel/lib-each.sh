# SPDX-License-Identifier: GPL-2.0
# Sourced by boot.sh (run-e2e.sh skips lib*): boot --each and the W=1
# check on the tree boot.sh has already built, so that every build here
# is incremental. Needs fail, step, jget (lib-boot.sh), verdict and
# DISCLOSE; runs in the kernel clone with the good series' tip given as $1.

# A three-commit series whose middle commit breaks the build: reported
# at that commit with its subject and the compiler's error, each commit
# built in the same directory oldest first, the tip built too, and the
# tip's W=1 check (a comment added to init/main.c) finding nothing new.
each_break() {
	good=$1
	git checkout -q -b each "$good" || fail "no each branch"
	printf '/* disclose each: one */\n' >>init/main.c
	git commit -q -a -m "init: a comment for the each test"
	printf 'int disclose_each_broken(void) { return }\n' >>init/main.c
	git commit -q -a -m "init: break the build in the middle"
	git show HEAD~1:init/main.c >init/main.c
	printf '/* disclose each: three */\n' >>init/main.c
	git commit -q -a -m "init: mend the build"
	"$DISCLOSE" boot --each "$good"..each >"$TMPDIR/each.txt" \
		2>"$TMPDIR/each.err"
	rc=$?
	cat "$TMPDIR/each.txt"
	[ $rc -eq 1 ] || fail "a series with a broken commit gave exit $rc"
	grep -q 'FAIL: commit 2/3 .*"init: break the build in the middle")' \
		"$TMPDIR/each.txt" || fail "the broken commit is not named"
	grep -q 'init/main.c:.*error' "$TMPDIR/each.txt" &&
		grep -q 'build log: .*/build-2.log' "$TMPDIR/each.txt" ||
		fail "the compiler's error lines are not shown"
	grep -q 'boot: commit 3/3 building' "$TMPDIR/each.err" ||
		fail "the progress does not show commit k of n"
	j=.git/disclose/boot.json
	[ "$(jget $j 'v["failed_commit"]')" = 1 ] ||
		fail "boot.json does not name the second commit"
	# the tip builds: it is booted all the same, the failure stays
	[ "$(jget $j '[c["status"] for c in v["commits"]]')" = \
		"['built', 'build-failed', 'pass']" ] ||
		fail "per-commit results: $(jget $j 'v["commits"]')"
	[ "$(jget $j 'v["status"] == "build-failed" and v["runner"] is not None and v["commits"][2]["boot"] > 0')" = True ] ||
		fail "the tip was not booted: $(jget $j 'v')"
	# what W=1 checked is named, and its time is among the phases
	grep -q 'no new W=1 warnings in init/main.c (' "$TMPDIR/each.txt" &&
		grep -q 'W=1 warnings [0-9.]* s, boot' "$TMPDIR/each.txt" ||
		fail "the W=1 check is not said with its file and time"
	grep -q 'the tip built and was booted all the same: pass' \
		"$TMPDIR/each.txt" || fail "the tip's boot is not said"
	[ "$(jget $j 'v["commits"][1]["commit"]')" = \
		"$(git rev-parse each~1)" ] || fail "the wrong commit is named"
	[ "$(jget $j 'v["warnings_checked"] and not v["new_warnings"]')" = \
		True ] || fail "the tip's W=1 check: $(jget $j 'v["new_warnings"]')"
	jget $j '" ".join("%.1f" % c["build"] for c in v["commits"])' |
		sed 's/^/each.sh: per-commit build seconds: /'
}

# One commit adding a W=1 warning to a file the config builds fails the
# check, named by file, message and line text, while a warning it only
# moves in another file is not new; --accept-warnings passes and keeps
# the new ones in boot.json.
warn_series() {
	good=$1
	git checkout -q -b warn "$good" || fail "no warn branch"
	printf 'int disclose_w1_check(void)\n{\n\tint disclose_unused;\n\n\treturn 0;\n}\n' \
		>>init/main.c
	# kernel/panic.c has a W=1 warning of its own (-Wsuggest-attribute
	# in __warn): three lines above it move it, which adds nothing
	{ head -n 1 kernel/panic.c
	  printf '/*\n * disclose: lines that move the warnings below\n */\n'
	  tail -n +2 kernel/panic.c; } >"$TMPDIR/panic.c" &&
		cp "$TMPDIR/panic.c" kernel/panic.c || fail "cannot edit panic.c"
	git commit -q -a -m "init: add a W=1 warning"
	"$DISCLOSE" boot "$good"..warn >"$TMPDIR/warn.txt"
	rc=$?
	cat "$TMPDIR/warn.txt"
	[ $rc -eq 1 ] || fail "a new warning gave exit $rc, not 1"
	grep -q 'FAIL: the series adds' "$TMPDIR/warn.txt" ||
		fail "no new-warnings verdict"
	grep -q "new warning: init/main.c:.*unused variable .disclose_unused." \
		"$TMPDIR/warn.txt" || fail "the new warning is not shown"
	j=.git/disclose/boot.json
	[ "$(jget $j 'v["status"]')" = new-warnings ] || fail "status"
	[ "$(jget $j 'sorted(set(w["file"] for w in v["new_warnings"]))')" = \
		"['init/main.c']" ] ||
		fail "only init/main.c warnings are new: $(jget $j 'v["new_warnings"]')"
	# the moved one was seen at both ends
	[ "$(jget $j 'v["warnings_seen"]["base"] >= 1 and v["warnings_seen"]["tip"] >= 3')" = \
		True ] || fail "warnings seen: $(jget $j 'v["warnings_seen"]')"
	[ "$(jget $j 'v["warnings_unchecked"]')" = "[]" ] ||
		fail "files left unchecked: $(jget $j 'v["warnings_unchecked"]')"
	jget $j '[w["text"] for w in v["new_warnings"]]' |
		grep -q 'int disclose_unused;' || fail "no source line text"
	"$DISCLOSE" boot --accept-warnings "$good"..warn >"$TMPDIR/warn2.txt"
	rc=$?
	cat "$TMPDIR/warn2.txt"
	[ $rc -eq 0 ] || fail "--accept-warnings gave exit $rc, not 0"
	[ "$(jget $j 'v["warnings_accepted"] and len(v["new_warnings"]) > 0')" \
		= True ] || fail "the accepted warnings are not in boot.json"
}
