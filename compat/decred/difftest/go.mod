module github.com/p256k1/p256k1/compat/decred/difftest

go 1.24.0

require github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1

require github.com/decred/dcrd/crypto/blake256 v1.1.0 // indirect
