package gpu

import (
	"runtime"
	"sync"
	"time"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
)

// defaultChunk is how many work-items one kernel launch of a pipelined
// batch runs (times the kernel's itemsPerThread in items): large enough to
// fill a GPU (an H100 holds about 60,000 work-items of these kernels at
// once: 132 SMs × 14 warps at about 144 registers), small enough that preparing the next chunk on the CPU overlaps
// the device's work on this one. Counted in items, kernels that take 4 or
// 8 items per work-item would launch a quarter or an eighth of that.
const defaultChunk = 1 << 16

// pipeline runs kernel over n items of inSize input and outSize output
// bytes, in chunks: the host prepares chunk c + 1 (prep(lo, hi, in) writes
// items lo..hi−1 into in) and decodes chunk c − 1 (decode(lo, hi, out)
// reads their results) while the device works on chunk c. prep and decode
// are called from several goroutines at once, on disjoint ranges. Device
// buffers and host staging buffers (pinned where the device offers it:
// CL_MEM_ALLOC_HOST_PTR, mapped once) are double-buffered and reused
// across calls; writes, launches and reads are enqueued without blocking
// and ordered by events, and the host waits only on events: the reads of
// the chunk it decodes (readPieces of them, each piece decoded as soon as
// it lands) and the write of the staging buffer it refills. On an error
// some chunks may have been decoded: callers clear their outputs.
func (e *Engine) pipeline(kernel string, n, inSize, outSize int, prep func(lo, hi int, in []byte), decode func(lo, hi int, out []byte)) error {
	return e.pipe(kernel, n, inSize, outSize, false, prep, decode)
}

// pipe is pipeline; with secret set (the signing batches, whose inputs
// are nonces) it overwrites, before it returns and still holding e.mu,
// the host staging buffers and the device buffers that held the inputs:
// the staging with zeros, the device buffers by a blocking copy of the
// zeroed staging (wipeInputs).
func (e *Engine) pipe(kernel string, n, inSize, outSize int, secret bool, prep func(lo, hi int, in []byte), decode func(lo, hi int, out []byte)) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrClosed
	}
	k, err := e.kernel(kernel) // built on first use: its wave is known after
	if err != nil {
		return err
	}
	chunk := e.chunk
	if chunk <= 0 {
		chunk = chunkItems(kernel, e.waves[kernel])
	}
	chunk = min(chunk, n)
	a := e.a
	sets := 1
	if n > chunk {
		sets = 2
	}
	var bufs [2][2]uintptr // [set][in, out]
	var stage [2][2][]byte // host staging, [set][in, out]
	for s := range sets {
		var err error
		if bufs[s][0], err = e.scratch(s, 0, clMemReadOnly, chunk*inSize); err != nil {
			return err
		}
		if bufs[s][1], err = e.scratch(s, 1, clMemWriteOnly, chunk*outSize); err != nil {
			return err
		}
		stage[s][0] = e.staging(s, 0, chunk*inSize)
		stage[s][1] = e.staging(s, 1, chunk*outSize)
	}
	if secret {
		// Runs after every return below (each waits for the queues
		// first), before the deferred unlock.
		defer e.wipeInputs(sets, bufs, stage)
	}
	// The batch's split (LastBatchTimes): clock readings around the host's
	// phases, a few per chunk.
	var bt BatchTimes
	bt.Items, bt.Chunks = n, (n+chunk-1)/chunk
	t0 := time.Now()
	since := func(d *time.Duration) func() {
		t := time.Now()
		return func() { *d += time.Since(t) }
	}
	defer func() {
		bt.Total = time.Since(t0)
		e.times = bt
	}()
	up, kq, down := e.upQueue, e.queue, e.downQueue
	// Per set: the last upload from its staging into its device input,
	// the last kernel on it, the last download into its staging. An
	// upload waits for the kernel before it on the same device input, a
	// kernel for its upload, a download for its kernel; a kernel's output
	// buffer is free once the host has waited for its previous download
	// (before decoding it), and the staging once the host has waited for
	// the upload from it (before preparing into it).
	var wEv, kEv [2]uintptr
	var rEv [2][readPieces]uintptr // a chunk's download, in pieces
	// finish waits for everything enqueued (also on an early return: the
	// device must stop reading and writing the staging buffers).
	finish := func() error {
		var err error
		for _, q := range []uintptr{up, kq, down} {
			if e2 := check("clFinish", dl.Call(a.finish, q)); e2 != nil && err == nil {
				err = e2
			}
		}
		for s := range wEv {
			a.wait(&wEv[s])
			a.wait(&kEv[s])
			for j := range rEv[s] {
				a.wait(&rEv[s][j])
			}
		}
		return err
	}
	// decodeChunk decodes the chunk [clo, chi) of set s piece by piece,
	// each as soon as its download has landed (the rest still in flight).
	decodeChunk := func(s, clo, chi int) error {
		out := stage[s][1]
		for j := range readPieces {
			plo, phi := pieceBounds(clo, chi, j)
			done := since(&bt.Wait)
			if err := a.wait(&rEv[s][j]); err != nil {
				return err
			}
			done()
			if phi == plo {
				continue
			}
			piece := out[(plo-clo)*outSize : (phi-clo)*outSize]
			if resultHook != nil {
				resultHook(kernel, plo, piece)
			}
			done = since(&bt.Decode)
			parallel(plo, phi, func(lo, hi int) { decode(lo, hi, piece[(lo-plo)*outSize:(hi-plo)*outSize]) })
			done()
		}
		return nil
	}
	flushAll := func() error {
		for _, q := range []uintptr{up, kq, down} {
			if err := check("clFlush", dl.Call(a.flush, q)); err != nil {
				return err
			}
		}
		return nil
	}
	done := since(&bt.Prep)
	parallel(0, chunk, func(lo, hi int) { prep(lo, hi, stage[0][0][lo*inSize:hi*inSize]) })
	done()
	prevLo, prevHi := 0, 0
	for c, lo := 0, 0; lo < n; c, lo = c+1, lo+chunk {
		s := c % sets
		hi := min(lo+chunk, n)
		m := hi - lo
		var nw uintptr
		var after *uintptr
		if kEv[s] != 0 {
			nw, after = 1, &kEv[s]
		}
		done := since(&bt.Enqueue)
		if err := check("clEnqueueWriteBuffer", dl.Call(a.enqueueWriteBuffer, up, bufs[s][0], 0, 0, uintptr(m*inSize), uintptr(unsafe.Pointer(&stage[s][0][0])), nw, uintptr(unsafe.Pointer(after)), uintptr(unsafe.Pointer(&wEv[s])))); err != nil {
			finish()
			return err
		}
		if err := e.setArgs(k, bufs[s][0], e.table(kernel), bufs[s][1], m); err != nil {
			finish()
			return err
		}
		// Kernel c − 2 is done (the host waited for its download before
		// decoding chunk c − 2): release its event.
		a.wait(&kEv[s])
		global, local := launchSize(kernel, m)
		if err := check("clEnqueueNDRangeKernel", dl.Call(a.enqueueNDRangeKernel, kq, k, 1, 0, uintptr(unsafe.Pointer(&global)), uintptr(unsafe.Pointer(&local)), 1, uintptr(unsafe.Pointer(&wEv[s])), uintptr(unsafe.Pointer(&kEv[s])))); err != nil {
			finish()
			return err
		}
		for j := range readPieces {
			plo, phi := pieceBounds(0, m, j)
			if phi == plo {
				continue
			}
			if err := check("clEnqueueReadBuffer", dl.Call(a.enqueueReadBuffer, down, bufs[s][1], 0, uintptr(plo*outSize), uintptr((phi-plo)*outSize), uintptr(unsafe.Pointer(&stage[s][1][plo*outSize])), 1, uintptr(unsafe.Pointer(&kEv[s])), uintptr(unsafe.Pointer(&rEv[s][j])))); err != nil {
				finish()
				return err
			}
		}
		if err := flushAll(); err != nil {
			finish()
			return err
		}
		done()
		// The device works on chunk c: decode chunk c − 1, prepare c + 1.
		if c > 0 {
			if err := decodeChunk(1-s, prevLo, prevHi); err != nil {
				finish()
				return err
			}
		}
		if hi < n {
			ns := (c + 1) % sets
			done := since(&bt.Wait)
			if err := a.wait(&wEv[ns]); err != nil {
				finish()
				return err
			}
			done()
			in := stage[ns][0]
			done = since(&bt.Prep)
			parallel(hi, min(hi+chunk, n), func(lo, h int) { prep(lo, h, in[(lo-hi)*inSize:(h-hi)*inSize]) })
			done()
		}
		prevLo, prevHi = lo, hi
	}
	ls := ((n+chunk-1)/chunk - 1) % sets
	if err := decodeChunk(ls, prevLo, prevHi); err != nil {
		finish()
		return err
	}
	done = since(&bt.Wait)
	defer done()
	return finish()
}

// readPieces is how many downloads a chunk's results come back in: the
// host decodes each piece as soon as it lands, while the rest is still
// on the bus (most useful for the last chunk, whose decoding nothing else
// overlaps).
const readPieces = 4

// pieceBounds is piece j of the items [lo, hi): readPieces near-equal
// ranges, some empty for chunks of fewer items.
func pieceBounds(lo, hi, j int) (int, int) {
	m := hi - lo
	return lo + m*j/readPieces, lo + m*(j+1)/readPieces
}

// BatchTimes is how the host spent the wall-clock time of a pipelined
// batch (LastBatchTimes): preparing inputs, decoding and checking
// results (each on GOMAXPROCS goroutines at once, counted once), waiting
// for the device (uploads, kernels and downloads not yet done when the
// host needed them), and enqueuing work. When Wait is a small share of
// Total the host is what bounds the batch (more cores, or less host work
// per item, would make it faster); when it is most of Total the device or
// the bus is. What the method does outside the pipeline (allocating the
// per-item bookkeeping, a signing batch's later passes) is not counted.
type BatchTimes struct {
	Items, Chunks int           // the batch's items and launches
	Total         time.Duration // the pipeline, from the first preparation to the last decoding
	Prep          time.Duration // preparing the inputs of every chunk
	Decode        time.Duration // decoding and checking the results of every chunk
	Wait          time.Duration // waiting on the device's events
	Enqueue       time.Duration // enqueuing uploads, launches and downloads
}

// LastBatchTimes is the split of the last pipelined batch this Engine ran
// (VerifySchnorr, VerifyECDSA, PublicKeys, PublicKeysBytes, TweakData,
// RunPipelined; of a signing batch, its last pass), for measuring (as
// bench/cmd/gpubench does). The zero BatchTimes before any, or for a nil
// Engine. Timings of public work only.
func (e *Engine) LastBatchTimes() BatchTimes {
	if e == nil || e.a == nil {
		return BatchTimes{}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.times
}

// wipeInputs overwrites the input staging buffers of sets with zeros (the
// whole of each, beyond this batch's part too) and copies this batch's
// part over the device input buffers, waiting for the copies (the caller
// holds e.mu and has finished the queues). Best effort on the device: a
// failing copy is not reported (the batch's own result stands), but the
// host staging is always cleared.
func (e *Engine) wipeInputs(sets int, bufs [2][2]uintptr, stage [2][2][]byte) {
	for s := range sets {
		in := stage[s][0]
		clear(e.stageBufs[s][0].host) // the whole buffer, in and beyond
		if len(in) > 0 && bufs[s][0] != 0 {
			dl.Call(e.a.enqueueWriteBuffer, e.queue, bufs[s][0], 1, 0, uintptr(len(in)), uintptr(unsafe.Pointer(&in[0])), 0, 0, 0)
		}
	}
	dl.Call(e.a.finish, e.queue)
	if wipedHook != nil {
		wipedHook(e)
	}
}

// resultHook, for tests, sees (and may change, to stand for a faulty
// device) each piece of results before it is decoded, first being the
// batch index of its first item. Nil in production.
var resultHook func(kernel string, first int, out []byte)

// wipedHook, for tests, sees the engine after each wipeInputs (e.mu held):
// the input staging must be all zeros then. Nil in production.
var wipedHook func(e *Engine)

// parallel calls f on [lo, hi) split into GOMAXPROCS ranges (one range
// for small spans), concurrently, and returns when all are done.
func parallel(lo, hi int, f func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	if hi-lo < 256 || workers == 1 {
		if hi > lo {
			f(lo, hi)
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
			f(a, b)
		}()
	}
	wg.Wait()
}

// staging returns the engine's host staging buffer (set, which) of at
// least size bytes: memory the device can copy from and to directly
// (pinned: a CL_MEM_ALLOC_HOST_PTR buffer, mapped once for the engine's
// life), or Go memory where the device offers none. The caller holds e.mu.
func (e *Engine) staging(set, which, size int) []byte {
	b := &e.stageBufs[set][which]
	if len(b.host) >= size && size > 0 {
		return b.host[:size]
	}
	e.dropStage(b)
	size = max(size, 1)
	if !e.noPinned {
		var ep errPtr
		m := dl.Call(e.a.createBuffer, e.ctx, clMemReadWrite|clMemAllocHostPtr, uintptr(size), 0, uintptr(unsafe.Pointer(&ep)))
		if ep.code == clSuccess && m != 0 {
			p := dl.Call(e.a.enqueueMapBuffer, e.queue, m, 1, clMapRead|clMapWrite, 0, uintptr(size), 0, 0, 0, uintptr(unsafe.Pointer(&ep)))
			if ep.code == clSuccess && p != 0 {
				b.mem, b.ptr = m, p
				b.host = unsafe.Slice((*byte)(*(*unsafe.Pointer)(unsafe.Pointer(&p))), size)
				return b.host
			}
			dl.Call(e.a.releaseMemObject, m)
		}
	}
	b.host = make([]byte, size)
	return b.host
}

// dropStage releases a staging buffer.
func (e *Engine) dropStage(b *stageBuf) {
	if b.mem != 0 {
		var ev uintptr
		if dl.Call(e.a.enqueueUnmapMemObject, e.queue, b.mem, b.ptr, 0, 0, uintptr(unsafe.Pointer(&ev))) == clSuccess {
			e.a.wait(&ev)
		}
		dl.Call(e.a.releaseMemObject, b.mem)
	}
	*b = stageBuf{}
}

// stageBuf is a host staging buffer: Go memory (mem 0) or a mapped
// CL_MEM_ALLOC_HOST_PTR buffer.
type stageBuf struct {
	mem, ptr uintptr
	host     []byte
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

// dropScratch releases the reusable device and staging buffers (the
// caller holds e.mu).
func (e *Engine) dropScratch() {
	for i := range e.scratchBufs {
		for j := range e.scratchBufs[i] {
			e.free(e.scratchBufs[i][j].m, e.scratchBufs[i][j].size)
			e.scratchBufs[i][j] = scratchBuf{}
			e.dropStage(&e.stageBufs[i][j])
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

// waveSize is how many work-items of a kernel a device runs at once:
// compute units × the kernel's largest work group (on NVIDIA the threads
// one SM can hold with the kernel's registers), at most 2048 per compute
// unit and in whole work groups; 0 where unknown.
func waveSize(computeUnits, kernelWorkGroup int) int {
	per := min(kernelWorkGroup, 2048) / workGroup * workGroup
	if computeUnits <= 0 || per <= 0 {
		return 0
	}
	return computeUnits * per
}

// chunkItems is how many items one pipelined launch of kernel takes: about
// defaultChunk work-items, rounded to whole waves of the device (wave: the
// work-items it runs at once, 0 if unknown) so that no launch ends with a
// nearly empty wave (on an H100, 65,536 work-items of a kernel that holds
// 14 warps per SM would be 1.1 waves, its last tenth running alone), times
// the kernel's items per work-item.
func chunkItems(kernel string, wave int) int {
	w := defaultChunk
	if wave > 0 {
		w = max(1, (defaultChunk+wave/2)/wave) * wave
	}
	return w * max(itemsPerThread[kernel], 1)
}

// itemsPerThread is how many items one work-item of a kernel takes (the
// kernels' PUBKEYS_ITEMS, SCHNORR_ITEMS, POINT_MUL_ITEMS, KEY_SUM_ITEMS): those that end
// in a field inversion share one inversion among their items.
var itemsPerThread = map[string]int{"pubkeys": 8, "schnorr_verify": 4, "point_mul": 4, "key_sum": 4}

// launchSize gives the work size for n items of kernel: enough work-items
// for them, rounded up to whole work groups (the kernels skip items ≥ n).
func launchSize(kernel string, n int) (global, local uintptr) {
	per := max(itemsPerThread[kernel], 1)
	w := (n + per - 1) / per
	return uintptr((w + workGroup - 1) / workGroup * workGroup), workGroup
}
