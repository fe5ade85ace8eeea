module github.com/p256k1/p256k1

go 1.25

require golang.org/x/sys v0.41.0
