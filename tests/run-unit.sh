#!/bin/sh
# Run every cmocka unit test binary given; report a plain summary line.
# With --valgrind first, each runs under valgrind --leak-check=full.
wrap=""
if [ "$1" = "--valgrind" ]; then
	wrap="valgrind -q --suppressions=$(dirname "$0")/valgrind.supp --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1"
	shift
fi
pass=0 fail=0
for t in "$@"; do
	if $wrap "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $t"; fi
done
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
