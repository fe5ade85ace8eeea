package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The musig subcommand, called directly (cmdMusig).

// BIP-327 key_agg_vectors.json: keys 0, 1, 2 and their aggregate in this
// order and reversed.
var (
	musigK0 = "02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9"
	musigK1 = "03DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659"
	musigK2 = "023590A94E768F8E1815C2F24B4D80A8E3149316C3518CE7B7AD338368D038CA66"
)

func runMusig(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	err := cmdMusig(c, args)
	return out.String(), errOut.String(), err
}

func TestMusigAggregateVectors(t *testing.T) {
	out, _, err := runMusig(t, "aggregate", musigK0, musigK1, musigK2)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(out)
	if len(lines) != 2 || lines[0] != "90539eede565f5d054f32cc0c220126889ed1e5d193baf15aef344fe59d4610c" || len(lines[1]) != 66 || lines[1][2:] != lines[0] {
		t.Fatalf("output %q", out)
	}
	out, _, _ = runMusig(t, "aggregate", musigK2, musigK1, musigK0)
	if !strings.HasPrefix(out, "6204de8b083426dc6eaf9502d27024d53fc826bf7d2012148a0575435df54b2b\n") {
		t.Fatalf("reversed: %q", out)
	}
	// --sort: the same key in either order.
	a, _, _ := runMusig(t, "aggregate", "--sort", musigK0, musigK1, musigK2)
	b, _, _ := runMusig(t, "aggregate", musigK2, musigK1, "--sort", musigK0)
	if a != b || a == "" {
		t.Fatalf("sorted outputs differ: %q %q", a, b)
	}
}

func TestMusigAggregateFileJSONTweaks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "keys.txt")
	os.WriteFile(path, []byte("# signers\n"+musigK0+"\n\n  "+strings.ToLower(musigK1)+"  \n"+musigK2+"\n"), 0o600)
	tw1 := strings.Repeat("11", 32)
	tw2 := strings.Repeat("22", 32)
	out, _, err := runMusig(t, "aggregate", "--file", path, "--json", "--xonly-tweak", tw1, "--tweak", tw2)
	if err != nil {
		t.Fatal(err)
	}
	var obj struct {
		XOnly, Pubkey     string
		Chaincode         string `json:"bip328_chaincode"`
		Keys              []string
		N, Tweaks, Parity int
	}
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatal(err)
	}
	if obj.N != 3 || obj.Tweaks != 2 || len(obj.Keys) != 3 || obj.Keys[1] != strings.ToLower(musigK1) || obj.Pubkey[2:] != obj.XOnly || obj.Chaincode != bip328ChainCode {
		t.Fatalf("%+v", obj)
	}
	// The order of tweaks across the two flags matters.
	out2, _, _ := runMusig(t, "aggregate", "--file", path, "--json", "--tweak", tw2, "--xonly-tweak", tw1)
	if out2 == out {
		t.Fatal("tweak order ignored")
	}
	// Without tweaks the key differs (the tweak arithmetic itself is checked
	// against BIP-327's vectors in musig2).
	plain, _, _ := runMusig(t, "aggregate", "--file", path)
	if strings.Fields(plain)[0] == obj.XOnly {
		t.Fatal("tweaks not applied")
	}
}

func TestMusigAggregateErrors(t *testing.T) {
	bad := "020000000000000000000000000000000000000000000000000000000000000005"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"aggregate"}, "none given"},
		{[]string{"aggregate", musigK0, bad}, "key 2: not a valid"},
		{[]string{"aggregate", musigK0, "02ab"}, "key 2: 2 bytes"},
		{[]string{"aggregate", musigK0, "--tweak", strings.Repeat("ff", 32)}, "tweak (tweak 1)"},
		{[]string{"aggregate", musigK0, "--xonly-tweak", "00"}, "xonly-tweak (tweak 1): 1 bytes"},
		{[]string{"aggregate", "--file", "/nonexistent/keys", musigK0}, "not both"},
		{[]string{"frobnicate"}, "unknown subcommand"},
	} {
		_, _, err := runMusig(t, c.args...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitUsage || !strings.Contains(ee.msg, c.want) {
			t.Errorf("%v: error %v, want usage error containing %q", c.args, err, c.want)
		}
	}
}

func TestMusigHelp(t *testing.T) {
	out, _, err := runMusig(t, "aggregate", "--help")
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(out, "example:") || !strings.Contains(out, "--xonly-tweak") {
		t.Fatalf("%v %q", err, out)
	}
	out, _, err = runMusig(t, "--help")
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(out, "aggregate") {
		t.Fatalf("%v %q", err, out)
	}
	_, errOut, err := runMusig(t)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitUsage || !strings.Contains(errOut, "aggregate") {
		t.Fatalf("%v %q", err, errOut)
	}
}
