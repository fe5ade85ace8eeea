module github.com/p256k1/p256k1

go 1.24.0

require (
	filippo.io/edwards25519 v1.0.0
	github.com/ebitengine/purego v0.10.0
	golang.org/x/sys v0.1.0
)

require golang.org/x/crypto v0.1.0
