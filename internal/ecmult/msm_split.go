package ecmult

import (
	"sync"

	"github.com/p256k1/p256k1/internal/group"
)

// EvalSplitVar is EvalVar with the work split across up to workers
// goroutines (the calling one included). Where Pippenger runs in the 4×64
// form the windows are shared out (pippengerAffine4Split); otherwise the
// half terms are cut into consecutive parts of about equal size, each
// evaluated as a sum of its own (G with the first), and the parts' results
// added. Each part keeps
// its scratch memory in m between calls; the goroutines are the only
// allocations once that has grown. A sum too small to be worth splitting
// (fewer than minSplit half terms per part) uses fewer workers, down to
// EvalVar itself. Variable time.
func (m *Multi) EvalSplitVar(r *group.Jacobian, workers int) {
	n := len(m.terms)
	nh := n
	if m.g.IsZero() == 0 {
		nh += 2
	}
	if workers > 1 && pippengerFE4 && !pippengerJacobian && nh > straussMax4 {
		// The 4×64 Pippenger shares out its windows instead.
		m.pippengerAffine4Split(r, pippengerWindow(nh), workers)
		return
	}
	workers = min(workers, n/minSplit)
	if workers <= 1 {
		m.EvalVar(r)
		return
	}
	if len(m.parts) < workers {
		m.parts = append(m.parts, make([]Multi, workers-len(m.parts))...)
	}
	if cap(m.partRes) < workers {
		m.partRes = make([]group.Jacobian, workers)
	}
	res := m.partRes[:workers]
	// Part k takes terms [k·n/workers, (k+1)·n/workers), and part 0 G too;
	// part 0 runs on the calling goroutine.
	var wg sync.WaitGroup
	for k := workers - 1; k >= 0; k-- {
		p := &m.parts[k]
		p.Reset()
		p.terms = append(p.terms, m.terms[k*n/workers:(k+1)*n/workers]...)
		// A λ-derived term's table comes from the previous term's, which
		// is in another part for the first one.
		p.terms[0].lam = 0
		if k == 0 {
			p.g = m.g
			p.EvalVar(r)
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.EvalVar(&res[k])
		}()
	}
	wg.Wait()
	for k := 1; k < workers; k++ {
		r.AddVar(r, &res[k], nil)
	}
}

// minSplit is the fewest half terms per part that EvalSplitVar gives a
// goroutine: below it the work is not worth a goroutine's start.
const minSplit = 48
