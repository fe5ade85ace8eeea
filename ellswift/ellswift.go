// Package ellswift implements ElligatorSwift, the encoding of secp256k1
// public keys as 64 bytes indistinguishable from uniformly random data that
// BIP-324 (Bitcoin's v2 P2P transport) uses for its key exchange, compatible
// with libsecp256k1's ellswift module (v0.8.0):
//
//   - Encode (secp256k1_ellswift_encode) encodes a public key with caller
//     randomness (crypto/rand by default);
//   - Create (secp256k1_ellswift_create) encodes the public key of a private
//     key, its randomness derived from the key and optional auxiliary data;
//   - Decode and DecodeX (secp256k1_ellswift_decode) map any 64 bytes to a
//     point: the decoding is total;
//   - XDH and XDHBIP324 (secp256k1_ellswift_xdh, with
//     secp256k1_ellswift_xdh_hash_function_bip324 for the latter) compute an
//     x-only Diffie–Hellman secret between two encodings.
//
// An encoding is u ‖ t, two 32-byte big-endian field elements (reduced mod p
// on decoding); the point's X coordinate is XSwiftEC(u, t) of BIP-324 and,
// as in libsecp256k1, its Y coordinate has the parity of t. Encodings made
// here use libsecp256k1's exact algorithm (the same hash-based generator of
// u and of the inverse-map branch), so Encode and Create give the same 64
// bytes as libsecp256k1 for the same inputs (bench/difffuzz compares
// Decode, Encode, Create and XDH with libsecp256k1 v0.8.0 byte for byte).
//
// # Side channels
//
// Create and XDH are constant time in the private key: Create computes d·G
// with the constant-time fixed-base engine (internal/ecmultgen), and XDH
// computes the X coordinate of d·P with the constant-time x-only ladder
// (internal/ecmultconst.MulXOnly), which needs no square root. Decoding,
// encoding and the inverse map are variable time: they handle only public
// data (the peer's encoding, one's own public key). In Create the
// randomness of the encoding is a hash of the private key (as in
// libsecp256k1, which declassifies the hasher state once the key is
// absorbed): the choice of u and of the branch depends on that hash, which
// is acceptable because the result is published and the hash reveals
// nothing about the key.
package ellswift

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// Size is the length of an encoding.
const Size = 64

var (
	tagEncode = tagged.New("secp256k1_ellswift_encode")
	tagCreate = tagged.New("secp256k1_ellswift_create")
	tagXDH    = tagged.New("bip324_ellswift_xonly_ecdh")
)

// ErrRandom is returned by Encode when reading crypto/rand fails.
var ErrRandom = errors.New("ellswift: cannot read randomness")

// decodeUT loads u and t from enc, reduced mod p.
func decodeUT(u, t *fe, enc *[64]byte) {
	u.SetBytes((*[32]byte)(enc[:32]))
	u.NormalizeVar()
	t.SetBytes((*[32]byte)(enc[32:]))
	t.NormalizeVar()
}

// decodeXFE sets x to the X coordinate enc decodes to and t to enc's t.
func decodeXFE(x, t *fe, enc *[64]byte) {
	var u fe
	decodeUT(&u, t, enc)
	xswiftec(x, &u, t)
}

// DecodeX returns the X coordinate (32 bytes, big endian) of the point enc
// encodes: BIP-324's XSwiftEC(u, t). Every 64-byte string decodes. Variable
// time (enc is public); it does not allocate.
func DecodeX(enc *[64]byte) [32]byte {
	var x, t fe
	decodeXFE(&x, &t, enc)
	var out [32]byte
	x.Bytes(&out)
	return out
}

// Decode returns the public key enc encodes (secp256k1_ellswift_decode):
// the point with X coordinate XSwiftEC(u, t) whose Y coordinate has the
// parity of t (t reduced mod p). Every 64-byte string decodes to a valid
// public key. Variable time (enc is public).
func Decode(enc *[64]byte) p256k1.PublicKey {
	var x, t fe
	decodeXFE(&x, &t, enc)
	var p group.Affine
	if !p.SetXOVar(&x, t.IsOdd() == 1) {
		panic("ellswift: XSwiftEC gave an X coordinate off the curve")
	}
	var b [65]byte
	b[0] = 0x04
	p.X.NormalizeVar()
	p.Y.NormalizeVar()
	p.X.Bytes((*[32]byte)(b[1:33]))
	p.Y.Bytes((*[32]byte)(b[33:]))
	pub, err := p256k1.ParsePublicKey(b[:])
	if err != nil {
		panic("ellswift: decoded point rejected: " + err.Error())
	}
	return pub
}

// prng is libsecp256k1's secp256k1_ellswift_prng: the tagged hash of the
// prefix parts followed by the 4-byte little-endian counter.
type prng struct {
	tag    *tagged.Tag
	prefix [96]byte
	n      int // bytes of prefix in use
}

func (g *prng) next(out *[32]byte, cnt uint32) {
	var c [4]byte
	binary.LittleEndian.PutUint32(c[:], cnt)
	g.tag.Sum(out, g.prefix[:g.n], c[:])
}

// elligatorSwift is secp256k1_ellswift_elligatorswift_var: it writes u and
// t for the point p (normalized coordinates) into out, drawing u and the
// branch from g. Variable time: p is public, and g's outputs are
// declassified (see the package comment).
func elligatorSwift(out *[64]byte, p *group.Affine, g *prng) {
	var branchHash [32]byte
	branchesLeft := 0
	cnt := uint32(0)
	var u, t fe
	u32 := (*[32]byte)(out[:32])
	for {
		if branchesLeft == 0 {
			g.next(&branchHash, cnt)
			ctime.Declassify(&branchHash)
			cnt++
			branchesLeft = 64
		}
		// A 3-bit branch from the pool, from its last nibble down, as
		// libsecp256k1 takes them.
		branchesLeft--
		branch := int(branchHash[branchesLeft>>1]>>((branchesLeft&1)<<2)) & 7
		g.next(u32, cnt)
		ctime.Declassify(u32)
		cnt++
		u.SetBytes(u32)
		u.NormalizeVar()
		if isZero(&u) {
			continue // probability 2⁻²⁵⁶; xswiftec would read u as 1
		}
		if xswiftecInv(&t, &p.X, &u, branch) {
			break
		}
	}
	// t's parity carries the parity of Y; −t decodes to the same X.
	if t.IsOdd() != p.Y.IsOdd() {
		neg(&t, &t)
	}
	t.Bytes((*[32]byte)(out[32:]))
}

// Encode returns an ElligatorSwift encoding of pub
// (secp256k1_ellswift_encode), drawn with the 32 bytes of randomness rnd32,
// or with 32 bytes from crypto/rand if rnd32 is nil. For uniformly random
// rnd32 the encoding is uniformly distributed among the encodings of pub.
// Decode(Encode(pub)) == pub. It returns p256k1.ErrInvalidPublicKey for a
// nil or zero-value pub and ErrRandom if crypto/rand fails. Variable time:
// pub is public, and so is rnd32 once the encoding is published.
func Encode(pub *p256k1.PublicKey, rnd32 *[32]byte) ([64]byte, error) {
	var out [64]byte
	var p group.Affine
	if !point.Load(&p, pub) {
		return out, p256k1.ErrInvalidPublicKey
	}
	var rnd [32]byte
	if rnd32 != nil {
		rnd = *rnd32
	} else if _, err := rand.Read(rnd[:]); err != nil {
		return out, ErrRandom
	}
	g := prng{tag: &tagEncode, n: 96}
	c := pub.SerializeCompressed()
	copy(g.prefix[:33], c[:]) // then 31 zero bytes
	copy(g.prefix[64:], rnd[:])
	p.X.NormalizeVar()
	p.Y.NormalizeVar()
	elligatorSwift(&out, &p, &g)
	return out, nil
}

// Create returns the ElligatorSwift encoding of priv's public key
// (secp256k1_ellswift_create), its randomness derived from priv and from
// auxRand32 if not nil: the tagged hash "secp256k1_ellswift_create" of
// priv ‖ 32 zero bytes [‖ auxRand32] ‖ counter. The result is
// deterministic, and equals libsecp256k1's for the same inputs. It returns
// p256k1.ErrInvalidPrivateKey for a nil or zero-value priv.
//
// Constant time in priv (see the package comment for what is declassified:
// the public key and the hashes of the private key that choose the
// encoding).
func Create(priv *p256k1.PrivateKey, auxRand32 *[32]byte) ([64]byte, error) {
	var out [64]byte
	if !priv.IsValid() {
		return out, p256k1.ErrInvalidPrivateKey
	}
	pub := priv.PublicKey() // constant-time, blinded d·G
	ctime.Declassify(&pub)  // the public key is public
	var p group.Affine
	point.Load(&p, &pub)
	p.X.NormalizeVar()
	p.Y.NormalizeVar()
	g := prng{tag: &tagCreate, n: 64}
	g.prefix = [96]byte{}
	kb := priv.Bytes()
	copy(g.prefix[:32], kb[:])
	clear(kb[:])
	if auxRand32 != nil {
		copy(g.prefix[64:], auxRand32[:])
		g.n = 96
	}
	elligatorSwift(&out, &p, &g)
	clear(g.prefix[:])
	return out, nil
}

// Party says which of the two encodings in an XDH call is one's own: PartyA
// for the party whose encoding is ellA (in BIP-324 the initiator), PartyB
// for ellB's (the responder).
type Party int

const (
	PartyA Party = 0
	PartyB Party = 1
)

// HashFunc turns the shared X coordinate x32 (secret) and the two encodings
// into a shared secret, like libsecp256k1's secp256k1_ellswift_xdh_hash_function.
// x32 is passed by value so that it does not escape to the heap. hash
// should be constant time in x32 and clear any copy of it it makes.
type HashFunc func(x32 [32]byte, ellA, ellB *[64]byte) ([32]byte, error)

// HashBIP324 is BIP-324's hash (secp256k1_ellswift_xdh_hash_function_bip324):
// the tagged hash "bip324_ellswift_xonly_ecdh" of ellA ‖ ellB ‖ x32.
func HashBIP324(x32 [32]byte, ellA, ellB *[64]byte) ([32]byte, error) {
	var out [32]byte
	tagXDH.Sum(&out, ellA[:], ellB[:], x32[:])
	clear(x32[:])
	return out, nil
}

var (
	// ErrNilHash is returned by XDH for a nil hash function.
	ErrNilHash = errors.New("ellswift: nil hash function")
	// ErrNotOurs is returned by XDH and XDHBIP324 when the encoding given
	// as one's own (ours; ellA for PartyA, ellB for PartyB) does not encode
	// priv's public key: the encodings were swapped, or the party (the
	// initiating flag) is wrong. Without this check such a call would
	// silently compute a secret the peer does not share.
	ErrNotOurs = errors.New("ellswift: our encoding is not one of priv's public key (ours and theirs swapped, or the wrong party?)")
	// ErrParty is returned by XDH for a party other than PartyA and PartyB.
	ErrParty = errors.New("ellswift: party must be PartyA or PartyB")
)

// XDH computes an x-only Diffie–Hellman secret between the encodings ellA
// and ellB (secp256k1_ellswift_xdh, whose argument order it keeps: the
// hash sees ellA first): priv is the private key of the encoding of party
// (ellA for PartyA, ellB for PartyB); the other encoding is decoded to an X
// coordinate x, and the result is hash(X(priv·P), ellA, ellB), P being a
// point with X coordinate x (either one: the result depends only on x).
// Both parties get the same value. For BIP-324, XDHBIP324 takes the
// encodings as ours and theirs instead.
//
// Unlike libsecp256k1, it checks that party's own encoding encodes priv's
// public key (its X coordinate; one public-key derivation and one decoding
// more), so that swapped encodings or a wrong party give ErrNotOurs rather
// than a secret the peer does not share. It returns
// p256k1.ErrInvalidPrivateKey for a nil or zero-value priv, an error
// wrapping p256k1.ErrNilArgument for a nil encoding, ErrNilHash for a nil
// hash, ErrParty for another party, and otherwise what hash returns.
// Constant time in priv and in the shared X coordinate up to the call of
// hash; the encodings (and priv's public key) are public. It does not
// allocate (with a hash that does not).
func XDH(priv *p256k1.PrivateKey, ellA, ellB *[64]byte, party Party, hash HashFunc) ([32]byte, error) {
	if hash == nil {
		return [32]byte{}, ErrNilHash
	}
	if !priv.IsValid() {
		return [32]byte{}, p256k1.ErrInvalidPrivateKey
	}
	if ellA == nil || ellB == nil {
		return [32]byte{}, errNilEncoding
	}
	var ours, theirs *[64]byte
	switch party {
	case PartyA:
		ours, theirs = ellA, ellB
	case PartyB:
		ours, theirs = ellB, ellA
	default:
		return [32]byte{}, ErrParty
	}
	pub := priv.PublicKey() // constant-time, blinded d·G
	ctime.Declassify(&pub)  // the public key is public
	if c := pub.SerializeCompressed(); DecodeX(ours) != [32]byte(c[1:]) {
		return [32]byte{}, ErrNotOurs
	}
	var x, t fe
	decodeXFE(&x, &t, theirs)

	var s scalar.Scalar
	kb := priv.Bytes()
	s.SetBytes(&kb) // < n and nonzero: priv is valid
	clear(kb[:])

	var sx fe
	ecmultconst.MulXOnly(&sx, &x, nil, &s, true) // x is on the curve
	s.Zero()
	sx.Normalize()
	var x32 [32]byte
	sx.Bytes(&x32)
	sx.Zero()
	out, err := hash(x32, ellA, ellB)
	clear(x32[:])
	return out, err
}

var errNilEncoding = fmt.Errorf("ellswift: nil encoding: %w", p256k1.ErrNilArgument)

// XDHBIP324 is BIP-324's x-only ECDH (XDH with HashBIP324): the 32-byte
// secret from which the transport keys are derived (bip324.DeriveKeys).
// It takes the roles as bip324.NewCipher does: priv is our private key,
// ours the encoding of its public key that we sent, theirs the encoding
// the peer sent, and initiating whether we opened the connection (the
// initiator's encoding is hashed first). Swapped encodings give ErrNotOurs,
// never another secret; the errors are otherwise XDH's. Constant time in
// priv.
func XDHBIP324(priv *p256k1.PrivateKey, ours, theirs *[64]byte, initiating bool) ([32]byte, error) {
	if initiating {
		return XDH(priv, ours, theirs, PartyA, HashBIP324)
	}
	return XDH(priv, theirs, ours, PartyB, HashBIP324)
}
