// Package gethapi holds the differential checks of go-ethereum's
// crypto/secp256k1 API, shared by the targets of compat/geth/secp256k1
// (against go-ethereum's cgo package) and compat/erigon (against
// github.com/erigontech/secp256k1, the same API): each target binds an API
// value to each library and calls these checks.
//
// Panics: geth's cgo functions panic on some input outside their contract
// (ScalarMult with a scalar over 32 bytes, for instance); every call runs
// under recover() in both libraries, and a panic in one but not the other
// is a difference.
package gethapi

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
)

// Curve is the BitCurve methods.
type Curve interface {
	IsOnCurve(x, y *big.Int) bool
	Add(x1, y1, x2, y2 *big.Int) (*big.Int, *big.Int)
	Double(x1, y1 *big.Int) (*big.Int, *big.Int)
	ScalarMult(bx, by *big.Int, k []byte) (*big.Int, *big.Int)
	ScalarBaseMult(k []byte) (*big.Int, *big.Int)
	Marshal(x, y *big.Int) []byte
	Unmarshal(data []byte) (x, y *big.Int)
}

// API is one library's functions.
type API struct {
	Name             string
	Sign             func(msg, seckey []byte) ([]byte, error)
	RecoverPubkey    func(msg, sig []byte) ([]byte, error)
	VerifySignature  func(pubkey, msg, sig []byte) bool
	DecompressPubkey func(pubkey []byte) (x, y *big.Int)
	CompressPubkey   func(x, y *big.Int) []byte
	S256             Curve
}

// call runs f under recover and returns its results as text, or the panic.
func call(f func() []any) (out string, panicked bool) {
	var r []any
	p, v := edge.Check(func() { r = f() })
	if p {
		return fmt.Sprint("panic: ", v), true
	}
	return fmt.Sprintf("%x", r), false
}

// Compare fails t if ours and theirs differ in results or in panicking.
func Compare(t *testing.T, in, what string, ours, theirs API, f func(a API) []any) {
	t.Helper()
	o, op := call(func() []any { return f(ours) })
	d, dp := call(func() []any { return f(theirs) })
	if op != dp || (!op && o != d) {
		t.Fatalf("DIFFERENCE %s: %s %s, %s %s\ninput: %s", what, ours.Name, o, theirs.Name, d, in)
	}
}

// SeedSign seeds (seckey, msg, sig, pubkey) inputs.
func SeedSign(f *testing.F, theirs API) {
	msg := bytes.Repeat([]byte{0x42}, 32)
	for _, k := range edge.Values() {
		sig, _ := theirs.Sign(msg, k[:])
		var pub []byte
		if sig != nil {
			pub, _ = theirs.RecoverPubkey(msg, sig)
		}
		f.Add(bytes.Clone(k[:]), msg, sig, pub)
		f.Add(bytes.Clone(k[:]), bytes.Clone(k[:]), sig, pub)
	}
	good := edge.Values()[1]
	for _, b := range edge.AllLengths() {
		f.Add(bytes.Clone(good[:]), b, b, b)
		f.Add(b, msg, append(bytes.Repeat([]byte{1}, 64), byte(len(b)%5)), b)
	}
}

// FuzzSign: Sign, RecoverPubkey of the signature (and of sig), and
// VerifySignature of its first 64 bytes (and of sig under pub).
func FuzzSign(t *testing.T, ours, theirs API, seckey, msg, sig, pub []byte) {
	in := fmt.Sprintf("seckey=%x msg=%x sig=%x pub=%x", seckey, msg, sig, pub)
	Compare(t, in, "Sign", ours, theirs, func(a API) []any { s, err := a.Sign(msg, seckey); return []any{s, edge.Err(err)} })
	s, err := theirs.Sign(msg, seckey)
	if err == nil && len(s) == 65 {
		Compare(t, in, "RecoverPubkey(Sign)", ours, theirs, func(a API) []any { p, err := a.RecoverPubkey(msg, s); return []any{p, edge.Err(err)} })
		p, _ := theirs.RecoverPubkey(msg, s)
		Compare(t, in, "VerifySignature(Sign)", ours, theirs, func(a API) []any { return []any{a.VerifySignature(p, msg, s[:64])} })
	}
	Compare(t, in, "RecoverPubkey", ours, theirs, func(a API) []any { p, err := a.RecoverPubkey(msg, sig); return []any{p, edge.Err(err)} })
	Compare(t, in, "VerifySignature", ours, theirs, func(a API) []any { return []any{a.VerifySignature(pub, msg, sig)} })
	if len(sig) >= 64 {
		Compare(t, in, "VerifySignature(sig[:64])", ours, theirs, func(a API) []any { return []any{a.VerifySignature(pub, msg, sig[:64])} })
	}
	Compare(t, in, "DecompressPubkey(pub)", ours, theirs, func(a API) []any { x, y := a.DecompressPubkey(pub); return []any{x, y} })
}

// SeedCurve seeds (x1, y1, x2, y2, k) inputs.
func SeedCurve(f *testing.F) {
	vals := edge.Values()
	gx, gy := edge.Bytes32(edge.Gx), edge.Bytes32(edge.Gy)
	for i, a := range vals {
		f.Add(gx[:], gy[:], bytes.Clone(a[:]), bytes.Clone(vals[(i*7)%len(vals)][:]), bytes.Clone(a[:]))
		f.Add(bytes.Clone(a[:]), gy[:], gx[:], gy[:], []byte{byte(i)})
	}
	for _, b := range edge.AllLengths() {
		f.Add(gx[:], gy[:], gx[:], gy[:], b)
	}
	f.Add([]byte{}, []byte{}, gx[:], gy[:], []byte{1})
}

// onCurve reports whether (x, y) is on secp256k1, 0 ≤ x, y < p.
func onCurve(x, y *big.Int) bool {
	if x.Sign() < 0 || y.Sign() < 0 || x.Cmp(edge.P) >= 0 || y.Cmp(edge.P) >= 0 {
		return false
	}
	l := new(big.Int).Mul(y, y)
	r := new(big.Int).Exp(x, big.NewInt(3), nil)
	r.Add(r, big.NewInt(7))
	return l.Sub(l, r).Mod(l, edge.P).Sign() == 0
}

// FuzzCurve: the BitCurve methods, DecompressPubkey of CompressPubkey. The
// points are (x1, y1), (x2, y2) and k1·G, k2·G for k1 = x1, k2 = x2.
// Documented differences of compat/geth/secp256k1 (its package comment),
// checked as documented instead of compared: ScalarMult and Unmarshal of a
// point that is not on the curve return nil, nil in ours (geth computes
// with it, or returns it).
func FuzzCurve(t *testing.T, ours, theirs API, x1b, y1b, x2b, y2b, k []byte) {
	in := fmt.Sprintf("x1=%x y1=%x x2=%x y2=%x k=%x", x1b, y1b, x2b, y2b, k)
	x1, y1 := new(big.Int).SetBytes(x1b), new(big.Int).SetBytes(y1b)
	x2, y2 := new(big.Int).SetBytes(x2b), new(big.Int).SetBytes(y2b)
	c := func(a API) Curve { return a.S256 }
	type pt struct{ x, y *big.Int }
	pts := []pt{{x1, y1}, {x2, y2}}
	for _, kb := range [][]byte{x1b, x2b} {
		if len(kb) <= 32 {
			if bx, by := theirs.S256.ScalarBaseMult(kb); bx != nil {
				pts = append(pts, pt{bx, by})
			}
		}
	}
	Compare(t, in, "ScalarBaseMult(k)", ours, theirs, func(a API) []any { x, y := c(a).ScalarBaseMult(k); return []any{x, y} })
	for i, p := range pts {
		w := fmt.Sprintf("point %d (%x, %x): ", i, p.x, p.y)
		Compare(t, in, w+"IsOnCurve", ours, theirs, func(a API) []any { return []any{c(a).IsOnCurve(p.x, p.y)} })
		Compare(t, in, w+"Marshal", ours, theirs, func(a API) []any { return []any{c(a).Marshal(p.x, p.y)} })
		m := theirs.S256.Marshal(p.x, p.y)
		// Marshal keeps the low 32 bytes of each coordinate: Unmarshal
		// sees the point m encodes, which may be on the curve even when
		// (x, y) is not.
		if len(m) == 65 && onCurve(new(big.Int).SetBytes(m[1:33]), new(big.Int).SetBytes(m[33:])) {
			Compare(t, in, w+"Unmarshal", ours, theirs, func(a API) []any { x, y := c(a).Unmarshal(m); return []any{x, y} })
		} else if x, y := ours.S256.Unmarshal(m); x != nil || y != nil {
			t.Fatalf("DIFFERENCE (documented behaviour) Unmarshal of a point off the curve: %s returns (%x, %x), not nil\ninput: %s", ours.Name, x, y, in)
		}
		on := onCurve(p.x, p.y)
		if on {
			Compare(t, in, w+"ScalarMult(k)", ours, theirs, func(a API) []any { x, y := c(a).ScalarMult(p.x, p.y, k); return []any{x, y} })
			Compare(t, in, w+"CompressPubkey", ours, theirs, func(a API) []any { return []any{a.CompressPubkey(p.x, p.y)} })
			cp := theirs.CompressPubkey(p.x, p.y)
			Compare(t, in, w+"DecompressPubkey", ours, theirs, func(a API) []any { x, y := a.DecompressPubkey(cp); return []any{x, y} })
		} else {
			if len(k) <= 32 {
				if x, y := ours.S256.ScalarMult(p.x, p.y, k); x != nil || y != nil {
					t.Fatalf("DIFFERENCE (documented behaviour) ScalarMult of a point off the curve: %s returns (%x, %x), not nil\ninput: %s", ours.Name, x, y, in)
				}
			}
		}
		Compare(t, in, w+"Double", ours, theirs, func(a API) []any { x, y := c(a).Double(p.x, p.y); return []any{x, y} })
		for j, q := range pts {
			Compare(t, in, fmt.Sprintf("%sAdd point %d", w, j), ours, theirs, func(a API) []any { x, y := c(a).Add(p.x, p.y, q.x, q.y); return []any{x, y} })
		}
	}
}
