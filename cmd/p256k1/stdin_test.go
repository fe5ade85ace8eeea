package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Item 7 of issue 28: /dev/null on standard input is empty input, not a
// terminal.

// runDevNull runs the built command with /dev/null as its standard input,
// as a shell's "</dev/null" does.
func runDevNull(t *testing.T, args ...string) result {
	t.Helper()
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = f
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errOut.String(), code}
}

// TestDevNullIsEmpty: "p256k1 pubkey </dev/null" and "p256k1 hd </dev/null"
// say that standard input is empty (and do not claim to read a terminal);
// sign refuses the empty message read from an empty standard input, also
// with --msg-file - (issue 39, item 11: an empty input is refused
// wherever it comes from); --msg "" signs the empty message.
func TestDevNullIsEmpty(t *testing.T) {
	for _, args := range [][]string{{"pubkey"}, {"hd"}, {"sign", "--scheme", "schnorr", "--hash", "none", "--msg", "00"}} {
		r := runDevNull(t, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "standard input is empty") || strings.Contains(r.stderr, "terminal") || r.stdout != "" {
			t.Errorf("%v </dev/null: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	keyFile := filepath.Join(t.TempDir(), "k")
	os.WriteFile(keyFile, []byte(strings.Repeat("11", 32)), 0o600)
	for _, scheme := range []string{"schnorr", "ecdsa"} {
		for _, hash := range []string{"sha256", "none"} {
			if scheme == "ecdsa" && hash == "none" {
				continue // a digest is 32 bytes; its own error
			}
			args := []string{"sign", "--scheme", scheme, "--key-file", keyFile, "--hash", hash}
			r := runDevNull(t, args...)
			for _, explicit := range [][]string{nil, {"--msg-file", "-"}} {
				r := runDevNull(t, append(args, explicit...)...)
				if r.code != exitUsage || !strings.Contains(r.stderr, `msg: standard input is empty; for the empty message, give --msg ""`) || r.stdout != "" {
					t.Errorf("%v %v </dev/null: exit %d, stdout %q, stderr %q", args, explicit, r.code, r.stdout, r.stderr)
				}
			}
			// Asked for explicitly, the empty message is signed.
			r = runDevNull(t, append(args, "--msg", "")...)
			if r.code != 0 || len(strings.TrimSpace(r.stdout)) != 128 {
				t.Errorf("%v --msg \"\" </dev/null: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
			}
		}
	}
	if fileIsTerminal(mustOpen(t, os.DevNull)) {
		t.Error("fileIsTerminal(/dev/null) = true")
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
