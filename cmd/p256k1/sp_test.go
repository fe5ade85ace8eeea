package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

// vectorVin is an input of a case of BIP-352's vectors.
type vectorVin struct {
	TxID      string `json:"txid"`
	Vout      uint32 `json:"vout"`
	ScriptSig string `json:"scriptSig"`
	Witness   string `json:"txinwitness"`
	Prevout   struct {
		ScriptPubKey struct {
			Hex string `json:"hex"`
		} `json:"scriptPubKey"`
	} `json:"prevout"`
}

// spCase is the part of a BIP-352 receiving vector the command needs.
type spCase struct {
	Comment   string
	Receiving []struct {
		Given struct {
			Vin         []vectorVin `json:"vin"`
			Outputs     []string    `json:"outputs"`
			KeyMaterial struct {
				Spend string `json:"spend_priv_key"`
				Scan  string `json:"scan_priv_key"`
			} `json:"key_material"`
			Labels []uint32 `json:"labels"`
		} `json:"given"`
		Expected struct {
			Addresses []string `json:"addresses"`
			Outputs   []struct {
				Tweak  string `json:"priv_key_tweak"`
				PubKey string `json:"pub_key"`
			} `json:"outputs"`
			NOutputs *int    `json:"n_outputs"`
			Tweak    *string `json:"tweak"`
		} `json:"expected"`
	} `json:"receiving"`
}

// runCLI runs the command in-process.
func runCLI(stdin string, env map[string]string, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	c := run(args, strings.NewReader(stdin), &o, &e)
	_ = env
	return c, o.String(), e.String()
}

// spVectorLine is a receiving case of BIP-352's vectors (case ci, its
// outputs and inputs) as a transaction line of sp scan and sp tweaks.
func spVectorLine(ci int, outputs []string, vin []vectorVin) string {
	type line struct {
		TxID      string `json:"txid"`
		Vout      uint32 `json:"vout"`
		ScriptSig string `json:"scriptSig"`
		Witness   string `json:"txinwitness"`
		Prevout   string `json:"prevout"`
	}
	var vins []line
	for _, v := range vin {
		vins = append(vins, line{v.TxID, v.Vout, v.ScriptSig, v.Witness, v.Prevout.ScriptPubKey.Hex})
	}
	b, _ := json.Marshal(map[string]any{"txid": fmt.Sprintf("%064x", ci), "outputs": outputs, "vin": vins})
	return string(b)
}

// spCases reads BIP-352's vectors (the receiving cases' part).
func spCases(t *testing.T) []spCase {
	t.Helper()
	raw, err := os.ReadFile("../../silentpayments/testdata/send_and_receive_test_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []spCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// tweakOrDash is a receiving case's expected tweak data as sp tweaks
// prints it: hex, or "-" for none.
func tweakOrDash(tweak *string) string {
	if tweak == nil {
		return "-"
	}
	return *tweak
}

// TestSPVectors runs "sp address", "sp tweaks" and "sp scan" over every
// receiving case of BIP-352's vectors, one transaction file per case.
func TestSPVectors(t *testing.T) {
	cases := spCases(t)
	dir := t.TempDir()
	checked := 0
	for ci, c := range cases {
		for _, r := range c.Receiving {
			g, e := r.Given, r.Expected
			keyFile := filepath.Join(dir, fmt.Sprintf("scan%d.key", ci))
			if err := os.WriteFile(keyFile, []byte(g.KeyMaterial.Scan+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			sk, _ := hex.DecodeString(g.KeyMaterial.Spend)
			spendKey, err := p256k1.NewPrivateKey(sk)
			if err != nil {
				t.Fatal(err)
			}
			spendPub := spendKey.PublicKey()
			sp := spendPub.SerializeCompressed()
			keyArgs := []string{"--key-file", keyFile, "--spend-pub", hex.EncodeToString(sp[:])}
			for _, m := range g.Labels {
				keyArgs = append(keyArgs, "--label", fmt.Sprint(m))
			}

			code, out, errOut := runCLI("", nil, append([]string{"sp", "address"}, keyArgs...)...)
			if code != 0 || !slices.Equal(strings.Fields(out), e.Addresses) {
				t.Fatalf("case %d (%s): sp address: exit %d, %q, %s", ci, c.Comment, code, out, errOut)
			}

			txFile := filepath.Join(dir, fmt.Sprintf("tx%d.jsonl", ci))
			if err := os.WriteFile(txFile, []byte(spVectorLine(ci, g.Outputs, g.Vin)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}

			code, out, errOut = runCLI("", nil, "sp", "tweaks", txFile)
			want := tweakOrDash(e.Tweak)
			if code != 0 || strings.TrimSpace(out) != want {
				t.Fatalf("case %d (%s): sp tweaks: exit %d, %q (want %s), %s", ci, c.Comment, code, out, want, errOut)
			}

			code, out, errOut = runCLI("", nil, append(append([]string{"sp", "scan", "--json"}, keyArgs...), txFile)...)
			if code != 0 {
				t.Fatalf("case %d (%s): sp scan: exit %d, %s", ci, c.Comment, code, errOut)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				if l == "" {
					continue
				}
				var m map[string]any
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatalf("case %d: sp scan wrote %q", ci, l)
				}
				got = append(got, m["output"].(string)+" "+m["tweak"].(string))
			}
			if e.NOutputs != nil {
				if len(got) != *e.NOutputs {
					t.Fatalf("case %d (%s): sp scan found %d, want %d", ci, c.Comment, len(got), *e.NOutputs)
				}
				checked++
				continue
			}
			var wantOut []string
			for _, o := range e.Outputs {
				wantOut = append(wantOut, o.PubKey+" "+o.Tweak)
			}
			slices.Sort(got)
			slices.Sort(wantOut)
			if !slices.Equal(got, wantOut) {
				t.Fatalf("case %d (%s): sp scan found %v, want %v", ci, c.Comment, got, wantOut)
			}
			checked++
		}
	}
	if checked != 29 { // 28 cases, one with two receivers
		t.Fatalf("%d receivers checked, want 29", checked)
	}
}

func TestSPErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sp"}, "missing subcommand"},
		{[]string{"sp", "bogus"}, "unknown subcommand"},
		{[]string{"sp", "address", "--key-env", "NOPE_NOT_SET"}, "spend-pub: required"},
		{[]string{"sp", "address", "--spend-pub", "02", "--key-env", "X"}, "spend-pub"},
		{[]string{"sp", "address", "--label", "-1"}, "label"},
		{[]string{"sp", "tweaks"}, "want one FILE"},
		{[]string{"sp", "tweaks", "/nonexistent/file"}, "cannot read"},
	} {
		code, out, errOut := runCLI("", nil, tc.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
	// A line longer than the limit is an error naming the line, not a
	// memory blow-up.
	long := "{\"txid\":\"" + strings.Repeat("a", maxSPLine) + "\"}\n"
	code, _, errOut := runCLI(long, nil, "sp", "tweaks", "-")
	if code != exitUsage || !strings.Contains(errOut, "longer than") {
		t.Errorf("long line: exit %d, %q", code, errOut)
	}
}

// TestHelpOnce: --help prints the help exactly once on standard output and
// exits 0; an unknown flag prints one error line (with the usage line) on
// standard error and nothing on standard output, exit 2 — for every
// command.
func TestHelpOnce(t *testing.T) {
	for _, cmd := range commands {
		args := []string{cmd.name}
		switch cmd.name {
		case "sp":
			args = append(args, "address")
		case "musig":
			args = append(args, "aggregate")
		}
		code, out, errOut := runCLI("", nil, append(args, "--help")...)
		if code != 0 || strings.Count(out, "usage: p256k1") != 1 || errOut != "" {
			t.Errorf("%v --help: exit %d, %d usage lines on stdout, stderr %q", args, code, strings.Count(out, "usage: p256k1"), errOut)
		}
		code, out, errOut = runCLI("", nil, append(args, "--bogus-flag")...)
		if code != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "-bogus-flag") {
			t.Errorf("%v --bogus-flag: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
