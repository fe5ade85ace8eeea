package main

import (
	"encoding/hex"
	"errors"
	"flag"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

func schemeFlag(fs *flag.FlagSet) *string {
	return fs.String("scheme", "", "ecdsa or schnorr (BIP-340) (required)")
}

func checkScheme(s string) error {
	switch s {
	case "ecdsa", "schnorr":
		return nil
	case "":
		return usagef("scheme: say --scheme ecdsa or --scheme schnorr")
	default:
		return usagef("scheme: %q, want ecdsa or schnorr", s)
	}
}

func cmdSign(c *cli, args []string) error {
	fs := c.newFlags("sign", "", `
Signs a message with a secret key (from --key-file, --key-env or standard
input). The message comes from --msg (hex), --msg-file or standard input, and
--hash says whether to hash it (sha256) or to sign it as it is (none: a 32-byte
digest for ECDSA; any length for Schnorr, e.g. a Nostr event id).

ECDSA signatures are RFC 6979 (deterministic) and low-S, written as 64-byte
compact r‖s, DER, or "recoverable": r‖s‖recid (65 bytes). Schnorr signatures
are BIP-340, 64 bytes, with fresh auxiliary randomness unless --aux is given.

`+emptyInputRule,
		`  p256k1 sign --scheme schnorr --key-file alice.key --hash none \
      --msg 243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89
  printf hello | P256K1_KEY=$(cat alice.key) p256k1 sign --scheme ecdsa --key-env P256K1_KEY --hash sha256`)
	var ks keySource
	var ms msgSource
	ks.register(fs)
	ms.register(fs, true)
	scheme := schemeFlag(fs)
	format := fs.String("format", "compact", "ECDSA signature encoding: compact, der or recoverable")
	auxHex := fs.String("aux", "", "Schnorr: 32 bytes `HEX` of auxiliary randomness (default: fresh from the OS)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {scheme, signature, pubkey, digest}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if err := checkScheme(*scheme); err != nil {
		return err
	}
	if *format != "compact" && *format != "der" && *format != "recoverable" {
		return usagef("format: %q, want compact, der or recoverable", *format)
	}
	// A flag that does not apply to the chosen scheme is a usage error
	// both ways (--aux with ecdsa is refused below).
	formatSet := false
	fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "format" })
	if formatSet && *scheme != "ecdsa" {
		return usagef("format: only for --scheme ecdsa (a BIP-340 signature is always 64 bytes)")
	}
	var aux *[32]byte
	if *auxHex != "" {
		if *scheme != "schnorr" {
			return usagef("aux: only for --scheme schnorr")
		}
		b, err := decodeHex("aux", *auxHex, 32)
		if err != nil {
			return err
		}
		aux = (*[32]byte)(b)
	}
	if ms.hash == "" {
		_, err := digest(&ms, nil, false)
		return err
	}
	// The key first (a key problem is reported before any message problem;
	// when the key comes from standard input, readDigest then refuses
	// standard input with a clear message), then the message, which may
	// stream.
	k, err := c.readKey(&ks)
	if err != nil {
		return err
	}
	defer k.Zero()
	d, err := c.readDigest(&ms, *scheme == "ecdsa")
	if err != nil {
		return err
	}
	obj := map[string]any{"scheme": *scheme, "digest": hex.EncodeToString(d)}
	pub := k.PublicKey()
	if *scheme == "schnorr" {
		kp, err := schnorr.NewKeypair(&k)
		if err != nil {
			return usagef("key: %v", err)
		}
		defer kp.Zero()
		sig, err := schnorr.SignKeypair(&kp, d, aux)
		if err != nil {
			return err
		}
		x := kp.XOnlyPublicKey()
		xb := x.Bytes()
		obj["signature"], obj["pubkey"] = hex.EncodeToString(sig[:]), hex.EncodeToString(xb[:])
		return c.output(obj, "signature")
	}
	comp := pub.SerializeCompressed()
	obj["pubkey"] = hex.EncodeToString(comp[:])
	h := [32]byte(d)
	switch *format {
	case "recoverable":
		rs, err := ecdsa.SignRecoverable(&k, &h)
		if err != nil {
			return err
		}
		b, recid := rs.SerializeCompact()
		obj["signature"] = hex.EncodeToString(append(b[:], byte(recid)))
		obj["recid"] = recid
	default:
		sig, err := ecdsa.Sign(&k, &h)
		if err != nil {
			return err
		}
		if *format == "der" {
			var buf [ecdsa.MaxDERSize]byte
			obj["signature"] = hex.EncodeToString(sig.SerializeDER(&buf))
		} else {
			b := sig.SerializeCompact()
			obj["signature"] = hex.EncodeToString(b[:])
		}
	}
	return c.output(obj, "signature")
}

func cmdVerify(c *cli, args []string) error {
	fs := c.newFlags("verify", "", `
Verifies a signature and prints "valid" (exit 0) or "invalid" (exit 1).
ECDSA: --pubkey is 33 or 65 bytes, --sig is 64-byte compact r‖s or DER (strict,
BIP-66), and high-S signatures (S > n/2) are invalid as in libsecp256k1
(BIP-62/BIP-146 low-S rule; OpenSSL may produce them): the reason on standard
error says whether the low-S normalization, S → n−S, would verify. Schnorr:
--pubkey is the 32-byte x-only key, --sig 64 bytes. The message and --hash are as for
sign.

`+emptyInputRule, `  p256k1 verify --scheme schnorr --hash none \
      --pubkey dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659 \
      --msg 243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89 \
      --sig 6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a`)
	var ms msgSource
	ms.register(fs, true)
	scheme := schemeFlag(fs)
	pubHex := fs.String("pubkey", "", "the public key, `HEX` (required)")
	sigHex := fs.String("sig", "", "the signature, `HEX` (required)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {valid}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if err := checkScheme(*scheme); err != nil {
		return err
	}
	var valid bool
	// The rule verify and verify-batch share: input that cannot be decoded
	// (bad hex, a wrong length, DER that is not strict DER) is malformed,
	// exit 2; a well-formed public key that is not a curve point, or a
	// compact signature with r or s not below n, is an invalid signature,
	// exit 1, with the reason on standard error.
	var reason string
	if *scheme == "schnorr" {
		pb, err := decodeHex("pubkey", *pubHex, 32)
		if err != nil {
			return err
		}
		pk, err := p256k1.ParseXOnlyPublicKey(pb)
		if err != nil {
			reason = "pubkey: not a valid x-only public key (x ≥ p or not on the curve)"
		}
		sb, err := decodeHex("sig", *sigHex, 64)
		if err != nil {
			return err
		}
		d, err := c.readDigest(&ms, false)
		if err != nil {
			return err
		}
		valid = reason == "" && schnorr.Verify(&pk, d, (*[64]byte)(sb))
	} else {
		pb, err := decodeHex("pubkey", *pubHex, 33, 65)
		if err != nil {
			return err
		}
		pk, err := p256k1.ParsePublicKey(pb)
		if err != nil {
			reason = "pubkey: not a valid public key (bad prefix or not on the curve)"
		}
		sb, err := decodeHex("sig", *sigHex)
		if err != nil {
			return err
		}
		sig, err := parseECDSASig(sb)
		if errors.Is(err, errSigRange) {
			reason, err = "sig: r or s not below the group order", nil
		}
		if err != nil {
			return err
		}
		d, err := c.readDigest(&ms, true)
		if err != nil {
			return err
		}
		valid = reason == "" && ecdsa.Verify(&pk, (*[32]byte)(d), &sig)
		if !valid && reason == "" && !sig.IsLowS() {
			reason = highSReason(&pk, (*[32]byte)(d), sig)
		}
	}
	word := "valid"
	if !valid {
		word = "invalid"
	}
	obj := map[string]any{"valid": valid, "result": word}
	if reason != "" {
		obj["reason"] = reason
	}
	if err := c.output(obj, "result"); err != nil {
		return err
	}
	if !valid {
		return &exitError{code: exitInvalid, msg: reason}
	}
	return nil
}

// highSReason explains why an ECDSA signature with S > n/2 is invalid:
// libsecp256k1 (and so Bitcoin, BIP-62/BIP-146) accepts only the low-S
// form, while OpenSSL and other signers may produce either. It says
// whether the normalized form (S → n−S) verifies.
func highSReason(pk *p256k1.PublicKey, h *[32]byte, sig ecdsa.Signature) string {
	const why = "sig: S is high (S > n/2); only low-S signatures are valid here, as in libsecp256k1 and Bitcoin (BIP-62, BIP-146), while OpenSSL and other signers may produce high S"
	sig.NormalizeS()
	if ecdsa.Verify(pk, h, &sig) {
		return why + ": its low-S normalization (S → n−S) verifies; normalize it before verifying"
	}
	return why + ": its low-S normalization (S → n−S) does not verify either"
}

// parseECDSASig reads a 64-byte compact signature or a strict DER one.
// errSigRange: a compact signature whose r or s is zero or not below n: an
// invalid signature, not malformed input.
var errSigRange = errors.New("sig: compact signature with r or s not below the group order")

func parseECDSASig(b []byte) (ecdsa.Signature, error) {
	if len(b) == 64 {
		s, err := ecdsa.ParseCompact((*[64]byte)(b))
		if err != nil {
			return s, errSigRange
		}
		return s, nil
	}
	s, err := ecdsa.ParseDER(b)
	if err != nil {
		return s, usagef("sig: %d bytes, neither 64-byte compact nor valid strict DER", len(b))
	}
	return s, nil
}

func cmdRecover(c *cli, args []string) error {
	fs := c.newFlags("recover", "", `
Recovers the public key that made a recoverable ECDSA signature: --sig is
r‖s‖recid (65 bytes, as "sign --format recoverable" writes) or Bitcoin's
65-byte message-signing form (BIP-137: header 27–42 first). Prints the compressed key
(uncompressed with --uncompressed).

`+emptyInputRule, `  printf hello | p256k1 recover --hash sha256 \
      --sig d7ffe59a6c1a379d601aabb2260ae9f0000e22238e5a476c1d719975d92a6adb1fe3317fe85c44e002ea2271eff7e5db0b33cecc0509f6aad28c6ed48ee4c39d00`)
	var ms msgSource
	ms.register(fs, true)
	sigHex := fs.String("sig", "", "the 65-byte recoverable signature, `HEX` (required)")
	bitcoin := fs.Bool("bitcoin", false, "--sig is Bitcoin's form: header byte (27–42, BIP-137), then r‖s")
	unc := fs.Bool("uncompressed", false, "print the 65-byte uncompressed key")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {pubkey, uncompressed, xonly, parity}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	sb, err := decodeHex("sig", *sigHex, 65)
	if err != nil {
		return err
	}
	var rs ecdsa.RecoverableSignature
	switch {
	case *bitcoin && (sb[0] < 27 || sb[0] > 42):
		return usagef("sig: not a valid Bitcoin message signature: header byte %d (0x%02x) is out of range; a BIP-137 header is 27–42 (27–30 P2PKH uncompressed, 31–34 P2PKH compressed, 35–38 P2SH-P2WPKH, 39–42 P2WPKH)", sb[0], sb[0])
	case !*bitcoin && sb[64] > 3 && !(sb[0] >= 27 && sb[0] <= 42):
		return usagef("sig: not a valid recoverable signature: recovery id %d (its last byte) is out of range; want 0–3 (or, with --bitcoin, a first byte 27–42)", sb[64])
	}
	if *bitcoin {
		rs, _, err = ecdsa.ParseBitcoinCompact((*[65]byte)(sb))
	} else {
		rs, err = ecdsa.ParseRecoverable((*[64]byte)(sb[:64]), int(sb[64]))
	}
	if err != nil {
		if !*bitcoin && sb[0] >= 27 && sb[0] <= 42 && sb[64] > 3 {
			return usagef("sig: not a valid recoverable signature (%v); its first byte is a Bitcoin message-signing header (27–42): add --bitcoin", err)
		}
		return usagef("sig: not a valid recoverable signature (%v)", err)
	}
	d, err := c.readDigest(&ms, true)
	if err != nil {
		return err
	}
	pub, err := ecdsa.RecoverPublicKey((*[32]byte)(d), &rs)
	if err != nil {
		return &exitError{exitInvalid, "no public key recovers from this signature and message"}
	}
	field := "pubkey"
	if *unc {
		field = "uncompressed"
	}
	return c.output(pubkeyObject(&pub), field)
}

func cmdECDH(c *cli, args []string) error {
	fs := c.newFlags("ecdh", "", `
Computes the ECDH shared secret of your secret key (from --key-file, --key-env
or standard input) and a peer's public key (33 or 65 bytes, or 32 bytes x-only
taken with even Y as Nostr keys are): by default libsecp256k1's secp256k1_ecdh,
SHA-256 of the compressed shared point; with --raw the shared x coordinate
(NIP-04, NIP-44). Your key is used as it is, as secp256k1_ecdh does (with an
x-only peer key, the hashed value then depends on the Y parity of your own
public key; the raw x does not). The output is a secret: handle it as one.`, `  p256k1 ecdh --key-file alice.key --pubkey 02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9
  p256k1 ecdh --key-file alice.key --pubkey 79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798 --raw`)
	var ks keySource
	ks.register(fs)
	pubHex := fs.String("pubkey", "", "the peer's public key, `HEX` (required)")
	raw := fs.Bool("raw", false, "print the raw x coordinate instead of SHA-256 of the compressed point")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {secret}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	pb, err := decodeHex("pubkey", *pubHex, 32, 33, 65)
	if err != nil {
		return err
	}
	var pub p256k1.PublicKey
	if len(pb) == 32 {
		x, err := p256k1.ParseXOnlyPublicKey(pb)
		if err != nil {
			return usagef("pubkey: not a valid x-only public key")
		}
		pub = x.PublicKey()
	} else if pub, err = p256k1.ParsePublicKey(pb); err != nil {
		return usagef("pubkey: not a valid public key (bad prefix or not on the curve)")
	}
	k, err := c.readKey(&ks)
	if err != nil {
		return err
	}
	defer k.Zero()
	var s [32]byte
	if *raw {
		s, err = ecdh.SharedX(&k, &pub)
	} else {
		s, err = ecdh.SharedSecret(&k, &pub)
	}
	if err != nil {
		return usagef("ecdh: %v", err)
	}
	defer clear(s[:])
	return c.output(map[string]any{"secret": hex.EncodeToString(s[:])}, "secret")
}
