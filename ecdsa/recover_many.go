package ecdsa

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// ErrLengthMismatch is returned by RecoverPublicKeys when its three slices
// differ in length. errors.Is matches it with p256k1.ErrLengthMismatch too.
var ErrLengthMismatch error = &lengthError{"ecdsa: keys, hashes and signatures differ in length"}

// RecoverChunk is the number of signatures that RecoverPublicKeys recovers
// together, sharing one scalar inversion (of the r values) and one field
// inversion (of the results' Z coordinates) among them by Montgomery's
// trick; it is also the unit of work handed to each core.
const RecoverChunk = 64

// RecoverPublicKeys recovers many public keys at once, as a block's worth of
// Ethereum transactions needs: keys[i] is set to the key RecoverPublicKey
// returns for hashes[i] and sigs[i], or to the zero (invalid) PublicKey
// where RecoverPublicKey fails. The results are identical to one call of
// RecoverPublicKey per item; the work is spread over
// runtime.GOMAXPROCS(0) goroutines in chunks of RecoverChunk signatures,
// and within a chunk the inversions are shared, so each recovery costs less
// than a single one.
//
// It returns nil when every item recovers, ErrRecoveryFailed when at least
// one fails (keys[i].IsValid() tells which), and ErrLengthMismatch, setting
// nothing, when the slices differ in length. Variable time (signatures,
// hashes and keys are public). Up to RecoverChunk items (or with
// GOMAXPROCS 1) it runs on the calling goroutine and does not allocate;
// otherwise it allocates only for the goroutines.
func RecoverPublicKeys(keys []p256k1.PublicKey, hashes [][32]byte, sigs []RecoverableSignature) error {
	if len(keys) != len(hashes) || len(keys) != len(sigs) {
		return ErrLengthMismatch
	}
	n := len(keys)
	chunks := (n + RecoverChunk - 1) / RecoverChunk
	workers := min(runtime.GOMAXPROCS(0), chunks)
	all := true
	if workers <= 1 {
		for lo := 0; lo < n; lo += RecoverChunk {
			hi := min(lo+RecoverChunk, n)
			if !recoverKeysChunk(keys[lo:hi], hashes[lo:hi], sigs[lo:hi]) {
				all = false
			}
		}
	} else {
		all = recoverKeysParallel(keys, hashes, sigs, workers)
	}
	if !all {
		return ErrRecoveryFailed
	}
	return nil
}

// recoverKeysParallel runs recoverKeysChunk on workers goroutines, which
// take chunks in turn, and reports whether every item recovered.
func recoverKeysParallel(keys []p256k1.PublicKey, hashes [][32]byte, sigs []RecoverableSignature, workers int) bool {
	n := len(keys)
	chunks := (n + RecoverChunk - 1) / RecoverChunk
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				lo := c * RecoverChunk
				hi := min(lo+RecoverChunk, n)
				if !recoverKeysChunk(keys[lo:hi], hashes[lo:hi], sigs[lo:hi]) {
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return !failed.Load()
}

// recoverKeysChunk recovers up to RecoverChunk keys and encodes them as
// PublicKeys, reporting whether all succeeded.
func recoverKeysChunk(keys []p256k1.PublicKey, hashes [][32]byte, sigs []RecoverableSignature) bool {
	var q [RecoverChunk]group.Affine
	var ok [RecoverChunk]bool
	recoverChunk(q[:len(keys)], ok[:len(keys)], hashes, sigs)
	all := true
	for i := range keys {
		keys[i] = p256k1.PublicKey{}
		if !ok[i] {
			all = false
			continue
		}
		q[i].X.NormalizeVar()
		q[i].Y.NormalizeVar()
		keys[i] = point.PublicKey(&q[i]) // a finite curve point
	}
	return all
}

// recoverChunk is the engine of RecoverPublicKeys, the place to dispatch a
// wider implementation from: for every i below len(q) (at most
// RecoverChunk; hashes and sigs at least as long) it sets ok[i] and, where
// true, q[i] to the finite point (normalized coordinates) that recoverPoint
// gives for hashes[i] and sigs[i]. This generic form makes one scalar
// inversion for all r and one field inversion for all results. Variable
// time; it does not allocate.
func recoverChunk(q []group.Affine, ok []bool, hashes [][32]byte, sigs []RecoverableSignature) {
	n := len(q)
	var rs [RecoverChunk]group.Jacobian // the nonce points R
	var acc [RecoverChunk]scalar.Scalar // products of the r of the usable items before i
	var qj [RecoverChunk]group.Jacobian
	var prod scalar.Scalar
	prod.One()
	for i := range n {
		sig := &sigs[i]
		ok[i] = false
		if sig.recid > 3 || sig.sig.r.IsZero() != 0 || sig.sig.s.IsZero() != 0 {
			continue
		}
		var x group.Affine
		if !nonceFromR(&x, &sig.sig.r, int(sig.recid)) {
			continue
		}
		rs[i].SetAffine(&x)
		acc[i] = prod
		prod.Mul(&prod, &sig.sig.r)
		ok[i] = true
	}
	// inv = 1/(product of the r of the usable items); walk back, peeling
	// one r at a time (Montgomery's trick).
	var inv scalar.Scalar
	inv.InvertVar(&prod)
	for i := n - 1; i >= 0; i-- {
		if !ok[i] {
			qj[i].SetInfinity()
			continue
		}
		// inv is 1/(r of the usable items up to i), so inv·acc[i] = 1/r_i.
		var rinv scalar.Scalar
		rinv.Mul(&inv, &acc[i])
		inv.Mul(&inv, &sigs[i].sig.r)
		var m, u1, u2 scalar.Scalar
		m.SetBytes(&hashes[i])
		u1.Mul(&rinv, &m)
		u1.Negate(&u1)
		u2.Mul(&rinv, &sigs[i].sig.s)
		ecmult.DoubleBaseVar(&qj[i], &u2, &rs[i], &u1)
		if qj[i].Infinity != 0 {
			ok[i] = false
		}
	}
	group.BatchToAffineVar(q, qj[:n])
	for i := range n {
		if ok[i] {
			q[i].X.NormalizeVar()
			q[i].Y.NormalizeVar()
		}
	}
}

// nonceFromR sets x to the nonce point R that r (nonzero, below n) and the
// recovery id name: x coordinate r, or r + n when recid&2 is set (possible
// only for r < p − n), and y of parity recid&1. It reports false when there
// is no such point. Variable time.
func nonceFromR(x *group.Affine, r *scalar.Scalar, recid int) bool {
	var rb [32]byte
	r.Bytes(&rb)
	var fx field.Element
	fx.SetBytes(&rb) // r < n < p
	if recid&2 != 0 {
		if fx.CmpVar(&pMinusOrder) >= 0 {
			return false
		}
		fx.Add(&fx, &orderAsField)
		fx.NormalizeVar()
	}
	return liftXVar(x, &fx, recid&1 != 0)
}

// liftXVar is batch.LiftXVar (the square root in the 4×64 form where
// fe4.Enabled: after the double-base multiplication it is the largest cost
// of a recovery) with the coordinates normalized. Variable time.
func liftXVar(r *group.Affine, x *field.Element, odd bool) bool {
	if !batch.LiftXVar(r, x, odd) {
		return false
	}
	r.X.NormalizeVar()
	r.Y.NormalizeVar()
	return true
}
