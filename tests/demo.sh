#!/bin/sh
# make demo: a throwaway repository with a three-commit AI-assisted series
# (vendor trailers, a Claude Code footer, an AI Signed-off-by). On a
# terminal it opens the guided assistant on it; elsewhere (CI) it shows
# the series before and after with the non-interactive commands.
set -eu
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/disclose-demo.XXXXXX")
. "$top/tests/tui/series.sh"
make_series "$dir/demo" >/dev/null

show() {
	git log --reverse --format='--- %h %s%n%b' upstream-base..HEAD
}

if [ -t 0 ] && [ -t 1 ]; then
	echo "A throwaway repository with a three-commit AI-assisted series:"
	echo "  $dir/demo"
	echo "Opening the guided assistant (q goes back, ? shows the keys)..."
	sleep 1
	"$bin" || true
	echo
	echo "== the series now =="
	show
else
	echo "== before: what the AI tool left in the series =="
	show
	echo "== git disclose check =="
	"$bin" check || true
	echo "== git disclose fix --agent Claude --model claude-opus-4-5 (converts vendor trailers, drops the AI sign-off) =="
	if "$bin" fix --help >/dev/null 2>&1; then
		"$bin" fix --agent Claude --model claude-opus-4-5 || true
	else
		"$bin" amend --agent Claude --model claude-opus-4-5 --tool sparse
	fi
	echo "== after =="
	show
	echo "== git disclose check =="
	"$bin" check || true
fi
echo "(the demo repository is $dir/demo)"
