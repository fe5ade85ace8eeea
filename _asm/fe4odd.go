package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The odd-multiples tables of the 4×64 engines (fe4.OddMultiples: ecmult's
// P table, ecmultconst's two): the co-Z chain's step and the backward
// pass's scaling and storing, each one straight-line function, so that the
// chain costs its products and not a call and a load of the arguments per
// field operation (the Go loop over Mul, Square, Add and Sub took about a
// sixth more: 1.55 against 1.36 µs for 8 entries, 3.05 against 2.60 for
// 16, on Zen 4). Constant time: no branch, no secret-dependent address, the
// canonical reduction by a conditional move.

// xy's layout ([2]fe4.Element: x then y).
const xyx, xyy = 0, 32

// oddStep4 generates oddStepAsm, one step of the co-Z chain: with d = 2·P
// and prev = (2i−1)·P on one Z, next = prev + d and d rescaled, both on
// that Z times h = dx − x (written to h).
func oddStep4() {
	TEXT("oddStepAsm", 0, "func(d, prev, next, h *uint64)")
	Pragma("noescape")
	Doc("oddStepAsm sets next = prev + d and d to d on next's Z, h = d.x − prev.x (the Z ratio), for points sharing Z with d ≠ ±prev. Constant time. d, prev, next and h must not overlap.")
	g := newGen()
	dx, dy := argElem("d", xyx), argElem("d", xyy)
	x, y := argElem("prev", xyx), argElem("prev", xyy)
	nx, ny := argElem("next", xyx), argElem("next", xyy)
	h := argElem("h", 0)
	yd, c, w1, w2, t := local4(), local4(), local4(), local4(), local4()

	Comment("H = X1 − X2; Y1 − Y2")
	g.subm4(h, dx, x)
	g.subm4(yd, dy, y)
	Comment("W1 = X1·H², W2 = X2·H²")
	g.sqr4(c, h)
	g.mul4(w1, dx, c)
	g.mul4(w2, x, c)
	Comment("A1 = Y1·(W1 − W2): d's new Y; W1 its new X")
	g.subm4(t, w1, w2)
	g.mul4(dy, dy, t)
	g.copy4(dx, w1)
	Comment("X3 = (Y1 − Y2)² − W1 − W2")
	g.addm4(t, w1, w2)
	v := g.sqr4r(yd)
	g.subv4(v, t)
	g.store4(nx, v)
	g.free4(v)
	Comment("Y3 = (Y1 − Y2)·(W1 − X3) − A1")
	g.subm4(t, w1, nx)
	v = g.mul4r(yd, t)
	g.subv4(v, dy)
	g.store4(ny, v)
	g.free4(v)
	g.done()
	RET()
}

// oddPut4 generates oddPutAsm (scale false) and oddScalePutAsm (scale
// true): the backward pass's work on one entry, xy scaled by zs² and zs³
// (oddScalePutAsm) and stored canonical in table form to tp, and (β·x, y)
// to tpl.
func oddPut4(scale bool) {
	name, sig := "oddPutAsm", "func(tp, tpl, xy, beta *uint64)"
	doc := "oddPutAsm stores xy canonical to tp and (β·x, y) to tpl (table form). Constant time."
	if scale {
		name, sig = "oddScalePutAsm", "func(tp, tpl, xy, beta, zs *uint64)"
		doc = "oddScalePutAsm sets xy = (x·zs², y·zs³), then stores it as oddPutAsm does. Constant time."
	}
	TEXT(name, 0, sig)
	Pragma("noescape")
	Doc(doc)
	g := newGen()
	x, y := argElem("xy", xyx), argElem("xy", xyy)
	if scale {
		zs, z2 := argElem("zs", 0), local4()
		Comment("x·zs², y·zs³")
		g.sqr4(z2, zs)
		g.mul4(x, x, z2)
		g.mul4(z2, z2, zs)
		g.mul4(y, y, z2)
	}
	Comment("table form: canonical x, y and β·x")
	v := g.load4(x)
	g.canon4(v)
	g.store4(argElem("tp", s4x), v)
	g.free4(v)
	v = g.load4(y)
	g.canon4(v)
	g.store4(argElem("tp", s4y), v)
	g.store4(argElem("tpl", s4y), v)
	g.free4(v)
	v = g.mul4r(x, argElem("beta", 0))
	g.canon4(v)
	g.store4(argElem("tpl", s4x), v)
	g.free4(v)
	g.done()
	RET()
}

// canon4 reduces r (below 2^256) to its representative below p: r ≥ p
// exactly when r + c carries out of 2^256, and then r − p = r + c − 2^256.
// Constant time (conditional moves).
func (g *gen) canon4(r reg4) {
	d := g.words(4)
	MOVQ(U64(c256), d[0])
	ADDQ(r[0], d[0])
	for i := 1; i < 4; i++ {
		MOVQ(r[i], d[i])
		ADCQ(Imm(0), d[i])
	}
	for i := range r {
		CMOVQCS(d[i], r[i])
	}
	g.p.put(d...)
}
