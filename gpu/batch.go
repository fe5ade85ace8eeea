package gpu

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
	"github.com/p256k1/p256k1/schnorr"
)

// ECDSAItem is one ECDSA verification: a public key, a 32-byte message hash
// and a signature, as ecdsa.Verify takes them.
type ECDSAItem struct {
	PublicKey *p256k1.PublicKey
	Hash      *[32]byte
	Signature *ecdsa.Signature
}

// VerifySchnorr verifies each BIP-340 item on the device and sets ok[i]
// exactly as schnorr.Verify would. The host checks the ranges of r and s
// and computes each challenge hash; the device computes R = s·G − e·P (the
// key's y comes from the XOnlyPublicKey: no square root). An error means no
// result was computed (ok is then all false, or untouched for the argument
// errors): ErrShortOutput when len(ok) < len(items), ErrClosed for a nil,
// zero-value or closed Engine. Public data only: variable time.
func (e *Engine) VerifySchnorr(items []schnorr.BatchItem, ok []bool) error {
	return e.verifyItems("VerifySchnorr", "schnorr_verify", len(items), schnorrItemSize, ok, func(lo, hi int, dst []byte, pre []bool) {
		prepSchnorrRange(dst, items[lo:hi], pre)
	})
}

func prepSchnorrRange(dst []byte, items []schnorr.BatchItem, pre []bool) {
	for i := range items {
		d := dst[schnorrItemSize*i : schnorrItemSize*(i+1)]
		if pre[i] = prepSchnorr(d, &items[i]); !pre[i] {
			clear(d)
		}
	}
}

// verifyItems runs a verification kernel over n items of size bytes each,
// prepared by prep (pre[i] false: item lo + i cannot be valid, whatever
// the device says), and sets ok[i] to the item's result. method names the
// caller in errors.
func (e *Engine) verifyItems(method, kernel string, n, size int, ok []bool, prep func(lo, hi int, dst []byte, pre []bool)) error {
	if err := shortOutput(method, n, outLen{"ok", len(ok)}); err != nil {
		return err
	}
	if err := e.usable(); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	ok = ok[:n]
	clear(ok)
	pre := make([]bool, n)
	err := e.pipeline(kernel, n, size, 1, func(lo, hi int, in []byte) { prep(lo, hi, in, pre[lo:hi]) },
		func(lo, hi int, out []byte) {
			for i := lo; i < hi; i++ {
				ok[i] = pre[i] && out[i-lo] == 1
			}
		})
	if err != nil {
		clear(ok)
	}
	return err
}

// deviceChallenge lets the kernel compute BIP-340's challenge for 32-byte
// messages (prepSchnorr); tests and BenchmarkHost turn it off to compare.
var deviceChallenge = true

// schnorrItemSize is the bytes of one prepared BIP-340 item.
const schnorrItemSize = 164

// prepSchnorr writes px ‖ py ‖ r ‖ s ‖ (n − e, GLV-split: glvEncode) and
// reports whether the item can be valid at all (a valid key, r < p, s <
// n). For a 32-byte message (BIP-340's usual case) it writes the message
// in n − e's place and sets the last byte instead: the kernel computes the
// challenge, its negation and split, which cost the host more than all
// the rest of its preparation (BenchmarkHost prep/schnorr against
// prep/schnorr-hosthash). The key's y comes from the XOnlyPublicKey, which
// holds the whole point (checked on the curve when it was parsed): the
// device does no square root.
func prepSchnorr(dst []byte, it *schnorr.BatchItem) bool {
	if it.PublicKey == nil || it.Signature == nil || !it.PublicKey.IsValid() {
		return false
	}
	sig := it.Signature
	var r field.Element
	var s scalar.Scalar
	if r.SetBytes((*[32]byte)(sig[:32])) != 0 || s.SetBytes((*[32]byte)(sig[32:])) != 0 {
		return false
	}
	var q group.Affine // the key's point, read without encoding (normalized, even y)
	point.LoadXOnly(&q, it.PublicKey)
	q.X.Bytes((*[32]byte)(dst[0:32]))
	q.Y.Bytes((*[32]byte)(dst[32:64]))
	copy(dst[64:128], sig[:])
	if len(it.Message) == 32 && deviceChallenge {
		// The device hashes (schnorr_neg_challenge): the message in
		// negE's place, byte 163 set.
		copy(dst[128:160], it.Message)
		dst[160], dst[161], dst[162], dst[163] = 0, 0, 0, 1
		return true
	}
	var eb [32]byte
	tagged.BIP340Challenge.Sum(&eb, sig[:32], dst[0:32], it.Message)
	var ev scalar.Scalar
	ev.SetBytes(&eb)
	ev.Negate(&ev)
	glvEncode(dst[128:160], dst[160:164], &ev)
	return true
}

// The group order n as a field element, and p − n (an x ≥ n of R gives r =
// x − n, possible only for r < p − n).
var orderAsField, pMinusOrder field.Element

func init() {
	n := [32]byte{
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
	}
	pn := [32]byte{15: 0x01, 16: 0x45, 0x51, 0x23, 0x19, 0x50, 0xb7, 0x5f, 0xc4, 0x40, 0x2d, 0xa1, 0x72, 0x2f, 0xc9, 0xba, 0xee}
	orderAsField.SetBytes(&n)
	pMinusOrder.SetBytes(&pn)
}

// VerifyECDSA verifies each item on the device and sets ok[i] exactly as
// ecdsa.Verify would (low-S required). The host checks r, s and computes
// u1 = z/s, u2 = r/s; the device computes u1·G + u2·Q and compares its x
// with r (and r + n). An error means no result was computed; the argument
// errors are VerifySchnorr's. Public data only: variable time.
func (e *Engine) VerifyECDSA(items []ECDSAItem, ok []bool) error {
	return e.verifyItems("VerifyECDSA", "ecdsa_verify", len(items), 196, ok, func(lo, hi int, dst []byte, pre []bool) {
		prepECDSARange(dst, items[lo:hi], pre)
	})
}

// invBlock is how many inversions the host batches into one (Montgomery's
// trick: one inversion and three multiplications each).
const invBlock = 64

// prepECDSARange prepares items into dst (196 bytes each) and sets pre.
func prepECDSARange(dst []byte, items []ECDSAItem, pre []bool) {
	prepECDSABlocks(dst, pre,
		func(i int, r, s *scalar.Scalar) bool {
			it := &items[i]
			if it.PublicKey == nil || it.Hash == nil || it.Signature == nil || !it.PublicKey.IsValid() || !it.Signature.IsLowS() {
				return false
			}
			c := it.Signature.SerializeCompact()
			r.SetBytes((*[32]byte)(c[:32]))
			s.SetBytes((*[32]byte)(c[32:]))
			return true
		},
		func(i int, d []byte, sn *scalar.Scalar) { prepECDSA(d, &items[i], sn) })
}

// prepECDSABlocks is the host's part of ecdsa_verify for len(pre) items
// (196 bytes each in dst), inverting the s of up to invBlock items at once.
// check(i, r, s) sets r and s for item i and reports whether the item
// can be valid (r and s below n, low-S; prepECDSABlocks rejects zeros and
// writes r at d[128:160]); finish(i, d, 1/s) writes the rest of a checked
// item. pre[i] is whether item i passed; a failed item is all zeros.
func prepECDSABlocks(dst []byte, pre []bool, check func(i int, r, s *scalar.Scalar) bool, finish func(i int, d []byte, sn *scalar.Scalar)) {
	var s, acc [invBlock]scalar.Scalar
	var idx [invBlock]int
	var r scalar.Scalar
	for base := 0; base < len(pre); base += invBlock {
		end := min(base+invBlock, len(pre))
		m := 0
		for i := base; i < end; i++ {
			d := dst[196*i : 196*i+196]
			clear(d)
			pre[i] = false
			if !check(i, &r, &s[m]) || r.IsZero() != 0 || s[m].IsZero() != 0 {
				continue
			}
			r.Bytes((*[32]byte)(d[128:160]))
			if m == 0 {
				acc[0] = s[0]
			} else {
				acc[m].Mul(&acc[m-1], &s[m])
			}
			idx[m] = i
			m++
		}
		if m == 0 {
			continue
		}
		invertPrefixVar(acc[:m], s[:m], func(j int, sn *scalar.Scalar) {
			i := idx[j]
			finish(i, dst[196*i:196*i+196], sn)
			pre[i] = true
		})
	}
}

// prepECDSA writes a checked item (prepECDSABlocks has written r at
// dst[128:160]) given sn = 1/s: Q ‖ z ‖ 1/s ‖ r ‖ r + n. The device
// computes u1 = z/s and u2 = r/s and splits u2 (ecdsa_verify), which cost
// the host about a third of its preparation.
func prepECDSA(dst []byte, it *ECDSAItem, sn *scalar.Scalar) {
	u := it.PublicKey.SerializeUncompressed()
	copy(dst[0:64], u[1:65])
	copy(dst[64:96], it.Hash[:])
	sn.Bytes((*[32]byte)(dst[96:128]))
	rPlusN((*[32]byte)(dst[160:192]), (*[32]byte)(dst[128:160]))
}

// rPlusN writes r + n to dst when r < p − n (an x of R at or above n
// gives r = x − n, possible only then), else r itself: the second x the
// kernel compares with. r is below n (big-endian, public).
func rPlusN(dst, r *[32]byte) {
	var w [4]uint64 // little-endian words
	for k := range 4 {
		w[k] = binary.BigEndian.Uint64(r[24-8*k : 32-8*k])
	}
	// p − n = 0x14551231950b75fc4402da1722fc9baee: below 2^129.
	if w[3] == 0 && w[2] <= 1 && (w[2] < 1 || w[1] < 0x4551231950b75fc4 || (w[1] == 0x4551231950b75fc4 && w[0] < 0x402da1722fc9baee)) {
		var c uint64
		w[0], c = bits.Add64(w[0], 0xBFD25E8CD0364141, 0)
		w[1], c = bits.Add64(w[1], 0xBAAEDCE6AF48A03B, c)
		w[2], c = bits.Add64(w[2], 0xFFFFFFFFFFFFFFFE, c)
		w[3], _ = bits.Add64(w[3], 0xFFFFFFFFFFFFFFFF, c)
	}
	for k := range 4 {
		binary.BigEndian.PutUint64(dst[24-8*k:32-8*k], w[k])
	}
}

// PublicKeys sets out[i] to scalars[i]·G for PUBLIC scalars (vanity search,
// tests, deriving many public points): the device computes in variable time,
// with no blinding, so it must never see a secret key — key generation and
// signing stay on the CPU, whose engines are constant time. A scalar that is
// zero or not below n gives the zero (invalid) PublicKey. It returns
// ErrShortOutput when len(out) < len(scalars) and ErrClosed for a nil,
// zero-value or closed Engine, computing nothing. Each device result is
// checked on the host (coordinates below p, y² = x³ + 7: a few field
// operations, no parsing); an item that fails is computed on the CPU and
// the call returns, beside complete and correct results, an error wrapping
// ErrDeviceFault with the count. The check does not catch a device that
// computes another point of the curve (see checkXY's notes in results.go):
// run gpubench's differential check on a device before trusting it.
// PublicKeysBytes takes and returns flat bytes.
func (e *Engine) PublicKeys(scalars [][32]byte, out []p256k1.PublicKey) error {
	n := len(scalars)
	if err := shortOutput("PublicKeys", n, outLen{"out", len(out)}); err != nil {
		return err
	}
	if err := e.usable(); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	out = out[:n]
	pre := make([]bool, n)
	prep := func(lo, hi int, in []byte) {
		for i := lo; i < hi; i++ {
			d := in[32*(i-lo) : 32*(i-lo+1)]
			if pre[i] = validScalar(&scalars[i]); pre[i] {
				copy(d, scalars[i][:])
			} else {
				clear(d)
			}
		}
	}
	var faults atomic.Int64
	decode := func(lo, hi int, res []byte) {
		for i := lo; i < hi; i++ {
			x, y, ok := checkXY(res[64*(i-lo) : 64*(i-lo+1)])
			switch {
			case !pre[i]:
				out[i] = p256k1.PublicKey{}
			case ok:
				out[i] = keyFromXY(&x, &y)
			default:
				faults.Add(1)
				out[i] = cpuPublicKey(&scalars[i])
			}
		}
	}
	if err := e.pipeline("pubkeys", n, 32, 64, prep, decode); err != nil {
		clear(out)
		return err
	}
	return faultsErr("PublicKeys", &faults)
}

// The device's fixed-base table (the kernels' G_BITS, G_WINDOWS,
// G_DIGITS): gWindows windows of gBits bits, gDigits entries each.
const (
	gBits    = 16
	gWindows = 256 / gBits
	gDigits  = 1<<gBits - 1
)

// gTable is the device's fixed-base table: entry i·gDigits + j − 1 is
// j·2^(16i)·G (x then y, each as four little-endian 64-bit limbs, least
// significant first: the kernels load them as two ulong4) for windows
// i < 16 and digits 1..65535 (64 MiB), computed once per process from
// public constants (about a second of CPU time; a window per goroutine,
// its points summed in Jacobian form and made affine with one inversion).
func gTable() []byte {
	gTableOnce.Do(func() {
		tab := make([]byte, gWindows*gDigits*64)
		windows := make(chan int, gWindows)
		for i := range gWindows {
			windows <- i
		}
		close(windows)
		var wg sync.WaitGroup
		for range min(runtime.GOMAXPROCS(0), gWindows) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				jac := make([]group.Jacobian, gDigits)
				aff := make([]group.Affine, gDigits)
				for i := range windows {
					// b = 2^(16i)·G, affine.
					var bj group.Jacobian
					var g, b group.Affine
					g.SetGenerator()
					bj.SetAffine(&g)
					for range gBits * i {
						bj.DoubleVar(&bj, nil)
					}
					b.SetJacobianVar(&bj)
					jac[0].SetAffine(&b)
					for j := 1; j < gDigits; j++ {
						jac[j].AddAffineVar(&jac[j-1], &b, nil)
					}
					group.BatchToAffineVar(aff, jac)
					row := tab[i*gDigits*64 : (i+1)*gDigits*64]
					for j := range aff {
						putLimbs(row[64*j:64*j+32], &aff[j].X)
						putLimbs(row[64*j+32:64*j+64], &aff[j].Y)
					}
				}
			}()
		}
		wg.Wait()
		gTab = tab
	})
	return gTab
}

// putLimbs writes v (normalized) as four little-endian 64-bit limbs, least
// significant first.
func putLimbs(dst []byte, v *field.Element) {
	var b [32]byte
	w := *v
	w.NormalizeVar()
	w.Bytes(&b)
	for k := range 4 {
		binary.LittleEndian.PutUint64(dst[8*k:], binary.BigEndian.Uint64(b[24-8*k:32-8*k]))
	}
}

var (
	gTableOnce sync.Once
	gTab       []byte
)

// glvEncode writes k split by the GLV endomorphism, k = k1 + k2·λ (mod n):
// |k1| ‖ |k2| (16 bytes each, big-endian) to k32 and their signs (1 for
// negative) to sg[0], sg[1] (sg[2:4] zero), as the kernels' mul_p reads
// them.
func glvEncode(k32, sg []byte, k *scalar.Scalar) {
	var k1, k2 scalar.Scalar
	scalar.SplitLambda(&k1, &k2, k)
	for i, h := range [2]*scalar.Scalar{&k1, &k2} {
		// A half is below 2^128 or n minus such a value (IsHigh).
		neg := h.IsHigh()
		h.CondNegate(h, neg)
		var b [32]byte
		h.Bytes(&b)
		sg[i] = byte(neg)
		if [16]byte(b[:16]) != ([16]byte{}) {
			panic("gpu: GLV split out of range") // impossible: |k1|, |k2| < 2^128
		}
		copy(k32[16*i:16*i+16], b[16:])
	}
	sg[2], sg[3] = 0, 0
}

// invertPrefixVar is the backward pass of Montgomery's batched inversion:
// given the prefix products acc[j] = s[0]·…·s[j] (all s[j] nonzero), it
// calls visit(j, 1/s[j]) for j from len(s)−1 down to 0, with one
// inversion in all. Variable time: public scalars only (signatures).
func invertPrefixVar(acc, s []scalar.Scalar, visit func(j int, sn *scalar.Scalar)) {
	m := len(s)
	var u, sn scalar.Scalar
	u.InvertVar(&acc[m-1])
	for j := m - 1; j >= 0; j-- {
		if j > 0 {
			sn.Mul(&acc[j-1], &u) // 1/s[j]
			u.Mul(&u, &s[j])
		} else {
			sn = u
		}
		visit(j, &sn)
	}
}
