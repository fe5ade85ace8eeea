package decred

import (
	"bytes"
	"fmt"
	"testing"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	our "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
)

// FuzzDecredFieldVal: FieldVal.SetByteSlice (any length) and SetBytes,
// then Add, Add2, AddInt, Mul, Mul2, MulInt, Square, SquareVal, Inverse,
// Negate, NegateVal, SquareRootVal, IsGtOrEqPrimeMinusOrder, IsOdd,
// IsZero, IsOne, Equals, Normalize, Bytes, PutBytesUnchecked and String,
// each within decred's magnitude preconditions; values are compared
// normalized (decred's results may only have magnitude 1).
func FuzzDecredFieldVal(f *testing.F) {
	seedPairs(f, uint8(3))
	for _, b := range edge.AllLengths() {
		f.Add(b, []byte{2}, uint8(1))
	}
	f.Fuzz(func(t *testing.T, a, b []byte, m uint8) {
		in := fmt.Sprintf("a=%x b=%x m=%d", a, b, m)
		var oa, ob our.FieldVal
		var da, db dcr.FieldVal
		sameStr(t, in, "SetByteSlice(a)", oa.SetByteSlice(a), da.SetByteSlice(a))
		same(t, in, "SetByteSlice(a) value", ofv(&oa), dfv(&da))
		var b32 [32]byte
		copy(b32[:], b)
		sameStr(t, in, "SetBytes(b)", ob.SetBytes(&b32), db.SetBytes(&b32))
		same(t, in, "SetBytes(b) value", ofv(&ob), dfv(&db))
		// Normalized copies, for the operations that require them.
		on, dn := oa, da
		on.Normalize()
		dn.Normalize()
		same(t, in, "Normalize().Bytes", *on.Bytes(), *dn.Bytes())
		sameStr(t, in, "String", on.String(), dn.String())
		sameStr(t, in, "IsGtOrEqPrimeMinusOrder", on.IsGtOrEqPrimeMinusOrder(), dn.IsGtOrEqPrimeMinusOrder())
		sameStr(t, in, "IsOdd", on.IsOdd(), dn.IsOdd())
		sameStr(t, in, "IsOddBit", on.IsOddBit(), dn.IsOddBit())
		sameStr(t, in, "IsZero", on.IsZero(), dn.IsZero())
		sameStr(t, in, "IsZeroBit", on.IsZeroBit(), dn.IsZeroBit())
		sameStr(t, in, "IsOne", on.IsOne(), dn.IsOne())
		sameStr(t, in, "IsOneBit", on.IsOneBit(), dn.IsOneBit())
		obn, dbn := ob, db
		obn.Normalize()
		dbn.Normalize()
		sameStr(t, in, "Equals", on.Equals(&obn), dn.Equals(&dbn))
		var ou, du [32]byte
		on.PutBytesUnchecked(ou[:])
		dn.PutBytesUnchecked(du[:])
		same(t, in, "PutBytesUnchecked", ou, du)

		type op struct {
			name string
			o    func(r *our.FieldVal) any
			d    func(r *dcr.FieldVal) any
		}
		mi := m%32 + 1 // MulInt keeps the magnitude ≤ 32
		ops := []op{
			{"Add", func(r *our.FieldVal) any { return r.Set(&oa).Add(&ob) }, func(r *dcr.FieldVal) any { return r.Set(&da).Add(&db) }},
			{"Add2", func(r *our.FieldVal) any { return r.Add2(&oa, &ob) }, func(r *dcr.FieldVal) any { return r.Add2(&da, &db) }},
			{"AddInt", func(r *our.FieldVal) any { return r.Set(&on).AddInt(uint16(m) * 257) }, func(r *dcr.FieldVal) any { return r.Set(&dn).AddInt(uint16(m) * 257) }},
			{"Mul", func(r *our.FieldVal) any { return r.Set(&oa).Mul(&ob) }, func(r *dcr.FieldVal) any { return r.Set(&da).Mul(&db) }},
			{"Mul2", func(r *our.FieldVal) any { return r.Mul2(&oa, &ob) }, func(r *dcr.FieldVal) any { return r.Mul2(&da, &db) }},
			{"MulInt", func(r *our.FieldVal) any { return r.Set(&oa).MulInt(mi) }, func(r *dcr.FieldVal) any { return r.Set(&da).MulInt(mi) }},
			{"Square", func(r *our.FieldVal) any { return r.Set(&oa).Square() }, func(r *dcr.FieldVal) any { return r.Set(&da).Square() }},
			{"SquareVal", func(r *our.FieldVal) any { return r.SquareVal(&ob) }, func(r *dcr.FieldVal) any { return r.SquareVal(&db) }},
			{"Inverse", func(r *our.FieldVal) any { return r.Set(&oa).Inverse() }, func(r *dcr.FieldVal) any { return r.Set(&da).Inverse() }},
			{"Negate", func(r *our.FieldVal) any { return r.Set(&oa).Negate(1) }, func(r *dcr.FieldVal) any { return r.Set(&da).Negate(1) }},
			{"NegateVal", func(r *our.FieldVal) any { return r.NegateVal(&ob, 1) }, func(r *dcr.FieldVal) any { return r.NegateVal(&db, 1) }},
			{"SquareRootVal", func(r *our.FieldVal) any { return r.SquareRootVal(&oa) }, func(r *dcr.FieldVal) any { return r.SquareRootVal(&da) }},
			// Chains on results of higher magnitude.
			{"(a+b)·(a+b)", func(r *our.FieldVal) any { s := new(our.FieldVal).Add2(&oa, &ob); return r.Mul2(s, s) },
				func(r *dcr.FieldVal) any { s := new(dcr.FieldVal).Add2(&da, &db); return r.Mul2(s, s) }},
			{"(−a)²·b⁻¹", func(r *our.FieldVal) any {
				inv := new(our.FieldVal).Set(&ob).Inverse()
				return r.Set(&oa).Negate(1).Square().Mul(inv)
			},
				func(r *dcr.FieldVal) any {
					inv := new(dcr.FieldVal).Set(&db).Inverse()
					return r.Set(&da).Negate(1).Square().Mul(inv)
				}},
			{"√(a·b·8)", func(r *our.FieldVal) any { s := new(our.FieldVal).Mul2(&oa, &ob).MulInt(8); return r.SquareRootVal(s) },
				func(r *dcr.FieldVal) any { s := new(dcr.FieldVal).Mul2(&da, &db).MulInt(8); return r.SquareRootVal(s) }},
		}
		for _, x := range ops {
			var or our.FieldVal
			var dr dcr.FieldVal
			var ores, dres any
			if both(t, in, x.name, func() { ores = x.o(&or) }, func() { dres = x.d(&dr) }) {
				continue
			}
			if ob, ok := ores.(bool); ok {
				sameStr(t, in, x.name+" result", ob, dres)
			}
			same(t, in, x.name, ofv(&or), dfv(&dr))
		}
	})
}

// FuzzDecredModNScalar: ModNScalar.SetByteSlice (any length), SetBytes,
// SetInt, then Add, Add2, Mul, Mul2, Square, SquareVal, Negate, NegateVal,
// InverseNonConst, InverseValNonConst, IsOverHalfOrder, IsOdd, IsZero,
// IsZeroBit, Equals, Bytes, PutBytes, PutBytesUnchecked and String.
func FuzzDecredModNScalar(f *testing.F) {
	seedPairs(f, uint32(3))
	for _, b := range edge.AllLengths() {
		f.Add(b, []byte{2}, uint32(0xffffffff))
	}
	f.Fuzz(func(t *testing.T, a, b []byte, u uint32) {
		in := fmt.Sprintf("a=%x b=%x u=%d", a, b, u)
		var oa, ob, oi our.ModNScalar
		var da, db, di dcr.ModNScalar
		sameStr(t, in, "SetByteSlice(a)", oa.SetByteSlice(a), da.SetByteSlice(a))
		var b32 [32]byte
		copy(b32[:], b)
		sameStr(t, in, "SetBytes(b)", ob.SetBytes(&b32), db.SetBytes(&b32))
		oi.SetInt(u)
		di.SetInt(u)
		for i, p := range []struct {
			o *our.ModNScalar
			d *dcr.ModNScalar
		}{{&oa, &da}, {&ob, &db}, {&oi, &di}} {
			w := fmt.Sprint("value ", i)
			same(t, in, w+" Bytes", p.o.Bytes(), p.d.Bytes())
			var ou, du [32]byte
			p.o.PutBytes(&ou)
			p.d.PutBytes(&du)
			same(t, in, w+" PutBytes", ou, du)
			p.o.PutBytesUnchecked(ou[:])
			p.d.PutBytesUnchecked(du[:])
			same(t, in, w+" PutBytesUnchecked", ou, du)
			sameStr(t, in, w+" String", p.o.String(), p.d.String())
			sameStr(t, in, w+" IsOverHalfOrder", p.o.IsOverHalfOrder(), p.d.IsOverHalfOrder())
			sameStr(t, in, w+" IsOdd", p.o.IsOdd(), p.d.IsOdd())
			sameStr(t, in, w+" IsZero", p.o.IsZero(), p.d.IsZero())
			sameStr(t, in, w+" IsZeroBit", p.o.IsZeroBit(), p.d.IsZeroBit())
		}
		sameStr(t, in, "Equals", oa.Equals(&ob), da.Equals(&db))
		ops := []struct {
			name string
			o    func(r *our.ModNScalar)
			d    func(r *dcr.ModNScalar)
		}{
			{"Add", func(r *our.ModNScalar) { r.Set(&oa).Add(&ob) }, func(r *dcr.ModNScalar) { r.Set(&da).Add(&db) }},
			{"Add2", func(r *our.ModNScalar) { r.Add2(&oa, &oi) }, func(r *dcr.ModNScalar) { r.Add2(&da, &di) }},
			{"Mul", func(r *our.ModNScalar) { r.Set(&oa).Mul(&ob) }, func(r *dcr.ModNScalar) { r.Set(&da).Mul(&db) }},
			{"Mul2", func(r *our.ModNScalar) { r.Mul2(&ob, &oi) }, func(r *dcr.ModNScalar) { r.Mul2(&db, &di) }},
			{"Square", func(r *our.ModNScalar) { r.Set(&oa).Square() }, func(r *dcr.ModNScalar) { r.Set(&da).Square() }},
			{"SquareVal", func(r *our.ModNScalar) { r.SquareVal(&ob) }, func(r *dcr.ModNScalar) { r.SquareVal(&db) }},
			{"Negate", func(r *our.ModNScalar) { r.Set(&oa).Negate() }, func(r *dcr.ModNScalar) { r.Set(&da).Negate() }},
			{"NegateVal", func(r *our.ModNScalar) { r.NegateVal(&ob) }, func(r *dcr.ModNScalar) { r.NegateVal(&db) }},
			{"InverseNonConst", func(r *our.ModNScalar) { r.Set(&oa).InverseNonConst() }, func(r *dcr.ModNScalar) { r.Set(&da).InverseNonConst() }},
			{"InverseValNonConst", func(r *our.ModNScalar) { r.InverseValNonConst(&oi) }, func(r *dcr.ModNScalar) { r.InverseValNonConst(&di) }},
			{"a·b⁻¹−u", func(r *our.ModNScalar) {
				r.InverseValNonConst(&ob).Mul(&oa).Add(new(our.ModNScalar).NegateVal(&oi))
			}, func(r *dcr.ModNScalar) {
				r.InverseValNonConst(&db).Mul(&da).Add(new(dcr.ModNScalar).NegateVal(&di))
			}},
		}
		for _, x := range ops {
			var or our.ModNScalar
			var dr dcr.ModNScalar
			if both(t, in, x.name, func() { x.o(&or) }, func() { x.d(&dr) }) {
				continue
			}
			same(t, in, x.name, or.Bytes(), dr.Bytes())
		}
	})
}

// FuzzDecredNonceRFC6979: NonceRFC6979 with keys, hashes, extra data and
// versions of every length (decred uses extra only when 32 bytes long and
// version only when 16) and up to 15 extra iterations.
func FuzzDecredNonceRFC6979(f *testing.F) {
	k := bytes.Repeat([]byte{0x11}, 32)
	h := bytes.Repeat([]byte{0x22}, 32)
	e := bytes.Repeat([]byte{0x33}, 32)
	v := bytes.Repeat([]byte{0x44}, 16)
	for _, b := range edge.AllLengths() {
		f.Add(b, h, e, v, uint8(0))
		f.Add(k, b, e, v, uint8(1))
		f.Add(k, h, b, v, uint8(2))
		f.Add(k, h, e, b, uint8(3))
		f.Add(k, h, []byte(nil), b, uint8(0))
	}
	for _, x := range edge.Values() {
		f.Add(bytes.Clone(x[:]), bytes.Clone(x[:]), []byte(nil), []byte(nil), uint8(0))
	}
	f.Fuzz(func(t *testing.T, key, hash, extra, version []byte, iters uint8) {
		in := fmt.Sprintf("key=%x hash=%x extra=%x version=%x iterations=%d", key, hash, extra, version, iters%16)
		var o *our.ModNScalar
		var d *dcr.ModNScalar
		if both(t, in, "NonceRFC6979", func() { o = our.NonceRFC6979(key, hash, extra, version, uint32(iters%16)) },
			func() { d = dcr.NonceRFC6979(key, hash, extra, version, uint32(iters%16)) }) {
			return
		}
		same(t, in, "NonceRFC6979", o.Bytes(), d.Bytes())
	})
}

// FuzzDecredGenerateKey: GeneratePrivateKeyFromRand on a reader of the
// given bytes (errors when they run out, retries on values ≥ n or 0),
// NewPrivateKey, PubKey and GenerateSharedSecret with the key of peer.
func FuzzDecredGenerateKey(f *testing.F) {
	for _, x := range edge.Values() {
		f.Add(bytes.Clone(x[:]), []byte{2})
		f.Add(append(bytes.Clone(x[:]), bytes.Repeat([]byte{5}, 32)...), []byte{0x02, 0x79})
	}
	for _, b := range edge.AllLengths() {
		f.Add(b, b)
	}
	f.Fuzz(func(t *testing.T, rnd, peer []byte) {
		in := fmt.Sprintf("rand=%x peer=%x", rnd, peer)
		var ok *our.PrivateKey
		var dk *dcr.PrivateKey
		var oerr, derr error
		if both(t, in, "GeneratePrivateKeyFromRand", func() { ok, oerr = our.GeneratePrivateKeyFromRand(bytes.NewReader(rnd)) },
			func() { dk, derr = dcr.GeneratePrivateKeyFromRand(bytes.NewReader(rnd)) }) {
			return
		}
		sameStr(t, in, "GeneratePrivateKeyFromRand error", edge.Err(oerr), edge.Err(derr))
		if oerr != nil {
			return
		}
		same(t, in, "GeneratePrivateKeyFromRand key", ok.Serialize(), dk.Serialize())
		same(t, in, "NewPrivateKey", our.NewPrivateKey(&ok.Key).PubKey().SerializeCompressed(),
			dcr.NewPrivateKey(&dk.Key).PubKey().SerializeCompressed())
		opk, oerr := our.ParsePubKey(peer)
		dpk, derr := dcr.ParsePubKey(peer)
		sameErr(t, in, "ParsePubKey(peer)", oerr, derr)
		if oerr != nil {
			opk, dpk = ok.PubKey(), dk.PubKey()
		}
		same(t, in, "GenerateSharedSecret", our.GenerateSharedSecret(ok, opk), dcr.GenerateSharedSecret(dk, dpk))
	})
}
