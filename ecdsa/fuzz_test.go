package ecdsa

import (
	"crypto/sha256"
	"encoding/csv"
	"errors"
	"math/big"
	"os"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
)

// vectorDERs returns the DER signatures of the test vectors, as fuzz seeds.
func vectorDERs(f *testing.F) [][]byte {
	fh, err := os.Open(vectorFile)
	if err != nil {
		f.Fatal(err)
	}
	defer fh.Close()
	rows, err := csv.NewReader(fh).ReadAll()
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for _, row := range rows[1:] {
		out = append(out, mustHex(f, row[6]))
	}
	return out
}

var derSeeds = []string{
	"3006020101020101",
	"3006020180020101",
	"300602010002010000",
	"3008020101020101 0500",
	"3080020101020101",
	"30810602010102 0101",
	"3007 02810101 020101",
	"3084ffffffff020101020102",
	"3009 0204 00000001 020102",
	"3010 0288 0100000000000000 020101",
	"30ff020101020102",
}

func FuzzParseDER(f *testing.F) {
	for _, s := range derSeeds {
		f.Add(h(s))
	}
	for _, d := range vectorDERs(f) {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Compares with encoding/asn1, checks the round trip and the lax
		// parser's agreement.
		checkStrictAgainstOracle(t, b)
		checkBIP66(t, b)
	})
}

func FuzzParseDERLax(f *testing.F) {
	for _, s := range derSeeds {
		f.Add(h(s))
	}
	for _, d := range vectorDERs(f) {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sig, err := ParseDERLax(b)
		if err != nil {
			if !errors.Is(err, ErrInvalidSignature) || sig != (Signature{}) {
				t.Fatalf("ParseDERLax(%x): bad failure result", b)
			}
			// Whatever the strict parser accepts, the lax one does too.
			if _, serr := ParseDER(b); serr == nil {
				t.Fatalf("ParseDERLax(%x) rejects what ParseDER accepts", b)
			}
			return
		}
		if sig.r.IsZero()|sig.s.IsZero() != 0 {
			// A zero component (kept as libsecp256k1 does) has no strict
			// encoding; it never verifies.
			return
		}
		// The result re-encodes strictly and parses back to itself.
		var buf [MaxDERSize]byte
		der := sig.SerializeDER(&buf)
		if back, err := ParseDER(der); err != nil || back != sig {
			t.Fatalf("ParseDERLax(%x): strict re-encoding %x does not round-trip", b, der)
		}
		if back, err := ParseDERLax(der); err != nil || back != sig {
			t.Fatalf("ParseDERLax(%x): lax re-parse differs", b)
		}
		c := sig.SerializeCompact()
		if back, err := ParseCompact(&c); err != nil || back != sig {
			t.Fatalf("ParseDERLax(%x): compact round trip", b)
		}
		// Where the strict parser gives in-range values, both agree.
		if r, s, ok := asn1Oracle(b); ok && inScalarRange(r) && inScalarRange(s) {
			if strict, err := ParseDER(b); err != nil || strict != sig {
				t.Fatalf("ParseDERLax(%x) differs from ParseDER", b)
			}
		}
	})
}

func FuzzParseCompact(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(append(mustHex(f, nHex), mustHex(f, nm1Hex)...))
	f.Add(append(mustHex(f, nm1Hex), mustHex(f, nHex)...))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 64 {
			return
		}
		sig, err := ParseCompact((*[64]byte)(b))
		r := new(big.Int).SetBytes(b[:32])
		s := new(big.Int).SetBytes(b[32:])
		valid := inScalarRange(r) && inScalarRange(s)
		if (err == nil) != valid {
			t.Fatalf("ParseCompact(%x): err %v, want valid %v", b, err, valid)
		}
		if !valid {
			return
		}
		if c := sig.SerializeCompact(); string(c[:]) != string(b) {
			t.Fatalf("ParseCompact(%x) does not round-trip", b)
		}
		for id := range 4 {
			rs, err := ParseRecoverable((*[64]byte)(b), id)
			if err != nil || rs.Signature() != sig {
				t.Fatalf("ParseRecoverable(%x, %d)", b, id)
			}
		}
		n := sig
		high := n.NormalizeS()
		if high != (s.Cmp(refHalfN) > 0) || !n.IsLowS() {
			t.Fatalf("NormalizeS(%x)", b)
		}
	})
}

// fuzzKey returns the public key for key material: a 33- or 65-byte input
// is parsed as an encoding; anything else is hashed into a private key.
func fuzzKey(kb []byte) (p256k1.PublicKey, *p256k1.PrivateKey, bool) {
	if len(kb) == 33 || len(kb) == 65 {
		pub, err := p256k1.ParsePublicKey(kb)
		return pub, nil, err == nil
	}
	d := sha256.Sum256(kb)
	k, err := p256k1.NewPrivateKey(d[:])
	if err != nil {
		return p256k1.PublicKey{}, nil, false
	}
	return k.PublicKey(), &k, true
}

// FuzzVerify verifies fuzzer-chosen signatures, and signatures made with a
// fuzzer-chosen key and then corrupted, against the math/big model.
func FuzzVerify(f *testing.F) {
	f.Add([]byte("key"), []byte("hash"), []byte{}, uint16(0xffff))
	f.Add([]byte("key"), []byte("hash"), []byte{}, uint16(3))
	f.Add([]byte("key"), []byte("hash"), []byte{}, uint16(300))
	f.Add(mustHex(f, "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"), []byte{1}, h("3006020101020101"), uint16(0))
	for _, d := range vectorDERs(f) {
		f.Add([]byte("x"), []byte{}, d, uint16(0))
	}
	f.Fuzz(func(t *testing.T, kb, hb, sb []byte, mutate uint16) {
		pub, priv, ok := fuzzKey(kb)
		var hash [32]byte
		copy(hash[:], hb)
		var sig Signature
		switch {
		case len(sb) == 0 && priv != nil:
			// Sign, then flip bit mutate (0xffff: none) of r ‖ s.
			var err error
			if sig, err = Sign(priv, &hash); err != nil {
				t.Fatal(err)
			}
			if !Verify(&pub, &hash, &sig) {
				t.Fatal("fresh signature does not verify")
			}
			if mutate == 0xffff {
				return
			}
			c := sig.SerializeCompact()
			c[int(mutate)%512/8] ^= 1 << (mutate % 8)
			if sig, err = ParseCompact(&c); err != nil {
				return
			}
		case len(sb) == 64:
			var err error
			if sig, err = ParseCompact((*[64]byte)(sb)); err != nil {
				return
			}
		default:
			var err error
			if sig, err = ParseDERLax(sb); err != nil {
				return
			}
			if VerifyDER(&pub, &hash, sb) {
				if strict, err := ParseDER(sb); err != nil || !Verify(&pub, &hash, &strict) {
					t.Fatal("VerifyDER disagrees with ParseDER + Verify")
				}
			}
		}
		got := Verify(&pub, &hash, &sig)
		if !ok {
			if got {
				t.Fatal("verified under an invalid key")
			}
			return
		}
		want := refVerify(refPoint(t, &pub), hash, bigOfScalar(&sig.r), bigOfScalar(&sig.s))
		if got != want {
			t.Fatalf("Verify = %v, reference %v", got, want)
		}
	})
}

// refRecover is libsecp256k1's recovery over math/big.
func refRecover(hash [32]byte, r, s *big.Int, recid int) (reference.Point, bool) {
	if r.Sign() == 0 || s.Sign() == 0 {
		return reference.Point{}, false
	}
	x := new(big.Int).Set(r)
	if recid&2 != 0 {
		x.Add(x, refN)
		if x.Cmp(reference.P) >= 0 {
			return reference.Point{}, false
		}
	}
	y := new(big.Int).Exp(x, big.NewInt(3), reference.P)
	y.Add(y, big.NewInt(7))
	y.Mod(y, reference.P)
	if y.ModSqrt(y, reference.P) == nil {
		return reference.Point{}, false
	}
	if y.Bit(0) != uint(recid&1) {
		y.Sub(reference.P, y)
		y.Mod(y, reference.P)
	}
	R := reference.Point{X: x, Y: y}
	m := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), refN)
	rinv := new(big.Int).ModInverse(r, refN)
	u1 := new(big.Int).Mul(rinv, new(big.Int).Sub(refN, m))
	u2 := new(big.Int).Mul(rinv, s)
	Q := reference.LinComb(u2.Mod(u2, refN), R, u1.Mod(u1, refN))
	return Q, !Q.Inf
}

func FuzzRecover(f *testing.F) {
	key, _ := p256k1.NewPrivateKey(mustHex(f, "cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50"))
	for i := range 4 {
		hash := [32]byte{byte(i)}
		rs, _ := SignRecoverable(&key, &hash)
		c, id := rs.SerializeCompact()
		f.Add(hash[:], c[:], byte(id))
		f.Add(hash[:], c[:], byte(id^1))
		f.Add(hash[:], c[:], byte(id|2))
	}
	f.Add(make([]byte, 32), make([]byte, 64), byte(0))
	f.Fuzz(func(t *testing.T, hb, sb []byte, id byte) {
		if len(sb) != 64 {
			return
		}
		var hash [32]byte
		copy(hash[:], hb)
		rs, err := ParseRecoverable((*[64]byte)(sb), int(id))
		if err != nil {
			if id <= 3 && !errors.Is(err, ErrInvalidSignature) {
				t.Fatal(err)
			}
			return
		}
		pub, err := RecoverPublicKey(&hash, &rs)
		want, ok := refRecover(hash, bigOfScalar(&rs.sig.r), bigOfScalar(&rs.sig.s), int(id))
		if (err == nil) != ok {
			t.Fatalf("RecoverPublicKey err %v, reference ok %v", err, ok)
		}
		if !ok {
			if pub.IsValid() {
				t.Fatal("failed recovery returned a key")
			}
			return
		}
		if !refPoint(t, &pub).Equal(want) {
			t.Fatal("recovered key differs from the reference")
		}
		// The recovered key verifies the (normalized) signature.
		sig := rs.Signature()
		sig.NormalizeS()
		if !Verify(&pub, &hash, &sig) {
			t.Fatal("recovered key does not verify the signature")
		}
		b := rs.SerializeBitcoinCompact(true)
		if back, comp, err := ParseBitcoinCompact(&b); err != nil || back != rs || !comp {
			t.Fatal("Bitcoin compact round trip")
		}
	})
}

// FuzzParseBIP137: ParseBIP137 never panics; a header outside 27–42 gives
// ErrInvalidRecoveryID; any other header parses exactly as
// ParseRecoverable parses r ‖ s with recid (header − 27) & 3, and gives the
// address type (header − 27) / 4; what it accepts serializes back to the
// same 65 bytes, and ParseBitcoinCompact agrees with it.
func FuzzParseBIP137(f *testing.F) {
	one := bytes32(big.NewInt(1))
	k, err := p256k1.NewPrivateKey(one[:])
	if err != nil {
		f.Fatal(err)
	}
	h := sha256.Sum256([]byte("BIP-137"))
	rs, err := SignRecoverable(&k, &h)
	if err != nil {
		f.Fatal(err)
	}
	for t := AddressP2PKHUncompressed; t <= AddressP2WPKH; t++ {
		b := rs.SerializeBIP137(t)
		f.Add(b[:])
	}
	f.Add(make([]byte, BitcoinCompactSize))
	f.Add(append([]byte{43}, make([]byte, 64)...))
	f.Fuzz(func(t *testing.T, in []byte) {
		var b [BitcoinCompactSize]byte
		copy(b[:], in)
		sig, typ, err := ParseBIP137(&b)
		if b[0] < 27 || b[0] > 42 {
			if !errors.Is(err, ErrInvalidRecoveryID) {
				t.Fatalf("header %d: %v, want ErrInvalidRecoveryID", b[0], err)
			}
			return
		}
		hdr := b[0] - 27
		want, werr := ParseRecoverable((*[CompactSize]byte)(b[1:]), int(hdr&3))
		if (err == nil) != (werr == nil) || sig != want {
			t.Fatalf("ParseBIP137 %v, ParseRecoverable %v", err, werr)
		}
		bc, compressed, cerr := ParseBitcoinCompact(&b)
		if (cerr == nil) != (err == nil) || bc != sig {
			t.Fatalf("ParseBitcoinCompact %v, ParseBIP137 %v", cerr, err)
		}
		if err != nil {
			if !errors.Is(err, ErrInvalidSignature) {
				t.Fatalf("error %v does not wrap ErrInvalidSignature", err)
			}
			return
		}
		if typ != BitcoinAddressType(hdr>>2) || compressed != typ.Compressed() {
			t.Fatalf("header %d: type %v, compressed %v", b[0], typ, compressed)
		}
		if got := sig.SerializeBIP137(typ); got != b {
			t.Fatalf("re-serialized %x, parsed %x", got, b)
		}
	})
}
