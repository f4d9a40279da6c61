package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stream is `go test -json` output of one package with a passing, a
// skipped and a failing test.
const stream = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestOK"}
{"Action":"output","Package":"p","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"output","Package":"p","Test":"TestOK","Output":"--- PASS: TestOK (0.00s)\n"}
{"Action":"pass","Package":"p","Test":"TestOK"}
{"Action":"run","Package":"p","Test":"TestPG"}
{"Action":"output","Package":"p","Test":"TestPG","Output":"=== RUN   TestPG\n"}
{"Action":"output","Package":"p","Test":"TestPG","Output":"    pg_test.go:12: COMPACTGUARD_TEST_PG_DSN is not set: no PostgreSQL\n"}
{"Action":"output","Package":"p","Test":"TestPG","Output":"--- SKIP: TestPG (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestPG"}
{"Action":"run","Package":"p","Test":"TestBad"}
{"Action":"output","Package":"p","Test":"TestBad","Output":"=== RUN   TestBad\n"}
{"Action":"output","Package":"p","Test":"TestBad","Output":"    bad_test.go:3: got 1, want 2\n"}
{"Action":"output","Package":"p","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
{"Action":"fail","Package":"p","Test":"TestBad"}
{"Action":"output","Package":"p","Output":"FAIL\n"}
{"Action":"output","Package":"p","Output":"FAIL\tp\t0.01s\n"}
{"Action":"fail","Package":"p"}
`

// TestSummaryPrintsFailuresAndKeepsSkips: the summary prints the package
// line and a failing test's output, nothing of a passing one, and keeps
// a skip with the reason it logged; the report then lists it.
func TestSummaryPrintsFailuresAndKeepsSkips(t *testing.T) {
	var out bytes.Buffer
	s := newSummary(&out)
	s.read(strings.NewReader(stream))
	got := out.String()
	for _, want := range []string{"got 1, want 2", "--- FAIL: TestBad", "FAIL\tp\t0.01s"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"TestOK", "TestPG"} {
		if strings.Contains(got, not) {
			t.Errorf("output shows %s:\n%s", not, got)
		}
	}
	if len(s.skipped) != 1 || s.skipped[0].Reason != "COMPACTGUARD_TEST_PG_DSN is not set: no PostgreSQL" {
		t.Fatalf("skips %+v", s.skipped)
	}
	file := filepath.Join(t.TempDir(), "skips")
	if err := appendSkips(file, append(s.skipped, skip{Package: "p", Test: "TestPG2", Reason: s.skipped[0].Reason})); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := printReport(&out, file); err != nil {
		t.Fatal(err)
	}
	want := "skipped tests: 2\n  p: TestPG, TestPG2: COMPACTGUARD_TEST_PG_DSN is not set: no PostgreSQL\n"
	if out.String() != want {
		t.Errorf("report %q, want %q", out.String(), want)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the report left %s behind", file)
	}
}

// TestRunKeepsTheExitStatus: the command's exit status is testsummary's,
// so a failing `go test` fails `make test`.
func TestRunKeepsTheExitStatus(t *testing.T) {
	file := filepath.Join(t.TempDir(), "skips")
	var out, errs bytes.Buffer
	if code := run([]string{"-skips", file, "--", "sh", "-c", "exit 3"}, &out, &errs); code != 3 {
		t.Errorf("exit status %d, want 3 (%s)", code, errs.String())
	}
	if !strings.HasSuffix(out.String(), "skipped tests: none\n") {
		t.Errorf("a failing run does not end with the skips so far:\n%s", out.String())
	}
	if code := run([]string{"-skips", file, "--", "true"}, &out, &errs); code != 0 {
		t.Errorf("exit status %d, want 0 (%s)", code, errs.String())
	}
}
