package crossgroup

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// TestProveKnownAnswer pins the proofs Prove makes for fixed secrets and
// seeds (their SHA-256). The values were recorded with the first
// implementation (one bit at a time, ecmultconst and edwards25519's
// multiplications); every later change to the arithmetic must give the same
// bytes, which checks it against that implementation end to end.
func TestProveKnownAnswer(t *testing.T) {
	one := [32]byte{0: 1}
	var max [32]byte
	for i := range max {
		max[i] = 0xff
	}
	max[31] = 0x0f
	x, _ := GenerateSecret(newDet(7))
	for _, c := range []struct {
		x    [32]byte
		seed uint64
		want string
	}{
		{x, 8, "aa3496f9fd993831bc672dcaaa13a8a9ee0943b859face235a40c4d232205b47"},
		{one, 9, "133ab83d58fede0d33a7c96a6c45ae0d1775b769c6dd9320b19b77603bf871ac"},
		{max, 10, "d93ec5d7f27596ab2301054b5f9f0ae72f25ad805696c589edf66ef3b1aa7621"},
	} {
		for _, w := range []int{1, 3} {
			p, err := Prove(&c.x, &Options{Workers: w, Rand: newDet(c.seed)})
			if err != nil {
				t.Fatal(err)
			}
			h := sha256.Sum256(p.Bytes())
			if got := hex.EncodeToString(h[:]); got != c.want {
				t.Errorf("x=%x seed %d workers %d: proof hash %s, want %s", c.x, c.seed, w, got, c.want)
			}
		}
	}
}
