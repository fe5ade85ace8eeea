package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/silentpayments"
)

// TestSPSendVectors runs "sp send" over every sending case of BIP-352's
// vectors: the eligible inputs' keys (from environment variables, P2TR
// ones with --taproot-key-env), every outpoint and the recipients' addresses
// give one of the expected output sets; a case with no eligible input (or
// keys summing to zero) is refused.
func TestSPSendVectors(t *testing.T) {
	raw, err := os.ReadFile("../../silentpayments/testdata/send_and_receive_test_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Comment string
		Sending []struct {
			Given struct {
				Vin []struct {
					vectorVin
					PrivateKey string `json:"private_key"`
				} `json:"vin"`
				Recipients []struct {
					Address string `json:"address"`
					Count   int    `json:"count"` // the address this many times
				} `json:"recipients"`
			} `json:"given"`
			Expected struct {
				Outputs [][]string `json:"outputs"`
			} `json:"expected"`
		} `json:"sending"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	run, refused := 0, 0
	for ci, c := range cases {
		for _, s := range c.Sending {
			var args, env []string
			for i, v := range s.Given.Vin {
				ss, _ := hex.DecodeString(v.ScriptSig)
				wb, _ := hex.DecodeString(v.Witness)
				spk, _ := hex.DecodeString(v.Prevout.ScriptPubKey.Hex)
				w, err := silentpayments.ParseWitness(wb)
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, "--outpoint", fmt.Sprintf("%s:%d", v.TxID, v.Vout))
				if _, taproot, ok := silentpayments.InputPublicKey(&silentpayments.Input{ScriptSig: ss, Witness: w, PrevoutScript: spk}); ok {
					name := fmt.Sprintf("SPKEY%d", i)
					env = append(env, name+"="+v.PrivateKey)
					if taproot {
						args = append(args, "--taproot-key-env", name)
					} else {
						args = append(args, "--key-env", name)
					}
				}
			}
			if len(s.Given.Recipients) == 0 {
				continue
			}
			for _, r := range s.Given.Recipients {
				for range max(r.Count, 1) {
					args = append(args, r.Address)
				}
			}
			want := s.Expected.Outputs
			noOutputs := len(want) == 0 || len(want) == 1 && len(want[0]) == 0
			if len(env) == 0 {
				// No eligible input: nothing to give; the command needs a key
				// and the vector expects no outputs.
				if !noOutputs {
					t.Fatalf("case %d (%s): no eligible input but outputs expected", ci, c.Comment)
				}
				refused++
				continue
			}
			r := p256k1Cmd(t, "", env, append([]string{"sp", "send"}, args...)...)
			if noOutputs {
				if r.code != 2 {
					t.Fatalf("case %d (%s): exit %d, want a refusal\n%s%s", ci, c.Comment, r.code, r.stdout, r.stderr)
				}
				refused++
				continue
			}
			if r.code != 0 {
				t.Fatalf("case %d (%s): exit %d\n%s", ci, c.Comment, r.code, r.stderr)
			}
			got := strings.Fields(r.stdout)
			slices.Sort(got)
			found := false
			for _, w := range want {
				w = slices.Clone(w)
				slices.Sort(w)
				found = found || slices.Equal(got, w)
			}
			if !found {
				t.Fatalf("case %d (%s): outputs %v, want one of %v", ci, c.Comment, got, want)
			}
			run++
		}
	}
	t.Logf("%d sending cases give an expected output set, %d without outputs refused", run, refused)
	if run < 20 {
		t.Fatalf("only %d sending cases ran", run)
	}
}

// TestSPSendScanWorkflow: a sender with a P2WPKH and a P2TR input pays two
// addresses of one receiver (unlabelled and label 7) and one of another;
// "sp scan" of send's --json line finds the receiver's two outputs, with
// the label, and the other receiver's one.
func TestSPSendScanWorkflow(t *testing.T) {
	dir := t.TempDir()
	pub := func(name string) string { return okIn(t, dir, "", "keygen", "--out", name) }
	spend1, spend2 := pub("spend1.key"), pub("spend2.key")
	pub("scan1.key")
	pub("scan2.key")
	pub("in1.key")
	pub("in2.key")
	addrs := strings.Fields(okIn(t, dir, "", "sp", "address", "--key-file", "scan1.key", "--spend-pub", spend1, "--label", "7"))
	other := okIn(t, dir, "", "sp", "address", "--key-file", "scan2.key", "--spend-pub", spend2)
	if len(addrs) != 2 {
		t.Fatal(addrs)
	}
	in2 := strings.TrimSpace(string(must(os.ReadFile(filepath.Join(dir, "in2.key")))))
	op1 := strings.Repeat("11", 32) + ":0"
	op2 := strings.Repeat("22", 32) + ":3"
	op3 := strings.Repeat("33", 32) + ":1" // an ineligible input's outpoint
	r := runInEnv(t, dir, []string{"IN2=" + in2}, "sp", "send", "--key-file", "in1.key", "--taproot-key-env", "IN2",
		"--outpoint", op1, "--outpoint", op2, "--outpoint", op3, "--txid", strings.Repeat("ab", 32), "--json", addrs[0], other, addrs[1])
	if r.code != 0 {
		t.Fatalf("sp send: %d %s", r.code, r.stderr)
	}
	os.WriteFile(filepath.Join(dir, "tx.jsonl"), []byte(r.stdout), 0o644)
	var tx struct {
		Outputs     []string
		Recipients  []string
		Tweak, TxID string
	}
	if err := json.Unmarshal([]byte(r.stdout), &tx); err != nil || len(tx.Outputs) != 3 || len(tx.Recipients) != 3 || len(tx.Tweak) != 66 {
		t.Fatalf("send --json: %v %q", err, r.stdout)
	}
	// The plain output is the --json one.
	plain := runInEnv(t, dir, []string{"IN2=" + in2}, "sp", "send", "--key-file", "in1.key", "--taproot-key-env", "IN2",
		"--outpoint", op3, "--outpoint", op1, "--outpoint", op2, addrs[0], other, addrs[1])
	if got := strings.Fields(plain.stdout); !slices.Equal(got, tx.Outputs) {
		t.Fatalf("plain output %v, --json %v (the outpoints' order must not matter)", got, tx.Outputs)
	}
	var found []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(okIn(t, dir, "", "sp", "scan", "--key-file", "scan1.key", "--spend-pub", spend1, "--label", "7", "--json", "tx.jsonl")), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		found = append(found, m)
	}
	if len(found) != 2 {
		t.Fatalf("receiver 1 found %d outputs: %v", len(found), found)
	}
	for _, m := range found {
		switch m["output"] {
		case tx.Outputs[0]:
			if _, ok := m["label"]; ok {
				t.Fatal("the unlabelled output was found as labelled")
			}
		case tx.Outputs[2]:
			if m["label"] != float64(7) {
				t.Fatalf("the labelled output: %v", m)
			}
		default:
			t.Fatalf("receiver 1 found %v", m)
		}
	}
	if out := okIn(t, dir, "", "sp", "scan", "--key-file", "scan2.key", "--spend-pub", spend2, "tx.jsonl"); !strings.Contains(out, "output="+tx.Outputs[1]) || strings.Count(out, "\n") != 0 {
		t.Fatalf("receiver 2: %q", out)
	}
}

// TestSPSendHelpExampleRuns: sp send's help example, pasted into a shell
// in an empty directory, ends with sp scan finding the output.
func TestSPSendHelpExampleRuns(t *testing.T) {
	ex := helpExample(t, "sp", "send")
	out, errOut, code := runShell(t, t.TempDir(), ex)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.Contains(lines[1], "output="+lines[0]) {
		t.Fatalf("the example:\n%s\nexit %d, stdout %q, stderr %q", ex, code, out, errOut)
	}
}

// TestSPSendRefusals: what sp send refuses, never echoing a key.
func TestSPSendRefusals(t *testing.T) {
	dir := t.TempDir()
	spend := okIn(t, dir, "", "keygen", "--out", "spend.key")
	okIn(t, dir, "", "keygen", "--out", "scan.key")
	okIn(t, dir, "", "keygen", "--out", "in.key")
	addr := okIn(t, dir, "", "sp", "address", "--key-file", "scan.key", "--spend-pub", spend)
	taddr := okIn(t, dir, "", "sp", "address", "--key-file", "scan.key", "--spend-pub", spend, "--testnet")
	op := "--outpoint=" + strings.Repeat("11", 32) + ":0"
	secret := strings.TrimSpace(string(must(os.ReadFile(filepath.Join(dir, "in.key")))))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--key-file", "in.key", addr}, "outpoint: none given"},
		{[]string{"--key-file", "in.key", op}, "no address given"},
		{[]string{"--key-file", "in.key", op, "sp1qqbogus"}, "address 1:"},
		{[]string{"--key-file", "in.key", op, addr, taddr}, "one transaction pays one network"},
		{[]string{"--key-file", "in.key", "--outpoint", "11:0", addr}, "outpoint 1: txid"},
		{[]string{"--key-file", "in.key", "--outpoint", strings.Repeat("11", 32) + ":x", addr}, "outpoint 1: vout"},
		{[]string{op, secret}, "address 1:"},             // a key pasted as an address
		{[]string{"--key-env", secret, op, addr}, "key"}, // a key pasted as a variable name
	} {
		r := runIn(t, dir, "", append([]string{"sp", "send"}, c.args...)...)
		expectCode(t, r, 2, c.want)
		if strings.Contains(r.stderr, secret) || strings.Contains(r.stdout, secret) {
			t.Fatalf("%v: the secret was echoed: %q", c.args, r.stderr)
		}
	}
	// Two opposite keys (1 and n−1) sum to zero: refused with BIP-352's
	// reason.
	os.WriteFile(filepath.Join(dir, "one.key"), []byte(strings.Repeat("0", 63)+"1\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "minus.key"), []byte("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140\n"), 0o600)
	r := runIn(t, dir, "", "sp", "send", "--key-file", "one.key", "--key-file", "minus.key", op, addr)
	expectCode(t, r, 2, "sum to zero")
	// A key from standard input when no key flag is given.
	r = runIn(t, dir, secret+"\n", "sp", "send", op, addr)
	if r.code != 0 || len(strings.TrimSpace(r.stdout)) != 64 {
		t.Fatalf("key from standard input: %d %q %q", r.code, r.stdout, r.stderr)
	}
}

// runInEnv is runIn with extra environment variables.
func runInEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	for _, e := range env {
		k, v, _ := strings.Cut(e, "=")
		t.Setenv(k, v)
	}
	return runIn(t, dir, "", args...)
}
