package bip324

import (
	"bytes"
	"testing"
)

var fuzzSecret = [32]byte{1, 2, 3}

// FuzzDecrypt feeds arbitrary bytes to DecryptLength and Decrypt: they must
// not panic, and Decrypt must reject anything but the genuine packet; a
// genuine packet with the fuzzer's contents must decrypt.
func FuzzDecrypt(f *testing.F) {
	f.Add([]byte("abc"), []byte{0, 0, 0, 0, 1, 2}, []byte(nil), uint8(0))
	f.Fuzz(func(t *testing.T, contents, junk, aad []byte, skip uint8) {
		send := NewCipherFromSecret(&fuzzSecret, true, MainnetMagic)
		recv := NewCipherFromSecret(&fuzzSecret, false, MainnetMagic)
		for i := 0; i < int(skip); i++ {
			send.Encrypt(nil, nil, nil, false)
			recv.DecryptLength(&[3]byte{})
			recv.recvP.next()
		}
		// Junk first, on a copy of the receiving state.
		junkRecv := NewCipherFromSecret(&fuzzSecret, false, MainnetMagic)
		if len(junk) >= 3 {
			junkRecv.DecryptLength((*[3]byte)(junk[:3]))
			if _, _, err := junkRecv.Decrypt(nil, junk[3:], aad); err == nil {
				t.Fatal("junk accepted")
			}
		}
		ct, err := send.Encrypt(nil, contents, aad, len(contents)%2 == 1)
		if err != nil {
			t.Fatal(err)
		}
		if n := recv.DecryptLength((*[3]byte)(ct[:3])); n != len(contents) {
			t.Fatal("length")
		}
		pt, ign, err := recv.Decrypt(nil, ct[3:], aad)
		if err != nil || !bytes.Equal(pt, contents) || ign != (len(contents)%2 == 1) {
			t.Fatal("round trip")
		}
	})
}
