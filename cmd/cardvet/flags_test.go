package main

import (
	"encoding/json"
	"flag"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestDriverFlags holds driverFlags, which finds the package patterns among cardvet's arguments,
// to the flags singlechecker defines, as cardvet -flags lists them (all but the driver's debug
// flags and -fix): a value flag taken for a boolean one, or one missing, would take a flag's
// value for a package pattern, or a pattern for a value.
func TestDriverFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardvet")
	}
	bin := filepath.Join(t.TempDir(), "cardvet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "-flags").Output()
	if err != nil {
		t.Fatalf("cardvet -flags: %v", err)
	}
	var listed []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal(out, &listed); err != nil {
		t.Fatalf("cardvet -flags printed %s: %v", out, err)
	}
	mirror := map[string]bool{} // name → boolean
	driverFlags().VisitAll(func(f *flag.Flag) {
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		mirror[f.Name] = ok && b.IsBoolFlag()
	})
	for _, f := range listed {
		isBool, ok := mirror[f.Name]
		switch {
		case !ok:
			t.Errorf("driverFlags lacks -%s", f.Name)
		case isBool != f.Bool:
			t.Errorf("driverFlags has -%s boolean %v; cardvet -flags says %v", f.Name, isBool, f.Bool)
		}
		delete(mirror, f.Name)
	}
	// The flags -flags leaves out: all but -fix take a value.
	want := map[string]bool{"fix": true, "debug": false, "cpuprofile": false, "memprofile": false, "trace": false}
	if !maps.Equal(mirror, want) {
		t.Errorf("driverFlags has flags cardvet -flags does not list: %v; want %v", slices.Sorted(maps.Keys(mirror)), slices.Sorted(maps.Keys(want)))
	}
}
