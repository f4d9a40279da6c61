package config

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// ErrInvalid is what the error from DiagnosticsError matches with
// errors.Is: the configuration has errors, fix the file.
var ErrInvalid = errors.New("invalid configuration")

// Error is a set of diagnostics with at least one error, as a Go error.
// Its text has one line per error diagnostic, "FILE:LINE:COL: SUMMARY;
// DETAIL", the form `compactguard validate` prints. The CLI can take it
// back with errors.As and render Diags with snippets from Files.
type Error struct {
	Diags hcl.Diagnostics
	Files map[string]*hcl.File
}

// Error renders one line per error diagnostic (warnings are left out).
func (e *Error) Error() string {
	var lines []string
	for _, d := range e.Diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		lines = append(lines, diagLine(d))
	}
	return strings.Join(lines, "\n")
}

// Is makes errors.Is(err, ErrInvalid) true.
func (e *Error) Is(target error) bool { return target == ErrInvalid }

// DiagnosticsError returns nil when diags has no error, and otherwise an
// *Error carrying diags and the files for rendering.
func DiagnosticsError(files map[string]*hcl.File, diags hcl.Diagnostics) error {
	if !diags.HasErrors() {
		return nil
	}
	return &Error{Diags: diags, Files: files}
}

// Location renders where d points as "FILE:LINE:COL", or "" when it has no
// subject (a file that could not be read, say).
func Location(d *hcl.Diagnostic) string {
	if d.Subject == nil {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
}

// diagLine is "FILE:LINE:COL: SUMMARY; DETAIL" on one line, like
// hcl.Diagnostic.Error but with a compiler-style position.
func diagLine(d *hcl.Diagnostic) string {
	var sb strings.Builder
	if loc := Location(d); loc != "" {
		sb.WriteString(loc)
		sb.WriteString(": ")
	}
	sb.WriteString(d.Summary)
	if d.Detail != "" {
		sb.WriteString("; ")
		sb.WriteString(strings.Join(strings.Fields(d.Detail), " "))
	}
	return sb.String()
}

// WriteDiagnostics renders diags for a person at a terminal: for each, a
// locator line in both position forms,
//
//	policies.hcl:3:3: error: Unsupported argument (policies.hcl:3,3-8)
//
// (compiler-style FILE:LINE:COL, then HCL's own range form
// FILE:LINE,COL-COL as in hcl.Range.String), followed by HCL's standard
// text block (hcl.NewDiagnosticTextWriter, no colour, no wrapping):
//
//	Error: Unsupported argument
//
//	  on policies.hcl line 3, in guard:
//	   3:   bogus = 1
//
//	An argument named "bogus" is not expected here.
//
// Values of variables are never printed: the expressions' evaluation
// context is the host environment, which holds secrets.
func WriteDiagnostics(w io.Writer, files map[string]*hcl.File, diags hcl.Diagnostics) error {
	tw := hcl.NewDiagnosticTextWriter(w, files, 0, false)
	for _, d := range diags {
		if d == nil {
			continue
		}
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		var err error
		if d.Subject != nil {
			_, err = fmt.Fprintf(w, "%s: %s: %s (%s)\n", Location(d), sev, d.Summary, d.Subject.String())
		} else {
			_, err = fmt.Fprintf(w, "%s: %s\n", sev, d.Summary)
		}
		if err != nil {
			return fmt.Errorf("writing diagnostics: %w", err)
		}
		safe := *d
		safe.Expression = nil
		safe.EvalContext = nil
		if err := tw.WriteDiagnostic(&safe); err != nil {
			return fmt.Errorf("writing diagnostics: %w", err)
		}
	}
	return nil
}
