package crossgroup

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"filippo.io/edwards25519"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

const hdrSize = 33 + 32 + 1

// secpScalarLE reads a 32-byte little-endian secret as a secp256k1 scalar.
func secpScalarLE(le *[32]byte) (s scalar.Scalar) {
	var be [32]byte
	for i := range be {
		be[i] = le[31-i]
	}
	s.SetBytes(&be)
	return s
}

func edScalarLE(t testing.TB, le *[32]byte) (s edwards25519.Scalar) {
	if _, err := s.SetCanonicalBytes(le[:]); err != nil {
		t.Fatal(err)
	}
	return s
}

// secpSum is Σ 2^i·C_i over the secp256k1 commitments cs.
func secpSum(t testing.TB, cs [][]byte) group.Jacobian {
	var acc group.Jacobian
	acc.SetInfinity()
	for i := len(cs) - 1; i >= 0; i-- {
		var a group.Affine
		if !point.Decompress(&a, cs[i]) {
			t.Fatalf("commitment %d does not decode", i)
		}
		acc.DoubleVar(&acc, nil)
		acc.AddAffineVar(&acc, &a, nil)
	}
	return acc
}

func edSum(t testing.TB, cs [][]byte) *edwards25519.Point {
	acc := edwards25519.NewIdentityPoint()
	for i := len(cs) - 1; i >= 0; i-- {
		var p edwards25519.Point
		if !edDecode(&p, cs[i]) {
			t.Fatalf("ed25519 commitment %d does not decode", i)
		}
		acc.Add(acc, acc)
		acc.Add(acc, &p)
	}
	return acc
}

// forge253 builds the go-dleq 253-bit forgery: a secp256k1 key y·G and an
// unrelated ed25519 key z·G, each with its valid signature of knowledge
// (taken from honest proofs for y and z), the 252 honest bit proofs of a
// proof for x, and a 253rd commitment C_252 = (y − x)/2^252 · G on
// secp256k1 (mod n) and (z − x)/2^252 · G on ed25519 (mod ℓ), with an
// all-zero ring signature. The commitment sums then equal the public
// points on both curves; go-dleq's Verify checks the sums over all 253
// commitments but rings only for the first 252, so it accepts this.
func forge253(t testing.TB) []byte {
	v := loadVectors(t)[0]
	y, err := GenerateSecret(newDet(253))
	if err != nil {
		t.Fatal(err)
	}
	z, err := GenerateSecret(newDet(254))
	if err != nil {
		t.Fatal(err)
	}
	py, err := Prove(&y, &Options{Rand: newDet(1), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	pz, err := Prove(&z, &Options{Rand: newDet(2), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}

	// 2^−252 on both curves.
	secpInv := secpInvTwo251
	secpInv.Half(&secpInv)
	var two, invTwo, edInv edwards25519.Scalar
	two.Add(&edOne, &edOne)
	invTwo.Invert(&two)
	edInv.Multiply(&edInvTwo251, &invTwo)

	xs, ys := secpScalarLE(&v.secret), secpScalarLE(&y)
	var k scalar.Scalar
	k.Negate(&xs)
	k.Add(&k, &ys)
	k.Mul(&k, &secpInv)
	var zero scalar.Scalar
	var r group.Jacobian
	ecmult.TwoPointVar(&r, &zero, &secpH, &zero, &secpH, &k)
	var extra [bitProofSize]byte
	secpEncodeVar(extra[offCommitSecp:], &r)

	xe, ze := edScalarLE(t, &v.secret), edScalarLE(t, &z)
	var ke edwards25519.Scalar
	ke.Subtract(&ze, &xe)
	ke.Multiply(&ke, &edInv)
	edBytes(extra[offCommitEd:], new(edwards25519.Point).ScalarBaseMult(&ke))

	var out []byte
	out = append(out, py.secpPub[:]...)
	out = append(out, pz.edPub[:]...)
	out = append(out, Bits+1)
	out = append(out, v.proof[hdrSize:hdrSize+Bits*bitProofSize]...)
	out = append(out, extra[:]...)
	out = append(out, byte(py.sigLen))
	out = append(out, py.sigSecp[:py.sigLen]...)
	out = append(out, edSigSize)
	out = append(out, pz.sigEd[:]...)

	// The forgery is genuine: both sums match the unrelated public points.
	var cs, ce [][]byte
	for i := range Bits + 1 {
		b := out[hdrSize+i*bitProofSize:]
		cs = append(cs, b[offCommitSecp:offCommitSecp+33])
		ce = append(ce, b[offCommitEd:offCommitEd+32])
	}
	var X group.Affine
	if !point.Decompress(&X, py.secpPub[:]) {
		t.Fatal("bad y·G")
	}
	if acc := secpSum(t, cs); !acc.EqualAffineVar(&X) {
		t.Fatal("forgery: secp256k1 sum does not match y·G")
	}
	var XE edwards25519.Point
	edDecode(&XE, pz.edPub[:])
	if edSum(t, ce).Equal(&XE) != 1 {
		t.Fatal("forgery: ed25519 sum does not match z·G")
	}
	return out
}

// TestForged253BitsRejected: the proof go-dleq d6fd7c0 accepts for two
// unrelated keys is rejected by ParseProof with ErrBitCount.
func TestForged253BitsRejected(t *testing.T) {
	b := forge253(t)
	if _, err := ParseProof(b); !errors.Is(err, ErrBitCount) {
		t.Fatalf("ParseProof(253-bit forgery) = %v, want ErrBitCount", err)
	}
	// Dropping the extra bit (count 252 again) leaves sums that no longer
	// match: the ring-checked part alone proves nothing about y, z.
	var cut []byte
	cut = append(cut, b[:hdrSize-1]...)
	cut = append(cut, Bits)
	cut = append(cut, b[hdrSize:hdrSize+Bits*bitProofSize]...)
	cut = append(cut, b[hdrSize+(Bits+1)*bitProofSize:]...)
	p, err := ParseProof(cut)
	if err != nil {
		t.Fatalf("ParseProof(forgery without its extra bit) = %v", err)
	}
	if err := p.Verify(nil); !errors.Is(err, ErrCommitmentSum) {
		t.Fatalf("Verify(forgery without its extra bit) = %v, want ErrCommitmentSum", err)
	}
}

// TestBitCountRejected: every count byte but 252, with the proof's length
// left as is and with the length the count implies.
func TestBitCountRejected(t *testing.T) {
	v := loadVectors(t)[0]
	for c := range 256 {
		if c == Bits {
			continue
		}
		bad := bytes.Clone(v.proof)
		bad[hdrSize-1] = byte(c)
		if _, err := ParseProof(bad); !errors.Is(err, ErrBitCount) {
			t.Errorf("count %d: ParseProof = %v, want ErrBitCount", c, err)
		}
	}
	for _, c := range []int{0, 1, 251, 253, 255} {
		var bad []byte
		bad = append(bad, v.proof[:hdrSize-1]...)
		bad = append(bad, byte(c))
		for i := range c {
			j := i % Bits
			bad = append(bad, v.proof[hdrSize+j*bitProofSize:hdrSize+(j+1)*bitProofSize]...)
		}
		bad = append(bad, v.proof[hdrSize+Bits*bitProofSize:]...)
		if _, err := ParseProof(bad); !errors.Is(err, ErrBitCount) {
			t.Errorf("count %d with %d bit proofs: ParseProof = %v, want ErrBitCount", c, c, err)
		}
	}
}

// TestTrailingBytesRejected: go-dleq ignores bytes after the proof.
func TestTrailingBytesRejected(t *testing.T) {
	for _, v := range loadVectors(t) {
		for _, extra := range [][]byte{{0}, {1, 2, 3}, make([]byte, 64), make([]byte, 1000), v.proof} {
			bad := append(bytes.Clone(v.proof), extra...)
			if _, err := ParseProof(bad); !errors.Is(err, ErrTrailingBytes) {
				t.Errorf("row %d, %d trailing bytes: ParseProof = %v, want ErrTrailingBytes", v.row, len(extra), err)
			}
		}
	}
}

// TestTruncationsRejected: every truncation of a valid proof.
func TestTruncationsRejected(t *testing.T) {
	v := loadVectors(t)[0]
	step := 1
	if testing.Short() {
		step = 97
	}
	for n := 0; n < len(v.proof); n += step {
		if _, err := ParseProof(v.proof[:n]); !errors.Is(err, ErrTruncated) {
			t.Fatalf("length %d of %d: ParseProof = %v, want ErrTruncated", n, len(v.proof), err)
		}
	}
	for n := len(v.proof) - 80; n < len(v.proof); n++ { // the signatures
		if _, err := ParseProof(v.proof[:n]); !errors.Is(err, ErrTruncated) {
			t.Fatalf("length %d of %d: ParseProof = %v, want ErrTruncated", n, len(v.proof), err)
		}
	}
}

var (
	secpN = [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41}
	// edL is ℓ, little endian.
	edL = [32]byte{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		31: 0x10}
)

// addBE and addLE add a small k to a 32-byte integer (no overflow here).
func addBE(b [32]byte, k byte) [32]byte {
	for i := 31; i >= 0; i-- {
		s := int(b[i]) + int(k)
		b[i], k = byte(s), byte(s>>8)
	}
	return b
}

func addLE(b [32]byte, k byte) [32]byte {
	for i := range 32 {
		s := int(b[i]) + int(k)
		b[i], k = byte(s), byte(s>>8)
	}
	return b
}

// TestNonCanonicalScalarsRejected: n, n+1 and 2^256−1 in every secp256k1
// scalar field, ℓ, ℓ+1 and 2^256−1 in every ed25519 one (a sample of
// bits), and in the ed25519 signature's s.
func TestNonCanonicalScalarsRejected(t *testing.T) {
	v := loadVectors(t)[0]
	var ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	secpBad := [][32]byte{secpN, addBE(secpN, 1), ones}
	edBad := [][32]byte{edL, addLE(edL, 1), ones}
	try := func(off int, val [32]byte, what string) {
		bad := bytes.Clone(v.proof)
		copy(bad[off:], val[:])
		if _, err := ParseProof(bad); !errors.Is(err, ErrNonCanonicalScalar) {
			t.Errorf("%s = %x: ParseProof = %v, want ErrNonCanonicalScalar", what, val, err)
		}
	}
	for _, bit := range []int{0, 1, 125, 250, 251} {
		base := hdrSize + bit*bitProofSize
		for _, off := range []int{offESecp, offA0, offA1} {
			for _, s := range secpBad {
				try(base+off, s, "secp256k1 scalar")
			}
		}
		for _, off := range []int{offEEd, offB0, offB1} {
			for _, s := range edBad {
				try(base+off, s, "ed25519 scalar")
			}
		}
	}
	for _, s := range edBad {
		try(len(v.proof)-32, s, "ed25519 signature s")
	}
}

// edNonCanonical returns non-canonical encodings of ed25519 points: y ≥ p
// (y = p + 1, the point y = 1 re-encoded) and the identity with the sign
// bit set ("negative zero" x).
func edNonCanonical() [][32]byte {
	var yp1 [32]byte // p + 1 = 2^255 − 18, little endian
	yp1[0] = 0xee
	for i := 1; i < 31; i++ {
		yp1[i] = 0xff
	}
	yp1[31] = 0x7f
	negZero := [32]byte{0: 1, 31: 0x80}
	return [][32]byte{yp1, negZero}
}

// edOffCurve returns an encoding of a y with no x on ed25519.
func edOffCurve(t *testing.T) [32]byte {
	for y := byte(2); ; y++ {
		b := [32]byte{0: y}
		if _, err := new(edwards25519.Point).SetBytes(b[:]); err != nil {
			return b
		}
	}
}

// secpOffCurve returns a compressed encoding whose x is not on secp256k1.
func secpOffCurve() [33]byte {
	for x := byte(1); ; x++ {
		b := [33]byte{0: 2, 32: x}
		var a group.Affine
		if !point.Decompress(&a, b[:]) {
			return b
		}
	}
}

// TestInvalidPointsRejected: the public points and the ed25519 signature's
// R must be canonical encodings of curve points (and the ed25519 public
// point not the identity): ParseProof says ErrInvalidPoint. The bit
// commitments are decoded by Verify: ErrInvalidCommitment.
func TestInvalidPointsRejected(t *testing.T) {
	v := loadVectors(t)[0]
	off := secpOffCurve()
	var xTooBig [33]byte // x = 2^256 − 1 ≥ p
	xTooBig[0] = 2
	for i := 1; i < 33; i++ {
		xTooBig[i] = 0xff
	}
	secpBad := [][33]byte{off, xTooBig, {}, {0: 4}, {0: 5, 32: 1}}
	edBad := append(edNonCanonical(), edOffCurve(t))

	parse := func(bad []byte, what string) {
		if _, err := ParseProof(bad); !errors.Is(err, ErrInvalidPoint) {
			t.Errorf("%s: ParseProof = %v, want ErrInvalidPoint", what, err)
		}
	}
	for _, s := range secpBad {
		bad := bytes.Clone(v.proof)
		copy(bad, s[:])
		parse(bad, "secp256k1 public point")
	}
	for _, e := range append(edBad, edIdentity) {
		bad := bytes.Clone(v.proof)
		copy(bad[33:], e[:])
		parse(bad, "ed25519 public point")
		bad = bytes.Clone(v.proof)
		copy(bad[len(bad)-64:], e[:])
		if e != edIdentity {
			parse(bad, "ed25519 signature R")
		}
	}

	p, err := ParseProof(v.proof)
	if err != nil {
		t.Fatal(err)
	}
	for _, bit := range []int{0, 137, 251} {
		for _, s := range secpBad {
			q := *p
			copy(q.bits[bit][offCommitSecp:], s[:])
			if err := q.Verify(&Options{Workers: 1}); !errors.Is(err, ErrInvalidCommitment) {
				t.Errorf("bit %d secp256k1 commitment %x: Verify = %v, want ErrInvalidCommitment", bit, s, err)
			}
		}
		for _, e := range edBad {
			q := *p
			copy(q.bits[bit][offCommitEd:], e[:])
			if err := q.Verify(&Options{Workers: 1}); !errors.Is(err, ErrInvalidCommitment) {
				t.Errorf("bit %d ed25519 commitment %x: Verify = %v, want ErrInvalidCommitment", bit, e, err)
			}
		}
	}
}

// TestSwappedRingSignaturesRejected: two bits keep their commitments but
// exchange their ring signatures (challenges and responses).
func TestSwappedRingSignaturesRejected(t *testing.T) {
	v := loadVectors(t)[0]
	p, err := ParseProof(v.proof)
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]int{{0, 1}, {3, 7}, {250, 251}} {
		q := *p
		i, j := pair[0], pair[1]
		var tmp [bitProofSize - offESecp]byte
		copy(tmp[:], q.bits[i][offESecp:])
		copy(q.bits[i][offESecp:], q.bits[j][offESecp:])
		copy(q.bits[j][offESecp:], tmp[:])
		if err := q.Verify(&Options{Workers: 1}); !errors.Is(err, ErrRingSignature) {
			t.Errorf("rings of bits %d and %d swapped: Verify = %v, want ErrRingSignature", i, j, err)
		}
	}
	// Whole bit proofs swapped: each ring closes, the sums catch it.
	q := *p
	q.bits[3], q.bits[7] = q.bits[7], q.bits[3]
	if err := q.Verify(&Options{Workers: 1}); !errors.Is(err, ErrCommitmentSum) {
		t.Errorf("bit proofs 3 and 7 swapped: Verify = %v, want ErrCommitmentSum", err)
	}
}

// TestSplicedProofsRejected: bit proofs from another valid proof (for a
// different or the same secret) spliced in. Each spliced bit's ring still
// closes, so the commitment sums catch it.
func TestSplicedProofsRejected(t *testing.T) {
	vs := loadVectors(t)
	a, err := ParseProof(vs[0].proof)
	if err != nil {
		t.Fatal(err)
	}
	var others []*Proof
	if len(vs) > 1 {
		b, err := ParseProof(vs[1].proof)
		if err != nil {
			t.Fatal(err)
		}
		others = append(others, b)
	}
	// A fresh proof for the same secret: other blinders, same points.
	same, err := Prove(&vs[0].secret, &Options{Rand: newDet(99), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	others = append(others, same)
	for k, o := range others {
		for _, bits := range [][]int{{0}, {5, 6}, {251}, {0, 100, 200, 251}} {
			q := *a
			for _, i := range bits {
				q.bits[i] = o.bits[i]
			}
			if slices.Equal(q.Bytes(), a.Bytes()) {
				continue
			}
			if err := q.Verify(&Options{Workers: 1}); !errors.Is(err, ErrCommitmentSum) {
				t.Errorf("donor %d, bits %v spliced: Verify = %v, want ErrCommitmentSum", k, bits, err)
			}
		}
		// The header and signatures of one with the bits of the other.
		q := *o
		q.bits = a.bits
		if q.secpPub != a.secpPub {
			if err := q.Verify(&Options{Workers: 1}); !errors.Is(err, ErrCommitmentSum) {
				t.Errorf("donor %d, all bits spliced: Verify = %v, want ErrCommitmentSum", k, err)
			}
		}
	}
}
