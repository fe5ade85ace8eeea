package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMETranscript replays the README's console session (keygen,
// pubkey, Schnorr sign and verify, the ECDSA length error, verify-batch of a
// file with a header, a valid, an invalid and a malformed row): every
// command runs, its exit status is the one the README shows, and every
// output line that does not depend on the random key appears in the README
// as the command prints it.
func TestREADMETranscript(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```console\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no console block")
	}
	block := string(m[1])
	dir := t.TempDir()
	key := filepath.Join(dir, "alice.key")
	sh := func(stdin string, args ...string) (int, string) {
		var o, e bytes.Buffer
		code := run(args, strings.NewReader(stdin), &o, &e)
		return code, o.String() + e.String()
	}
	seen := func(what, out string) {
		t.Helper()
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.Contains(block, l) {
				t.Errorf("%s printed %q, which the README's transcript does not show", what, l)
			}
		}
	}
	// The commands must be the README's.
	for _, c := range []string{
		"$ p256k1 keygen --out alice.key",
		"$ p256k1 pubkey --key-file alice.key --format xonly",
		`$ echo -n "hello nostr" | p256k1 sign --scheme schnorr --key-file alice.key --hash sha256`,
		`$ echo -n "hello nostr" | p256k1 verify --scheme schnorr --hash sha256 --pubkey`,
		`$ echo -n "hello nostr!" | p256k1 verify --scheme schnorr --hash sha256 --pubkey`,
		"$ p256k1 sign --scheme ecdsa --key-file alice.key --hash none --msg 00; echo $?",
		"$ p256k1 verify-batch cmd/p256k1/testdata/sigs.csv; echo $?",
	} {
		if !strings.Contains(block, c) {
			t.Errorf("the transcript lacks %q", c)
		}
	}

	code, pub := sh("", "keygen", "--out", key)
	pub = strings.TrimSpace(pub)
	if code != 0 || len(pub) != 66 {
		t.Fatalf("keygen: %d %q", code, pub)
	}
	code, x := sh("", "pubkey", "--key-file", key, "--format", "xonly")
	x = strings.TrimSpace(x)
	if code != 0 || x != pub[2:] {
		t.Fatalf("pubkey --format xonly: %d %q (keygen said %s)", code, x, pub)
	}
	code, sig := sh("hello nostr", "sign", "--scheme", "schnorr", "--key-file", key, "--hash", "sha256")
	sig = strings.TrimSpace(sig)
	if code != 0 || len(sig) != 128 {
		t.Fatalf("sign: %d %q", code, sig)
	}
	code, out := sh("hello nostr", "verify", "--scheme", "schnorr", "--hash", "sha256", "--pubkey", x, "--sig", sig)
	if code != 0 || strings.TrimSpace(out) != "valid" {
		t.Fatalf("verify: %d %q", code, out)
	}
	seen("verify", out)
	code, out = sh("hello nostr!", "verify", "--scheme", "schnorr", "--hash", "sha256", "--pubkey", x, "--sig", sig)
	if code != 1 || !strings.Contains(block, "invalid\n1\n") {
		t.Fatalf("verify of another message: exit %d %q; the README shows invalid, then 1", code, out)
	}
	seen("verify", out)
	code, out = sh("", "sign", "--scheme", "ecdsa", "--key-file", key, "--hash", "none", "--msg", "00")
	if code != 2 || !strings.Contains(block, strings.TrimSpace(out)+"\n2\n") {
		t.Fatalf("sign --msg 00: exit %d %q; the README shows it, then 2", code, out)
	}

	// The example file the README's last command reads, shipped with the
	// repository: the README's lines, and its exit status.
	code, out = sh("", "verify-batch", "testdata/sigs.csv")
	if code != 2 || !strings.Contains(block, "signatures/s (verification alone: ") {
		t.Fatalf("verify-batch: exit %d, the README shows 2:\n%s", code, out)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(l, "signatures/s") {
			continue // timing
		}
		if !strings.Contains(block, l) {
			t.Errorf("verify-batch printed %q, which the README does not show", l)
		}
	}
}

// TestREADMECommandRow: the README names every command of the tool, in its
// section on the command and in the table of what is here.
func TestREADMECommandRow(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "| `cmd/p256k1` |") {
			row = l
		}
	}
	i := strings.Index(string(readme), "## The command")
	if row == "" || i < 0 {
		t.Fatal("README.md has no cmd/p256k1 row or no section on the command")
	}
	section := string(readme[i:])
	for _, cmd := range commands {
		name := "`" + cmd.name + "`"
		prose := section[:strings.Index(section, "```")]
		if !strings.Contains(prose, name) && !strings.Contains(prose, "`"+cmd.name+" ") {
			t.Errorf("the README's section on the command does not name %s", name)
		}
	}
	for _, name := range []string{"`hd`", "`musig`", "`sp`", "`bench`", "`selftest`"} {
		if !strings.Contains(row, name) {
			t.Errorf("the README's cmd/p256k1 row does not name %s: %s", name, row)
		}
	}
}

// TestREADMERecoveryColumn: the README's performance table has an ECDSA
// public-key recovery column with p256k1's ratio to libsecp256k1's
// secp256k1_ecdsa_recover, and says how it was measured (issue 28, item 3).
func TestREADMERecoveryColumn(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var header, p256k1Row string
	for _, l := range strings.Split(string(readme), "\n") {
		switch {
		case strings.HasPrefix(l, "| library | PubKey |"):
			header = l
		case strings.HasPrefix(l, "| **p256k1** |") && header != "" && p256k1Row == "":
			p256k1Row = l
		}
	}
	cols := strings.Split(header, " | ")
	col := -1
	for i, c := range cols {
		if strings.HasPrefix(c, "ECDSARecover") {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("the performance table has no ECDSARecover column: %q", header)
	}
	if cells := strings.Split(p256k1Row, " | "); len(cells) != len(cols) || !regexp.MustCompile(`^\*\*\d\.\d\d\*\*$`).MatchString(cells[col]) {
		t.Fatalf("p256k1's row has no ratio in the ECDSARecover column: %q", p256k1Row)
	}
	if !strings.Contains(string(readme), "secp256k1_ecdsa_recover") || !strings.Contains(string(readme), "-ops ECDSARecover") {
		t.Error("the README does not say what the recovery column was measured against, and how")
	}
}
