// Package gpu runs batches of secp256k1 operations on an OpenCL device —
// any GPU with an OpenCL driver (NVIDIA, AMD, Intel, Apple) or, through
// PoCL, any CPU — loaded at run time without cgo: the OpenCL ICD loader
// (libOpenCL.so.1, OpenCL.framework, OpenCL.dll; P256K1_OPENCL names
// another) is opened through purego, and the kernels, embedded OpenCL C,
// are compiled for the device by its driver: one program per kernel, each
// built on the first call that needs it (Open builds the field self-test's,
// on which the device's build options are decided), so that a caller pays
// only for the kinds it uses; program binaries are cached on disk by
// device, build options and source hash. On NVIDIA the programs come from
// PTX made ahead of time by clang (embedded, gzipped) instead of the
// source: the driver compiles it in 1-2 s per kernel where the source took
// 5-20 s (a first call in about 3 s instead of about 20 on an H200), and
// its kernels ran 11-34 % faster there; a driver that refuses it, or a
// self-test from it that fails, falls back to the source.
//
// An Engine verifies BIP-340 signatures (VerifySchnorr) and ECDSA
// signatures (VerifyECDSA), one result per item, bit for bit what
// schnorr.Verify and ecdsa.Verify return; computes the public points of
// many public scalars (PublicKeys); and computes BIP-352 silent-payment
// tweak data, input_hash·A, for many transactions (TweakData, equal to
// silentpayments.TweakDataBatch, errors included). It also signs batches
// (SignECDSA, SignECDSARecoverable, SignSchnorr), byte for byte what
// ecdsa.Sign, ecdsa.SignRecoverable and schnorr.SignKeypair return, with
// R = k·G computed on the device in constant time (see "Secrets").
//
// # What runs where
//
// The host does what needs no curve arithmetic: range checks, parsing,
// ECDSA's 1/s (batched, one inversion per 64 signatures), BIP-352's input
// sum A and smallest outpoint. The device computes the scalars from them:
// ECDSA's u1 = z/s and u2 = r/s, BIP-340's challenge hash for 32-byte
// messages (the usual case; the host's for other lengths), BIP-352's input
// hash, and the GLV split of the variable point's scalar (k = k1 + k2·λ,
// |k1|, |k2| < 2^128): SHA-256 from the tags' midstates and the scalar
// arithmetic on 32-bit limbs, checked against the host's by
// TestKernelScalarsC.
// BIP-340 keys go to the device with their y (an XOnlyPublicKey holds the
// whole point, checked on the curve when parsed), so the device takes no
// square root. For callers who hold keys and signatures as bytes,
// VerifySchnorrBytes (32-byte x-only keys, 32-byte messages) and
// VerifyECDSABytes (33-byte compressed keys, compact signatures) take flat
// byte slices and let the device lift or decompress each key (a square
// root, about a tenth of a verification's work) where parsing them for
// VerifySchnorr or VerifyECDSA costs the host a square root each, some
// 4 µs, which on a 16-core host allows only about 4 M keys/s; the host
// then only range-checks and copies (21 ns per BIP-340 item, against 4.1
// µs parsed; ECDSA 161 ns against 4.0 µs, its 1/s included; AMD EPYC Zen
// 3, BenchmarkHost). The device multiplies:
// G from a fixed-base table of 16-bit windows (16 windows of 65,535 points,
// 64 MiB, built once per process and uploaded once per Engine; 16 mixed
// additions, no doublings), the other point by joint signed 5-bit fixed
// windows of ±P and ±λP over 130 bits (130 doublings, up to 52 mixed
// additions: the tables share one Z, and the λ table is β·x of the other;
// fixed windows, not wNAF, so the work-items of a warp add at the same
// steps); field elements
// are four 64-bit limbs kept below 2^256 and reduced mod p only where
// compared or stored; kernels that end in an inversion take several items
// per work-item and invert them together (Montgomery's trick).
//
// Large batches are pipelined: they are cut into chunks of 65536 items;
// the host prepares chunk k+1 and decodes chunk k−1 on GOMAXPROCS
// goroutines while the device runs chunk k (two sets of device buffers and
// of pinned host staging buffers, reused across calls; uploads and
// downloads on two copy queues beside the compute queue, ordered by
// events, so transfers overlap kernels; the host waits on events only,
// and decodes a chunk in four pieces, each as soon as its download lands). The host's own inversions (ECDSA's 1/s, the affine input
// sums of BIP-352) are batched 64 at a time. Prepared batches
// (PrepareSchnorr, …, Engine.RunPrepared) time the device's part alone,
// and Prepared.KernelTime the kernel's own device time (queue profiling);
// bench/cmd/gpubench reports all three, beside the CPU, with a
// differential check of every item.
//
// Every point the device returns (PublicKeys, PublicKeysBytes, TweakData)
// is checked on the host before it is returned: coordinates below p and
// y² = x³ + 7, two squarings and a multiplication in the 4×64 field, then
// built into the result without parsing an encoding (which cost several
// times that). An item that fails is computed on the CPU and the call
// returns ErrDeviceFault beside complete, correct results (see
// "Failures"). The check catches faults (a flipped bit, a garbled
// transfer); it cannot catch a device that computes another point of the
// curve, a valid key of another scalar that nobody holds: run gpubench's
// differential check on a device before trusting it. PublicKeysBytes takes
// the scalars and returns the keys as flat byte slices (33- or 65-byte
// keys), for callers who store bytes. Engine.LastBatchTimes splits a
// batch's wall time between the host's preparing, decoding, waiting for
// the device and enqueuing; Engine.RunPipelined runs a prepared batch
// through the pipeline with only copies on the host (the device's rate
// with its transfers); gpubench prints both per kind.
//
// # Secrets
//
// The verification, PublicKeys and TweakData kernels run in variable time
// and must only ever see public data: PublicKeys is for public scalars
// only (vanity search, tests, public derivations); never pass it a private
// key. TweakData takes only transactions' public input keys and outpoints.
// Key generation, ECDH and silent-payment scanning with b_scan stay on the
// CPU.
//
// The signing batches are the one exception, on purpose. What runs where:
// the host derives each nonce k (RFC 6979's HMAC-SHA256 for ECDSA, BIP-340's
// tagged hashes for Schnorr) with the primitives and constant-time scalar
// arithmetic of packages ecdsa and schnorr, in their steps, sends k to the
// device, and
// finishes the signature from the R = k·G the device returns (ECDSA's
// s = k⁻¹(z + r·d), low-S and recovery id; BIP-340's challenge and
// s = k + e·d; the inversions of k are batched). The hashing stays on the
// host: about 3 µs of HMAC-SHA256 per ECDSA signature and under 1 µs of
// tagged hashes per BIP-340 one, against 20 µs or more for a whole
// signature on the CPU (BenchmarkSignHost), and keeping it there keeps
// one implementation of RFC 6979 and BIP-340's nonce and puts no SHA-256
// in the kernels. The device's part, kernel sign_kg, is constant time in k:
// 4-bit fixed windows whose entries are picked by masks over the whole
// window (every entry read), complete projective additions (no
// exceptional case to branch on), branch-free field arithmetic, one
// inversion; no branch and no memory address depends on k. A GPU offers
// no constant-time guarantee of its own, and the nonces are as secret as
// the keys (a nonce and its signature give the key): they cross the bus
// and sit in device memory while the batch runs. Before a signing batch
// returns, the host staging buffers that held nonces (or keys) are
// overwritten with zeros and copied over the device buffers that held them (RunPrepared
// overwrites its input buffer too), and the kernel overwrites its private
// copy; what the driver keeps elsewhere is beyond the package's reach.
// Sign on a device only where the device, its driver and whoever shares
// them are as trusted as the CPU. The ECDSA batches' secret keys go to
// the device too, through the same constant-time kernel, which computes
// their public keys for the fault check below (a nonce on the device
// already gives its key away with the signature, so this adds no new kind
// of exposure; deriving them on the host would cost about as much as the
// CPU's whole signature); BIP-340 keypairs carry their public keys, and
// their secrets stay on the host.
//
// The fault check, always on: a signature finished from a wrong R that is
// still a curve point (a device fault, a flipped bit in GPU memory without
// ECC, a driver's bug) would, with a deterministic nonce, give the key
// away beside a correct signature of the same message (two equations
// s = k⁻¹(z + r·d) with one k). So every signature the device took part
// in is verified on the device before it is returned, by kernel
// schnorr_verify, whose algorithm shares nothing with sign_kg's but the
// field arithmetic: BIP-340 signatures against the keypair's x-only key,
// ECDSA ones as public-key recovery checked against the key (the point the
// recovery id names must be s⁻¹(z·G + r·Q): r, s and the recovery id at
// once). The check sees public data only (signatures, public keys, hashes)
// and runs in variable time. An item whose R is not on the curve or whose
// signature fails is signed on the CPU; the call then returns complete,
// correct results with an error wrapping ErrDeviceFault, Engine.SignFaults
// counts the items, and the Engine refuses to sign from then on
// (ErrSigningDisabled). A nonce that gives r = 0 or s = 0 (probability
// about 2^−256) also makes its item be signed on the CPU: the bytes are
// the CPU's in every case. The check costs device time, three passes of
// kernels over an ECDSA batch (keys, nonces, check) where the signing
// alone needs one, two over a BIP-340 batch, and a little host time (a batched inversion of s, or the
// challenge hash again); gpu/devicecheck.sh reports the signing rate end
// to end, check included, beside sign_kg's kernel-only rate.
//
// # Failures
//
// Every failure is an error, never a wrong answer: ErrNoOpenCL (no loader,
// or a platform that cannot load libraries without cgo), ErrNoDevice,
// ErrBuild (with the compiler's log), ErrOutOfMemory, ErrClosed (also for
// a nil or zero-value Engine), ErrShortOutput (an output slice shorter than
// the batch: no method panics on its arguments), ErrSigningDisabled, and
// the OpenCL call and status otherwise; a batch whose call fails reports
// no results. The one exception is ErrDeviceFault, which a signing batch
// (see "Secrets") and PublicKeys, PublicKeysBytes and TweakData (a device
// point off the curve) return beside complete, correct results.
// The flat-bytes methods' length errors (PublicKeysBytes,
// VerifySchnorrBytes, VerifyECDSABytes) wrap ErrBadLength.
// ErrOutOfMemory comes before any allocation is asked for when a buffer
// exceeds the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE or the global memory
// the Engine has left (NVIDIA's driver accepts any size and fails only at
// first use), and from the memory and resource statuses of any later call
// (enqueue, clFinish). The package never falls back on its own; callers that want an
// answer in any case use VerifySchnorrOrCPU, VerifyECDSAOrCPU,
// PublicKeysOrCPU, SignECDSAOrCPU, SignECDSARecoverableOrCPU or
// SignSchnorrOrCPU, which run on the Engine (which may be nil, when Open
// failed) and otherwise on the CPU, and return the device's error beside
// complete, correct results (ErrDeviceFault as it came: the batch's
// results stand).
package gpu
