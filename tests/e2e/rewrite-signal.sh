# SIGINT and SIGTERM timed into the ref update of a rewrite, 100 seeded
# trials (tests/fault/sigint.sh): no lock is left, the branch is at the
# old or the complete new tip, and its reflog tells the truth.
. "$TOP/tests/e2e/lib.sh"
DISCLOSE_TEST_HOOKS=$TEST_HOOKS sh "$TOP/tests/fault/sigint.sh" "$D" "${DISCLOSE_FAULT_TRIALS:-100}" \
	"${DISCLOSE_FAULT_SEED:-1}" 50
