module github.com/p256k1/p256k1/compat/difffuzz

go 1.25.0

require (
	github.com/decred/dcrd/crypto/blake256 v1.1.0
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/p256k1/p256k1 v0.0.0
)

require (
	golang.org/x/crypto v0.55.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
)

replace github.com/p256k1/p256k1 => ../..
