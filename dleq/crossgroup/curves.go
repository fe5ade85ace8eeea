package crossgroup

import (
	"crypto/sha3"
	"crypto/subtle"
	"encoding/hex"
	"math/bits"
	"sync"

	"filippo.io/edwards25519"

	"github.com/p256k1/p256k1/dleq/crossgroup/internal/ed"
	"github.com/p256k1/p256k1/dleq/crossgroup/internal/secp"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The alternate generators H of go-dleq, against which the bit commitments
// are blinded. Their discrete logarithms with respect to G must be unknown.
const (
	// secpAltHex is the secp256k1 H of go-dleq: the well-known
	// "nothing up my sleeve" point whose x is SHA-256 of the uncompressed
	// encoding of G (also BIP-341's unspendable key H), compressed.
	secpAltHex = "0250929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0"
	// edAltHex is the ed25519 H of go-dleq, in the standard encoding.
	edAltHex = "8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94"
)

var (
	secpG, secpH group.Affine        // normalized
	edH          *edwards25519.Point // read-only
	edG          = edwards25519.NewGeneratorPoint()
	// twoTo256 is 2^256 mod n, to reduce 512-bit hashes.
	twoTo256 scalar.Scalar
	// invTwoTo251 are 2^−251 modulo n and modulo ℓ, which fix the last
	// blinder so that the blinders weighted by powers of two sum to zero.
	secpInvTwo251 scalar.Scalar
	edInvTwo251   edwards25519.Scalar
)

func init() {
	secpG.SetGenerator()
	secpG.X.Normalize()
	secpG.Y.Normalize()
	b, _ := hex.DecodeString(secpAltHex)
	if !point.Decompress(&secpH, b) {
		panic("crossgroup: bad secp256k1 alternate generator")
	}
	b, _ = hex.DecodeString(edAltHex)
	p, err := new(edwards25519.Point).SetBytes(b)
	if err != nil {
		panic("crossgroup: bad ed25519 alternate generator")
	}
	edH = p
	edHPoint.FromEdwards(edH)
	edGPoint.FromEdwards(edG)
	edG127.MulPow2(&edGPoint, 127)
	secpNegG.Negate(&secpG)
	secpNegG.Y.Normalize()

	// 2^256 − n, 129 bits.
	var c [32]byte
	hex.Decode(c[15:], []byte("014551231950b75fc4402da1732fc9bebf"))
	twoTo256.SetBytes(&c)

	// 2^−251 = (2^251)^(n−2) would need an exponentiation; instead halve 1
	// 251 times (Half is exact division by 2 modulo the odd n).
	secpInvTwo251.One()
	for range Bits - 1 {
		secpInvTwo251.Half(&secpInvTwo251)
	}
	var two, pw edwards25519.Scalar
	two.SetCanonicalBytes([]byte{2, 31: 0})
	pw.SetCanonicalBytes([]byte{1, 31: 0})
	for range Bits - 1 {
		pw.Multiply(&pw, &two)
	}
	edInvTwo251.Invert(&pw)
}

// Precomputed tables of the fixed points, built on first use (a process
// that only verifies never builds the prover's).
var (
	// proverTables: constant-time fixed-base tables (secret scalars).
	proverTables = sync.OnceValue(buildProverTables)
	// verifierTables: variable-time tables of H (public scalars).
	verifierTables = sync.OnceValue(buildVerifierTables)
	// edHPoint and edGPoint are H and G in the internal representation.
	edHPoint, edGPoint ed.Point
	// edG127 is 2^127·G on ed25519.
	edG127 ed.Point
	// secpNegG is −G on secp256k1.
	secpNegG group.Affine
)

func buildProverTables() *proverTabs {
	return &proverTabs{
		secpH: secp.NewCombTable(&secpH),
		secpG: secp.NewCombTable(&secpG),
		edH:   ed.NewBaseTable(&edHPoint),
		edG:   ed.NewBaseTable(&edGPoint),
	}
}

func buildVerifierTables() *verifierTabs {
	return &verifierTabs{
		secpH: secp.NewFixedTable(&secpH),
		edH:   ed.NewNAFTable(&edHPoint),
	}
}

type proverTabs struct {
	secpH, secpG *secp.CombTable // 86 KiB each
	edH, edG     *ed.BaseTable   // 30 KiB each
}

type verifierTabs struct {
	secpH *secp.FixedTable // 11 KiB
	edH   *ed.NAFTable     // 15 KiB
}

// challengeInput is the preimage go-dleq hashes for one ring step: the bit's
// two commitments and the two points of the step, each in its curve's
// compressed encoding.
type challengeInput [33 + 32 + 33 + 32]byte

// hashChallenge computes go-dleq's HashToScalar for both curves from one
// preimage: h = SHA3-512(in); the ed25519 challenge is h read as a
// little-endian integer modulo ℓ, the secp256k1 one is h read as a
// big-endian integer, reduced modulo n and then passed through go-dleq's
// encoding quirk (see secpFromGoDleq). Constant time.
func hashChallenge(es *scalar.Scalar, ee *edwards25519.Scalar, in *challengeInput) {
	h := sha3.Sum512(in[:])
	reduce512(es, &h)
	secpFromGoDleq(es)
	ee.SetUniformBytes(h[:])
	clear(h[:])
}

// secpFromGoDleq applies the quirk of go-dleq's secp256k1 HashToScalar to
// the reduced hash v: it copies the minimal big-endian bytes of v (math/big
// Bytes, without leading zeros) to the front of a 32-byte array, so when v
// has k leading zero bytes the challenge is v·2^(8k), not v (one challenge
// in 256 is affected). Byte compatibility requires the same value. The
// shifted value is below 2^256 and, unless its top 16 bytes are nearly all
// 0xff (probability about 2^−127, where go-dleq panics), below n; it is
// reduced modulo n here either way. Constant time: the shift is a
// barrel shifter driven by masks, since whether a challenge had leading
// zeros must not reveal which ring member it belongs to.
func secpFromGoDleq(s *scalar.Scalar) {
	var b [32]byte
	s.Bytes(&b)
	// k = number of leading zero bytes (32 for v = 0, whose shift is moot).
	k, stillZero := 0, 1
	for i := range b {
		stillZero &= subtle.ConstantTimeByteEq(b[i], 0)
		k += stillZero
	}
	var t [32]byte
	for sh := 1; sh < 32; sh <<= 1 {
		// t = b shifted left by sh bytes; keep it when bit sh of k is set.
		clear(t[:])
		copy(t[:], b[sh:])
		subtle.ConstantTimeCopy((k>>bits.TrailingZeros(uint(sh)))&1, b[:], t[:])
	}
	s.SetBytes(&b)
	clear(b[:])
	clear(t[:])
}

// reduce512 sets s to the big-endian 512-bit integer h modulo n: with
// h = hi·2^256 + lo, s = (hi mod n)·(2^256 mod n) + (lo mod n). Constant
// time.
func reduce512(s *scalar.Scalar, h *[64]byte) {
	var hi, lo scalar.Scalar
	hi.SetBytes((*[32]byte)(h[:32]))
	lo.SetBytes((*[32]byte)(h[32:]))
	s.Mul(&hi, &twoTo256)
	s.Add(s, &lo)
}

// secpScalarBytes writes s big endian (go-dleq's secp256k1 scalar encoding).
func secpScalarBytes(out []byte, s *scalar.Scalar) {
	s.Bytes((*[32]byte)(out))
}

// edBytes writes the canonical encoding of p. Constant time.
func edBytes(out []byte, p *edwards25519.Point) {
	copy(out, p.Bytes())
}
