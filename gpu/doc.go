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
// schnorr.Verify and ecdsa.Verify return; computes the public points of
// many public scalars (PublicKeys); and computes BIP-352 silent-payment
// tweak data, input_hash·A, for many transactions (TweakData, equal to
// silentpayments.TweakDataBatch, errors included).
//
// # What runs where
//
// The host does what needs no curve arithmetic: range checks, parsing,
// BIP-340's challenge hash, ECDSA's u1 = z/s and u2 = r/s, BIP-352's input
// sum A and input hash, and the GLV split of the variable point's scalar
// (k = k1 + k2·λ, |k1|, |k2| < 2^128). The device lifts x-only keys and
// multiplies: G from a 32-window fixed-base table (8-bit windows, 510 KiB,
// 32 mixed additions, no doublings; uploaded once), the other point by joint 4-bit
// windows of ±P and ±λP over 128 bits (128 doublings), and inverts and
// takes square roots by libsecp256k1's addition chains.
//
// Large batches are pipelined: they are cut into chunks of 65536 items;
// the host prepares chunk k+1 on GOMAXPROCS goroutines while the device
// runs chunk k (two device buffer sets, non-blocking writes, launches and
// reads on the in-order queue, one clFinish per batch). Prepared batches
// (PrepareSchnorr, …, Engine.RunPrepared) time the device's part alone;
// bench/cmd/gpubench reports both, beside the CPU, with a differential
// check of every item.
//
// # Secrets
//
// Nothing secret ever goes to the device. The kernels run in variable time,
// a GPU offers no constant-time guarantee (and shares its memory and caches
// with other processes), and the device driver sees every buffer: signing,
// key generation, ECDH, silent-payment scanning with b_scan and anything
// else with a secret key stay on the CPU, whose engines are constant time
// and blinded. PublicKeys is for public scalars only (vanity search, tests,
// public derivations); never pass it a private key. TweakData takes only
// transactions' public input keys and outpoints.
//
// # Failures
//
// Every failure is an error, never a wrong answer: ErrNoOpenCL (no loader,
// or a platform that cannot load libraries without cgo), ErrNoDevice,
// ErrBuild (with the compiler's log), ErrOutOfMemory, ErrClosed (also for
// a nil or zero-value Engine), ErrShortOutput (an output slice shorter than
// the batch: no method panics on its arguments), and the OpenCL call and
// status otherwise; a batch whose call fails reports no results. The package never falls back on its own; callers that want an
// answer in any case use VerifySchnorrOrCPU, VerifyECDSAOrCPU or
// PublicKeysOrCPU, which run on the Engine (which may be nil, when Open
// failed) and otherwise on the CPU, and return the device's error beside
// complete, correct results.
package gpu
