package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"strings"
	"testing"
)

// hdRun calls cmdHD directly (the command is wired into main.go's table
// separately), with run's mapping of errors to exit statuses.
func hdRun(stdin string, env map[string]string, args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut,
		getenv: func(k string) string { return env[k] }}
	err := cmdHD(c, args)
	code := exitOK
	var ee *exitError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
	case errors.As(err, &ee):
		errOut.WriteString(ee.msg)
		code = ee.code
	default:
		errOut.WriteString(err.Error())
		code = exitUsage
	}
	return out.String(), errOut.String(), code
}

const (
	hdSeed  = "000102030405060708090a0b0c0d0e0f"
	hdXprv  = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
	hdXpub  = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
	hdPath  = "m/0'/1/2'/2/1000000000"
	hdXprv5 = "xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76"
	hdXpub5 = "xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy"
)

func TestHDFromSeed(t *testing.T) {
	env := map[string]string{"SEED": hdSeed}
	out, errOut, code := hdRun("", env, "--seed-env", "SEED", "--path", hdPath, "--xprv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || lines[0] != hdXprv5 || lines[1] != hdXpub5 {
		t.Fatalf("output %q", out)
	}
	// Without --xprv no secret is printed.
	out, _, code = hdRun("", env, "--seed-env", "SEED", "--path", hdPath)
	if code != 0 || strings.Contains(out, "xprv") || !strings.HasPrefix(out, hdXpub5) {
		t.Fatalf("output %q", out)
	}
	// Seed on standard input, JSON.
	out, errOut, code = hdRun(hdSeed+"\n", nil, "--path", "m/0h/1", "--json")
	if code != 0 {
		t.Fatal(errOut)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatal(err)
	}
	if obj["xpub"] != "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ" ||
		obj["path"] != "m/0'/1" || obj["depth"] != float64(2) || obj["xprv"] != nil || obj["fingerprint"] != "bef5a2f9" || obj["parent_fingerprint"] != "5c1bd648" {
		t.Fatalf("json %v", obj)
	}
	// Testnet.
	out, _, _ = hdRun("", env, "--seed-env", "SEED", "--network", "testnet")
	if !strings.HasPrefix(out, "tpub") {
		t.Fatal(out)
	}
}

func TestHDFromKeys(t *testing.T) {
	// An xprv from a file, relative path after two steps from the master.
	f := writeFile(t, "k", hdXprv+"\n")
	out, errOut, code := hdRun("", nil, "--key-file", f, "--path", "0'/1/2'/2/1000000000")
	if code != 0 || !strings.HasPrefix(out, hdXpub5) {
		t.Fatalf("exit %d %q %s", code, out, errOut)
	}
	// xprv on standard input.
	out, _, code = hdRun(hdXprv, nil, "--path", hdPath, "--xprv")
	if code != 0 || !strings.HasPrefix(out, hdXprv5) {
		t.Fatalf("%q", out)
	}
	// An xpub as an argument: public derivation.
	out, errOut, code = hdRun("", nil, hdXpub, "--path", "m/0/1")
	if code != 0 || strings.Count(out, "\n") != 4 {
		t.Fatalf("exit %d %q %s", code, out, errOut)
	}
	out2, _, _ := hdRun("", map[string]string{"K": hdXprv}, "--key-env", "K", "--path", "m/0/1")
	if out != out2 {
		t.Fatalf("xpub and xprv derivations differ: %q %q", out, out2)
	}
	// Pubkey and fingerprint of the master (BIP-32 vector 1: 3442193e).
	out, _, _ = hdRun("", nil, hdXpub)
	want := hdXpub + "\n0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2\n39a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2\n3442193e\n"
	if out != want {
		t.Fatalf("%q", out)
	}
}

func TestHDErrors(t *testing.T) {
	env := map[string]string{"SEED": hdSeed, "SHORT": "0011", "K": hdXprv}
	for _, tc := range []struct {
		stdin string
		args  []string
		has   string
	}{
		{"", []string{hdXprv}, "private key"},
		{"", []string{hdXpub, "--path", "m/0'"}, "hardened"},
		{"", []string{hdXpub, "--xprv"}, "public"},
		{"", []string{"--seed-env", "SHORT"}, "16 to 64 bytes"},
		{"", []string{"--seed-env", "NOPE"}, "empty or not set"},
		{"", []string{"--seed-env", "SEED", "--path", "m/x"}, `element 1 "x"`},
		{"", []string{"--seed-env", "SEED", "--key-env", "K"}, "give one of"},
		{"", []string{"--seed-env", "SEED", "--network", "regtest"}, "network"},
		{"", []string{"--key-env", "K", "--path", "m/0", "extra"}, "give one of"},
		{"", []string{"--key-env", "SEED"}, "not an extended key"},
		{"", []string{"--key-env", "K", "--path", "0"}, ""}, // relative: fine
		{"zz", nil, "not an extended key"},
	} {
		out, errOut, code := hdRun(tc.stdin, env, tc.args...)
		if tc.has == "" {
			if code != 0 {
				t.Errorf("%q: exit %d %s", tc.args, code, errOut)
			}
			continue
		}
		if code != exitUsage || !strings.Contains(errOut, tc.has) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.has)
		}
		// No secret in any message.
		for _, s := range []string{hdSeed, hdXprv} {
			if strings.Contains(errOut, s) || strings.Contains(out, s) {
				t.Errorf("%q: secret in output", tc.args)
			}
		}
	}
	// --help prints an example.
	out, _, code := hdRun("", nil, "--help")
	if code != 0 || !strings.Contains(out, "example:") || !strings.Contains(out, "p256k1 hd --seed-file") {
		t.Errorf("help: %d %q", code, out)
	}
}
