package main

import (
	"github.com/p256k1/p256k1/curve"
	"github.com/p256k1/p256k1/internal/ctime"
)

// Cases for the public curve package: every method whose name does not
// say VarTime, on secret scalars, field elements and points. (The
// decoders SetBytes and SetXOnlyBytes are variable time on their public
// input and have no case; the VarTime methods are for public data.)

func init() {
	register("curve.Scalar (arithmetic)", caseCurveScalarOps)
	register("curve.Scalar (decoding)", caseCurveScalarDecode)
	register("curve.FieldElement (arithmetic)", caseCurveFieldOps)
	register("curve.FieldElement (decoding)", caseCurveFieldDecode)
	register("curve.Point.ScalarBaseMult", caseCurveScalarBaseMult)
	register("curve.Point.ScalarMult", caseCurveScalarMult)
	register("curve.Point (group law)", caseCurveGroupLaw)
	register("curve.Point (encodings)", caseCurveEncodings)
	register("curve.BatchBytes", caseCurveBatch)
	register("curve (key conversions)", caseCurveKeys)
	register("curve.Point.HashToCurve", caseCurveHashToCurve)
}

// curveScalar returns a secret scalar from 32 classified bytes.
func (in *inputs) curveScalar() curve.Scalar {
	var s curve.Scalar
	s.SetBytes32(in.secret32())
	return s
}

// curveField returns a secret field element from 32 classified bytes.
func (in *inputs) curveField() curve.FieldElement {
	var v curve.FieldElement
	v.SetBytes32(in.secret32())
	return v
}

// curvePoint returns a secret point k·G for a secret k (Z ≠ 1).
func (in *inputs) curvePoint() curve.Point {
	k := in.curveScalar()
	var p curve.Point
	p.ScalarBaseMult(&k)
	return p
}

// secretBit returns a classified 0 or 1.
func (in *inputs) secretBit() int {
	b := int(in.rng.Uint64() & 1)
	ctime.Classify(&b)
	return b
}

// checkInt declassifies a predicate's result (checked for correctness only)
// and compares it with want.
func checkInt(got, want int) error {
	public(&got) // checked for correctness only
	public(&want)
	if got != want {
		return errWrong
	}
	return nil
}

func caseCurveScalarOps(in *inputs) error {
	a, b := in.curveScalar(), in.curveScalar()
	cond := in.secretBit()
	var r, t, u curve.Scalar
	r.Add(&a, &b).Subtract(&r, &b) // a
	t.Multiply(&a, &a)
	u.Square(&a)
	ok := r.Equal(&a) & t.Equal(&u)
	t.Invert(&a).Multiply(&t, &a) // 1 (a ≠ 0 but with probability 2^−256)
	ok &= t.Equal(new(curve.Scalar).SetUint64(1))
	t.MultiplyAdd(&a, &b, &a)
	u.Multiply(&a, &b).Add(&u, &a)
	ok &= t.Equal(&u)
	t.Negate(&a).Add(&t, &a)
	ok &= t.IsZero()
	t.CondNegate(&a, cond)
	u.Negate(&a)
	u.Select(&u, &a, cond)
	ok &= t.Equal(&u)
	// IsHigh(a) and IsHigh(−a) differ for a ≠ 0; IsOdd likewise (n is odd).
	t.Negate(&a)
	ok &= a.IsHigh() ^ t.IsHigh()
	ok &= a.IsOdd() ^ t.IsOdd()
	x := u.SetUint64(uint64(cond) + 41).Bytes32()
	bs := a.Bytes()
	b32 := a.Bytes32()
	public(&x) // checked for correctness only
	public(&cond)
	public(&bs[0])
	public(&b32[0])
	if x[31] != 41+byte(cond) || x[30] != 0 || bs[0] != b32[0] {
		return errWrong
	}
	return checkInt(ok, 1)
}

func caseCurveScalarDecode(in *inputs) error {
	b := in.secret32()
	var s, t curve.Scalar
	over := s.SetBytes32(b)
	public(&over) // probability < 2^−127 of being 1; checked for correctness only
	if over != 0 {
		return nil
	}
	if _, err := t.SetCanonicalBytes(b[:]); err != nil {
		return err
	}
	ok := s.Equal(&t)
	t.SetReducedBytes(b[:])
	ok &= s.Equal(&t)
	wide := in.secretBytes(64)
	for i := range 32 {
		wide[i] = 0 // high half zero: the wide reduction is then b mod n
	}
	copy(wide[32:], b[:])
	t.SetUniformBytes(wide)
	ok &= s.Equal(&t)
	return checkInt(ok, 1)
}

func caseCurveFieldOps(in *inputs) error {
	a, b := in.curveField(), in.curveField()
	cond := in.secretBit()
	var r, t, u curve.FieldElement
	r.Add(&a, &b).Subtract(&r, &b)
	t.Multiply(&a, &a)
	u.Square(&a)
	ok := r.Equal(&a) & t.Equal(&u)
	t.Invert(&a).Multiply(&t, &a)
	ok &= t.Equal(new(curve.FieldElement).One())
	t.Negate(&a).Add(&t, &a)
	ok &= t.IsZero()
	// SquareRoot: of a², a square; the root is ±a.
	u.Square(&a)
	_, isSq := t.SquareRoot(&u)
	ok &= isSq
	var n curve.FieldElement
	n.Negate(&a)
	ok &= t.Equal(&a) | t.Equal(&n)
	ok &= a.IsOdd() ^ n.IsOdd() // p is odd and a ≠ 0
	t.CondNegate(&a, cond)
	u.Select(&n, &a, cond)
	ok &= t.Equal(&u)
	t.Zero()
	ok &= t.IsZero()
	x := t.SetUint64(uint64(cond) + 7).Bytes32()
	bs := a.Bytes()
	b32 := a.Bytes32()
	public(&x) // checked for correctness only
	public(&cond)
	public(&bs[0])
	public(&b32[0])
	if x[31] != 7+byte(cond) || bs[0] != b32[0] {
		return errWrong
	}
	return checkInt(ok, 1)
}

func caseCurveFieldDecode(in *inputs) error {
	b := in.secret32()
	var v, t curve.FieldElement
	over := v.SetBytes32(b)
	public(&over) // probability < 2^−223 of being 1; checked for correctness only
	if over != 0 {
		return nil
	}
	if _, err := t.SetCanonicalBytes(b[:]); err != nil {
		return err
	}
	return checkInt(v.Equal(&t), 1)
}

func caseCurveScalarBaseMult(in *inputs) error {
	k := in.curveScalar()
	var p, q curve.Point
	p.ScalarBaseMult(&k)
	q.ScalarMult(&k, curve.NewGeneratorPoint())
	return checkInt(p.Equal(&q), 1)
}

// caseCurveScalarMult: a secret scalar times a secret point (in Jacobian
// form with Z ≠ 1): (a·b)·G = a·(b·G).
func caseCurveScalarMult(in *inputs) error {
	a, b := in.curveScalar(), in.curveScalar()
	var bG, p, q curve.Point
	bG.ScalarBaseMult(&b)
	p.ScalarMult(&a, &bG)
	var ab curve.Scalar
	ab.Multiply(&a, &b)
	q.ScalarBaseMult(&ab)
	return checkInt(p.Equal(&q), 1)
}

func caseCurveGroupLaw(in *inputs) error {
	p, q := in.curvePoint(), in.curvePoint()
	cond := in.secretBit()
	var r, s, t curve.Point
	r.Add(&p, &q).Subtract(&r, &q)
	ok := r.Equal(&p)
	r.Add(&p, &p) // the doubling case, chosen by masks
	s.Double(&p)
	ok &= r.Equal(&s)
	r.Add(&p, t.Negate(&p)) // the identity case
	ok &= r.IsIdentity()
	ok &= p.IsIdentity() ^ 1
	r.CondNegate(&p, cond)
	s.Select(&t, &p, cond)
	ok &= r.Equal(&s)
	var id curve.Point
	r.Add(&id, &p) // the identity as an operand
	ok &= r.Equal(&p)
	return checkInt(ok, 1)
}

func caseCurveEncodings(in *inputs) error {
	p := in.curvePoint()
	unc := p.Bytes()
	comp := p.BytesCompressed()
	xb, err := p.BytesX()
	if err != nil {
		return err
	}
	ax, ay, err := p.AffineBytes()
	if err != nil {
		return err
	}
	var x, y curve.FieldElement
	if err := p.AffineCoordinates(&x, &y); err != nil {
		return err
	}
	var q, r curve.Point
	if _, err := q.SetAffineCoordinates(&x, &y); err != nil {
		return err
	}
	ok := q.Equal(&p)
	var X, Y, Z curve.FieldElement
	p.JacobianCoordinates(&X, &Y, &Z)
	if _, err := r.SetJacobianCoordinates(&X, &Y, &Z); err != nil {
		return err
	}
	ok &= r.Equal(&p)
	ok &= r.SetJacobianCoordinatesUnchecked(&X, &Y, &Z).Equal(&p)
	xa := x.Bytes32()
	public(&xa) // checked for correctness only
	ctime.DeclassifyBytes(unc)
	ctime.DeclassifyBytes(comp)
	ctime.DeclassifyBytes(xb)
	public(&ax)
	public(&ay)
	if len(unc) != 65 || string(unc[1:33]) != string(xa[:]) || string(comp[1:]) != string(xa[:]) ||
		string(xb) != string(xa[:]) || ax != xa || string(ay[:]) != string(unc[33:]) {
		return errWrong
	}
	return checkInt(ok, 1)
}

func caseCurveBatch(in *inputs) error {
	var ps [4]curve.Point
	var pp [4]*curve.Point
	for i := range ps {
		ps[i] = in.curvePoint()
		pp[i] = &ps[i]
	}
	var comp [4][33]byte
	var unc [4][65]byte
	if err := curve.BatchBytesCompressed(comp[:], pp[:]); err != nil {
		return err
	}
	if err := curve.BatchBytes(unc[:], pp[:]); err != nil {
		return err
	}
	for i := range ps {
		c := ps[i].BytesCompressed()
		ctime.DeclassifyBytes(c) // checked for correctness only
		public(&comp[i])
		public(&unc[i])
		if string(c) != string(comp[i][:]) || string(unc[i][1:33]) != string(c[1:]) {
			return errWrong
		}
	}
	return nil
}

// caseCurveKeys: conversions between secret scalars and private keys, and
// from secret-derived points to public keys (declassified inside: a public
// key is public).
func caseCurveKeys(in *inputs) error {
	k := in.privateKey()
	var s curve.Scalar
	if _, err := s.SetPrivateKey(&k); err != nil {
		return err
	}
	k2, err := s.PrivateKey()
	if err != nil {
		return err
	}
	same := k2.Equal(&k)
	public(&same) // checked for correctness only
	if !same {
		return errWrong
	}
	var p curve.Point
	p.ScalarBaseMult(&s)
	pub, err := p.PublicKey()
	if err != nil {
		return err
	}
	xo, parity, err := p.XOnlyPublicKey()
	if err != nil {
		return err
	}
	want := k.PublicKey()
	public(&want) // a public key
	wx, wp := want.XOnly()
	if !pub.Equal(&want) || !xo.Equal(&wx) || parity != wp {
		return errWrong
	}
	var x, y curve.FieldElement
	if err := p.AffineCoordinates(&x, &y); err != nil {
		return err
	}
	nk, err := curve.NewPublicKey(&x, &y) // from secret-derived coordinates
	if err != nil {
		return err
	}
	if !nk.Equal(&want) || curve.PublicKeyCoordinates(&nk, &x, &y) != nil {
		return errWrong
	}
	var q curve.Point
	if _, err := q.SetPublicKey(&pub); err != nil {
		return err
	}
	if _, err := q.SetXOnlyPublicKey(&xo); err != nil {
		return err
	}
	return nil
}

// caseCurveHashToCurve: the message (and the field element of MapToCurve)
// is secret; the domain separation tag is public.
func caseCurveHashToCurve(in *inputs) error {
	msg := in.secretBytes(40)
	dst := []byte("p256k1-ctime-HashToCurve")
	var p, q, r, s curve.Point
	if _, err := p.HashToCurve(msg, dst); err != nil {
		return err
	}
	var u [2]curve.FieldElement
	if err := curve.HashToField(u[:], msg, dst); err != nil {
		return err
	}
	q.MapToCurve(&u[0])
	r.MapToCurve(&u[1])
	ok := q.Add(&q, &r).Equal(&p)
	if _, err := s.EncodeToCurve(msg, dst); err != nil {
		return err
	}
	var u1 [1]curve.FieldElement
	curve.HashToField(u1[:], msg, dst)
	ok &= r.MapToCurve(&u1[0]).Equal(&s)
	var k, k2 curve.Scalar
	if _, err := k.HashToScalar(msg, dst); err != nil {
		return err
	}
	var wide [64]byte
	if err := curve.ExpandMessageXMD(wide[16:], msg, dst); err != nil {
		return err
	}
	k2.SetUniformBytes(wide[:])
	ok &= k.Equal(&k2)
	return checkInt(ok, 1)
}
