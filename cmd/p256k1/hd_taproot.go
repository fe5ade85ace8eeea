package main

import (
	"encoding/hex"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip32"
	"github.com/p256k1/p256k1/taproot"
)

// hdTaprootUsage is the help of hd's --taproot flag.
const hdTaprootUsage = "also print the BIP-86 Taproot output key and address of the derived key (bc1p…; tb1p… for a testnet key; other networks: p256k1 taproot address KEY --network regtest; JSON: taproot_output_key, taproot_script_pubkey, taproot_address)"

// hdTaproot adds the BIP-86 output key (no script tree) of pub, its
// scriptPubKey and its address to hd's output: the output key and the
// address to the lines printed, all three to the JSON object. The network
// follows the extended key's version: tb1p… for tprv/tpub (and the SLIP-132
// testnet versions), bc1p… otherwise.
func hdTaproot(obj map[string]any, keys []string, pub *p256k1.PublicKey, v bip32.Version) ([]string, error) {
	p, _ := pub.XOnly()
	q, _, err := taproot.OutputKey(&p, nil)
	if err != nil {
		return nil, usagef("taproot: %v", err) // probability about 2^-128
	}
	net := taproot.Mainnet
	switch v {
	case bip32.Testnet, bip32.TestnetP2SH, bip32.TestnetP2WPKH:
		net = taproot.Testnet
	}
	addr, err := taproot.Address(&q, net)
	if err != nil {
		return nil, usagef("taproot: %v", err)
	}
	qb, spk := q.Bytes(), taproot.ScriptPubKey(&q)
	obj["taproot_output_key"] = hex.EncodeToString(qb[:])
	obj["taproot_script_pubkey"] = hex.EncodeToString(spk[:])
	obj["taproot_address"] = addr
	return append(keys, "taproot_output_key", "taproot_address"), nil
}
