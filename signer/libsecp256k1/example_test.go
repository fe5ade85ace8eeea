package libsecp256k1_test

import (
	"fmt"

	"github.com/p256k1/p256k1/signer/libsecp256k1"
)

// Using the system libsecp256k1 when it is installed, and saying why not
// when it is not.
func ExampleNew() {
	s, err := libsecp256k1.New()
	if err != nil {
		fmt.Println("no libsecp256k1:", err)
		return
	}
	if err := s.Generate(); err != nil {
		panic(err)
	}
	defer s.Zero()
	sig, _ := s.Sign([]byte("hello"))
	ok, _ := s.Verify([]byte("hello"), sig)
	_ = ok
}
