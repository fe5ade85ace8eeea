package crossgroup

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"io"
	"runtime"
	"sync"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/dleq/crossgroup/internal/ed"
	"github.com/p256k1/p256k1/dleq/crossgroup/internal/secp"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Options tunes Prove and Verify. The zero value (or a nil *Options) uses
// every CPU and crypto/rand.
type Options struct {
	// Workers is the number of goroutines that share the per-bit work;
	// 0 means runtime.GOMAXPROCS(0). 1 runs everything on the calling
	// goroutine.
	Workers int
	// Rand is the source of the 32-byte seed from which Prove derives
	// every blinder and nonce; nil means crypto/rand. The secret is mixed
	// in too, so a weak source does not expose the secret by itself, but a
	// repeated seed with the same secret gives the same proof.
	Rand io.Reader
}

// workers returns the number of goroutines to use.
func (o *Options) workers() int {
	if o == nil || o.Workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return min(o.Workers, Bits)
}

// GenerateSecret returns a random secret below 2^252 in go-dleq's form:
// 32 bytes, little endian. A nil r means crypto/rand.
func GenerateSecret(r io.Reader) ([32]byte, error) {
	if r == nil {
		r = rand.Reader
	}
	var x [32]byte
	for {
		if _, err := io.ReadFull(r, x[:]); err != nil {
			return [32]byte{}, err
		}
		x[31] &= 0x0f
		if x != ([32]byte{}) {
			return x, nil
		}
	}
}

// PublicKeys returns x·G on secp256k1 and on ed25519 for the secret x
// (32 bytes, little endian, as go-dleq takes it). It returns
// ErrInvalidSecret unless 1 ≤ x < 2^252. Constant time in x.
func PublicKeys(secret *[32]byte) (p256k1.PublicKey, [32]byte, error) {
	var s secrets
	defer s.clear()
	if !s.load(secret) {
		return p256k1.PublicKey{}, [32]byte{}, ErrInvalidSecret
	}
	var ed edwards25519.Point
	ed.ScalarBaseMult(&s.ed)
	return s.key.PublicKey(), [32]byte(ed.Bytes()), nil
}

// secrets holds the secret x on both curves.
type secrets struct {
	le  [32]byte            // x, little endian
	key p256k1.PrivateKey   // x mod n (x < n)
	sc  scalar.Scalar       // x
	ed  edwards25519.Scalar // x (x < ℓ)
}

// load sets s from the little-endian secret, reporting whether
// 1 ≤ x < 2^252. Constant time apart from that result.
func (s *secrets) load(x *[32]byte) bool {
	if x == nil {
		return false
	}
	s.le = *x
	var be [32]byte
	for i := range be {
		be[i] = x[31-i]
	}
	var err error
	s.key, err = p256k1.NewPrivateKey(be[:]) // rejects 0; x < 2^252 < n
	clear(be[:])
	tooBig := int(x[31] >> 4) // nonzero iff x ≥ 2^252
	ctime.Declassify(&tooBig) // only validity is revealed
	if err != nil || tooBig != 0 {
		return false
	}
	kb := s.key.Bytes()
	s.sc.SetBytes(&kb)
	clear(kb[:])
	// x < 2^252 < ℓ, so the wide reduction (branch-free, unlike
	// SetCanonicalBytes's validity check) gives x itself.
	var wide [64]byte
	copy(wide[:], x[:])
	s.ed.SetUniformBytes(wide[:])
	clear(wide[:])
	return true
}

func (s *secrets) clear() {
	clear(s.le[:])
	s.key.Zero()
	s.sc.Zero()
	s.ed = edwards25519.Scalar{}
}

// bit returns bit i of x (0 or 1). i is public; the value is secret and is
// only ever used as a mask or a multiplier.
func (s *secrets) bit(i int) int {
	return int(s.le[i>>3]>>(i&7)) & 1
}

// proverState is the prover's scratch space, allocated once per proof: the
// blinders of every bit on both curves and the key from which the per-bit
// randomness is derived.
type proverState struct {
	x     secrets
	seed  [64]byte // SHA-512(random seed ‖ x): the key of the per-bit PRF
	rSecp [Bits]scalar.Scalar
	rEd   [Bits]edwards25519.Scalar
	ones  [2]edwards25519.Scalar // 0 and 1 on ed25519, for arithmetic selection
	proof *Proof

	// Per-bit values of the ring signatures (each worker uses the entries
	// of its own bits): the nonces j, the fake responses f, the challenges
	// eJ and eF, the challenge inputs, and two points per bit and curve
	// (the commitment, then the fake member's point; the nonce point) with
	// their affine forms and inverted Z.
	jS, fS, eJS, eFS [Bits]scalar.Scalar
	jE, fE, eJE, eFE [Bits]edwards25519.Scalar
	in               [Bits]challengeInput
	jac1, jac2       [Bits]group.Jacobian
	aff1, aff2       [Bits]group.Affine
	edp1, edp2       [Bits]ed.Point
	zi1, zi2         [Bits]field.Element
}

func (st *proverState) clear() {
	st.x.clear()
	clear(st.seed[:])
	clear(st.rSecp[:])
	clear(st.rEd[:])
	clear(st.jS[:])
	clear(st.fS[:])
	clear(st.eJS[:])
	clear(st.eFS[:])
	clear(st.jE[:])
	clear(st.fE[:])
	clear(st.eJE[:])
	clear(st.eFE[:])
	clear(st.in[:])
	clear(st.jac1[:])
	clear(st.jac2[:])
	clear(st.aff1[:])
	clear(st.aff2[:])
	clear(st.edp1[:])
	clear(st.edp2[:])
	clear(st.zi1[:])
	clear(st.zi2[:])
}

// derive sets out to 64 pseudorandom bytes for bit i and purpose tag:
// SHA-512(key ‖ i ‖ tag). Constant time.
func (st *proverState) derive(out *[64]byte, i int, tag byte) {
	var buf [64 + 3]byte
	copy(buf[:64], st.seed[:])
	binary.LittleEndian.PutUint16(buf[64:], uint16(i))
	buf[66] = tag
	*out = sha512.Sum512(buf[:])
	clear(buf[:])
}

// randomSecp sets s to a uniform scalar mod n derived for bit i and tag.
func (st *proverState) randomSecp(s *scalar.Scalar, i int, tag byte) {
	var h [64]byte
	st.derive(&h, i, tag)
	reduce512(s, &h)
	clear(h[:])
}

// randomEd sets s to a uniform scalar mod ℓ derived for bit i and tag.
func (st *proverState) randomEd(s *edwards25519.Scalar, i int, tag byte) {
	var h [64]byte
	st.derive(&h, i, tag)
	s.SetUniformBytes(h[:])
	clear(h[:])
}

// Purposes of the derived randomness.
const (
	tagBlinder = iota
	tagNonceSecp
	tagNonceEd
	tagFakeSecp
	tagFakeEd
)

// Prove makes a proof, byte-compatible with go-dleq, that the secp256k1
// point x·G and the ed25519 point x·G have the same secret x. The secret is
// 32 bytes, little endian, as go-dleq takes it; Prove returns
// ErrInvalidSecret unless 1 ≤ x < 2^252, or the error of opts.Rand.
//
// Constant time in x and in every blinder and nonce: no branch and no
// memory address depends on them. Each bit is committed to on both curves,
// the real member of each two-member ring signature is chosen by
// constant-time selection (both candidate outputs are computed), every
// multiplication by a secret is a constant-time fixed-base one (tables of
// H and G read in full), and points are encoded with constant-time
// inversions (see the package documentation). The per-bit work is spread
// over opts.Workers goroutines. Prove allocates the Proof and a fixed
// amount of scratch space, independent of the number of bits and workers.
func Prove(secret *[32]byte, opts *Options) (*Proof, error) {
	w := opts.workers()
	st := new(proverState)
	defer st.clear()
	if !st.x.load(secret) {
		return nil, ErrInvalidSecret
	}
	var rnd io.Reader = rand.Reader
	if opts != nil && opts.Rand != nil {
		rnd = opts.Rand
	}
	var seed [32 + 32]byte
	if _, err := io.ReadFull(rnd, seed[:32]); err != nil {
		return nil, err
	}
	copy(seed[32:], st.x.le[:])
	st.seed = sha512.Sum512(seed[:])
	clear(seed[:])
	st.ones[1].SetCanonicalBytes([]byte{1, 31: 0})

	// Blinders r_i for i < 251 at random; r_251 so that Σ 2^i·r_i = 0 on
	// each curve, which makes Σ 2^i·C_i = x·G.
	var sumSecp, pwSecp, t scalar.Scalar
	var sumEd, pwEd, tEd, two edwards25519.Scalar
	pwSecp.One()
	pwEd.Set(&st.ones[1])
	two.Add(&st.ones[1], &st.ones[1])
	for i := range Bits - 1 {
		st.randomSecp(&st.rSecp[i], i, tagBlinder)
		st.randomEd(&st.rEd[i], i, tagBlinder)
		t.Mul(&st.rSecp[i], &pwSecp)
		sumSecp.Add(&sumSecp, &t)
		pwSecp.Add(&pwSecp, &pwSecp)
		tEd.Multiply(&st.rEd[i], &pwEd)
		sumEd.Add(&sumEd, &tEd)
		pwEd.Multiply(&pwEd, &two)
	}
	st.rSecp[Bits-1].Negate(&sumSecp)
	st.rSecp[Bits-1].Mul(&st.rSecp[Bits-1], &secpInvTwo251)
	st.rEd[Bits-1].Negate(&sumEd)
	st.rEd[Bits-1].Multiply(&st.rEd[Bits-1], &edInvTwo251)
	sumSecp.Zero()
	t.Zero()
	sumEd, tEd = edwards25519.Scalar{}, edwards25519.Scalar{}

	p := new(Proof)
	st.proof = p
	if w <= 1 {
		st.proveRange(0, 0, Bits)
	} else {
		parallelRanges(w, st.proveRange)
	}

	// The public points and go-dleq's two signatures of knowledge of x.
	pub := st.x.key.PublicKey()
	p.secpPub = pub.SerializeCompressed()
	var X edwards25519.Point
	X.ScalarBaseMult(&st.x.ed)
	ctime.Declassify(&X) // the ed25519 public key: written into the proof
	edBytes(p.edPub[:], &X)
	h := sha256.Sum256(p.secpPub[:])
	sig, err := ecdsa.Sign(&st.x.key, &h)
	if err != nil {
		return nil, err
	}
	var der [ecdsa.MaxDERSize]byte
	p.sigLen = copy(p.sigSecp[:], sig.SerializeDER(&der))
	edSign(&p.sigEd, &st.x.ed, &X)
	return p, nil
}

// edSign writes go-dleq's ed25519 signature of X's encoding under the key
// x with X = x·G: the nonce r = SHA-512(x, 32 bytes little endian) mod ℓ,
// R = r·G, c = SHA-512(R ‖ X ‖ X) mod ℓ, s = r + c·x, signature R ‖ s.
// Deterministic (the message is fixed by the key), constant time in x.
func edSign(out *[edSigSize]byte, x *edwards25519.Scalar, X *edwards25519.Point) {
	var r, c, s edwards25519.Scalar
	var R edwards25519.Point
	h := sha512.Sum512(x.Bytes())
	r.SetUniformBytes(h[:])
	R.ScalarBaseMult(&r)
	ctime.Declassify(&R) // the signature's nonce point: written out as its first half
	var buf [96]byte
	edBytes(buf[:32], &R)
	edBytes(buf[32:64], X)
	copy(buf[64:], buf[32:64])
	h = sha512.Sum512(buf[:])
	c.SetUniformBytes(h[:])
	s.MultiplyAdd(&c, x, &r)
	copy(out[:32], buf[:32])
	copy(out[32:], s.Bytes())
	clear(h[:])
	r = edwards25519.Scalar{}
	s = edwards25519.Scalar{}
}

// parallelRanges splits the bits into one contiguous range per goroutine
// and runs f(w, lo, hi) for worker w on its range [lo, hi).
func parallelRanges(workers int, f func(w, lo, hi int)) {
	if workers <= 1 {
		f(0, 0, Bits)
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*Bits/workers, (w+1)*Bits/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w, lo, hi)
		}()
	}
	wg.Wait()
}

// proveRange proves bits lo ≤ i < hi, a batch at a time.
func (st *proverState) proveRange(_, lo, hi int) {
	for b := lo; b < hi; b += batchBits {
		st.proveBatch(b, min(b+batchBits, hi))
	}
}

// proveBatch writes the commitments and ring signatures of bits
// lo ≤ i < hi. With b the bit, C = b·G + r·H on each curve, and the ring
// has two members: "C" (a key for H when b = 0) and "C − G" (a key for H
// when b = 1). In go-dleq's verification order the ring runs
//
//	e1 = Hash(C_secp, C_ed, a1·H − e0·C,       b1·H − e0·C)
//	e0 = Hash(C_secp, C_ed, a0·H − e1·(C − G), b0·H − e1·(C − G))
//
// (each point on its curve; the proof stores e0). The prover starts the
// ring at the member after its real one with nonce points j·H, answers the
// other member with a random response f, and closes the ring with
// z = j + e·r. With eJ the challenge from the nonce points and eF the one
// from the fake member, whose point is f·H − eJ·D with D = C − G (b = 0) or
// C (b = 1), that is (f − eJ·r)·H + (1 − 2b)·eJ·G:
//
//	b = 0: e0 = eF, a0 = f, a1 = z = j + eF·r
//	b = 1: e0 = eJ, a1 = f, a0 = z = j + eF·r
//
// Both cases run the same operations; the outputs are chosen by
// constant-time selection. The bits of the batch go through each stage
// together (commitments and nonce points, their encodings with one
// inversion per curve, the hashes; then the fake members' points, and so
// on). Every multiple of H or G is a constant-time fixed-base
// multiplication (a comb on secp256k1, signed radix-16 windows on
// ed25519) whose tables are read in full.
func (st *proverState) proveBatch(lo, hi int) {
	tabs := proverTables()
	var tj group.Jacobian
	var tE ed.Point

	// Commitments C = b·G + r·H and nonce points j·H.
	for i := lo; i < hi; i++ {
		b := st.x.bit(i)
		st.randomSecp(&st.jS[i], i, tagNonceSecp)
		st.randomSecp(&st.fS[i], i, tagFakeSecp)
		st.randomEd(&st.jE[i], i, tagNonceEd)
		st.randomEd(&st.fE[i], i, tagFakeEd)
		c := &st.jac1[i]
		tabs.secpH.Mul(c, &st.rSecp[i])
		tj.AddAffine(c, &secpG) // complete: c may be infinity
		c.CMove(&tj, b)
		cE := &st.edp1[i]
		cE.MulBase(tabs.edH, &st.rEd[i])
		tE.Add(cE, &edGPoint)
		cE.Select(&tE, cE, b)
		tabs.secpH.Mul(&st.jac2[i], &st.jS[i])
		st.edp2[i].MulBase(tabs.edH, &st.jE[i])
	}
	st.encode(lo, hi, 1)
	st.encode(lo, hi, 2)
	for i := lo; i < hi; i++ {
		bp := &st.proof.bits[i]
		secpCompress(bp[offCommitSecp:], &st.aff1[i])
		ed.EncodeZInv((*[32]byte)(bp[offCommitEd:]), &st.edp1[i], &st.zi1[i])
		in := &st.in[i]
		copy(in[:65], bp[:65])
		secpCompress(in[65:], &st.aff2[i])
		ed.EncodeZInv((*[32]byte)(in[98:]), &st.edp2[i], &st.zi2[i])
		hashChallenge(&st.eJS[i], &st.eJE[i], in)
	}

	// The fake members' points (f − eJ·r)·H + (1 − 2b)·eJ·G.
	for i := lo; i < hi; i++ {
		b := st.x.bit(i)
		var u, v scalar.Scalar
		var uE, vE, bE edwards25519.Scalar
		u.Mul(&st.eJS[i], &st.rSecp[i])
		u.Sub(&st.fS[i], &u)
		v.CondNegate(&st.eJS[i], b)
		secp.Mul2(&st.jac1[i], tabs.secpH, &u, tabs.secpG, &v)
		edBit(&bE, b)
		uE.Multiply(&st.eJE[i], &st.rEd[i])
		uE.Subtract(&st.fE[i], &uE)
		vE.Subtract(&st.ones[1], &bE)
		vE.Subtract(&vE, &bE) // 1 − 2b
		vE.Multiply(&vE, &st.eJE[i])
		st.edp1[i].MulBase2(tabs.edH, &uE, tabs.edG, &vE)
		u.Zero()
		v.Zero()
		uE, vE, bE = edwards25519.Scalar{}, edwards25519.Scalar{}, edwards25519.Scalar{}
	}
	st.encode(lo, hi, 1)
	for i := lo; i < hi; i++ {
		in := &st.in[i]
		secpCompress(in[65:], &st.aff1[i])
		ed.EncodeZInv((*[32]byte)(in[98:]), &st.edp1[i], &st.zi1[i])
		hashChallenge(&st.eFS[i], &st.eFE[i], in)
	}

	// Close the rings, z = j + eF·r, and select the outputs.
	for i := lo; i < hi; i++ {
		b := st.x.bit(i)
		bp := &st.proof.bits[i]
		rS, rE := &st.rSecp[i], &st.rEd[i]
		var z, e0, a0, a1 scalar.Scalar
		z.Mul(&st.eFS[i], rS)
		z.Add(&z, &st.jS[i])
		e0.Select(&st.eJS[i], &st.eFS[i], b)
		a0.Select(&z, &st.fS[i], b)
		a1.Select(&st.fS[i], &z, b)
		secpScalarBytes(bp[offESecp:], &e0)
		secpScalarBytes(bp[offA0:], &a0)
		secpScalarBytes(bp[offA1:], &a1)
		var bE, zE, e0E, b0E, b1E edwards25519.Scalar
		edBit(&bE, b)
		zE.MultiplyAdd(&st.eFE[i], rE, &st.jE[i])
		selEd(&e0E, &st.eJE[i], &st.eFE[i], &bE)
		selEd(&b0E, &zE, &st.fE[i], &bE)
		selEd(&b1E, &st.fE[i], &zE, &bE)
		copy(bp[offEEd:], e0E.Bytes())
		copy(bp[offB0:], b0E.Bytes())
		copy(bp[offB1:], b1E.Bytes())
		for _, s := range []*scalar.Scalar{&z, &e0, &a0, &a1} {
			s.Zero()
		}
		for _, s := range []*edwards25519.Scalar{&bE, &zE, &e0E, &b0E, &b1E} {
			*s = edwards25519.Scalar{}
		}
	}
	tj.Clear()
	tE = ed.Point{}
}

// encode converts the points of bits lo ≤ i < hi in the first (set 1) or
// second (set 2) point arrays to affine form on secp256k1 and inverts
// their Z on ed25519: one constant-time inversion per curve.
func (st *proverState) encode(lo, hi, set int) {
	if set == 1 {
		group.BatchToAffine(st.aff1[lo:hi], st.jac1[lo:hi])
		ed.BatchInvertZ(st.zi1[lo:hi], st.edp1[lo:hi])
	} else {
		group.BatchToAffine(st.aff2[lo:hi], st.jac2[lo:hi])
		ed.BatchInvertZ(st.zi2[lo:hi], st.edp2[lo:hi])
	}
}

// edBit sets s to the bit b (0 or 1) as an ed25519 scalar, for arithmetic
// selection (see selEd), without a secret-dependent table index.
func edBit(s *edwards25519.Scalar, b int) {
	var wide [64]byte
	wide[0] = byte(b)
	s.SetUniformBytes(wide[:])
}

// selEd sets r = a if bit is the scalar 1, or b if it is 0:
// r = b + bit·(a − b). Constant time (edwards25519.Scalar has no
// conditional move).
func selEd(r, a, b, bit *edwards25519.Scalar) {
	var d edwards25519.Scalar
	d.Subtract(a, b)
	r.MultiplyAdd(bit, &d, b)
}

// secpCompress writes the compressed encoding of the affine point a (from
// BatchToAffine: infinity as 0x02 and zeros, like go-dleq's decred
// backend), normalizing its coordinates in place. Constant time.
func secpCompress(out []byte, a *group.Affine) {
	a.X.Normalize()
	a.Y.Normalize()
	point.Compress((*[33]byte)(out[:33]), a)
}
