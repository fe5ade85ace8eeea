// Package difffuzz holds differential fuzz targets that give the same input
// bytes to p256k1 and to libsecp256k1 v0.8.0 (linked through cgo) and fail on
// any difference in acceptance or output: public-key and x-only parsing and
// serialization, strict DER, lax DER and compact signature parsing and
// low-S normalization, ECDSA signing (with and without extra entropy),
// verification and recovery, BIP-340 signing and verification on messages of
// any length, secret- and public-key tweaks, negation and combination, and
// ECDH (hashed, raw x, and x ‖ y).
//
// Everything is behind the build tag libsecp080 (and cgo), because it needs
// the C library built first:
//
//	bench/difffuzz/build.sh                       # fetch secp256k1-sys 0.14.1 with cargo, build libsecp/libsecp256k1.a
//	cd bench && go test -tags libsecp080 ./difffuzz   # the committed seed corpora (testdata/fuzz)
//	go test -tags libsecp080 -run XXX -fuzz '^FuzzECDSAVerify$' -fuzztime 10m -parallel 1 ./difffuzz
//
// .ci/difffuzz.sh does the first two. Without the tag this package is just
// this file, so `go test ./...` in bench passes without the library.
//
// Where p256k1 deliberately differs from libsecp256k1 (documented in its API),
// the comparison encodes the difference, with a comment: the strict DER and
// compact parsers of package ecdsa reject a zero r or s (and, for DER, values
// ≥ n or negative, which libsecp256k1 parses as zero), where libsecp256k1
// accepts them and fails verification later.
package difffuzz
