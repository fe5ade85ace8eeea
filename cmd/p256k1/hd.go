package main

import (
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/p256k1/p256k1/bip32"
)

// cmdHD is "p256k1 hd": BIP-32 derivation from a seed, an xprv or an xpub.
func cmdHD(c *cli, args []string) error {
	fs := c.newFlags("hd", "[XPUB]", `
Derives a BIP-32 extended key along --path (default m) and prints, one a
line: the xprv (only with --xprv), the xpub, the compressed public key, the
BIP-340 x-only key and the key's fingerprint (HASH160, first 4 bytes).

The starting key is one of:
  --seed-file PATH / --seed-env NAME   a seed of 16 to 64 bytes as hex
                                       (32 to 128 hex digits)
  --key-file PATH / --key-env NAME     an xprv (or xpub), Base58Check
  XPUB                                 an xpub on the command line (public
                                       only: an xprv is refused there)
  standard input                       when none of these is given: a hex
                                       seed, an xprv or an xpub
Secrets (seeds, xprv) are never taken from the command line.

Paths: "m/86'/0'/0'/0/5" (h or H may replace '); an absolute path (m/...)
needs a master key; a path without m ("0/5") is relative to the key given.
Hardened steps need a private key. A step that hits BIP-32's invalid child
(probability < 2^-127) is an error: BIP-32 says to use the next index.`,
		`  p256k1 hd --seed-file seed.hex --path "m/86'/0'/0'/0/5" --json
  p256k1 hd --key-file account.xprv --path 0/5
  p256k1 hd --path 0/5 \
      xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8`)
	seedFile := fs.String("seed-file", "", "read the seed (hex) from `PATH` (\"-\": standard input)")
	seedEnv := fs.String("seed-env", "", "read the seed (hex) from the environment variable `NAME`")
	keyFile := fs.String("key-file", "", "read the xprv or xpub from `PATH` (\"-\": standard input)")
	keyEnv := fs.String("key-env", "", "read the xprv or xpub from the environment variable `NAME`")
	path := fs.String("path", "m", "derivation `PATH`: m/86'/0'/0'/0/5, or relative 0/5")
	network := fs.String("network", "mainnet", "version for a seed: mainnet (xprv/xpub) or testnet (tprv/tpub)")
	showXprv := fs.Bool("xprv", false, "also print the derived xprv (a secret)")
	showTaproot := fs.Bool("taproot", false, hdTaprootUsage)
	fs.BoolVar(&c.json, "json", false, "write a JSON object {xprv?, xpub, pubkey, xonly, fingerprint, parent_fingerprint, depth, index, path, network}")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("unexpected argument %q (see p256k1 hd --help)", abbreviate(pos[1]))
	}
	var v bip32.Version
	switch *network {
	case "mainnet":
		v = bip32.Mainnet
	case "testnet":
		v = bip32.Testnet
	default:
		return usagef("network: %q, want mainnet or testnet", *network)
	}
	p, err := bip32.ParsePath(*path)
	if err != nil {
		return usagef("path: %v", err)
	}
	sources := 0
	for _, s := range []string{*seedFile, *seedEnv, *keyFile, *keyEnv} {
		if s != "" {
			sources++
		}
	}
	if len(pos) == 1 {
		sources++
	}
	if sources > 1 {
		return usagef("give one of --seed-file, --seed-env, --key-file, --key-env or an xpub argument")
	}

	var key bip32.ExtendedKey
	defer key.Zero()
	extended := false // the key was given as an extended key, not a seed
	switch {
	case len(pos) == 1:
		x, err := bip32.ParseExtendedKey(strings.TrimSpace(pos[0]))
		if err != nil {
			if looksSecret(pos[0]) {
				return usagef("xpub argument: %v (not shown)", err)
			}
			return usagef("xpub argument %q: %v", abbreviate(pos[0]), err)
		}
		if x.IsPrivate() {
			x.Zero()
			return usagef("xpub argument: that is a private key; secrets are never taken from the command line (use --key-file or --key-env), and treat it as exposed")
		}
		key, extended = x, true
	case *seedFile != "" || *seedEnv != "":
		raw, from, err := c.readSecretHD(*seedFile, *seedEnv, "seed")
		if err != nil {
			return err
		}
		defer clear(raw)
		if key, err = hdFromSeed(raw, v, from); err != nil {
			return err
		}
	default:
		raw, from, err := c.readSecretHD(*keyFile, *keyEnv, "key")
		if err != nil {
			return err
		}
		defer clear(raw)
		s := strings.TrimSpace(string(raw))
		x, err := bip32.ParseExtendedKey(s)
		switch {
		case err == nil:
			key, extended = x, true
		case *keyFile == "" && *keyEnv == "" && isHex(s):
			// Standard input: a hex seed.
			if key, err = hdFromSeed(raw, v, from); err != nil {
				return err
			}
		default:
			return hdWhatExpected(from, s, err, *keyFile == "" && *keyEnv == "")
		}
	}
	if extended && networkSet(fs) {
		fmt.Fprintf(c.stderr, "p256k1 hd: warning: --network applies to a seed only; an extended key fixes its own network (this one is %s), which its derived keys keep\n", keyNetwork(&key))
	}
	d, err := key.DerivePath(p)
	if err != nil {
		return usagef("path %q: %v", *path, err)
	}
	defer d.Zero()
	if *showXprv && !d.IsPrivate() {
		return usagef("xprv: the key is public (an xpub); there is no xprv to print")
	}
	pub := d.PublicKey()
	comp := pub.SerializeCompressed()
	x, _ := pub.XOnly()
	xb := x.Bytes()
	fp, pfp := d.Fingerprint(), d.ParentFingerprint()
	obj := map[string]any{
		"xpub":               d.XPub(),
		"pubkey":             hex.EncodeToString(comp[:]),
		"xonly":              hex.EncodeToString(xb[:]),
		"fingerprint":        hex.EncodeToString(fp[:]),
		"parent_fingerprint": hex.EncodeToString(pfp[:]),
		"depth":              d.Depth(),
		"index":              d.Index(),
		"path":               p.String(),
		"network":            keyNetwork(&d), // mainnet or testnet, by the key's version
	}
	keys := []string{"xpub", "pubkey", "xonly", "fingerprint"}
	if *showXprv {
		s, err := d.XPrv()
		if err != nil {
			return err
		}
		obj["xprv"] = s
		keys = append([]string{"xprv"}, keys...)
	}
	if *showTaproot {
		if keys, err = hdTaproot(obj, keys, &pub, d.Version()); err != nil {
			return err
		}
	}
	return c.output(obj, keys...)
}

func isHex(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F') {
			return false
		}
	}
	return true
}

// hdFromSeed parses a hex seed and makes the master key. Errors never show
// the seed.
func hdFromSeed(raw []byte, v bip32.Version, from string) (bip32.ExtendedKey, error) {
	s := trimHex(raw)
	if n := len(strings.Fields(string(s))); n > 1 {
		return bip32.ExtendedKey{}, usagef("%s: %d words, which looks like a mnemonic; want the seed as 32 to 128 hex digits (a BIP-39 mnemonic must first be turned into its seed; p256k1 does not read mnemonics)", from, n)
	}
	if len(s)%2 != 0 || len(s) < 32 || len(s) > 128 {
		return bip32.ExtendedKey{}, usagef("%s: want a seed of 16 to 64 bytes as 32 to 128 hex digits, got %d characters", from, len(s))
	}
	var b [64]byte
	defer clear(b[:])
	n, err := hex.Decode(b[:], s)
	if err != nil {
		return bip32.ExtendedKey{}, usagef("%s: not hexadecimal (character %d is not a hex digit); want the seed as 32 to 128 hex digits", from, firstNonHex(s)+1)
	}
	k, err := bip32.NewMaster(b[:n], v)
	if err != nil {
		return bip32.ExtendedKey{}, usagef("%s: %v", from, err)
	}
	return k, nil
}

// readSecretHD reads a secret (seed or extended key) from a file, an
// environment variable or standard input, as readKey does for keys; what
// names it in messages, which never contain the secret.
func (c *cli) readSecretHD(file, env, what string) ([]byte, string, error) {
	switch {
	case env != "":
		from := what + " (from $" + shown(env) + ")"
		v := c.getenv(env)
		if v == "" {
			if looksSecret(env) {
				return nil, "", usagef("%s-env: no such variable; what was given looks like key material itself, so it is not shown: --%s-env takes the NAME of an environment variable", what, what)
			}
			return nil, "", usagef("%s: the variable is empty or not set", from)
		}
		return []byte(v), from, nil
	case file != "" && file != "-":
		b, err := readLimited(file, 4096)
		if err != nil {
			return nil, "", pathError(what+"-file", file, err)
		}
		return b, what + " (from " + shown(file) + ")", nil
	default:
		if c.stdinUsed {
			return nil, "", usagef("%s: standard input was already read", what)
		}
		c.stdinUsed = true
		c.noteTerminal("the " + what)
		b, err := io.ReadAll(io.LimitReader(c.stdin, 4096))
		if err != nil {
			return nil, "", usagef("%s: reading standard input: %v", what, err)
		}
		if len(bytes.TrimSpace(b)) == 0 {
			return nil, "", usagef("%s: standard input is empty (give a hex seed, an xprv or an xpub there, or use --seed-file, --key-file or their -env forms)", what)
		}
		return b, what + " (from standard input)", nil
	}
}

// firstNonHex is the index of the first byte of s that is not a hex digit
// (len(s) if none).
func firstNonHex(s []byte) int {
	for i, ch := range s {
		if !isHex(string(ch)) {
			return i
		}
	}
	return len(s)
}

// hdWhatExpected is the error for a key source that is not an extended
// key: it says what was expected, guessing at the mistake (a mnemonic, a
// hex seed with a typo, a seed given as a key) without echoing the secret.
// stdin: the text came from standard input, where a hex seed is taken too.
func hdWhatExpected(from, s string, err error, stdin bool) error {
	expected := "want an xprv or xpub (Base58Check, e.g. xprv9s21ZrQH143K…)"
	if stdin {
		expected = "want a seed as 32 to 128 hex digits, an xprv or an xpub"
	}
	words := strings.Fields(s)
	hexish := 0
	for i := 0; i < len(s); i++ {
		if isHex(s[i : i+1]) {
			hexish++
		}
	}
	switch {
	case len(words) > 1:
		return usagef("%s: %d words, which looks like a mnemonic; %s (a BIP-39 mnemonic must first be turned into its seed; p256k1 does not read mnemonics)", from, len(words), expected)
	case isHex(s) && !stdin:
		return usagef("%s: hex digits, not an extended key: a hex seed is given with --seed-file or --seed-env", from)
	case stdin && len(s) >= 32 && hexish >= len(s)-2:
		t := trimHex([]byte(s))
		return usagef("%s: not a hex seed (character %d is not a hex digit) nor an extended key; %s", from, firstNonHex(t)+1+len(s)-len(t), expected)
	}
	return usagef("%s: not an extended key (%v); %s", from, err, expected)
}

// networkSet reports whether --network was given.
func networkSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "network" })
	return set
}

// keyNetwork names the network of an extended key's version.
func keyNetwork(k *bip32.ExtendedKey) string {
	switch k.Version() {
	case bip32.Mainnet, bip32.MainnetP2SH, bip32.MainnetP2WPKH:
		return "mainnet"
	}
	return "testnet"
}
