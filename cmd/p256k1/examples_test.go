//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// helpExamples returns the example command lines of a help text (the lines
// after "example:" up to the next blank line, continuation lines joined).
func helpExamples(help string) []string {
	_, rest, ok := strings.Cut(help, "\nexample:\n")
	if !ok {
		return nil
	}
	block, _, _ := strings.Cut(rest, "\n\n")
	block = strings.ReplaceAll(block, "\\\n", " ")
	var out []string
	for _, l := range strings.Split(block, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// helpTexts returns every help the command prints: each command's, and for
// commands with subcommands (sp, musig) their own and each subcommand's,
// the subcommands read from the list in the command's help.
func helpTexts(t *testing.T) map[string]string {
	t.Helper()
	helps := map[string]string{}
	get := func(args ...string) string {
		code, out, errOut := runCLI("", nil, append(args, "--help")...)
		if code != 0 {
			t.Fatalf("%v --help: exit %d, %s", args, code, errOut)
		}
		return out
	}
	sub := regexp.MustCompile(`(?m)^  ([a-z-]+) {2,}\S`)
	for _, cmd := range commands {
		h := get(cmd.name)
		helps[cmd.name] = h
		if cmd.name != "sp" && cmd.name != "musig" {
			continue
		}
		list, _, _ := strings.Cut(h, "\nexample:")
		for _, m := range sub.FindAllStringSubmatch(list, -1) {
			helps[cmd.name+" "+m[1]] = get(cmd.name, m[1])
		}
	}
	return helps
}

// TestHelpExamplesRun: every example in every help can be pasted as it
// stands — no "…" or "..." placeholder — and runs: in a directory holding
// the files the examples name (alice.key, seed.hex, account.xprv,
// signatures.csv, signers.txt, scan.key, block.jsonl; keygen's examples in
// an empty one, since keygen --out never overwrites), with this command
// first on PATH, each exits 0. bench's examples run with --time 2ms added.
func TestHelpExamplesRun(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	txLine, _, _, _ := spStreamLine(t, 0)
	sigs, err := os.ReadFile("testdata/sigs.csv")
	if err != nil {
		t.Fatal(err)
	}
	valid := strings.Join(strings.Split(string(sigs), "\n")[:2], "\n") + "\n" // the header and the valid row
	fixtures := map[string]string{
		"alice.key":      vecSec + "\n", // BIP-340's test vector 1
		"seed.hex":       "000102030405060708090a0b0c0d0e0f\n",
		"account.xprv":   "xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7\n",
		"signatures.csv": valid,
		"signers.txt":    "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9\n03dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659\n",
		"scan.key":       "0f694e068028a717f8af6b9411f9a133dd3565258714cc226594b34db90c1f2c\n", // BIP-352's first case
		"block.jsonl":    txLine + "\n",
	}
	path := filepath.Dir(binary) + string(os.PathListSeparator) + os.Getenv("PATH")
	ran := 0
	// These help texts show a whole workflow (files made by one line and
	// read by the next), which their own tests run as one script:
	// TestMusigHelpExamplesRun and TestSPSendHelpExampleRuns.
	workflows := map[string]bool{"musig nonce": true, "musig sign": true, "musig combine": true, "sp send": true}
	for name, help := range helpTexts(t) {
		if workflows[name] {
			continue
		}
		examples := helpExamples(help)
		if len(examples) == 0 {
			t.Errorf("%s --help has no example", name)
		}
		dir := t.TempDir()
		if name != "keygen" {
			for f, content := range fixtures {
				if err := os.WriteFile(filepath.Join(dir, f), []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, ex := range examples {
			if strings.Contains(ex, "…") || strings.Contains(ex, "...") {
				t.Errorf("%s --help: the example %q has a placeholder; it cannot be pasted", name, ex)
				continue
			}
			if !strings.HasPrefix(ex, "p256k1 ") && !strings.Contains(ex, "| p256k1 ") && !strings.Contains(ex, ") p256k1 ") {
				t.Errorf("%s --help: %q does not run p256k1", name, ex)
				continue
			}
			line := ex
			if strings.Contains(line, "p256k1 bench") {
				line += " --time 2ms"
			}
			cmd := exec.Command(sh, "-c", line)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+path)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Run(); err != nil {
				t.Errorf("%s --help: the example %q: %v\nstdout: %s\nstderr: %s", name, ex, err, out.String(), errOut.String())
			}
			ran++
		}
	}
	t.Logf("%d examples ran", ran)
}
