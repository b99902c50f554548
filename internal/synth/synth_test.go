package synth

import (
	"bytes"
	"errors"
	"fmt"
	"go/build"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardgen/cardgen/gen"
)

// committedPath is the import path of the committed package the start-up benchmark compiles in.
const committedPath = "github.com/cardgen/cardgen/internal/benchmarks/synth500gen"

// tempPkgDir makes a directory for a throw-away package inside the module, where go/packages can
// load it. The leading underscore keeps it out of ./... patterns, so that builds running in
// parallel never see it.
func tempPkgDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp(".", "_synthtest")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// generate runs cardgen on dir and fails the test with every diagnostic if there are any.
func generate(t *testing.T, dir string) *gen.Result {
	t.Helper()
	res, err := gen.Generate(gen.Options{Dir: dir}, ".")
	if err != nil {
		var diags gen.Diagnostics
		if errors.As(err, &diags) {
			for _, d := range diags {
				t.Error(d)
			}
		}
		t.Fatalf("cardgen on the synthetic package: %v", err)
	}
	return res
}

func goBuild(t *testing.T, dir string) {
	t.Helper()
	out, err := exec.Command("go", "build", "./"+filepath.ToSlash(dir)).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", dir, err, out)
	}
}

func goFiles(t *testing.T, dir string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return names
}

func TestWriteGeneratesAndBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cardgen and go build")
	}
	tests := []struct {
		n     int
		files []string
	}{
		{1, []string{"service.go", "tools000.go"}},
		{10, []string{"service.go", "tools000.go"}},
		{25, []string{"service.go", "tools000.go", "tools001.go"}},
	}
	for _, tt := range tests {
		t.Run("", func(t *testing.T) {
			dir := tempPkgDir(t)
			if err := Write(dir, tt.n); err != nil {
				t.Fatal(err)
			}
			if got := goFiles(t, dir); !slices.Equal(got, tt.files) {
				t.Fatalf("Write(%d) wrote %v, want %v", tt.n, got, tt.files)
			}
			res := generate(t, dir)
			if len(res.Packages) != 1 || len(res.Packages[0].Tools) != tt.n {
				t.Fatalf("cardgen found %d packages, want 1 with %d tools", len(res.Packages), tt.n)
			}
			for _, tool := range res.Packages[0].Tools {
				if tool.Card == nil {
					t.Errorf("tool %s has no result card", tool.Name)
				}
			}
			if _, err := gen.Write(res.Files); err != nil {
				t.Fatal(err)
			}
			goBuild(t, dir)

			inferred := tempPkgDir(t)
			if err := WriteInferred(inferred, tt.n); err != nil {
				t.Fatal(err)
			}
			if got, want := goFiles(t, inferred), append([]string{"register.go"}, tt.files...); !slices.Equal(got, want) {
				t.Fatalf("WriteInferred(%d) wrote %v, want %v", tt.n, got, want)
			}
			goBuild(t, inferred)
		})
	}
}

// TestInferredTagsArePlain guards the SDK's inference: google/jsonschema-go panics on a
// jsonschema tag that starts with WORD=, and reads no other syntax.
func TestInferredTagsArePlain(t *testing.T) {
	dir := t.TempDir() // only read back, never loaded
	if err := WriteInferred(dir, 40); err != nil {
		t.Fatal(err)
	}
	tags, directives := 0, 0
	for _, name := range goFiles(t, dir) {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		directives += bytes.Count(src, []byte("//card:"))
		for _, part := range strings.Split(string(src), `jsonschema:"`)[1:] {
			tag, _, _ := strings.Cut(part, `"`)
			tags++
			if strings.ContainsAny(tag, "=,") {
				t.Errorf("%s: jsonschema tag %q is not a plain description", name, tag)
			}
		}
	}
	if directives != 0 {
		t.Errorf("the inferred package has %d //card: directives, want none", directives)
	}
	if tags == 0 {
		t.Error("the inferred package has no jsonschema tags; the descriptions are part of the comparison")
	}
}

func TestHandlerShapes(t *testing.T) {
	tests := []struct {
		i                     int
		method, tool, hints   string
		inFields, outFields   int
		hasAmount             bool
		firstInTag, statusTag string
	}{
		{0, "GetInvoice0", "get_invoice_0", " readonly idempotent", 3, 5, false,
			"description=The invoice number such as INV-1042 for %s,minLength=1,maxLength=32",
			"description=Where the invoice is in its life,enum=draft,enum=open,enum=paid,enum=void"},
		{1, "GetTicket1", "get_ticket_1", " readonly idempotent", 4, 6, true,
			"description=The ticket number such as T-311 for %s,minLength=1,maxLength=32",
			"description=Where the ticket is in its life,enum=new,enum=open,enum=pending,enum=solved"},
		{12, "ReviewShipment12", "review_shipment_12", " readonly", 3, 5, false,
			"description=The shipment number such as SH-77120 for %s,minLength=1,maxLength=32",
			"description=Where the shipment is in its life,enum=packed,enum=in_transit,enum=delivered"},
		{39, "CloseCourse39", "close_course_39", " destructive", 6, 8, true,
			"description=The course number such as CS-101 for %s,minLength=1,maxLength=32",
			"description=Where the course is in its life,enum=planned,enum=open,enum=full,enum=archived"},
		{48, "ApproveClaim48", "approve_claim_48", "", 3, 5, false,
			"description=The claim number such as CL-61002 for %s,minLength=1,maxLength=32",
			"description=Where the claim is in its life,enum=filed,enum=reviewing,enum=approved,enum=denied"},
	}
	for _, tt := range tests {
		h := newHandler(tt.i, false)
		if h.Method != tt.method || h.Tool != tt.tool || h.Hints != tt.hints {
			t.Errorf("handler %d is %s/%s/%q, want %s/%s/%q", tt.i, h.Method, h.Tool, h.Hints, tt.method, tt.tool, tt.hints)
		}
		if len(h.In) != tt.inFields || len(h.Out) != tt.outFields || h.HasAmount != tt.hasAmount {
			t.Errorf("handler %d has %d input and %d output fields (amount %v), want %d and %d (amount %v)",
				tt.i, len(h.In), len(h.Out), h.HasAmount, tt.inFields, tt.outFields, tt.hasAmount)
		}
		if want := fmt.Sprintf(tt.firstInTag, tt.method); h.In[0].Tag != want {
			t.Errorf("handler %d: ID tag %q, want %q", tt.i, h.In[0].Tag, want)
		}
		i := slices.IndexFunc(h.Out, func(f field) bool { return f.Name == "Status" })
		if i < 0 || h.Out[i].Tag != tt.statusTag {
			t.Errorf("handler %d: no Status output field with tag %q in %v", tt.i, tt.statusTag, h.Out)
		}
		for _, name := range []string{"ID", "Status", "URL", "Owner", "Items"} {
			if !slices.ContainsFunc(h.Out, func(f field) bool { return f.Name == name }) {
				t.Errorf("handler %d: output has no %s field, which its card or the benchmark needs", tt.i, name)
			}
		}
		if p := newHandler(tt.i, true); p.In[0].Tag != "The "+h.Entity.Noun+" number such as "+h.Entity.Example+" for "+tt.method {
			t.Errorf("handler %d, inferred: ID tag %q is not the plain description", tt.i, p.In[0].Tag)
		}
	}
}

// TestToolsFilesAreBuilt: every handler file name, up to 100,000 handlers, is one the go command
// builds everywhere; "tools_386.go" was not (a GOARCH suffix), and a package of 3,870 handlers
// or more did not generate.
func TestToolsFilesAreBuilt(t *testing.T) {
	for _, goarch := range []string{"amd64", "386"} {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH = "linux", goarch
		ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("package p\n")), nil }
		for f := range 100_000 / HandlersPerFile {
			if ok, err := ctx.MatchFile(".", toolsFile(f)); !ok || err != nil {
				t.Fatalf("GOARCH=%s: %s is not built (%v)", goarch, toolsFile(f), err)
			}
		}
	}
}

func TestWriteRejectsBadN(t *testing.T) {
	for _, n := range []int{0, -3} {
		err := Write(t.TempDir(), n)
		want := "synth: " + map[int]string{0: "0", -3: "-3"}[n] + " handlers asked for; n must be at least 1"
		if err == nil || err.Error() != want {
			t.Errorf("Write(dir, %d) = %v, want %q", n, err, want)
		}
	}
}

// TestCommittedPackagesUpToDate fails when internal/benchmarks/synth500gen or synth500inferred
// differ from what Write, WriteInferred and cardgen produce now: run go generate in
// internal/benchmarks. cardgen's schema ids contain the import path, which is the temporary
// package's here, so that path is mapped to the committed one before comparing.
func TestCommittedPackagesUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cardgen on 500 tools")
	}
	const fix = "; run go generate ./internal/benchmarks"
	compareDir := func(t *testing.T, fresh, committed string, generated []byte) {
		t.Helper()
		want := goFiles(t, fresh)
		if generated != nil {
			want = append(want, gen.GeneratedFile)
			slices.Sort(want)
		}
		if got := goFiles(t, committed); !slices.Equal(got, want) {
			t.Fatalf("%s holds %v, want %v%s", committed, got, want, fix)
		}
		for _, name := range want {
			wantSrc := generated
			if name != gen.GeneratedFile {
				var err error
				if wantSrc, err = os.ReadFile(filepath.Join(fresh, name)); err != nil {
					t.Fatal(err)
				}
			}
			got, err := os.ReadFile(filepath.Join(committed, name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, wantSrc) {
				t.Errorf("%s is stale%s", filepath.Join(committed, name), fix)
			}
		}
	}

	fresh := tempPkgDir(t)
	if err := Write(fresh, 500); err != nil {
		t.Fatal(err)
	}
	res := generate(t, fresh)
	var generated []byte
	for _, f := range res.Files {
		if filepath.Base(f.Path) == gen.GeneratedFile {
			generated = bytes.ReplaceAll(f.Content, []byte(res.Packages[0].Path), []byte(committedPath))
		}
	}
	if generated == nil {
		t.Fatalf("cardgen wrote no %s", gen.GeneratedFile)
	}
	compareDir(t, fresh, filepath.Join("..", "benchmarks", "synth500gen"), generated)

	freshInferred := tempPkgDir(t)
	if err := WriteInferred(freshInferred, 500); err != nil {
		t.Fatal(err)
	}
	compareDir(t, freshInferred, filepath.Join("..", "benchmarks", "synth500inferred"), nil)
}
