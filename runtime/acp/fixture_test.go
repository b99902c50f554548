package acp

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the .want files of invalid fixtures from the current output")

// TestPayloadFixtures runs every testdata/payloads/<kind>.<name>.json.
// A fixture with a sibling .want file is invalid and must produce exactly
// the problems listed there, one per line. A fixture without one is valid:
// it must validate, and decoding then encoding it must give the bytes of
// its sibling .encoded file, or else the fixture itself compacted; the
// valid fixtures are written in the reference's canonical form, and their
// encoding was checked against the reference's
// model_dump_json(exclude_none=True).
func TestPayloadFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "payloads", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("found %d fixtures; want at least 40", len(files))
	}
	for _, file := range files {
		base := strings.TrimSuffix(filepath.Base(file), ".json")
		kind, _, _ := strings.Cut(base, ".")
		t.Run(base, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			stem := strings.TrimSuffix(file, ".json")
			want, wantErr := os.ReadFile(stem + ".want")
			verr := ValidatePayload(kind, data)
			if *update && verr != nil {
				if err := os.WriteFile(stem+".want", []byte(problemLines(t, verr)), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if wantErr == nil {
				if verr == nil {
					t.Fatalf("ValidatePayload = nil; want problems:\n%s", want)
				}
				if got := problemLines(t, verr); got != string(want) {
					t.Errorf("problems:\n%s\nwant:\n%s", got, want)
				}
				return
			}
			if verr != nil {
				t.Fatalf("valid fixture rejected: %v", verr)
			}
			p, err := DecodePayload(kind, data)
			if err != nil {
				t.Fatalf("DecodePayload: %v", err)
			}
			gotKind, enc, err := Encode(p)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if gotKind != kind {
				t.Errorf("Encode kind = %q; want %q", gotKind, kind)
			}
			wantEnc, err := os.ReadFile(stem + ".encoded")
			if errors.Is(err, os.ErrNotExist) {
				var buf bytes.Buffer
				if err := json.Compact(&buf, data); err != nil {
					t.Fatal(err)
				}
				wantEnc = buf.Bytes()
			} else if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(enc, wantEnc) {
				t.Errorf("Encode(DecodePayload(fixture)) =\n%s\nwant\n%s", enc, wantEnc)
			}
		})
	}
}

func problemLines(t *testing.T, err error) string {
	t.Helper()
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error %v is %T; want *ValidationError", err, err)
	}
	var b strings.Builder
	for _, p := range ve.Problems {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	return b.String()
}
