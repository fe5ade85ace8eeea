package decred

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	our "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
)

// pointPair holds the same point in both libraries' types.
type pointPair struct {
	o our.JacobianPoint
	d dcr.JacobianPoint
}

// makePoints returns the pairs the point targets work on: k1·G and k2·G
// (ScalarBaseMultNonConst; infinity for k ≡ 0), both rescaled to
// Jacobian coordinates (x·z², y·z³, z) when z is a non-zero field value,
// the point parsed from pub when it parses, and −k1·G.
func makePoints(t *testing.T, in string, k1, k2, z, pub []byte) []pointPair {
	t.Helper()
	var ps []pointPair
	var zo our.FieldVal
	var zd dcr.FieldVal
	zo.SetByteSlice(z)
	zd.SetByteSlice(z)
	zo.Normalize()
	zd.Normalize()
	scale := func(p *pointPair) {
		if zd.IsZero() || p.d.Z.IsZero() {
			return
		}
		var z2o, z3o our.FieldVal
		var z2d, z3d dcr.FieldVal
		z2o.SquareVal(&zo)
		z3o.Mul2(&z2o, &zo)
		z2d.SquareVal(&zd)
		z3d.Mul2(&z2d, &zd)
		p.o.X.Mul(&z2o)
		p.o.Y.Mul(&z3o)
		p.o.Z.Mul(&zo)
		p.d.X.Mul(&z2d)
		p.d.Y.Mul(&z3d)
		p.d.Z.Mul(&zd)
		// decred's AddNonConst and DoubleNonConst require normalized
		// coordinates (their doc says so): given an unreduced Y, decred's
		// AddNonConst compares limbs, misses that the points are equal and
		// returns infinity for G + G, where compat/decred returns 2G. The
		// campaign found that (testdata 40a10dcbe8e73919); it is outside
		// the contract, so both get normalized points.
		p.o.X.Normalize()
		p.o.Y.Normalize()
		p.o.Z.Normalize()
		p.d.X.Normalize()
		p.d.Y.Normalize()
		p.d.Z.Normalize()
	}
	for i, k := range [][]byte{k1, k2} {
		var p pointPair
		var ko our.ModNScalar
		var kd dcr.ModNScalar
		ko.SetByteSlice(k)
		kd.SetByteSlice(k)
		our.ScalarBaseMultNonConst(&ko, &p.o)
		dcr.ScalarBaseMultNonConst(&kd, &p.d)
		same(t, in, fmt.Sprint("ScalarBaseMultNonConst k", i+1), oaff(&p.o), daff(&p.d))
		// The same point, one representative for both: decred's k·G ends
		// on the Z of its variable-time walk, ours is affine (not exact by
		// design: compat/decred/README.md); from here on both hold Z = 1,
		// then the same Z.
		p.o.ToAffine()
		p.d.ToAffine()
		scale(&p)
		ps = append(ps, p)
	}
	if opk, err := our.ParsePubKey(pub); err == nil {
		dpk, derr := dcr.ParsePubKey(pub)
		if derr != nil {
			t.Fatalf("DIFFERENCE ParsePubKey: p256k1 accepts, decred says %v\ninput: %s", derr, in)
		}
		var p pointPair
		opk.AsJacobian(&p.o)
		dpk.AsJacobian(&p.d)
		ps = append(ps, p)
	}
	neg := ps[0]
	neg.o.Y.Normalize().Negate(1).Normalize()
	neg.d.Y.Normalize().Negate(1).Normalize()
	return append(ps, neg)
}

func seedPoints(f *testing.F) {
	g := dcr.PrivKeyFromBytes([]byte{1}).PubKey().SerializeCompressed()
	vals := edge.Values()
	for i, a := range vals {
		for j, b := range vals {
			if i != j && j != 1 && (i+j)%4 != 0 {
				continue
			}
			z := vals[(i+j)%len(vals)]
			f.Add(bytes.Clone(a[:]), bytes.Clone(b[:]), bytes.Clone(z[:]), g, i%2 == 0)
		}
	}
	nm1 := edge.Bytes32(new(big.Int).Sub(edge.N, big.NewInt(1)))
	f.Add([]byte{1}, nm1[:], []byte{2}, g, true) // G + (−G)
	f.Add([]byte{2}, []byte{2}, []byte{}, g, false)
	for _, b := range edge.AllLengths() {
		f.Add([]byte{3}, []byte{5}, []byte{7}, b, true)
	}
}

// FuzzDecredPoints: ScalarBaseMultNonConst, AddNonConst (distinct, equal,
// opposite points, infinity, Z ≠ 1), DoubleNonConst, ScalarMultNonConst,
// EquivalentNonConst, ToAffine, DecompressY and the KoblitzCurve methods
// (IsOnCurve, Add, Double, ScalarMult, ScalarBaseMult), points compared in
// affine form.
func FuzzDecredPoints(f *testing.F) {
	seedPoints(f)
	f.Fuzz(func(t *testing.T, k1, k2, z, pub []byte, odd bool) {
		in := fmt.Sprintf("k1=%x k2=%x z=%x pub=%x odd=%v", k1, k2, z, pub, odd)
		ps := makePoints(t, in, k1, k2, z, pub)
		var ko our.ModNScalar
		var kd dcr.ModNScalar
		ko.SetByteSlice(k2)
		kd.SetByteSlice(k2)
		for i := range ps {
			for j := range ps {
				w := fmt.Sprintf("points %d, %d: ", i, j)
				var ro our.JacobianPoint
				var rd dcr.JacobianPoint
				our.AddNonConst(&ps[i].o, &ps[j].o, &ro)
				dcr.AddNonConst(&ps[i].d, &ps[j].d, &rd)
				same(t, in, w+"AddNonConst", oaff(&ro), daff(&rd))
				oe, de := ps[i].o.EquivalentNonConst(&ps[j].o), ps[i].d.EquivalentNonConst(&ps[j].d)
				truth := bytes.Equal(daff(&ps[i].d), daff(&ps[j].d))
				if oe != de && oe == truth && edge.Tolerate("decred-equivalent-negation") {
					continue // known finding: decred's answer is wrong, ours right
				}
				sameStr(t, in, w+"EquivalentNonConst", oe, de)
			}
			w := fmt.Sprintf("point %d: ", i)
			var ro our.JacobianPoint
			var rd dcr.JacobianPoint
			our.DoubleNonConst(&ps[i].o, &ro)
			dcr.DoubleNonConst(&ps[i].d, &rd)
			same(t, in, w+"DoubleNonConst", oaff(&ro), daff(&rd))
			our.ScalarMultNonConst(&ko, &ps[i].o, &ro)
			dcr.ScalarMultNonConst(&kd, &ps[i].d, &rd)
			same(t, in, w+"ScalarMultNonConst(k2)", oaff(&ro), daff(&rd))
		}
		// DecompressY on z as an x coordinate.
		var xo, yo our.FieldVal
		var xd, yd dcr.FieldVal
		xo.SetByteSlice(z)
		xd.SetByteSlice(z)
		okY := our.DecompressY(&xo, odd, &yo)
		sameStr(t, in, "DecompressY", okY, dcr.DecompressY(&xd, odd, &yd))
		if !okY && edge.Tolerate("decred-decompressy-invalid-y") {
			// Known finding: on failure decred leaves the root of
			// −(x³+7) unadjusted, ours adjusts its parity: equal up to sign.
			var ny dcr.FieldVal
			ny.NegateVal(&yd, 1)
			if o := ofv(&yo); o != dfv(&yd) && o != dfv(&ny) {
				t.Fatalf("DIFFERENCE DecompressY y (not even up to sign): p256k1 %x, decred %x\ninput: %s", o, dfv(&yd), in)
			}
		} else {
			same(t, in, "DecompressY y", ofv(&yo), dfv(&yd))
		}

		// KoblitzCurve on k1·G, k2·G and (z, y) from DecompressY.
		oc, dc := our.S256(), dcr.S256()
		x1, y1 := dc.ScalarBaseMult(k1)
		ox1, oy1 := oc.ScalarBaseMult(k1)
		sameStr(t, in, "S256().ScalarBaseMult(k1)", fmt.Sprint(ox1, oy1), fmt.Sprint(x1, y1))
		x2, y2 := dc.ScalarBaseMult(k2)
		yb := dfv(&yd)
		zx, zy := new(big.Int).SetBytes(z), new(big.Int).SetBytes(yb[:])
		sameStr(t, in, "S256().IsOnCurve(z, y)", oc.IsOnCurve(zx, zy), dc.IsOnCurve(zx, zy))
		sameStr(t, in, "S256().IsOnCurve(k1·G)", oc.IsOnCurve(x1, y1), dc.IsOnCurve(x1, y1))
		ax, ay := oc.Add(x1, y1, x2, y2)
		bx, by := dc.Add(x1, y1, x2, y2)
		sameStr(t, in, "S256().Add", fmt.Sprint(ax, ay), fmt.Sprint(bx, by))
		ax, ay = oc.Double(x1, y1)
		bx, by = dc.Double(x1, y1)
		sameStr(t, in, "S256().Double", fmt.Sprint(ax, ay), fmt.Sprint(bx, by))
		ax, ay = oc.ScalarMult(x1, y1, k2)
		bx, by = dc.ScalarMult(x1, y1, k2)
		sameStr(t, in, "S256().ScalarMult", fmt.Sprint(ax, ay), fmt.Sprint(bx, by))
	})
}
