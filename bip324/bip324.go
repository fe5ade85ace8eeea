// Package bip324 implements the packet cipher of BIP-324, Bitcoin's v2 P2P
// transport protocol, on top of package ellswift's key exchange: the key
// derivation from the x-only ECDH secret (HKDF-SHA256), FSChaCha20 for the
// encrypted 3-byte length fields, FSChaCha20Poly1305 for the packet contents,
// both rekeyed every 224 messages, the header byte with its ignore bit, the
// garbage terminators and the session id. It matches BIP-324's reference
// code and test vectors.
//
// The handshake itself (sending the 64-byte ElligatorSwift encodings, the
// garbage, the terminators and the version packet) is the caller's: a
// Cipher encrypts and decrypts packets once both encodings are known.
//
// A packet on the wire is the encrypted 3-byte little-endian contents
// length, then the AEAD encryption of the header byte and the contents with
// its 16-byte tag: len(contents) + Overhead bytes. A receiver reads the
// first LengthSize bytes, passes them to DecryptLength, reads the
// DecryptLength() + 17 bytes that follow and passes them to Decrypt.
//
// A Cipher is not safe for concurrent use (sending and receiving use
// separate state, but share the value); its keys are secret, and it is
// never printed (fmt shows a placeholder), nor are the Keys of DeriveKeys.
//
// Misuse is reported, never a runtime error: a method with an error result
// returns ErrZeroCipher on a nil or zero-value Cipher, and NewCipher an
// error wrapping p256k1.ErrNilArgument for a nil encoding; the methods
// without one (DecryptLength, SessionID, the garbage terminators) and
// NewCipherFromSecret and DeriveKeys with a nil secret panic with a
// message that says what was wrong.
package bip324

import (
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"

	"golang.org/x/crypto/chacha20"
	"golang.org/x/crypto/chacha20poly1305"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ellswift"
	"github.com/p256k1/p256k1/internal/redact"
)

const (
	// RekeyInterval is the number of messages after which FSChaCha20 and
	// FSChaCha20Poly1305 replace their key.
	RekeyInterval = 224
	// LengthSize is the size of the encrypted length field.
	LengthSize = 3
	// HeaderSize is the size of the header byte.
	HeaderSize = 1
	// TagSize is the size of the Poly1305 tag.
	TagSize = chacha20poly1305.Overhead
	// Overhead is the number of bytes a packet adds to its contents.
	Overhead = LengthSize + HeaderSize + TagSize
	// MaxContents is the largest contents length the 3-byte field holds.
	MaxContents = 1<<24 - 1
	// GarbageTerminatorSize is the length of a garbage terminator.
	GarbageTerminatorSize = 16
	// IgnoreBit is the header bit that marks a decoy packet.
	IgnoreBit = 0x80
)

// MainnetMagic is Bitcoin mainnet's network magic.
var MainnetMagic = [4]byte{0xf9, 0xbe, 0xb4, 0xd9}

var (
	// ErrAuth is returned by Decrypt for a packet that fails
	// authentication (tampered with, truncated, or out of order).
	ErrAuth = errors.New("bip324: packet authentication failed")
	// ErrTooLong is returned by Encrypt for contents longer than
	// MaxContents.
	ErrTooLong = errors.New("bip324: contents too long")
	// ErrLength is returned by Decrypt when the ciphertext is shorter than
	// HeaderSize + TagSize.
	ErrLength = errors.New("bip324: ciphertext too short")
	// ErrZeroCipher is returned by Encrypt and Decrypt on a nil or
	// zero-value Cipher, which has no keys: make one with NewCipher or
	// NewCipherFromSecret.
	ErrZeroCipher = errors.New("bip324: nil or zero-value Cipher (make one with NewCipher or NewCipherFromSecret)")
)

// fsChaCha20 is BIP-324's FSChaCha20: a ChaCha20 keystream (nonce
// 0 ‖ rekeys as 8 bytes little endian) consumed across messages, rekeyed
// with its own next 32 bytes every RekeyInterval messages (discarding the
// rest of the current block, as Bitcoin Core does).
type fsChaCha20 struct {
	c      *chacha20.Cipher
	chunks uint32
	rekeys uint64
}

func (s *fsChaCha20) init(key *[32]byte) {
	var nonce [12]byte
	binary.LittleEndian.PutUint64(nonce[4:], s.rekeys)
	c, err := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
	if err != nil {
		panic("bip324: " + err.Error())
	}
	s.c = c
}

func (s *fsChaCha20) crypt(dst, src []byte) {
	s.c.XORKeyStream(dst, src)
	s.chunks++
	if s.chunks == RekeyInterval {
		var key [32]byte
		s.c.XORKeyStream(key[:], key[:])
		s.chunks = 0
		s.rekeys++
		s.init(&key)
		clear(key[:])
	}
}

// fsAEAD is BIP-324's FSChaCha20Poly1305: ChaCha20-Poly1305 with the nonce
// (packet mod 224 as 4 bytes ‖ packet / 224 as 8 bytes, little endian),
// rekeyed after every RekeyInterval packets with the first 32 bytes of the
// encryption of 32 zero bytes under the nonce 0xffffffff ‖ (packet / 224).
type fsAEAD struct {
	a       cipher.AEAD
	packets uint64
	n       [12]byte // the nonce, here so that it does not escape per call
}

func (s *fsAEAD) init(key []byte) {
	a, err := chacha20poly1305.New(key)
	if err != nil {
		panic("bip324: " + err.Error())
	}
	s.a = a
}

func (s *fsAEAD) nonce() []byte {
	n := &s.n
	binary.LittleEndian.PutUint32(n[:4], uint32(s.packets%RekeyInterval))
	binary.LittleEndian.PutUint64(n[4:], s.packets/RekeyInterval)
	return n[:]
}

// next advances the packet counter, rekeying when due.
func (s *fsAEAD) next() {
	if (s.packets+1)%RekeyInterval == 0 {
		n := &s.n
		binary.LittleEndian.PutUint32(n[:4], 0xffffffff)
		binary.LittleEndian.PutUint64(n[4:], s.packets/RekeyInterval)
		buf := make([]byte, 32+TagSize) // with the new key, once per 224
		s.a.Seal(buf[:0], n[:], buf[:32], nil)
		s.init(buf[:32])
		clear(buf[:])
	}
	s.packets++
}

// Keys are the values BIP-324 derives from the ECDH secret with
// HKDF-SHA256 (salt "bitcoin_v2_shared_secret" ‖ network magic), exposed
// for tests and for other implementations of the transport. Secret: like
// the module's other secret types, a Keys value is never printed (every fmt
// verb, log/slog, alone or inside a struct, slice or map, shows
// "bip324.Keys(REDACTED)") and its JSON, text and binary marshalers refuse
// with p256k1.ErrSecretNotSerializable; read the fields to use the keys.
type Keys struct {
	InitiatorL, InitiatorP [32]byte
	ResponderL, ResponderP [32]byte
	// GarbageTerminators is the initiator's terminator followed by the
	// responder's.
	GarbageTerminators [32]byte
	SessionID          [32]byte
}

// DeriveKeys derives BIP-324's keys from the 32-byte ECDH secret (the
// output of ellswift.XDHBIP324) and the network magic. It panics, saying
// so, if secret is nil. Constant time in the secret.
func DeriveKeys(secret *[32]byte, magic [4]byte) Keys {
	if secret == nil {
		panic("bip324: DeriveKeys: nil secret")
	}
	var salt [28]byte
	copy(salt[:], "bitcoin_v2_shared_secret")
	copy(salt[24:], magic[:])
	prk, err := hkdf.Extract(sha256.New, secret[:], salt[:])
	if err != nil {
		panic("bip324: " + err.Error())
	}
	var k Keys
	for _, e := range []struct {
		out  *[32]byte
		info string
	}{
		{&k.InitiatorL, "initiator_L"},
		{&k.InitiatorP, "initiator_P"},
		{&k.ResponderL, "responder_L"},
		{&k.ResponderP, "responder_P"},
		{&k.GarbageTerminators, "garbage_terminators"},
		{&k.SessionID, "session_id"},
	} {
		b, err := hkdf.Expand(sha256.New, prk, e.info, 32)
		if err != nil {
			panic("bip324: " + err.Error())
		}
		copy(e.out[:], b)
		clear(b)
	}
	clear(prk)
	return k
}

// Cipher is one side's BIP-324 packet cipher: its sending and receiving
// FSChaCha20 and FSChaCha20Poly1305 states, the garbage terminators and
// the session id. The zero value is not usable; make one with NewCipher or
// NewCipherFromSecret.
type Cipher struct {
	sendL, recvL fsChaCha20
	sendP, recvP fsAEAD
	sendGarbage  [16]byte
	recvGarbage  [16]byte
	sessionID    [32]byte
}

// NewCipher computes the ECDH secret between our private key priv (whose
// ElligatorSwift encoding we sent as ours) and the peer's encoding theirs,
// with BIP-324's x-only hash (ellswift.XDHBIP324, which takes the same
// roles in the same order), and returns the cipher for our side:
// initiating says whether we opened the connection. magic is the network's
// magic (MainnetMagic on mainnet). It returns p256k1.ErrInvalidPrivateKey
// for a nil or zero-value priv, an error wrapping p256k1.ErrNilArgument for
// a nil encoding, and ellswift.ErrNotOurs when ours is not an encoding of
// priv's public key (ours and theirs swapped): a swap never gives another
// secret. Constant time in priv.
func NewCipher(priv *p256k1.PrivateKey, ours, theirs *[64]byte, initiating bool, magic [4]byte) (*Cipher, error) {
	secret, err := ellswift.XDHBIP324(priv, ours, theirs, initiating)
	if err != nil {
		return nil, err
	}
	c := NewCipherFromSecret(&secret, initiating, magic)
	clear(secret[:])
	return c, nil
}

// NewCipherFromSecret returns the cipher for one side given the 32-byte
// ECDH secret (ellswift.XDHBIP324's output): initiating says whether that
// side opened the connection. It panics, saying so, if secret is nil.
func NewCipherFromSecret(secret *[32]byte, initiating bool, magic [4]byte) *Cipher {
	if secret == nil {
		panic("bip324: NewCipherFromSecret: nil secret")
	}
	k := DeriveKeys(secret, magic)
	c := new(Cipher)
	sendL, sendP, recvL, recvP := &k.InitiatorL, &k.InitiatorP, &k.ResponderL, &k.ResponderP
	copy(c.sendGarbage[:], k.GarbageTerminators[:16])
	copy(c.recvGarbage[:], k.GarbageTerminators[16:])
	if !initiating {
		sendL, sendP, recvL, recvP = recvL, recvP, sendL, sendP
		c.sendGarbage, c.recvGarbage = c.recvGarbage, c.sendGarbage
	}
	c.sendL.init(sendL)
	c.recvL.init(recvL)
	c.sendP.init(sendP[:])
	c.recvP.init(recvP[:])
	c.sessionID = k.SessionID
	clear(k.InitiatorL[:])
	clear(k.InitiatorP[:])
	clear(k.ResponderL[:])
	clear(k.ResponderP[:])
	return c
}

// ready reports whether c was made by NewCipher or NewCipherFromSecret.
func (c *Cipher) ready() bool { return c != nil && c.sendP.a != nil }

// mustBeReady panics, naming method, on a nil or zero-value Cipher: the
// methods without an error result cannot report it otherwise, and a zero
// session id or terminator must not pass for a real one.
func (c *Cipher) mustBeReady(method string) {
	if !c.ready() {
		panic("bip324: " + method + " on a nil or zero-value Cipher (make one with NewCipher or NewCipherFromSecret)")
	}
}

// SessionID returns the session id, which both sides share and can compare
// out of band to detect a man in the middle. It panics on a nil or
// zero-value Cipher.
func (c *Cipher) SessionID() [32]byte {
	c.mustBeReady("SessionID")
	return c.sessionID
}

// SendGarbageTerminator returns the 16 bytes to send after our garbage. It
// panics on a nil or zero-value Cipher.
func (c *Cipher) SendGarbageTerminator() [16]byte {
	c.mustBeReady("SendGarbageTerminator")
	return c.sendGarbage
}

// RecvGarbageTerminator returns the 16 bytes that end the peer's garbage.
// It panics on a nil or zero-value Cipher.
func (c *Cipher) RecvGarbageTerminator() [16]byte {
	c.mustBeReady("RecvGarbageTerminator")
	return c.recvGarbage
}

// Encrypt appends the packet for contents to dst and returns the extended
// slice: the encrypted length, then the AEAD encryption of the header byte
// (IgnoreBit set if ignore, for a decoy packet) and contents, authenticated
// with aad (the peer's garbage for the first packet, else empty). dst and
// contents must not overlap. With enough capacity in dst it does not
// allocate (except, every 224 packets, for the new keys). It returns
// ErrZeroCipher on a nil or zero-value Cipher.
func (c *Cipher) Encrypt(dst, contents, aad []byte, ignore bool) ([]byte, error) {
	if !c.ready() {
		return dst, ErrZeroCipher
	}
	n := len(contents)
	if n > MaxContents {
		return dst, ErrTooLong
	}
	total := len(dst) + Overhead + n
	var out []byte
	if cap(dst) >= total {
		out = dst[:total]
	} else {
		out = make([]byte, total, total+total/4)
		copy(out, dst)
	}
	pkt := out[len(dst):]
	pkt[0], pkt[1], pkt[2] = byte(n), byte(n>>8), byte(n>>16)
	c.sendL.crypt(pkt[:LengthSize], pkt[:LengthSize])
	body := pkt[LengthSize : LengthSize+HeaderSize+n]
	body[0] = 0
	if ignore {
		body[0] = IgnoreBit
	}
	copy(body[1:], contents)
	c.sendP.a.Seal(body[:0], c.sendP.nonce(), body, aad)
	c.sendP.next()
	return out, nil
}

// DecryptLength decrypts the first LengthSize bytes of a packet and
// returns the length of its contents: the caller then reads
// DecryptLength + HeaderSize + TagSize more bytes for Decrypt. Every call
// consumes length keystream, so call it exactly once per packet. It panics,
// saying so, on a nil or zero-value Cipher or a nil enc.
func (c *Cipher) DecryptLength(enc *[LengthSize]byte) int {
	c.mustBeReady("DecryptLength")
	if enc == nil {
		panic("bip324: DecryptLength: nil length field")
	}
	var b [LengthSize]byte
	c.recvL.crypt(b[:], enc[:])
	return int(b[0]) | int(b[1])<<8 | int(b[2])<<16
}

// Decrypt authenticates and decrypts the rest of a packet (the header
// byte, the contents and the tag: everything after the length field),
// appends the contents to dst and returns the extended slice and whether
// the packet is a decoy to ignore. aad is the garbage the peer sent for the
// first packet, else empty. It returns ErrAuth if the packet was tampered
// with (then dst is returned unchanged; the connection should be dropped:
// the receiving state has moved on), ErrLength if ciphertext is too short
// to be a packet, ErrZeroCipher on a nil or zero-value Cipher. It does not allocate (except every 224 packets for the
// new key) when dst has spare capacity for the contents plus one byte: the
// header byte is decrypted in place too, then the contents moved over it.
func (c *Cipher) Decrypt(dst, ciphertext, aad []byte) ([]byte, bool, error) {
	if !c.ready() {
		return dst, false, ErrZeroCipher
	}
	if len(ciphertext) < HeaderSize+TagSize {
		return dst, false, ErrLength
	}
	out, err := c.recvP.a.Open(dst, c.recvP.nonce(), ciphertext, aad)
	c.recvP.next()
	if err != nil {
		return dst, false, ErrAuth
	}
	n := len(dst)
	ignore := out[n]&IgnoreBit != 0
	copy(out[n:], out[n+1:])
	out[len(out)-1] = 0
	return out[:len(out)-1], ignore, nil
}

// Format, String and GoString print a placeholder: a Cipher holds secret
// keys.
func (*Cipher) Format(f fmt.State, _ rune) { redact.Format(f, "bip324.Cipher") }
func (*Cipher) String() string             { return redact.Placeholder("bip324.Cipher") }
func (*Cipher) GoString() string           { return redact.Placeholder("bip324.Cipher") }

// Format prints bip324.Keys(REDACTED) for every fmt verb and flag, alone
// or inside a struct, slice or map. It does not read the keys (constant
// time); nor do String, GoString, LogValue and the marshalers.
func (Keys) Format(f fmt.State, _ rune) { redact.Format(f, "bip324.Keys") }

// String returns "bip324.Keys(REDACTED)", never the keys.
func (Keys) String() string { return redact.Placeholder("bip324.Keys") }

// GoString returns "bip324.Keys(REDACTED)", never the keys.
func (Keys) GoString() string { return redact.Placeholder("bip324.Keys") }

// LogValue makes log/slog print "bip324.Keys(REDACTED)".
func (Keys) LogValue() slog.Value { return slog.StringValue(redact.Placeholder("bip324.Keys")) }

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable.
func (Keys) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (Keys) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (Keys) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
