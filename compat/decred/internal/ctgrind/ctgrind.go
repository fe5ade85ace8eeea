// Package ctgrind marks memory secret (undefined) or public (defined) for
// valgrind's memcheck, for this module's constant-time check
// (internal/ctimecheck, run by .ci/ctime.sh with CTIME_DIR=compat/decred).
// It is p256k1's internal/ctime in small: this module is compiled under
// decred's import path, so it cannot import p256k1's internal packages.
//
// Under the build tag ctgrind (amd64) the functions are valgrind client
// requests; otherwise they do nothing.
package ctgrind
