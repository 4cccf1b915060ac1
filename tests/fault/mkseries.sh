#!/bin/sh
# mkseries.sh DIR N: a repository at DIR whose branch main holds a root
# commit "base" (tagged base) and N commits on it, written in one
# git fast-import (one pack, a second or so for 1,000 commits). The
# messages vary the way real series do: subject only, an existing
# sign-off, a Co-developed-by pair, a Reviewed-by, a "---" line in the
# body, an AI vendor trailer; authors, dates and time zones vary too.
# The identity of the repository is Hu Man <hu@example.org>.
set -e
dir=$1
n=$2
git init -q -b main "$dir"
cd "$dir"
git config user.name "Hu Man"
git config user.email hu@example.org
git config commit.gpgsign false
awk -v n="$n" '
function commit(i, msg, file, t, tz) {
	printf "commit refs/heads/main\nmark :%d\n", i + 1
	printf "author Author %d <a%d@example.org> %d %s\n", i % 7, i % 7, t, tz
	printf "committer Old Committer <old@example.org> %d %s\n", t + 30, tz
	printf "data <<EOM\n%s\nEOM\n", msg
	if (i > 0)
		printf "from :%d\n", i
	printf "M 100644 inline %s\ndata <<EOD\nline %d\nEOD\n\n", file, i
}
BEGIN {
	commit(0, "base", "README", 1700000000, "+0000")
	for (i = 1; i <= n; i++) {
		k = i % 6
		s = sprintf("subsys: change %d", i)
		if (k == 0)
			m = s
		else if (k == 1)
			m = s "\n\nBody of " i ".\n\nSigned-off-by: Hu Man <hu@example.org>"
		else if (k == 2)
			m = s "\n\nTogether.\n\nCo-developed-by: Other Dev <o@example.org>\nSigned-off-by: Other Dev <o@example.org>"
		else if (k == 3)
			m = s "\n\nReviewed.\n\nReviewed-by: Rev Iewer <r@example.org>"
		else if (k == 4)
			m = s "\n\n--- a table rule, not a divider\nmore text\n\nLink: https://example.org/" i
		else
			m = s "\n\nWritten with help.\n\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>"
		tz = (i % 3 == 0) ? "-0700" : (i % 3 == 1) ? "+0100" : "+0530"
		commit(i, m, sprintf("dir%d/file%d.c", i % 10, i % 97), 1700000000 + 60 * i, tz)
	}
}' | git fast-import --quiet
git tag base main~"$n"
git reset -q --hard main
