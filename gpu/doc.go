// Package gpu runs batches of secp256k1 operations on an OpenCL device —
// any GPU with an OpenCL driver (NVIDIA, AMD, Intel, Apple) or, through
// PoCL, any CPU — loaded at run time without cgo: the OpenCL ICD loader
// (libOpenCL.so.1, OpenCL.framework, OpenCL.dll; P256K1_OPENCL names
// another) is opened through purego, and the kernels, embedded OpenCL C,
// are compiled for the device by its driver when an Engine is opened
// (program binaries are cached on disk by device and source hash).
//
// An Engine verifies BIP-340 signatures (VerifySchnorr) and ECDSA
// signatures (VerifyECDSA), one result per item, bit for bit what
// schnorr.Verify and ecdsa.Verify return, and computes the public points of
// many public scalars (PublicKeys).
//
// # What runs where
//
// The host does what needs no curve arithmetic: range checks, BIP-340's
// challenge hash, ECDSA's u1 = z/s and u2 = r/s, and parsing. The device
// lifts x-only keys, multiplies (a 64-window fixed-base table for G,
// uploaded once; 4-bit windows for the other point), and compares.
//
// # Secrets
//
// Nothing secret ever goes to the device. The kernels run in variable time,
// a GPU offers no constant-time guarantee (and shares its memory and caches
// with other processes), and the device driver sees every buffer: signing,
// key generation, ECDH and anything else with a secret key stay on the CPU,
// whose engines are constant time and blinded. PublicKeys is for public
// scalars only (vanity search, tests, public derivations); never pass it a
// private key.
//
// # Failures
//
// Every failure is an error, never a wrong answer: ErrNoOpenCL (no loader,
// or a platform that cannot load libraries without cgo), ErrNoDevice,
// ErrBuild (with the compiler's log), ErrOutOfMemory, ErrClosed, and the
// OpenCL call and status otherwise; a batch whose call fails reports no
// results. Callers that want a fallback verify on the CPU when Open or a
// batch fails (the command's --device opencl does).
package gpu
