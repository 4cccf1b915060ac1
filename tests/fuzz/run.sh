#!/bin/sh
# Run each libFuzzer target named for FUZZ_SECONDS on a scratch copy of
# fixtures/fuzz/<name>/ (with tests/fuzz/<name>.dict when there is one).
# Fails when any target finds a crash, leak, sanitizer report or timeout.
: "${FUZZ_SECONDS:=10}" "${FUZZ_BUILD:=build-fuzz}" "${FUZZ_MAX_LEN:=8192}"
stats=$FUZZ_BUILD/stats.txt
: >"$stats"
failed=""
for t in "$@"; do
	bin=$FUZZ_BUILD/fuzz_$t
	work=$FUZZ_BUILD/corpus/$t
	art=$FUZZ_BUILD/artifacts/$t
	log=$FUZZ_BUILD/fuzz_$t.log
	rm -rf "$work" "$art"
	mkdir -p "$work" "$art"
	[ -d "fixtures/fuzz/$t" ] && cp fixtures/fuzz/"$t"/* "$work"/ 2>/dev/null
	dict=""
	[ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
	echo "fuzz: $t for ${FUZZ_SECONDS}s"
	"$bin" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
		-max_len="$FUZZ_MAX_LEN" -print_final_stats=1 -error_exitcode=1 -timeout_exitcode=1 \
		-artifact_prefix="$art/" $dict "$work" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	secs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	line="$t: ${execs:-?} executions in ${FUZZ_SECONDS}s (${secs:-?}/s, $cov), exit $rc"
	echo "$line" | tee -a "$stats"
	if [ "$rc" -ne 0 ]; then
		failed="$failed $t"
		grep -E 'ERROR|SUMMARY|Test unit written|runtime error' "$log" |
			head -n 20 | sed 's/^/    /'
		for a in "$art"/*; do
			[ -f "$a" ] && echo "    replay: $bin $a"
		done
	fi
done
if [ -n "$failed" ]; then
	echo "fuzz: FAILED:$failed (logs in $FUZZ_BUILD/fuzz_<name>.log)"
	exit 1
fi
echo "fuzz: all $# targets clean; executions in $stats"
