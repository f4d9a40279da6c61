package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/plugins"
)

// printError reports a command's error on stderr. A configuration error
// is rendered as HCL renders diagnostics, each with its source snippet
// (config.WriteDiagnostics), so the operator sees the attribute and the
// line at fault; a plugin whose config block was refused gets the same.
// Anything else is one line, "compactguard COMMAND: ERROR".
func printError(w io.Writer, name string, err error) {
	var ce *config.Error
	if errors.As(err, &ce) {
		n := 0
		for _, d := range ce.Diags {
			if d.Severity == hcl.DiagError {
				n++
			}
		}
		fmt.Fprintf(w, "compactguard %s: invalid configuration: %s\n\n", name, plural(n, "error", "errors"))
		if werr := config.WriteDiagnostics(w, ce.Files, config.Explain(ce.Files, ce.Diags)); werr != nil {
			fmt.Fprintf(w, "compactguard %s: %v\n", name, err)
		}
		return
	}
	fmt.Fprintf(w, "compactguard %s: %v\n", name, err)
	var se *plugins.StartError
	if errors.As(err, &se) {
		if diags := se.Diagnostics(); len(diags) > 0 {
			files := parseFiles(diags)
			fmt.Fprintln(w)
			_ = config.WriteDiagnostics(w, files, config.Explain(files, diags))
		}
	}
}

// parseFiles reads the files the diagnostics point into, for their
// snippets; a file that cannot be read is left out (its diagnostics then
// print without a snippet).
func parseFiles(diags hcl.Diagnostics) map[string]*hcl.File {
	p := hclparse.NewParser()
	for _, d := range diags {
		if d.Subject != nil && d.Subject.Filename != "" {
			_, _ = p.ParseHCLFile(d.Subject.Filename)
		}
	}
	return p.Files()
}
