package bip32

import "errors"

// Errors. Each is a sentinel to compare with errors.Is; path errors wrap
// ErrInvalidPath with the bad element named.
var (
	// ErrInvalidSeedLength: a seed shorter than 16 or longer than 64 bytes.
	ErrInvalidSeedLength = errors.New("bip32: seed must be 16 to 64 bytes")
	// ErrInvalidMaster: the seed's IL is 0 or ≥ n (probability < 2^−127);
	// BIP-32 says to use another seed.
	ErrInvalidMaster = errors.New("bip32: seed gives an invalid master key (IL is 0 or ≥ n)")
	// ErrInvalidChild: IL ≥ n, or the child key is 0 (private) or the point
	// at infinity (public), probability < 2^−127 per index. BIP-32 says to
	// proceed with the next index; this package leaves that to the caller
	// (a wallet that skips must record it, or it derives different keys).
	ErrInvalidChild = errors.New("bip32: invalid child at this index (BIP-32: proceed with the next index)")
	// ErrHardenedFromPublic: hardened derivation needs the private key.
	ErrHardenedFromPublic = errors.New("bip32: cannot derive a hardened child from a public key")
	// ErrMaxDepth: the key is at depth 255, the most the format can hold.
	ErrMaxDepth = errors.New("bip32: cannot derive beyond depth 255")
	// ErrNotPrivate: the key is public (neutered); the operation needs the
	// private key.
	ErrNotPrivate = errors.New("bip32: not a private extended key")
	// ErrInvalidPath: a malformed derivation path (the error names the
	// element), or an absolute path ("m/...") applied to a key that is not
	// a master key.
	ErrInvalidPath = errors.New("bip32: invalid derivation path")
	// ErrInvalidVersion: a Version that NewMaster, NewPublicFromKey or
	// WithVersion will not use because ParseExtendedKey would not parse
	// the key back: the zero Version{}, a half that is zero, equal private
	// and public halves, or a version not in KnownVersions. The parsers
	// return it for a list of versions holding a zero half or equal
	// halves.
	ErrInvalidVersion = errors.New("bip32: invalid extended key version (zero, or not one of KnownVersions)")
	// ErrInvalidKey: an ExtendedKey that is the zero value (not made by
	// NewMaster, a parser or a derivation).
	ErrInvalidKey = errors.New("bip32: invalid (zero) extended key")

	// Parsing errors, one per reason a serialized key is rejected.

	// ErrInvalidLength: the Base58 payload is not 82 bytes (78 + checksum).
	ErrInvalidLength = errors.New("bip32: serialized key is not 78 bytes")
	// ErrChecksum: the Base58Check checksum does not match.
	ErrChecksum = errors.New("bip32: bad checksum")
	// ErrUnknownVersion: the 4 version bytes are not one of the versions
	// accepted (see ParseExtendedKey, ParseExtendedKeyVersions).
	ErrUnknownVersion = errors.New("bip32: unknown extended key version")
	// ErrPubKeyVersionMismatch: a public version (xpub) with private key
	// data (0x00 prefix).
	ErrPubKeyVersionMismatch = errors.New("bip32: public key version with private key data")
	// ErrPrvKeyVersionMismatch: a private version (xprv) with public key
	// data (0x02/0x03 prefix).
	ErrPrvKeyVersionMismatch = errors.New("bip32: private key version with public key data")
	// ErrInvalidPubKeyPrefix: public key data whose first byte is not 0x02
	// or 0x03.
	ErrInvalidPubKeyPrefix = errors.New("bip32: public key prefix is not 02 or 03")
	// ErrInvalidPrivateKeyPrefix: private key data whose first byte is not
	// 0x00.
	ErrInvalidPrivateKeyPrefix = errors.New("bip32: private key prefix is not 00")
	// ErrInvalidPubKey: a 0x02/0x03 x coordinate that is ≥ p or not on the
	// curve.
	ErrInvalidPubKey = errors.New("bip32: public key is not on the curve")
	// ErrPrivateKeyOutOfRange: the private key is 0 or ≥ n.
	ErrPrivateKeyOutOfRange = errors.New("bip32: private key not in 1..n-1")
	// ErrZeroDepthNonZeroParent: depth 0 with a nonzero parent fingerprint.
	ErrZeroDepthNonZeroParent = errors.New("bip32: zero depth with non-zero parent fingerprint")
	// ErrZeroDepthNonZeroIndex: depth 0 with a nonzero child index.
	ErrZeroDepthNonZeroIndex = errors.New("bip32: zero depth with non-zero index")
)
