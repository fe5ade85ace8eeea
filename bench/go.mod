module github.com/p256k1/p256k1/bench

go 1.24.0

replace github.com/p256k1/p256k1 => ../

require (
	github.com/btcsuite/btcd/btcec/v2 v2.3.5
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/ebitengine/purego v0.10.2
	github.com/ethereum/go-ethereum v1.17.5
	github.com/p256k1/p256k1 v0.0.0
	golang.org/x/image v0.36.0
)

require (
	github.com/btcsuite/btcd/chaincfg/chainhash v1.0.1 // indirect
	github.com/decred/dcrd/crypto/blake256 v1.1.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
)
