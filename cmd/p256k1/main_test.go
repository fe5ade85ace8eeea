package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// The end-to-end tests run the real binary, built once here.
var binary string

// beforeTests, when set (by a platform's test file), runs first in
// TestMain: a helper mode of the test binary that never returns.
var beforeTests func()

func TestMain(m *testing.M) {
	if beforeTests != nil {
		beforeTests()
	}
	dir, err := os.MkdirTemp("", "p256k1-cmd-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "p256k1")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	// The command is built with the test binary's build tags, so that a
	// purego run tests the portable command (and its engine note).
	args := []string{"build", "-o", binary}
	if purego {
		args = append(args, "-tags", "purego")
	}
	if out, err := exec.Command(goTool, append(args, ".")...).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the command: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

// p256k1 runs the binary with stdin and extra environment variables.
func p256k1Cmd(t *testing.T, stdin string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running p256k1 %q: %v", args, err)
	}
	return result{out.String(), errOut.String(), code}
}

func run0(t *testing.T, stdin string, env []string, args ...string) string {
	t.Helper()
	r := p256k1Cmd(t, stdin, env, args...)
	if r.code != 0 {
		t.Fatalf("p256k1 %q: exit %d\nstdout: %s\nstderr: %s", args, r.code, r.stdout, r.stderr)
	}
	return strings.TrimSpace(r.stdout)
}

func expectCode(t *testing.T, r result, code int, stderrHas string) {
	t.Helper()
	if r.code != code || !strings.Contains(r.stderr, stderrHas) {
		t.Fatalf("exit %d, want %d; stderr %q should contain %q (stdout %q)", r.code, code, r.stderr, stderrHas, r.stdout)
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const (
	// BIP-340 test vector 1.
	vecSec = "b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef"
	vecPub = "dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659"
	vecAux = "0000000000000000000000000000000000000000000000000000000000000001"
	vecMsg = "243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89"
	vecSig = "6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a"
)

func TestSelftestQuick(t *testing.T) {
	out := run0(t, "", nil, "selftest", "-quick")
	if !strings.Contains(out, "known-answer checks passed") {
		t.Fatalf("unexpected output:\n%s", out)
	}
}

func TestUsage(t *testing.T) {
	expectCode(t, p256k1Cmd(t, "", nil), 2, "usage: p256k1")
	expectCode(t, p256k1Cmd(t, "", nil, "frobnicate"), 2, `unknown command "frobnicate"`)
	if out := run0(t, "", nil, "help"); !strings.Contains(out, "verify-batch") {
		t.Fatalf("help lacks the commands:\n%s", out)
	}
	for _, cmd := range commands {
		r := p256k1Cmd(t, "", nil, cmd.name, "--help")
		if r.code != 0 || !strings.Contains(r.stdout, "example:\n  ") || !strings.Contains(r.stdout, "usage: p256k1 "+cmd.name) {
			t.Errorf("%s --help: exit %d\n%s%s", cmd.name, r.code, r.stdout, r.stderr)
		}
	}
	expectCode(t, p256k1Cmd(t, "", nil, "sign", "--bogus"), 2, "flag provided but not defined: -bogus")
}

func TestSchnorrVector(t *testing.T) {
	key := writeFile(t, "key", vecSec+"\n")
	if got := run0(t, "", nil, "pubkey", "--key-file", key, "--format", "xonly"); got != vecPub {
		t.Fatalf("pubkey = %s, want %s", got, vecPub)
	}
	got := run0(t, "", nil, "sign", "--scheme", "schnorr", "--key-file", key, "--hash", "none", "--msg", vecMsg, "--aux", vecAux)
	if got != vecSig {
		t.Fatalf("signature %s, want %s", got, vecSig)
	}
	if got := run0(t, "", nil, "verify", "--scheme", "schnorr", "--pubkey", vecPub, "--msg", vecMsg, "--hash", "none", "--sig", vecSig); got != "valid" {
		t.Fatalf("verify: %s", got)
	}
	bad := "7" + vecSig[1:]
	r := p256k1Cmd(t, "", nil, "verify", "--scheme", "schnorr", "--pubkey", vecPub, "--msg", vecMsg, "--hash", "none", "--sig", bad, "--json")
	if r.code != 1 || !strings.Contains(r.stdout, `"valid":false`) {
		t.Fatalf("corrupted signature: exit %d, %s", r.code, r.stdout)
	}
	// Message from a file and from standard input, hashed.
	msgFile := writeFile(t, "msg", "hello nostr")
	h := sha256.Sum256([]byte("hello nostr"))
	sig := run0(t, "", nil, "sign", "--scheme", "schnorr", "--key-file", key, "--hash", "sha256", "--msg-file", msgFile)
	xk, _ := p256k1.ParseXOnlyPublicKey(mustHex(t, vecPub))
	if !schnorr.Verify(&xk, h[:], (*[64]byte)(mustHex(t, sig))) {
		t.Fatalf("signature of a hashed file does not verify")
	}
	if got := run0(t, "hello nostr", nil, "verify", "--scheme", "schnorr", "--pubkey", vecPub, "--hash", "sha256", "--sig", sig); got != "valid" {
		t.Fatalf("verify from standard input: %s", got)
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestKeygenECDSA(t *testing.T) {
	keyPath := filepath.Join(t.TempDir(), "alice.key")
	pubOut := run0(t, "", nil, "keygen", "--out", keyPath)
	st, err := os.Stat(keyPath)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v, want 0600", st.Mode().Perm())
	}
	expectCode(t, p256k1Cmd(t, "", nil, "keygen", "--out", keyPath), 2, "out:") // never overwrites
	secHex := strings.TrimSpace(string(must(os.ReadFile(keyPath))))
	sec := mustHex(t, secHex)
	k, err := p256k1.NewPrivateKey(sec)
	if err != nil {
		t.Fatal(err)
	}
	pub := k.PublicKey()
	comp := pub.SerializeCompressed()
	if pubOut != hex.EncodeToString(comp[:]) {
		t.Fatalf("keygen printed %s, want the public key %x", pubOut, comp)
	}
	env := []string{"ALICE_KEY=" + secHex}
	// Message on standard input, key from the environment.
	sigHex := run0(t, "pay bob", env, "sign", "--scheme", "ecdsa", "--key-env", "ALICE_KEY", "--hash", "sha256")
	h := sha256.Sum256([]byte("pay bob"))
	want, _ := ecdsa.Sign(&k, &h)
	if wc := want.SerializeCompact(); sigHex != hex.EncodeToString(wc[:]) {
		t.Fatalf("ECDSA signature %s, want %x", sigHex, wc)
	}
	der := run0(t, "pay bob", env, "sign", "--scheme", "ecdsa", "--key-env", "ALICE_KEY", "--hash", "sha256", "--format", "der")
	unc := pub.SerializeUncompressed()
	for _, pk := range []string{hex.EncodeToString(comp[:]), hex.EncodeToString(unc[:])} {
		for _, s := range []string{sigHex, der} {
			if got := run0(t, "", nil, "verify", "--scheme", "ecdsa", "--pubkey", pk, "--msg", hex.EncodeToString(h[:]), "--hash", "none", "--sig", s); got != "valid" {
				t.Fatalf("verify %s under %s: %s", s, pk, got)
			}
		}
	}
	r := p256k1Cmd(t, "pay eve", nil, "verify", "--scheme", "ecdsa", "--pubkey", hex.EncodeToString(comp[:]), "--hash", "sha256", "--sig", sigHex)
	if r.code != 1 || strings.TrimSpace(r.stdout) != "invalid" {
		t.Fatalf("other message: exit %d, %q", r.code, r.stdout)
	}
	// Recoverable signature and recovery, with the key on standard input.
	msgFile := writeFile(t, "m", "pay bob")
	rec := run0(t, secHex+"\n", nil, "sign", "--scheme", "ecdsa", "--hash", "sha256", "--msg-file", msgFile, "--format", "recoverable")
	if got := run0(t, "pay bob", nil, "recover", "--hash", "sha256", "--sig", rec); got != hex.EncodeToString(comp[:]) {
		t.Fatalf("recovered %s, want %x", got, comp)
	}
	// Key and message cannot both come from standard input.
	expectCode(t, p256k1Cmd(t, secHex, nil, "sign", "--scheme", "ecdsa", "--hash", "sha256"), 2, "standard input already holds the key")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestECDHAndTweak(t *testing.T) {
	a, b := sha256.Sum256([]byte("alice")), sha256.Sum256([]byte("bob"))
	ka, _ := p256k1.NewPrivateKey(a[:])
	kb, _ := p256k1.NewPrivateKey(b[:])
	pa, pb := ka.PublicKey(), kb.PublicKey()
	ca, cb := pa.SerializeCompressed(), pb.SerializeCompressed()
	fa, fb := writeFile(t, "a", hex.EncodeToString(a[:])), writeFile(t, "b", hex.EncodeToString(b[:]))
	for _, raw := range []bool{false, true} {
		args := func(key string, pub []byte) []string {
			s := []string{"ecdh", "--key-file", key, "--pubkey", hex.EncodeToString(pub)}
			if raw {
				s = append(s, "--raw")
			}
			return s
		}
		ab := run0(t, "", nil, args(fa, cb[:])...)
		ba := run0(t, "", nil, args(fb, ca[:])...)
		want, _ := ecdh.SharedSecret(&ka, &pb)
		if raw {
			want, _ = ecdh.SharedX(&ka, &pb)
		}
		if ab != ba || ab != hex.EncodeToString(want[:]) {
			t.Fatalf("raw=%v: %s vs %s, want %x", raw, ab, ba, want)
		}
	}
	tweak := sha256.Sum256([]byte("tweak"))
	th := hex.EncodeToString(tweak[:])
	secOut := run0(t, "", nil, "tweak", "--key-file", fa, "--tweak", th, "--json")
	var obj map[string]any
	if err := json.Unmarshal([]byte(secOut), &obj); err != nil {
		t.Fatal(err)
	}
	pubOut := run0(t, "", nil, "tweak", "--pubkey", hex.EncodeToString(ca[:]), "--tweak", th)
	if obj["pubkey"] != pubOut {
		t.Fatalf("tweaked secret's public key %v, tweaked public key %s", obj["pubkey"], pubOut)
	}
	expectCode(t, p256k1Cmd(t, "", nil, "tweak", "--key-file", fa, "--tweak", strings.Repeat("ff", 32)), 2, "tweak:")
	expectCode(t, p256k1Cmd(t, "", nil, "tweak", "--key-file", fa, "--tweak", "abcd"), 2, "tweak: 2 bytes, want 32")
}

// No error message and no output of a failing command contains the secret
// key, or any 8-character piece of it.
func TestSecretsNeverPrinted(t *testing.T) {
	secHex := "c90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b14e5c7"
	good := writeFile(t, "good", secHex)
	bad := writeFile(t, "bad", secHex[:63]+"g")
	short := writeFile(t, "short", secHex[:62])
	env := []string{"K=" + secHex, "KBAD=" + secHex + "00"}
	cases := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"sign", "--scheme", "schnorr", "--key-file", bad, "--hash", "none", "--msg", "00"}},
		{"", []string{"sign", "--scheme", "schnorr", "--key-file", short, "--hash", "none", "--msg", "00"}},
		{"", []string{"sign", "--scheme", "ecdsa", "--key-env", "KBAD", "--hash", "none", "--msg", "00"}},
		{"", []string{"sign", "--scheme", "ecdsa", "--key-env", "K", "--hash", "none", "--msg", "00"}},
		{"", []string{"sign", "--scheme", "schnorr", "--key-file", good, "--hash", "sha256", "--msg", "zz"}},
		{"", []string{"sign", "--scheme", "schnorr", "--key-file", good, "--msg", "00"}},
		{"", []string{"sign", "--scheme", "schnorr", "--key-file", good, "--hash", "none", "--msg", "00", secHex}},
		{"", []string{"sign", "--scheme", "schnorr", secHex}},
		{"", []string{"pubkey", "--key", secHex}},
		{secHex + "zz", []string{"pubkey"}},
		{"", []string{"ecdh", "--key-file", good, "--pubkey", "04" + secHex}},
		{"", []string{"ecdh", "--key-env", "K", "--pubkey", "05" + secHex}},
		{"", []string{"tweak", "--key-file", bad, "--tweak", secHex}},
		// The key itself given where a file or variable name belongs.
		{"", []string{"pubkey", "--key-file", secHex}},
		{"", []string{"pubkey", "--key-env", secHex}},
		{"", []string{"sign", "--scheme", "schnorr", "--key-file", good, "--hash", "sha256", "--msg-file", secHex}},
		{"", []string{"keygen", "--out", "/nonexistent-dir/" + secHex}},
		{"", []string{"verify-batch", secHex}},
		{"", []string{"sp", "tweaks", secHex}},
		{"", []string{"sp", "address", "--spend-pub", "02" + secHex, "--key-file", secHex}},
	}
	for _, c := range cases {
		r := p256k1Cmd(t, c.stdin, env, c.args...)
		if r.code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", c.args, r.code, r.stderr)
		}
		for i := 0; i+8 <= len(secHex); i += 4 {
			piece := secHex[i : i+8]
			if strings.Contains(strings.ToLower(r.stdout+r.stderr), piece) {
				t.Fatalf("%q printed part of the secret key:\nstdout: %s\nstderr: %s", c.args, r.stdout, r.stderr)
			}
		}
		if !strings.Contains(r.stderr, "p256k1") {
			t.Errorf("%q: no error message: %q", c.args, r.stderr)
		}
	}
}

func TestMalformedInput(t *testing.T) {
	key := writeFile(t, "key", vecSec)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sign", "--key-file", key, "--hash", "none", "--msg", "00"}, "scheme: say --scheme"},
		{[]string{"sign", "--scheme", "rsa", "--key-file", key, "--hash", "none", "--msg", "00"}, `scheme: "rsa"`},
		{[]string{"sign", "--scheme", "ecdsa", "--key-file", key, "--hash", "md5", "--msg", "00"}, `hash: "md5"`},
		{[]string{"sign", "--scheme", "ecdsa", "--key-file", key, "--hash", "none", "--msg", "00"}, "msg: 1 bytes; with --hash none"},
		{[]string{"sign", "--scheme", "ecdsa", "--key-file", key, "--hash", "none", "--msg", "abc"}, "msg: odd number of hex digits"},
		{[]string{"sign", "--scheme", "ecdsa", "--key-file", "/nonexistent/key", "--hash", "none", "--msg", "00"}, "key-file:"},
		{[]string{"sign", "--scheme", "ecdsa", "--key-env", "P256K1_TEST_UNSET", "--hash", "none", "--msg", "00"}, "empty or not set"},
		{[]string{"verify", "--scheme", "schnorr", "--pubkey", vecPub[:62], "--hash", "none", "--msg", "00", "--sig", vecSig}, "pubkey: 31 bytes, want 32"},
		{[]string{"verify", "--scheme", "schnorr", "--pubkey", vecPub, "--hash", "none", "--msg", "00", "--sig", vecSig[:126]}, "sig: 63 bytes, want 64"},
		{[]string{"verify", "--scheme", "ecdsa", "--pubkey", "02" + vecPub, "--hash", "sha256", "--msg", "00", "--sig", "3006020101020101ff"}, "sig: 9 bytes, neither"},
		{[]string{"verify", "--scheme", "ecdsa", "--pubkey", "02" + vecPub, "--hash", "sha256", "--msg", "00", "--sig", "xy"}, "sig: not hexadecimal"},
		{[]string{"recover", "--hash", "sha256", "--msg", "00", "--sig", vecSig + "07"}, "sig: not a valid recoverable signature"},
		{[]string{"ecdh", "--key-file", key, "--pubkey", vecPub + "0000"}, "pubkey: 34 bytes, want 32, 33 or 65"},
		{[]string{"pubkey", "--key-file", key, "--format", "bech32"}, `format: "bech32"`},
	} {
		expectCode(t, p256k1Cmd(t, "", nil, c.args...), 2, c.msg)
	}
}

// batchLine makes one CSV row; corrupt flips a bit of the signature.
func batchRows(t *testing.T, n int) []string {
	t.Helper()
	var rows []string
	for i := range n {
		seed := sha256.Sum256([]byte{byte(i), byte(i >> 8), 'k'})
		k, _ := p256k1.NewPrivateKey(seed[:])
		h := sha256.Sum256(seed[:])
		if i%2 == 0 {
			kp, _ := schnorr.NewKeypair(&k)
			sig, _ := schnorr.SignKeypair(&kp, h[:i%33], &[32]byte{})
			x := kp.XOnlyPublicKey()
			xb := x.Bytes()
			rows = append(rows, fmt.Sprintf("schnorr,%x,%x,%x", xb, h[:i%33], sig))
		} else {
			sig, _ := ecdsa.Sign(&k, &h)
			pub := k.PublicKey()
			c := pub.SerializeCompressed()
			var buf [ecdsa.MaxDERSize]byte
			enc := sig.SerializeCompact()
			s := hex.EncodeToString(enc[:])
			if i%3 == 0 {
				s = hex.EncodeToString(sig.SerializeDER(&buf))
			}
			rows = append(rows, fmt.Sprintf("ecdsa,%x,%x,%s", c, h, s))
		}
	}
	return rows
}

func flipSig(row string) string {
	i := strings.LastIndexByte(row, ',') + 5
	c := byte('0')
	if row[i] == '0' {
		c = '1'
	}
	return row[:i] + string(c) + row[i+1:]
}

func TestVerifyBatch(t *testing.T) {
	rows := batchRows(t, 12)
	valid := "scheme,pubkey,msg,sig\n" + strings.Join(rows, "\n") + "\n"
	path := writeFile(t, "ok.csv", valid)
	out := run0(t, "", nil, "verify-batch", path)
	if !strings.Contains(out, "12 signatures: 12 valid, 0 invalid, 0 malformed") {
		t.Fatalf("all valid:\n%s", out)
	}
	// The same rows as JSON lines from standard input.
	var js strings.Builder
	for _, r := range rows {
		f := strings.Split(r, ",")
		fmt.Fprintf(&js, `{"scheme":%q,"pubkey":%q,"msg":%q,"sig":%q}`+"\n", f[0], f[1], f[2], f[3])
	}
	out = run0(t, js.String(), nil, "verify-batch", "--json", "-")
	var sum struct {
		Rows, Valid, Invalid, Malformed int
		Failures                        []batchFailure
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Rows != 12 || sum.Valid != 12 || len(sum.Failures) != 0 {
		t.Fatalf("JSON lines: %v\n%s", err, out)
	}

	// Invalid rows only: exit 1, each line named.
	lines := strings.Split(strings.TrimSpace(valid), "\n") // line 1 is the header
	lines[3] = flipSig(lines[3])                           // schnorr (row 2)
	lines[6] = flipSig(lines[6])                           // ecdsa (row 5)
	r := p256k1Cmd(t, "", nil, "verify-batch", writeFile(t, "inv.csv", strings.Join(lines, "\n")))
	if r.code != 1 || !strings.Contains(r.stdout, "line 4: invalid: schnorr signature does not verify") ||
		!strings.Contains(r.stdout, "line 7: invalid: ecdsa signature does not verify") || !strings.Contains(r.stdout, "10 valid, 2 invalid, 0 malformed") {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}

	// Malformed rows: exit 2, each named with its field.
	f1 := strings.Split(lines[1], ",")
	f2 := strings.Split(lines[2], ",")
	bad := []string{
		"schnorr," + f1[1] + "," + f1[2] + "," + f1[3][:126],              // 63-byte signature
		"schnorr," + f1[1][:60] + "," + f1[2] + "," + f1[3],               // 30-byte key
		"schnorr,zz" + f1[1][2:] + "," + f1[2] + "," + f1[3],              // bad hex
		"ecdsa," + f2[1] + "," + f2[2],                                    // truncated line
		"ecdsa," + f2[1] + ",abcd," + f2[3],                               // digest not 32 bytes
		"rsa," + f2[1] + "," + f2[2] + "," + f2[3],                        // unknown scheme
		`{"scheme":"schnorr","pubkey":`,                                   // truncated JSON
		"schnorr," + strings.Repeat("ff", 32) + "," + f1[2] + "," + f1[3], // key off the curve: invalid
	}
	input := strings.Join(append(lines, bad...), "\n")
	r = p256k1Cmd(t, "", nil, "verify-batch", writeFile(t, "bad.csv", input))
	for _, want := range []string{
		"line 14: malformed: sig: 63 bytes, want 64", "line 15: malformed: pubkey: 30 bytes, want 32",
		"line 16: malformed: pubkey: not hexadecimal", "line 17: malformed: 3 fields, want 4",
		"line 18: malformed: msg: 2 bytes, want 32", `line 19: malformed: scheme: "rsa"`,
		"line 20: malformed: not a JSON object", "line 21: invalid: pubkey: not a valid x-only public key",
		"20 signatures: 10 valid, 3 invalid, 7 malformed",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if r.code != 2 || t.Failed() {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}

	expectCode(t, p256k1Cmd(t, "", nil, "verify-batch", writeFile(t, "empty", "")), 2, "no signatures")
	expectCode(t, p256k1Cmd(t, "\n# nothing\n", nil, "verify-batch", "-"), 2, "no signatures")
	expectCode(t, p256k1Cmd(t, "", nil, "verify-batch"), 2, "want one input FILE")
	expectCode(t, p256k1Cmd(t, "", nil, "verify-batch", "/nonexistent/file.csv"), 2, "input:")
	// The progress bar is drawn only on request (stderr is not a terminal here).
	if r := p256k1Cmd(t, valid, nil, "verify-batch", "-"); strings.Contains(r.stderr, "[#") {
		t.Fatalf("progress bar on a pipe: %q", r.stderr)
	}
	if r := p256k1Cmd(t, valid, nil, "verify-batch", "--progress", "always", "-"); !strings.Contains(r.stderr, "12 rows") {
		t.Fatalf("no progress bar with --progress always: %q", r.stderr)
	}
}

// A 100,000-line file (fewer with -short): 400 distinct rows repeated, with
// three corrupted lines that must be found by number.
func TestVerifyBatchLarge(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	base := batchRows(t, 400)
	var b strings.Builder
	bad := map[int]bool{7: true, n / 2: true, n: true} // line numbers
	for line := 1; line <= n; line++ {
		row := base[line%len(base)]
		if bad[line] {
			row = flipSig(row)
		}
		b.WriteString(row)
		b.WriteByte('\n')
	}
	r := p256k1Cmd(t, "", nil, "verify-batch", writeFile(t, "large.csv", b.String()))
	want := fmt.Sprintf("line 7: invalid: ecdsa signature does not verify\nline %d: invalid: schnorr signature does not verify\nline %d: invalid: schnorr signature does not verify\n%d signatures: %d valid, 3 invalid, 0 malformed\n",
		n/2, n, n, n-3)
	if r.code != 1 || !strings.HasPrefix(r.stdout, want) {
		t.Fatalf("exit %d:\n%s\nwant prefix:\n%s", r.code, r.stdout, want)
	}
	t.Log(strings.TrimSpace(r.stdout[len(want):]))
}

func TestBench(t *testing.T) {
	out := run0(t, "", nil, "bench", "--time", "2ms")
	if !strings.Contains(out, "libsecp256k1: not measured") && !strings.Contains(out, "(API of v") {
		t.Errorf("bench does not say which libsecp256k1 it measured:\n%s", out)
	}
	if !strings.Contains(out, "engine: "+engineNote()+"\n") {
		t.Errorf("bench does not name the engine (%s):\n%s", engineNote(), out)
	}
	for _, op := range []string{"pubkey", "ecdsa sign", "ecdsa verify", "ecdsa recover", "schnorr sign", "schnorr verify", "ecdh", "tweak add"} {
		if !strings.Contains(out, op) {
			t.Errorf("bench output lacks %q:\n%s", op, out)
		}
	}
	out = run0(t, "", nil, "bench", "--time", "1ms", "--no-libsecp256k1", "--json")
	var res struct {
		Engine  string
		Results []benchResult
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Results) < 10 || res.Results[0].P256K1Ops <= 0 {
		t.Fatalf("bench --json: %v\n%s", err, out)
	}
	if res.Engine != engineNote() {
		t.Errorf("bench --json: engine %q, want %q", res.Engine, engineNote())
	}
	recovery := false
	for _, r := range res.Results {
		recovery = recovery || r.Name == "ecdsa recover" && r.P256K1Ops > 0
	}
	if !recovery {
		t.Errorf("bench --json has no ecdsa recover result:\n%s", out)
	}
}
