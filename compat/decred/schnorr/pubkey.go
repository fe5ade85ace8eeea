package schnorr

import (
	"fmt"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
)

// PubKeyBytesLen is the length of a serialized public key (compressed).
const PubKeyBytesLen = 33

// ParsePubKey parses a compressed public key (33 bytes, 0x02 or 0x03 first),
// the only form EC-Schnorr-DCRv0 uses.
func ParsePubKey(pubKeyStr []byte) (key *secp256k1.PublicKey, err error) {
	switch {
	case pubKeyStr == nil:
		return nil, fmt.Errorf("nil pubkey byte string")
	case len(pubKeyStr) != PubKeyBytesLen:
		return nil, fmt.Errorf("bad pubkey byte string size (want %v, have %v)",
			PubKeyBytesLen, len(pubKeyStr))
	case pubKeyStr[0]&^1 != secp256k1.PubKeyFormatCompressedEven:
		return nil, fmt.Errorf("wrong pubkey type (not compressed)")
	}
	return secp256k1.ParsePubKey(pubKeyStr)
}
