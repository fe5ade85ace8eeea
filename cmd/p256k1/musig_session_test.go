package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
)

// runIn runs the binary in dir.
func runIn(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
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

// okIn is runIn that wants exit status 0 and writes standard output to
// the file out in dir (when out is not empty).
func okIn(t *testing.T, dir, out string, args ...string) string {
	t.Helper()
	r := runIn(t, dir, "", args...)
	if r.code != 0 {
		t.Fatalf("p256k1 %q: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
	}
	if out != "" {
		if err := os.WriteFile(filepath.Join(dir, out), []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return strings.TrimSpace(r.stdout)
}

// musigWorkflow makes n keys (signer i: k<i>.key), runs musig nonce for
// each with extra flags, and returns the directory.
func musigWorkflow(t *testing.T, n int, extra ...string) string {
	t.Helper()
	dir := t.TempDir()
	var signers strings.Builder
	for i := range n {
		signers.WriteString(okIn(t, dir, "", "keygen", "--out", fmt.Sprintf("k%d.key", i)) + "\n")
	}
	os.WriteFile(filepath.Join(dir, "signers.txt"), []byte(signers.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "msg.txt"), []byte("pay 1 BTC to Carol"), 0o644)
	for i := range n {
		args := append([]string{"musig", "nonce", "--key-file", fmt.Sprintf("k%d.key", i), "--session", fmt.Sprintf("s%d.session", i),
			"--sort", "--file", "signers.txt", "--msg-file", "msg.txt", "--hash", "sha256"}, extra...)
		okIn(t, dir, fmt.Sprintf("s%d.nonce", i), args...)
	}
	return dir
}

// others lists the files of every signer but i with the suffix.
func others(n, i int, suffix string) []string {
	var l []string
	for j := range n {
		if j != i {
			l = append(l, fmt.Sprintf("s%d.%s", j, suffix))
		}
	}
	return l
}

// TestMusigWorkflow: two and three signers finish a MuSig2 signature with
// the files they exchange, and "verify --scheme schnorr" accepts it under
// the key "musig aggregate" prints; every signer's combine gives the same
// signature; the session files are 0600, lose their seed at sign, and a
// second sign with one is refused.
func TestMusigWorkflow(t *testing.T) {
	for _, n := range []int{2, 3} {
		dir := musigWorkflow(t, n)
		for i := range n {
			st, err := os.Stat(filepath.Join(dir, fmt.Sprintf("s%d.session", i)))
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("session file: %v, mode %v", err, st.Mode())
			}
		}
		for i := range n {
			args := append([]string{"musig", "sign", "--key-file", fmt.Sprintf("k%d.key", i), "--session", fmt.Sprintf("s%d.session", i)}, others(n, i, "nonce")...)
			if i == 0 {
				args = append(args, "s0.nonce") // its own nonce file too: skipped
			}
			okIn(t, dir, fmt.Sprintf("s%d.psig", i), args...)
			b, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("s%d.session", i)))
			if strings.Contains(string(b), `"rand"`) || !strings.Contains(string(b), `"used": true`) {
				t.Fatalf("session after sign:\n%s", b)
			}
			if m, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("s%d.session.signing*", i))); len(m) > 0 {
				t.Fatalf("the claim file was left behind: %v", m)
			}
		}
		agg := strings.Fields(okIn(t, dir, "", "musig", "aggregate", "--sort", "--file", "signers.txt"))[0]
		var sig string
		for i := range n {
			s := okIn(t, dir, "", append([]string{"musig", "combine", "--session", fmt.Sprintf("s%d.session", i)}, others(n, i, "psig")...)...)
			if sig != "" && s != sig {
				t.Fatalf("signers %d and 0 combine different signatures", i)
			}
			sig = s
		}
		if out := okIn(t, dir, "", "verify", "--scheme", "schnorr", "--hash", "sha256", "--msg-file", "msg.txt", "--pubkey", agg, "--sig", sig); out != "valid" {
			t.Fatalf("verify: %q", out)
		}
		// A second sign with a used session is refused.
		r := runIn(t, dir, "", append([]string{"musig", "sign", "--key-file", "k0.key", "--session", "s0.session"}, others(n, 0, "nonce")...)...)
		expectCode(t, r, 2, "already used to sign")
		if r.stdout != "" {
			t.Fatalf("a used session printed %q", r.stdout)
		}
	}
}

// TestMusigWorkflowTaprootJSON: --taproot with a script root, the nonce
// and partial-signature files written with --json, and combine --json
// whose key is the library's Taproot output key of the aggregate key.
func TestMusigWorkflowTaprootJSON(t *testing.T) {
	root := strings.Repeat("ab", 32)
	dir := t.TempDir()
	var keys []string
	for i := range 2 {
		keys = append(keys, okIn(t, dir, "", "keygen", "--out", fmt.Sprintf("k%d.key", i)))
	}
	for i := range 2 {
		okIn(t, dir, fmt.Sprintf("s%d.nonce", i), "musig", "nonce", "--key-file", fmt.Sprintf("k%d.key", i), "--session", fmt.Sprintf("s%d.session", i),
			"--taproot", "--merkle-root", root, "--msg", "00112233", "--hash", "none", "--json", keys[0], keys[1])
	}
	for i := range 2 {
		okIn(t, dir, fmt.Sprintf("s%d.psig", i), "musig", "sign", "--json", "--key-file", fmt.Sprintf("k%d.key", i), "--session", fmt.Sprintf("s%d.session", i), fmt.Sprintf("s%d.nonce", 1-i))
	}
	var out struct{ Sig, Pubkey, Msg string }
	if err := json.Unmarshal([]byte(okIn(t, dir, "", "musig", "combine", "--json", "--session", "s1.session", "s0.psig")), &out); err != nil {
		t.Fatal(err)
	}
	pks := make([]p256k1.PublicKey, 2)
	for i := range keys {
		b, _ := hex.DecodeString(keys[i])
		pks[i], _ = p256k1.ParsePublicKey(b)
	}
	ctx, _ := musig2.KeyAgg(pks)
	rb, _ := hex.DecodeString(root)
	ctx.ApplyTaprootTweak(rb)
	if x := ctx.XOnlyBytes(); hex.EncodeToString(x[:]) != out.Pubkey || out.Msg != "00112233" {
		t.Fatalf("combine --json: %+v", out)
	}
	if v := okIn(t, dir, "", "verify", "--scheme", "schnorr", "--hash", "none", "--msg", out.Msg, "--pubkey", out.Pubkey, "--sig", out.Sig); v != "valid" {
		t.Fatal(v)
	}
}

// TestMusigRefusals: what the signing commands refuse, naming the file or
// the signer at fault, without using up the session where they can.
func TestMusigRefusals(t *testing.T) {
	dir := musigWorkflow(t, 3)
	keys := strings.Fields(string(must(os.ReadFile(filepath.Join(dir, "signers.txt")))))
	// An existing session file is never overwritten.
	r := runIn(t, dir, "", "musig", "nonce", "--key-file", "k0.key", "--session", "s0.session", "--file", "signers.txt", "--msg-file", "msg.txt", "--hash", "sha256")
	expectCode(t, r, 2, "exists")
	// A key that is not a signer's.
	okIn(t, dir, "", "keygen", "--out", "x.key")
	r = runIn(t, dir, "", "musig", "nonce", "--key-file", "x.key", "--session", "x.session", "--file", "signers.txt", "--msg-file", "msg.txt", "--hash", "sha256")
	expectCode(t, r, 2, "not among the signers' keys")
	// sign: a missing nonce names the signer; nothing is used up.
	r = runIn(t, dir, "", "musig", "sign", "--key-file", "k0.key", "--session", "s0.session", "s1.nonce")
	expectCode(t, r, 2, "public nonce is missing")
	if !strings.Contains(r.stderr, "signer ") || !strings.Contains(r.stderr, keys[2]) {
		t.Fatalf("missing nonce: %q should name signer %s", r.stderr, keys[2])
	}
	// The same nonce twice.
	r = runIn(t, dir, "", "musig", "sign", "--key-file", "k0.key", "--session", "s0.session", "s1.nonce", "s1.nonce", "s2.nonce")
	expectCode(t, r, 2, "already gave its public nonce")
	// The wrong key.
	r = runIn(t, dir, "", "musig", "sign", "--key-file", "k1.key", "--session", "s0.session", "s1.nonce", "s2.nonce")
	expectCode(t, r, 2, "not the key this session was started with")
	// A damaged nonce file.
	os.WriteFile(filepath.Join(dir, "bad.nonce"), []byte(keys[1]+"\n"+strings.Repeat("00", 66)+"\n"), 0o644)
	r = runIn(t, dir, "", "musig", "sign", "--key-file", "k0.key", "--session", "s0.session", "bad.nonce", "s2.nonce")
	expectCode(t, r, 2, "bad.nonce: pubnonce")
	// combine before sign.
	r = runIn(t, dir, "", "musig", "combine", "--session", "s0.session", "s1.nonce")
	expectCode(t, r, 2, "has not signed yet")
	// After all that, the sessions still sign.
	for i := range 3 {
		okIn(t, dir, fmt.Sprintf("s%d.psig", i), append([]string{"musig", "sign", "--key-file", fmt.Sprintf("k%d.key", i), "--session", fmt.Sprintf("s%d.session", i)}, others(3, i, "nonce")...)...)
	}
	// combine: a missing partial signature, a tampered one (exit 1, naming
	// the signer), one from a stranger's file, one given twice.
	r = runIn(t, dir, "", "musig", "combine", "--session", "s0.session", "s1.psig")
	expectCode(t, r, 2, "is missing")
	p2 := strings.Fields(string(must(os.ReadFile(filepath.Join(dir, "s2.psig")))))
	p1 := strings.Fields(string(must(os.ReadFile(filepath.Join(dir, "s1.psig")))))
	os.WriteFile(filepath.Join(dir, "forged.psig"), []byte(p2[0]+"\n"+p1[1]+"\n"), 0o644)
	r = runIn(t, dir, "", "musig", "combine", "--session", "s0.session", "s1.psig", "forged.psig")
	expectCode(t, r, 1, "does not verify")
	if !strings.Contains(r.stderr, p2[0]) {
		t.Fatalf("the forged partial signature should name signer %s: %q", p2[0], r.stderr)
	}
	r = runIn(t, dir, "", "musig", "combine", "--session", "s0.session", "s1.psig", "s1.psig", "s2.psig")
	expectCode(t, r, 2, "already gave its partial signature")
	okIn(t, dir, "", "musig", "combine", "--session", "s0.session", "s1.psig", "s2.psig")
}

// TestMusigSignConcurrent: two musig sign runs with one session file at
// the same time: exactly one prints a partial signature.
func TestMusigSignConcurrent(t *testing.T) {
	for round := range 10 {
		dir := musigWorkflow(t, 2)
		var wg sync.WaitGroup
		res := make([]result, 2)
		for g := range res {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res[g] = runIn(t, dir, "", "musig", "sign", "--key-file", "k0.key", "--session", "s0.session", "s1.nonce")
			}()
		}
		wg.Wait()
		ok := 0
		for _, r := range res {
			if r.code == 0 {
				ok++
				if len(strings.Fields(r.stdout)) != 2 {
					t.Fatalf("output %q", r.stdout)
				}
			} else if r.stdout != "" {
				t.Fatalf("a refused sign printed %q", r.stdout)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d of two concurrent sign runs signed\n%+v", round, ok, res)
		}
		if m, _ := filepath.Glob(filepath.Join(dir, "s0.session.signing*")); len(m) > 0 {
			t.Fatalf("round %d: a claim file was left behind: %v", round, m)
		}
	}
}

// TestMusigHelpExamplesRun: the examples of musig nonce, sign and combine,
// pasted in turn into a shell in an empty directory, make a 2-of-2
// signature that verify accepts.
func TestMusigHelpExamplesRun(t *testing.T) {
	var script strings.Builder
	for _, sub := range []string{"nonce", "sign", "combine"} {
		script.WriteString(helpExample(t, "musig", sub) + "\n")
	}
	out, errOut, code := runShell(t, t.TempDir(), script.String())
	if code != 0 || strings.TrimSpace(out) != "valid" {
		t.Fatalf("the examples:\n%s\nexit %d, stdout %q, stderr %q", script.String(), code, out, errOut)
	}
}
