package interop

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/p256k1/p256k1/curve"
)

// Differential tests of the public curve package against decred's
// ModNScalar, FieldVal and JacobianPoint arithmetic on random and edge
// values: every result compared as canonical bytes.

// edge32s returns 32-byte values at the edges of both moduli, then n random
// ones.
func edge32s(r *rand.Rand, n int) [][32]byte {
	out := edgeKeys()
	hexes := []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e", // p − 1
		"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", // p
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", // n
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	}
	for _, h := range hexes {
		var b [32]byte
		for i := range 32 {
			b[i] = unhexByte(h[2*i])<<4 | unhexByte(h[2*i+1])
		}
		out = append(out, b)
	}
	for range n {
		out = append(out, rand32(r))
	}
	return out
}

func unhexByte(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'a' + 10
}

func TestCurveScalarVsDecred(t *testing.T) {
	r := newRand("curve-scalar")
	vals := edge32s(r, iterations()/4)
	defer func() { t.Logf("%d values, 8 operations and 4 predicates each", len(vals)) }()
	for i, a := range vals {
		b := vals[(i*7+3)%len(vals)]
		var ca, cb, cr curve.Scalar
		var da, db, dr secp256k1.ModNScalar
		if ca.SetBytes32(&a) != int(da.SetBytes(&a)) {
			t.Fatalf("overflow flag of %x", a)
		}
		cb.SetBytes32(&b)
		db.SetBytes(&b)
		eq := func(op string, c *curve.Scalar, d *secp256k1.ModNScalar) {
			t.Helper()
			if c.Bytes32() != d.Bytes() {
				t.Fatalf("%s(%x, %x): %x, decred %x", op, a, b, c.Bytes32(), d.Bytes())
			}
		}
		eq("set", &ca, &da)
		eq("Add", cr.Add(&ca, &cb), dr.Add2(&da, &db))
		eq("Multiply", cr.Multiply(&ca, &cb), dr.Mul2(&da, &db))
		eq("Square", cr.Square(&ca), dr.SquareVal(&da))
		eq("Negate", cr.Negate(&ca), dr.NegateVal(&da))
		var negB secp256k1.ModNScalar
		negB.NegateVal(&db)
		eq("Subtract", cr.Subtract(&ca, &cb), dr.Add2(&da, &negB))
		eq("Invert", cr.Invert(&ca), dr.InverseValNonConst(&da))
		eq("InvertVarTime", cr.InvertVarTime(&ca), dr.InverseValNonConst(&da))
		if (ca.IsHigh() == 1) != da.IsOverHalfOrder() || (ca.IsZero() == 1) != da.IsZero() ||
			(ca.IsOdd() == 1) != da.IsOdd() || (ca.Equal(&cb) == 1) != da.Equals(&db) {
			t.Fatalf("predicates of %x", a)
		}
	}
}

func TestCurveFieldVsDecred(t *testing.T) {
	r := newRand("curve-field")
	vals := edge32s(r, iterations()/4)
	defer func() { t.Logf("%d values, 8 operations, a square root and 3 predicates each", len(vals)) }()
	for i, a := range vals {
		b := vals[(i*5+1)%len(vals)]
		var ca, cb, cr curve.FieldElement
		var da, db, dr secp256k1.FieldVal
		if ca.SetBytes32(&a) != int(da.SetBytes(&a)) {
			t.Fatalf("overflow flag of %x", a)
		}
		cb.SetBytes32(&b)
		db.SetBytes(&b)
		eq := func(op string, c *curve.FieldElement, d *secp256k1.FieldVal) {
			t.Helper()
			d.Normalize()
			if c.Bytes32() != *d.Bytes() {
				t.Fatalf("%s(%x, %x): %x, decred %x", op, a, b, c.Bytes32(), *d.Bytes())
			}
		}
		eq("set", &ca, &da)
		eq("Add", cr.Add(&ca, &cb), dr.Set(&da).Add(&db))
		eq("Subtract", cr.Subtract(&ca, &cb), dr.NegateVal(&db, 1).Add(&da))
		eq("Multiply", cr.Multiply(&ca, &cb), dr.Mul2(&da, &db))
		eq("Square", cr.Square(&ca), dr.SquareVal(&da))
		eq("Negate", cr.Negate(&ca), dr.NegateVal(&da, 1))
		eq("Invert", cr.Invert(&ca), dr.Set(&da).Inverse())
		eq("InvertVarTime", cr.InvertVarTime(&ca), dr.Set(&da).Inverse())
		_, ok := cr.SquareRoot(&ca)
		dok := dr.SquareRootVal(&da)
		if (ok == 1) != dok {
			t.Fatalf("SquareRoot(%x): %d, decred %v", a, ok, dok)
		}
		if dok {
			// Roots agree up to sign.
			var neg curve.FieldElement
			dr.Normalize()
			if cr.Bytes32() != *dr.Bytes() && neg.Negate(&cr).Bytes32() != *dr.Bytes() {
				t.Fatalf("SquareRoot(%x)", a)
			}
		}
		if (ca.IsOdd() == 1) != da.IsOdd() || (ca.IsZero() == 1) != da.IsZero() || (ca.Equal(&cb) == 1) != da.Equals(&db) {
			t.Fatalf("predicates of %x", a)
		}
	}
}

// decredPoint returns p as a decred JacobianPoint (through its Jacobian
// coordinates, not normalized to Z = 1).
func decredPoint(p *curve.Point) secp256k1.JacobianPoint {
	var X, Y, Z curve.FieldElement
	p.JacobianCoordinates(&X, &Y, &Z)
	var j secp256k1.JacobianPoint
	xb, yb, zb := X.Bytes32(), Y.Bytes32(), Z.Bytes32()
	j.X.SetBytes(&xb)
	j.Y.SetBytes(&yb)
	j.Z.SetBytes(&zb)
	return j
}

// sameAsDecred reports whether p and the decred point d are the same point
// (both at infinity, or the same affine coordinates).
func sameAsDecred(p *curve.Point, d *secp256k1.JacobianPoint) bool {
	a := *d
	dInf := (a.X.IsZero() && a.Y.IsZero()) || a.Z.IsZero()
	if dInf || p.IsIdentity() == 1 {
		return dInf && p.IsIdentity() == 1
	}
	a.ToAffine()
	x, y, err := p.AffineBytes()
	return err == nil && x == *a.X.Bytes() && y == *a.Y.Bytes()
}

func TestCurvePointVsDecred(t *testing.T) {
	r := newRand("curve-point")
	vals := edge32s(r, iterations()/8)
	defer func() {
		t.Logf("%d rounds of k·G, k·P (both engines), P + Q (both), 2·P, a·P + b·G, decompression", len(vals))
	}()
	var prev curve.Point
	prev.SetGenerator()
	for i, kb := range vals {
		var k curve.Scalar
		var dk secp256k1.ModNScalar
		k.SetBytes32(&kb)
		dk.SetBytes(&kb)

		var p, q curve.Point
		var dp, dq secp256k1.JacobianPoint
		p.ScalarBaseMult(&k)
		secp256k1.ScalarBaseMultNonConst(&dk, &dp)
		if !sameAsDecred(&p, &dp) {
			t.Fatalf("ScalarBaseMult(%x)", kb)
		}
		dprev := decredPoint(&prev)
		q.ScalarMult(&k, &prev)
		secp256k1.ScalarMultNonConst(&dk, &dprev, &dq)
		if !sameAsDecred(&q, &dq) {
			t.Fatalf("ScalarMult(%x)", kb)
		}
		if !sameAsDecred(new(curve.Point).VarTimeScalarMult(&k, &prev), &dq) {
			t.Fatalf("VarTimeScalarMult(%x)", kb)
		}
		// Sums, including equal and opposite points every few rounds.
		other := &q
		switch i % 4 {
		case 1:
			other = &p
		case 2:
			other = new(curve.Point).Negate(&p)
		}
		dother := decredPoint(other)
		var s curve.Point
		var ds secp256k1.JacobianPoint
		dpp := decredPoint(&p)
		secp256k1.AddNonConst(&dpp, &dother, &ds)
		if !sameAsDecred(s.Add(&p, other), &ds) || !sameAsDecred(s.VarTimeAdd(&p, other), &ds) {
			t.Fatalf("Add, round %d", i)
		}
		secp256k1.DoubleNonConst(&dpp, &ds)
		if !sameAsDecred(s.Double(&p), &ds) {
			t.Fatalf("Double(%x)", kb)
		}
		// a·P + b·G.
		var dsum, dbG secp256k1.JacobianPoint
		secp256k1.ScalarMultNonConst(&dk, &dprev, &dsum)
		var b curve.Scalar
		var db secp256k1.ModNScalar
		bb := vals[(i+1)%len(vals)]
		b.SetBytes32(&bb)
		db.SetBytes(&bb)
		secp256k1.ScalarBaseMultNonConst(&db, &dbG)
		secp256k1.AddNonConst(&dsum, &dbG, &dsum)
		if !sameAsDecred(s.VarTimeDoubleScalarBaseMult(&k, &prev, &b), &dsum) {
			t.Fatalf("VarTimeDoubleScalarBaseMult(%x, %x)", kb, bb)
		}
		// Decompression: decred's DecompressY against SetBytes.
		if p.IsIdentity() == 0 {
			comp := p.BytesCompressed()
			var x, y secp256k1.FieldVal
			x.SetByteSlice(comp[1:])
			if !secp256k1.DecompressY(&x, comp[0] == 3, &y) {
				t.Fatal("DecompressY failed on a valid point")
			}
			var d curve.Point
			if _, err := d.SetBytes(comp); err != nil {
				t.Fatal(err)
			}
			_, py, _ := d.AffineBytes()
			y.Normalize()
			if py != *y.Bytes() {
				t.Fatalf("decompressed y differs for %x", comp)
			}
			pk, err := secp256k1.ParsePubKey(comp)
			if err != nil || !bytes.Equal(pk.SerializeUncompressed(), p.Bytes()) {
				t.Fatalf("decred parses %x differently", comp)
			}
		}
		prev.Set(&q)
		if prev.IsIdentity() == 1 {
			prev.SetGenerator()
		}
	}
}

func TestCurveMSMVsDecred(t *testing.T) {
	r := newRand("curve-msm")
	for _, n := range []int{1, 5, 40, 200} {
		scalars := make([]*curve.Scalar, n)
		points := make([]*curve.Point, n)
		var dsum secp256k1.JacobianPoint
		for i := range n {
			kb, pb := rand32(r), rand32(r)
			scalars[i] = new(curve.Scalar)
			scalars[i].SetBytes32(&kb)
			var pk curve.Scalar
			pk.SetBytes32(&pb)
			points[i] = new(curve.Point).ScalarBaseMult(&pk)
			var dk secp256k1.ModNScalar
			dk.SetBytes(&kb)
			dp := decredPoint(points[i])
			var t secp256k1.JacobianPoint
			secp256k1.ScalarMultNonConst(&dk, &dp, &t)
			secp256k1.AddNonConst(&dsum, &t, &dsum)
		}
		var p curve.Point
		if _, err := p.VarTimeMultiScalarMult(scalars, points); err != nil || !sameAsDecred(&p, &dsum) {
			t.Fatalf("n=%d: MSM differs from decred's sum of products", n)
		}
	}
}
