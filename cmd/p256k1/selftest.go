package main

import (
	"encoding/hex"
	"fmt"
	"io"
	"time"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Known answers below were computed independently with Python's integers;
// the curve constants are from SEC 2, section 2.4.1.
const (
	hexGx      = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	hexGy      = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
	hexGxGy    = "fd3dc529c6eb60fb9d166034cf3c1a5a72324aa9dfd3428a56d7e1ce0179fd9b" // Gx·Gy mod p
	hexGxInv   = "237afdf1d2938d86870aaeb8ad77626a67b8e794abfb076be61d003687ca9ef6" // Gx⁻¹ mod p
	hexPMinus1 = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e"
	hexSa      = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	hexSb      = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"
	hexSaSb    = "a5393281d581eac38aa0b5b7a460398562c086099ee7fe5700c013d19c7b1d99" // a·b mod n
	hexSbInv   = "518cea05ae1f817b45369c11f081280113070ec26d382a3ef7c9cc9ca600fa5b" // b⁻¹ mod n
	hexNMinus1 = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"
	hexLambda  = "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72"
	hexBeta    = "7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee"
	hex2Gx     = "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
	hex3Gx     = "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"
)

func b32(s string) *[32]byte {
	var b [32]byte
	if n, err := hex.Decode(b[:], []byte(s)); err != nil || n != 32 {
		panic("selftest: bad constant " + s)
	}
	return &b
}

func fe(s string) *field.Element {
	var v field.Element
	if v.SetBytes(b32(s)) != 0 {
		panic("selftest: constant not below p")
	}
	return &v
}

func sc(s string) *scalar.Scalar {
	var v scalar.Scalar
	if v.SetBytes(b32(s)) != 0 {
		panic("selftest: constant not below n")
	}
	return &v
}

func feHex(v *field.Element) string {
	var t field.Element
	var b [32]byte
	t.Set(v).Normalize().Bytes(&b)
	return hex.EncodeToString(b[:])
}

func scHex(v *scalar.Scalar) string {
	var b [32]byte
	v.Bytes(&b)
	return hex.EncodeToString(b[:])
}

type check struct {
	name string
	run  func() error
}

func expect(what, got, want string) error {
	if got != want {
		return fmt.Errorf("%s = %s, want %s", what, got, want)
	}
	return nil
}

// scalarMulSlow computes k·P by double-and-add over the bits of k with the
// group's variable-time additions: an implementation path that shares no code
// with the multiplication engines.
func scalarMulSlow(r *group.Jacobian, p *group.Affine, k *scalar.Scalar) {
	r.SetInfinity()
	for i := 255; i >= 0; i-- {
		r.DoubleVar(r, nil)
		if k.BitsVar(uint(i), 1) == 1 {
			r.AddAffineVar(r, p, nil)
		}
	}
}

var checks = []check{
	{"field mul", func() error {
		var v field.Element
		return expect("Gx·Gy", feHex(v.Mul(fe(hexGx), fe(hexGy))), hexGxGy)
	}},
	{"field square", func() error {
		var v field.Element
		return expect("(p−1)²", feHex(v.Square(fe(hexPMinus1))), "0000000000000000000000000000000000000000000000000000000000000001")
	}},
	{"field inverse (constant time)", func() error {
		var v field.Element
		return expect("Gx⁻¹", feHex(v.Invert(fe(hexGx))), hexGxInv)
	}},
	{"field inverse (variable time)", func() error {
		var v field.Element
		return expect("Gx⁻¹", feHex(v.InvertVar(fe(hexGx))), hexGxInv)
	}},
	{"field sqrt", func() error {
		// Gy is a square root of Gx³ + 7.
		var c, y, neg field.Element
		c.Square(fe(hexGx)).Mul(&c, fe(hexGx)).Add(&c, new(field.Element).SetInt(7))
		if _, ok := y.Sqrt(&c); ok != 1 {
			return fmt.Errorf("Gx³+7 reported as a non-square")
		}
		neg.Negate(&y, 1)
		if feHex(&y) != hexGy && feHex(&neg) != hexGy {
			return fmt.Errorf("sqrt(Gx³+7) = ±%s, want ±%s", feHex(&y), hexGy)
		}
		if _, ok := y.Sqrt(new(field.Element).SetInt(5)); ok != 0 {
			return fmt.Errorf("5 reported as a square mod p")
		}
		return nil
	}},
	{"scalar mul", func() error {
		var v scalar.Scalar
		return expect("a·b", scHex(v.Mul(sc(hexSa), sc(hexSb))), hexSaSb)
	}},
	{"scalar inverse (constant time)", func() error {
		var v scalar.Scalar
		return expect("b⁻¹", scHex(v.Invert(sc(hexSb))), hexSbInv)
	}},
	{"scalar inverse (variable time)", func() error {
		var v scalar.Scalar
		return expect("b⁻¹", scHex(v.InvertVar(sc(hexSb))), hexSbInv)
	}},
	{"scalar λ³ = 1 and GLV split", func() error {
		var l3, r1, r2, back scalar.Scalar
		l := sc(hexLambda)
		l3.Mul(l, l).Mul(&l3, l)
		if l3.IsOne() != 1 {
			return fmt.Errorf("λ³ = %s", scHex(&l3))
		}
		k := sc(hexSb)
		scalar.SplitLambda(&r1, &r2, k)
		back.Mul(&r2, l).Add(&back, &r1)
		return expect("k1 + k2·λ", scHex(&back), hexSb)
	}},
	{"group: 2G, 3G, n·G = ∞, (n−1)·G = −G", func() error {
		var g, a group.Affine
		var j, k group.Jacobian
		g.SetGenerator()
		if !g.IsValidVar() {
			return fmt.Errorf("G is not on the curve")
		}
		j.SetAffine(&g).Double(&j)
		a.SetJacobian(&j)
		if err := expect("x(2G)", feHex(&a.X), hex2Gx); err != nil {
			return err
		}
		j.AddAffine(&j, &g)
		a.SetJacobian(&j)
		if err := expect("x(3G)", feHex(&a.X), hex3Gx); err != nil {
			return err
		}
		scalarMulSlow(&k, &g, sc(hexNMinus1))
		a.SetJacobian(&k)
		var negG group.Affine
		negG.Negate(&g)
		if !a.EqualVar(&negG) {
			return fmt.Errorf("(n−1)·G ≠ −G")
		}
		k.AddAffine(&k, &g) // (n−1)·G + G = n·G
		if k.Infinity != 1 {
			return fmt.Errorf("n·G ≠ ∞")
		}
		return nil
	}},
	{"group: λ·G = (β·Gx, Gy)", func() error {
		var g, lg, want group.Affine
		var j group.Jacobian
		g.SetGenerator()
		scalarMulSlow(&j, &g, sc(hexLambda))
		lg.SetJacobian(&j)
		want.MulLambda(&g)
		var bx field.Element
		bx.Mul(fe(hexBeta), fe(hexGx))
		if !lg.EqualVar(&want) || feHex(&want.X) != feHex(&bx) {
			return fmt.Errorf("λ·G = (%s, …), want (%s, …)", feHex(&lg.X), feHex(&bx))
		}
		return nil
	}},
	{"engine k·G (constant time, blinded comb)", func() error {
		var g group.Affine
		var want, got group.Jacobian
		g.SetGenerator()
		k := sc(hexSa)
		scalarMulSlow(&want, &g, k)
		ecmultgen.NewContext().Mul(&got, k)
		return sameJacobian("k·G", &got, &want)
	}},
	{"engine a·P + b·G (variable time, Strauss-wNAF)", func() error {
		var got group.Jacobian
		_, pj, a, b, want := linComb()
		ecmult.DoubleBaseVar(&got, a, &pj, b)
		return sameJacobian("a·P + b·G", &got, &want)
	}},
	{"engine a·P + b·G = Q (variable time, short relation)", func() error {
		var q group.Affine
		p, _, a, b, want := linComb()
		q.SetJacobianVar(&want)
		if !ecmult.EqualDoubleBaseVar(&q, a, &p, b) {
			return fmt.Errorf("a·P + b·G = Q reported false")
		}
		q.Negate(&q)
		if ecmult.EqualDoubleBaseVar(&q, a, &p, b) {
			return fmt.Errorf("a·P + b·G = −Q reported true")
		}
		return nil
	}},
	{"engine k·P (constant time, GLV windows)", func() error {
		var g, p group.Affine
		var pj, want, got group.Jacobian
		g.SetGenerator()
		scalarMulSlow(&pj, &g, sc(hexSb))
		p.SetJacobianVar(&pj)
		k := sc(hexNMinus1)
		scalarMulSlow(&want, &p, k)
		ecmultconst.Mul(&got, &p, k)
		return sameJacobian("k·P", &got, &want)
	}},
}

// linComb returns the variable-time engines' case: P = sb·G (affine and
// Jacobian), a, b and the slow a·P + b·G.
func linComb() (p group.Affine, pj group.Jacobian, a, b *scalar.Scalar, want group.Jacobian) {
	var g group.Affine
	var aP, bG group.Jacobian
	g.SetGenerator()
	scalarMulSlow(&pj, &g, sc(hexSb))
	p.SetJacobianVar(&pj)
	a, b = sc(hexSa), sc(hexSbInv)
	scalarMulSlow(&aP, &p, a)
	scalarMulSlow(&bG, &g, b)
	want.AddVar(&aP, &bG, nil)
	return p, pj, a, b, want
}

// sameJacobian compares two points by their affine coordinates.
func sameJacobian(what string, got, want *group.Jacobian) error {
	if !got.EqualVar(want) {
		var a, b group.Affine
		a.SetJacobianVar(got)
		b.SetJacobianVar(want)
		return fmt.Errorf("%s: x = %s, want %s", what, feHex(&a.X), feHex(&b.X))
	}
	return nil
}

type timing struct {
	name string
	run  func(n int)
}

func timings() []timing {
	a, b := fe(hexGx), fe(hexGy)
	sa, sb := sc(hexSa), sc(hexSb)
	var fv field.Element
	var sv scalar.Scalar
	var g group.Affine
	g.SetGenerator()
	var j, j2 group.Jacobian
	j.SetAffine(&g).Double(&j)
	j2.SetAffine(&g)
	batchIn := make([]group.Jacobian, 64)
	batchOut := make([]group.Affine, 64)
	for i := range batchIn {
		batchIn[i].SetAffine(&g)
		if i > 0 {
			batchIn[i].AddVar(&batchIn[i-1], &j, nil)
		}
	}
	return []timing{
		{"field mul", func(n int) {
			fv.Set(a)
			for i := 0; i < n; i++ {
				fv.Mul(&fv, b)
			}
		}},
		{"field square", func(n int) {
			fv.Set(a)
			for i := 0; i < n; i++ {
				fv.Square(&fv)
			}
		}},
		{"field inverse (constant time)", func(n int) {
			fv.Set(a)
			for i := 0; i < n; i++ {
				fv.Invert(&fv)
			}
		}},
		{"field inverse (variable time)", func(n int) {
			fv.Set(a)
			for i := 0; i < n; i++ {
				fv.InvertVar(&fv)
			}
		}},
		{"field sqrt", func(n int) {
			fv.Set(a)
			for i := 0; i < n; i++ {
				fv.Sqrt(&fv)
			}
		}},
		{"scalar mul", func(n int) {
			sv.Set(sa)
			for i := 0; i < n; i++ {
				sv.Mul(&sv, sb)
			}
		}},
		{"scalar inverse (constant time)", func(n int) {
			sv.Set(sa)
			for i := 0; i < n; i++ {
				sv.Invert(&sv)
			}
		}},
		{"scalar inverse (variable time)", func(n int) {
			sv.Set(sa)
			for i := 0; i < n; i++ {
				sv.InvertVar(&sv)
			}
		}},
		{"scalar GLV split", func(n int) {
			var r1, r2 scalar.Scalar
			for i := 0; i < n; i++ {
				scalar.SplitLambda(&r1, &r2, sb)
			}
		}},
		{"point double", func(n int) {
			for i := 0; i < n; i++ {
				j.Double(&j)
			}
		}},
		{"point add (variable time)", func(n int) {
			for i := 0; i < n; i++ {
				j.AddVar(&j, &j2, nil)
			}
		}},
		{"point add affine (constant time)", func(n int) {
			for i := 0; i < n; i++ {
				j.AddAffine(&j, &g)
			}
		}},
		{"point add affine (variable time)", func(n int) {
			for i := 0; i < n; i++ {
				j.AddAffineVar(&j, &g, nil)
			}
		}},
		{"batch to affine, per point (64)", func(n int) {
			for i := 0; i < (n+63)/64; i++ {
				group.BatchToAffineVar(batchOut, batchIn)
			}
		}},
		{"k·G (ecmult_gen, constant time)", func(n int) {
			ctx := ecmultgen.NewContext()
			for i := 0; i < n; i++ {
				ctx.Mul(&j, sa)
			}
		}},
		{"a·P + b·G (ecmult, variable time)", func(n int) {
			for i := 0; i < n; i++ {
				ecmult.DoubleBaseVar(&j, sa, &j2, sb)
			}
		}},
		{"a·P + b·G = Q (ecmult, short relation)", func(n int) {
			var p group.Affine
			p.SetJacobianVar(&j)
			for i := 0; i < n; i++ {
				ecmult.EqualDoubleBaseVar(&g, sa, &p, sb)
			}
		}},
		{"k·P (ecmult_const, constant time)", func(n int) {
			for i := 0; i < n; i++ {
				ecmultconst.Mul(&j, &g, sa)
			}
		}},
	}
}

// measure runs f with growing counts until it has run for at least d, and
// returns the time per operation.
func measure(f func(n int), d time.Duration) time.Duration {
	n := 1
	for {
		start := time.Now()
		f(n)
		el := time.Since(start)
		if el >= d || n >= 1<<30 {
			return el / time.Duration(n)
		}
		n *= 4
	}
}

func selftest(w io.Writer, quick bool) int {
	failed := 0
	for _, c := range checks {
		if err := c.run(); err != nil {
			fmt.Fprintf(w, "FAIL  %-42s %v\n", c.name, err)
			failed++
		} else {
			fmt.Fprintf(w, "ok    %s\n", c.name)
		}
	}
	if failed > 0 {
		fmt.Fprintf(w, "selftest: %d of %d checks FAILED\n", failed, len(checks))
		return 1
	}
	fmt.Fprintf(w, "selftest: all %d known-answer checks passed\n", len(checks))
	if quick {
		return 0
	}
	fmt.Fprintf(w, "\n%-42s %12s\n", "primitive", "time/op")
	for _, t := range timings() {
		fmt.Fprintf(w, "%-42s %12s\n", t.name, fmtDur(measure(t.run, 100*time.Millisecond)))
	}
	return 0
}

// selftestJSON is selftest's result as one JSON object: every check with
// its outcome and, unless quick, every primitive's time per operation.
func selftestJSON(quick bool) (map[string]any, int) {
	var list []map[string]any
	failed := 0
	for _, c := range checks {
		o := map[string]any{"name": c.name, "ok": true}
		if err := c.run(); err != nil {
			o["ok"], o["error"] = false, err.Error()
			failed++
		}
		list = append(list, o)
	}
	obj := map[string]any{"checks": list, "passed": failed == 0}
	if failed == 0 && !quick {
		var ts []map[string]any
		for _, t := range timings() {
			ts = append(ts, map[string]any{"name": t.name, "ns_per_op": measure(t.run, 100*time.Millisecond).Nanoseconds()})
		}
		obj["timings"] = ts
	}
	if failed > 0 {
		return obj, 1
	}
	return obj, 0
}

func fmtDur(d time.Duration) string {
	ns := float64(d.Nanoseconds())
	if ns >= 1000 {
		return fmt.Sprintf("%.2f µs", ns/1000)
	}
	return fmt.Sprintf("%.1f ns", ns)
}
