package secp256k1

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// FuzzRecoverPubkey: any message and signature bytes either fail with one
// of geth's errors or recover a key on the curve under which the
// signature, normalized to low S, verifies; RecoverPubkeyAppend and
// RecoverPubkeys agree with RecoverPubkey. Never a panic.
func FuzzRecoverPubkey(f *testing.F) {
	msg := bytes.Repeat([]byte{1}, 32)
	sig, _ := Sign(msg, bytes.Repeat([]byte{2}, 32))
	f.Add(msg, sig)
	f.Add(msg[:31], sig)
	f.Add(msg, sig[:64])
	f.Add(msg, append(bytes.Repeat([]byte{0xff}, 64), 1))
	f.Add(msg, make([]byte, 65))
	f.Fuzz(func(t *testing.T, msg, sig []byte) {
		pub, err := RecoverPubkey(msg, sig)
		app, aerr := RecoverPubkeyAppend([]byte{9}, msg, sig)
		many, errs := RecoverPubkeys([][]byte{msg}, [][]byte{sig})
		var merr error
		if errs != nil {
			merr = errs[0]
		}
		if err != aerr || err != merr {
			t.Fatalf("errors differ: %v, %v, %v", err, aerr, merr)
		}
		if err != nil {
			switch err {
			case ErrInvalidMsgLen, ErrInvalidSignatureLen, ErrInvalidRecoveryID, ErrRecoverFailed:
			default:
				t.Fatalf("unexpected error %v", err)
			}
			if pub != nil || app != nil || many[0] != nil {
				t.Fatal("a key with an error")
			}
			return
		}
		if !bytes.Equal(app[1:], pub) || app[0] != 9 || !bytes.Equal(many[0], pub) {
			t.Fatal("the forms disagree")
		}
		x, _ := S256().Unmarshal(pub)
		if x == nil {
			t.Fatal("recovered key off the curve")
		}
		low := bytes.Clone(sig[:64])
		s := new(big.Int).SetBytes(low[32:])
		if s.Cmp(new(big.Int).Rsh(reference.N, 1)) > 0 {
			s.Sub(reference.N, s).FillBytes(low[32:])
		}
		if !VerifySignature(pub, msg, low) {
			t.Fatal("recovered key does not verify the signature")
		}
	})
}

// FuzzVerifySignature: no panic, and a key that verifies in one encoding
// verifies in the others.
func FuzzVerifySignature(f *testing.F) {
	msg := bytes.Repeat([]byte{1}, 32)
	seckey := bytes.Repeat([]byte{2}, 32)
	sig, _ := Sign(msg, seckey)
	x, y := S256().ScalarBaseMult(seckey)
	f.Add(S256().Marshal(x, y), msg, sig[:64])
	f.Add(CompressPubkey(x, y), msg, sig[:64])
	f.Add([]byte{2}, msg, sig)
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		ok := VerifySignature(pub, msg, sig)
		if !ok {
			return
		}
		var x, y *big.Int
		if len(pub) == 33 {
			x, y = DecompressPubkey(pub)
		} else {
			x, y = new(big.Int).SetBytes(pub[1:33]), new(big.Int).SetBytes(pub[33:])
		}
		if x == nil || !VerifySignature(CompressPubkey(x, y), msg, sig) || !VerifySignature(S256().Marshal(x, y), msg, sig) {
			t.Fatal("verifies in one encoding only")
		}
	})
}

// FuzzDecompressPubkey: DecompressPubkey and Unmarshal accept only points on
// the curve, and CompressPubkey and Marshal give the input back.
func FuzzDecompressPubkey(f *testing.F) {
	x, y := S256().ScalarBaseMult([]byte{3})
	f.Add(CompressPubkey(x, y))
	f.Add(S256().Marshal(x, y))
	f.Add(make([]byte, 33))
	f.Fuzz(func(t *testing.T, b []byte) {
		if x, y := DecompressPubkey(b); x != nil {
			if !S256().IsOnCurve(x, y) || !bytes.Equal(CompressPubkey(x, y), b) {
				t.Fatal("DecompressPubkey round trip")
			}
		}
		if x, y := S256().Unmarshal(b); x != nil {
			if !S256().IsOnCurve(x, y) || !bytes.Equal(S256().Marshal(x, y), b) {
				t.Fatal("Unmarshal round trip")
			}
		}
	})
}

// FuzzCurve: Add, Double and ScalarMult against the math/big reference on
// multiples of G, and against each other (k·P + P = (k+1)·P).
func FuzzCurve(f *testing.F) {
	f.Add([]byte{1}, []byte{2})
	f.Add(bytes.Repeat([]byte{0xff}, 32), []byte{1})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if len(a) > 32 || len(b) > 32 {
			return
		}
		c := S256()
		ka, kb := new(big.Int).SetBytes(a), new(big.Int).SetBytes(b)
		ax, ay := c.ScalarBaseMult(a)
		if ka.Sign() == 0 || ka.Cmp(reference.N) >= 0 {
			if ax != nil {
				t.Fatal("invalid scalar accepted")
			}
			return
		}
		want := reference.ScalarBaseMult(ka)
		if ax.Cmp(want.X) != 0 || ay.Cmp(want.Y) != 0 {
			t.Fatal("ScalarBaseMult")
		}
		bx, by := c.ScalarMult(ax, ay, b)
		if kb.Sign() == 0 || kb.Cmp(reference.N) >= 0 {
			if bx != nil {
				t.Fatal("invalid scalar accepted")
			}
			return
		}
		w := reference.ScalarMult(kb, want)
		if bx.Cmp(w.X) != 0 || by.Cmp(w.Y) != 0 {
			t.Fatal("ScalarMult")
		}
		sx, sy := c.Add(ax, ay, bx, by)
		ws := reference.Add(want, w)
		if ws.Inf {
			if sx.Sign() != 0 || sy.Sign() != 0 {
				t.Fatal("Add to infinity")
			}
		} else if sx.Cmp(ws.X) != 0 || sy.Cmp(ws.Y) != 0 {
			t.Fatal("Add")
		}
	})
}
