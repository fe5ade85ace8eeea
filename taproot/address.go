package taproot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/bech32"
)

// Network is the human-readable part of a segwit address, which names the
// chain: "bc" for mainnet, "tb" for testnet (3 and 4) and signet, "bcrt"
// for regtest. Testnet and signet share their prefix, so an address alone
// cannot tell them apart. Other prefixes (another coin's) are accepted as
// long as they are valid Bech32 human-readable parts.
type Network string

// The Bitcoin networks.
const (
	Mainnet Network = "bc"
	Testnet Network = "tb" // testnet3 and testnet4
	Signet  Network = "tb" // the same prefix as Testnet
	Regtest Network = "bcrt"
)

// ParseNetwork returns the Network of a name: "mainnet" (or "main",
// "bitcoin"), "testnet" (or "test", "testnet3", "testnet4"), "signet",
// "regtest"; the prefixes "bc", "tb" and "bcrt" are accepted too. Case is
// ignored. Other names return an error wrapping ErrNetwork.
func ParseNetwork(name string) (Network, error) {
	switch strings.ToLower(name) {
	case "mainnet", "main", "bitcoin", "bc":
		return Mainnet, nil
	case "testnet", "test", "testnet3", "testnet4", "tb":
		return Testnet, nil
	case "signet":
		return Signet, nil
	case "regtest", "bcrt":
		return Regtest, nil
	}
	return "", fmt.Errorf("%w: %q; want mainnet, testnet, testnet4, signet or regtest", ErrNetwork, name)
}

// maxAddressLen is BIP-173's limit on a segwit address.
const maxAddressLen = 90

// Address returns the Bech32m (BIP-350) address of a Taproot output key on
// net: "bc1p…" on mainnet, "tb1p…" on testnet and signet, "bcrt1p…" on
// regtest, in lower case (net is lower-cased). It returns p256k1.ErrInvalidPublicKey for a nil
// or zero key and an error wrapping ErrNetwork if net is empty, not
// printable ASCII, or too long for a 90-character address (over 30
// characters). Variable time (public data).
func Address(output *p256k1.XOnlyPublicKey, net Network) (string, error) {
	if !output.IsValid() {
		return "", p256k1.ErrInvalidPublicKey
	}
	if err := checkNetwork(net); err != nil {
		return "", err
	}
	q := output.Bytes()
	var data [1 + 52]byte
	data[0] = 1 // witness version 1
	prog, err := bech32.ConvertBits(q[:], 8, 5, true)
	if err != nil || len(prog) != 52 {
		panic("taproot: 32 bytes are not 52 groups of 5 bits")
	}
	copy(data[1:], prog)
	s, err := bech32.Encode(string(net), data[:], bech32.Bech32m)
	if err != nil {
		return "", fmt.Errorf("%w: %q: %v", ErrNetwork, net, err)
	}
	return s, nil
}

func checkNetwork(net Network) error {
	if len(net) == 0 || len(net) > maxAddressLen-60 {
		return fmt.Errorf("%w: %q: a prefix of 1 to %d characters", ErrNetwork, net, maxAddressLen-60)
	}
	for i := 0; i < len(net); i++ {
		c := net[i]
		if c < 33 || c > 126 {
			return fmt.Errorf("%w: %q: a prefix is printable ASCII", ErrNetwork, net)
		}
	}
	return nil
}

// DecodeAddress parses a Taproot address of any network and returns its
// network (human-readable part, in lower case) and output key. It accepts
// what BIP-350 accepts for witness version 1 with a 32-byte program (all
// lower or all upper case, at most 90 characters). Errors, each wrapping
// one sentinel and saying what is wrong:
//
//   - ErrAddress: not Bech32m (a bad character, mixed case, a wrong
//     checksum or length, non-zero padding), including a version-1 address
//     with a Bech32 (BIP-173) checksum, which BIP-350 forbids;
//   - ErrNotTaproot: a valid segwit address of another witness version
//     (a bc1q… address) or program length;
//   - p256k1.ErrInvalidPublicKey: a Taproot address whose key is not on the
//     curve (valid on chain, but no one can ever spend it).
//
// Variable time (public data).
func DecodeAddress(addr string) (Network, p256k1.XOnlyPublicKey, error) {
	var none p256k1.XOnlyPublicKey
	hrp, data, err := bech32.Decode(addr, maxAddressLen, bech32.Bech32m)
	if errors.Is(err, bech32.ErrChecksum) {
		if _, d, err2 := bech32.Decode(addr, maxAddressLen, bech32.Bech32); err2 == nil {
			if len(d) > 0 && d[0] == 0 {
				return "", none, fmt.Errorf("%w: a witness version 0 address (P2WPKH or P2WSH, BIP-173)", ErrNotTaproot)
			}
			return "", none, fmt.Errorf("%w: a Bech32 (BIP-173) checksum; witness version 1 and later use Bech32m (BIP-350)", ErrAddress)
		}
	}
	if err != nil {
		return "", none, fmt.Errorf("%w (%v)", ErrAddress, err)
	}
	if len(data) == 0 {
		return "", none, fmt.Errorf("%w: no witness version", ErrAddress)
	}
	v := data[0]
	if v > 16 {
		return "", none, fmt.Errorf("%w: witness version %d (at most 16)", ErrAddress, v)
	}
	prog, err := bech32.ConvertBits(data[1:], 5, 8, false)
	if err != nil {
		return "", none, fmt.Errorf("%w (%v)", ErrAddress, err)
	}
	if len(prog) < 2 || len(prog) > 40 {
		return "", none, fmt.Errorf("%w: a witness program of %d bytes (2 to 40)", ErrAddress, len(prog))
	}
	switch {
	case v == 0:
		// A version-0 program with a Bech32m checksum is invalid (BIP-350).
		return "", none, fmt.Errorf("%w: witness version 0 with a Bech32m checksum (version 0 uses Bech32; and it is not Taproot)", ErrAddress)
	case v != 1:
		return "", none, fmt.Errorf("%w: witness version %d; Taproot is version 1", ErrNotTaproot, v)
	case len(prog) != 32:
		return "", none, fmt.Errorf("%w: a version 1 program of %d bytes; Taproot's is 32", ErrNotTaproot, len(prog))
	}
	q, err := p256k1.ParseXOnlyPublicKey(prog)
	if err != nil {
		return "", none, errOffCurve
	}
	return Network(hrp), q, nil
}

// ParseAddress parses a Taproot address of network net (DecodeAddress)
// and returns its output key; an address of another network is an error
// wrapping ErrWrongNetwork. Variable time (public data).
func ParseAddress(addr string, net Network) (p256k1.XOnlyPublicKey, error) {
	got, q, err := DecodeAddress(addr)
	if err != nil {
		return p256k1.XOnlyPublicKey{}, err
	}
	if got != Network(strings.ToLower(string(net))) {
		return p256k1.XOnlyPublicKey{}, fmt.Errorf("%w: the address is for %q (%s), want %q (%s)", ErrWrongNetwork, got, got.describe(), net, net.describe())
	}
	return q, nil
}

// describe names the Bitcoin networks of a prefix.
func (n Network) describe() string {
	switch n {
	case Mainnet:
		return "mainnet"
	case Testnet:
		return "testnet or signet"
	case Regtest:
		return "regtest"
	}
	return "not a Bitcoin network"
}
