module github.com/p256k1/p256k1/interop

go 1.25.0

require (
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/p256k1/p256k1 v0.0.0
)

require golang.org/x/sys v0.41.0 // indirect

require (
	github.com/btcsuite/btcd/btcec/v2 v2.3.5
	github.com/btcsuite/btcd/chaincfg/chainhash v1.0.1 // indirect
	github.com/decred/dcrd/crypto/blake256 v1.1.0 // indirect
)

replace github.com/p256k1/p256k1 => ../
