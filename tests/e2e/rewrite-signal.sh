# SIGINT and SIGTERM timed into the ref update of a rewrite, 100 seeded
# trials of amend and 40 of fix on a range (tests/fault/sigint.sh): no
# lock is left, the branch is at the old or the complete new tip, its
# reflog tells the truth, and a run that moved the branch printed the
# undo before the signal ended it.
. "$TOP/tests/e2e/lib.sh"
DISCLOSE_TEST_HOOKS=$TEST_HOOKS sh "$TOP/tests/fault/sigint.sh" "$D" "${DISCLOSE_FAULT_TRIALS:-100}" \
	"${DISCLOSE_FAULT_SEED:-1}" 50 || exit 1
DISCLOSE_TEST_HOOKS=$TEST_HOOKS SIGINT_CMD=fix sh "$TOP/tests/fault/sigint.sh" \
	"$D" 40 "${DISCLOSE_FAULT_SEED:-1}" 50
