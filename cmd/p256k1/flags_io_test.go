package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"go/parser"
	"go/token"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// Tests of issue 39's items (each failed before its fix).

// TestEmptyPathFlagRefused (item 1): a path or variable-name flag given
// with an empty value (an unset shell variable) is a usage error, never
// read as "no flag": keygen --out "" does not print the key, --key-file ""
// does not fall back to standard input. No standard output at all.
func TestEmptyPathFlagRefused(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "k.key")
	if err := os.WriteFile(key, []byte(vecSec+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pub := "02" + vecPub
	spend := "025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36"
	op := strings.Repeat("11", 32) + ":0"
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"keygen", "--out", ""}},
		{"", []string{"keygen", "--json", "--out="}},
		{vecSec, []string{"pubkey", "--key-file", ""}},
		{vecSec, []string{"pubkey", "--key-env", ""}},
		{vecSec, []string{"ecdh", "--key-file", "", "--pubkey", pub}},
		{vecSec, []string{"tweak", "--key-file", "", "--tweak", vecAux}},
		{"hello", []string{"sign", "--scheme", "schnorr", "--hash", "sha256", "--key-file", key, "--msg-file", ""}},
		{vecSec, []string{"sign", "--scheme", "schnorr", "--hash", "none", "--msg", vecMsg, "--key-file", ""}},
		{"hello", []string{"verify", "--scheme", "schnorr", "--hash", "none", "--pubkey", vecPub, "--sig", vecSig, "--msg-file", ""}},
		{"000102030405060708090a0b0c0d0e0f", []string{"hd", "--seed-file", ""}},
		{"000102030405060708090a0b0c0d0e0f", []string{"hd", "--seed-env", ""}},
		{"", []string{"hd", "--key-file", ""}},
		{"", []string{"musig", "aggregate", "--file", "", pub}},
		{vecSec, []string{"musig", "nonce", "--session", "", "--msg", "00", "--hash", "sha256", pub}},
		{"", []string{"musig", "sign", "--session", "", "--key-file", key, "x.nonce"}},
		{"", []string{"musig", "combine", "--session", "", "x.psig"}},
		{vecSec, []string{"sp", "address", "--key-file", "", "--spend-pub", spend}},
		{vecSec, []string{"sp", "send", "--key-file", "", "--outpoint", op, "sp1qq"}},
		{vecSec, []string{"sp", "send", "--taproot-key-file", "", "--outpoint", op, "sp1qq"}},
		{"", []string{"taproot", "output-key", "--internal-key", vecPub, "--tree-file", ""}},
	} {
		code, out, errOut := runCLI(c.stdin, nil, c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "empty (an unset shell variable?)") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, nothing on standard output, and the empty flag named", c.args, code, out, errOut)
		}
	}
	// --out - is still standard output, --key-file - standard input.
	if code, out, _ := runCLI(vecSec, nil, "pubkey", "--key-file", "-"); code != 0 || strings.TrimSpace(out) != "02"+vecPub {
		t.Errorf("pubkey --key-file -: %d %q", code, out)
	}
	// The help still lists the flags with their defaults (the wrapped
	// flag.Value prints as empty).
	code, out, _ := runCLI("", nil, "keygen", "--help")
	if code != 0 || !strings.Contains(out, "-out PATH") || strings.Contains(out, "panic") {
		t.Errorf("keygen --help: %d %q", code, out)
	}
}

// TestWriteErrorsSayWrite (item 5): a file that cannot be created is
// reported as such, not as "cannot read".
func TestWriteErrorsSayWrite(t *testing.T) {
	dir := t.TempDir()
	okIn(t, dir, "alice.key.pub", "keygen", "--out", "alice.key")
	r := runIn(t, dir, "", "keygen", "--out", "nodir/x.key")
	expectCode(t, r, 2, `out: cannot create "nodir/x.key"`)
	pub := okIn(t, dir, "", "pubkey", "--key-file", "alice.key")
	r = runIn(t, dir, "", "musig", "nonce", "--key-file", "alice.key", "--session", "nodir/x.session", "--msg", "00", "--hash", "sha256", pub)
	expectCode(t, r, 2, `session: cannot create "nodir/x.session"`)
	// A file where a directory is wanted.
	r = runIn(t, dir, "", "keygen", "--out", "alice.key/x.key")
	expectCode(t, r, 2, `out: cannot create "alice.key/x.key"`)
	for _, r := range []result{r} {
		if strings.Contains(r.stderr, "cannot read") {
			t.Errorf("a write error says %q", r.stderr)
		}
	}
}

// ulimitRun runs the binary in dir under bash with a file size limit of
// zero (every write to a regular file fails with EFBIG: Go ignores
// SIGXFSZ). Skips without bash.
func ulimitRun(t *testing.T, dir string, args ...string) result {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cmd := exec.Command(bash, append([]string{"-c", `ulimit -f 0 && exec "$0" "$@"`, binary}, args...)...)
	cmd.Dir = dir
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

// leftovers lists the files in dir whose names contain part.
func leftovers(t *testing.T, dir, part string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var l []string
	for _, e := range ents {
		if strings.Contains(e.Name(), part) {
			l = append(l, e.Name())
		}
	}
	return l
}

// TestSessionWriteFailureReported (item 4): a session file that cannot be
// written (the disk full, here a file size limit of zero) is reported as
// "cannot write", nothing is left behind, and musig sign prints no partial
// signature when it cannot record the session used (the seed stays in the
// claimed file, which the message names).
func TestSessionWriteFailureReported(t *testing.T) {
	dir := t.TempDir()
	okIn(t, dir, "signers.txt", "keygen", "--out", "alice.key")
	okIn(t, dir, "bob.pub", "keygen", "--out", "bob.key")
	signers, _ := os.ReadFile(filepath.Join(dir, "signers.txt"))
	bob, _ := os.ReadFile(filepath.Join(dir, "bob.pub"))
	os.WriteFile(filepath.Join(dir, "signers.txt"), append(signers, bob...), 0o600)
	nonce := func(who string) []string {
		return []string{"musig", "nonce", "--key-file", who + ".key", "--session", who + ".session", "--sort", "--file", "signers.txt", "--msg", "00", "--hash", "sha256"}
	}
	r := ulimitRun(t, dir, nonce("alice")...)
	expectCode(t, r, 2, `session: cannot write "alice.session"`)
	if r.stdout != "" || len(leftovers(t, dir, "alice.session")) != 0 {
		t.Fatalf("a failed nonce printed %q and left %q", r.stdout, leftovers(t, dir, "alice.session"))
	}
	okIn(t, dir, "alice.nonce", nonce("alice")...)
	okIn(t, dir, "bob.nonce", nonce("bob")...)
	r = ulimitRun(t, dir, "musig", "sign", "--key-file", "alice.key", "--session", "alice.session", "bob.nonce")
	expectCode(t, r, 2, `session: cannot write "alice.session"`)
	if r.stdout != "" || !strings.Contains(r.stderr, "no partial signature was printed") || !strings.Contains(r.stderr, "still holds the seed") {
		t.Fatalf("a sign that could not record the session: stdout %q, stderr %q", r.stdout, r.stderr)
	}
	claims := leftovers(t, dir, "alice.session.signing-")
	if len(claims) != 1 || leftovers(t, dir, ".tmp-") != nil {
		t.Fatalf("files left: %q", leftovers(t, dir, "alice.session"))
	}
	// Renamed back, as the message says, it signs.
	if err := os.Rename(filepath.Join(dir, claims[0]), filepath.Join(dir, "alice.session")); err != nil {
		t.Fatal(err)
	}
	okIn(t, dir, "alice.psig", "musig", "sign", "--key-file", "alice.key", "--session", "alice.session", "bob.nonce")
}

// TestWriteNewFileSyncFailures (item 4): every step of writeNewFile's
// write path is checked: a failing Sync of the file or of the directory
// (after the rename) is reported as "cannot write", and no file is left.
func TestWriteNewFileSyncFailures(t *testing.T) {
	defer func(w func(*os.File, []byte) (int, error), s func(*os.File) error) { fileWrite, fileSync = w, s }(fileWrite, fileSync)
	eio := errors.New("input/output error")
	for _, c := range []struct {
		name string
		set  func()
	}{
		{"write", func() { fileWrite = func(*os.File, []byte) (int, error) { return 0, syscall.ENOSPC } }},
		{"file sync", func() {
			fileSync = func(f *os.File) error {
				if st, _ := f.Stat(); st != nil && !st.IsDir() {
					return eio
				}
				return f.Sync()
			}
		}},
		{"directory sync", func() {
			fileSync = func(f *os.File) error {
				if st, _ := f.Stat(); st != nil && st.IsDir() {
					return eio
				}
				return f.Sync()
			}
		}},
	} {
		fileWrite = func(f *os.File, b []byte) (int, error) { return f.Write(b) }
		fileSync = func(f *os.File) error { return f.Sync() }
		c.set()
		dir := t.TempDir()
		path := filepath.Join(dir, "x.key")
		err := writeNewFile("out", path, []byte("secret\n"))
		var ee *exitError
		if !errors.As(err, &ee) || !strings.Contains(ee.msg, "out: cannot write") {
			t.Errorf("%s failing: %v, want cannot write", c.name, err)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s failing: %d files left", c.name, len(ents))
		}
		// keygen reports it, and prints nothing.
		code, out, errOut := runCLI("", nil, "keygen", "--out", path)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "p256k1 keygen: out: cannot write") {
			t.Errorf("keygen with %s failing: %d %q %q", c.name, code, out, errOut)
		}
	}
}

// TestMusigCopyOfSessionSignsAgain (item 4): what the help and the README
// say — the session file is marked used, a copy of it made before sign is
// not, and signs again — and they say it in the same words.
func TestMusigCopyOfSessionSignsAgain(t *testing.T) {
	const phrase = "a copy of it made before sign (a backup, a snapshot) is not marked used and signs again"
	norm := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ") }
	help := run0(t, "", nil, "musig", "sign", "--help")
	readme, _ := os.ReadFile("../../README.md")
	recipe := string(readme)
	if i := strings.Index(recipe, "### Sign 2-of-2 with MuSig2"); i >= 0 {
		recipe = recipe[i:]
		recipe = recipe[:strings.Index(recipe, "```")]
	}
	if !strings.Contains(norm(help), phrase) || !strings.Contains(norm(recipe), phrase) {
		t.Errorf("the help and the README's MuSig2 recipe should both say %q\nhelp: %s\nREADME: %s", phrase, help, recipe)
	}
	if strings.Contains(norm(recipe), "a second sign with it is refused.") {
		t.Error("the README still says a second sign is refused, without the copy")
	}
	dir := t.TempDir()
	okIn(t, dir, "signers.txt", "keygen", "--out", "alice.key")
	okIn(t, dir, "bob.pub", "keygen", "--out", "bob.key")
	signers, _ := os.ReadFile(filepath.Join(dir, "signers.txt"))
	bob, _ := os.ReadFile(filepath.Join(dir, "bob.pub"))
	os.WriteFile(filepath.Join(dir, "signers.txt"), append(signers, bob...), 0o600)
	for _, who := range []string{"alice", "bob"} {
		okIn(t, dir, who+".nonce", "musig", "nonce", "--key-file", who+".key", "--session", who+".session", "--sort", "--file", "signers.txt", "--msg", "00", "--hash", "sha256")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "alice.session"))
	os.WriteFile(filepath.Join(dir, "alice.backup"), b, 0o600)
	okIn(t, dir, "", "musig", "sign", "--key-file", "alice.key", "--session", "alice.session", "bob.nonce")
	expectCode(t, runIn(t, dir, "", "musig", "sign", "--key-file", "alice.key", "--session", "alice.session", "bob.nonce"), 2, "already used")
	okIn(t, dir, "", "musig", "sign", "--key-file", "alice.key", "--session", "alice.backup", "bob.nonce") // the copy signs again
}

// TestPackageDocListsEveryCommand (item 6): go doc ./cmd/p256k1 lists
// every command the dispatcher knows.
func TestPackageDocListsEveryCommand(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("main.go: %v, or no package doc", err)
	}
	doc := f.Doc.Text()
	for _, cmd := range commands {
		if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(cmd.name) + `\s`).MatchString(doc) {
			t.Errorf("the package doc does not list the command %q", cmd.name)
		}
	}
}

// TestREADMERecipeSilentPaymentStderr (item 8): what sp scan writes on
// standard error in the README's recipe is what the README shows.
func TestREADMERecipeSilentPaymentStderr(t *testing.T) {
	recipe := readmeRecipe(t, "Send and scan a silent payment")
	var want []string
	for _, l := range strings.Split(recipe, "\n") {
		if s, ok := strings.CutPrefix(l, "#   "); ok {
			want = append(want, s)
		}
	}
	if len(want) == 0 {
		t.Fatal("the recipe does not show what sp scan writes on standard error")
	}
	_, errOut, code := runShell(t, t.TempDir(), recipe)
	if got := strings.Split(strings.TrimSpace(errOut), "\n"); code != 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("exit %d; standard error:\n%s\nthe README shows:\n%s", code, errOut, strings.Join(want, "\n"))
	}
}

// TestNetworkFlagEverywhere (item 9): --network names the network in hd,
// taproot and sp address (--testnet stays as sp address's alias), and
// JSON output names it ("mainnet", "testnet", ...), the prefix apart as
// "hrp".
func TestNetworkFlagEverywhere(t *testing.T) {
	dir := t.TempDir()
	spend := okIn(t, dir, "", "keygen", "--out", "spend.key")
	okIn(t, dir, "", "keygen", "--out", "scan.key")
	base := []string{"sp", "address", "--key-file", "scan.key", "--spend-pub", spend}
	main := okIn(t, dir, "", base...)
	test := okIn(t, dir, "", append(base, "--network", "testnet")...)
	alias := okIn(t, dir, "", append(base, "--testnet")...)
	signet := okIn(t, dir, "", append(base, "--network", "signet")...)
	if !strings.HasPrefix(main, "sp1") || !strings.HasPrefix(test, "tsp1") || alias != test || signet != test {
		t.Errorf("sp address: %q, --network testnet %q, --testnet %q, --network signet %q", main, test, alias, signet)
	}
	if o := jsonObj(t, okIn(t, dir, "", append(base, "--network", "regtest", "--json")...)); o["network"] != "regtest" {
		t.Errorf("sp address --network regtest --json: %v", o)
	}
	expectCode(t, runIn(t, dir, "", append(base, "--network", "litecoin")...), 2, "network")
	expectCode(t, runIn(t, dir, "", append(base, "--network", "mainnet", "--testnet")...), 2, "contradict")

	const key = "a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c"
	for _, c := range []struct {
		args      []string
		net, hrp  string
		addrStart string
	}{
		{[]string{"taproot", "address", key, "--json"}, "mainnet", "bc", "bc1p"},
		{[]string{"taproot", "address", key, "--network", "testnet", "--json"}, "testnet", "tb", "tb1p"},
		{[]string{"taproot", "address", key, "--network", "signet", "--json"}, "signet", "tb", "tb1p"},
		{[]string{"taproot", "address", key, "--network", "regtest", "--json"}, "regtest", "bcrt", "bcrt1p"},
		{[]string{"taproot", "output-key", "--internal-key", vecPub, "--network", "testnet4", "--json"}, "testnet4", "tb", "tb1p"},
	} {
		o := jsonObj(t, run0(t, "", nil, c.args...))
		if o["network"] != c.net || o["hrp"] != c.hrp || !strings.HasPrefix(o["address"].(string), c.addrStart) {
			t.Errorf("%q: %v, want network %q, hrp %q", c.args, o, c.net, c.hrp)
		}
		if c.args[1] != "address" {
			continue
		}
		// The address back: its network by name.
		back := jsonObj(t, run0(t, "", nil, "taproot", "address", o["address"].(string), "--json"))
		wantNet := map[string]string{"bc": "mainnet", "tb": "testnet", "bcrt": "regtest"}[c.hrp]
		if back["network"] != wantNet || back["hrp"] != c.hrp {
			t.Errorf("taproot address %s --json: %v, want network %q", o["address"], back, wantNet)
		}
	}
	if o := jsonObj(t, run0(t, "", []string{"SEED=000102030405060708090a0b0c0d0e0f"}, "hd", "--seed-env", "SEED", "--network", "testnet", "--json")); o["network"] != "testnet" {
		t.Errorf("hd --network testnet --json: %v", o)
	}
}

// TestErrorPrefixNamesSubcommand (item 10): errors start with the command
// and its subcommand; recover --bitcoin names the valid header range;
// verify-batch of a directory says so.
func TestErrorPrefixNamesSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"musig", "sign", "x.nonce"}, "p256k1 musig sign: session: required"},
		{[]string{"musig", "nonce", "02" + vecPub}, "p256k1 musig nonce: session: required"},
		{[]string{"musig", "combine", "x.psig"}, "p256k1 musig combine: session: required"},
		{[]string{"sp", "scan", "--spend-pub", "00", "-"}, "p256k1 sp scan: spend-pub"},
		{[]string{"sp", "address", "--spend-pub", "00"}, "p256k1 sp address: spend-pub"},
		{[]string{"sp", "tweaks"}, "p256k1 sp tweaks: want one FILE"},
		{[]string{"taproot", "address"}, "p256k1 taproot address: want one"},
		{[]string{"recover", "--bitcoin", "--hash", "none", "--msg", vecMsg, "--sig", "00" + strings.Repeat("11", 64)}, "27–42"},
		{[]string{"recover", "--hash", "none", "--msg", vecMsg, "--sig", strings.Repeat("11", 64) + "07"}, "want 0–3"},
		{[]string{"verify-batch", os.TempDir()}, `input: "` + os.TempDir() + `" is a directory`},
		{[]string{"sp", "tweaks", os.TempDir()}, `p256k1 sp tweaks: transaction file: "` + os.TempDir() + `" is a directory`},
		{[]string{"sign", "--scheme", "ecdsa", "--hash", "sha256", "--key-env", "K", "--msg-file", os.TempDir()}, `msg-file: "` + os.TempDir() + `" is a directory`},
	} {
		r := p256k1Cmd(t, "", []string{"K=" + vecSec}, c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
		if strings.Contains(r.stderr, "read "+os.TempDir()) {
			t.Errorf("%q: %q", c.args, r.stderr)
		}
	}
}

// TestEmptyInputRule (item 11): one rule for empty input — an empty
// --msg-file or standard input, or a file of no rows, is refused (exit 2);
// the empty message is --msg "".
func TestEmptyInputRule(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o600)
	key := filepath.Join(dir, "k.key")
	os.WriteFile(key, []byte(vecSec), 0o600)
	spend := "025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sign", "--scheme", "schnorr", "--hash", "sha256", "--key-file", key, "--msg-file", empty}, "is empty; for the empty message, give --msg \"\""},
		{[]string{"sign", "--scheme", "schnorr", "--hash", "none", "--key-file", key, "--msg-file", empty}, "is empty"},
		{[]string{"sign", "--scheme", "schnorr", "--hash", "sha256", "--key-file", key}, "standard input is empty"},
		{[]string{"sign", "--scheme", "schnorr", "--hash", "sha256", "--key-file", key, "--msg-file", "-"}, "standard input is empty"},
		{[]string{"verify", "--scheme", "schnorr", "--hash", "sha256", "--pubkey", vecPub, "--sig", vecSig, "--msg-file", empty}, "is empty"},
		{[]string{"hash-to-curve", "--dst", "X", "--msg-file", empty}, "is empty"},
		{[]string{"verify-batch", empty}, "no signatures"},
		{[]string{"verify-batch", "-"}, "no signatures"},
		{[]string{"sp", "scan", "--key-file", key, "--spend-pub", spend, empty}, "holds no transaction"},
		{[]string{"sp", "tweaks", "-"}, "holds no transaction"},
		{[]string{"musig", "aggregate", "--file", empty}, "none given"},
	} {
		code, out, errOut := runCLI("", nil, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "0 transactions scanned") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	// The empty message, asked for.
	if code, out, errOut := runCLI("", nil, "sign", "--scheme", "schnorr", "--hash", "sha256", "--key-file", key, "--msg", ""); code != 0 || len(strings.TrimSpace(out)) != 128 {
		t.Errorf(`sign --msg "": %d %q %q`, code, out, errOut)
	}
	if code, out, errOut := runCLI("", nil, "hash-to-curve", "--dst", "QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_RO_", "--msg", ""); code != 0 || len(strings.TrimSpace(out)) != 66 {
		t.Errorf(`hash-to-curve --msg "": %d %q %q`, code, out, errOut)
	}
	// The rule is in the help.
	for _, args := range [][]string{{"sign"}, {"verify"}, {"verify-batch"}, {"sp", "scan"}, {"hash-to-curve"}} {
		if _, out, _ := runCLI("", nil, append(args, "--help")...); !strings.Contains(strings.Join(strings.Fields(out), " "), "An empty input is refused") {
			t.Errorf("%v --help does not state the rule on empty input", args)
		}
	}
}

// TestVerifyHighSHint (item 13): a high-S ECDSA signature is invalid, and
// the reason names low-S normalization and says the normalized form
// verifies.
func TestVerifyHighSHint(t *testing.T) {
	k, _ := p256k1.NewPrivateKey(must(hex.DecodeString(vecSec)))
	pub := k.PublicKey()
	pb := pub.SerializeCompressed()
	h := [32]byte(must(hex.DecodeString(vecMsg)))
	sig, err := ecdsa.Sign(&k, &h)
	if err != nil {
		t.Fatal(err)
	}
	b := sig.SerializeCompact()
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	s := new(big.Int).Sub(n, new(big.Int).SetBytes(b[32:]))
	s.FillBytes(b[32:])
	args := []string{"verify", "--scheme", "ecdsa", "--hash", "none", "--msg", vecMsg, "--pubkey", hex.EncodeToString(pb[:]), "--sig", hex.EncodeToString(b[:])}
	r := p256k1Cmd(t, "", nil, args...)
	expectCode(t, r, 1, "low-S normalization (S → n−S) verifies")
	if r.stdout != "invalid\n" || !strings.Contains(r.stderr, "BIP-62") || !strings.Contains(r.stderr, "OpenSSL") {
		t.Errorf("high S: %q %q", r.stdout, r.stderr)
	}
	o := jsonObj(t, p256k1Cmd(t, "", nil, append(args, "--json")...).stdout)
	if o["valid"] != false || !strings.Contains(o["reason"].(string), "S is high") {
		t.Errorf("--json: %v", o)
	}
	// Another message: high S, and the normalized form does not verify.
	args[6] = strings.Repeat("00", 32)
	expectCode(t, p256k1Cmd(t, "", nil, args...), 1, "does not verify either")
	// verify-batch says it too.
	csv := writeFile(t, "sigs.csv", "ecdsa,"+hex.EncodeToString(pb[:])+","+vecMsg+","+hex.EncodeToString(b[:])+"\n")
	r = p256k1Cmd(t, "", nil, "verify-batch", csv)
	if r.code != 1 || !strings.Contains(r.stdout, "S is high") {
		t.Errorf("verify-batch: %d %q", r.code, r.stdout)
	}
}
