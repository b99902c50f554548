package testenv

import (
	"fmt"
	"runtime"
	"testing"
)

// A Recorder is a testing.TB for tests of test helpers: it records what the helper reports
// instead of failing the test that runs it. Errorf records and goes on; Fatalf, Fatal and Skipf
// record and stop the helper's goroutine, as the testing package's do; Logf records. Any other method of
// testing.TB panics (the embedded interface is nil).
type Recorder struct {
	testing.TB
	Errors      []string // every Errorf, Fatalf and Fatal message, in order
	Logs        []string // every Logf message, in order
	FatalCalled bool     // the helper called Fatalf or Fatal
	SkipCalled  bool     // the helper called Skipf
	TestName    string   // what Name returns
}

// Name returns TestName, the name of the test the helper is told it runs in.
func (r *Recorder) Name() string { return r.TestName }

// Record runs f with a Recorder on a goroutine of its own and returns the Recorder when f has
// returned or stopped.
func Record(f func(testing.TB)) *Recorder { return (&Recorder{}).Run(f) }

// Run runs f with r on a goroutine of its own, as Record does, and returns r when f has returned
// or stopped: for a Recorder set up first (its TestName, say).
func (r *Recorder) Run(f func(testing.TB)) *Recorder {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// Helper does nothing: there are no frames to hide.
func (r *Recorder) Helper() {}

// Errorf records a failure.
func (r *Recorder) Errorf(format string, args ...any) {
	r.Errors = append(r.Errors, fmt.Sprintf(format, args...))
}

// Logf records a message.
func (r *Recorder) Logf(format string, args ...any) {
	r.Logs = append(r.Logs, fmt.Sprintf(format, args...))
}

// Fatalf records a failure and stops the goroutine.
func (r *Recorder) Fatalf(format string, args ...any) {
	r.Errors = append(r.Errors, fmt.Sprintf(format, args...))
	r.FatalCalled = true
	runtime.Goexit()
}

// Fatal records a failure and stops the goroutine.
func (r *Recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

// Skipf records a skip and stops the goroutine.
func (r *Recorder) Skipf(string, ...any) {
	r.SkipCalled = true
	runtime.Goexit()
}
