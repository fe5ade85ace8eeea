package p256k1_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
)

// Checking a linear relation between public keys: 3·A + 5·B − (3a + 5b)·G
// is the point at infinity exactly when A = a·G and B = b·G.
func ExampleMultiScalarMulVar() {
	a, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 7))
	b, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 11))
	points := []p256k1.PublicKey{a.PublicKey(), b.PublicKey()}
	scalars := [][32]byte{{31: 3}, {31: 5}}
	// n − (3·7 + 5·11) = n − 76.
	var g [32]byte
	copy(g[:], []byte{
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x40, 0xf5,
	})
	_, err := p256k1.MultiScalarMulVar(points, scalars, &g)
	fmt.Println(err == p256k1.ErrPointAtInfinity)

	// Without the G term: 3·A + 5·B = 76·G.
	sum, _ := p256k1.MultiScalarMulVar(points, scalars, nil)
	k76, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 76))
	want := k76.PublicKey()
	fmt.Println(sum.Equal(&want))
	// Output:
	// true
	// true
}
