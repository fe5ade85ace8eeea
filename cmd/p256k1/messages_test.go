package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 28, item 10: messages that say what was expected.

// TestHDSaysWhatItExpected: a mistyped hex seed or mnemonic words, from
// standard input, a seed file or a key file, get a message saying what hd
// takes — never echoing the secret.
func TestHDSaysWhatItExpected(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o600)
		return p
	}
	const mnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	const typo = "000102030405060708090a0b0c0d0e0g" // g: a typo
	for _, tc := range []struct {
		stdin string
		args  []string
		want  []string
	}{
		{mnemonic + "\n", nil, []string{"12 words, which looks like a mnemonic", "want a seed as 32 to 128 hex digits, an xprv or an xpub", "BIP-39"}},
		{typo + "\n", nil, []string{"not a hex seed (character 32 is not a hex digit)", "want a seed as 32 to 128 hex digits"}},
		{"", []string{"--seed-file", file("seed1", mnemonic)}, []string{"12 words, which looks like a mnemonic", "want the seed as 32 to 128 hex digits"}},
		{"", []string{"--seed-file", file("seed2", typo)}, []string{"character 32 is not a hex digit", "want the seed as 32 to 128 hex digits"}},
		{"", []string{"--key-file", file("key1", mnemonic)}, []string{"looks like a mnemonic", "want an xprv or xpub"}},
		{"", []string{"--key-file", file("key2", "000102030405060708090a0b0c0d0e0f")}, []string{"a hex seed is given with --seed-file"}},
		{"", []string{"--key-file", file("key3", "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHx")}, []string{"not an extended key (bip32: bad checksum)", "want an xprv or xpub"}},
	} {
		code, out, errOut := runCLI(tc.stdin, nil, append([]string{"hd"}, tc.args...)...)
		if code != exitUsage || out != "" {
			t.Errorf("%v: exit %d, stdout %q", tc.args, code, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v (stdin %q): %q lacks %q", tc.args, tc.stdin, errOut, w)
			}
		}
		if strings.Contains(errOut, "abandon") || strings.Contains(errOut, "0e0g") {
			t.Errorf("%v: the secret is echoed: %q", tc.args, errOut)
		}
	}
}

// TestHDNetworkWarning: --network on an extended key warns that the key
// fixes the network (and derives as before); on a seed it does not.
func TestHDNetworkWarning(t *testing.T) {
	const xpub = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
	code, out, errOut := runCLI("", nil, "hd", "--network", "testnet", xpub)
	if code != 0 || !strings.HasPrefix(out, xpub+"\n") || !strings.Contains(errOut, "warning: --network applies to a seed only; an extended key fixes its own network (this one is mainnet)") {
		t.Errorf("xpub with --network testnet: exit %d, %q, %q", code, out, errOut)
	}
	code, _, errOut = runCLI("", nil, "hd", xpub)
	if code != 0 || errOut != "" {
		t.Errorf("xpub without --network: exit %d, %q", code, errOut)
	}
	code, out, errOut = runCLI("000102030405060708090a0b0c0d0e0f\n", nil, "hd", "--network", "testnet")
	if code != 0 || !strings.HasPrefix(out, "tpub") || errOut != "" {
		t.Errorf("seed with --network testnet: exit %d, %q, %q", code, out, errOut)
	}
}

// TestKeygenOutExists: keygen --out on an existing file says that it
// exists (not "cannot read") and leaves it as it was.
func TestKeygenOutExists(t *testing.T) {
	p := filepath.Join(t.TempDir(), "alice.key")
	os.WriteFile(p, []byte("keep me\n"), 0o600)
	code, out, errOut := runCLI("", nil, "keygen", "--out", p)
	if code != exitUsage || out != "" || !strings.Contains(errOut, "exists; keygen never overwrites a file") || strings.Contains(errOut, "cannot read") {
		t.Errorf("exit %d, %q, %q", code, out, errOut)
	}
	if b, _ := os.ReadFile(p); string(b) != "keep me\n" {
		t.Errorf("the file changed: %q", b)
	}
}
