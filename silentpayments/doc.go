// Package silentpayments implements BIP-352 silent payments: a static
// address (sp1…) from which senders derive a fresh Taproot output for every
// payment, with no interaction and nothing on chain that links the outputs
// to the address or to each other.
//
// # Roles
//
//   - Receiver: publishes an Address made of a scan public key B_scan and a
//     spend public key B_spend (optionally labelled, B_m = B_spend +
//     hash(b_scan ‖ m)·G). It scans each transaction with its scan secret
//     key b_scan (Scan), finds the outputs meant for it, and spends one with
//     b_spend + tweak (SpendKey). Its labels are a LabelSet, or its own label
//     cache (CreateLabel's point → tweak pairs) behind a LabelLookup, as
//     libsecp256k1's label_lookup; a match names its label's point.
//   - Sender: sums the secret keys of its eligible inputs (Taproot keys
//     negated to even y), and derives one output key per recipient from
//     that sum, the smallest outpoint and each recipient's keys (Outputs).
//   - Index servers and light clients: the tweak data input_hash·A of a
//     transaction (TweakData) lets a client scan with one multiplication per
//     transaction, without the inputs.
//
// InputPublicKey extracts an input's public key from its scriptSig,
// witness and the script of the output it spends, with the BIP's rules for
// which inputs count (P2TR unless spent through a script path whose internal
// key is the NUMS point H, P2WPKH, P2SH-P2WPKH, P2PKH with a compressed key
// found in a malleated scriptSig). InputKeyBytes is the same without the
// key's parsing (its square root): the 33 bytes, which TxInputKeys holds
// per transaction for a caller that parses them elsewhere (package gpu's
// TweakDataBytes lifts them on the device); TxInputKeys.Parse gives
// TweakDataBatch's TxInputs.
//
// # Side channels
//
// Everything that touches a secret key is constant time: the sum of input
// keys and its conditional negations, the multiplications by the scan key
// and by the sender's summed key (the constant-time variable-base engine),
// the tweaks t_k and their points t_k·G (the blinded fixed-base engine).
// What becomes public is declassified where it is computed: output keys
// (they are written to the chain) and, during scanning, the candidate output
// key B_spend + t_k·G before it is compared with the transaction's outputs
// (a match reveals only what the match itself publishes; a candidate that
// matches nothing is a hash output unlinkable to any key). Address
// handling, input extraction and TweakData work on public data and run in
// variable time.
package silentpayments
