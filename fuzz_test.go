package p256k1

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// parseSeeds are encodings around the edges of what ParsePublicKey accepts.
func parseSeeds() [][]byte {
	gx, gy := b32(reference.G.X), b32(reference.G.Y)
	pb := b32(reference.P)
	x6, _ := refCbrt(big.NewInt(-6))
	xb := b32(x6)
	one := b32(big.NewInt(1))
	onePlusP := b32(new(big.Int).Add(reference.P, big.NewInt(1)))
	return [][]byte{
		nil,
		{0x00},
		withPrefix(2, gx[:]),
		withPrefix(3, gx[:]),
		withPrefix(4, gx[:], gy[:]),
		withPrefix(6, gx[:], gy[:]),
		withPrefix(7, gx[:], gy[:]),
		withPrefix(5, gx[:], gy[:]),
		withPrefix(2, pb[:]),
		withPrefix(4, xb[:], one[:]),
		withPrefix(7, xb[:], one[:]),
		withPrefix(4, xb[:], onePlusP[:]),
		withPrefix(4, gx[:]),
		withPrefix(2, gx[:], gy[:]),
		bytes.Repeat([]byte{0xff}, 65),
	}
}

// FuzzParsePublicKey checks ParsePublicKey against the math/big model of
// libsecp256k1's eckey_pubkey_parse: the same accept/reject decision, the
// same point (on the curve), and exact re-serialization (hybrid input as the
// 04 form). For 65-byte input whose x is on the curve it also tries the
// input with y replaced by the curve's y of parity b[64]&1, so that
// accepted uncompressed and hybrid encodings are exercised too.
func FuzzParsePublicKey(f *testing.F) {
	for _, s := range parseSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := bytes.Clone(b)
		k, ok := checkParse(t, b)
		if !bytes.Equal(in, b) {
			t.Fatal("ParsePublicKey modified its input")
		}
		if ok {
			if p := refOf(&k); !p.OnCurve() || p.Inf {
				t.Fatalf("ParsePublicKey(%x) accepted a point off the curve", b)
			}
		}
		if len(b) == 65 {
			x := new(big.Int).SetBytes(b[1:33])
			if x.Cmp(reference.P) < 0 {
				if y, ok := refLiftX(x); ok {
					if y.Bit(0) != uint(b[64]&1) {
						y.Sub(reference.P, y)
					}
					b2 := bytes.Clone(b)
					y.FillBytes(b2[33:])
					checkParse(t, b2)
				}
			}
		}
	})
}

// FuzzParseXOnlyPublicKey checks ParseXOnlyPublicKey against lift_x over
// math/big: accepted exactly when b is 32 bytes, x < p and x³ + 7 is a
// square; the key is the even-Y point and Bytes gives b back.
func FuzzParseXOnlyPublicKey(f *testing.F) {
	gx := b32(reference.G.X)
	pb := b32(reference.P)
	f.Add(gx[:])
	f.Add(pb[:])
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(gx[:31])
	f.Add(append(gx[:], 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := ParseXOnlyPublicKey(b)
		var y *big.Int
		ok := len(b) == 32
		var x *big.Int
		if ok {
			x = new(big.Int).SetBytes(b)
			ok = x.Cmp(reference.P) < 0
		}
		if ok {
			y, ok = refLiftX(x)
		}
		if !ok {
			if !errors.Is(err, ErrInvalidPublicKey) || k.IsValid() {
				t.Fatalf("ParseXOnlyPublicKey(%x) = %v; want ErrInvalidPublicKey", b, err)
			}
			return
		}
		if err != nil || !k.IsValid() {
			t.Fatalf("ParseXOnlyPublicKey(%x): %v; want a key", b, err)
		}
		if kb := k.Bytes(); !bytes.Equal(kb[:], b) {
			t.Fatalf("ParseXOnlyPublicKey(%x).Bytes() = %x", b, kb)
		}
		if y.Bit(0) == 1 {
			y.Sub(reference.P, y)
		}
		p := k.PublicKey()
		checkPub(t, "ParseXOnlyPublicKey().PublicKey()", &p, reference.Point{X: x, Y: y})
		if xo, par := p.XOnly(); par != 0 || !xo.Equal(&k) {
			t.Fatal("x-only key's PublicKey has odd Y or a different x")
		}
	})
}
