# Shared by bench/difffuzz/campaign.sh and compat/difffuzz/campaign.sh
# (sourced, not run): the chunked, CPU-budgeted run of one fuzz target and
# its TSV log (date, target, wall_s, cpu_s, execs, outcome, corpus: the
# fuzzer's corpus after the chunk, seeds and interesting inputs found so far,
# its measure of the coverage reached).
#
# The caller sets: work (the campaign's directory; PAUSE there pauses
# between chunks), log, budget (CPU seconds per target), chunk (wall seconds
# per go-test run), and defines rebuild TARGET, which (re)builds the test
# binary holding TARGET, prints its path and fails if it cannot build.

# campaign_log_init: the log's header, if the log is new.
campaign_log_init() {
	mkdir -p "$work/cache"
	[ -f "$log" ] || printf 'date\ttarget\twall_s\tcpu_s\texecs\toutcome\tcorpus\n' >"$log"
	# A log begun before the corpus column gets its header extended.
	head -n 1 "$log" | grep -q 'corpus' || sed -i '1s/$/\tcorpus/' "$log"
}

# cpu_seconds TARGET: the CPU seconds the log already holds for TARGET.
cpu_seconds() {
	awk -F'\t' -v t="$1" '$2 == t { s += $4 } END { printf "%d\n", s }' "$log"
}

# campaign_target TARGET DIR [ARG...]: runs TARGET in chunks, from DIR (where
# testdata/fuzz is), with the extra test-binary arguments ARG, until the log
# holds budget CPU seconds for it or a chunk fails. Each chunk rebuilds
# first (go's build cache makes that free when nothing changed), so that a
# long campaign fuzzes the code as it is now; if the tree does not build at
# that moment, the previous binary runs and the log says so.
campaign_target() {
	local t=$1 dir=$2 bin out start rc wall cpu execs corpus outcome
	shift 2
	while [ "$(cpu_seconds "$t")" -lt "$budget" ]; do
		while [ -e "$work/PAUSE" ]; do sleep 10; done
		bin=$(rebuild "$t") || {
			echo "campaign.sh: the tree does not build now; $t runs the previous binary" >&2
			bin=$(rebuild_previous "$t")
		}
		out="$work/$t.$(date +%s).out"
		start=$(date +%s)
		rc=0
		# /usr/bin/time reports the CPU of the coordinator and its worker.
		(cd "$dir" && /usr/bin/time -o "$out.time" -f '%U %S' "$bin" -test.run '^$' -test.fuzz "^$t\$" \
			-test.fuzztime "${chunk}s" -test.parallel 1 -test.fuzzcachedir "$work/cache/$t" "$@") >"$out" 2>&1 || rc=$?
		wall=$(($(date +%s) - start))
		# A failed run's time file starts with "Command exited with …": the
		# figures are on its last line.
		cpu=$(tail -n 1 "$out.time" 2>/dev/null | awk '{ printf "%d\n", $1 + $2 }')
		execs=$(grep -o 'execs: [0-9]*' "$out" | tail -1 | cut -d' ' -f2)
		corpus=$(grep -o '(total: [0-9]*)' "$out" | tail -1 | tr -dc 0-9)
		outcome=ok
		[ "$rc" -eq 0 ] || outcome="FAIL (see $out)"
		# Go's fuzz coordinator can fail a run with "context deadline
		# exceeded" as -fuzztime ends, writing no input (go.dev/issue/75804,
		# fixed in Go 1.27): logged as a flake, not a finding, and the
		# campaign goes on. A run that wrote an input is a finding.
		if [ "$rc" -ne 0 ] && grep -q 'context deadline exceeded' "$out" && ! grep -q 'Failing input written' "$out"; then
			outcome="flake: go.dev/issue/75804, no input written (see $out)"
			rc=0
		fi
		printf '%s\t%s\t%d\t%d\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$wall" "${cpu:-0}" "${execs:-0}" "$outcome" "${corpus:-}" >>"$log"
		[ "$outcome" = ok ] && rm -f "$out" "$out.time"
		[ "$rc" -eq 0 ] || break
	done
}

# campaign_totals: CPU seconds and executions per target in the log.
campaign_totals() {
	echo "campaign.sh: done; totals per target:"
	awk -F'\t' 'NR > 1 { c[$2] += $4; e[$2] += $5; if ($7 != "") k[$2] = $7 }
		END { for (t in c) printf "%-26s %8d CPU s %12d execs %8s corpus\n", t, c[t], e[t], k[t] == "" ? "-" : k[t] }' "$log" | sort
}
