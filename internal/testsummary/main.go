// Command testsummary runs `go test -json` and prints what `go test`
// prints without -json (a line per package, the output of failing tests),
// while it records every skipped test and why. `make test` runs each of
// its `go test` commands through it and ends with `testsummary -report`,
// which lists the skips, so that a test skipped for want of PostgreSQL,
// Python or Chromium says so at the end instead of scrolling away.
//
// Usage:
//
//	testsummary -skips FILE -- go test -json [flags] PACKAGES...
//	testsummary -report FILE
//
// The first form exits with the status of the command it ran (and, when
// that is a failure, after which make stops, prints the skips recorded so
// far); the second prints the skips recorded in FILE (grouped by package
// and reason) and removes it.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("testsummary", flag.ContinueOnError)
	fs.SetOutput(stderr)
	skips := fs.String("skips", "", "append the skipped tests to `FILE` (JSON lines)")
	report := fs.String("report", "", "print the skipped tests recorded in `FILE`, then remove it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *report != "" {
		if err := printReport(stdout, *report); err != nil {
			fmt.Fprintf(stderr, "testsummary: %v\n", err)
			return 1
		}
		return 0
	}
	if fs.NArg() == 0 || *skips == "" {
		fmt.Fprintln(stderr, "usage: testsummary -skips FILE -- go test -json ... | testsummary -report FILE")
		return 2
	}
	return runTests(fs.Args(), *skips, stdout, stderr)
}

// runTests runs the command, summarises its JSON on stdout and appends
// its skips to skipsFile. It returns the command's exit status.
func runTests(argv []string, skipsFile string, stdout, stderr io.Writer) int {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintf(stderr, "testsummary: %v\n", err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "testsummary: running %s: %v\n", strings.Join(argv, " "), err)
		return 1
	}
	s := newSummary(stdout)
	s.read(pipe)
	status := 0
	if err := cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			fmt.Fprintf(stderr, "testsummary: %v\n", err)
			return 1
		}
		status = ee.ExitCode()
	}
	if err := appendSkips(skipsFile, s.skipped); err != nil {
		fmt.Fprintf(stderr, "testsummary: %v\n", err)
		if status == 0 {
			status = 1
		}
	}
	if status != 0 {
		// make stops here and never reaches -report: list the skips so
		// far, so a failing run still ends with them.
		if err := printReport(stdout, skipsFile); err != nil {
			fmt.Fprintf(stderr, "testsummary: %v\n", err)
		}
	}
	return status
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string // build-output and build-fail
}

// skip is one skipped test and the message it gave.
type skip struct {
	Package string `json:"package"`
	Test    string `json:"test"`
	Reason  string `json:"reason"`
}

// summary prints what plain `go test` would and keeps the skips.
type summary struct {
	w       io.Writer
	output  map[string][]string // a running test's output, by package and test
	skipped []skip
}

func newSummary(w io.Writer) *summary {
	return &summary{w: w, output: map[string][]string{}}
}

func (s *summary) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(s.w, "%s\n", line) // not test2json's: pass it on
			continue
		}
		s.event(e)
	}
	// A test still running when the stream ends (a crash, a timeout) has
	// its output shown rather than lost.
	keys := make([]string, 0, len(s.output))
	for k := range s.output {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprint(s.w, strings.Join(s.output[k], ""))
	}
}

func (s *summary) event(e event) {
	key := e.Package + "\x00" + e.Test
	switch {
	case e.Action == "build-output":
		fmt.Fprint(s.w, e.Output)
	case e.Test == "" && e.Action == "output":
		// Package lines: "ok  pkg 1.2s", "FAIL pkg", a panic outside any
		// test. The bare PASS that -v adds is noise.
		if t := strings.TrimSpace(e.Output); t != "PASS" && !strings.HasPrefix(t, "=== RUN") {
			fmt.Fprint(s.w, e.Output)
		}
	case e.Test == "":
		if e.Action == "fail" {
			// The package failed: show the output of tests it left running.
			for k, out := range s.output {
				if strings.HasPrefix(k, e.Package+"\x00") {
					fmt.Fprint(s.w, strings.Join(out, ""))
					delete(s.output, k)
				}
			}
		}
	case e.Action == "output":
		s.output[key] = append(s.output[key], e.Output)
	case e.Action == "fail":
		fmt.Fprint(s.w, strings.Join(s.output[key], ""))
		delete(s.output, key)
	case e.Action == "skip":
		s.skipped = append(s.skipped, skip{Package: e.Package, Test: e.Test, Reason: skipReason(s.output[key])})
		delete(s.output, key)
	case e.Action == "pass":
		delete(s.output, key)
	}
}

// skipReason is what a skipped test logged, without go test's own
// "=== RUN" and "--- SKIP" lines and the file:line prefix.
func skipReason(out []string) string {
	var parts []string
	for _, o := range out {
		t := strings.TrimSpace(o)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		if i := strings.Index(t, ": "); i > 0 && strings.Contains(t[:i], ".go:") {
			t = t[i+2:]
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return "(no reason given)"
	}
	return strings.Join(parts, " ")
}

func appendSkips(path string, skips []skip) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("recording skips: %w", err)
	}
	enc := json.NewEncoder(f)
	for _, sk := range skips {
		if err := enc.Encode(sk); err != nil {
			f.Close()
			return fmt.Errorf("recording skips in %s: %w", path, err)
		}
	}
	return f.Close()
}

// printReport lists the skips in path: one line per package and reason,
// naming the tests (up to a few) and how many there are.
func printReport(w io.Writer, path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		fmt.Fprintln(w, "skipped tests: none")
		return nil
	}
	if err != nil {
		return err
	}
	type group struct {
		pkg, reason string
		tests       []string
	}
	var groups []*group
	byKey := map[string]*group{}
	dec := json.NewDecoder(f)
	for {
		var sk skip
		if err := dec.Decode(&sk); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			f.Close()
			return fmt.Errorf("reading %s: %w", path, err)
		}
		// A skipped subtest's parent passes; a parent skipped as a whole
		// is listed once with its own reason.
		k := sk.Package + "\x00" + sk.Reason
		g := byKey[k]
		if g == nil {
			g = &group{pkg: sk.Package, reason: sk.Reason}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.tests = append(g.tests, sk.Test)
	}
	f.Close()
	n := 0
	for _, g := range groups {
		n += len(g.tests)
	}
	if n == 0 {
		fmt.Fprintln(w, "skipped tests: none")
	} else {
		fmt.Fprintf(w, "skipped tests: %d\n", n)
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].pkg < groups[j].pkg })
	for _, g := range groups {
		names := g.tests
		if len(names) > 3 {
			names = append(names[:3:3], fmt.Sprintf("and %d more", len(g.tests)-3))
		}
		fmt.Fprintf(w, "  %s: %s: %s\n", g.pkg, strings.Join(names, ", "), g.reason)
	}
	return os.Remove(path)
}
