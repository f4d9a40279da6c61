package policy

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
)

// Limits bound policy text that does not come from the operator's own
// configuration (a tenant's policy_hcl, a policy plugin's proposal) before
// the HCL parser sees it. The parser is recursive: 100,000 nested
// parentheses, a million "!" or 50,000 nested "?:" overflow the goroutine
// stack, which is a fatal error no recover catches, and a megabyte-sized
// list literal makes evaluation run for minutes under the store's lock. A
// pre-scan is linear in the text and never recurses.
type Limits struct {
	// MaxBytes bounds the text.
	MaxBytes int
	// MaxDepth bounds the nesting of (), [] and {} and of "?" conditionals
	// still open.
	MaxDepth int
	// MaxUnaryRun bounds a run of unary operators ("!!!!", "- - -").
	MaxUnaryRun int
	// MaxConditionals bounds the "?" conditionals of the whole text.
	MaxConditionals int
}

// DefaultLimits are generous for any policy a person or plugin writes
// (the shipped policies are under 4 KiB, nest 4 deep and have no
// conditional), and far below what hurts the host.
func DefaultLimits() Limits {
	return Limits{MaxBytes: 64 << 10, MaxDepth: 64, MaxUnaryRun: 16, MaxConditionals: 256}
}

// CheckLimits scans src and reports, as one diagnostic naming the limit
// and where it was passed, the first limit the text exceeds. Quoted
// strings and comments are skipped (a "(" in a string nests nothing);
// heredocs are scanned as code, which can only make the check stricter.
func CheckLimits(src []byte, filename string, lim Limits) hcl.Diagnostics {
	at := func(off int) *hcl.Range {
		line, col := 1, 1
		for _, b := range src[:off] {
			if b == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		p := hcl.Pos{Line: line, Column: col, Byte: off}
		return &hcl.Range{Filename: filename, Start: p, End: p}
	}
	fail := func(off int, summary, detail string) hcl.Diagnostics {
		return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: at(off)}}
	}
	if lim.MaxBytes > 0 && len(src) > lim.MaxBytes {
		return fail(lim.MaxBytes, "Policy text too large",
			fmt.Sprintf("The policy text is %d bytes; the limit is %d bytes.", len(src), lim.MaxBytes))
	}
	depth, open, unary, conds := 0, 0, 0, 0
	inString := false
	for i := 0; i < len(src); i++ {
		b := src[i]
		if inString {
			switch b {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		// Comments ("#", "//" to the end of the line, "/* */") say
		// nothing to the parser's depth: "# -----" is no unary run.
		if b == '#' || b == '/' && i+1 < len(src) && src[i+1] == '/' {
			for i < len(src) && src[i] != '\n' {
				i++
			}
			unary = 0
			continue
		}
		if b == '/' && i+1 < len(src) && src[i+1] == '*' {
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i++
			unary = 0
			continue
		}
		switch b {
		case '"':
			inString = true
			unary = 0
		case '(', '[', '{':
			depth++
			if lim.MaxDepth > 0 && depth+open > lim.MaxDepth {
				return fail(i, "Policy nested too deeply",
					fmt.Sprintf("Brackets and conditionals nest more than %d deep here; the limit is %d.", lim.MaxDepth, lim.MaxDepth))
			}
			unary = 0
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
			unary = 0
		case '?':
			conds++
			open++
			if lim.MaxConditionals > 0 && conds > lim.MaxConditionals {
				return fail(i, "Too many conditionals in the policy",
					fmt.Sprintf("The policy has more than %d \"?\" conditionals; the limit is %d.", lim.MaxConditionals, lim.MaxConditionals))
			}
			if lim.MaxDepth > 0 && depth+open > lim.MaxDepth {
				return fail(i, "Policy nested too deeply",
					fmt.Sprintf("Brackets and conditionals nest more than %d deep here; the limit is %d.", lim.MaxDepth, lim.MaxDepth))
			}
			unary = 0
		case ':':
			if open > 0 {
				open--
			}
			unary = 0
		case '!', '-':
			if b == '!' && i+1 < len(src) && src[i+1] == '=' {
				unary = 0
				continue
			}
			unary++
			if lim.MaxUnaryRun > 0 && unary > lim.MaxUnaryRun {
				return fail(i, "Too many unary operators in a row",
					fmt.Sprintf("More than %d \"!\" or \"-\" in a row; the limit is %d.", lim.MaxUnaryRun, lim.MaxUnaryRun))
			}
		case ' ', '\t', '\r', '\n':
			// white space between unary operators keeps the run going
		default:
			unary = 0
		}
	}
	return nil
}
