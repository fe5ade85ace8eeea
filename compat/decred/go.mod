module github.com/decred/dcrd/dcrec/secp256k1/v4

go 1.24.0

require (
	github.com/decred/dcrd/crypto/blake256 v1.0.0
	github.com/p256k1/p256k1 v0.0.0
)

require golang.org/x/sys v0.1.0 // indirect

replace github.com/p256k1/p256k1 => ../..
