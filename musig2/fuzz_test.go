package musig2

import (
	"bytes"
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
)

// The parsers never panic, accept only what they can re-encode
// byte-identically, and agree with each other (a valid public nonce is a
// valid aggregate nonce).
func FuzzParsePubNonce(f *testing.F) {
	f.Add(bytes.Repeat([]byte{2}, 66))
	f.Add(mustHexF("0337C87821AFD50A8644D820A8F3E02E499C931865C2360FB43D0A0D20DAFE07EA0287BF891D2A6DEAEBADC909352AA9405D1428C15F4B75F04DAE642A95C2548480"))
	f.Add(make([]byte, 66))
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := ParsePubNonce(b)
		if err != nil {
			return
		}
		if e := n.Bytes(); !bytes.Equal(e[:], b) {
			t.Fatalf("re-encoding differs: %x", e)
		}
		a, err := ParseAggNonce(b)
		if err != nil || a.Bytes() != n.Bytes() {
			t.Fatal("a valid public nonce is not the same aggregate nonce")
		}
	})
}

func FuzzParseAggNonce(f *testing.F) {
	f.Add(make([]byte, 66))
	f.Add(mustHexF("028465FCF0BBDBCF443AABCCE533D42B4B5A10966AC09A49655E8C42DAAB8FCD61037496A3CC86926D452CAFCFD55D25972CA1675D549310DE296BFF42F72EEEA8C9"))
	f.Add(mustHexF("028465FCF0BBDBCF443AABCCE533D42B4B5A10966AC09A49655E8C42DAAB8FCD6102FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30"))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := ParseAggNonce(b)
		if err != nil {
			return
		}
		if e := a.Bytes(); !bytes.Equal(e[:], b) {
			t.Fatalf("re-encoding differs: %x", e)
		}
	})
}

func FuzzParsePartialSig(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(mustHexF("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParsePartialSig(b)
		if err != nil {
			return
		}
		if e := p.Bytes(); !bytes.Equal(e[:], b) {
			t.Fatalf("re-encoding differs: %x", e)
		}
	})
}

// FuzzPartialSigVerify mutates a valid partial signature, the public
// nonce and the message: verification never panics and never accepts a
// partial signature other than the valid one for the original inputs.
func FuzzPartialSigVerify(f *testing.F) {
	sks, pks := genKeys(f, 2)
	ctx, err := KeyAgg(pks)
	if err != nil {
		f.Fatal(err)
	}
	msg := []byte("fuzz")
	sns, pns, s := session(f, &ctx, pks, msg, nil)
	psig, err := Sign(sns[0], &sks[0], &s)
	if err != nil {
		f.Fatal(err)
	}
	valid := psig.Bytes()
	nb := pns[0].Bytes()
	f.Add(valid[:], nb[:], msg, uint8(0))
	f.Add(valid[:], nb[:], msg, uint8(1))
	f.Add(make([]byte, 32), nb[:], msg, uint8(0))
	f.Fuzz(func(t *testing.T, sigB, nonceB, m []byte, who uint8) {
		p, err := ParsePartialSig(sigB)
		if err != nil {
			return
		}
		n, err := ParsePubNonce(nonceB)
		if err != nil {
			return
		}
		sess := s
		if !bytes.Equal(m, msg) {
			an, _ := NonceAgg(pns)
			if sess, err = NewSession(&ctx, &an, m); err != nil {
				t.Fatal(err)
			}
		}
		pk := pks[int(who)%len(pks)]
		ok := PartialSigVerify(&sess, &p, &n, &pk)
		same := p.Bytes() == valid && n.Bytes() == nb && bytes.Equal(m, msg) && pk.Equal(&pks[0])
		if ok != same {
			t.Fatalf("verify %v for inputs that are the valid ones: %v", ok, same)
		}
	})
}

func mustHexF(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		b[i] = unhex(s[2*i])<<4 | unhex(s[2*i+1])
	}
	return b
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// FuzzParseLists: ParsePublicKeys, ParsePubNonces and ParsePartialSigs
// never panic and agree with the single parsers over lists of any lengths:
// they succeed exactly when every element parses, return the elements the
// single parsers return, and otherwise name the first bad index with their
// contribution, wrapping the single parser's sentinel.
func FuzzParseLists(f *testing.F) {
	k := mustHexF("02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9")
	n := mustHexF("0337C87821AFD50A8644D820A8F3E02E499C931865C2360FB43D0A0D20DAFE07EA0287BF891D2A6DEAEBADC909352AA9405D1428C15F4B75F04DAE642A95C2548480")
	f.Add(append(append(append([]byte{}, k...), n...), k...), []byte{33, 66, 33})
	f.Add(append(append([]byte{}, n...), n...), []byte{66, 66, 0})
	f.Add(bytes.Repeat([]byte{0xff}, 64), []byte{32, 32})
	f.Add([]byte{}, []byte{})
	f.Fuzz(func(t *testing.T, data, lens []byte) {
		if len(lens) > 16 {
			lens = lens[:16]
		}
		var encs [][]byte
		for _, l := range lens {
			l := int(l) % 80
			if l > len(data) {
				l = len(data)
			}
			encs = append(encs, data[:l])
			data = data[l:]
		}
		checkList(t, "ParsePublicKeys", ContribPubKey, ErrInvalidPublicKey, encs,
			func() (int, error) { ks, err := ParsePublicKeys(encs); return len(ks), err },
			func(i int) error {
				if len(encs[i]) != 33 {
					return ErrInvalidPublicKey
				}
				_, err := p256k1.ParsePublicKey(encs[i])
				return err
			})
		ns, nerr := ParsePubNonces(encs)
		checkList(t, "ParsePubNonces", ContribPubNonce, ErrInvalidPubNonce, encs,
			func() (int, error) { return len(ns), nerr },
			func(i int) error {
				m, err := ParsePubNonce(encs[i])
				if err == nil && nerr == nil && m.Bytes() != ns[i].Bytes() {
					t.Fatalf("ParsePubNonces[%d] differs from ParsePubNonce", i)
				}
				return err
			})
		ps, perr := ParsePartialSigs(encs)
		checkList(t, "ParsePartialSigs", ContribPartialSig, ErrInvalidPartialSig, encs,
			func() (int, error) { return len(ps), perr },
			func(i int) error {
				p, err := ParsePartialSig(encs[i])
				if err == nil && perr == nil && p.Bytes() != ps[i].Bytes() {
					t.Fatalf("ParsePartialSigs[%d] differs from ParsePartialSig", i)
				}
				return err
			})
	})
}

// checkList checks a list parser's result (list) against its single
// parser (one, for element i) over encs.
func checkList(t *testing.T, name, contrib string, sentinel error, encs [][]byte,
	list func() (int, error), one func(i int) error) {
	t.Helper()
	got, err := list()
	bad := -1
	for i := range encs {
		if one(i) != nil {
			bad = i
			break
		}
	}
	if bad < 0 {
		if err != nil || got != len(encs) {
			t.Fatalf("%s: %v (%d of %d) though every element parses", name, err, got, len(encs))
		}
		return
	}
	var se *SignerError
	if !errors.As(err, &se) || se.Index != bad || se.Contrib != contrib || !errors.Is(err, sentinel) {
		t.Fatalf("%s: %v, want signer %d's %s wrapping %v", name, err, bad, contrib, sentinel)
	}
}
