//go:build (amd64 || arm64) && !purego

package fe4

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// OddMultiples' steps (assembly on amd64, Go on arm64) and their Go twins
// against math/big, on inputs' edge values (0, p, p + 1, 2^256 − 1, …) as
// coordinates: the formulas are the field's, so any values check them,
// and the table form must come out canonical.
func TestOddSteps(t *testing.T) {
	requireAsm(t)
	p := reference.P
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	mul := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }
	sub := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }
	beta, _ := new(big.Int).SetString("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee", 16)
	rng := rand.New(rand.NewPCG(7, 8))
	in := inputs(rng, 6)
	canon := func(what string, got field.Storage, want *big.Int) {
		t.Helper()
		e := Element(got)
		if v := toBig(&e); v.Cmp(want) != 0 {
			t.Fatalf("%s = %x, want %x (canonical)", what, v, want)
		}
	}
	n := 0
	for i, a := range in {
		b, c, d := in[(i+1)%len(in)], in[(i+3)%len(in)], in[(i+5)%len(in)]
		for k := range in {
			e := in[k]
			dx, dy, x, y := a, b, c, d
			switch k % 4 {
			case 1:
				dx, x = e, e
			case 2:
				dy, y = e, e
			case 3:
				x = e
			}
			bdx, bdy, bx, by := toBig(&dx), toBig(&dy), toBig(&x), toBig(&y)
			h := sub(bdx, bx)
			yd := sub(bdy, by)
			cc := mul(h, h)
			w1, w2 := mul(bdx, cc), mul(bx, cc)
			a1 := mul(bdy, sub(w1, w2))
			x3 := sub(sub(mul(yd, yd), w1), w2)
			y3 := sub(mul(yd, sub(w1, x3)), a1)
			for _, f := range []struct {
				name string
				step func(d, prev, next *[2]Element, h *Element)
			}{{"oddStep", oddStep}, {"oddStepGeneric", oddStepGeneric}} {
				dd, prev := [2]Element{dx, dy}, [2]Element{x, y}
				var next [2]Element
				var hh Element
				f.step(&dd, &prev, &next, &hh)
				checkValue(t, f.name+" h", &hh, h)
				checkValue(t, f.name+" d.x", &dd[0], w1)
				checkValue(t, f.name+" d.y", &dd[1], a1)
				checkValue(t, f.name+" next.x", &next[0], x3)
				checkValue(t, f.name+" next.y", &next[1], y3)
			}
			zs := e
			bz := toBig(&zs)
			z2 := mul(bz, bz)
			sx, sy := mul(bx, z2), mul(by, mul(z2, bz))
			for _, f := range []struct {
				name string
				put  func(tp, tpl *group.AffineStorage, xy *[2]Element, zs *Element)
			}{
				{"oddScalePut", oddScalePut}, {"oddScalePutGeneric", oddScalePutGeneric},
				{"oddPut", func(tp, tpl *group.AffineStorage, xy *[2]Element, _ *Element) { oddPut(tp, tpl, xy) }},
				{"oddPutGeneric", func(tp, tpl *group.AffineStorage, xy *[2]Element, _ *Element) { oddPutGeneric(tp, tpl, xy) }},
			} {
				wx, wy := sx, sy
				if f.name == "oddPut" || f.name == "oddPutGeneric" {
					wx, wy = mod(new(big.Int).Set(bx)), mod(new(big.Int).Set(by))
				}
				xy := [2]Element{x, y}
				var tp, tpl group.AffineStorage
				f.put(&tp, &tpl, &xy, &zs)
				canon(f.name+" tp.X", tp.X, wx)
				canon(f.name+" tp.Y", tp.Y, wy)
				canon(f.name+" tpl.X", tpl.X, mul(wx, beta))
				canon(f.name+" tpl.Y", tpl.Y, wy)
			}
			n++
		}
	}
	t.Logf("%d cases", n)
}
