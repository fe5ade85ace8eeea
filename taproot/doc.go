// Package taproot builds and checks BIP-341 Taproot outputs and their
// BIP-86 single-key form: the output key Q = P + t·G of an internal key P
// and an optional script tree, the script tree itself (TapLeaf and
// TapBranch hashes, the merkle root, each leaf's merkle path), control
// blocks for script-path spends and their verification, the key-path
// signing key (the tweaked secret), scriptPubKeys, and bc1p… addresses
// (BIP-350 Bech32m) for mainnet, testnet, signet and regtest.
//
// # Key path (BIP-86)
//
// A single-key wallet derives its key at m/86'/0'/0'/0/i (package bip32),
// takes its x-only public key as the internal key P and commits to no
// script: t = hash_TapTweak(P), Q = P + t·G. OutputKey computes Q and its
// Y parity, ScriptPubKey the output script OP_1 <Q>, Address the bc1p…
// string. TweakKeypair turns the internal key's schnorr.Keypair into the
// keypair that signs for Q with schnorr.SignKeypair (libsecp256k1's
// keypair_xonly_tweak_add); TweakPrivateKey gives the same secret as a
// p256k1.PrivateKey (BIP-341's taproot_tweak_seckey).
//
// # Script path
//
// A script tree is built from Nodes (leaves and branches) by NewTree, which
// checks it (even leaf versions other than 0x50, depth at most 128) and
// computes every leaf hash, the merkle root and each leaf's merkle path.
// OutputKey with the tree's merkle root gives the output key;
// Tree.ControlBlock the control block that spends through one leaf. A
// verifier checks that a control block and a script are committed to by an
// output key with ControlBlock.Verify or, straight from the bytes of a
// witness and without allocating, VerifyScriptPath: BIP-341's script-path
// commitment check, as a node runs it before executing the script.
//
// # Out of scope
//
// BIP-341's signature hash (the "sighash" of a transaction: the epoch,
// hash type, the transaction's version, lock time, prevouts, amounts,
// scriptPubKeys, sequences and outputs, the annex, the spend type and, for
// script paths, BIP-342's leaf hash extension) is not computed here: it
// needs a transaction and its spent outputs, and is the job of a
// transaction library. Sign the 32-byte sighash it gives you with
// schnorr.SignKeypair and the keypair from TweakKeypair (key path), or
// with the keypair of the key in the script (script path), and append the
// hash type byte unless it is SIGHASH_DEFAULT. Likewise, executing a leaf's
// script (BIP-342 tapscript) is left to a script interpreter.
//
// # Side channels
//
// TweakKeypair and TweakPrivateKey are constant time in the secret key
// (they branch only on the Y parity of its public key, which is public, as
// libsecp256k1's keypair_xonly_tweak_add does); the tweak is public. All
// the other functions handle public data (public keys, scripts, hashes,
// addresses) and make no promise about timing, though the output-key
// computation uses the constant-time fixed-base multiplication.
//
// # Allocations
//
// TweakHash, OutputKey, TweakKeypair, TweakPrivateKey, ScriptPubKey,
// LeafHash, BranchHash and VerifyScriptPath do not allocate; building a
// Tree, a ControlBlock's bytes and addresses do.
package taproot
