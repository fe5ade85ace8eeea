module github.com/p256k1/p256k1

go 1.25
