//! p256k1-bench-rs: measures the operations the p256k1 Go benchmarks measure,
//! on the same deterministic inputs, through two Rust libraries:
//!
//! * `rust-secp256k1`: the `secp256k1` crate (0.33.x), whose `secp256k1-sys`
//!   0.14.x compiles libsecp256k1 v0.8.0 from its vendored C source;
//! * `k256`: RustCrypto's pure-Rust `k256` crate.
//!
//! Usage:
//!   p256k1-bench-rs check
//!   p256k1-bench-rs bench [--millis M] [--only LIB] [--extra]
//!
//! See README.md for the output formats.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

/// Number of deterministic inputs the benchmarks cycle through.
const N: usize = 64;

fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// The shared deterministic inputs (identical definition in the Go harness).
struct Inputs {
    secrets: [[u8; 32]; N],
    msgs: [[u8; 32]; N],
    auxs: [[u8; 32]; N],
    /// peers[i] = compressed public key of secrets[(i+1) % N].
    peers: [[u8; 33]; N],
}

impl Inputs {
    fn new() -> Self {
        let mut secrets = [[0u8; 32]; N];
        let mut msgs = [[0u8; 32]; N];
        let mut auxs = [[0u8; 32]; N];
        for i in 0..N {
            let b = [i as u8];
            secrets[i] = sha256(&[b"p256k1 bench secret", &b]);
            msgs[i] = sha256(&[b"p256k1 bench message", &b]);
            auxs[i] = sha256(&[b"p256k1 bench aux", &b]);
        }
        let mut peers = [[0u8; 33]; N];
        for i in 0..N {
            peers[i] = rs::pubkey(&secrets[(i + 1) % N]);
        }
        Inputs {
            secrets,
            msgs,
            auxs,
            peers,
        }
    }
}

// ---------------------------------------------------------------------------
// rust-secp256k1: the `secp256k1` crate's public (context-free) API.
//
// Note: in secp256k1 0.33 every call that uses a secret (pubkey creation,
// keypair creation, ECDSA and Schnorr signing) rerandomizes the crate's
// thread-local context afterwards (secp256k1_context_randomize), which is part
// of what a user of the crate pays. See the `libsecp256k1-ffi` extra row for
// the same C calls without that.
// ---------------------------------------------------------------------------
mod rs {
    use secp256k1::{ecdh, ecdsa, schnorr, Keypair, Message, PublicKey, SecretKey, XOnlyPublicKey};

    pub fn pubkey(sk: &[u8; 32]) -> [u8; 33] {
        let sk = SecretKey::from_secret_bytes(*sk).expect("valid secret");
        PublicKey::from_secret_key(&sk).serialize()
    }

    pub fn ecdsa_sign(sk: &[u8; 32], msg: &[u8; 32]) -> [u8; 64] {
        let sk = SecretKey::from_secret_bytes(*sk).expect("valid secret");
        ecdsa::sign(Message::from_digest(*msg), &sk).serialize_compact()
    }

    pub fn ecdsa_verify(pk: &[u8; 33], msg: &[u8; 32], sig: &[u8; 64]) -> bool {
        let Ok(pk) = PublicKey::from_byte_array_compressed(*pk) else {
            return false;
        };
        let Ok(sig) = ecdsa::Signature::from_compact(sig) else {
            return false;
        };
        ecdsa::verify(&sig, Message::from_digest(*msg), &pk).is_ok()
    }

    /// A recoverable ECDSA signature: r ‖ s ‖ recid.
    pub fn ecdsa_sign_recoverable(sk: &[u8; 32], msg: &[u8; 32]) -> [u8; 65] {
        let sk = SecretKey::from_secret_bytes(*sk).expect("valid secret");
        let (id, rs) =
            ecdsa::RecoverableSignature::sign_ecdsa_recoverable(Message::from_digest(*msg), &sk)
                .serialize_compact();
        let mut out = [0u8; 65];
        out[..64].copy_from_slice(&rs);
        out[64] = id.to_u8();
        out
    }

    /// The compressed public key that made `sig` (r ‖ s ‖ recid) on `msg`.
    pub fn ecdsa_recover(msg: &[u8; 32], sig: &[u8; 65]) -> Option<[u8; 33]> {
        let id = ecdsa::RecoveryId::try_from(i32::from(sig[64])).ok()?;
        let s = ecdsa::RecoverableSignature::from_compact(&sig[..64], id).ok()?;
        Some(s.recover(Message::from_digest(*msg)).ok()?.serialize())
    }

    pub fn keypair(sk: &[u8; 32]) -> Keypair {
        Keypair::from_secret_bytes(*sk).expect("valid secret")
    }

    pub fn schnorr_sign(sk: &[u8; 32], msg: &[u8; 32], aux: &[u8; 32]) -> [u8; 64] {
        let kp = Keypair::from_secret_bytes(*sk).expect("valid secret");
        schnorr::sign_with_aux_rand(msg, &kp, aux).to_byte_array()
    }

    pub fn schnorr_sign_keypair(kp: &Keypair, msg: &[u8; 32], aux: &[u8; 32]) -> [u8; 64] {
        schnorr::sign_with_aux_rand(msg, kp, aux).to_byte_array()
    }

    pub fn xonly(sk: &[u8; 32]) -> [u8; 32] {
        keypair(sk).x_only_public_key().0.to_byte_array()
    }

    pub fn schnorr_verify(pk: &[u8; 32], msg: &[u8; 32], sig: &[u8; 64]) -> bool {
        let Ok(pk) = XOnlyPublicKey::from_byte_array(*pk) else {
            return false;
        };
        let sig = schnorr::Signature::from_byte_array(*sig);
        schnorr::verify(&sig, msg, &pk).is_ok()
    }

    pub fn ecdh(sk: &[u8; 32], peer: &[u8; 33]) -> [u8; 32] {
        let sk = SecretKey::from_secret_bytes(*sk).expect("valid secret");
        let pk = PublicKey::from_byte_array_compressed(*peer).expect("valid peer");
        ecdh::SharedSecret::new(&pk, &sk).to_secret_bytes()
    }
}

// ---------------------------------------------------------------------------
// libsecp256k1-ffi (extra row, not printed by default): the same libsecp256k1
// v0.8.0 functions called through secp256k1-sys directly, with one context
// created and randomized once up front (as Bitcoin Core does), so there is no
// per-call context rerandomization.
// ---------------------------------------------------------------------------
mod ffi_row {
    use secp256k1::ffi::{self, types::c_void, CPtr};
    use std::ptr::{self, NonNull};

    pub struct Ctx(NonNull<ffi::Context>);

    impl Ctx {
        pub fn new() -> Self {
            unsafe {
                let ctx = ffi::secp256k1_context_create(ffi::SECP256K1_START_NONE);
                let seed = [0x5au8; 32];
                assert_eq!(ffi::secp256k1_context_randomize(ctx, seed.as_ptr()), 1);
                Ctx(ctx)
            }
        }
        fn p(&self) -> *const ffi::Context {
            self.0.as_ptr()
        }

        pub fn pubkey(&self, sk: &[u8; 32]) -> [u8; 33] {
            unsafe {
                let mut pk = ffi::PublicKey::new();
                assert_eq!(
                    ffi::secp256k1_ec_pubkey_create(self.p(), &mut pk, sk.as_ptr()),
                    1
                );
                let mut out = [0u8; 33];
                let mut len = 33usize;
                ffi::secp256k1_ec_pubkey_serialize(
                    self.p(),
                    out.as_mut_ptr(),
                    &mut len,
                    &pk,
                    ffi::SECP256K1_SER_COMPRESSED,
                );
                out
            }
        }

        pub fn ecdsa_sign(&self, sk: &[u8; 32], msg: &[u8; 32]) -> [u8; 64] {
            unsafe {
                let mut sig = ffi::Signature::new();
                assert_eq!(
                    ffi::secp256k1_ecdsa_sign(
                        self.p(),
                        &mut sig,
                        msg.as_ptr(),
                        sk.as_ptr(),
                        ffi::secp256k1_nonce_function_rfc6979,
                        ptr::null::<c_void>(),
                    ),
                    1
                );
                let mut out = [0u8; 64];
                ffi::secp256k1_ecdsa_signature_serialize_compact(self.p(), out.as_mut_ptr(), &sig);
                out
            }
        }

        pub fn ecdsa_verify(&self, pk: &[u8; 33], msg: &[u8; 32], sig: &[u8; 64]) -> bool {
            unsafe {
                let mut p = ffi::PublicKey::new();
                if ffi::secp256k1_ec_pubkey_parse(self.p(), &mut p, pk.as_ptr(), 33) != 1 {
                    return false;
                }
                let mut s = ffi::Signature::new();
                if ffi::secp256k1_ecdsa_signature_parse_compact(self.p(), &mut s, sig.as_ptr()) != 1
                {
                    return false;
                }
                ffi::secp256k1_ecdsa_verify(self.p(), &s, msg.as_ptr(), &p) == 1
            }
        }

        /// secp256k1_ecdsa_recover on r ‖ s ‖ recid, serialized compressed.
        pub fn ecdsa_recover(&self, msg: &[u8; 32], sig: &[u8; 65]) -> Option<[u8; 33]> {
            use ffi::recovery::{
                secp256k1_ecdsa_recover, secp256k1_ecdsa_recoverable_signature_parse_compact,
                RecoverableSignature,
            };
            unsafe {
                let mut s = RecoverableSignature::new();
                if secp256k1_ecdsa_recoverable_signature_parse_compact(
                    self.p(),
                    &mut s,
                    sig.as_ptr(),
                    i32::from(sig[64]),
                ) != 1
                {
                    return None;
                }
                let mut p = ffi::PublicKey::new();
                if secp256k1_ecdsa_recover(self.p(), &mut p, &s, msg.as_ptr()) != 1 {
                    return None;
                }
                let mut out = [0u8; 33];
                let mut len = 33usize;
                ffi::secp256k1_ec_pubkey_serialize(
                    self.p(),
                    out.as_mut_ptr(),
                    &mut len,
                    &p,
                    ffi::SECP256K1_SER_COMPRESSED,
                );
                Some(out)
            }
        }

        pub fn keypair(&self, sk: &[u8; 32]) -> ffi::Keypair {
            unsafe {
                let mut kp = ffi::Keypair::new();
                assert_eq!(
                    ffi::secp256k1_keypair_create(self.p(), &mut kp, sk.as_ptr()),
                    1
                );
                kp
            }
        }

        pub fn schnorr_sign_keypair(
            &self,
            kp: &ffi::Keypair,
            msg: &[u8; 32],
            aux: &[u8; 32],
        ) -> [u8; 64] {
            unsafe {
                let mut out = [0u8; 64];
                assert_eq!(
                    ffi::secp256k1_schnorrsig_sign32(
                        self.p(),
                        out.as_mut_ptr(),
                        msg.as_ptr(),
                        kp,
                        aux.as_ptr()
                    ),
                    1
                );
                out
            }
        }

        pub fn schnorr_sign(&self, sk: &[u8; 32], msg: &[u8; 32], aux: &[u8; 32]) -> [u8; 64] {
            let kp = self.keypair(sk);
            self.schnorr_sign_keypair(&kp, msg, aux)
        }

        pub fn schnorr_verify(&self, pk: &[u8; 32], msg: &[u8; 32], sig: &[u8; 64]) -> bool {
            unsafe {
                let mut p = ffi::XOnlyPublicKey::new();
                if ffi::secp256k1_xonly_pubkey_parse(self.p(), &mut p, pk.as_ptr()) != 1 {
                    return false;
                }
                ffi::secp256k1_schnorrsig_verify(self.p(), sig.as_ptr(), msg.as_c_ptr(), 32, &p)
                    == 1
            }
        }

        pub fn ecdh(&self, sk: &[u8; 32], peer: &[u8; 33]) -> [u8; 32] {
            unsafe {
                let mut p = ffi::PublicKey::new();
                assert_eq!(
                    ffi::secp256k1_ec_pubkey_parse(self.p(), &mut p, peer.as_ptr(), 33),
                    1
                );
                let mut out = [0u8; 32];
                assert_eq!(
                    ffi::secp256k1_ecdh(
                        self.p(),
                        out.as_mut_ptr(),
                        &p,
                        sk.as_ptr(),
                        ffi::secp256k1_ecdh_hash_function_default,
                        ptr::null_mut(),
                    ),
                    1
                );
                out
            }
        }
    }

    impl Drop for Ctx {
        fn drop(&mut self) {
            unsafe { ffi::secp256k1_context_destroy(self.0) }
        }
    }
}

// ---------------------------------------------------------------------------
// k256 (RustCrypto, pure Rust).
// ---------------------------------------------------------------------------
mod rc {
    use k256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
    use k256::elliptic_curve::group::GroupEncoding;
    use k256::{ecdsa, schnorr, FieldBytes, ProjectivePoint, PublicKey, Secp256k1, SecretKey};
    use sha2::{Digest, Sha256};

    fn secret(sk: &[u8; 32]) -> SecretKey {
        SecretKey::from_bytes(&FieldBytes::from(*sk)).expect("valid secret")
    }

    fn compressed(p: &k256::AffinePoint) -> [u8; 33] {
        let b = p.to_bytes();
        let mut out = [0u8; 33];
        out.copy_from_slice(&b);
        out
    }

    pub fn pubkey(sk: &[u8; 32]) -> [u8; 33] {
        compressed(secret(sk).public_key().as_affine())
    }

    /// RFC 6979 ECDSA, low-S (k256 normalizes s since NORMALIZE_S = true for
    /// secp256k1; normalize_s() again is a no-op kept for clarity). This is
    /// exactly what `SigningKey::sign_prehash` computes, minus the public-key
    /// derivation that constructing a `SigningKey` performs.
    pub fn ecdsa_sign(sk: &[u8; 32], msg: &[u8; 32]) -> [u8; 64] {
        let d = secret(sk).to_nonzero_scalar();
        let (sig, _) = ::ecdsa::hazmat::sign_prehashed_rfc6979::<Secp256k1, Sha256>(&d, msg, &[]);
        sig.normalize_s().to_bytes().into()
    }

    /// The same via the high-level `SigningKey` (derives the verifying key on
    /// construction). Extra row `k256-signingkey`.
    pub fn ecdsa_sign_signingkey(sk: &[u8; 32], msg: &[u8; 32]) -> [u8; 64] {
        let key = ecdsa::SigningKey::from_bytes(&FieldBytes::from(*sk)).expect("valid secret");
        let sig: ecdsa::Signature = key.sign_prehash(msg).expect("sign");
        sig.normalize_s().to_bytes().into()
    }

    pub fn ecdsa_verify(pk: &[u8; 33], msg: &[u8; 32], sig: &[u8; 64]) -> bool {
        let Ok(pk) = ecdsa::VerifyingKey::from_sec1_bytes(pk) else {
            return false;
        };
        let Ok(sig) = ecdsa::Signature::from_slice(sig) else {
            return false;
        };
        pk.verify_prehash(msg, &sig).is_ok()
    }

    /// The compressed public key that made `sig` (r ‖ s ‖ recid) on the
    /// digest `msg`.
    pub fn ecdsa_recover(msg: &[u8; 32], sig: &[u8; 65]) -> Option<[u8; 33]> {
        let s = ecdsa::Signature::from_slice(&sig[..64]).ok()?;
        let id = ecdsa::RecoveryId::from_byte(sig[64])?;
        let vk = ecdsa::VerifyingKey::recover_from_prehash(msg, &s, id).ok()?;
        Some(compressed(vk.as_affine()))
    }

    pub fn keypair(sk: &[u8; 32]) -> schnorr::SigningKey {
        schnorr::SigningKey::from_bytes(&FieldBytes::from(*sk)).expect("valid secret")
    }

    pub fn schnorr_sign(sk: &[u8; 32], msg: &[u8; 32], aux: &[u8; 32]) -> [u8; 64] {
        let key = keypair(sk);
        key.sign_raw(msg, aux).expect("sign").to_bytes()
    }

    pub fn schnorr_sign_keypair(
        key: &schnorr::SigningKey,
        msg: &[u8; 32],
        aux: &[u8; 32],
    ) -> [u8; 64] {
        key.sign_raw(msg, aux).expect("sign").to_bytes()
    }

    pub fn xonly(sk: &[u8; 32]) -> [u8; 32] {
        keypair(sk).verifying_key().to_bytes().into()
    }

    pub fn schnorr_verify(pk: &[u8; 32], msg: &[u8; 32], sig: &[u8; 64]) -> bool {
        let Ok(pk) = schnorr::VerifyingKey::from_bytes(&FieldBytes::from(*pk)) else {
            return false;
        };
        let Ok(sig) = schnorr::Signature::from_slice(sig) else {
            return false;
        };
        pk.verify_prehash(msg, &sig).is_ok()
    }

    /// SHA-256 of the compressed shared point, as libsecp256k1's default
    /// ECDH hash function does.
    pub fn ecdh(sk: &[u8; 32], peer: &[u8; 33]) -> [u8; 32] {
        let d = secret(sk).to_nonzero_scalar();
        let peer = PublicKey::from_sec1_bytes(peer).expect("valid peer");
        let shared = (ProjectivePoint::from(*peer.as_affine()) * *d).to_affine();
        Sha256::digest(compressed(&shared)).into()
    }
}

// ---------------------------------------------------------------------------
// check
// ---------------------------------------------------------------------------

fn hex(b: &[u8]) -> String {
    const D: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(D[(x >> 4) as usize] as char);
        s.push(D[(x & 15) as usize] as char);
    }
    s
}

fn unhex<const L: usize>(s: &str) -> [u8; L] {
    assert_eq!(s.len(), 2 * L);
    let mut out = [0u8; L];
    for i in 0..L {
        out[i] = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

struct Outputs {
    pubkey: Vec<[u8; 33]>,
    ecdsa: Vec<[u8; 64]>,
    schnorr: Vec<[u8; 64]>,
    ecdh: Vec<[u8; 32]>,
}

fn check() -> ExitCode {
    let inp = Inputs::new();
    let ffi = ffi_row::Ctx::new();
    let mut errs: Vec<String> = Vec::new();
    let mut fail = |cond: bool, msg: String| {
        if !cond {
            errs.push(msg);
        }
    };

    type PubKeyFn<'a> = &'a dyn Fn(&[u8; 32]) -> [u8; 33];
    type EcdsaFn<'a> = &'a dyn Fn(&[u8; 32], &[u8; 32]) -> [u8; 64];
    type SchnorrFn<'a> = &'a dyn Fn(&[u8; 32], &[u8; 32], &[u8; 32]) -> [u8; 64];
    type EcdhFn<'a> = &'a dyn Fn(&[u8; 32], &[u8; 33]) -> [u8; 32];
    let run = |pk: PubKeyFn, es: EcdsaFn, ss: SchnorrFn, dh: EcdhFn| Outputs {
        pubkey: (0..N).map(|i| pk(&inp.secrets[i])).collect(),
        ecdsa: (0..N).map(|i| es(&inp.secrets[i], &inp.msgs[i])).collect(),
        schnorr: (0..N)
            .map(|i| ss(&inp.secrets[i], &inp.msgs[i], &inp.auxs[i]))
            .collect(),
        ecdh: (0..N).map(|i| dh(&inp.secrets[i], &inp.peers[i])).collect(),
    };
    let a = run(&rs::pubkey, &rs::ecdsa_sign, &rs::schnorr_sign, &rs::ecdh);
    let b = run(&rc::pubkey, &rc::ecdsa_sign, &rc::schnorr_sign, &rc::ecdh);
    let c = run(
        &|s| ffi.pubkey(s),
        &|s, m| ffi.ecdsa_sign(s, m),
        &|s, m, x| ffi.schnorr_sign(s, m, x),
        &|s, p| ffi.ecdh(s, p),
    );

    // Low-S bound: n/2.
    const HALF_N: [u8; 32] = [
        0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b,
        0x20, 0xa0,
    ];

    for i in 0..N {
        let (sk, msg, aux) = (&inp.secrets[i], &inp.msgs[i], &inp.auxs[i]);
        fail(
            a.pubkey[i] == b.pubkey[i],
            format!("pubkey {i}: rust-secp256k1 != k256"),
        );
        fail(
            a.ecdsa[i] == b.ecdsa[i],
            format!("ecdsa {i}: rust-secp256k1 != k256"),
        );
        fail(
            a.schnorr[i] == b.schnorr[i],
            format!("schnorr {i}: rust-secp256k1 != k256"),
        );
        fail(
            a.ecdh[i] == b.ecdh[i],
            format!("ecdh {i}: rust-secp256k1 != k256"),
        );
        fail(
            a.pubkey[i] == c.pubkey[i]
                && a.ecdsa[i] == c.ecdsa[i]
                && a.schnorr[i] == c.schnorr[i]
                && a.ecdh[i] == c.ecdh[i],
            format!("{i}: rust-secp256k1 != libsecp256k1-ffi"),
        );
        fail(
            inp.peers[i] == a.pubkey[(i + 1) % N],
            format!("peer {i} != pubkey {}", (i + 1) % N),
        );
        fail(
            a.ecdsa[i][32..] <= HALF_N[..],
            format!("ecdsa {i}: rust-secp256k1 signature is high-S"),
        );
        fail(
            b.ecdsa[i][32..] <= HALF_N[..],
            format!("ecdsa {i}: k256 signature is high-S"),
        );
        fail(
            rc::ecdsa_sign_signingkey(sk, msg) == b.ecdsa[i],
            format!("ecdsa {i}: k256 hazmat RFC 6979 != SigningKey::sign_prehash"),
        );

        // Cross-verification: each library verifies both libraries' signatures.
        let pk = &a.pubkey[i];
        let xa = rs::xonly(sk);
        let xb = rc::xonly(sk);
        let other = &inp.msgs[(i + 1) % N];
        fail(
            xa == xb && xa[..] == pk[1..],
            format!("xonly {i}: mismatch"),
        );
        for (who, sig) in [("rust-secp256k1", &a.ecdsa[i]), ("k256", &b.ecdsa[i])] {
            fail(
                rs::ecdsa_verify(pk, msg, sig),
                format!("ecdsa {i}: rust-secp256k1 rejects {who} signature"),
            );
            fail(
                rc::ecdsa_verify(pk, msg, sig),
                format!("ecdsa {i}: k256 rejects {who} signature"),
            );
            fail(
                ffi.ecdsa_verify(pk, msg, sig),
                format!("ecdsa {i}: ffi rejects {who} signature"),
            );
            // A different message must not verify.
            fail(
                !rs::ecdsa_verify(pk, other, sig),
                format!("ecdsa {i}: rust-secp256k1 accepts {who} sig for wrong msg"),
            );
            fail(
                !rc::ecdsa_verify(pk, other, sig),
                format!("ecdsa {i}: k256 accepts {who} sig for wrong msg"),
            );
        }
        for (who, sig) in [("rust-secp256k1", &a.schnorr[i]), ("k256", &b.schnorr[i])] {
            fail(
                rs::schnorr_verify(&xa, msg, sig),
                format!("schnorr {i}: rust-secp256k1 rejects {who} signature"),
            );
            fail(
                rc::schnorr_verify(&xa, msg, sig),
                format!("schnorr {i}: k256 rejects {who} signature"),
            );
            fail(
                ffi.schnorr_verify(&xa, msg, sig),
                format!("schnorr {i}: ffi rejects {who} signature"),
            );
            fail(
                !rs::schnorr_verify(&xa, other, sig),
                format!("schnorr {i}: rust-secp256k1 accepts {who} sig for wrong msg"),
            );
            fail(
                !rc::schnorr_verify(&xa, other, sig),
                format!("schnorr {i}: k256 accepts {who} sig for wrong msg"),
            );
        }
        // Recovery: each library recovers the signer from rust-secp256k1's
        // recoverable signature, and not from one with a corrupted s.
        let rsig = rs::ecdsa_sign_recoverable(sk, msg);
        fail(
            rsig[..64] == a.ecdsa[i][..],
            format!("recover {i}: recoverable signature != compact signature"),
        );
        for (who, got) in [
            ("rust-secp256k1", rs::ecdsa_recover(msg, &rsig)),
            ("k256", rc::ecdsa_recover(msg, &rsig)),
            ("libsecp256k1-ffi", ffi.ecdsa_recover(msg, &rsig)),
        ] {
            fail(got == Some(*pk), format!("recover {i}: {who} does not recover the signer"));
        }
        let mut bad = rsig;
        bad[32 + i % 32] ^= 1 << (i % 8);
        fail(
            rs::ecdsa_recover(msg, &bad) != Some(*pk) && rc::ecdsa_recover(msg, &bad) != Some(*pk),
            format!("recover {i}: the signer recovered from a corrupted signature"),
        );
        // Keypair signing path agrees with the from-secret path.
        fail(
            rs::schnorr_sign_keypair(&rs::keypair(sk), msg, aux) == a.schnorr[i]
                && rc::schnorr_sign_keypair(&rc::keypair(sk), msg, aux) == b.schnorr[i],
            format!("schnorr {i}: keypair path differs"),
        );
        // ECDH is symmetric: ecdh(sk_i, P_{i+1}) == ecdh(sk_{i+1}, P_i).
        let j = (i + 1) % N;
        fail(
            rs::ecdh(&inp.secrets[j], &a.pubkey[i]) == a.ecdh[i],
            format!("ecdh {i}: not symmetric"),
        );
    }

    // BIP-340 test vector 0 (secret key 3, zero message and aux).
    {
        let sk = unhex::<32>("0000000000000000000000000000000000000000000000000000000000000003");
        let want_pk =
            unhex::<32>("f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9");
        let want = unhex::<64>(
            "e907831f80848d1069a5371b402410364bdf1c5f8307b0084c55f1ce2dca8215\
             25f66a4a85ea8b71e482a74f382d2ce5ebeee8fdb2172f477df4900d310536c0",
        );
        let z = [0u8; 32];
        fail(
            rs::xonly(&sk) == want_pk && rc::xonly(&sk) == want_pk,
            "BIP-340 vector 0: public key".into(),
        );
        fail(
            rs::schnorr_sign(&sk, &z, &z) == want,
            "BIP-340 vector 0: rust-secp256k1 signature".into(),
        );
        fail(
            rc::schnorr_sign(&sk, &z, &z) == want,
            "BIP-340 vector 0: k256 signature".into(),
        );
    }

    let mut out = String::new();
    for (lib, o) in [("rust-secp256k1", &a), ("k256", &b)] {
        for i in 0..N {
            out += &format!("{lib} pubkey {i} {}\n", hex(&o.pubkey[i]));
        }
        for i in 0..N {
            out += &format!("{lib} ecdsa {i} {}\n", hex(&o.ecdsa[i]));
        }
        let recover: fn(&[u8; 32], &[u8; 65]) -> Option<[u8; 33]> =
            if lib == "k256" { rc::ecdsa_recover } else { rs::ecdsa_recover };
        for i in 0..N {
            let sig = rs::ecdsa_sign_recoverable(&inp.secrets[i], &inp.msgs[i]);
            let k = recover(&inp.msgs[i], &sig).unwrap_or([0u8; 33]);
            out += &format!("{lib} recover {i} {}\n", hex(&k));
        }
        for i in 0..N {
            out += &format!("{lib} schnorr {i} {}\n", hex(&o.schnorr[i]));
        }
        for i in 0..N {
            out += &format!("{lib} ecdh {i} {}\n", hex(&o.ecdh[i]));
        }
    }
    print!("{out}");

    if errs.is_empty() {
        eprintln!("check: ok: rust-secp256k1 and k256 agree on all {N} inputs for pubkey, ecdsa, recover, schnorr, ecdh; cross-verification passed");
        ExitCode::SUCCESS
    } else {
        for e in &errs {
            eprintln!("check: FAIL: {e}");
        }
        eprintln!("check: {} failure(s)", errs.len());
        ExitCode::FAILURE
    }
}

// ---------------------------------------------------------------------------
// bench
// ---------------------------------------------------------------------------

/// Runs `f(i)` for i cycling through 0..N: a warm-up of up to 100 ms (at
/// most a tenth of the budget), then batches of about 10 ms until `millis`
/// milliseconds of measured time have elapsed. Returns (iterations, mean ns/op).
fn measure(millis: u64, f: &mut dyn FnMut(usize)) -> (u64, f64) {
    let mut i = 0usize;
    // Warm-up, also estimating the cost of one call.
    let warm = Duration::from_millis((millis / 10).clamp(1, 100));
    let t0 = Instant::now();
    let mut warm_n = 0u64;
    while t0.elapsed() < warm || warm_n < 8 {
        f(i % N);
        i += 1;
        warm_n += 1;
    }
    let per_op = t0.elapsed().as_nanos() as f64 / warm_n as f64;
    let batch = ((10_000_000.0 / per_op.max(1.0)) as u64).max(1);

    let target = Duration::from_millis(millis);
    let mut total = Duration::ZERO;
    let mut iters = 0u64;
    while total < target {
        let t = Instant::now();
        for _ in 0..batch {
            f(i % N);
            i += 1;
        }
        total += t.elapsed();
        iters += batch;
    }
    (iters, total.as_nanos() as f64 / iters as f64)
}

type BenchFn<'a> = Box<dyn FnMut(usize) + 'a>;

fn bench(args: &[String]) -> ExitCode {
    let mut millis = 1000u64;
    let mut only: Option<String> = None;
    let mut extra = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--millis" => match it.next().and_then(|v| v.parse().ok()) {
                Some(v) => millis = v,
                None => return usage("--millis needs a number"),
            },
            "--only" => match it.next() {
                Some(v) => only = Some(v.clone()),
                None => return usage("--only needs a library name"),
            },
            "--extra" => extra = true,
            _ => return usage(&format!("unknown argument {a:?}")),
        }
    }
    const LIBS: [&str; 4] = [
        "rust-secp256k1",
        "k256",
        "libsecp256k1-ffi",
        "k256-signingkey",
    ];
    if let Some(o) = &only {
        if !LIBS.contains(&o.as_str()) {
            return usage(&format!(
                "unknown library {o:?} (one of {})",
                LIBS.join(", ")
            ));
        }
    }
    let want = |lib: &str| match &only {
        Some(o) => o == lib,
        None => extra || lib == "rust-secp256k1" || lib == "k256",
    };

    let inp = Inputs::new();
    let ffi = ffi_row::Ctx::new();
    // Verify inputs, precomputed outside the timed loops.
    let pk33: Vec<[u8; 33]> = (0..N).map(|i| rs::pubkey(&inp.secrets[i])).collect();
    let xonly: Vec<[u8; 32]> = (0..N).map(|i| rs::xonly(&inp.secrets[i])).collect();
    let esig: Vec<[u8; 64]> = (0..N)
        .map(|i| rs::ecdsa_sign(&inp.secrets[i], &inp.msgs[i]))
        .collect();
    let rsig: Vec<[u8; 65]> = (0..N)
        .map(|i| rs::ecdsa_sign_recoverable(&inp.secrets[i], &inp.msgs[i]))
        .collect();
    let ssig: Vec<[u8; 64]> = (0..N)
        .map(|i| rs::schnorr_sign(&inp.secrets[i], &inp.msgs[i], &inp.auxs[i]))
        .collect();
    let rs_kp: Vec<_> = (0..N).map(|i| rs::keypair(&inp.secrets[i])).collect();
    let rc_kp: Vec<_> = (0..N).map(|i| rc::keypair(&inp.secrets[i])).collect();
    let ffi_kp: Vec<_> = (0..N).map(|i| ffi.keypair(&inp.secrets[i])).collect();
    let (s, m, x, p) = (&inp.secrets, &inp.msgs, &inp.auxs, &inp.peers);

    let mut rows: Vec<(&str, &str, BenchFn)> = Vec::new();
    macro_rules! row {
        ($op:expr, $lib:expr, $body:expr) => {
            if want($lib) {
                rows.push(($op, $lib, Box::new($body)));
            }
        };
    }
    // Verify rows assert the result so a broken build can't report numbers.
    row!("PubKey", "rust-secp256k1", |i| {
        black_box(rs::pubkey(black_box(&s[i])));
    });
    row!("PubKey", "k256", |i| {
        black_box(rc::pubkey(black_box(&s[i])));
    });
    row!("PubKey", "libsecp256k1-ffi", |i| {
        black_box(ffi.pubkey(black_box(&s[i])));
    });
    row!("ECDSASign", "rust-secp256k1", |i| {
        black_box(rs::ecdsa_sign(black_box(&s[i]), black_box(&m[i])));
    });
    row!("ECDSASign", "k256", |i| {
        black_box(rc::ecdsa_sign(black_box(&s[i]), black_box(&m[i])));
    });
    row!("ECDSASign", "libsecp256k1-ffi", |i| {
        black_box(ffi.ecdsa_sign(black_box(&s[i]), black_box(&m[i])));
    });
    row!("ECDSASign", "k256-signingkey", |i| {
        black_box(rc::ecdsa_sign_signingkey(
            black_box(&s[i]),
            black_box(&m[i]),
        ));
    });
    row!("ECDSAVerify", "rust-secp256k1", |i| {
        assert!(black_box(rs::ecdsa_verify(
            black_box(&pk33[i]),
            black_box(&m[i]),
            black_box(&esig[i])
        )));
    });
    row!("ECDSAVerify", "k256", |i| {
        assert!(black_box(rc::ecdsa_verify(
            black_box(&pk33[i]),
            black_box(&m[i]),
            black_box(&esig[i])
        )));
    });
    row!("ECDSAVerify", "libsecp256k1-ffi", |i| {
        assert!(black_box(ffi.ecdsa_verify(
            black_box(&pk33[i]),
            black_box(&m[i]),
            black_box(&esig[i])
        )));
    });
    row!("ECDSARecover", "rust-secp256k1", |i| {
        assert!(rs::ecdsa_recover(black_box(&m[i]), black_box(&rsig[i])) == Some(pk33[i]));
    });
    row!("ECDSARecover", "k256", |i| {
        assert!(rc::ecdsa_recover(black_box(&m[i]), black_box(&rsig[i])) == Some(pk33[i]));
    });
    row!("ECDSARecover", "libsecp256k1-ffi", |i| {
        assert!(ffi.ecdsa_recover(black_box(&m[i]), black_box(&rsig[i])) == Some(pk33[i]));
    });
    row!("SchnorrSign", "rust-secp256k1", |i| {
        black_box(rs::schnorr_sign(
            black_box(&s[i]),
            black_box(&m[i]),
            black_box(&x[i]),
        ));
    });
    row!("SchnorrSign", "k256", |i| {
        black_box(rc::schnorr_sign(
            black_box(&s[i]),
            black_box(&m[i]),
            black_box(&x[i]),
        ));
    });
    row!("SchnorrSign", "libsecp256k1-ffi", |i| {
        black_box(ffi.schnorr_sign(black_box(&s[i]), black_box(&m[i]), black_box(&x[i])));
    });
    row!("SchnorrSignKeypair", "rust-secp256k1", |i| {
        black_box(rs::schnorr_sign_keypair(
            black_box(&rs_kp[i]),
            black_box(&m[i]),
            black_box(&x[i]),
        ));
    });
    row!("SchnorrSignKeypair", "k256", |i| {
        black_box(rc::schnorr_sign_keypair(
            black_box(&rc_kp[i]),
            black_box(&m[i]),
            black_box(&x[i]),
        ));
    });
    row!("SchnorrSignKeypair", "libsecp256k1-ffi", |i| {
        black_box(ffi.schnorr_sign_keypair(
            black_box(&ffi_kp[i]),
            black_box(&m[i]),
            black_box(&x[i]),
        ));
    });
    row!("SchnorrVerify", "rust-secp256k1", |i| {
        assert!(black_box(rs::schnorr_verify(
            black_box(&xonly[i]),
            black_box(&m[i]),
            black_box(&ssig[i])
        )));
    });
    row!("SchnorrVerify", "k256", |i| {
        assert!(black_box(rc::schnorr_verify(
            black_box(&xonly[i]),
            black_box(&m[i]),
            black_box(&ssig[i])
        )));
    });
    row!("SchnorrVerify", "libsecp256k1-ffi", |i| {
        assert!(black_box(ffi.schnorr_verify(
            black_box(&xonly[i]),
            black_box(&m[i]),
            black_box(&ssig[i])
        )));
    });
    row!("ECDH", "rust-secp256k1", |i| {
        black_box(rs::ecdh(black_box(&s[i]), black_box(&p[i])));
    });
    row!("ECDH", "k256", |i| {
        black_box(rc::ecdh(black_box(&s[i]), black_box(&p[i])));
    });
    row!("ECDH", "libsecp256k1-ffi", |i| {
        black_box(ffi.ecdh(black_box(&s[i]), black_box(&p[i])));
    });

    for (op, lib, mut f) in rows {
        let (iters, ns) = measure(millis, &mut *f);
        let name = format!("Benchmark{op}/{lib}");
        println!("{name:<44} {iters:>10} {ns:>12.1} ns/op");
    }
    ExitCode::SUCCESS
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("p256k1-bench-rs: {msg}");
    eprintln!("usage: p256k1-bench-rs check");
    eprintln!("       p256k1-bench-rs bench [--millis M] [--only LIB] [--extra]");
    eprintln!("LIB: rust-secp256k1 | k256 (default rows); libsecp256k1-ffi | k256-signingkey (extra rows)");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("check") if args.len() == 1 => check(),
        Some("bench") => bench(&args[1..]),
        Some("-h" | "--help" | "help") => {
            usage("benchmark harness for rust-secp256k1 and k256");
            ExitCode::SUCCESS
        }
        _ => usage("expected a command"),
    }
}
