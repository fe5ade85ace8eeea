package main

import (
	"os"
	"strings"
	"testing"
)

// Tests for what a new user trips over (each failed before its fix).

// TestKeygenOutDash: --out - writes the key to standard output, like no
// --out, and creates no file named "-".
func TestKeygenOutDash(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	code, out, errOut := runCLI("", nil, "keygen", "--out", "-")
	if code != 0 || len(strings.TrimSpace(out)) != 64 || errOut != "" {
		t.Fatalf("keygen --out -: exit %d, stdout %d bytes, stderr %q", code, len(out), errOut)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Fatal(`keygen --out - created a file named "-"`)
	}
}

// TestLooksSecret: the rule that keeps pasted keys out of messages.
func TestLooksSecret(t *testing.T) {
	for s, want := range map[string]bool{
		"c90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b14e5c7": true,
		"nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5":  true,
		"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn":             true,
		"abandon abandon abandon about":                                    true,
		"alice.key":                                                        false,
		"/home/alice/keys/nostr.key":                                       false,
		"P256K1_KEY":                                                       false,
		"./wallet-2026-11-24/scan.key":                                     false,
		"/tmp/TestSP1234567890/scan.key":                                   false,
	} {
		if got := looksSecret(s); got != want {
			t.Errorf("looksSecret(%q) = %v, want %v", s, got, want)
		}
	}
}
