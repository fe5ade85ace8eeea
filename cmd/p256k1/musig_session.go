package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// The MuSig2 signing workflow of "p256k1 musig nonce|sign|combine": two or
// more signers finish a BIP-327 signature by exchanging small files.
//
//	nonce    each signer: a session file (mode 0600, kept) and its public
//	         nonce (sent to the others)
//	sign     each signer, with the others' nonce files: its partial signature
//	         (sent); the session's secret is used up first
//	combine  any signer, with the others' partial signatures: each verified,
//	         then the final BIP-340 signature
//
// The session file holds the session's public parameters (the keys in
// aggregation order, the tweaks, the message) and, until sign, the 32-byte
// seed rand' from which sign regenerates the secret nonce
// (musig2.SigningSession with NonceGenOptions' Rand, the secret key and the
// aggregate key and message mixed in: the seed alone gives nothing without
// the key). The library never serializes a SecretNonce; the seed is what
// this command keeps between its two runs, as a file only the user can
// read. sign takes the file over by renaming it to a name of its own
// (atomic: of two sign runs at once, one gets it), writes it back without
// the seed, marked used, and only then prints the partial signature; a
// second sign with that file is refused. A copy of the file made before
// sign (a backup, a snapshot) is not marked used and signs again: the one
// thing this cannot catch; the help, the README and the file's own warning
// say never to copy it.

// sessionFile is the JSON content of a session file.
type sessionFile struct {
	Warning    string         `json:"warning"`
	Version    int            `json:"version"`
	Signer     string         `json:"signer"`
	Index      int            `json:"index"`
	Keys       []string       `json:"keys"`
	Tweaks     []sessionTweak `json:"tweaks,omitempty"`
	Taproot    bool           `json:"taproot,omitempty"`
	MerkleRoot string         `json:"merkle_root,omitempty"`
	Msg        string         `json:"msg"`
	PubNonce   string         `json:"pubnonce"`
	Rand       string         `json:"rand,omitempty"` // the nonce seed, until sign
	Used       bool           `json:"used"`
	Nonces     []string       `json:"nonces,omitempty"` // every signer's, by index, after sign
	PSig       string         `json:"psig,omitempty"`   // this signer's, after sign
	ctx        musig2.KeyAggContext
	keys       []p256k1.PublicKey
	msg        []byte
	opts       musig2.SigningSessionOptions
	raw        []byte
}

type sessionTweak struct {
	Tweak string `json:"tweak"`
	XOnly bool   `json:"xonly"`
}

const sessionWarning = "p256k1 MuSig2 session. Until \"used\" is true it holds the seed of a secret nonce: never copy, share or restore this file: a copy is not marked used when this file is, and a nonce that signs more than once gives away the secret key."

// maxSessionFile bounds a session file (a few thousand signers).
const maxSessionFile = 4 << 20

// musigSessionFlags are the flags of "musig nonce" that describe the
// session (keys, tweaks, message).
type musigSessionFlags struct {
	file       string
	sort       bool
	tweaks     []musigTweak
	taproot    bool
	merkleRoot string
	msg        msgSource
}

func cmdMusigNonce(c *cli, args []string) error {
	fs := c.newFlags("musig nonce", "[PUBKEY...]", `
Round 1 of a MuSig2 (BIP-327) signature, run by each signer: starts a
signing session for the message among the signers' public keys (33-byte
compressed, hex: as arguments or with --file, one a line; the signer's own
key among them), writes the session file --session (a new file, mode 0600,
kept by this signer until sign) and prints the signer's public key and its
public nonce, one a line: send that output to the other signers (as a
file). Every signer must give the same keys (in the same order, or --sort),
tweaks and message. --taproot signs for the BIP-341 Taproot output key of
the aggregate key (--merkle-root: of a script tree; none: BIP-86); --tweak
and --xonly-tweak apply before it, in order. The message and --hash are as
for sign. The session file holds a secret until musig sign uses it up:
never copy or share it.

`+emptyInputRule, `  p256k1 keygen --out alice.key > signers.txt
  p256k1 keygen --out bob.key >> signers.txt
  echo -n "pay 1 BTC to Carol" > msg.txt
  p256k1 musig nonce --key-file alice.key --session alice.session --sort --file signers.txt --msg-file msg.txt --hash sha256 > alice.nonce
  p256k1 musig nonce --key-file bob.key --session bob.session --sort --file signers.txt --msg-file msg.txt --hash sha256 > bob.nonce`)
	var ks keySource
	ks.register(fs)
	session := fs.String("session", "", "write the session to a new file at `PATH` (mode 0600; required)")
	var sf musigSessionFlags
	fs.StringVar(&sf.file, "file", "", "read the signers' public keys from `PATH`, one hex key a line")
	fs.BoolVar(&sf.sort, "sort", false, "sort the keys (BIP-327 KeySort) before aggregating")
	fs.Var(musigTweakFlag{&sf.tweaks, false}, "tweak", "a plain tweak, 32 bytes `HEX` (repeatable, applied in order)")
	fs.Var(musigTweakFlag{&sf.tweaks, true}, "xonly-tweak", "an x-only tweak, 32 bytes `HEX` (repeatable, applied in order)")
	fs.BoolVar(&sf.taproot, "taproot", false, "sign for the BIP-341 Taproot output key of the aggregate key")
	fs.StringVar(&sf.merkleRoot, "merkle-root", "", "the script tree's merkle root for --taproot, 32 bytes `HEX` (none: BIP-86)")
	sf.msg.register(fs, true)
	fs.BoolVar(&c.json, "json", false, "write a JSON object {signer, pubnonce, index, aggregate, n}")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if *session == "" {
		return usagef("session: required (the new session file to keep until musig sign)")
	}
	var lines []string
	switch {
	case sf.file != "" && len(pos) > 0:
		return usagef("keys: give them as arguments or with --file, not both")
	case sf.file != "":
		b, err := readLimited(sf.file, maxSessionFile)
		if err != nil {
			return pathError("file", sf.file, err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
	default:
		lines = pos
	}
	if len(lines) == 0 {
		return usagef("keys: none given (see p256k1 musig nonce --help)")
	}
	s := &sessionFile{Warning: sessionWarning, Version: 1}
	keys := make([]p256k1.PublicKey, len(lines))
	for i, l := range lines {
		b, err := decodeHex(fmt.Sprintf("key %d", i+1), l, 33)
		if err != nil {
			return err
		}
		if keys[i], err = p256k1.ParsePublicKey(b); err != nil {
			return usagef("key %d: not a valid compressed public key", i+1)
		}
	}
	if sf.sort {
		musig2.KeySort(keys)
	}
	for i := range keys {
		b := keys[i].SerializeCompressed()
		s.Keys = append(s.Keys, hex.EncodeToString(b[:]))
	}
	for i, tw := range sf.tweaks {
		name := "tweak"
		if tw.xonly {
			name = "xonly-tweak"
		}
		tb, err := decodeHex(fmt.Sprintf("%s (tweak %d)", name, i+1), tw.hex, 32)
		if err != nil {
			return err
		}
		s.Tweaks = append(s.Tweaks, sessionTweak{hex.EncodeToString(tb), tw.xonly})
	}
	if sf.merkleRoot != "" {
		if !sf.taproot {
			return usagef("merkle-root: only with --taproot")
		}
		rb, err := decodeHex("merkle-root", sf.merkleRoot, 32)
		if err != nil {
			return err
		}
		s.MerkleRoot = hex.EncodeToString(rb)
	}
	s.Taproot = sf.taproot
	msg, err := c.readDigest(&sf.msg, false)
	if err != nil {
		return err
	}
	s.Msg = hex.EncodeToString(msg)
	sk, err := c.readKey(&ks)
	if err != nil {
		return err
	}
	defer sk.Zero()
	pk := sk.PublicKey()
	pkb := pk.SerializeCompressed()
	s.Signer = hex.EncodeToString(pkb[:])
	var seed [32]byte
	defer clear(seed[:])
	rand.Read(seed[:])
	s.Rand = hex.EncodeToString(seed[:])
	if err := s.load(&sk); err != nil {
		return err
	}
	ms, err := musig2.NewSigningSession(&sk, s.keys, &s.opts)
	if err != nil {
		return s.sessionError(err)
	}
	defer ms.Zero()
	s.Index = ms.Index()
	pn := ms.PublicNonce()
	pnb := pn.Bytes()
	s.PubNonce = hex.EncodeToString(pnb[:])
	body, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	err = writeNewFile("session", *session, append(body, '\n'))
	clear(body)
	if errors.Is(err, os.ErrExist) {
		return usagef("session: %q exists; a session file is never overwritten (each signature needs a new session: choose another name)", *session)
	}
	if err != nil {
		return err
	}
	agg := ms.AggregateKey()
	ab := agg.Bytes()
	return c.output(map[string]any{
		"signer":    s.Signer,
		"pubnonce":  s.PubNonce,
		"index":     s.Index,
		"n":         len(s.Keys),
		"aggregate": hex.EncodeToString(ab[:]),
	}, "signer", "pubnonce")
}

// load parses the public parameters of s into its unexported fields: the
// keys, the aggregation context with its tweaks, the message and the
// session options (with sk and the seed when sk is not nil).
func (s *sessionFile) load(sk *p256k1.PrivateKey) error {
	if s.Version != 1 {
		return usagef("session: version %d, want 1 (written by another p256k1?)", s.Version)
	}
	s.keys = make([]p256k1.PublicKey, len(s.Keys))
	for i, k := range s.Keys {
		b, err := hex.DecodeString(k)
		if err == nil && len(b) == 33 {
			s.keys[i], err = p256k1.ParsePublicKey(b)
		} else if err == nil {
			err = errors.New("length")
		}
		if err != nil {
			return usagef("session: key %d is not a compressed public key", i+1)
		}
	}
	var err error
	if s.msg, err = hex.DecodeString(s.Msg); err != nil {
		return usagef("session: msg is not hex")
	}
	s.opts = musig2.SigningSessionOptions{Msg: s.msg, Taproot: s.Taproot}
	for i, tw := range s.Tweaks {
		b, err := hex.DecodeString(tw.Tweak)
		if err != nil || len(b) != 32 {
			return usagef("session: tweak %d is not 32 bytes hex", i+1)
		}
		s.opts.Tweaks = append(s.opts.Tweaks, musig2.Tweak{Tweak: [32]byte(b), XOnly: tw.XOnly})
	}
	if s.MerkleRoot != "" {
		if s.opts.TaprootMerkleRoot, err = hex.DecodeString(s.MerkleRoot); err != nil {
			return usagef("session: merkle_root is not hex")
		}
	}
	if s.ctx, err = musig2.KeyAgg(s.keys); err != nil {
		return s.sessionError(err)
	}
	for i := range s.opts.Tweaks {
		if err := s.ctx.ApplyTweak(&s.opts.Tweaks[i].Tweak, s.opts.Tweaks[i].XOnly); err != nil {
			return usagef("tweak %d: not below the group order, or the result is the point at infinity", i+1)
		}
	}
	if s.Taproot {
		if _, err := s.ctx.ApplyTaprootTweak(s.opts.TaprootMerkleRoot); err != nil {
			return usagef("merkle-root: %v", err)
		}
	}
	if sk != nil {
		seed, err := hex.DecodeString(s.Rand)
		if err != nil || len(seed) != 32 {
			return usagef("session: the nonce seed is missing or damaged")
		}
		s.opts.Rand = (*[32]byte)(seed)
	}
	return nil
}

// sessionError turns a musig2 error naming a signer into a message naming
// its key.
func (s *sessionFile) sessionError(err error) error {
	var se *musig2.SignerError
	if errors.As(err, &se) && se.Index >= 0 && se.Index < len(s.Keys) {
		return usagef("signer %d (%s): %s", se.Index+1, s.Keys[se.Index], strings.TrimPrefix(se.Err.Error(), "musig2: "))
	}
	if errors.Is(err, musig2.ErrSignerNotInKeys) {
		return usagef("key: its public key is not among the signers' keys")
	}
	return usagef("%s", strings.TrimPrefix(err.Error(), "musig2: "))
}

// readSession reads and parses a session file.
func readSession(path string) (*sessionFile, error) {
	raw, err := readLimited(path, maxSessionFile)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			if m, _ := filepath.Glob(path + ".signing-*"); len(m) > 0 {
				return nil, usagef("session: %q is being used by another musig sign (or one that failed: %s holds it)", path, m[0])
			}
		}
		return nil, pathError("session", path, err)
	}
	var s sessionFile
	if err := json.Unmarshal(raw, &s); err != nil {
		clear(raw)
		return nil, usagef("session: %q is not a session file written by musig nonce (%v)", path, err)
	}
	s.raw = raw
	return &s, nil
}

// contribution is one signer's public nonce or partial signature, as
// another signer's nonce or sign printed it.
type contribution struct {
	path   string
	signer p256k1.PublicKey
	value  []byte
}

// readContribution reads a file written by musig nonce or musig sign: two
// hex lines (the signer's public key, then the value) or, from --json, an
// object with "signer" and field.
func readContribution(path, field string, size int) (contribution, error) {
	raw, err := readLimited(path, 64<<10)
	if err != nil {
		return contribution{}, pathError(field+" file", path, err)
	}
	var signerHex, valueHex string
	t := strings.TrimSpace(string(raw))
	if strings.HasPrefix(t, "{") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(t), &obj); err != nil {
			return contribution{}, usagef("%s: not a JSON object (%v)", path, err)
		}
		signerHex, _ = obj["signer"].(string)
		valueHex, _ = obj[field].(string)
	} else {
		var lines []string
		for _, l := range strings.Split(t, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		if len(lines) != 2 {
			return contribution{}, usagef("%s: %d lines, want 2 (the signer's public key, then its %s), as musig printed them", path, len(lines), field)
		}
		signerHex, valueHex = lines[0], lines[1]
	}
	kb, err := decodeHex(path+": signer", signerHex, 33)
	if err != nil {
		return contribution{}, err
	}
	pk, err := p256k1.ParsePublicKey(kb)
	if err != nil {
		return contribution{}, usagef("%s: signer: not a valid compressed public key", path)
	}
	vb, err := decodeHex(path+": "+field, valueHex, size)
	if err != nil {
		return contribution{}, err
	}
	return contribution{path, pk, vb}, nil
}

func cmdMusigSign(c *cli, args []string) error {
	fs := c.newFlags("musig sign", "NONCE-FILE...", `
Round 2 of a MuSig2 signature, run by each signer once it has every other
signer's public nonce (the files their musig nonce printed; its own may be
given too): prints the signer's public key and its partial signature, one a
line, to send to whoever combines. The secret key must be the one given to
musig nonce. Before anything is printed the session file is rewritten
without its secret, marked used, so a second sign with that file is refused
(also one running at the same time). But a copy of it made before sign (a
backup, a snapshot) is not marked used and signs again, with whatever
nonces the others send: a nonce that signs more than once gives away the
secret key (three such partial signatures reveal it). Never copy, back up
or restore a session file before sign. Each signature needs its own musig
nonce.`,
		`  p256k1 musig sign --key-file alice.key --session alice.session bob.nonce > alice.psig
  p256k1 musig sign --key-file bob.key --session bob.session alice.nonce > bob.psig`)
	var ks keySource
	ks.register(fs)
	session := fs.String("session", "", "the session file musig nonce wrote, `PATH` (required)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {signer, psig, index}")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if *session == "" {
		return usagef("session: required (the file musig nonce wrote)")
	}
	s, err := readSession(*session)
	if err != nil {
		return err
	}
	defer clear(s.raw)
	if s.Used || s.Rand == "" {
		return usagef("session: %q was already used to sign: a secret nonce signs once (start a new session with musig nonce)", *session)
	}
	sk, err := c.readKey(&ks)
	if err != nil {
		return err
	}
	defer sk.Zero()
	pk := sk.PublicKey()
	if pkb := pk.SerializeCompressed(); hex.EncodeToString(pkb[:]) != s.Signer {
		return usagef("key: not the key this session was started with (its public key is %s)", s.Signer)
	}
	if err := s.load(&sk); err != nil {
		return err
	}
	ms, err := musig2.NewSigningSession(&sk, s.keys, &s.opts)
	if err != nil {
		return s.sessionError(err)
	}
	defer ms.Zero()
	if pn := ms.PublicNonce(); hex.EncodeToString(pubNonceBytes(&pn)) != s.PubNonce {
		return usagef("session: %q does not regenerate its public nonce (damaged, or edited)", *session)
	}
	if len(pos) == 0 {
		return usagef("nonce files: none given (the other signers' musig nonce outputs)")
	}
	// Every signer's nonce by place, as AddNonce places them: a key's
	// nonces go to its places in turn.
	nonces := make([]string, len(s.Keys))
	nonces[s.Index] = s.PubNonce
	for _, p := range pos {
		ct, err := readContribution(p, "pubnonce", 66)
		if err != nil {
			return err
		}
		n, err := musig2.ParsePubNonce(ct.value)
		if err != nil {
			return usagef("%s: pubnonce: not two valid compressed points", p)
		}
		kb := ct.signer.SerializeCompressed()
		kh, nh := hex.EncodeToString(kb[:]), hex.EncodeToString(ct.value)
		if kh == s.Signer && nh == s.PubNonce {
			continue // this signer's own nonce file
		}
		if _, err := ms.AddNonce(&ct.signer, &n); err != nil {
			if errors.Is(err, musig2.ErrUnknownSigner) {
				return usagef("%s: the signer %s is not one of this session's", p, kh)
			}
			return fileError(p, s.sessionError(err))
		}
		for i := range s.Keys {
			if s.Keys[i] == kh && nonces[i] == "" {
				nonces[i] = nh
				break
			}
		}
	}
	if !ms.HaveAllNonces() {
		_, err := ms.Sign(nil) // names the first signer missing; consumes nothing
		return s.sessionError(err)
	}
	// Take the session file over (rename is atomic: one of two sign runs
	// gets it), check that it is still the file read above, compute the
	// partial signature, and write the file back used before printing.
	claim := fmt.Sprintf("%s.signing-%d", *session, os.Getpid()) // this run's own name
	if err := os.Rename(*session, claim); err != nil {
		return usagef("session: %q is being used by another musig sign (%v)", *session, err)
	}
	now, err := readLimited(claim, maxSessionFile)
	if err != nil || !bytes.Equal(now, s.raw) {
		clear(now)
		os.Rename(claim, *session)
		return usagef("session: %q changed while signing (another musig sign?); nothing signed", *session)
	}
	clear(now)
	psig, err := ms.Sign(nil)
	if err != nil {
		return s.sessionError(err) // the claim file keeps the seed
	}
	pb := psig.Bytes()
	used := *s
	used.Rand, used.Used = "", true
	used.PSig = hex.EncodeToString(pb[:])
	used.Nonces = nonces
	body, err := json.MarshalIndent(&used, "", "  ")
	if err == nil {
		err = writeNewFile("session", *session, append(body, '\n'))
	}
	if err != nil {
		msg := err.Error()
		if errors.Is(err, os.ErrExist) {
			msg = fmt.Sprintf("session: %q was created again while signing", *session)
		}
		return usagef("%s: the session is not recorded as used, so no partial signature was printed; %s still holds the seed (rename it back to %s to retry)", msg, claim, *session)
	}
	if err := removeSecretFile(claim); err != nil {
		return usagef("session: %q is recorded as used, but removing %s failed (%v): delete it, it holds the spent seed; no partial signature was printed", *session, claim, err)
	}
	return c.output(map[string]any{"signer": s.Signer, "psig": used.PSig, "index": s.Index}, "signer", "psig")
}

// fileError prefixes an exitError's message with the file it is about.
func fileError(path string, err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return &exitError{ee.code, path + ": " + ee.msg}
	}
	return err
}

func cmdMusigCombine(c *cli, args []string) error {
	fs := c.newFlags("musig combine", "PSIG-FILE...", `
Combines a MuSig2 signature, run by a signer after its musig sign, with the
other signers' partial signatures (the files their musig sign printed; its
own may be given too): verifies each against its signer's key and nonce
(exit 1, naming the signer, if one does not verify), sums them and prints
the 64-byte BIP-340 signature, which verifies under the aggregate key
(musig aggregate; with --json the key and the message are printed too).`,
		`  p256k1 musig combine --session alice.session bob.psig > sig.hex
  p256k1 verify --scheme schnorr --hash sha256 --msg-file msg.txt --pubkey $(p256k1 musig aggregate --sort --file signers.txt | head -n1) --sig $(cat sig.hex)`)
	session := fs.String("session", "", "the session file, after musig sign, `PATH` (required)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {sig, pubkey, msg}")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if *session == "" {
		return usagef("session: required (the session file, after musig sign)")
	}
	s, err := readSession(*session)
	if err != nil {
		return err
	}
	defer clear(s.raw)
	if !s.Used || len(s.Nonces) != len(s.Keys) || s.PSig == "" {
		return usagef("session: %q has not signed yet: run musig sign with it first", *session)
	}
	if err := s.load(nil); err != nil {
		return err
	}
	nonces := make([]musig2.PubNonce, len(s.Keys))
	for i, h := range s.Nonces {
		b, err := hex.DecodeString(h)
		if err == nil {
			nonces[i], err = musig2.ParsePubNonce(b)
		}
		if err != nil {
			return usagef("session: the nonce of signer %d is damaged", i+1)
		}
	}
	an, err := musig2.NonceAgg(nonces)
	if err != nil {
		return s.sessionError(err)
	}
	sess, err := musig2.NewSession(&s.ctx, &an, s.msg)
	if err != nil {
		return s.sessionError(err)
	}
	psigs := make([]musig2.PartialSig, len(s.Keys))
	have := make([]bool, len(s.Keys))
	own, err := hex.DecodeString(s.PSig)
	if err == nil {
		psigs[s.Index], err = musig2.ParsePartialSig(own)
	}
	if err != nil {
		return usagef("session: its partial signature is damaged")
	}
	have[s.Index] = true
	if len(pos) == 0 {
		return usagef("partial signature files: none given (the other signers' musig sign outputs)")
	}
	for _, p := range pos {
		ct, err := readContribution(p, "psig", 32)
		if err != nil {
			return err
		}
		ps, err := musig2.ParsePartialSig(ct.value)
		if err != nil {
			return usagef("%s: psig: not below the group order", p)
		}
		kb := ct.signer.SerializeCompressed()
		kh := hex.EncodeToString(kb[:])
		if kh == s.Signer && hex.EncodeToString(ct.value) == s.PSig {
			continue // this signer's own
		}
		first, placed := -1, false
		for i := range s.Keys {
			if s.Keys[i] != kh {
				continue
			}
			if first < 0 {
				first = i
			}
			if !have[i] && musig2.PartialSigVerify(&sess, &ps, &nonces[i], &ct.signer) {
				psigs[i], have[i], placed = ps, true, true
				break
			}
		}
		switch {
		case first < 0:
			return usagef("%s: the signer %s is not one of this session's", p, kh)
		case !placed:
			for i := range s.Keys {
				if s.Keys[i] == kh && !have[i] {
					return &exitError{exitInvalid, fmt.Sprintf("%s: the partial signature of signer %d (%s) does not verify", p, i+1, kh)}
				}
			}
			return usagef("%s: signer %d (%s) already gave its partial signature", p, first+1, kh)
		}
	}
	for i := range have {
		if !have[i] {
			return usagef("the partial signature of signer %d (%s) is missing", i+1, s.Keys[i])
		}
	}
	sig, err := musig2.PartialSigAgg(&sess, psigs)
	if err != nil {
		return usagef("%v", err)
	}
	x := s.ctx.XOnly()
	if !schnorr.Verify(&x, s.msg, &sig) {
		return &exitError{exitInvalid, "the combined signature does not verify"}
	}
	xb := x.Bytes()
	return c.output(map[string]any{
		"sig":    hex.EncodeToString(sig[:]),
		"pubkey": hex.EncodeToString(xb[:]),
		"msg":    s.Msg,
	}, "sig")
}

func pubNonceBytes(n *musig2.PubNonce) []byte {
	b := n.Bytes()
	return b[:]
}
