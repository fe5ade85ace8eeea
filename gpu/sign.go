package gpu

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/keyaccess"
	"github.com/p256k1/p256k1/internal/rfc6979"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
	"github.com/p256k1/p256k1/schnorr"
)

// Batch signing. The host derives each nonce k (RFC 6979's HMAC-SHA256
// for ECDSA, BIP-340's tagged hashes for Schnorr: the same primitives,
// internal/rfc6979, internal/tagged and the constant-time internal/scalar,
// in the same steps as internal/ecdsacore and package schnorr; the tests
// compare every item with them),
// the device computes R = k·G in constant time (kernel sign_kg: masked
// selects over a 4-bit window table, complete additions, no branch or
// address on k), and the host finishes each signature from R (ECDSA's
// s = k⁻¹(z + r·d) with low-S, BIP-340's e and s = k + e·d); then every
// finished signature is checked on the device before it is returned
// (signcheck.go: the fault check). The nonces go to the device, and a
// nonce reveals its key given the signature, so they are as secret: they
// cross the bus and sit in device memory while the kernel runs; so do the
// ECDSA batches' secret keys, through the same constant-time kernel, for
// the check's public keys (a BIP-340 keypair carries its public key: its
// secret stays on the host). Before each pass returns, the host staging
// buffers that held nonces or keys are overwritten with zeros and copied
// over the device buffers that held them; the kernel overwrites its
// private copy of k. What the driver or the device keeps elsewhere
// (registers, caches, a driver's own copies) is beyond the package's
// reach: sign on the device only where the device and its driver are as
// trusted as the CPU.

// signSizes are sign_kg's bytes per item: k in, x ‖ y of k·G out.
const (
	signInSize  = 32
	signOutSize = 64
)

// Signing windows (the kernel's S_WINDOWS, S_DIGITS).
const (
	sWindows = 64
	sDigits  = 15
)

// signTable is sign_kg's table: entry w·15 + j − 1 is j·16^w·G for
// windows w < 64 and digits 1..15, x then y as four little-endian 64-bit
// limbs each (61,440 bytes; gTable's layout), from public constants.
func signTable() []byte {
	signTableOnce.Do(func() {
		tab := make([]byte, sWindows*sDigits*64)
		jac := make([]group.Jacobian, sWindows*sDigits)
		aff := make([]group.Affine, sWindows*sDigits)
		var g, b group.Affine
		g.SetGenerator()
		var bj group.Jacobian
		bj.SetAffine(&g)
		for w := range sWindows {
			// bj = 16^w·G
			b.SetJacobianVar(&bj)
			row := jac[w*sDigits : (w+1)*sDigits]
			row[0].SetAffine(&b)
			for j := 1; j < sDigits; j++ {
				row[j].AddAffineVar(&row[j-1], &b, nil)
			}
			for range 4 {
				bj.DoubleVar(&bj, nil)
			}
		}
		group.BatchToAffineVar(aff, jac)
		for i := range aff {
			putLimbs(tab[64*i:64*i+32], &aff[i].X)
			putLimbs(tab[64*i+32:64*i+64], &aff[i].Y)
		}
		signTab = tab
	})
	return signTab
}

var (
	signTableOnce sync.Once
	signTab       []byte
)

// Test hooks (nil in production; a branch on them is on a package
// variable, not a secret). ecdsaRetryHook(i) true makes item i take the
// path of a nonce that gave r = 0 or s = 0 (probability about 2^−256: no
// known input reaches it). schnorrNonceHook replaces item i's
// BIP0340/nonce hash, as schnorr's own tests do, to drive the zero-nonce
// path.
var (
	ecdsaRetryHook   func(i int) bool
	schnorrNonceHook func(i int, h *[32]byte)
)

// signBatch runs sign_kg over n items: nonce(i, k, in) derives item i's
// nonce into k and writes it to in (32 bytes), or returns the item's error
// (its input is then zero); finish(i, k, R) finishes item i from R = k·G
// (x ‖ y, 64 bytes). With invert set, finish gets 1/k instead of k (the
// inverses of a prepared range are taken together: invertNonces). The
// nonces are kept between the two for the items in flight and wiped
// before signBatch returns.
func (e *Engine) signBatch(n int, invert bool, nonce func(i int, k *scalar.Scalar, in []byte) error, finish func(i int, k *scalar.Scalar, r []byte, pre error)) error {
	ks := make([]scalar.Scalar, n)
	pre := make([]error, n)
	defer func() {
		for i := range ks {
			ks[i].Zero()
		}
	}()
	prep := func(lo, hi int, in []byte) {
		for i := lo; i < hi; i++ {
			d := in[signInSize*(i-lo) : signInSize*(i-lo+1)]
			if pre[i] = nonce(i, &ks[i], d); pre[i] != nil {
				clear(d)
				ks[i].Zero()
			}
		}
		if invert {
			invertNonces(ks[lo:hi], pre[lo:hi])
		}
	}
	decode := func(lo, hi int, out []byte) {
		for i := lo; i < hi; i++ {
			finish(i, &ks[i], out[signOutSize*(i-lo):signOutSize*(i-lo+1)], pre[i])
			ks[i].Zero()
		}
	}
	return e.pipe("sign_kg", n, signInSize, signOutSize, true, prep, decode)
}

// invertNonces replaces each ks[i] whose pre[i] is nil (a valid item,
// nonzero k) by 1/ks[i], invBlock at a time with one inversion per block
// (Montgomery's trick: the products, the inversion and the multiplications
// back are constant-time scalar operations; which items take part is
// public, their validity). The block's products are wiped.
func invertNonces(ks []scalar.Scalar, pre []error) {
	var acc [invBlock]scalar.Scalar
	var idx [invBlock]int
	for base := 0; base < len(ks); base += invBlock {
		m := 0
		for i := base; i < min(base+invBlock, len(ks)); i++ {
			if pre[i] != nil {
				continue
			}
			if m == 0 {
				acc[0] = ks[i]
			} else {
				acc[m].Mul(&acc[m-1], &ks[i])
			}
			idx[m] = i
			m++
		}
		if m == 0 {
			continue
		}
		var u, t scalar.Scalar
		u.Invert(&acc[m-1])
		for j := m - 1; j > 0; j-- {
			t.Mul(&acc[j-1], &u) // 1/ks[idx[j]]
			u.Mul(&u, &ks[idx[j]])
			ks[idx[j]] = t
		}
		ks[idx[0]] = u
		u.Zero()
		t.Zero()
		for j := range m {
			acc[j].Zero()
		}
	}
}

// onCurve reports whether the device's x ‖ y is a point of the curve (the
// first test against a faulty device; the fault check does the rest).
// Public data (R is part of the signature): variable time.
func onCurve(xy []byte) bool {
	_, _, ok := checkXY(xy)
	return ok
}

// ecdsaNonce derives the nonce of ecdsa.Sign(key, hash) into k, as
// internal/ecdsacore does (RFC 6979 keyed with key ‖ (hash mod n), the
// first candidate in [1, n−1]), and writes it to dst. It reports
// p256k1.ErrInvalidPrivateKey for a key that is 0 or not below n.
// Constant time in the key and the nonce, apart from the key's validity
// and the rejection of a candidate (probability below 2^−127), as there.
func ecdsaNonce(key, hash *[32]byte, k *scalar.Scalar, dst []byte) error {
	var d scalar.Scalar
	bad := d.SetBytes(key) | d.IsZero()
	d.Zero()
	ctime.Declassify(&bad)
	if bad != 0 {
		return p256k1.ErrInvalidPrivateKey
	}
	var g rfc6979.DRBG
	g.InitNonce(key, hash, nil, nil)
	var b [32]byte
	for {
		g.Generate32(&b)
		bad := k.SetBytes(&b) | k.IsZero()
		ctime.Declassify(&bad)
		if bad == 0 {
			break
		}
	}
	g.Clear()
	copy(dst, b[:])
	clear(b[:])
	return nil
}

// ecdsaFinish computes the signature from kinv = 1/k and R = k·G (x ‖ y)
// as internal/ecdsacore's signWithNonce does, and reports false when r or
// s is zero (the caller then signs on the CPU, which moves on to the next
// candidate as ecdsa.Sign does). Constant time in the key and k.
func ecdsaFinish(out *[64]byte, key, hash *[32]byte, kinv *scalar.Scalar, rxy []byte) (recid int, ok bool) {
	var r, s, d, m, t scalar.Scalar
	overflow := r.SetBytes((*[32]byte)(rxy[:32]))
	recid = overflow<<1 | int(rxy[63]&1)
	d.SetBytes(key)
	m.SetBytes(hash)
	t.Mul(&r, &d)
	t.Add(&t, &m)
	s.Mul(kinv, &t)
	high := s.IsHigh()
	s.CondNegate(&s, high)
	recid ^= high
	d.Zero()
	t.Zero()
	m.Zero()
	r.Bytes((*[32]byte)(out[:32]))
	s.Bytes((*[32]byte)(out[32:]))
	ctime.Declassify(&r)
	ctime.Declassify(&s)
	return recid, r.IsZero()|s.IsZero() == 0
}

// ecdsaCPUChecked is ecdsaCPU with ErrInvalidPrivateKey (and a zero
// signature) for a key that is 0 or not below n.
func ecdsaCPUChecked(key, hash *[32]byte) (ecdsa.RecoverableSignature, error) {
	var d scalar.Scalar
	bad := d.SetBytes(key) | d.IsZero()
	d.Zero()
	if bad != 0 {
		return ecdsa.RecoverableSignature{}, p256k1.ErrInvalidPrivateKey
	}
	return ecdsaCPU(key, hash)
}

// ecdsaCPU is ecdsa.SignRecoverable for a raw key (valid: checked by
// ecdsaNonce), for the retry path and the CPU fallback.
func ecdsaCPU(key, hash *[32]byte) (ecdsa.RecoverableSignature, error) {
	pk, err := p256k1.NewPrivateKey(key[:])
	if err != nil {
		return ecdsa.RecoverableSignature{}, err
	}
	defer pk.Zero()
	return ecdsa.SignRecoverable(&pk, hash)
}

// signECDSA is SignECDSA and SignECDSARecoverable: out[i] and errs[i] for
// each item, signSegment items at a time. It returns a faultError with
// complete results when the check caught faulty items.
func (e *Engine) signECDSA(keys, hashes [][32]byte, out func(i int, sig ecdsa.RecoverableSignature), errs []error) error {
	if err := e.signable(); err != nil {
		return err
	}
	faults := 0
	for lo := 0; lo < len(keys); lo += signSegment {
		hi := min(lo+signSegment, len(keys))
		f, err := e.signECDSASegment(lo, keys[lo:hi], hashes[lo:hi], out, errs[lo:hi])
		if err != nil {
			return err
		}
		faults += f
	}
	if faults != 0 {
		return &faultError{faults}
	}
	return nil
}

// signECDSASegment signs one segment (items base.. of the call): the
// public keys Q = d·G on the device (sign_kg over the keys), the
// signatures (sign_kg over the nonces, finished on the host), the check of
// each (schnorr_verify: prepRecoverCheck), then each item that failed
// signed on the CPU. It returns the number of faults.
func (e *Engine) signECDSASegment(base int, keys, hashes [][32]byte, out func(i int, sig ecdsa.RecoverableSignature), errs []error) (int, error) {
	n := len(keys)
	qs := make([][64]byte, n)
	sigs := make([][64]byte, n)
	recids := make([]int8, n)
	state := make([]uint8, n)
	err := e.pipe("sign_kg", n, signInSize, signOutSize, true, func(lo, hi int, in []byte) {
		for i := lo; i < hi; i++ {
			d := in[signInSize*(i-lo) : signInSize*(i-lo+1)]
			var k scalar.Scalar
			bad := k.SetBytes(&keys[i]) | k.IsZero()
			k.Zero()
			ctime.Declassify(&bad)
			copy(d, keys[i][:])
			if bad != 0 {
				clear(d)
			}
		}
	}, func(lo, hi int, res []byte) {
		for i := lo; i < hi; i++ {
			copy(qs[i][:], res[signOutSize*(i-lo):])
		}
	})
	if err != nil {
		return 0, err
	}
	err = e.signBatch(n, true, func(i int, k *scalar.Scalar, in []byte) error {
		return ecdsaNonce(&keys[i], &hashes[i], k, in)
	}, func(i int, kinv *scalar.Scalar, rxy []byte, pre error) {
		errs[i] = pre
		if pre != nil {
			out(base+i, ecdsa.RecoverableSignature{})
			return
		}
		if faultHook != nil {
			faultHook(base+i, rxy)
		}
		if !onCurve(rxy) {
			state[i] = itemFault
			return
		}
		recid, ok := ecdsaFinish(&sigs[i], &keys[i], &hashes[i], kinv, rxy)
		if ok && ecdsaRetryHook != nil && ecdsaRetryHook(base+i) {
			ok = false
		}
		if !ok {
			// r = 0 or s = 0: the CPU moves on to the next candidate.
			sig, err := ecdsaCPU(&keys[i], &hashes[i])
			out(base+i, sig)
			errs[i] = err
			return
		}
		recids[i] = int8(recid)
		state[i] = itemCheck
	})
	if err != nil {
		return 0, err
	}
	ok := make([]bool, n)
	err = e.verifyItems("signature check", "schnorr_verify", n, schnorrItemSize, ok, func(lo, hi int, dst []byte, pre []bool) {
		prepRecoverRange(dst, lo, hi, state, qs, sigs, recids, hashes, pre)
	})
	if err != nil {
		return 0, err
	}
	// On all cores, as the passes' own host work: parsing and storing a
	// signature takes 70-95 ns (Zen 3), which on one goroutine was a
	// third of a segment's time on 16 cores once the host's share of a
	// signature fell below 2 µs.
	var faults atomic.Int64
	parallel(0, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			switch {
			case state[i] == itemCheck && ok[i]:
				sig, err := ecdsa.ParseRecoverable(&sigs[i], int(recids[i]))
				out(base+i, sig)
				errs[i] = err
			case state[i] != itemDone:
				faults.Add(1)
				sig, err := ecdsaCPU(&keys[i], &hashes[i])
				out(base+i, sig)
				errs[i] = err
			}
		}
	})
	f := int(faults.Load())
	if f != 0 {
		e.faults.Add(uint64(f))
	}
	return f, nil
}

// SignECDSA signs hashes[i] with the secret key keys[i] (32 bytes,
// big-endian) for each i, setting out[i] and errs[i] to what ecdsa.Sign
// returns for that key and hash, byte for byte: the RFC 6979 nonce, low
// S. A key that is 0 or not below n gives errs[i] =
// p256k1.ErrInvalidPrivateKey and a zero out[i].
//
// The host derives the nonces and finishes the signatures (constant time,
// as package ecdsa); the device computes R = k·G in constant time, and the
// public keys d·G by the same kernel. The nonces and the keys go to the
// device, and are wiped from the host's staging and the device's buffers
// before the call returns (see the package documentation, "Secrets").
// Every signature is then verified on the device (the fault check: the
// recovery id's point must be s⁻¹(z·G + r·Q), by kernel schnorr_verify,
// an algorithm independent of sign_kg's) before it is returned; an item
// whose R is not on the curve or whose signature fails is signed on the
// CPU, so that a device fault never releases a wrong signature (with a
// deterministic nonce, a wrong r beside a right signature of the same
// message would reveal the key). A nonce that gives r = 0 or s = 0
// (probability about 2^−256) makes that item be signed on the CPU too:
// the bytes are ecdsa.Sign's in every case.
//
// It returns p256k1.ErrLengthMismatch when len(hashes) != len(keys),
// ErrShortOutput when out or errs is shorter than keys, ErrClosed for a
// nil, zero-value or closed Engine and ErrSigningDisabled for an Engine
// whose device failed the fault check before (computing nothing), and a
// device error with out and errs zeroed. When the fault check caught
// items, it returns an error wrapping ErrDeviceFault with complete,
// correct results (those items signed on the CPU), counts them in
// SignFaults and disables signing on e. Constant time in the keys and
// nonces on the host and the device, apart from the public-probability
// events above; the fault check runs in variable time on public data
// (signatures, public keys, hashes).
func (e *Engine) SignECDSA(keys, hashes [][32]byte, out []ecdsa.Signature, errs []error) error {
	if err := signArgs("SignECDSA", len(keys), len(hashes), len(out), len(errs)); err != nil {
		return err
	}
	if err := e.usable(); err != nil {
		return err
	}
	if len(keys) == 0 {
		return nil
	}
	err := e.signECDSA(keys, hashes, func(i int, sig ecdsa.RecoverableSignature) { out[i] = sig.Signature() }, errs)
	if err != nil && !errors.Is(err, ErrDeviceFault) {
		clear(out[:len(keys)])
		clear(errs[:len(keys)])
	}
	return err
}

// SignECDSARecoverable is SignECDSA returning recoverable signatures: out[i]
// is what ecdsa.SignRecoverable returns (the same signature, and the
// recovery id, which the fault check covers too). Errors and constant-time
// behaviour as SignECDSA.
func (e *Engine) SignECDSARecoverable(keys, hashes [][32]byte, out []ecdsa.RecoverableSignature, errs []error) error {
	if err := signArgs("SignECDSARecoverable", len(keys), len(hashes), len(out), len(errs)); err != nil {
		return err
	}
	if err := e.usable(); err != nil {
		return err
	}
	if len(keys) == 0 {
		return nil
	}
	err := e.signECDSA(keys, hashes, func(i int, sig ecdsa.RecoverableSignature) { out[i] = sig }, errs)
	if err != nil && !errors.Is(err, ErrDeviceFault) {
		clear(out[:len(keys)])
		clear(errs[:len(keys)])
	}
	return err
}

// signArgs checks a signing batch's lengths: the second input (hashes,
// messages, aux) as long as the first, and the outputs at least as long.
func signArgs(method string, n, m, nOut, nErrs int) error {
	if m != n {
		return lengthMismatch(method, n, m)
	}
	return shortOutput(method, n, outLen{"out", nOut}, outLen{"errs", nErrs})
}

func lengthMismatch(method string, n, m int) error {
	return &lengthError{method, n, m}
}

// lengthError: inputs of a signing batch that differ in length.
type lengthError struct {
	method string
	n, m   int
}

func (e *lengthError) Error() string {
	return fmt.Sprintf("gpu: %s: inputs of different lengths (%d keys, %d of another input)", e.method, e.n, e.m)
}

func (e *lengthError) Is(target error) bool { return target == p256k1.ErrLengthMismatch }

// SignSchnorr signs msgs[i] with the keypair keys[i] and the 32 bytes of
// auxiliary randomness aux[i] for each i, setting out[i] and errs[i] to
// what schnorr.SignKeypair(&keys[i], msgs[i], &aux[i]) returns, byte for
// byte (BIP-340). A keypair that is not valid (the zero value) gives
// p256k1.ErrInvalidPrivateKey, a zero nonce schnorr.ErrZeroNonce, each
// with a zero out[i]. Fresh aux per signature is the caller's (BIP-340
// recommends it); a fixed aux gives deterministic signatures.
//
// The host hashes (BIP0340/aux, BIP0340/nonce, BIP0340/challenge) and
// finishes s = k + e·d (constant time, as package schnorr); the device
// computes R = k·G in constant time. The nonces go to the device and are
// wiped as SignECDSA's are (the secret keys stay on the host). Every
// signature is verified on the device against the keypair's x-only key
// before it is returned (the fault check, as SignECDSA's: a failing item,
// or an R not on the curve, is signed on the CPU, counted in SignFaults
// and reported as ErrDeviceFault beside complete results). It returns
// p256k1.ErrLengthMismatch when msgs or aux differ from keys in length,
// and otherwise the errors of SignECDSA.
func (e *Engine) SignSchnorr(keys []schnorr.Keypair, msgs [][]byte, aux [][32]byte, out [][64]byte, errs []error) error {
	if len(aux) != len(keys) {
		return lengthMismatch("SignSchnorr", len(keys), len(aux))
	}
	if err := signArgs("SignSchnorr", len(keys), len(msgs), len(out), len(errs)); err != nil {
		return err
	}
	if err := e.usable(); err != nil {
		return err
	}
	n := len(keys)
	if n == 0 {
		return nil
	}
	if err := e.signable(); err != nil {
		return err
	}
	faults := 0
	for lo := 0; lo < n; lo += signSegment {
		hi := min(lo+signSegment, n)
		f, err := e.signSchnorrSegment(lo, keys[lo:hi], msgs[lo:hi], aux[lo:hi], out[lo:hi], errs[lo:hi])
		if err != nil {
			clear(out[:n])
			clear(errs[:n])
			return err
		}
		faults += f
	}
	if faults != 0 {
		return &faultError{faults}
	}
	return nil
}

// signSchnorrSegment signs one segment (items base.. of the call): the
// signatures (sign_kg over the nonces, finished on the host), the check of
// each (schnorr_verify against the keypair's x-only key, as VerifySchnorr),
// then each item that failed signed on the CPU. It returns the number of
// faults.
func (e *Engine) signSchnorrSegment(base int, keys []schnorr.Keypair, msgs [][]byte, aux [][32]byte, out [][64]byte, errs []error) (int, error) {
	n := len(keys)
	fails := make([]int, n)
	state := make([]uint8, n)
	err := e.signBatch(n, false, func(i int, k *scalar.Scalar, in []byte) error {
		if !keys[i].IsValid() {
			return p256k1.ErrInvalidPrivateKey
		}
		fails[i] = schnorrNonce(keyaccess.KP(unsafe.Pointer(&keys[i])), base+i, msgs[i], &aux[i], k, in)
		return nil
	}, func(i int, k *scalar.Scalar, rxy []byte, pre error) {
		out[i], errs[i] = [64]byte{}, pre
		if pre != nil {
			return
		}
		if faultHook != nil {
			faultHook(base+i, rxy)
		}
		if !onCurve(rxy) {
			state[i] = itemFault
			return
		}
		schnorrFinish(&out[i], keyaccess.KP(unsafe.Pointer(&keys[i])), msgs[i], k, rxy, fails[i])
		if fails[i] != 0 {
			// A zero nonce: no signature (package schnorr's answer,
			// whatever R was).
			errs[i] = schnorr.ErrZeroNonce
			return
		}
		state[i] = itemCheck
	})
	if err != nil {
		return 0, err
	}
	ok := make([]bool, n)
	err = e.verifyItems("signature check", "schnorr_verify", n, schnorrItemSize, ok, func(lo, hi int, dst []byte, pre []bool) {
		for i := lo; i < hi; i++ {
			d := dst[schnorrItemSize*(i-lo) : schnorrItemSize*(i-lo+1)]
			pre[i-lo] = false
			if state[i] == itemCheck {
				pk := keys[i].XOnlyPublicKey()
				pre[i-lo] = prepSchnorr(d, &schnorr.BatchItem{PublicKey: &pk, Message: msgs[i], Signature: &out[i]})
			}
			if !pre[i-lo] {
				clear(d)
			}
		}
	})
	if err != nil {
		return 0, err
	}
	var faults atomic.Int64
	parallel(0, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if state[i] == itemFault || state[i] == itemCheck && !ok[i] {
				faults.Add(1)
				out[i], errs[i] = schnorr.SignKeypair(&keys[i], msgs[i], &aux[i])
			}
		}
	})
	f := int(faults.Load())
	if f != 0 {
		e.faults.Add(uint64(f))
	}
	return f, nil
}

var scalarOne = *new(scalar.Scalar).One()

// schnorrNonce derives BIP-340's nonce for kp, msg and aux into k (1 in
// place of a zero nonce, which it reports as 1, as package schnorr does)
// and writes it to dst. Constant time in the key and the nonce.
func schnorrNonce(kp *keyaccess.Keypair, i int, msg []byte, aux *[32]byte, k *scalar.Scalar, dst []byte) int {
	var t, buf [32]byte
	tagged.BIP340Aux.Sum(&t, aux[:])
	kp.D.Bytes(&buf)
	for j := range t {
		t[j] ^= buf[j]
	}
	tagged.BIP340Nonce.Sum(&buf, t[:], kp.Px[:], msg)
	if schnorrNonceHook != nil {
		schnorrNonceHook(i, &buf)
	}
	k.SetBytes(&buf)
	fail := k.IsZero()
	k.CMove(&scalarOne, fail)
	k.Bytes((*[32]byte)(dst))
	clear(t[:])
	clear(buf[:])
	return fail
}

// schnorrFinish writes the signature from the nonce k and R = k·G, as
// package schnorr's sign does (zero when fail is 1). Constant time in the
// key and k.
func schnorrFinish(sig *[64]byte, kp *keyaccess.Keypair, msg []byte, k *scalar.Scalar, rxy []byte, fail int) {
	var kk, ev scalar.Scalar
	kk.CondNegate(k, int(rxy[63]&1))
	copy(sig[:32], rxy[:32])
	var buf [32]byte
	tagged.BIP340Challenge.Sum(&buf, sig[:32], kp.Px[:], msg)
	ev.SetBytes(&buf)
	ev.Mul(&ev, &kp.D)
	ev.Add(&ev, &kk)
	ev.Bytes((*[32]byte)(sig[32:]))
	kk.Zero()
	ev.Zero()
	m := byte(fail) - 1
	for j := range sig {
		sig[j] &= m
	}
}
