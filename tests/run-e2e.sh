#!/bin/sh
# Run every test script of a directory (default tests/e2e) with the binary
# given. Each script gets DISCLOSE (path to the binary), TOP (the source
# tree), a private HOME and TMPDIR, and DISCLOSE_CACHE, a cache directory
# that outlives the run (the kernel tree is kept there).
# Exit status 77 from a script means "skipped"; its last line says why.
# T="name ..." (as in `make e2e T="hook cli-commit"`) runs only those;
# `make -j2 check` runs each script as a make target of its own.
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${2:-$top/tests/e2e}
cache=${DISCLOSE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/git-disclose}
mkdir -p "$cache"
pass=0 fail=0 skip=0
for t in "$dir"/*.sh; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	case $name in lib*) continue ;; esac
	if [ -n "${T:-}" ]; then
		case " $T " in *" $name "*) ;; *) continue ;; esac
	fi
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/disclose-e2e.XXXXXX")
	mkdir -p "$tmp/home"
	log="$tmp/log"
	start=$(date +%s)
	env DISCLOSE="$bin" TOP="$top" HOME="$tmp/home" TMPDIR="$tmp" \
		DISCLOSE_CACHE="$cache" GIT_CONFIG_NOSYSTEM=1 \
		XDG_CONFIG_HOME="$tmp/home/.config" LC_ALL=C.UTF-8 \
		sh "$t" >"$log" 2>&1 </dev/null
	rc=$?
	secs=$(($(date +%s) - start))
	case $rc in
	0) pass=$((pass + 1)); echo "ok   $name ($secs s)" ;;
	77) skip=$((skip + 1)); echo "skip $name: $(tail -n 1 "$log")" ;;
	*) fail=$((fail + 1)); echo "FAIL $name (exit $rc, $secs s), log: $log"
	   tail -n 40 "$log" | sed 's/^/    /' ;;
	esac
	[ $rc -ne 0 ] && [ $rc -ne 77 ] || rm -rf "$tmp"
done
# QUIET=1 (make's per-script targets): the script's own line is enough.
[ -n "${QUIET:-}" ] ||
	echo "$(basename "$dir"): $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
