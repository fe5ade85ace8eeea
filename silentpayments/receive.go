package silentpayments

import (
	"errors"
	"fmt"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/scalar"
	"log/slog"
)

// Prevouts summarizes a transaction's inputs for scanning: the sum A of
// the eligible inputs' public keys and input_hash (libsecp256k1's
// prevouts_summary). Scanning from a Prevouts costs one multiplication,
// (input_hash·b_scan)·A, as scanning from tweak data does; computing the
// tweak data first and then scanning would cost two.
type Prevouts struct {
	sum  group.Affine
	hash scalar.Scalar
}

// SummarizePrevouts returns the Prevouts of a transaction whose eligible
// inputs have the public keys inputs (InputPublicKey) and whose inputs spend
// outpoints. Errors: ErrNoInputs, ErrInputSumZero, ErrHashOutOfRange,
// p256k1.ErrInvalidPublicKey for an unset key. Variable time (public data).
func SummarizePrevouts(inputs []p256k1.PublicKey, outpoints []Outpoint) (Prevouts, error) {
	var sum group.Jacobian
	if err := sumInputs(&sum, inputs, outpoints); err != nil {
		return Prevouts{}, err
	}
	var p Prevouts
	point.ToAffineVar(&p.sum, &sum)
	var a33 [33]byte
	point.Compress(&a33, &p.sum)
	least, _ := smallestOutpoint(outpoints)
	if err := inputHash(&p.hash, &least, &a33); err != nil {
		return Prevouts{}, err
	}
	return p, nil
}

// sumInputs sets sum = A, the sum of the input keys, in Jacobian form:
// ErrNoInputs without inputs or outpoints, ErrInputSumZero for the point at
// infinity, p256k1.ErrInvalidPublicKey for an unset key. Variable time.
func sumInputs(sum *group.Jacobian, inputs []p256k1.PublicKey, outpoints []Outpoint) error {
	sum.SetInfinity()
	if len(inputs) == 0 || len(outpoints) == 0 {
		return ErrNoInputs
	}
	for i := range inputs {
		var a group.Affine
		if !point.Load(&a, &inputs[i]) {
			return p256k1.ErrInvalidPublicKey
		}
		sum.AddAffineVar(sum, &a, nil)
	}
	if sum.Infinity == 1 {
		return ErrInputSumZero
	}
	return nil
}

// TweakData returns input_hash·A, the tweak data of the summarized
// transaction. Variable time (public data).
func (p *Prevouts) TweakData() (p256k1.PublicKey, error) {
	if p == nil || p.hash.IsZero() == 1 {
		return p256k1.PublicKey{}, ErrNoInputs
	}
	var j group.Jacobian
	j.SetAffine(&p.sum)
	ecmult.MulVar(&j, &p.hash, &j)
	var t group.Affine
	point.ToAffineVar(&t, &j)
	return pubFromAffine(&t)
}

// TweakData returns input_hash·A for a transaction whose eligible inputs
// have the public keys inputs (InputPublicKey) and whose inputs spend
// outpoints: the value an index server publishes per transaction so that a
// light client scans with one multiplication (Scan). Errors as
// SummarizePrevouts. Variable time (public data).
func TweakData(inputs []p256k1.PublicKey, outpoints []Outpoint) (p256k1.PublicKey, error) {
	p, err := SummarizePrevouts(inputs, outpoints)
	if err != nil {
		return p256k1.PublicKey{}, err
	}
	return p.TweakData()
}

func pubFromAffine(a *group.Affine) (p256k1.PublicKey, error) {
	if a.Infinity == 1 {
		return p256k1.PublicKey{}, ErrInputSumZero
	}
	var u [65]byte
	u[0] = 4
	a.X.Bytes((*[32]byte)(u[1:33]))
	a.Y.Bytes((*[32]byte)(u[33:65]))
	return p256k1.ParsePublicKey(u[:])
}

// LabelSet holds the labels a receiver scans for: each label m's point
// LabelTweak(b_scan, m)·G, found by its compressed encoding. Build it once
// per scan key and reuse it; it is read-only afterwards and safe for
// concurrent scans. It is a LabelLookup that also knows each label's m
// (Match.Label); receivers that keep their labels elsewhere pass their own
// LabelLookup instead.
type LabelSet struct {
	byPoint map[[33]byte]labelEntry
}

// LabelLookup finds one of the receiver's labels by its point, as
// libsecp256k1's secp256k1_silentpayments_label_lookup callback does: for a
// label cache kept outside this package (a database, another process), as
// pairs of a label point and its tweak, built with CreateLabel. Scan,
// NewScanner and ScanBatch take one; a *LabelSet is one too.
type LabelLookup interface {
	// LookupLabel returns the tweak of the label whose compressed point
	// (33 bytes, CreateLabel's point.SerializeCompressed()) is label33,
	// and true; or false when label33 is not one of the receiver's
	// labels. Scanning calls it with public points (differences between
	// an output and a candidate key), up to twice per output and candidate
	// that match nothing directly, and may call it from several goroutines
	// at once when a Scanner is shared. A tweak that is not the label's
	// (tweak·G ≠ the point) makes the scan fail with ErrLabelTweak rather
	// than report a key that cannot spend the output.
	LookupLabel(label33 [33]byte) (tweak [32]byte, ok bool)
}

// LabelLookupFunc adapts a function to LabelLookup.
type LabelLookupFunc func(label33 [33]byte) (tweak [32]byte, ok bool)

// LookupLabel calls f.
func (f LabelLookupFunc) LookupLabel(label33 [33]byte) ([32]byte, bool) { return f(label33) }

// LookupLabel makes a LabelSet a LabelLookup: the tweak of the label with
// point label33 (false for a nil set). Variable time in label33 (a public
// point); it copies the tweak out.
func (ls *LabelSet) LookupLabel(label33 [33]byte) ([32]byte, bool) {
	if ls == nil {
		return [32]byte{}, false
	}
	e, ok := ls.byPoint[label33]
	if !ok {
		return [32]byte{}, false
	}
	var t [32]byte
	e.tweak.Bytes(&t)
	return t, true
}

// ErrLabelTweak: a LabelLookup returned a tweak that is not a valid scalar
// or whose point is not the label it was asked for.
var ErrLabelTweak = errors.New("silentpayments: the label lookup returned a tweak that is not the label's (tweak·G differs from the label point)")

// CreateLabel returns label m's point LabelTweak(scan, m)·G and its tweak
// (secp256k1_silentpayments_recipient_label_create): an entry of a label
// cache for a LabelLookup, keyed by point.SerializeCompressed(); the point
// is also B_m − B_spend, what a labelled address adds to the spend key.
// It returns p256k1.ErrInvalidPrivateKey for a nil or zero-value scan key.
// Constant time in the scan key and the tweak; the point is declassified
// (it is the difference of two published keys).
func CreateLabel(scan *p256k1.PrivateKey, m uint32) (point p256k1.PublicKey, tweak [32]byte, err error) {
	var e labelEntry
	var key [33]byte
	var a group.Affine
	if err := newLabel(&e, &key, &a, scan, m); err != nil {
		return p256k1.PublicKey{}, [32]byte{}, err
	}
	e.tweak.Bytes(&tweak)
	e.tweak.Zero()
	if point, err = pubFromAffine(&a); err != nil {
		return p256k1.PublicKey{}, [32]byte{}, err
	}
	return point, tweak, nil
}

// newLabel sets e to label m's tweak, and a and key to its point (affine,
// compressed; declassified).
func newLabel(e *labelEntry, key *[33]byte, a *group.Affine, scan *p256k1.PrivateKey, m uint32) error {
	tb, err := LabelTweak(scan, m)
	if err != nil {
		return err
	}
	e.m = m
	bad := e.tweak.SetBytes(&tb) | e.tweak.IsZero()
	clear(tb[:])
	ctime.Declassify(&bad)
	if bad != 0 {
		return ErrHashOutOfRange
	}
	var j group.Jacobian
	ecmultgen.Shared().Mul(&j, &e.tweak)
	point.ToAffine(a, &j)
	ctime.Declassify(a)
	a.X.Normalize()
	a.Y.Normalize()
	point.Compress(key, a)
	return nil
}

type labelEntry struct {
	m     uint32
	tweak scalar.Scalar
}

// NewLabelSet returns the label set of scan secret key scan for the labels
// ms (include 0 to find change sent to oneself with the change label).
// Constant time in the scan key and the label tweaks; the label points are
// declassified (they are the differences B_m − B_spend of the published
// labelled addresses).
func NewLabelSet(scan *p256k1.PrivateKey, ms []uint32) (*LabelSet, error) {
	ls := &LabelSet{byPoint: make(map[[33]byte]labelEntry, len(ms))}
	for _, m := range ms {
		var e labelEntry
		var key [33]byte
		var a group.Affine
		if err := newLabel(&e, &key, &a, scan, m); err != nil {
			return nil, err
		}
		ls.byPoint[key] = e
	}
	return ls, nil
}

// Match is an output found by Scan.
type Match struct {
	// Output is the transaction's output key that pays the receiver.
	Output p256k1.XOnlyPublicKey
	// Tweak is what the spend secret key is tweaked by to spend Output:
	// t_k, plus the label's tweak for a labelled output (SpendKey). It is
	// as secret as the spend key's privacy: anyone who has it and sees the
	// spend public key can link the output to the receiver.
	Tweak [32]byte
	// Label is the label m of a labelled output found through a LabelSet;
	// Labelled says whether the output was labelled. A LabelLookup of
	// another kind does not tell m, and Label is then 0: LabelPoint names
	// the label.
	Label    uint32
	Labelled bool
	// LabelPoint is the label's point (LabelTweak·G, CreateLabel's point,
	// libsecp256k1's found_output.label) of a labelled output, the zero
	// PublicKey otherwise.
	LabelPoint p256k1.PublicKey
}

// Scan finds the outputs of one transaction that pay the receiver with
// scan secret key scan and spend public key spend, given the transaction's
// tweak data (TweakData) and its Taproot output keys. labels is nil (no
// labels), a *LabelSet, or the caller's LabelLookup.
// Each output is matched at most once; scanning stops at the first k that
// matches nothing, or at KMax. Outputs that are not valid x-only keys are
// skipped. To scan many transactions, build a Scanner once and use its
// Scan or ScanBatch.
//
// Constant time in the scan key, the shared secret and the tweaks t_k.
// Each candidate output key B_spend + t_k·G is declassified before it is
// compared with the outputs (variable time): a match publishes nothing the
// match itself does not, and a candidate that matches nothing is a hash
// output unlinkable to the receiver. With labels, the differences between
// the outputs and the candidate are looked up in variable time (public
// points); a tweak from a LabelLookup is checked against its point in
// constant time. It allocates the result.
func Scan(scan *p256k1.PrivateKey, spend *p256k1.PublicKey, tweakData *p256k1.PublicKey, outputs []p256k1.XOnlyPublicKey, labels LabelLookup) ([]Match, error) {
	var sc Scanner
	if err := sc.init(scan, spend, labels); err != nil {
		return nil, err
	}
	defer sc.Zero()
	return sc.Scan(tweakData, outputs)
}

// Scanner scans transactions for one receiver: it holds the scan secret
// key, the spend public key and the labels. Its methods may be called
// from any number of goroutines at once (a LabelLookup must allow that);
// Zero must not run concurrently with them. A Scanner holds a secret: call
// Zero when done.
type Scanner struct {
	b      scalar.Scalar // the scan secret key
	spend  group.Affine
	labels *LabelSet   // a non-empty LabelSet, or nil
	lookup LabelLookup // another LabelLookup, or nil
	ok     bool
}

// NewScanner returns a Scanner for the scan secret key, the spend public
// key and the labels: nil (or a nil or empty *LabelSet) for none, a
// *LabelSet, or the caller's LabelLookup. Constant time in the scan key.
func NewScanner(scan *p256k1.PrivateKey, spend *p256k1.PublicKey, labels LabelLookup) (*Scanner, error) {
	sc := new(Scanner)
	if err := sc.init(scan, spend, labels); err != nil {
		return nil, err
	}
	return sc, nil
}

func (sc *Scanner) init(scan *p256k1.PrivateKey, spend *p256k1.PublicKey, labels LabelLookup) error {
	if !loadSecret(&sc.b, scan) {
		return p256k1.ErrInvalidPrivateKey
	}
	if !point.Load(&sc.spend, spend) {
		sc.b.Zero()
		return p256k1.ErrInvalidPublicKey
	}
	sc.labels, sc.lookup = nil, nil
	switch l := labels.(type) {
	case nil:
	case *LabelSet:
		if l != nil && len(l.byPoint) > 0 {
			sc.labels = l
		}
	default:
		sc.lookup = l
	}
	sc.ok = true
	return nil
}

// hasLabels reports whether the scanner looks for labelled outputs.
func (sc *Scanner) hasLabels() bool { return sc.labels != nil || sc.lookup != nil }

// Zero clears the scan secret key; the Scanner is unusable afterwards. On
// a nil sc it does nothing. Constant time.
func (sc *Scanner) Zero() {
	if sc == nil {
		return
	}
	sc.b.Zero()
	sc.ok = false
}

// Scan is the package-level Scan with the Scanner's keys and labels.
func (sc *Scanner) Scan(tweakData *p256k1.PublicKey, outputs []p256k1.XOnlyPublicKey) ([]Match, error) {
	if sc == nil || !sc.ok {
		return nil, p256k1.ErrInvalidPrivateKey
	}
	var tw group.Affine
	if !point.Load(&tw, tweakData) {
		return nil, p256k1.ErrInvalidPublicKey
	}
	var s33 [33]byte
	defer clear(s33[:])
	sharedSecret(&s33, &sc.b, &tw)
	return sc.scanFrom(&s33, outputs)
}

// ScanPrevouts is Scan for a transaction given by its Prevouts rather than
// its tweak data: the shared secret is (input_hash·b_scan)·A, one
// multiplication. Constant time as Scan.
func (sc *Scanner) ScanPrevouts(p *Prevouts, outputs []p256k1.XOnlyPublicKey) ([]Match, error) {
	if sc == nil || !sc.ok {
		return nil, p256k1.ErrInvalidPrivateKey
	}
	if p == nil || p.hash.IsZero() == 1 {
		return nil, ErrNoInputs
	}
	var hb scalar.Scalar
	hb.Mul(&p.hash, &sc.b)
	defer hb.Zero()
	var s33 [33]byte
	defer clear(s33[:])
	sharedSecret(&s33, &hb, &p.sum)
	return sc.scanFrom(&s33, outputs)
}

// scanFrom runs BIP-352's scanning loop from the shared secret s33.
// Without labels it first compares the k = 0 candidate in Jacobian form
// (firstCandidateHits): a transaction that pays nothing then costs no
// inversion.
func (sc *Scanner) scanFrom(s33 *[33]byte, outputs []p256k1.XOnlyPublicKey) ([]Match, error) {
	if !sc.hasLabels() {
		if hit, err := sc.firstCandidateHits(s33, outputs); err != nil || !hit {
			return nil, err
		}
	}
	return sc.scanLoop(s33, outputs)
}

// scanLoop is the scanning loop itself.
func (sc *Scanner) scanLoop(s33 *[33]byte, outputs []p256k1.XOnlyPublicKey) ([]Match, error) {
	// Outputs as points with even y (lazily, only when labels need them).
	type outState struct {
		x       [32]byte
		pt      group.Affine
		lifted  int // 0 not yet, 1 lifted, -1 not a valid key
		matched bool
	}
	var small [8]outState
	outs := small[:0]
	if len(outputs) <= len(small) {
		outs = small[:len(outputs)]
	} else {
		outs = make([]outState, len(outputs))
	}
	for i := range outputs {
		if outputs[i].IsValid() {
			outs[i].x = outputs[i].Bytes()
		} else {
			outs[i].matched = true // skip
		}
	}
	var found []Match
	for k := uint32(0); k < KMax; k++ {
		var t scalar.Scalar
		if err := sharedTweak(&t, s33, k); err != nil {
			return nil, err
		}
		var pk group.Affine
		if !outputPoint(&pk, &sc.spend, &t) {
			t.Zero()
			return nil, ErrHashOutOfRange
		}
		var px [32]byte
		pk.X.Bytes(&px)
		hit := -1
		var m Match
		for i := range outs {
			if !outs[i].matched && outs[i].x == px {
				hit = i
				t.Bytes(&m.Tweak)
				break
			}
		}
		if hit < 0 && sc.hasLabels() {
			var negPk group.Affine
			negPk.Negate(&pk)
			for i := range outs {
				o := &outs[i]
				if o.matched {
					continue
				}
				if o.lifted == 0 {
					o.lifted = -1
					var enc [33]byte
					enc[0] = 2
					copy(enc[1:], o.x[:])
					if point.Decompress(&o.pt, enc[:]) {
						o.lifted = 1
					}
				}
				if o.lifted != 1 {
					continue
				}
				var e labelEntry
				var d group.Affine
				ok, err := sc.findLabel(&e, &d, &o.pt, &negPk, false)
				if err == nil && !ok {
					ok, err = sc.findLabel(&e, &d, &o.pt, &negPk, true)
				}
				if err != nil {
					t.Zero()
					return nil, err
				}
				if ok {
					hit = i
					var sum scalar.Scalar
					sum.Add(&t, &e.tweak)
					sum.Bytes(&m.Tweak)
					sum.Zero()
					e.tweak.Zero()
					m.Label, m.Labelled = e.m, true
					if m.LabelPoint, err = pubFromAffine(&d); err != nil {
						t.Zero()
						return nil, err
					}
					break
				}
			}
		}
		t.Zero()
		if hit < 0 {
			break
		}
		outs[hit].matched = true
		m.Output = outputs[hit]
		found = append(found, m)
	}
	return found, nil
}

// findLabel looks up the label candidate d = ±o − P_k (negPk = −P_k) in the
// scanner's LabelSet or through its LabelLookup, setting e to the label
// (m is 0 through a LabelLookup) and d to the candidate. The candidate and
// the lookup are variable time (public points); a looked-up tweak is
// checked against d in constant time (ErrLabelTweak).
func (sc *Scanner) findLabel(e *labelEntry, d, o, negPk *group.Affine, negateO bool) (bool, error) {
	var j group.Jacobian
	j.SetAffine(negPk)
	oo := *o
	if negateO {
		oo.Negate(o)
	}
	j.AddAffineVar(&j, &oo, nil)
	point.ToAffineVar(d, &j)
	if d.Infinity == 1 {
		return false, nil
	}
	var key [33]byte
	point.Compress(&key, d)
	if sc.labels != nil {
		var ok bool
		*e, ok = sc.labels.byPoint[key]
		return ok, nil
	}
	tb, ok := sc.lookup.LookupLabel(key)
	if !ok {
		return false, nil
	}
	defer clear(tb[:])
	*e = labelEntry{}
	bad := e.tweak.SetBytes(&tb) | e.tweak.IsZero()
	ctime.Declassify(&bad)
	if bad != 0 {
		e.tweak.Zero()
		return false, ErrLabelTweak
	}
	// tweak·G must be the label point: a wrong tweak would give a spend key
	// that does not spend the output.
	var tg group.Jacobian
	var ta group.Affine
	ecmultgen.Shared().Mul(&tg, &e.tweak)
	point.ToAffine(&ta, &tg)
	ctime.Declassify(&ta) // the label point, public when it matches
	ta.X.Normalize()
	ta.Y.Normalize()
	var tk [33]byte
	point.Compress(&tk, &ta)
	if tk != key {
		e.tweak.Zero()
		return false, ErrLabelTweak
	}
	return true, nil
}

// SpendKey returns the secret key that spends a matched output: the spend
// secret key plus the match's tweak (a Taproot key: BIP-340 signing handles
// its parity). Constant time.
func SpendKey(spend *p256k1.PrivateKey, m *Match) (p256k1.PrivateKey, error) {
	if spend == nil || m == nil {
		return p256k1.PrivateKey{}, p256k1.ErrInvalidPrivateKey
	}
	return spend.TweakAdd(&m.Tweak)
}

// Format prints silentpayments.Scanner(REDACTED) for every fmt verb (%v, %+v, %#v, %s,
// %x, ...): a Scanner never prints its secret, in messages, logs or %v of a
// struct holding it. It does not read the secret (constant time).
func (Scanner) Format(f fmt.State, _ rune) { redact.Format(f, "silentpayments.Scanner") }

// String returns "silentpayments.Scanner(REDACTED)", never the secret.
func (Scanner) String() string { return redact.Placeholder("silentpayments.Scanner") }

// GoString returns "silentpayments.Scanner(REDACTED)", never the secret.
func (Scanner) GoString() string { return redact.Placeholder("silentpayments.Scanner") }

// LogValue makes log/slog print "silentpayments.Scanner(REDACTED)".
func (Scanner) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("silentpayments.Scanner"))
}

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable:
// JSON of a struct holding a Scanner fails instead of leaking it.
func (Scanner) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (Scanner) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (Scanner) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
