#!/bin/sh
# make demo: a throwaway repository with an AI-assisted commit, and
# git disclose amend on it, showing the message before and after.
set -eu
bin=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/disclose-demo.XXXXXX")
cd "$dir"
git init -q -b main demo && cd demo
git config user.name "Ada Lovelace"
git config user.email "ada@example.org"
printf 'int frob(void)\n{\n\treturn 42;\n}\n' >frob.c
git add frob.c
git commit -q -F - <<'MSG'
frob: return the answer

The frobnicator returned garbage on the first call.

Generated with [Claude Code](https://claude.com/claude-code)

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
MSG
echo "== before =="
git log -1 --format=%B
echo "== git disclose amend --agent Claude --model claude-opus-4-5 --tool sparse =="
"$bin" amend --agent Claude --model claude-opus-4-5 --tool sparse
echo "== after =="
git log -1 --format=%B
echo "(the demo repository is $dir/demo)"
