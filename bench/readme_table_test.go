package bench

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEPerformanceTable keeps the README's performance table what the
// last cmd/compare run wrote: its rows are results/results.md's ratio table,
// the libsecp256k1-asm row included (explained beneath the README's table;
// earlier runs beside other work had it out of line, and the README left it
// out then), the recovery column is there, and the README names the run's
// machine.
func TestREADMEPerformanceTable(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	results, err := os.ReadFile("results/results.md")
	if err != nil {
		t.Fatal(err)
	}
	table := func(doc string) []string {
		m := regexp.MustCompile(`(?s)\n(\| library \| PubKey[^\n]*\n.*?)\n\n`).FindStringSubmatch(doc)
		if m == nil {
			return nil
		}
		return strings.Split(m[1], "\n")
	}
	want := table(string(results))
	got := table(string(readme))
	if want == nil || got == nil {
		t.Fatalf("no ratio table (README %d rows, results.md %d rows)", len(got), len(want))
	}
	if !strings.Contains(want[0], "| ECDSARecover |") {
		t.Errorf("results.md's table has no ECDSARecover column: %s", want[0])
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("README's performance table is not results/results.md's:\nREADME:\n%s\nresults.md:\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(string(readme), "| libsecp256k1-asm |") {
		t.Error("README does not show the libsecp256k1-asm row")
	}
	cpu := regexp.MustCompile(`- CPU: ([^,\n]+)`).FindStringSubmatch(string(results))
	date := regexp.MustCompile(`- Date: (\d{4}-\d{2}-\d{2})`).FindStringSubmatch(string(results))
	if cpu == nil || date == nil {
		t.Fatal("results.md does not name its machine and date")
	}
	perf := string(readme)
	if i := strings.Index(perf, "## Performance"); i >= 0 {
		perf = perf[i:]
	}
	if !strings.Contains(perf, cpu[1]) || !strings.Contains(perf, date[1]) {
		t.Errorf("README's performance section does not name the run's machine %q and date %s", cpu[1], date[1])
	}
}
