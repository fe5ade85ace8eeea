package ecdsacore

import (
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The signing core is tested thoroughly through package ecdsa (vectors,
// math/big model, recovery); these are its own known answers.

func scalarHex(t *testing.T, s string) scalar.Scalar {
	t.Helper()
	var b [32]byte
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		t.Fatal("bad hex")
	}
	x.FillBytes(b[:])
	var v scalar.Scalar
	if v.SetBytes(&b) != 0 {
		t.Fatal("overflow")
	}
	return v
}

func TestSignKnownAnswer(t *testing.T) {
	d := scalarHex(t, "1")
	hash := sha256.Sum256([]byte("Satoshi Nakamoto"))
	var r, s scalar.Scalar
	recid := Sign(&r, &s, &d, &hash, nil)
	var out [MaxDERLen]byte
	n := SerializeDER(&out, &r, &s)
	want := "3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d802202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"
	if hex.EncodeToString(out[:n]) != want {
		t.Fatalf("DER %x", out[:n])
	}
	// recid: parity of R = k·G, flipped if s was negated.
	k, _ := new(big.Int).SetString("8f8a276c19f4149656b280621e358cce24f5f52542772691ee69063b74f15d15", 16)
	R := reference.ScalarBaseMult(k)
	var rb [32]byte
	r.Bytes(&rb)
	if new(big.Int).SetBytes(rb[:]).Cmp(R.X) != 0 {
		t.Fatal("r is not x(k·G)")
	}
	// Recompute s before normalization to learn whether it was negated.
	hm := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), reference.N)
	raw := new(big.Int).Add(hm, R.X) // d = 1
	raw.Mul(raw, new(big.Int).ModInverse(k, reference.N))
	raw.Mod(raw, reference.N)
	wantRecid := int(R.Y.Bit(0))
	if raw.Cmp(new(big.Int).Rsh(reference.N, 1)) > 0 {
		wantRecid ^= 1
	}
	if recid != wantRecid {
		t.Fatalf("recid %d, want %d", recid, wantRecid)
	}
}

func TestSerializeDEREdges(t *testing.T) {
	for _, c := range []struct{ r, s, want string }{
		{"0", "0", "3006020100020100"},
		{"1", "7f", "300602010102017f"},
		{"80", "ff", "3008020200800202" + "00ff"},
		{"100", "8000", "30090202010002030080" + "00"},
	} {
		r, s := scalarHex(t, c.r), scalarHex(t, c.s)
		var out [MaxDERLen]byte
		n := SerializeDER(&out, &r, &s)
		if got := hex.EncodeToString(out[:n]); got != c.want {
			t.Errorf("(%s, %s): %s, want %s", c.r, c.s, got, c.want)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	d := scalarHex(t, "12345")
	var hash, extra [32]byte
	var r, s scalar.Scalar
	var out [MaxDERLen]byte
	if a := testing.AllocsPerRun(20, func() {
		hash[0]++
		Sign(&r, &s, &d, &hash, nil)
		Sign(&r, &s, &d, &hash, &extra)
		SerializeDER(&out, &r, &s)
	}); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}
