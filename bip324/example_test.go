package bip324_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip324"
	"github.com/p256k1/p256k1/ellswift"
)

// An initiator and a responder exchange ElligatorSwift encodings, set up
// their ciphers and send a packet.
func Example() {
	ki, _ := p256k1.GeneratePrivateKey()
	kr, _ := p256k1.GeneratePrivateKey()
	ei, _ := ellswift.Create(&ki, nil) // sent by the initiator
	er, _ := ellswift.Create(&kr, nil) // sent by the responder

	ini, _ := bip324.NewCipher(&ki, &ei, &er, true, bip324.MainnetMagic)
	res, _ := bip324.NewCipher(&kr, &er, &ei, false, bip324.MainnetMagic)
	fmt.Println(ini.SessionID() == res.SessionID())

	pkt, _ := ini.Encrypt(nil, []byte("version"), nil, false)
	n := res.DecryptLength((*[bip324.LengthSize]byte)(pkt))
	body := pkt[bip324.LengthSize : bip324.LengthSize+n+bip324.HeaderSize+bip324.TagSize]
	msg, ignore, err := res.Decrypt(nil, body, nil)
	fmt.Println(string(msg), ignore, err)
	// Output:
	// true
	// version false <nil>
}
