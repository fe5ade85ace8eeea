package ellswift

import "testing"

func BenchmarkEncode(b *testing.B) {
	k := key(b, 7)
	pub := k.PublicKey()
	var rnd [32]byte
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		rnd[0] = byte(i)
		rnd[1] = byte(i >> 8)
		Encode(&pub, &rnd)
	}
}

func BenchmarkDecode(b *testing.B) {
	k := key(b, 7)
	enc, _ := Create(&k, nil)
	b.ReportAllocs()
	for b.Loop() {
		DecodeX(&enc)
	}
}

func BenchmarkCreate(b *testing.B) {
	k := key(b, 7)
	var aux [32]byte
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		aux[0] = byte(i)
		aux[1] = byte(i >> 8)
		Create(&k, &aux)
	}
}

func BenchmarkXDH(b *testing.B) {
	k, k2 := key(b, 7), key(b, 8)
	ea, _ := Create(&k, nil)
	eb, _ := Create(&k2, nil)
	b.ReportAllocs()
	for b.Loop() {
		XDHBIP324(&k, &ea, &eb, true)
	}
}
