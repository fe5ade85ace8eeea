package bip324

import "testing"

func benchPacket(b *testing.B, size int) {
	s := [32]byte{9}
	send := NewCipherFromSecret(&s, true, MainnetMagic)
	recv := NewCipherFromSecret(&s, false, MainnetMagic)
	msg := make([]byte, size)
	buf := make([]byte, 0, size+Overhead)
	pt := make([]byte, 0, size+HeaderSize)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		ct, _ := send.Encrypt(buf[:0], msg, nil, false)
		recv.DecryptLength((*[3]byte)(ct))
		if _, _, err := recv.Decrypt(pt[:0], ct[3:], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPacket64(b *testing.B)   { benchPacket(b, 64) }
func BenchmarkPacket4096(b *testing.B) { benchPacket(b, 4096) }

func BenchmarkNewCipherFromSecret(b *testing.B) {
	s := [32]byte{9}
	b.ReportAllocs()
	for b.Loop() {
		NewCipherFromSecret(&s, true, MainnetMagic)
	}
}
