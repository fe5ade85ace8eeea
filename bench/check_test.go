package bench

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestAgreement is the correctness check: every library gives the same
// public keys, ECDSA and BIP-340 signatures and ECDH secrets on the shared
// inputs, and every verifier accepts them and rejects corrupted ones.
// With the Rust harness built (cargo build --release --manifest-path
// rust/Cargo.toml) its check output is compared too.
func TestAgreement(t *testing.T) {
	for _, u := range UnavailableLibs() {
		t.Logf("left out: %s: %s", u.Name, u.Reason)
	}
	var extra Outputs
	bin := filepath.Join("rust", "target", "release", "p256k1-bench-rs")
	if _, err := os.Stat(bin); err == nil {
		out, err := exec.Command(bin, "check").Output()
		if err != nil {
			t.Fatalf("%s check: %v", bin, err)
		}
		if extra, err = ParseCheck(bytes.NewReader(out)); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Logf("Rust harness not built (%s): comparing the Go libraries only", bin)
	}
	problems, summary := Check(Libs(), extra)
	for _, s := range summary {
		t.Log(s)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestInputs pins the shared input definition that the Rust harness
// repeats.
func TestInputs(t *testing.T) {
	in := &Inputs[0]
	want := sha256.Sum256([]byte("p256k1 bench secret\x00"))
	if in.Secret != want {
		t.Fatalf("secret_0 = %x", in.Secret)
	}
	if m := sha256.Sum256([]byte("p256k1 bench message\x3f")); Inputs[63].Msg != m {
		t.Fatalf("msg_63 = %x", Inputs[63].Msg)
	}
	if a := sha256.Sum256([]byte("p256k1 bench aux\x05")); Inputs[5].Aux != a {
		t.Fatalf("aux_5 = %x", Inputs[5].Aux)
	}
	var p [33]byte
	if err := p256k1Lib.PubKey(&Inputs[0].Secret, &p); err != nil || Inputs[63].Peer != p {
		t.Fatalf("peer_63 = %x, want pubkey(secret_0) = %x", Inputs[63].Peer, p)
	}
	t.Logf("secret_0 = %s", hex.EncodeToString(in.Secret[:]))
}

// TestParseCheck checks the reader of the Rust harness's check output.
func TestParseCheck(t *testing.T) {
	o, err := ParseCheck(bytes.NewBufferString("k256 pubkey 3 02ab\nk256 ecdsa 0 00ff\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(o["k256"]["pubkey"][3], []byte{2, 0xab}) || !bytes.Equal(o["k256"]["ecdsa"][0], []byte{0, 0xff}) {
		t.Fatalf("got %v", o)
	}
	for _, bad := range []string{"k256 pubkey 64 00", "k256 pubkey x 00", "k256 pubkey 1 0g", "k256 pubkey 1"} {
		if _, err := ParseCheck(bytes.NewBufferString(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestCompareCatchesMismatch makes sure a wrong byte is reported.
func TestCompareCatchesMismatch(t *testing.T) {
	all, errs := ComputeOutputs(Libs()[:1])
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	bad := map[string][][]byte{}
	for op, v := range all["p256k1"] {
		bad[op] = append([][]byte(nil), v...)
	}
	bad["ecdsa"][7] = append([]byte(nil), bad["ecdsa"][7]...)
	bad["ecdsa"][7][10] ^= 1
	all["broken"] = bad
	mm, _ := Compare(all, "p256k1")
	if len(mm) != 1 {
		t.Fatalf("mismatches: %q", mm)
	}
}
