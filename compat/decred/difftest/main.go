// Command difftest prints what decred's secp256k1/v4 API computes on a
// deterministic stream of random and edge inputs, one line per call. The
// differential test (compat/decred/difftest.sh) runs it twice, on decred
// v4.4.1 itself and with compat/decred in its place through a replace line,
// and requires the two outputs to be identical. Points are printed in
// affine form, and the Jacobian coordinates of the additions and doublings
// (AddNonConst and DoubleNonConst return decred's representative) as they
// are.
package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/schnorr"
)

var (
	out = bufio.NewWriter(os.Stdout)
	rng *rand.ChaCha8
)

func p(format string, args ...any) { fmt.Fprintf(out, format+"\n", args...) }

// kind names an error by its ErrorKind (descriptions are free text).
func kind(err error) string {
	if err == nil {
		return "ok"
	}
	var e1 secp256k1.Error
	var e2 ecdsa.Error
	var e3 schnorr.Error
	switch {
	case errors.As(err, &e1):
		return e1.Err.Error()
	case errors.As(err, &e2):
		return e2.Err.Error()
	case errors.As(err, &e3):
		return e3.Err.Error()
	}
	return "error"
}

// bytes32 returns 32 bytes: random, or (one time in four) an edge value.
func bytes32() [32]byte {
	var b [32]byte
	switch rng.Uint64() % 8 {
	case 0:
		b[31] = byte(rng.Uint64() % 4) // 0..3
	case 1: // near p
		copy(b[:], fromHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"))
		b[31] -= byte(rng.Uint64()%3) - 1
	case 2: // near n
		copy(b[:], fromHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"))
		b[31] -= byte(rng.Uint64()%3) - 1
	case 3:
		for i := range b {
			b[i] = 0xff
		}
	default:
		rng.Read(b[:])
	}
	return b
}

func fromHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func field() secp256k1.FieldVal {
	b := bytes32()
	var f secp256k1.FieldVal
	f.SetBytes(&b)
	f.Normalize()
	return f
}

func scalar() secp256k1.ModNScalar {
	b := bytes32()
	var s secp256k1.ModNScalar
	s.SetBytes(&b)
	return s
}

func affine(j *secp256k1.JacobianPoint) string {
	c := *j
	c.ToAffine()
	return c.X.String() + "," + c.Y.String()
}

// jacobian prints the Jacobian coordinates as they are (normalized).
func jacobian(j *secp256k1.JacobianPoint) string {
	c := *j
	return c.X.Normalize().String() + "," + c.Y.Normalize().String() + "," + c.Z.Normalize().String()
}

// rescale returns the affine point a (Z = 1) as (X·z², Y·z³, z): the same
// point with another Jacobian representative, computed alike by both
// implementations.
func rescale(a *secp256k1.JacobianPoint, z *secp256k1.FieldVal) secp256k1.JacobianPoint {
	var r secp256k1.JacobianPoint
	var z2, z3 secp256k1.FieldVal
	z2.SquareVal(z)
	z3.Mul2(&z2, z)
	r.X.Mul2(&a.X, &z2)
	r.Y.Mul2(&a.Y, &z3)
	r.Z.Set(z).Normalize()
	return r
}

// jacobianCases compares the Jacobian results of AddNonConst and
// DoubleNonConst on every branch of decred's: both Z = 1, equal Z, Z2 = 1,
// general Z, P + P, P + (−P), the point at infinity on either side, and
// chains of them.
func jacobianCases(i int) {
	P, Q := randomPoint(), randomPoint()
	P.ToAffine()
	Q.ToAffine()
	z1, z2 := field(), field()
	if z1.IsZero() {
		z1.SetInt(2)
	}
	if z2.IsZero() {
		z2.SetInt(3)
	}
	Pz, Qz, Qz1 := rescale(&P, &z1), rescale(&Q, &z2), rescale(&Q, &z1)
	Pz2 := rescale(&P, &z2)
	negP := Pz
	negP.Y.Negate(1).Normalize()
	var inf secp256k1.JacobianPoint
	var r, s secp256k1.JacobianPoint
	for j, c := range [][2]*secp256k1.JacobianPoint{
		{&P, &Q}, {&Pz, &Qz1}, {&Pz, &Q}, {&P, &Qz}, {&Pz, &Qz},
		{&Pz, &Pz}, {&Pz, &Pz2}, {&P, &P}, {&Pz, &P}, {&Pz, &negP}, {&inf, &Qz}, {&Pz, &inf},
	} {
		secp256k1.AddNonConst(c[0], c[1], &r)
		secp256k1.DoubleNonConst(&r, &s)
		p("jacobian %d add %d %s double %s", i, j, jacobian(&r), jacobian(&s))
		secp256k1.AddNonConst(&s, c[1], &s)
		secp256k1.AddNonConst(&r, &s, &r)
		p("jacobian %d chain %d %s", i, j, jacobian(&r))
	}
	secp256k1.DoubleNonConst(&Pz, &Pz)
	p("jacobian %d double alias %s", i, jacobian(&Pz))
}

func randomPoint() secp256k1.JacobianPoint {
	k := scalar()
	var j secp256k1.JacobianPoint
	secp256k1.ScalarBaseMultNonConst(&k, &j)
	return j
}

func fieldCases(i int) {
	a, b := field(), field()
	var r secp256k1.FieldVal
	var raw [32]byte = bytes32()
	var s secp256k1.FieldVal
	ov := s.SetBytes(&raw)
	p("field %d setbytes %d %v %v", i, ov, s.Normalize(), s.IsOdd())
	p("field %d mul %v sq %v", i, r.Mul2(&a, &b), new(secp256k1.FieldVal).SquareVal(&a))
	c := a
	c.Add(&b).MulInt(3).AddInt(uint16(i)).Negate(7).Normalize()
	p("field %d lazy %v", i, c)
	p("field %d inv %v", i, new(secp256k1.FieldVal).Set(&a).Inverse())
	var sq secp256k1.FieldVal
	ok := sq.SquareRootVal(&a)
	sq.Normalize()
	if ok {
		var chk secp256k1.FieldVal
		chk.SquareVal(&sq).Normalize()
		p("field %d sqrt ok %v", i, chk.Equals(&a))
	} else {
		p("field %d sqrt none", i)
	}
	p("field %d gte %v eq %v zero %v one %v", i, a.IsGtOrEqPrimeMinusOrder(), a.Equals(&b), a.IsZero(), a.IsOne())
	var y secp256k1.FieldVal
	odd := rng.Uint64()%2 == 0
	if secp256k1.DecompressY(&a, odd, &y) {
		p("field %d decompress %v", i, y.Normalize())
	} else {
		p("field %d decompress none", i)
	}
	n := int(rng.Uint64() % 40)
	buf := make([]byte, n)
	rng.Read(buf)
	p("field %d slice %v %v", i, s.SetByteSlice(buf), s.Normalize())
}

func scalarCases(i int) {
	a, b := scalar(), scalar()
	var r secp256k1.ModNScalar
	p("scalar %d add %v mul %v sq %v neg %v", i, r.Add2(&a, &b), new(secp256k1.ModNScalar).Mul2(&a, &b),
		new(secp256k1.ModNScalar).SquareVal(&a), new(secp256k1.ModNScalar).NegateVal(&a))
	p("scalar %d inv %v high %v odd %v", i, new(secp256k1.ModNScalar).InverseValNonConst(&a), a.IsOverHalfOrder(), a.IsOdd())
	n := int(rng.Uint64() % 40)
	buf := make([]byte, n)
	rng.Read(buf)
	if n > 0 && rng.Uint64()%2 == 0 {
		for j := range buf[:min(n, 16)] {
			buf[j] = 0xff
		}
	}
	var s secp256k1.ModNScalar
	p("scalar %d slice %v %v", i, s.SetByteSlice(buf), s)
	raw := bytes32()
	p("scalar %d setbytes %d %v", i, s.SetBytes(&raw), s)
	p("scalar %d nonce %v %v %v", i,
		secp256k1.NonceRFC6979(buf, raw[:], nil, nil, 0),
		secp256k1.NonceRFC6979(raw[:], buf, raw[:], nil, uint32(i%3)),
		secp256k1.NonceRFC6979(raw[:], raw[:], nil, raw[:16], 0))
}

func pointCases(i int) {
	P, Q := randomPoint(), randomPoint()
	var r secp256k1.JacobianPoint
	secp256k1.AddNonConst(&P, &Q, &r)
	p("point %d add %s", i, affine(&r))
	secp256k1.AddNonConst(&P, &P, &r)
	p("point %d add self %s", i, affine(&r))
	secp256k1.DoubleNonConst(&P, &r)
	p("point %d double %s", i, affine(&r))
	neg := P
	neg.Y.Negate(1).Normalize()
	secp256k1.AddNonConst(&P, &neg, &r)
	// The point at infinity: decred's convention is X = Y = 0 or Z = 0
	// (its additions produce either form).
	inf := (r.X.IsZero() && r.Y.IsZero()) || r.Z.IsZero()
	p("point %d add neg %s %v", i, affine(&r), inf)
	k := scalar()
	secp256k1.ScalarMultNonConst(&k, &P, &r)
	p("point %d mult %s", i, affine(&r))
	secp256k1.ScalarBaseMultNonConst(&k, &r)
	p("point %d basemult %s", i, affine(&r))
	p("point %d equiv %v %v", i, P.EquivalentNonConst(&P), P.EquivalentNonConst(&Q))
	curve := secp256k1.S256()
	kb := k.Bytes()
	x, y := curve.ScalarBaseMult(kb[:])
	x2, y2 := curve.ScalarMult(x, y, kb[:])
	x3, y3 := curve.Add(x, y, x2, y2)
	x4, y4 := curve.Double(x3, y3)
	p("point %d elliptic %x %x %x %x %v %v", i, x3, y3, x4, y4, curve.IsOnCurve(x4, y4), curve.IsOnCurve(x4, new(big.Int).Add(y4, big.NewInt(1))))
}

func keyCases(i int) {
	kb := bytes32()
	priv := secp256k1.PrivKeyFromBytes(kb[:])
	pub := priv.PubKey()
	p("key %d priv %x pub %x %x", i, priv.Serialize(), pub.SerializeCompressed(), pub.SerializeUncompressed())
	other := secp256k1.PrivKeyFromBytes(func() []byte { b := bytes32(); return b[:] }())
	p("key %d ecdh %x", i, secp256k1.GenerateSharedSecret(priv, other.PubKey()))
	// Parsing: valid encodings, then mutated ones.
	for _, enc := range [][]byte{pub.SerializeCompressed(), pub.SerializeUncompressed()} {
		m := append([]byte(nil), enc...)
		switch rng.Uint64() % 5 {
		case 0:
		case 1:
			m[0] = byte(rng.Uint64())
		case 2:
			m[1+rng.Uint64()%uint64(len(m)-1)] ^= byte(1 << (rng.Uint64() % 8))
		case 3:
			m = m[:rng.Uint64()%uint64(len(m))]
		case 4:
			if len(m) == 65 {
				m[0] = 6 | byte(rng.Uint64()%2)
			}
		}
		k, err := secp256k1.ParsePubKey(m)
		if err == nil {
			p("key %d parse %x ok %x", i, m, k.SerializeUncompressed())
		} else {
			p("key %d parse %x %s", i, m, kind(err))
		}
		sk, err := schnorr.ParsePubKey(m)
		if err == nil {
			p("key %d sparse ok %x", i, sk.SerializeCompressed())
		} else {
			p("key %d sparse error", i)
		}
	}
}

func ecdsaCases(i int) {
	kb := bytes32()
	priv := secp256k1.PrivKeyFromBytes(kb[:])
	if priv.Key.IsZero() {
		// decred's Sign never returns for the key 0 and a hash ≡ 0 (s is
		// always 0); the key 0 is not a key.
		p("ecdsa %d zero key", i)
		return
	}
	pub := priv.PubKey()
	hash := make([]byte, []int{32, 32, 32, 20, 0, 40}[i%6])
	rng.Read(hash)
	if len(hash) >= 32 && i%3 == 0 {
		// Edge hashes: 0..3, near p, near n (decred's nonce reads a hash
		// ≥ n unreduced), all ones.
		b := bytes32()
		copy(hash, b[:])
	}
	sig := ecdsa.Sign(priv, hash)
	der := sig.Serialize()
	p("ecdsa %d sign %x verify %v", i, der, sig.Verify(hash, pub))
	compact := ecdsa.SignCompact(priv, hash, i%2 == 0)
	p("ecdsa %d compact %x", i, compact)
	// High S verifies.
	r, s := sig.R(), sig.S()
	s.Negate()
	hs := ecdsa.NewSignature(&r, &s)
	p("ecdsa %d highs verify %v ser %x", i, hs.Verify(hash, pub), hs.Serialize())
	// Mutated DER.
	m := append([]byte(nil), der...)
	switch rng.Uint64() % 4 {
	case 0:
		m[rng.Uint64()%uint64(len(m))] ^= byte(1 << (rng.Uint64() % 8))
	case 1:
		m = m[:rng.Uint64()%uint64(len(m))]
	case 2:
		m = append(m, 0)
	}
	ps, err := ecdsa.ParseDERSignature(m)
	if err == nil {
		p("ecdsa %d parse %x ok %v", i, m, ps.Verify(hash, pub))
	} else {
		p("ecdsa %d parse %x %s", i, m, kind(err))
	}
	// Mutated compact signatures for recovery.
	c := append([]byte(nil), compact...)
	switch rng.Uint64() % 5 {
	case 0:
	case 1:
		c[0] = byte(rng.Uint64())
	case 2:
		c[1+rng.Uint64()%64] ^= byte(1 << (rng.Uint64() % 8))
	case 3:
		c[0] = 27 + byte(rng.Uint64()%8)
	case 4:
		c = c[:rng.Uint64()%65]
	}
	rk, comp, err := ecdsa.RecoverCompact(c, hash)
	if err == nil {
		p("ecdsa %d recover %x %v %x", i, c, comp, rk.SerializeCompressed())
	} else {
		p("ecdsa %d recover %x %s", i, c, kind(err))
	}
}

func schnorrCases(i int) {
	kb := bytes32()
	priv := secp256k1.PrivKeyFromBytes(kb[:])
	pub := priv.PubKey()
	hash := make([]byte, []int{32, 32, 32, 31}[i%4])
	rng.Read(hash)
	sig, err := schnorr.Sign(priv, hash)
	if err != nil {
		p("schnorr %d sign %s", i, kind(err))
		return
	}
	ser := sig.Serialize()
	p("schnorr %d sign %x verify %v", i, ser, sig.Verify(hash, pub))
	m := append([]byte(nil), ser...)
	switch rng.Uint64() % 4 {
	case 0:
		m[rng.Uint64()%64] ^= byte(1 << (rng.Uint64() % 8))
	case 1:
		m = m[:rng.Uint64()%64]
	case 2:
		copy(m[:32], fromHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"))
	}
	ps, err := schnorr.ParseSignature(m)
	if err == nil {
		p("schnorr %d parse %x ok %v", i, m, ps.Verify(hash, pub))
	} else {
		p("schnorr %d parse %x %s", i, m, kind(err))
	}
}

func main() {
	n := flag.Int("n", 200, "rounds")
	seed := flag.Uint64("seed", 1, "seed")
	flag.Parse()
	var s [32]byte
	s[0] = byte(*seed)
	s[1] = byte(*seed >> 8)
	rng = rand.NewChaCha8(s)
	for i := 0; i < *n; i++ {
		fieldCases(i)
		scalarCases(i)
		pointCases(i)
		jacobianCases(i)
		keyCases(i)
		ecdsaCases(i)
		schnorrCases(i)
	}
	out.Flush()
}
