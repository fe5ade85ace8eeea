package main

import (
	"crypto/pbkdf2"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/taproot"
)

func jsonObj(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("%v: %q", err, s)
	}
	return m
}

// TestTaprootBIP86Workflow runs BIP-86's vectors through the command as a
// wallet would: the seed of the vectors' mnemonic to hd --taproot at each
// address path (xpub, internal key, output key, scriptPubKey, address);
// the account xpub, public derivation of the same addresses (a watch-only
// wallet); taproot output-key from the internal key; taproot address in
// both directions.
func TestTaprootBIP86Workflow(t *testing.T) {
	b, err := os.ReadFile("../../taproot/testdata/bip86-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Mnemonic  string
		Account   struct{ Path, XPub string }
		Addresses []struct {
			Path, XPub            string
			InternalKey           string `json:"internal_key"`
			OutputKey             string `json:"output_key"`
			ScriptPubKey, Address string
		}
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	seed, _ := pbkdf2.Key(sha512.New, v.Mnemonic, []byte("mnemonic"), 2048, 64)
	env := []string{"P256K1_TEST_SEED=" + hex.EncodeToString(seed)}
	acct := jsonObj(t, run0(t, "", env, "hd", "--seed-env", "P256K1_TEST_SEED", "--path", v.Account.Path, "--json"))
	if acct["xpub"] != v.Account.XPub {
		t.Fatalf("account xpub %v", acct["xpub"])
	}
	for _, a := range v.Addresses {
		o := jsonObj(t, run0(t, "", env, "hd", "--seed-env", "P256K1_TEST_SEED", "--path", a.Path, "--taproot", "--json"))
		if o["xpub"] != a.XPub || o["xonly"] != a.InternalKey || o["taproot_output_key"] != a.OutputKey ||
			o["taproot_script_pubkey"] != a.ScriptPubKey || o["taproot_address"] != a.Address {
			t.Fatalf("hd --taproot %s: %v", a.Path, o)
		}
		// Text output: the usual lines, then the output key and the address.
		lines := strings.Split(run0(t, "", env, "hd", "--seed-env", "P256K1_TEST_SEED", "--path", a.Path, "--taproot"), "\n")
		if len(lines) != 6 || lines[4] != a.OutputKey || lines[5] != a.Address {
			t.Fatalf("hd --taproot %s: %q", a.Path, lines)
		}
		// Watch-only: from the account xpub.
		rel := strings.TrimPrefix(a.Path, v.Account.Path+"/")
		w := jsonObj(t, run0(t, "", nil, "hd", v.Account.XPub, "--path", rel, "--taproot", "--json"))
		if w["taproot_address"] != a.Address {
			t.Fatalf("hd XPUB --path %s --taproot: %v", rel, w)
		}
		out := strings.Split(run0(t, "", nil, "taproot", "output-key", "--internal-key", a.InternalKey), "\n")
		if len(out) != 3 || out[0] != a.OutputKey || out[1] != a.ScriptPubKey || out[2] != a.Address {
			t.Fatalf("taproot output-key: %q", out)
		}
		// A compressed key is accepted too (its x is the internal key).
		if out := run0(t, "", nil, "taproot", "output-key", "--internal-key", o["pubkey"].(string)); !strings.HasPrefix(out, a.OutputKey+"\n") {
			t.Fatalf("taproot output-key (compressed): %q", out)
		}
		if got := run0(t, "", nil, "taproot", "address", a.OutputKey); got != a.Address {
			t.Fatalf("taproot address KEY: %q", got)
		}
		if got := run0(t, "", nil, "taproot", "address", strings.ToUpper(a.Address), "--network", "mainnet"); got != a.OutputKey {
			t.Fatalf("taproot address ADDRESS: %q", got)
		}
	}
	// Testnet keys give tb1p… addresses.
	o := jsonObj(t, run0(t, "", env, "hd", "--seed-env", "P256K1_TEST_SEED", "--network", "testnet", "--path", "m/86'/1'/0'/0/0", "--taproot", "--json"))
	if !strings.HasPrefix(o["taproot_address"].(string), "tb1p") {
		t.Fatalf("testnet: %v", o)
	}
	if got := run0(t, "", nil, "taproot", "address", o["taproot_output_key"].(string), "--network", "signet"); got != o["taproot_address"] {
		t.Fatalf("signet address %q", got)
	}
	t.Logf("%d BIP-86 addresses through hd --taproot (seed and xpub), taproot output-key and taproot address", len(v.Addresses))
}

// TestTaprootBIP341Vectors runs every scriptPubKey case of BIP-341's
// wallet vectors through taproot output-key --tree (output key, merkle
// root, address, control blocks) and each control block through taproot
// control-block (valid; invalid with another leaf's script).
func TestTaprootBIP341Vectors(t *testing.T) {
	b, err := os.ReadFile("../../taproot/testdata/bip341-wallet-test-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		ScriptPubKey []struct {
			Given struct {
				InternalPubkey string          `json:"internalPubkey"`
				ScriptTree     json.RawMessage `json:"scriptTree"`
			} `json:"given"`
			Intermediary struct {
				MerkleRoot    *string `json:"merkleRoot"`
				TweakedPubkey string  `json:"tweakedPubkey"`
			} `json:"intermediary"`
			Expected struct {
				ScriptPubKey            string   `json:"scriptPubKey"`
				BIP350Address           string   `json:"bip350Address"`
				ScriptPathControlBlocks []string `json:"scriptPathControlBlocks"`
			} `json:"expected"`
		} `json:"scriptPubKey"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for i, c := range v.ScriptPubKey {
		args := []string{"taproot", "output-key", "--internal-key", c.Given.InternalPubkey, "--json"}
		if string(c.Given.ScriptTree) != "null" {
			args = append(args, "--tree", string(c.Given.ScriptTree))
		}
		o := jsonObj(t, run0(t, "", nil, args...))
		if o["output_key"] != c.Intermediary.TweakedPubkey || o["address"] != c.Expected.BIP350Address || o["script_pubkey"] != c.Expected.ScriptPubKey {
			t.Fatalf("case %d: %v", i, o)
		}
		if c.Intermediary.MerkleRoot != nil && o["merkle_root"] != *c.Intermediary.MerkleRoot {
			t.Fatalf("case %d: merkle root %v", i, o["merkle_root"])
		}
		leaves, _ := o["leaves"].([]any)
		if len(leaves) != len(c.Expected.ScriptPathControlBlocks) {
			t.Fatalf("case %d: %d leaves", i, len(leaves))
		}
		for j, l := range leaves {
			leaf := l.(map[string]any)
			cb := leaf["control_block"].(string)
			found := false
			for _, want := range c.Expected.ScriptPathControlBlocks {
				found = found || want == cb
			}
			if !found {
				t.Fatalf("case %d leaf %d: control block %s is not among the vector's", i, j, cb)
			}
			out := run0(t, "", nil, "taproot", "control-block", "--address", c.Expected.BIP350Address, "--script", leaf["script"].(string), "--control-block", cb)
			if out != "valid" {
				t.Fatalf("case %d leaf %d: %q", i, j, out)
			}
			other := leaves[(j+1)%len(leaves)].(map[string]any)["script"].(string)
			if len(leaves) > 1 && other != leaf["script"] {
				r := p256k1Cmd(t, "", nil, "taproot", "control-block", "--output-key", c.Intermediary.TweakedPubkey, "--script", other, "--control-block", cb)
				if r.code != 1 || !strings.HasPrefix(r.stdout, "invalid: ") {
					t.Fatalf("case %d leaf %d with another script: exit %d %q", i, j, r.code, r.stdout)
				}
			}
			blocks++
		}
	}
	t.Logf("%d scriptPubKey cases, %d control blocks checked through the command", len(v.ScriptPubKey), blocks)
}

func TestTaprootErrors(t *testing.T) {
	const key = "cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115"
	off := strings.Repeat("0", 63) + "5" // x = 5 is not on the curve
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"taproot"}, 2, "missing subcommand"},
		{[]string{"taproot", "frobnicate"}, 2, "unknown subcommand"},
		{[]string{"taproot", "output-key"}, 2, "internal-key: required"},
		{[]string{"taproot", "output-key", "--internal-key", off}, 2, "not the x coordinate"},
		{[]string{"taproot", "output-key", "--internal-key", key, "--network", "litecoin"}, 2, "network"},
		{[]string{"taproot", "output-key", "--internal-key", key, "--merkle-root", "00"}, 2, "merkle-root: 1 bytes"},
		{[]string{"taproot", "output-key", "--internal-key", key, "--tree", `[{"script":"51"}]`}, 2, "array of two"},
		{[]string{"taproot", "output-key", "--internal-key", key, "--tree", `{"script":"51","leafVersion":193}`}, 2, "0xc1"},
		{[]string{"taproot", "output-key", "--internal-key", key, "--tree", `{"script":"zz"}`}, 2, "not hexadecimal"},
		{[]string{"taproot", "output-key", "--internal-key", key, "--tree", `{}`, "--merkle-root", key}, 2, "at most one"},
		{[]string{"taproot", "address"}, 2, "want one"},
		{[]string{"taproot", "address", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}, 2, "witness version 0"},
		{[]string{"taproot", "address", "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcq"}, 2, "checksum"},
		{[]string{"taproot", "address", "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr", "--network", "testnet"}, 2, "another network"},
		{[]string{"taproot", "address", off}, 2, "not the x coordinate"},
		{[]string{"taproot", "control-block", "--output-key", key, "--script", "51"}, 2, "control-block: required"},
		{[]string{"taproot", "control-block", "--output-key", key, "--control-block", "c0" + key}, 2, "script: required"},
		{[]string{"taproot", "control-block", "--output-key", key, "--script", "", "--control-block", "c0" + key + "00"}, 2, "34 bytes"},
		{[]string{"taproot", "control-block", "--output-key", key, "--script", "", "--control-block", "c0" + off}, 1, "invalid: malformed control block"},
		{[]string{"taproot", "control-block", "--output-key", key, "--script", "51", "--control-block", "c0" + key}, 1, "invalid: output key does not commit"},
	} {
		r := p256k1Cmd(t, "", nil, c.args...)
		if r.code != c.code || !strings.Contains(r.stdout+r.stderr, c.msg) {
			t.Errorf("%q: exit %d (want %d), stdout %q, stderr %q (want %q)", c.args, r.code, c.code, r.stdout, r.stderr, c.msg)
		}
		if strings.Contains(r.stderr, "taproot: taproot:") {
			t.Errorf("%q: doubled prefix: %q", c.args, r.stderr)
		}
	}
}

// shellExamples runs command lines as pasted, in a shell whose PATH
// starts with the directory of the test binary, in dir.
func shellLine(t *testing.T, dir, line string) (string, int) {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the examples as pasted")
	}
	cmd := exec.Command(sh, "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return string(out), code
}

// TestTaprootHelpExamples: every example line of taproot's help and of its
// subcommands' help runs, as pasted into a shell, with exit status 0.
func TestTaprootHelpExamples(t *testing.T) {
	n := 0
	for _, sub := range [][]string{{"taproot", "--help"}, {"taproot", "output-key", "--help"}, {"taproot", "address", "--help"}, {"taproot", "control-block", "--help"}, {"hd", "--help"}} {
		help := run0(t, "", nil, sub...)
		for _, l := range strings.Split(help, "\n") {
			l = strings.TrimSpace(l)
			if !strings.HasPrefix(l, "p256k1 taproot ") && !(strings.HasPrefix(l, "p256k1 hd ") && strings.Contains(l, "--taproot")) {
				continue
			}
			if out, code := shellLine(t, t.TempDir(), l); code != 0 {
				t.Errorf("%s: exit %d: %s", l, code, out)
			}
			n++
		}
	}
	if n < 7 {
		t.Fatalf("only %d examples found", n)
	}
	t.Logf("%d help examples ran", n)
}

// TestREADMETaprootRecipe runs the README's "Derive a Taproot address
// (BIP-86)" recipe as pasted, in a shell in a fresh directory, and
// requires each command's output to be the README's, line for line.
func TestREADMETaprootRecipe(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)### Derive a Taproot address \\(BIP-86\\)\n.*?```console\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no Taproot recipe with a console block")
	}
	dir := t.TempDir()
	var cmdLine string
	var want []string
	commands := 0
	flush := func() {
		if cmdLine == "" {
			return
		}
		out, code := shellLine(t, dir, cmdLine)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", cmdLine, code, out)
		}
		got := strings.TrimRight(out, "\n")
		if w := strings.Join(want, "\n"); got != w {
			t.Errorf("%s\nprinted:\n%s\nthe README shows:\n%s", cmdLine, got, w)
		}
		commands++
	}
	for _, l := range strings.Split(strings.TrimRight(string(m[1]), "\n"), "\n") {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			flush()
			cmdLine, want = c, nil
			continue
		}
		want = append(want, l)
	}
	flush()
	if commands < 3 {
		t.Fatalf("only %d commands in the recipe", commands)
	}
}

// FuzzTaprootTree: the --tree parser never panics, and a tree it accepts
// builds (or is refused by taproot.NewTree with an error) and gives
// control blocks that verify.
func FuzzTaprootTree(f *testing.F) {
	f.Add(tapExampleTree)
	f.Add(`{"script":"51"}`)
	f.Add(`[{"script":""},[{"script":"52","leafVersion":194},{"script":"53","id":7}]]`)
	f.Add(`[[[[{"script":"51"},{"script":"52"}],{"script":"53"}],{"script":"54"}],{"script":"55","leafVersion":80}]`)
	f.Add(`[1,2]`)
	f.Add(`{"script":null}`)
	p, err := tapInternalKey("k", tapExampleInternal)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		node, err := parseTapTree(json.RawMessage(s), 0)
		if err != nil {
			return
		}
		tree, err := taproot.NewTree(node)
		if err != nil {
			return
		}
		root := tree.MerkleRoot()
		q, _, err := taproot.OutputKey(&p, &root)
		if err != nil {
			t.Fatal(err)
		}
		qb := q.Bytes()
		for i := range min(tree.Len(), 8) {
			cb, err := tree.ControlBlock(i, &p)
			if err != nil {
				t.Fatal(err)
			}
			b, err := cb.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if err := taproot.VerifyScriptPath(qb[:], tree.Leaf(i).Script, b); err != nil {
				t.Fatalf("leaf %d: %v", i, err)
			}
		}
	})
}
