package ecdsa

import (
	"errors"
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
)

func TestRecoverRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	iters := 200
	if testing.Short() {
		iters = 20
	}
	var seen [4]int
	for i := range iters {
		key, _ := randKey(t, rng)
		pub := key.PublicKey()
		hash := randHash(rng)
		rs, err := SignRecoverable(&key, &hash)
		if err != nil {
			t.Fatal(err)
		}
		seen[rs.RecoveryID()]++
		got, err := RecoverPublicKey(&hash, &rs)
		if err != nil || !got.Equal(&pub) {
			t.Fatalf("case %d: recovered key differs (%v)", i, err)
		}
		// Round trips through both encodings.
		c, id := rs.SerializeCompact()
		back, err := ParseRecoverable(&c, id)
		if err != nil || back != rs {
			t.Fatalf("case %d: compact round trip", i)
		}
		for _, comp := range []bool{false, true} {
			bc := rs.SerializeBitcoinCompact(comp)
			back, gotComp, err := ParseBitcoinCompact(&bc)
			if err != nil || back != rs || gotComp != comp {
				t.Fatalf("case %d: Bitcoin compact round trip (compressed %v)", i, comp)
			}
		}
		// The other parity recovers a different key; a high-S variant
		// with flipped parity recovers the same key.
		flip := RecoverableSignature{sig: rs.sig, recid: rs.recid ^ 1}
		if got, err := RecoverPublicKey(&hash, &flip); err == nil && got.Equal(&pub) {
			t.Fatalf("case %d: the wrong parity recovers the key", i)
		}
		flip.sig.s.Negate(&flip.sig.s)
		if got, err := RecoverPublicKey(&hash, &flip); err != nil || !got.Equal(&pub) {
			t.Fatalf("case %d: high-S with flipped parity does not recover the key", i)
		}
		// Against the reference: Q = r⁻¹(s·R − h·G).
		if i < 16 {
			r, s := bigOfScalar(&rs.sig.r), bigOfScalar(&rs.sig.s)
			R := reference.Point{X: new(big.Int).Set(r)}
			y := new(big.Int).Exp(r, big.NewInt(3), reference.P)
			y.Add(y, big.NewInt(7))
			y.ModSqrt(y.Mod(y, reference.P), reference.P)
			if y.Bit(0) != uint(rs.recid&1) {
				y.Sub(reference.P, y)
			}
			R.Y = y
			hh := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), refN)
			rinv := new(big.Int).ModInverse(r, refN)
			Q := reference.LinComb(new(big.Int).Mod(new(big.Int).Mul(rinv, s), refN), R,
				new(big.Int).Mod(new(big.Int).Mul(rinv, new(big.Int).Sub(refN, hh)), refN))
			if !Q.Equal(refPoint(t, &pub)) {
				t.Fatalf("case %d: reference recovery differs", i)
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("recovery ids 0 and 1 not both exercised: %v", seen)
	}
}

func TestRecoverFailures(t *testing.T) {
	key, _ := p256k1.NewPrivateKey(mustHex(t, "cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50"))
	hash := [32]byte{1, 2, 3}
	rs, _ := SignRecoverable(&key, &hash)

	// r with no curve point: find an x that is not on the curve.
	var offCurve *big.Int
	for x := int64(1); ; x++ {
		rhs := big.NewInt(x*x*x + 7)
		if new(big.Int).ModSqrt(rhs, reference.P) == nil {
			offCurve = big.NewInt(x)
			break
		}
	}
	cases := []struct {
		name string
		sig  RecoverableSignature
	}{
		{"zero", RecoverableSignature{}},
		{"r zero", RecoverableSignature{sig: Signature{s: rs.sig.s}, recid: rs.recid}},
		{"s zero", RecoverableSignature{sig: Signature{r: rs.sig.r}, recid: rs.recid}},
		{"x not on curve", RecoverableSignature{sig: sigOf(t, offCurve, big.NewInt(1))}},
		{"recid 2 with r + n ≥ p", RecoverableSignature{sig: rs.sig, recid: rs.recid | 2}},
		{"recid out of range", RecoverableSignature{sig: rs.sig, recid: 4}},
	}
	for _, c := range cases {
		got, err := RecoverPublicKey(&hash, &c.sig)
		if !errors.Is(err, ErrRecoveryFailed) || got.IsValid() {
			t.Errorf("%s: err %v, key valid %v", c.name, err, got.IsValid())
		}
	}
	if _, err := RecoverPublicKey(nil, &rs); !errors.Is(err, ErrRecoveryFailed) {
		t.Error("nil hash")
	}
	if _, err := RecoverPublicKey(&hash, nil); !errors.Is(err, ErrRecoveryFailed) {
		t.Error("nil signature")
	}

	// Infinity: s·R = h·G, that is h = s·k; with R = G (k = 1, r = x(G)),
	// s = h gives Q = r⁻¹(h·G − h·G) = ∞.
	g := reference.G
	r := new(big.Int).Set(g.X)
	s := big.NewInt(12345)
	var hh [32]byte
	s.FillBytes(hh[:])
	inf := RecoverableSignature{sig: sigOf(t, r, s), recid: byte(g.Y.Bit(0))}
	if _, err := RecoverPublicKey(&hh, &inf); !errors.Is(err, ErrRecoveryFailed) {
		t.Errorf("infinity: %v", err)
	}
}

func TestParseRecoverableErrors(t *testing.T) {
	var c [64]byte
	c[31], c[63] = 1, 1
	for _, id := range []int{-1, 4, 255, 1 << 20} {
		if _, err := ParseRecoverable(&c, id); !errors.Is(err, ErrInvalidRecoveryID) || !errors.Is(err, ErrInvalidSignature) {
			t.Errorf("recid %d: %v", id, err)
		}
	}
	for id := range 4 {
		rs, err := ParseRecoverable(&c, id)
		if err != nil || rs.RecoveryID() != id {
			t.Errorf("recid %d rejected", id)
		}
	}
	over := c
	copy(over[:32], mustHex(t, nHex))
	if _, err := ParseRecoverable(&over, 0); !errors.Is(err, ErrInvalidSignature) || errors.Is(err, ErrInvalidRecoveryID) {
		t.Errorf("r = n: %v", err)
	}
	if _, err := ParseRecoverable(nil, 0); !errors.Is(err, ErrInvalidSignature) {
		t.Errorf("nil: %v", err)
	}

	var b [65]byte
	b[32], b[64] = 1, 1
	for hdr := 0; hdr < 256; hdr++ {
		b[0] = byte(hdr)
		rs, comp, err := ParseBitcoinCompact(&b)
		valid := hdr >= 27 && hdr <= 42
		rs2, typ, err2 := ParseBIP137(&b)
		if rs2 != rs || (err == nil) != (err2 == nil) || (err == nil && typ != BitcoinAddressType((hdr-27)/4)) {
			t.Errorf("header %d: ParseBIP137 %v %v %v disagrees", hdr, rs2, typ, err2)
		}
		if (err == nil) != valid {
			t.Errorf("header %d: err %v", hdr, err)
			continue
		}
		if !valid {
			if !errors.Is(err, ErrInvalidRecoveryID) {
				t.Errorf("header %d: wrong error %v", hdr, err)
			}
			continue
		}
		if rs.RecoveryID() != (hdr-27)&3 || comp != (hdr >= 31) || typ.Compressed() != comp {
			t.Errorf("header %d: recid %d compressed %v", hdr, rs.RecoveryID(), comp)
		}
		if again := rs.SerializeBIP137(typ); again != b {
			t.Errorf("header %d: SerializeBIP137 gives header %d", hdr, again[0])
		}
	}
	b[0] = 27
	copy(b[33:], mustHex(t, nHex))
	if _, _, err := ParseBitcoinCompact(&b); !errors.Is(err, ErrInvalidSignature) {
		t.Errorf("s = n: %v", err)
	}
	if _, _, err := ParseBitcoinCompact(nil); !errors.Is(err, ErrInvalidSignature) {
		t.Errorf("nil: %v", err)
	}
}
