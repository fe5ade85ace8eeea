module github.com/p256k1/p256k1/interop

go 1.25

require (
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/p256k1/p256k1 v0.0.0
)

replace github.com/p256k1/p256k1 => ../
