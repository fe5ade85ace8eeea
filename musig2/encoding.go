package musig2

import "encoding/hex"

// Encodings of the public values for the standard library's encoders:
// binary (the BIP-327 bytes) and text (those bytes in lowercase hex, which
// encoding/json uses). Unmarshaling validates as the Parse functions do.
// SecretNonce and Keypair refuse to be encoded.

// MarshalBinary returns the 66-byte encoding; ErrInvalidPubNonce for the
// zero value.
func (n PubNonce) MarshalBinary() ([]byte, error) {
	if !n.ok {
		return nil, ErrInvalidPubNonce
	}
	b := n.Bytes()
	return b[:], nil
}

// UnmarshalBinary sets n as ParsePubNonce does.
func (n *PubNonce) UnmarshalBinary(b []byte) error {
	p, err := ParsePubNonce(b)
	if err == nil {
		*n = p
	}
	return err
}

// MarshalText returns the encoding in hex; ErrInvalidPubNonce for the zero
// value.
func (n PubNonce) MarshalText() ([]byte, error) { return hexMarshal(n.MarshalBinary()) }

// UnmarshalText parses a hex encoding as ParsePubNonce does.
func (n *PubNonce) UnmarshalText(t []byte) error {
	return hexUnmarshal(t, n.UnmarshalBinary, ErrInvalidPubNonce)
}

// MarshalBinary returns the 66-byte encoding; ErrInvalidAggNonce for the
// zero value.
func (n AggNonce) MarshalBinary() ([]byte, error) {
	if !n.ok {
		return nil, ErrInvalidAggNonce
	}
	b := n.Bytes()
	return b[:], nil
}

// UnmarshalBinary sets n as ParseAggNonce does.
func (n *AggNonce) UnmarshalBinary(b []byte) error {
	p, err := ParseAggNonce(b)
	if err == nil {
		*n = p
	}
	return err
}

// MarshalText returns the encoding in hex; ErrInvalidAggNonce for the zero
// value.
func (n AggNonce) MarshalText() ([]byte, error) { return hexMarshal(n.MarshalBinary()) }

// UnmarshalText parses a hex encoding as ParseAggNonce does.
func (n *AggNonce) UnmarshalText(t []byte) error {
	return hexUnmarshal(t, n.UnmarshalBinary, ErrInvalidAggNonce)
}

// MarshalBinary returns the 32-byte encoding.
func (p PartialSig) MarshalBinary() ([]byte, error) {
	b := p.Bytes()
	return b[:], nil
}

// UnmarshalBinary sets p as ParsePartialSig does.
func (p *PartialSig) UnmarshalBinary(b []byte) error {
	q, err := ParsePartialSig(b)
	if err == nil {
		*p = q
	}
	return err
}

// MarshalText returns the encoding in hex.
func (p PartialSig) MarshalText() ([]byte, error) { return hexMarshal(p.MarshalBinary()) }

// UnmarshalText parses a hex encoding as ParsePartialSig does.
func (p *PartialSig) UnmarshalText(t []byte) error {
	return hexUnmarshal(t, p.UnmarshalBinary, ErrInvalidPartialSig)
}

func hexMarshal(b []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return hex.AppendEncode(nil, b), nil
}

func hexUnmarshal(t []byte, set func([]byte) error, bad error) error {
	b, err := hex.AppendDecode(nil, t)
	if err != nil {
		return bad
	}
	return set(b)
}
