package gen

import (
	"context"
	"os"
	"sync"
	"time"
)

// inFlight holds the temporary files and directories that runs in this process have made and
// not yet removed: the go command's overlay, and a generated file's temporary copy between its
// creation and its rename. A run removes its own with a deferred call; RemoveTemporaryFiles is
// for a process told to stop, whose deferred calls never run.
var inFlight struct {
	sync.Mutex
	paths map[string]bool
}

// trackTemp records path as a temporary file or directory of a run in progress, and returns
// the function that removes it and forgets it.
func trackTemp(path string) (remove func()) {
	inFlight.Lock()
	if inFlight.paths == nil {
		inFlight.paths = map[string]bool{}
	}
	inFlight.paths[path] = true
	inFlight.Unlock()
	return func() {
		os.RemoveAll(path)
		inFlight.Lock()
		delete(inFlight.paths, path)
		inFlight.Unlock()
	}
}

// RemoveTemporaryFiles removes the temporary files and directories of the runs in progress in
// this process: the go command's overlay, which lives in the system's temporary directory, and
// the temporary copies generated files are written through beside them. It is for a command's
// signal handler (cardgen's, on Ctrl-C or SIGTERM), which then ends the process: a run's own
// deferred cleanup never runs in a process that exits from under it. A run still going on fails
// afterwards (its overlay is gone), and a generated file is either replaced whole or not at all.
func RemoveTemporaryFiles() {
	inFlight.Lock()
	defer inFlight.Unlock()
	for path := range inFlight.paths {
		os.RemoveAll(path)
		delete(inFlight.paths, path)
	}
}

// loads is the context of every go command a load of this process starts (packages.Config's
// Context), and the loads in progress. StopLoads cancels it.
var loads struct {
	ctx     context.Context
	stop    context.CancelFunc
	running sync.WaitGroup
}

func init() {
	loads.ctx, loads.stop = context.WithCancel(context.Background())
}

// loadContext returns the context a load gives go/packages, and the function that says the load
// has returned.
func loadContext() (context.Context, func()) {
	loads.running.Add(1)
	return loads.ctx, loads.running.Done
}

// StopLoads stops the go commands that the loads in progress started, and every later load, and
// returns once those loads have returned or after timeout. It is for a command's signal handler,
// before it ends the process: go/packages starts go list in a process group of its own, which
// the terminal's Ctrl-C does not reach, so go list and the compiler it runs went on for a minute
// (or, on a package the compiler cannot finish, until killed) after cardgen had ended. A cancelled
// load interrupts the go command's process group, and kills it 5 seconds later.
func StopLoads(timeout time.Duration) {
	loads.stop()
	done := make(chan struct{})
	go func() {
		loads.running.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(timeout):
	}
}
