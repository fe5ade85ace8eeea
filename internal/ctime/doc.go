// Package ctime holds the hooks of the constant-time check: Classify marks
// memory as secret and Declassify marks it public again, for valgrind's
// memcheck, which then reports every conditional branch and every memory
// address that depends on a secret (libsecp256k1's ctime tests work the same
// way; see docs/ARCHITECTURE.md, "Constant-time check").
//
// In normal builds both are empty functions that the compiler inlines away:
// library code calls Declassify at the few places where a value derived from
// a secret becomes public by design (a signature, a public key, the outcome
// of an event of negligible probability), at no cost.
//
// Under the build tag ctgrind (amd64 only; other architectures fail to
// build with that tag) they are valgrind client requests
// (VALGRIND_MAKE_MEM_UNDEFINED and VALGRIND_MAKE_MEM_DEFINED), issued by a
// tiny assembly function. Outside valgrind a client request does nothing,
// so a ctgrind binary also runs normally; RunningOnValgrind tells the two
// apart. The check program is ./ctimecheck, run by .ci/ctime.sh.
//
// Every function here is constant time and does not allocate.
package ctime
