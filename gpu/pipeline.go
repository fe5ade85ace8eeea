package gpu

import (
	"runtime"
	"sync"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
)

// defaultChunk is how many items one kernel launch of a pipelined batch
// takes: large enough to fill a GPU, small enough that preparing the next
// chunk on the CPU overlaps the device's work on this one.
const defaultChunk = 1 << 16

// pipeline runs kernel over n items of inSize input and outSize output
// bytes: the host prepares items (prep(i, dst) writes item i's input and
// may record per-item host results; it is called from several goroutines,
// once per item) in chunks, spread over GOMAXPROCS goroutines, while the
// device works on the previous chunk; device buffers are double-buffered,
// writes, launches and reads are enqueued without blocking on the in-order
// queue, and one clFinish ends the batch. res receives n·outSize bytes.
func (e *Engine) pipeline(kernel string, n, inSize, outSize int, prep func(i int, dst []byte), res []byte) error {
	chunk := e.chunk
	if chunk <= 0 {
		chunk = defaultChunk
	}
	chunk = min(chunk, n)
	in := make([]byte, n*inSize)
	prepRange := func(lo, hi int) {
		workers := runtime.GOMAXPROCS(0)
		if hi-lo < 256 || workers == 1 {
			for i := lo; i < hi; i++ {
				prep(i, in[i*inSize:(i+1)*inSize])
			}
			return
		}
		var wg sync.WaitGroup
		per := (hi - lo + workers - 1) / workers
		for a := lo; a < hi; a += per {
			b := min(a+per, hi)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := a; i < b; i++ {
					prep(i, in[i*inSize:(i+1)*inSize])
				}
			}()
		}
		wg.Wait()
	}

	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrClosed
	}
	a := e.a
	sets := 1
	if n > chunk {
		sets = 2
	}
	var bufs [2][2]uintptr // [set][in, out]
	for s := range sets {
		var err error
		if bufs[s][0], err = e.scratch(s, 0, clMemReadOnly, chunk*inSize); err != nil {
			return err
		}
		if bufs[s][1], err = e.scratch(s, 1, clMemWriteOnly, chunk*outSize); err != nil {
			return err
		}
	}
	k := e.kernels[kernel]
	// finish waits for everything enqueued (also on an early return: the
	// device must stop reading in and writing res before they go).
	finish := func() error { return check("clFinish", dl.Call(a.finish, e.queue)) }
	prepRange(0, chunk)
	for c, lo := 0, 0; lo < n; c, lo = c+1, lo+chunk {
		hi := min(lo+chunk, n)
		m := hi - lo
		inBuf, outBuf := bufs[c%sets][0], bufs[c%sets][1]
		if err := check("clEnqueueWriteBuffer", dl.Call(a.enqueueWriteBuffer, e.queue, inBuf, 0, 0, uintptr(m*inSize), uintptr(unsafe.Pointer(&in[lo*inSize])), 0, 0, 0)); err != nil {
			finish()
			return err
		}
		if err := e.setArgs(k, inBuf, outBuf, m); err != nil {
			finish()
			return err
		}
		global, local := launchSize(kernel, m)
		if err := check("clEnqueueNDRangeKernel", dl.Call(a.enqueueNDRangeKernel, e.queue, k, 1, 0, uintptr(unsafe.Pointer(&global)), uintptr(unsafe.Pointer(&local)), 0, 0, 0)); err != nil {
			finish()
			return err
		}
		if err := check("clEnqueueReadBuffer", dl.Call(a.enqueueReadBuffer, e.queue, outBuf, 0, 0, uintptr(m*outSize), uintptr(unsafe.Pointer(&res[lo*outSize])), 0, 0, 0)); err != nil {
			finish()
			return err
		}
		if err := check("clFlush", dl.Call(a.flush, e.queue)); err != nil {
			finish()
			return err
		}
		if hi < n {
			prepRange(hi, min(hi+chunk, n)) // overlaps the device's work on this chunk
		}
	}
	err := finish()
	runtime.KeepAlive(in)
	runtime.KeepAlive(res)
	return err
}

// scratch returns the engine's reusable device buffer (set, which) with
// room for size bytes, replacing it with a larger one when needed: a batch
// reuses the buffers of the calls before it instead of allocating anew.
// The caller holds e.mu; Close releases them.
func (e *Engine) scratch(set, which int, flags uint64, size int) (uintptr, error) {
	b := &e.scratchBufs[set][which]
	if b.m != 0 && b.size >= size && b.flags == flags {
		return b.m, nil
	}
	if b.m != 0 {
		// The in-order queue has finished with it: every batch ends in
		// clFinish before it returns.
		e.free(b.m, b.size)
		*b = scratchBuf{}
	}
	m, err := e.alloc(flags, size)
	if err != nil {
		return 0, err
	}
	*b = scratchBuf{m: m, size: max(size, 1), flags: flags}
	return m, nil
}

// dropScratch releases the reusable buffers (the caller holds e.mu).
func (e *Engine) dropScratch() {
	for i := range e.scratchBufs {
		for j := range e.scratchBufs[i] {
			e.free(e.scratchBufs[i][j].m, e.scratchBufs[i][j].size)
			e.scratchBufs[i][j] = scratchBuf{}
		}
	}
}

type scratchBuf struct {
	m     uintptr
	size  int
	flags uint64
}

// workGroup is the work-group size of every launch. Leaving it to the
// driver lets PoCL pick groups so large that the kernels' private arrays
// (the GLV tables, about 3 KiB an item) overflow its threads' stacks; 64
// suits GPUs as well.
const workGroup = 64

// itemsPerThread is how many items one work-item of a kernel takes (the
// kernels' PUBKEYS_ITEMS, SCHNORR_ITEMS, POINT_MUL_ITEMS): those that end
// in a field inversion share one inversion among their items.
var itemsPerThread = map[string]int{"pubkeys": 8, "schnorr_verify": 4, "point_mul": 4}

// launchSize gives the work size for n items of kernel: enough work-items
// for them, rounded up to whole work groups (the kernels skip items ≥ n).
func launchSize(kernel string, n int) (global, local uintptr) {
	per := max(itemsPerThread[kernel], 1)
	w := (n + per - 1) / per
	return uintptr((w + workGroup - 1) / workGroup * workGroup), workGroup
}
