package main

import (
	"encoding/hex"
	"errors"
	iofs "io/fs"

	"github.com/p256k1/p256k1"
)

func cmdKeygen(c *cli, args []string) error {
	fs := c.newFlags("keygen", "", `
Generates a secret key from the operating system's randomness and writes it
as 64 hex digits, to standard output or, with --out, to a new file readable
only by you (mode 0600). With --json the public keys are added.`, `  p256k1 keygen --out alice.key
  p256k1 pubkey --key-file alice.key --format xonly`)
	out := fs.String("out", "", "write the key to a new file at `PATH` (mode 0600) instead of standard output (\"-\": standard output)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {secret, pubkey, xonly}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	k, err := p256k1.GeneratePrivateKey()
	if err != nil {
		return err
	}
	defer k.Zero()
	b := k.Bytes()
	defer clear(b[:])
	secret := hex.EncodeToString(b[:])
	if *out != "" && *out != "-" { // "-" is standard output, as for --key-file
		line := []byte(secret + "\n")
		defer clear(line)
		err := writeNewFile("out", *out, line)
		if errors.Is(err, iofs.ErrExist) {
			return usagef("out: %q exists; keygen never overwrites a file (it may hold a key): choose another path, or remove the file first", shown(*out))
		}
		if err != nil {
			return err
		}
		pub := k.PublicKey()
		return c.output(pubkeyObject(&pub), "pubkey")
	}
	pub := k.PublicKey()
	obj := pubkeyObject(&pub)
	obj["secret"] = secret
	return c.output(obj, "secret")
}

func pubkeyObject(pub *p256k1.PublicKey) map[string]any {
	comp, unc := pub.SerializeCompressed(), pub.SerializeUncompressed()
	x, parity := pub.XOnly()
	xb := x.Bytes()
	return map[string]any{
		"pubkey":       hex.EncodeToString(comp[:]),
		"uncompressed": hex.EncodeToString(unc[:]),
		"xonly":        hex.EncodeToString(xb[:]),
		"parity":       parity,
	}
}

func cmdPubkey(c *cli, args []string) error {
	fs := c.newFlags("pubkey", "", `
Derives the public key of a secret key: 33-byte compressed (default),
65-byte uncompressed, or the 32-byte BIP-340 x-only key (Nostr, Taproot).`, `  p256k1 pubkey --key-file alice.key --format xonly
  P256K1_KEY=$(cat alice.key) p256k1 pubkey --key-env P256K1_KEY --json`)
	var ks keySource
	ks.register(fs)
	format := fs.String("format", "compressed", "compressed, uncompressed or xonly")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {pubkey, uncompressed, xonly, parity}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	field := map[string]string{"compressed": "pubkey", "uncompressed": "uncompressed", "xonly": "xonly"}[*format]
	if field == "" {
		return usagef("format: %q, want compressed, uncompressed or xonly", *format)
	}
	k, err := c.readKey(&ks)
	if err != nil {
		return err
	}
	defer k.Zero()
	pub := k.PublicKey()
	return c.output(pubkeyObject(&pub), field)
}

func cmdTweak(c *cli, args []string) error {
	fs := c.newFlags("tweak", "", `
Tweaks a key by a 32-byte scalar t (below the group order):
  --mode add        secret d+t, or public P+t·G (BIP-32 derivation)
  --mode mul        secret d·t, or public t·P
  --mode xonly-add  BIP-341 (Taproot): the secret of the tweaked output key,
                    or, for a 32-byte x-only --pubkey, the output key Q = P+t·G
                    as x-only with its Y parity
With --pubkey the public key is tweaked; otherwise the secret key (from
--key-file, --key-env or standard input), whose result is a secret.`, `  p256k1 tweak --key-file alice.key --mode add \
      --tweak 4242424242424242424242424242424242424242424242424242424242424242
  p256k1 tweak --mode add --pubkey 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798 \
      --tweak 4242424242424242424242424242424242424242424242424242424242424242`)
	var ks keySource
	ks.register(fs)
	pubHex := fs.String("pubkey", "", "tweak this public key (`HEX`: 33 or 65 bytes; 32 bytes x-only for xonly-add) instead of a secret key")
	tweakHex := fs.String("tweak", "", "the tweak, 32 bytes `HEX` (required)")
	mode := fs.String("mode", "add", "add, mul or xonly-add")
	fs.BoolVar(&c.json, "json", false, "write a JSON object")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if *mode != "add" && *mode != "mul" && *mode != "xonly-add" {
		return usagef("mode: %q, want add, mul or xonly-add", *mode)
	}
	tb, err := decodeHex("tweak", *tweakHex, 32)
	if err != nil {
		return err
	}
	t := [32]byte(tb)
	if *pubHex != "" {
		if ks.file != "" || ks.env != "" {
			return usagef("key: --pubkey tweaks a public key; leave out --key-file and --key-env")
		}
		return tweakPublic(c, *pubHex, &t, *mode)
	}
	k, err := c.readKey(&ks)
	if err != nil {
		return err
	}
	defer k.Zero()
	var r p256k1.PrivateKey
	switch *mode {
	case "add":
		r, err = k.TweakAdd(&t)
	case "mul":
		r, err = k.TweakMul(&t)
	default:
		r, err = k.TweakAddXOnly(&t)
	}
	if err != nil {
		return usagef("tweak: %v", err)
	}
	defer r.Zero()
	b := r.Bytes()
	defer clear(b[:])
	pub := r.PublicKey()
	obj := pubkeyObject(&pub)
	obj["secret"] = hex.EncodeToString(b[:])
	return c.output(obj, "secret")
}

func tweakPublic(c *cli, pubHex string, t *[32]byte, mode string) error {
	if mode == "xonly-add" {
		pb, err := decodeHex("pubkey", pubHex, 32)
		if err != nil {
			return err
		}
		x, err := p256k1.ParseXOnlyPublicKey(pb)
		if err != nil {
			return usagef("pubkey: not a valid x-only public key")
		}
		q, err := x.TweakAdd(t)
		if err != nil {
			return usagef("tweak: %v", err)
		}
		return c.output(pubkeyObject(&q), "xonly", "parity")
	}
	pb, err := decodeHex("pubkey", pubHex, 33, 65)
	if err != nil {
		return err
	}
	p, err := p256k1.ParsePublicKey(pb)
	if err != nil {
		return usagef("pubkey: not a valid public key (not on the curve, or a bad prefix)")
	}
	var q p256k1.PublicKey
	if mode == "add" {
		q, err = p.TweakAdd(t)
	} else {
		q, err = p.TweakMul(t)
	}
	if err != nil {
		return usagef("tweak: %v", err)
	}
	return c.output(pubkeyObject(&q), "pubkey")
}
