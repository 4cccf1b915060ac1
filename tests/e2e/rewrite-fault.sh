# SIGKILL at random points of a 500-commit rewrite, 100 seeded trials
# (tests/fault/sigkill.sh): nothing is ever lost. DISCLOSE_FAULT_SEED
# and DISCLOSE_FAULT_TRIALS change the seed (default 1) and the count.
. "$TOP/tests/e2e/lib.sh"
sh "$TOP/tests/fault/sigkill.sh" "$D" "${DISCLOSE_FAULT_TRIALS:-100}" \
	"${DISCLOSE_FAULT_SEED:-1}" 500
