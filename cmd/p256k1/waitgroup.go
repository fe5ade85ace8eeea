package main

import "sync"

// spawn runs f in a new goroutine counted by wg: sync.WaitGroup.Go for Go
// 1.24, which the module supports and which lacks that method.
func spawn(wg *sync.WaitGroup, f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
}
