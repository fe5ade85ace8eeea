// Package bip32 implements BIP-32 hierarchical deterministic keys: master
// keys from a seed, private (normal and hardened) and public child
// derivation, derivation paths ("m/86'/0'/0'/0/5"), and the xprv/xpub
// Base58Check serialization with mainnet, testnet and SLIP-132 versions.
//
// ExtendedKey is a value type of fixed arrays (no pointers), so deriving a
// child, private or public, makes no heap allocation.
//
// Side channels: everything that touches a private key or a chain code of
// a private key is constant time. HMAC-SHA512 is computed with
// crypto/sha512 (constant time in the data) on stack buffers; the child key
// k + IL mod n is p256k1.PrivateKey.TweakAdd (constant-time scalar code,
// with "IL ≥ n or k + IL = 0" computed branch-free and declassified only as
// the ErrInvalidChild the API returns); the child's public key is
// p256k1.PrivateKey.PublicKey (the constant-time, blinded k·G engine).
// Public derivation (ChildVar on a public key: P + IL·G, IL public) runs
// in variable time, as its name says; Child on a public key calls it.
//
// A private ExtendedKey never prints or encodes its secret: every fmt verb,
// String, GoString and log/slog give "bip32.ExtendedKey(REDACTED)", and the
// JSON, text and binary marshalers refuse with p256k1.ErrSecretNotSerializable.
// XPrv returns the xprv string explicitly. A public key prints as its xpub.
package bip32

import (
	"crypto/sha512"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"log/slog"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/ripemd160"
	"github.com/p256k1/p256k1/internal/scalar"
)

// HardenedOffset is added to an index for hardened derivation (i ≥ 2^31).
const HardenedOffset uint32 = 1 << 31

// Hardened returns i + 2^31, the hardened index i' (i must be < 2^31).
func Hardened(i uint32) uint32 { return i | HardenedOffset }

// Version is a pair of 4-byte serialization prefixes, one for private and
// one for public extended keys, as SLIP-132 lists them.
//
// NewMaster, NewPublicFromKey and WithVersion accept only the versions
// that ParseExtendedKey parses back, KnownVersions, and return
// ErrInvalidVersion for any other (the zero Version{} first of all), so
// that every key they make serializes to a string ParseExtendedKey
// accepts. To use another network's prefixes, append its Version to
// KnownVersions first. A version with a zero half, or with the same
// private and public halves, is never valid (ErrInvalidVersion, also from
// the parsers). Versions are public: checking them is variable time.
type Version struct {
	Private, Public [4]byte
}

// wellFormed reports whether both halves of v are nonzero and differ, so
// that a serialization says which half (private or public) it used.
func (v Version) wellFormed() bool {
	return v.Private != [4]byte{} && v.Public != [4]byte{} && v.Private != v.Public
}

// checkVersion returns ErrInvalidVersion unless v is well formed and one
// of KnownVersions (the versions ParseExtendedKey accepts).
func checkVersion(v Version) error {
	if !v.wellFormed() {
		return ErrInvalidVersion
	}
	for _, k := range KnownVersions {
		if k == v {
			return nil
		}
	}
	return ErrInvalidVersion
}

// Versions of BIP-32 (xprv/xpub, tprv/tpub) and SLIP-132 (BIP-49 and
// BIP-84 script types).
var (
	Mainnet       = Version{[4]byte{0x04, 0x88, 0xAD, 0xE4}, [4]byte{0x04, 0x88, 0xB2, 0x1E}} // xprv, xpub
	Testnet       = Version{[4]byte{0x04, 0x35, 0x83, 0x94}, [4]byte{0x04, 0x35, 0x87, 0xCF}} // tprv, tpub
	MainnetP2SH   = Version{[4]byte{0x04, 0x9D, 0x78, 0x78}, [4]byte{0x04, 0x9D, 0x7C, 0xB2}} // yprv, ypub (BIP-49)
	TestnetP2SH   = Version{[4]byte{0x04, 0x4A, 0x4E, 0x28}, [4]byte{0x04, 0x4A, 0x52, 0x62}} // uprv, upub
	MainnetP2WPKH = Version{[4]byte{0x04, 0xB2, 0x43, 0x0C}, [4]byte{0x04, 0xB2, 0x47, 0x46}} // zprv, zpub (BIP-84)
	TestnetP2WPKH = Version{[4]byte{0x04, 0x5F, 0x18, 0xBC}, [4]byte{0x04, 0x5F, 0x1C, 0xF6}} // vprv, vpub
)

// KnownVersions are the versions ParseExtendedKey accepts, and so the ones
// NewMaster, NewPublicFromKey and WithVersion accept. Append another
// network's Version before use (not concurrently with those calls) to
// make and parse its keys.
var KnownVersions = []Version{Mainnet, Testnet, MainnetP2SH, TestnetP2SH, MainnetP2WPKH, TestnetP2WPKH}

// ExtendedKey is a BIP-32 extended key, private or public: a key, a chain
// code, and the depth, parent fingerprint and child index that the
// serialization carries. The zero value is not a valid key (methods return
// ErrInvalidKey). It holds no pointers; copying it copies the secret, so
// call Zero on copies you no longer need.
type ExtendedKey struct {
	priv      p256k1.PrivateKey
	pub       p256k1.PublicKey
	chainCode [32]byte
	pubBytes  [33]byte // compressed pub, cached for derivation and fingerprints
	version   Version
	parentFP  [4]byte
	index     uint32
	depth     uint8
	private   bool
	valid     bool
}

// masterKey is HMAC-SHA512's key for master key generation.
const masterKey = "Bitcoin seed"

// hmacSHA512 sets out = HMAC-SHA512(key, msg) for len(key) ≤ 128 and
// len(msg) ≤ 64, on stack buffers (no allocation; crypto/hmac allocates).
// Constant time in key and msg for fixed lengths.
func hmacSHA512(out *[64]byte, key []byte, msg []byte) {
	var inner [128 + 64]byte
	var outer [128 + 64]byte
	for i := range 128 {
		var k byte
		if i < len(key) {
			k = key[i]
		}
		inner[i] = k ^ 0x36
		outer[i] = k ^ 0x5c
	}
	n := copy(inner[128:], msg)
	h := sha512.Sum512(inner[:128+n])
	copy(outer[128:], h[:])
	*out = sha512.Sum512(outer[:])
	clear(inner[:])
	clear(outer[:])
	clear(h[:])
}

// NewMaster returns the master private key of seed (16 to 64 bytes, else
// ErrInvalidSeedLength) for version v: I = HMAC-SHA512("Bitcoin seed",
// seed), key IL, chain code IR. It returns ErrInvalidMaster if IL is 0 or
// ≥ n (probability < 2^−127), and ErrInvalidVersion if v is not one of
// KnownVersions (the zero Version{} included: see Version). Constant time
// in the seed apart from that outcome.
func NewMaster(seed []byte, v Version) (ExtendedKey, error) {
	if err := checkVersion(v); err != nil {
		return ExtendedKey{}, err
	}
	if len(seed) < 16 || len(seed) > 64 {
		return ExtendedKey{}, ErrInvalidSeedLength
	}
	var I [64]byte
	defer clear(I[:])
	hmacSHA512(&I, []byte(masterKey), seed)
	// NewPrivateKey's validity check is branch-free and declassifies only
	// its result, which is ours.
	k, err := p256k1.NewPrivateKey(I[:32])
	if err != nil {
		return ExtendedKey{}, ErrInvalidMaster
	}
	var x ExtendedKey
	x.setPrivate(&k)
	k.Zero()
	x.chainCode = [32]byte(I[32:])
	x.version = v
	x.valid = true
	return x, nil
}

// setPrivate stores k and its public key (constant-time k·G; the public
// key is public by design and declassified there).
func (x *ExtendedKey) setPrivate(k *p256k1.PrivateKey) {
	x.priv = *k
	x.pub = k.PublicKey()
	x.pubBytes = x.pub.SerializeCompressed()
	x.private = true
}

// NewPublicFromKey returns the depth-0 public extended key of pub with the
// given chain code (no parent, index 0), as BIP-328 builds the xpub of a
// MuSig2 aggregate key. ErrInvalidKey if pub is nil or not valid,
// ErrInvalidVersion if v is not one of KnownVersions (see Version).
// Variable time (public inputs).
func NewPublicFromKey(pub *p256k1.PublicKey, chainCode [32]byte, v Version) (ExtendedKey, error) {
	if err := checkVersion(v); err != nil {
		return ExtendedKey{}, err
	}
	if !pub.IsValid() {
		return ExtendedKey{}, ErrInvalidKey
	}
	x := ExtendedKey{pub: *pub, chainCode: chainCode, version: v, valid: true}
	x.pubBytes = pub.SerializeCompressed()
	return x, nil
}

// MuSigChainCode is BIP-328's fixed chain code for the xpub of a MuSig2
// aggregate key: 868087ca02a6f974c4598924c36b57762d32cb45717167e300622c7167e38965.
var MuSigChainCode = [32]byte{
	0x86, 0x80, 0x87, 0xca, 0x02, 0xa6, 0xf9, 0x74, 0xc4, 0x59, 0x89, 0x24, 0xc3, 0x6b, 0x57, 0x76,
	0x2d, 0x32, 0xcb, 0x45, 0x71, 0x71, 0x67, 0xe3, 0x00, 0x62, 0x2c, 0x71, 0x67, 0xe3, 0x89, 0x65,
}

// MuSigAggregateXPub returns BIP-328's mainnet extended public key of a
// MuSig2 aggregate key (the plain, not x-only, aggregate key as 33 bytes,
// chain code MuSigChainCode, depth 0, no parent, index 0). Derive
// unhardened children from it with Child.
func MuSigAggregateXPub(agg *p256k1.PublicKey) (ExtendedKey, error) {
	return NewPublicFromKey(agg, MuSigChainCode, Mainnet)
}

// Child returns the child at index i (hardened if i ≥ 2^31). From a private
// key it is private derivation (constant time in the key and chain code);
// from a public key it is ChildVar (i must be < 2^31, else
// ErrHardenedFromPublic). ErrInvalidChild (probability < 2^−127): BIP-32
// says to proceed with the next index, which is left to the caller.
// ErrMaxDepth at depth 255. No heap allocation.
func (x *ExtendedKey) Child(i uint32) (ExtendedKey, error) {
	if x == nil || !x.valid {
		return ExtendedKey{}, ErrInvalidKey
	}
	if !x.private {
		return x.ChildVar(i)
	}
	if x.depth == 255 {
		return ExtendedKey{}, ErrMaxDepth
	}
	var data [37]byte
	defer clear(data[:])
	if i >= HardenedOffset {
		kb := x.priv.Bytes()
		copy(data[1:33], kb[:])
		clear(kb[:])
	} else {
		copy(data[:33], x.pubBytes[:])
	}
	binary.BigEndian.PutUint32(data[33:], i)
	var I [64]byte
	defer clear(I[:])
	hmacSHA512(&I, x.chainCode[:], data[:])
	// TweakAdd loads IL (flagging IL ≥ n) and computes k + IL mod n with
	// the constant-time scalar code; "IL ≥ n" and "k + IL = 0" are
	// declassified there only as the error, which is this function's
	// ErrInvalidChild.
	k, err := x.priv.TweakAdd((*[32]byte)(I[:32]))
	if err != nil {
		return ExtendedKey{}, ErrInvalidChild
	}
	var c ExtendedKey
	c.setPrivate(&k)
	k.Zero()
	c.chainCode = [32]byte(I[32:])
	c.version = x.version
	c.parentFP = x.Fingerprint()
	c.index = i
	c.depth = x.depth + 1
	c.valid = true
	return c, nil
}

// ChildVar is public derivation: the public child at unhardened index i
// (ErrHardenedFromPublic if i ≥ 2^31) of x's public key, also for a
// private x (the result is then public: the neutered private child).
// K_i = K + IL·G with IL·G in variable time, which is safe because IL is
// derived from public data only (xpub and index). ErrInvalidChild for
// IL ≥ n or the point at infinity; ErrMaxDepth at depth 255. No heap
// allocation.
func (x *ExtendedKey) ChildVar(i uint32) (ExtendedKey, error) {
	if x == nil || !x.valid {
		return ExtendedKey{}, ErrInvalidKey
	}
	if i >= HardenedOffset {
		return ExtendedKey{}, ErrHardenedFromPublic
	}
	if x.depth == 255 {
		return ExtendedKey{}, ErrMaxDepth
	}
	var data [37]byte
	copy(data[:33], x.pubBytes[:])
	binary.BigEndian.PutUint32(data[33:], i)
	var I [64]byte
	hmacSHA512(&I, x.chainCode[:], data[:])
	var il scalar.Scalar
	if il.SetBytes((*[32]byte)(I[:32])) != 0 {
		return ExtendedKey{}, ErrInvalidChild
	}
	var p group.Affine
	point.Load(&p, &x.pub)
	var zero scalar.Scalar
	var inf, j group.Jacobian
	inf.SetInfinity()
	ecmult.DoubleBaseVar(&j, &zero, &inf, &il) // IL·G, variable time (IL is public)
	j.AddAffineVar(&j, &p, nil)
	if j.Infinity != 0 {
		return ExtendedKey{}, ErrInvalidChild
	}
	var a group.Affine
	point.ToAffineVar(&a, &j)
	var u [65]byte
	u[0] = 0x04
	a.X.Bytes((*[32]byte)(u[1:33]))
	a.Y.Bytes((*[32]byte)(u[33:65]))
	pub, err := p256k1.ParsePublicKey(u[:])
	if err != nil {
		return ExtendedKey{}, ErrInvalidChild // unreachable: a finite curve point
	}
	c := ExtendedKey{pub: pub, version: x.version, index: i, depth: x.depth + 1, valid: true}
	point.Compress(&c.pubBytes, &a)
	c.chainCode = [32]byte(I[32:])
	c.parentFP = x.Fingerprint()
	return c, nil
}

// Derive applies Child for each index in turn.
func (x *ExtendedKey) Derive(indices ...uint32) (ExtendedKey, error) {
	if x == nil || !x.valid {
		return ExtendedKey{}, ErrInvalidKey
	}
	k := *x
	for _, i := range indices {
		c, err := k.Child(i)
		k.Zero()
		if err != nil {
			return ExtendedKey{}, err
		}
		k = c
	}
	return k, nil
}

// DerivePath derives p from x. An absolute path ("m/...") needs a master
// key (depth 0, else ErrInvalidPath); a relative path derives from any key.
func (x *ExtendedKey) DerivePath(p Path) (ExtendedKey, error) {
	if x == nil || !x.valid {
		return ExtendedKey{}, ErrInvalidKey
	}
	if p.Absolute && x.depth != 0 {
		return ExtendedKey{}, fmt.Errorf("%w: absolute path %q applied to a key at depth %d (use a relative path)", ErrInvalidPath, p.String(), x.depth)
	}
	return x.Derive(p.Indices...)
}

// DerivePathString parses s with ParsePath and derives it (DerivePath).
func (x *ExtendedKey) DerivePathString(s string) (ExtendedKey, error) {
	p, err := ParsePath(s)
	if err != nil {
		return ExtendedKey{}, err
	}
	return x.DerivePath(p)
}

// Neuter returns the public extended key of x (the xpub of an xprv; x
// itself if public).
func (x *ExtendedKey) Neuter() ExtendedKey {
	if x == nil || !x.valid {
		return ExtendedKey{}
	}
	n := *x
	n.priv = p256k1.PrivateKey{}
	n.private = false
	return n
}

// Zero overwrites x with the zero (invalid) key.
func (x *ExtendedKey) Zero() {
	if x == nil {
		return
	}
	x.priv.Zero()
	clear(x.chainCode[:])
	*x = ExtendedKey{}
}

// IsValid reports whether x holds a key.
func (x *ExtendedKey) IsValid() bool { return x != nil && x.valid }

// IsPrivate reports whether x holds a private key.
func (x *ExtendedKey) IsPrivate() bool { return x != nil && x.valid && x.private }

// Depth is 0 for a master key, 1 for its children, and so on.
func (x *ExtendedKey) Depth() uint8 { return x.depth }

// Index is the child index (≥ 2^31 for hardened), 0 for a master key.
func (x *ExtendedKey) Index() uint32 { return x.index }

// ParentFingerprint is the first 4 bytes of the parent's HASH160, zero for
// a master key.
func (x *ExtendedKey) ParentFingerprint() [4]byte { return x.parentFP }

// ChainCode returns the chain code (secret for a private key's children:
// with an xpub it gives every unhardened child).
func (x *ExtendedKey) ChainCode() [32]byte { return x.chainCode }

// Version returns the serialization version.
func (x *ExtendedKey) Version() Version { return x.version }

// WithVersion returns x with serialization version v, or ErrInvalidVersion
// (and the zero key) if v is not one of KnownVersions (see Version), or
// ErrInvalidKey for a nil or zero x. It copies x, the secret included
// (constant time); call Zero on copies you no longer need.
func (x *ExtendedKey) WithVersion(v Version) (ExtendedKey, error) {
	if err := checkVersion(v); err != nil {
		return ExtendedKey{}, err
	}
	if x == nil || !x.valid {
		return ExtendedKey{}, ErrInvalidKey
	}
	c := *x
	c.version = v
	return c, nil
}

// PublicKey returns the public key (the zero PublicKey for an invalid x).
func (x *ExtendedKey) PublicKey() p256k1.PublicKey {
	if x == nil || !x.valid {
		return p256k1.PublicKey{}
	}
	return x.pub
}

// PrivateKey returns the private key, or ErrNotPrivate.
func (x *ExtendedKey) PrivateKey() (p256k1.PrivateKey, error) {
	if !x.IsPrivate() {
		return p256k1.PrivateKey{}, ErrNotPrivate
	}
	return x.priv, nil
}

// Identifier returns HASH160 (RIPEMD-160 of SHA-256) of the compressed
// public key.
func (x *ExtendedKey) Identifier() [20]byte { return ripemd160.Hash160(x.pubBytes[:]) }

// Fingerprint returns the first 4 bytes of Identifier.
func (x *ExtendedKey) Fingerprint() [4]byte {
	id := x.Identifier()
	return [4]byte(id[:4])
}

// serialize writes the 78-byte BIP-32 serialization; public forces the
// public form of a private key.
func (x *ExtendedKey) serialize(out *[78]byte, public bool) {
	if x.private && !public {
		*(*[4]byte)(out[0:4]) = x.version.Private
	} else {
		*(*[4]byte)(out[0:4]) = x.version.Public
	}
	out[4] = x.depth
	copy(out[5:9], x.parentFP[:])
	binary.BigEndian.PutUint32(out[9:13], x.index)
	copy(out[13:45], x.chainCode[:])
	if x.private && !public {
		out[45] = 0
		kb := x.priv.Bytes()
		copy(out[46:78], kb[:])
		clear(kb[:])
	} else {
		copy(out[45:78], x.pubBytes[:])
	}
}

func encodeCheck(b *[78]byte) string {
	var full [82]byte
	copy(full[:], b[:])
	c := checksum(b[:])
	copy(full[78:], c[:])
	var buf [112]byte
	s := string(base58Encode(buf[:0], full[:]))
	clear(full[:])
	clear(buf[:])
	return s
}

// XPub returns the Base58Check serialization of x's public extended key
// ("xpub..." for Mainnet), also for a private x. "" for an invalid x.
func (x *ExtendedKey) XPub() string {
	if !x.IsValid() {
		return ""
	}
	var b [78]byte
	x.serialize(&b, true)
	return encodeCheck(&b)
}

// XPrv returns the Base58Check serialization of the private extended key
// ("xprv..."), or ErrNotPrivate. The string is a secret; Go cannot wipe it.
func (x *ExtendedKey) XPrv() (string, error) {
	if !x.IsPrivate() {
		return "", ErrNotPrivate
	}
	var b [78]byte
	defer clear(b[:])
	x.serialize(&b, false)
	return encodeCheck(&b), nil
}

// Serialize returns the 78-byte serialization without the checksum
// (ErrInvalidKey for an invalid x). For a private key the bytes hold the
// secret.
func (x *ExtendedKey) Serialize() ([78]byte, error) {
	var b [78]byte
	if !x.IsValid() {
		return b, ErrInvalidKey
	}
	x.serialize(&b, false)
	return b, nil
}

// ParseExtendedKey parses a Base58Check xprv/xpub with one of
// KnownVersions; see ParseExtendedKeyVersions for the errors.
func ParseExtendedKey(s string) (ExtendedKey, error) {
	return ParseExtendedKeyVersions(s, KnownVersions...)
}

// ParseExtendedKeyVersions parses a Base58Check extended key whose version
// is the private or public half of one of versions. Errors:
// ErrInvalidVersion (one of versions has a zero half, or equal halves),
// ErrBase58, ErrInvalidLength, ErrChecksum, ErrUnknownVersion,
// ErrZeroDepthNonZeroParent, ErrZeroDepthNonZeroIndex,
// ErrPubKeyVersionMismatch, ErrPrvKeyVersionMismatch,
// ErrInvalidPubKeyPrefix, ErrInvalidPrivateKeyPrefix, ErrInvalidPubKey,
// ErrPrivateKeyOutOfRange. The private key is loaded in constant time apart
// from its validity (the reported error); the rest is public.
func ParseExtendedKeyVersions(s string, versions ...Version) (ExtendedKey, error) {
	if len(s) > 120 {
		return ExtendedKey{}, ErrInvalidLength
	}
	var buf [120]byte
	defer clear(buf[:])
	b, err := base58Decode(buf[:0], s)
	if err != nil {
		return ExtendedKey{}, err
	}
	if len(b) != 82 {
		return ExtendedKey{}, ErrInvalidLength
	}
	sum := checksum(b[:78])
	ok := subtle.ConstantTimeCompare(sum[:], b[78:82])
	// Whether the checksum matches is the function's result (an xprv's
	// checksum is a function of its secret, hence the constant-time compare).
	ctime.Declassify(&ok)
	if ok != 1 {
		return ExtendedKey{}, ErrChecksum
	}
	// The header (version, depth, parent fingerprint, index) and the key
	// data's prefix byte are public by design (for an xprv they came out of
	// the constant-time decoding of a secret string, so the valgrind check
	// sees them as secret); the chain code and the private key stay secret.
	ctime.DeclassifyBytes(b[:13])
	ctime.DeclassifyBytes(b[45:46])
	return parse78((*[78]byte)(b[:78]), versions)
}

// ParseSerialized parses the 78-byte serialization (no checksum), with the
// errors of ParseExtendedKeyVersions; versions default to KnownVersions.
func ParseSerialized(b *[78]byte, versions ...Version) (ExtendedKey, error) {
	if len(versions) == 0 {
		versions = KnownVersions
	}
	return parse78(b, versions)
}

func parse78(b *[78]byte, versions []Version) (ExtendedKey, error) {
	for _, v := range versions {
		if !v.wellFormed() {
			return ExtendedKey{}, ErrInvalidVersion
		}
	}
	ver := [4]byte(b[0:4])
	var x ExtendedKey
	found := false
	for _, v := range versions {
		if ver == v.Private {
			x.version, x.private, found = v, true, true
			break
		}
		if ver == v.Public {
			x.version, found = v, true
			break
		}
	}
	if !found {
		return ExtendedKey{}, ErrUnknownVersion
	}
	x.depth = b[4]
	x.parentFP = [4]byte(b[5:9])
	x.index = binary.BigEndian.Uint32(b[9:13])
	if x.depth == 0 && x.parentFP != [4]byte{} {
		return ExtendedKey{}, ErrZeroDepthNonZeroParent
	}
	if x.depth == 0 && x.index != 0 {
		return ExtendedKey{}, ErrZeroDepthNonZeroIndex
	}
	x.chainCode = [32]byte(b[13:45])
	prefix := b[45]
	if x.private {
		switch {
		case prefix == 0x02 || prefix == 0x03:
			return ExtendedKey{}, ErrPrvKeyVersionMismatch
		case prefix != 0:
			return ExtendedKey{}, ErrInvalidPrivateKeyPrefix
		}
		k, err := p256k1.NewPrivateKey(b[46:78])
		if err != nil {
			return ExtendedKey{}, ErrPrivateKeyOutOfRange
		}
		x.setPrivate(&k)
		k.Zero()
	} else {
		switch {
		case prefix == 0:
			return ExtendedKey{}, ErrPubKeyVersionMismatch
		case prefix != 0x02 && prefix != 0x03:
			return ExtendedKey{}, ErrInvalidPubKeyPrefix
		}
		pub, err := p256k1.ParsePublicKey(b[45:78])
		if err != nil {
			return ExtendedKey{}, ErrInvalidPubKey
		}
		x.pub = pub
		x.pubBytes = [33]byte(b[45:78])
	}
	x.valid = true
	return x, nil
}

const redacted = "bip32.ExtendedKey"

// Format prints a public key as its xpub and a private one as
// "bip32.ExtendedKey(REDACTED)", for every verb.
func (x ExtendedKey) Format(f fmt.State, _ rune) {
	if x.private {
		redact.Format(f, redacted)
		return
	}
	fmt.Fprint(f, x.XPub())
}

// String returns the xpub of a public key, "bip32.ExtendedKey(REDACTED)"
// for a private key (use XPrv or XPub explicitly).
func (x ExtendedKey) String() string {
	if x.private {
		return redact.Placeholder(redacted)
	}
	return x.XPub()
}

// GoString is String.
func (x ExtendedKey) GoString() string { return x.String() }

// LogValue makes log/slog print String.
func (x ExtendedKey) LogValue() slog.Value { return slog.StringValue(x.String()) }

// errXPrvMarshal is the marshalers' refusal of a private key: errors.Is
// reports it as p256k1.ErrSecretNotSerializable, and it names the method
// that serializes the key on purpose.
var errXPrvMarshal = redact.Refusal("bip32: refusing to serialize a private extended key (write the xprv on purpose with its XPrv method, or the xpub with XPub)")

// MarshalText returns the xpub of a public key and refuses a private one
// with an error that errors.Is reports as p256k1.ErrSecretNotSerializable
// and that names XPrv, the method that writes it on purpose.
func (x ExtendedKey) MarshalText() ([]byte, error) {
	if x.private {
		return nil, errXPrvMarshal
	}
	return []byte(x.XPub()), nil
}

// MarshalJSON returns the xpub as a JSON string, refusing a private key as
// MarshalText.
func (x ExtendedKey) MarshalJSON() ([]byte, error) {
	if x.private {
		return nil, errXPrvMarshal
	}
	return []byte(`"` + x.XPub() + `"`), nil
}

// MarshalBinary returns the 78-byte serialization of a public key and
// refuses a private one as MarshalText.
func (x ExtendedKey) MarshalBinary() ([]byte, error) {
	if x.private {
		return nil, errXPrvMarshal
	}
	b, err := x.Serialize()
	if err != nil {
		return nil, err
	}
	return b[:], nil
}
