package p256k1_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEGoBlocks keeps every go code block of the README compiled and
// run: each must equal, up to runs of blanks, the imports and the body of
// an Example in readme_example_test.go (the README's block has the import
// declaration followed by the example's statements, without its Output).
func TestREADMEGoBlocks(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(readme), -1)
	if len(blocks) == 0 {
		t.Fatal("README.md has no go block (TestREADMEGoBlocks expects the Use snippet)")
	}
	imports := regexp.MustCompile(`(?s)\nimport \(.*?\n\)\n`).FindString(string(src))
	bodies := exampleBodies(string(src))
	for i, m := range blocks {
		block := m[1]
		if !strings.HasPrefix(block, strings.TrimPrefix(imports, "\n")) {
			t.Errorf("README go block %d: its import block differs from readme_example_test.go's:\n%s", i+1, imports)
			continue
		}
		stmts := normalize(strings.TrimPrefix(block, strings.TrimPrefix(imports, "\n")))
		found := false
		for _, b := range bodies {
			found = found || normalize(b) == stmts
		}
		if !found {
			t.Errorf("README go block %d is not the body of any Example in readme_example_test.go; block:\n%s", i+1, block)
		}
	}
}

// exampleBodies returns the statements of each Example function in src,
// de-indented by one tab, up to its Output comment.
func exampleBodies(src string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?s)\nfunc Example\w*\(\) \{\n(.*?)\n\}\n`).FindAllStringSubmatch(src, -1) {
		body, _, _ := strings.Cut(m[1], "\t// Output:")
		var lines []string
		for _, l := range strings.Split(body, "\n") {
			lines = append(lines, strings.TrimPrefix(l, "\t"))
		}
		out = append(out, strings.Join(lines, "\n"))
	}
	return out
}

// normalize collapses runs of blanks and drops blank lines at either end, so
// that gofmt's comment alignment need not be copied into the README.
func normalize(s string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(lines, "\n")
}
