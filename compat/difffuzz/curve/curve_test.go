// Package curve holds the differential target of p256k1's public curve
// package against decred v4.4.1's FieldVal, ModNScalar and point
// functions.
package curve

import (
	"bytes"
	"fmt"
	"testing"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
	"github.com/p256k1/p256k1/curve"
)

func diff(t *testing.T, in, what string, ours, theirs any) {
	t.Helper()
	if fmt.Sprintf("%x", ours) != fmt.Sprintf("%x", theirs) {
		t.Fatalf("DIFFERENCE %s: p256k1 %x, decred %x\ninput: %s", what, ours, theirs, in)
	}
}

func dfv(f *dcr.FieldVal) [32]byte {
	var c dcr.FieldVal
	c.Set(f).Normalize()
	return *c.Bytes()
}

// daff is a decred point's affine encoding as curve.Point.Bytes gives it
// (65 bytes 04 ‖ x ‖ y), or the single byte 0 for infinity.
func daff(p *dcr.JacobianPoint) []byte {
	q := *p
	// decred's infinity: Z = 0, or X = Y = 0 (what its NonConst functions return).
	if (&q.Z).Normalize().IsZero() || ((&q.X).Normalize().IsZero() && (&q.Y).Normalize().IsZero()) {
		return []byte{0}
	}
	q.ToAffine()
	x, y := dfv(&q.X), dfv(&q.Y)
	return append(append([]byte{4}, x[:]...), y[:]...)
}

func oaff(p *curve.Point) []byte {
	if p.IsIdentity() == 1 {
		return []byte{0}
	}
	return p.Bytes()
}

// FuzzCurveArith: FieldElement (SetBytes32, SetCanonicalBytes, Add,
// Subtract, Multiply, Square, Invert, InvertVarTime, Negate, SquareRoot,
// IsOdd, IsZero) against FieldVal; Scalar (SetBytes32, SetCanonicalBytes,
// Add, Subtract, Multiply, MultiplyAdd, Square, Invert, InvertVarTime,
// Negate, IsHigh, IsOdd) against ModNScalar.
func FuzzCurveArith(f *testing.F) {
	for i, a := range edge.Values() {
		for j, b := range edge.Values() {
			if i == j || j < 2 || (i+j)%3 == 0 {
				f.Add(bytes.Clone(a[:]), bytes.Clone(b[:]))
			}
		}
	}
	for _, b := range edge.AllLengths() {
		f.Add(b, b)
	}
	f.Fuzz(func(t *testing.T, ab, bb []byte) {
		in := fmt.Sprintf("a=%x b=%x", ab, bb)
		var a32, b32 [32]byte
		copy(a32[:], ab)
		copy(b32[:], bb)
		// Field.
		var fa, fb, fr curve.FieldElement
		var da, db, dr dcr.FieldVal
		oo := fa.SetBytes32(&a32)
		do := da.SetBytes(&a32)
		diff(t, in, "FieldElement.SetBytes32 overflow", oo, do)
		fb.SetBytes32(&b32)
		db.SetBytes(&b32)
		_, cerr := new(curve.FieldElement).SetCanonicalBytes(ab)
		var dc dcr.FieldVal
		canon := len(ab) == 32 && dc.SetByteSlice(ab) == false
		diff(t, in, "FieldElement.SetCanonicalBytes accepts", cerr == nil, canon)
		diff(t, in, "Field a", fa.Bytes32(), dfv(&da))
		diff(t, in, "Field a+b", fr.Add(&fa, &fb).Bytes32(), dfv(dr.Add2(&da, &db)))
		diff(t, in, "Field a−b", fr.Subtract(&fa, &fb).Bytes32(), dfv(dr.NegateVal(&db, 1).Add(&da)))
		diff(t, in, "Field a·b", fr.Multiply(&fa, &fb).Bytes32(), dfv(dr.Mul2(&da, &db)))
		diff(t, in, "Field a²", fr.Square(&fa).Bytes32(), dfv(dr.SquareVal(&da)))
		diff(t, in, "Field −a", fr.Negate(&fa).Bytes32(), dfv(dr.NegateVal(&da, 1)))
		diff(t, in, "Field 1/a", fr.Invert(&fa).Bytes32(), dfv(dr.Set(&da).Inverse()))
		diff(t, in, "Field 1/a (var time)", fr.InvertVarTime(&fa).Bytes32(), dfv(dr.Set(&da).Inverse()))
		_, ok := fr.SquareRoot(&fa)
		dok := dr.SquareRootVal(&da)
		diff(t, in, "Field √a exists", ok == 1, dok)
		if dok {
			var neg dcr.FieldVal
			neg.NegateVal(&dr, 1)
			if r := fr.Bytes32(); r != dfv(&dr) && r != dfv(&neg) {
				t.Fatalf("DIFFERENCE Field √a: p256k1 %x, decred ±%x\ninput: %s", r, dfv(&dr), in)
			}
		}
		var dn dcr.FieldVal
		dn.Set(&da).Normalize()
		diff(t, in, "Field IsOdd", fa.IsOdd() == 1, dn.IsOdd())
		diff(t, in, "Field IsZero", fa.IsZero() == 1, dn.IsZero())
		// Scalars.
		var sa, sb, sr curve.Scalar
		var na, nb, nr dcr.ModNScalar
		diff(t, in, "Scalar.SetBytes32 overflow", sa.SetBytes32(&a32), na.SetBytes(&a32))
		sb.SetBytes32(&b32)
		nb.SetBytes(&b32)
		_, cerr = new(curve.Scalar).SetCanonicalBytes(ab)
		var nc dcr.ModNScalar
		diff(t, in, "Scalar.SetCanonicalBytes accepts", cerr == nil, len(ab) == 32 && !nc.SetByteSlice(ab))
		diff(t, in, "Scalar a", sa.Bytes32(), na.Bytes())
		diff(t, in, "Scalar a+b", sr.Add(&sa, &sb).Bytes32(), nr.Add2(&na, &nb).Bytes())
		diff(t, in, "Scalar a−b", sr.Subtract(&sa, &sb).Bytes32(), nr.NegateVal(&nb).Add(&na).Bytes())
		diff(t, in, "Scalar a·b", sr.Multiply(&sa, &sb).Bytes32(), nr.Mul2(&na, &nb).Bytes())
		diff(t, in, "Scalar a·b+a", sr.MultiplyAdd(&sa, &sb, &sa).Bytes32(), nr.Mul2(&na, &nb).Add(&na).Bytes())
		diff(t, in, "Scalar a²", sr.Square(&sa).Bytes32(), nr.SquareVal(&na).Bytes())
		diff(t, in, "Scalar −a", sr.Negate(&sa).Bytes32(), nr.NegateVal(&na).Bytes())
		diff(t, in, "Scalar 1/a", sr.Invert(&sa).Bytes32(), nr.InverseValNonConst(&na).Bytes())
		diff(t, in, "Scalar 1/a (var time)", sr.InvertVarTime(&sa).Bytes32(), nr.InverseValNonConst(&na).Bytes())
		diff(t, in, "Scalar IsHigh", sa.IsHigh() == 1, na.IsOverHalfOrder())
		diff(t, in, "Scalar IsOdd", sa.IsOdd() == 1, na.IsOdd())
		diff(t, in, "Scalar IsZero", sa.IsZero() == 1, na.IsZero())
	})
}

// FuzzCurvePoints: Point.SetBytes (any encoding) against ParsePubKey,
// Bytes, BytesCompressed; ScalarBaseMult, ScalarMult, VarTimeScalarMult,
// Add, VarTimeAdd, Double, Subtract, Negate and
// VarTimeDoubleScalarBaseMult against ScalarBaseMultNonConst,
// ScalarMultNonConst, AddNonConst and DoubleNonConst, in affine form.
func FuzzCurvePoints(f *testing.F) {
	g := dcr.PrivKeyFromBytes([]byte{1}).PubKey()
	for i, k := range edge.Values() {
		m := edge.Values()[(i*5+1)%len(edge.Values())]
		f.Add(g.SerializeCompressed(), bytes.Clone(k[:]), bytes.Clone(m[:]))
		f.Add(g.SerializeUncompressed(), bytes.Clone(m[:]), bytes.Clone(k[:]))
		f.Add(append([]byte{2}, k[:]...), []byte{3}, bytes.Clone(k[:]))
	}
	for _, b := range edge.AllLengths() {
		f.Add(b, b, []byte{1})
	}
	f.Fuzz(func(t *testing.T, enc, k1, k2 []byte) {
		in := fmt.Sprintf("point=%x k1=%x k2=%x", enc, k1, k2)
		var p curve.Point
		_, err := p.SetBytes(enc)
		dpk, derr := dcr.ParsePubKey(enc)
		if (err == nil) != (derr == nil) {
			// Not compared (curve is not a drop-in): decred accepts the
			// hybrid prefixes 06 and 07, which p256k1 refuses, and curve
			// encodes the identity as the single byte 00.
			hybrid := derr == nil && len(enc) == 65 && (enc[0] == 6 || enc[0] == 7)
			if !hybrid && !bytes.Equal(enc, []byte{0}) {
				t.Fatalf("DIFFERENCE SetBytes/ParsePubKey: p256k1 %v, decred %v\ninput: %s", err, derr, in)
			}
		}
		var dp dcr.JacobianPoint
		if err == nil && derr == nil {
			dpk.AsJacobian(&dp)
			diff(t, in, "Bytes", p.Bytes(), dpk.SerializeUncompressed())
			diff(t, in, "BytesCompressed", p.BytesCompressed(), dpk.SerializeCompressed())
		} else {
			p.SetGenerator()
			g.AsJacobian(&dp)
		}
		var a32, b32 [32]byte
		copy(a32[:], k1)
		copy(b32[:], k2)
		var s1, s2 curve.Scalar
		var n1, n2 dcr.ModNScalar
		s1.SetBytes32(&a32)
		s2.SetBytes32(&b32)
		n1.SetBytes(&a32)
		n2.SetBytes(&b32)
		var q, r, u curve.Point
		var dq, dr, du dcr.JacobianPoint
		q.ScalarBaseMult(&s1)
		dcr.ScalarBaseMultNonConst(&n1, &dq)
		diff(t, in, "ScalarBaseMult(k1)", oaff(&q), daff(&dq))
		r.ScalarMult(&s2, &p)
		dcr.ScalarMultNonConst(&n2, &dp, &dr)
		diff(t, in, "ScalarMult(k2, P)", oaff(&r), daff(&dr))
		diff(t, in, "VarTimeScalarMult(k2, P)", oaff(u.VarTimeScalarMult(&s2, &p)), daff(&dr))
		dcr.AddNonConst(&dq, &dr, &du)
		diff(t, in, "Add", oaff(u.Add(&q, &r)), daff(&du))
		diff(t, in, "VarTimeAdd", oaff(u.VarTimeAdd(&q, &r)), daff(&du))
		diff(t, in, "VarTimeDoubleScalarBaseMult(k2, P, k1)", oaff(u.VarTimeDoubleScalarBaseMult(&s2, &p, &s1)), daff(&du))
		dcr.AddNonConst(&dq, &dq, &du)
		diff(t, in, "Add(Q, Q)", oaff(u.Add(&q, &q)), daff(&du))
		dcr.DoubleNonConst(&dr, &du)
		diff(t, in, "Double", oaff(u.Double(&r)), daff(&du))
		var dneg dcr.JacobianPoint
		dneg.Set(&dr)
		dneg.Y.Normalize().Negate(1).Normalize()
		diff(t, in, "Negate", oaff(u.Negate(&r)), daff(&dneg))
		dcr.AddNonConst(&dq, &dneg, &du)
		diff(t, in, "Subtract", oaff(u.Subtract(&q, &r)), daff(&du))
		dcr.AddNonConst(&dr, &dneg, &du)
		diff(t, in, "R − R", oaff(u.Subtract(&r, &r)), daff(&du))
	})
}
