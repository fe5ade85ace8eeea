package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
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

// TestVerifyAndBatchAgree: verify's exit status and verify-batch's
// classification of the same row follow one rule — undecodable input is
// malformed (exit 2), a decodable but impossible key or signature is invalid
// (exit 1).
func TestVerifyAndBatchAgree(t *testing.T) {
	notOnCurve := strings.Repeat("0", 63) + "5" // x = 5: 125 + 7 = 132 is not a square mod p
	g := "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	msg := strings.Repeat("11", 32)
	nHex := "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	sig64 := strings.Repeat("22", 64)
	for _, tc := range []struct {
		name             string
		scheme, pub, sig string
		wantCode         int
		wantBatch        string // "invalid" or "malformed"
	}{
		{"schnorr key off the curve", "schnorr", notOnCurve, sig64, 1, "invalid"},
		{"ecdsa key off the curve", "ecdsa", "02" + notOnCurve, sig64, 1, "invalid"},
		{"ecdsa r = 0", "ecdsa", "02" + g, strings.Repeat("00", 32) + strings.Repeat("22", 32), 1, "invalid"},
		{"ecdsa s = n", "ecdsa", "02" + g, strings.Repeat("22", 32) + nHex, 1, "invalid"},
		{"ecdsa wrong signature", "ecdsa", "02" + g, sig64, 1, "invalid"},
		{"bad hex", "schnorr", "zz" + g[2:], sig64, 2, "malformed"},
		{"short key", "ecdsa", "02" + g[:62], sig64, 2, "malformed"},
		{"not DER", "ecdsa", "02" + g, "3006020101020101ff", 2, "malformed"},
	} {
		code, out, errOut := runCLI("", nil, "verify", "--scheme", tc.scheme, "--hash", "none", "--pubkey", tc.pub, "--msg", msg, "--sig", tc.sig)
		if code != tc.wantCode {
			t.Errorf("%s: verify exit %d (stdout %q, stderr %q), want %d", tc.name, code, out, errOut, tc.wantCode)
		}
		if tc.wantCode == 1 && strings.TrimSpace(out) != "invalid" {
			t.Errorf("%s: verify printed %q, want invalid", tc.name, out)
		}
		row := strings.Join([]string{tc.scheme, tc.pub, msg, tc.sig}, ",")
		code, out, errOut = runCLI(row+"\n", nil, "verify-batch", "-")
		if !strings.Contains(out+errOut, "line 1: "+tc.wantBatch) || code != tc.wantCode {
			t.Errorf("%s: verify-batch exit %d, %q %q; want line 1 %s and exit %d", tc.name, code, out, errOut, tc.wantBatch, tc.wantCode)
		}
	}
}

// lazyReader yields n bytes of b without holding them.
type lazyReader struct {
	n int64
	b byte
}

func (r *lazyReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := int64(len(p))
	if k > r.n {
		k = r.n
	}
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return int(k), nil
}

func runReader(in io.Reader, args ...string) (int, string, string) {
	var o, e bytes.Buffer
	code := run(args, in, &o, &e)
	return code, o.String(), e.String()
}

// TestInputBounded: a line or a message beyond the limits is refused with a
// clear error after reading little more than the limit, and --hash sha256
// streams a message of any size through the hash.
func TestInputBounded(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, out, errOut := runReader(&lazyReader{n: 1 << 30, b: 'a'}, "verify-batch", "-")
	runtime.ReadMemStats(&after)
	// An over-long line is a malformed row, skipped without being held.
	if code != exitUsage || !strings.Contains(out, "line 1: malformed: longer than") || !strings.Contains(out, "1 signatures: 0 valid, 0 invalid, 1 malformed") {
		t.Fatalf("1 GiB line: exit %d, %q, %q", code, out, errOut)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("1 GiB line: %d MiB allocated before the error", grew>>20)
	}

	keyFile := filepath.Join(t.TempDir(), "k")
	os.WriteFile(keyFile, []byte(strings.Repeat("11", 32)), 0o600)
	const size = 64 << 20
	runtime.ReadMemStats(&before)
	code, out, errOut = runReader(&lazyReader{n: size, b: 'x'}, "sign", "--scheme", "schnorr", "--key-file", keyFile, "--hash", "sha256", "--json")
	runtime.ReadMemStats(&after)
	if code != 0 {
		t.Fatalf("sign 64 MiB: exit %d, %s", code, errOut)
	}
	want := sha256.Sum256(bytes.Repeat([]byte{'x'}, size))
	if !strings.Contains(out, hex.EncodeToString(want[:])) {
		t.Fatalf("sign 64 MiB: digest not in %s", out)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("sign --hash sha256 of 64 MiB allocated %d MiB: not streamed", grew>>20)
	}

	code, _, errOut = runReader(&lazyReader{n: maxMessage + 1, b: 'x'}, "sign", "--scheme", "schnorr", "--key-file", keyFile, "--hash", "none")
	if code != exitUsage || !strings.Contains(errOut, "more than 1048576 bytes") {
		t.Fatalf("schnorr --hash none over the limit: exit %d, %q", code, errOut)
	}
	code, _, errOut = runReader(&lazyReader{n: 1 << 30, b: 'x'}, "sign", "--scheme", "ecdsa", "--key-file", keyFile, "--hash", "none")
	if code != exitUsage || !strings.Contains(errOut, "must be a 32-byte digest") {
		t.Fatalf("ecdsa --hash none, 1 GiB: exit %d, %q", code, errOut)
	}
}

// TestSmallThings: the rest of what a new user ran into.
func TestSmallThings(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "k")
	os.WriteFile(keyFile, []byte(strings.Repeat("11", 32)), 0o600)
	// A flag of the other scheme is refused both ways.
	code, _, errOut := runCLI("", nil, "sign", "--scheme", "schnorr", "--format", "der", "--key-file", keyFile, "--hash", "none", "--msg", "00")
	if code != exitUsage || !strings.Contains(errOut, "format: only for --scheme ecdsa") {
		t.Errorf("schnorr --format der: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI("", nil, "sign", "--scheme", "ecdsa", "--aux", strings.Repeat("00", 32), "--key-file", keyFile, "--hash", "none", "--msg", strings.Repeat("00", 32))
	if code != exitUsage || !strings.Contains(errOut, "aux: only for --scheme schnorr") {
		t.Errorf("ecdsa --aux: exit %d, %q", code, errOut)
	}
	// selftest --json writes one JSON object.
	code, out, _ := runCLI("", nil, "selftest", "--quick", "--json")
	var obj map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &obj) != nil || obj["passed"] != true {
		t.Errorf("selftest --json: exit %d, %q", code, out)
	}
	// A Bitcoin message signature without --bitcoin gets the hint.
	btc := "1f" + strings.Repeat("22", 64)
	code, _, errOut = runCLI("", nil, "recover", "--hash", "sha256", "--msg", "00", "--sig", btc)
	if code != exitUsage || !strings.Contains(errOut, "add --bitcoin") {
		t.Errorf("Bitcoin form without --bitcoin: exit %d, %q", code, errOut)
	}
}
