package gen

import (
	"runtime"
	"sync"
)

// onEveryCore calls do(i) for every i in [0, n) on GOMAXPROCS goroutines and returns when all
// calls have. Callers write each result to its own index, so results keep their order whatever
// the scheduling.
func onEveryCore(n int, do func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := range next {
				do(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
