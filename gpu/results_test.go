package gpu

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/silentpayments"
)

// TestCheckXY: checkXY accepts exactly what ParsePublicKey accepts as an
// uncompressed key (decodePoint, the decoding it replaced), on points of
// the curve, each of their 512 bits flipped, coordinates at and above p,
// and zeros; keyFromXY gives the same key. No device needed.
func TestCheckXY(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 1))
	var cases [][]byte
	for i := range 16 {
		k := key(uint64(i))
		pub := k.PublicKey()
		u := pub.SerializeUncompressed()
		cases = append(cases, u[1:])
		for b := range 512 {
			if b%16 == i { // a share of the flips per key: all 512 over the keys
				c := append([]byte(nil), u[1:]...)
				c[b/8] ^= 1 << (b % 8)
				cases = append(cases, c)
			}
		}
	}
	p := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f}
	k := key(99)
	pub := k.PublicKey()
	u := pub.SerializeUncompressed()
	for _, delta := range []int{-1, 0, 1} {
		// x or y replaced by p + delta (p − 1 is in range; p, p + 1 not).
		v := append([]byte(nil), p...)
		v[31] = byte(int(v[31]) + delta)
		cases = append(cases, append(append([]byte(nil), v...), u[33:]...), append(append([]byte(nil), u[1:33]...), v...))
	}
	cases = append(cases, make([]byte, 64))
	for range 64 {
		c := make([]byte, 64)
		for j := range c {
			c[j] = byte(rng.Uint32())
		}
		cases = append(cases, c)
	}
	valid := 0
	for i, c := range cases {
		want := decodePoint(c)
		x, y, got := checkXY(c)
		if got != want.IsValid() {
			t.Fatalf("case %d (%x): checkXY %v, ParsePublicKey %v", i, c, got, want.IsValid())
		}
		if want.IsValid() {
			valid++
			if got := keyFromXY(&x, &y); got != want {
				t.Fatalf("case %d: keyFromXY differs", i)
			}
		}
	}
	if valid != 16 {
		t.Fatalf("%d valid cases, want 16 (the keys; every flip must fail)", valid)
	}
}

// pubkeyScalars is n test scalars with the edge cases first: 0, 1, n − 1,
// n, n + 1, 2^256 − 1, then hashes.
func pubkeyScalars(n int) [][32]byte {
	order := [32]byte{
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
	}
	s := make([][32]byte, n)
	for i := range s {
		s[i] = sha256.Sum256(fmt.Appendf(nil, "pubkeys bytes %d", i))
	}
	edges := [][32]byte{{}, {31: 1}, order, order, order, {}}
	edges[2][31]--
	edges[4][31]++
	for j := range edges[5] {
		edges[5][j] = 0xff
	}
	copy(s, edges[:min(n, len(edges))])
	return s
}

// TestPublicKeysBytes: both serializations, every item equal to the CPU's
// PublicKey serialization (zero bytes for the invalid scalars).
func TestPublicKeysBytes(t *testing.T) {
	e := engine(t)
	n := 300
	if testing.Short() {
		n = 70
	}
	scalars := pubkeyScalars(n)
	flat := make([]byte, 0, 32*n)
	for i := range scalars {
		flat = append(flat, scalars[i][:]...)
	}
	for _, size := range []int{33, 65} {
		out := make([]byte, size*n)
		for i := range out {
			out[i] = 0xa5 // every byte must be written
		}
		if err := e.PublicKeysBytes(flat, out); err != nil {
			t.Fatal(err)
		}
		for i := range scalars {
			want := make([]byte, size)
			if k, err := p256k1.NewPrivateKey(scalars[i][:]); err == nil {
				pub := k.PublicKey()
				c, u := pub.SerializeCompressed(), pub.SerializeUncompressed()
				want = append(want[:0], c[:]...)
				if size == 65 {
					want = append(want[:0], u[:]...)
				}
			}
			if got := out[size*i : size*(i+1)]; string(got) != string(want) {
				t.Fatalf("size %d, scalar %d (%x): device %x, CPU %x", size, i, scalars[i], got, want)
			}
		}
	}
}

// TestPublicKeysBytesLengths: inputs that are not whole items and outputs
// of the wrong size are errors wrapping ErrBadLength, before anything else
// (also on a nil Engine), and write nothing.
func TestPublicKeysBytesLengths(t *testing.T) {
	var nilEngine *Engine
	for _, c := range []struct{ in, out int }{{31, 33}, {33, 33}, {64, 33}, {64, 65}, {64, 67}, {64, 130 + 1}, {0, 1}, {32, 0}} {
		out := make([]byte, c.out)
		err := nilEngine.PublicKeysBytes(make([]byte, c.in), out)
		if !errors.Is(err, ErrBadLength) {
			t.Fatalf("in %d, out %d: %v, want ErrBadLength", c.in, c.out, err)
		}
	}
	if err := nilEngine.PublicKeysBytes(make([]byte, 64), make([]byte, 66)); !errors.Is(err, ErrClosed) {
		t.Fatalf("nil engine: %v, want ErrClosed", err)
	}
	if err := nilEngine.PublicKeysBytes(nil, nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("nil engine, empty batch: %v, want ErrClosed", err)
	}
}

// TestPublicKeysFault: device results spoiled before decoding (a flipped
// bit, zeros) are caught by the curve check, computed on the CPU and
// counted in an ErrDeviceFault beside correct results; PublicKeysOrCPU
// passes that error on with the device's (corrected) results.
func TestPublicKeysFault(t *testing.T) {
	e := engine(t)
	scalars := pubkeyScalars(40)
	spoiled := 0 // in the first call
	calls := 0
	resultHook = func(kernel string, first int, out []byte) {
		if kernel != "pubkeys" {
			return
		}
		for j := range len(out) / 64 {
			i := first + j
			if i < 6 || i%5 != 1 {
				continue
			}
			if i%2 == 0 {
				out[64*j+i%64] ^= 1 << (i % 8)
			} else {
				clear(out[64*j : 64*j+64])
			}
			if calls == 0 {
				spoiled++
			}
		}
		if first+len(out)/64 == len(scalars) {
			calls++
		}
	}
	defer func() { resultHook = nil }()
	out := make([]p256k1.PublicKey, len(scalars))
	err := e.PublicKeys(scalars, out)
	var fe *resultFaultError
	if !errors.Is(err, ErrDeviceFault) || !errors.As(err, &fe) || fe.items != int64(spoiled) || spoiled == 0 {
		t.Fatalf("err %v, want ErrDeviceFault with %d items", err, spoiled)
	}
	for i := range scalars {
		if out[i] != cpuPublicKey(&scalars[i]) {
			t.Fatalf("item %d differs from the CPU", i)
		}
	}
	if err := PublicKeysOrCPU(e, scalars, out); !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("PublicKeysOrCPU: %v", err)
	}
	flat := make([]byte, 0, 32*len(scalars))
	for i := range scalars {
		flat = append(flat, scalars[i][:]...)
	}
	b := make([]byte, 33*len(scalars))
	if err := e.PublicKeysBytes(flat, b); !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("PublicKeysBytes: %v", err)
	}
	for i := range scalars {
		want := [33]byte{}
		if k := cpuPublicKey(&scalars[i]); k.IsValid() {
			want = k.SerializeCompressed()
		}
		if string(b[33*i:33*i+33]) != string(want[:]) {
			t.Fatalf("bytes item %d differs from the CPU", i)
		}
	}
}

// TestTweakDataFault: spoiled device points of TweakData and
// TweakDataBytes (point_mul's, and key_sum's item sums) are caught,
// computed on the CPU and reported as ErrDeviceFault beside results equal
// to silentpayments.TweakDataBatch's.
func TestTweakDataFault(t *testing.T) {
	e := engine(t)
	txs := hostTxs(24)
	txs[3].Inputs = nil // an error item stays an error
	resultHook = func(kernel string, first int, out []byte) {
		if kernel != "point_mul" {
			return
		}
		for j := range len(out) / 64 {
			switch first + j {
			case 5:
				out[64*j] ^= 0x80
			case 7:
				clear(out[64*j : 64*j+64])
			}
		}
	}
	defer func() { resultHook = nil }()
	out, errs := make([]p256k1.PublicKey, len(txs)), make([]error, len(txs))
	err := e.TweakData(txs, out, errs)
	var fe *resultFaultError
	if !errors.As(err, &fe) || fe.items != 2 || !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("err %v, want ErrDeviceFault with 2 items", err)
	}
	ref, referrs := make([]p256k1.PublicKey, len(txs)), make([]error, len(txs))
	silentpayments.TweakDataBatch(txs, ref, referrs)
	for i := range txs {
		if out[i] != ref[i] || errs[i] != referrs[i] {
			t.Fatalf("tx %d: %v %v, CPU %v %v", i, out[i].IsValid(), errs[i], ref[i].IsValid(), referrs[i])
		}
	}

	// TweakDataBytes: the same two spoiled answers are faults; the zero
	// answer for a lifted key off the curve (tx 9) is not.
	kt := hostTxKeys(24, 1)
	kt[11] = hostTxKeys(12, 2)[11] // two keys: the host's sum
	for {
		kt[9].Keys[0][32]++
		if _, err := p256k1.ParsePublicKey(kt[9].Keys[0][:]); err != nil {
			break
		}
	}
	err = e.TweakDataBytes(kt, out, errs)
	if !errors.As(err, &fe) || fe.items != 2 || !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("TweakDataBytes: err %v, want ErrDeviceFault with 2 items", err)
	}
	parsed := make([]silentpayments.TxInputs, len(kt))
	for i := range kt {
		parsed[i] = kt[i].Parse()
	}
	silentpayments.TweakDataBatch(parsed, ref, referrs)
	for i := range kt {
		if out[i] != ref[i] || errs[i] != referrs[i] {
			t.Fatalf("TweakDataBytes tx %d: %v %v, CPU %v %v", i, out[i].IsValid(), errs[i], ref[i].IsValid(), referrs[i])
		}
	}
	if !errors.Is(errs[9], silentpayments.ErrNoInputs) {
		t.Fatalf("tx 9: %v, want ErrNoInputs", errs[9])
	}

	// key_sum (more than two keys): a spoiled item sum (tx 1) and 64 zero
	// bytes for an item whose keys count (tx 2) are faults, their
	// transactions summed on the host; 64 zero bytes for an item whose
	// keys cancel (tx 3's second item, group 4) are not.
	keys := func(from, n int) [][33]byte {
		out := make([][33]byte, n)
		for j := range out {
			k := key(uint64(500 + from + j))
			p := k.PublicKey()
			out[j] = p.SerializeCompressed()
		}
		return out
	}
	k0 := key(600)
	p0 := k0.PublicKey()
	n0 := p0.Negate()
	ops := []silentpayments.Outpoint{{Vout: 1}}
	mt := []silentpayments.TxInputKeys{
		{Keys: keys(0, 3), Outpoints: ops},
		{Keys: keys(10, 4), Outpoints: ops},
		{Keys: keys(20, 5), Outpoints: ops},
		{Keys: append(keys(30, 8), p0.SerializeCompressed(), n0.SerializeCompressed()), Outpoints: ops},
		{Keys: keys(40, 3), Outpoints: ops},
	}
	resultHook = func(kernel string, first int, out []byte) {
		if kernel != "key_sum" {
			return
		}
		for j := range len(out) / 64 {
			switch first + j {
			case 1:
				out[64*j+63] ^= 1
			case 2:
				clear(out[64*j : 64*j+64])
			case 4:
				if !allZero(out[64*j : 64*j+64]) {
					t.Errorf("key_sum: a cancelling pair's item is not 64 zero bytes")
				}
			}
		}
	}
	out, errs = out[:len(mt)], errs[:len(mt)]
	err = e.TweakDataBytes(mt, out, errs)
	if !errors.As(err, &fe) || fe.items != 2 || !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("TweakDataBytes (key_sum): err %v, want ErrDeviceFault with 2 items", err)
	}
	parsed = parsed[:len(mt)]
	for i := range mt {
		parsed[i] = mt[i].Parse()
	}
	silentpayments.TweakDataBatch(parsed, ref[:len(mt)], referrs[:len(mt)])
	for i := range mt {
		if out[i] != ref[i] || errs[i] != referrs[i] || errs[i] != nil {
			t.Fatalf("TweakDataBytes (key_sum) tx %d: %v %v, CPU %v %v", i, out[i].IsValid(), errs[i], ref[i].IsValid(), referrs[i])
		}
	}
}

// TestRunPipelined: RunPipelined gives RunPrepared's results, in several
// chunks too, and LastBatchTimes counts its items and launches (no
// timing is compared: only that the parts are not negative and within the
// total).
func TestRunPipelined(t *testing.T) {
	e := engine(t)
	e.mu.Lock()
	e.chunk = 16
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		e.chunk = 0
		e.mu.Unlock()
	}()
	rng := rand.New(rand.NewPCG(5, 40))
	n := 50
	keys, hashes := make([][32]byte, n), make([][32]byte, n)
	for i := range keys {
		keys[i] = sha256.Sum256(fmt.Appendf(nil, "pipelined key %d", i))
		hashes[i] = sha256.Sum256(fmt.Appendf(nil, "pipelined hash %d", i))
	}
	sign, err := PrepareSignECDSA(keys, hashes)
	if err != nil {
		t.Fatal(err)
	}
	defer sign.Clear()
	for _, p := range []*Prepared{PrepareSchnorr(schnorrItems(n, rng)), PrepareECDSA(ecdsaItems(n, rng)), PreparePublicKeys(pubkeyScalars(n)), PrepareTweakData(hostTxs(n)), sign} {
		if err := e.RunPrepared(p); err != nil {
			t.Fatal(err)
		}
		want := append([]byte(nil), p.out...)
		clear(p.out)
		if err := e.RunPipelined(p); err != nil {
			t.Fatal(err)
		}
		if string(p.out) != string(want) {
			t.Fatalf("%s: RunPipelined's results differ from RunPrepared's", p.kernel)
		}
		bt := e.LastBatchTimes()
		if bt.Items != n || bt.Chunks != (n+15)/16 {
			t.Fatalf("%s: LastBatchTimes %+v, want %d items in %d chunks", p.kernel, bt, n, (n+15)/16)
		}
		if bt.Prep < 0 || bt.Decode < 0 || bt.Wait < 0 || bt.Enqueue < 0 || bt.Prep+bt.Decode+bt.Wait+bt.Enqueue > bt.Total {
			t.Fatalf("%s: LastBatchTimes %+v: parts negative or over the total", p.kernel, bt)
		}
	}
	var nilEngine *Engine
	if nilEngine.LastBatchTimes() != (BatchTimes{}) {
		t.Fatal("nil Engine: LastBatchTimes not zero")
	}
	if err := nilEngine.RunPipelined(sign); !errors.Is(err, ErrClosed) {
		t.Fatalf("nil Engine: RunPipelined: %v", err)
	}
	if err := e.RunPipelined(nil); !errors.Is(err, p256k1.ErrNilArgument) {
		t.Fatalf("RunPipelined(nil): %v", err)
	}
}

// TestHostPrepParts: rPlusN and glvEncode against the forms they replaced
// (field arithmetic; Bytes and a comparison of the top half), on the edges
// of p − n and of the GLV halves' signs and on random values.
func TestHostPrepParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 2))
	var pn, order [32]byte
	pMinusOrder.Bytes(&pn)
	orderAsField.Bytes(&order)
	var vals [][32]byte
	for _, base := range [][32]byte{{}, pn, order} {
		for _, d := range []int{-2, -1, 0, 1, 2} {
			v := base
			v[31] = byte(int(v[31]) + d) // no carry: the low bytes are not near 0 or 255
			vals = append(vals, v)
		}
	}
	for range 200 {
		var v [32]byte
		for j := range v {
			v[j] = byte(rng.Uint32())
		}
		if rng.IntN(2) == 0 {
			clear(v[:15]) // near p − n
		}
		vals = append(vals, v)
	}
	for _, v := range vals {
		var sc scalar.Scalar
		if sc.SetBytes(&v) != 0 {
			continue // r is below n
		}
		var xr, rn field.Element
		xr.SetBytes(&v)
		rn.Set(&xr)
		if xr.CmpVar(&pMinusOrder) < 0 {
			rn.Add(&xr, &orderAsField)
			rn.NormalizeVar()
		}
		var want, got [32]byte
		rn.Bytes(&want)
		rPlusN(&got, &v)
		if got != want {
			t.Fatalf("rPlusN(%x) = %x, want %x", v, got, want)
		}
		var k1, k2 scalar.Scalar
		scalar.SplitLambda(&k1, &k2, &sc)
		var wk [32]byte
		var ws [2]byte
		for i, h := range []*scalar.Scalar{&k1, &k2} {
			var b [32]byte
			h.Bytes(&b)
			if [16]byte(b[:16]) != ([16]byte{}) {
				h.Negate(h)
				h.Bytes(&b)
				ws[i] = 1
			}
			copy(wk[16*i:], b[16:])
		}
		var gk [32]byte
		gs := [4]byte{9, 9, 9, 9}
		glvEncode(gk[:], gs[:], &sc)
		if gk != wk || gs != [4]byte{ws[0], ws[1], 0, 0} {
			t.Fatalf("glvEncode(%x) = %x %x, want %x %x", v, gk, gs, wk, ws)
		}
	}
}

// TestChunkItemsOption: Options.ChunkItems sets the launch size of every
// pipelined batch (here 16 items: 50 items in 4 launches), with the same
// results.
func TestChunkItemsOption(t *testing.T) {
	engine(t) // skips where there is no OpenCL
	e, err := Open(&Options{Device: -1, CacheDir: testCacheDir(t), ChunkItems: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	scalars := pubkeyScalars(50)
	out := make([]p256k1.PublicKey, len(scalars))
	if err := e.PublicKeys(scalars, out); err != nil {
		t.Fatal(err)
	}
	for i := range scalars {
		if out[i] != cpuPublicKey(&scalars[i]) {
			t.Fatalf("item %d differs from the CPU", i)
		}
	}
	if bt := e.LastBatchTimes(); bt.Chunks != 4 || bt.Items != 50 {
		t.Fatalf("LastBatchTimes %+v, want 50 items in 4 chunks", bt)
	}
}

// decodePoint parses the device's x ‖ y (64 bytes) as a public key, with
// ParsePublicKey's on-curve check; the zero PublicKey for anything else
// (64 zero bytes: infinity). The decoding before checkXY and keyFromXY,
// kept for the tests and BenchmarkHost's comparison.
func decodePoint(xy []byte) p256k1.PublicKey {
	var u [65]byte
	u[0] = 4
	copy(u[1:], xy)
	p, err := p256k1.ParsePublicKey(u[:])
	if err != nil {
		return p256k1.PublicKey{}
	}
	return p
}
