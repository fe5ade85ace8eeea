package silentpayments

import (
	"bytes"
	"encoding/binary"
	"errors"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ripemd160"
)

// Input is what InputPublicKey needs to know of a transaction input: its
// scriptSig, its witness stack and the scriptPubKey of the output it spends.
type Input struct {
	ScriptSig     []byte
	Witness       [][]byte
	PrevoutScript []byte
}

// numsH is the x coordinate of BIP-341's NUMS point H (no known discrete
// logarithm): a Taproot input spent through a script path with H as its
// internal key does not count.
var numsH = [32]byte{
	0x50, 0x92, 0x9b, 0x74, 0xc1, 0xa0, 0x49, 0x54, 0xb7, 0x8b, 0x4b, 0x60, 0x35, 0xe9, 0x7a, 0x5e,
	0x07, 0x8a, 0x5a, 0x0f, 0x28, 0xec, 0x96, 0xd5, 0x47, 0xbf, 0xee, 0x9a, 0xce, 0x80, 0x3a, 0xc0,
}

func isP2PKH(s []byte) bool {
	return len(s) == 25 && s[0] == 0x76 && s[1] == 0xa9 && s[2] == 0x14 && s[23] == 0x88 && s[24] == 0xac
}
func isP2SH(s []byte) bool {
	return len(s) == 23 && s[0] == 0xa9 && s[1] == 0x14 && s[22] == 0x87
}
func isP2WPKH(s []byte) bool { return len(s) == 22 && s[0] == 0x00 && s[1] == 0x14 }
func isP2TR(s []byte) bool   { return len(s) == 34 && s[0] == 0x51 && s[1] == 0x20 }

// InputPublicKey returns the public key that input in contributes to the
// silent-payment sum, with BIP-352's rules, and whether it is a Taproot key
// (its secret key must then be negated when the key's y is odd; the
// returned key has even y). ok is false for an input that does not count:
// any other output type, an uncompressed or invalid key, or a Taproot
// script-path spend whose internal key is the NUMS point H.
//
//   - P2PKH: the last 33 bytes of the scriptSig, going back a byte at a time,
//     whose HASH160 equals the script's hash (this finds the key in a
//     malleated scriptSig too), if it is a valid compressed key.
//   - P2SH-P2WPKH: the scriptSig's push is a P2WPKH program; the key is the
//     last witness item, if a valid compressed key.
//   - P2WPKH: the last witness item, if a valid compressed key.
//   - P2TR: the output key of the script (an annex, a last witness item that
//     starts with 0x50, is ignored first).
//
// It is InputKeyBytes followed by p256k1.ParsePublicKey. Variable time
// (public data).
func InputPublicKey(in *Input) (pub p256k1.PublicKey, taproot bool, ok bool) {
	key, taproot, ok := InputKeyBytes(in)
	if !ok {
		return p256k1.PublicKey{}, false, false
	}
	pub, err := p256k1.ParsePublicKey(key[:])
	if err != nil {
		return p256k1.PublicKey{}, false, false
	}
	return pub, taproot, true
}

// InputKeyBytes is InputPublicKey without the key's parsing: the 33 bytes
// (a compressed key's form: 0x02 or 0x03, then x; a Taproot key as 0x02 ‖
// x) that InputPublicKey parses for in, and whether they come from a
// Taproot output, with ok false for an input that does not count by its
// shape alone. An input counts when ok is true and the bytes parse
// (p256k1.ParsePublicKey); they fail to parse for an x that is not below p
// or not on the curve. It lets a caller who hands the parsing to a device
// (gpu's TweakDataBytes) skip the host's square root per key. For a
// P2PKH input it takes the last candidate whose HASH160 matches and whose
// first byte is 0x02 or 0x03. Variable time (public data).
func InputKeyBytes(in *Input) (key [33]byte, taproot bool, ok bool) {
	if in == nil {
		return key, false, false
	}
	spk := in.PrevoutScript
	compressed := func(b []byte) bool { return len(b) == 33 && (b[0] == 2 || b[0] == 3) }
	switch {
	case isP2PKH(spk):
		want := spk[3:23]
		for i := len(in.ScriptSig); i >= 33; i-- {
			cand := in.ScriptSig[i-33 : i]
			if !compressed(cand) {
				continue
			}
			if h := ripemd160.Hash160(cand); bytes.Equal(h[:], want) {
				copy(key[:], cand)
				return key, false, true
			}
		}
	case isP2SH(spk):
		if len(in.ScriptSig) > 0 && isP2WPKH(in.ScriptSig[1:]) && len(in.Witness) > 0 && compressed(in.Witness[len(in.Witness)-1]) {
			copy(key[:], in.Witness[len(in.Witness)-1])
			return key, false, true
		}
	case isP2WPKH(spk):
		if len(in.Witness) > 0 && compressed(in.Witness[len(in.Witness)-1]) {
			copy(key[:], in.Witness[len(in.Witness)-1])
			return key, false, true
		}
	case isP2TR(spk):
		stack := in.Witness
		if len(stack) == 0 {
			return key, false, false
		}
		if len(stack) > 1 && len(stack[len(stack)-1]) > 0 && stack[len(stack)-1][0] == 0x50 {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 1 {
			cb := stack[len(stack)-1]
			if len(cb) >= 33 && bytes.Equal(cb[1:33], numsH[:]) {
				return key, false, false
			}
		}
		key[0] = 0x02
		copy(key[1:], spk[2:34])
		return key, true, true
	}
	return [33]byte{}, false, false
}

// ErrWitness reports a serialized witness that does not parse.
var ErrWitness = errors.New("silentpayments: malformed serialized witness")

// ParseWitness splits a serialized witness (a CompactSize item count, then
// each item as a CompactSize length and its bytes, as in a segwit
// transaction) into its items. An empty input is an empty witness. The
// items alias b. Variable time (public data).
func ParseWitness(b []byte) ([][]byte, error) {
	if len(b) == 0 {
		return nil, nil
	}
	n, rest, err := compactSize(b)
	if err != nil || n > uint64(len(rest)) {
		return nil, ErrWitness
	}
	items := make([][]byte, 0, n)
	for range n {
		var l uint64
		if l, rest, err = compactSize(rest); err != nil || l > uint64(len(rest)) {
			return nil, ErrWitness
		}
		items = append(items, rest[:l])
		rest = rest[l:]
	}
	if len(rest) != 0 {
		return nil, ErrWitness
	}
	return items, nil
}

func compactSize(b []byte) (uint64, []byte, error) {
	if len(b) == 0 {
		return 0, nil, ErrWitness
	}
	switch b[0] {
	case 0xfd:
		if len(b) < 3 {
			return 0, nil, ErrWitness
		}
		return uint64(binary.LittleEndian.Uint16(b[1:])), b[3:], nil
	case 0xfe:
		if len(b) < 5 {
			return 0, nil, ErrWitness
		}
		return uint64(binary.LittleEndian.Uint32(b[1:])), b[5:], nil
	case 0xff:
		if len(b) < 9 {
			return 0, nil, ErrWitness
		}
		return binary.LittleEndian.Uint64(b[1:]), b[9:], nil
	}
	return uint64(b[0]), b[1:], nil
}
