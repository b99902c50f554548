package apphost

import (
	"testing"
	"time"
)

// Wait is how long a test waits for what a view does at once: its handshake, a message, a DOM
// change that follows one. What takes milliseconds alone took over 5 s once (a click's
// ui/message), with the browser on a two-core machine running other test binaries beside it:
// the wait is generous, since only a failing test waits it out.
const Wait = 15 * time.Second

// Eventually polls f until it returns want, for DOM changes that follow an asynchronous message,
// and fails the test with the last value and error after Wait.
func Eventually(t testing.TB, what string, f func() (string, error), want string) {
	t.Helper()
	var got string
	var err error
	for end := time.Now().Add(Wait); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if got, err = f(); err == nil && got == want {
			return
		}
	}
	t.Fatalf("%s = %q (error %v), want %q", what, got, err, want)
}
