module github.com/erigontech/secp256k1

go 1.24.0

require github.com/p256k1/p256k1 v0.0.0

require golang.org/x/sys v0.1.0 // indirect

replace github.com/p256k1/p256k1 => ../..
