package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeRecipe returns the first ```sh block under the README heading
// "### title".
func readmeRecipe(t *testing.T, title string) string {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	if !strings.Contains(s, "\n## Wallet recipes\n") {
		t.Fatal(`README.md has no "## Wallet recipes" section`)
	}
	i := strings.Index(s, "\n### "+title+"\n")
	if i < 0 {
		t.Fatalf("README.md has no %q recipe", title)
	}
	s = s[i+1:]
	if j := regexp.MustCompile("\n##+ ").FindStringIndex(s[4:]); j != nil {
		s = s[:j[0]+4] // this subsection only
	}
	m := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("the %q recipe has no sh block", title)
	}
	if strings.Contains(m[1], "…") {
		t.Errorf("the %q recipe cannot be pasted as it stands (…)", title)
	}
	return m[1]
}

// TestREADMERecipeMusig runs the README's "Sign 2-of-2 with MuSig2" block
// in bash in an empty directory: verify prints "valid"; the session files
// are then used, and a second sign with one is refused.
func TestREADMERecipeMusig(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runShell(t, dir, readmeRecipe(t, "Sign 2-of-2 with MuSig2"))
	if code != 0 || strings.TrimSpace(out) != "valid" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	r := runIn(t, dir, "", "musig", "sign", "--key-file", "alice.key", "--session", "alice.session", "bob.nonce")
	expectCode(t, r, 2, "already used to sign")
}

// TestREADMERecipeSilentPayment runs the README's "Send and scan a silent
// payment" block: sp scan finds the output sp send made.
func TestREADMERecipeSilentPayment(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runShell(t, dir, readmeRecipe(t, "Send and scan a silent payment"))
	if code != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	var tx struct{ Outputs []string }
	b, err := os.ReadFile(filepath.Join(dir, "tx.jsonl"))
	if err != nil || json.Unmarshal(b, &tx) != nil || len(tx.Outputs) != 1 {
		t.Fatalf("tx.jsonl: %v %q", err, b)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "line 1 ") || !strings.Contains(lines[0], " output="+tx.Outputs[0]+" tweak=") {
		t.Fatalf("sp scan printed %q, want the output %s", out, tx.Outputs[0])
	}
}
