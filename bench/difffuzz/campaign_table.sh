#!/usr/bin/env bash
# Prints the Markdown table of one or more campaign logs (the TSV that
# campaign_lib.sh writes for bench/difffuzz/campaign.sh and
# compat/difffuzz/campaign.sh): per target, the CPU time, executions, the
# fuzzer's last corpus size (its measure of coverage; "—" for chunks logged
# before the column existed) and the chunks that failed (findings). A chunk
# whose outcome was edited to start with "interrupted" (stopped from outside,
# its saved input re-run and passing), or that campaign_lib.sh logged as a
# "flake" (Go's fuzz coordinator failing at the end of -fuzztime with no
# input written, go.dev/issue/75804), is counted apart, not as a finding.
#
# Usage: bench/difffuzz/campaign_table.sh LOG...
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 LOG..." >&2; exit 2; }
for f in "$@"; do [ -r "$f" ] || { echo "campaign_table.sh: cannot read $f" >&2; exit 1; }; done
awk -F'\t' '
	FNR == 1 { next }
	{
		t = $2; cpu[t] += $4; ex[t] += $5; chunks[t]++
		if ($6 ~ /^(interrupted|flake)/) intr[t]++
		else if ($6 != "ok") bad[t]++
		if ($7 != "") corpus[t] = $7
	}
	END {
		print "| target | CPU-hours | execs | corpus | chunks | interrupted, flakes | findings |"
		print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
		n = 0
		for (t in cpu) names[++n] = t
		# insertion sort: awk has no portable sort
		for (i = 2; i <= n; i++) { v = names[i]; for (j = i - 1; j > 0 && names[j] > v; j--) names[j + 1] = names[j]; names[j + 1] = v }
		for (i = 1; i <= n; i++) {
			t = names[i]
			printf "| %s | %.2f | %d | %s | %d | %d | %d |\n", t, cpu[t] / 3600, ex[t], corpus[t] == "" ? "—" : corpus[t], chunks[t], intr[t], bad[t]
			c += cpu[t]; e += ex[t]; b += bad[t]; k += intr[t]
		}
		printf "| **%d targets** | **%.2f** | **%d** | | | **%d** | **%d** |\n", n, c / 3600, e, k, b
	}' "$@"
