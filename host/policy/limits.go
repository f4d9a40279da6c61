package policy

import (
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Limits bound policy text that does not come from the operator's own
// configuration (a tenant's policy_hcl, a policy plugin's proposal) and
// the cost of evaluating it.
//
// The text limits are checked before the HCL parser sees the text. The
// parser is recursive: 100,000 nested parentheses, a million "!" or 50,000
// nested "?:" overflow the goroutine stack, which is a fatal error no
// recover catches, so the text must be refused before parsing, by a scan
// that never recurses. The evaluation limits keep a policy that parses
// from running for minutes: a million-element list literal, a for
// expression nested in another, a view too large for the time allowed.
//
// A zero field is no limit; the configuration never sets one to zero
// (guard { policy_limits { ... } }, docs/configuration.md).
type Limits struct {
	// MaxBytes bounds the text.
	MaxBytes int
	// MaxDepth bounds nesting: (), [], {}, quoted strings, heredocs,
	// template interpolations and directives, and "?" conditionals still
	// waiting for their ":".
	MaxDepth int
	// MaxUnaryRun bounds a run of unary operators ("!!!!", "- - -").
	MaxUnaryRun int
	// MaxConditionals bounds the "?" conditionals and the template
	// directives (%{ if }, %{ for }) of the whole text: a chain of
	// conditionals in the false branch nests in the parser although no
	// bracket is open.
	MaxConditionals int
	// MaxExpressions bounds the operands and operators of the whole text:
	// every identifier, number, string piece and operator token.
	MaxExpressions int
	// MaxCollection bounds the elements of a list or object a policy
	// writes or builds (a literal, a for expression's result), and is the
	// size assumed for a collection only known per span (span.meta,
	// span.tags) when the cost of an expression is derived.
	MaxCollection int
	// MaxSpanSteps bounds what evaluating the policy's expressions on one
	// span may cost: expression nodes evaluated, a for expression's body
	// counted once per element, a list searched by contains once per
	// element. It is derived when the text is parsed.
	MaxSpanSteps int
	// EvalTimeout bounds one evaluation of the policy on a view (a bound,
	// a selection, a score check), within the request's own deadline.
	EvalTimeout time.Duration
}

// The defaults of Limits; docs/configuration.md and host/config quote them.
const (
	DefaultMaxBytes        = 64 << 10
	DefaultMaxDepth        = 64
	DefaultMaxUnaryRun     = 16
	DefaultMaxConditionals = 256
	DefaultMaxExpressions  = 8192
	DefaultMaxCollection   = 1024
	DefaultMaxSpanSteps    = 50000
	DefaultEvalTimeout     = 2 * time.Second
)

// DefaultLimits are generous for any policy a person or plugin writes (the
// shipped policies are under 4 KiB, nest 4 deep, hold under 300 tokens,
// have no conditional and cost under 100 steps a span) and far below what
// hurts the host.
func DefaultLimits() Limits {
	return Limits{
		MaxBytes: DefaultMaxBytes, MaxDepth: DefaultMaxDepth, MaxUnaryRun: DefaultMaxUnaryRun,
		MaxConditionals: DefaultMaxConditionals, MaxExpressions: DefaultMaxExpressions,
		MaxCollection: DefaultMaxCollection, MaxSpanSteps: DefaultMaxSpanSteps, EvalTimeout: DefaultEvalTimeout,
	}
}

// Limit names, as the configuration spells them, for diagnostics: an
// operator reading "the limit is 64 (max_depth)" knows what to raise.
const (
	limitMaxBytes        = "max_bytes"
	limitMaxDepth        = "max_depth"
	limitMaxUnaryRun     = "max_unary_run"
	limitMaxConditionals = "max_conditionals"
	limitMaxExpressions  = "max_expressions"
	limitMaxCollection   = "max_collection"
	limitMaxSpanSteps    = "max_span_steps"
	limitEvalTimeout     = "eval_timeout"
)

// CheckLimits scans src and reports, as one diagnostic naming the limit
// and where it was passed, the first text limit it exceeds.
//
// The scan reads the tokens of HCL's own lexer (hclsyntax.LexConfig), a
// state machine with an explicit stack that never recurses, and counts
// nesting on them without recursing either. Strings, heredocs and
// comments are therefore read exactly as the parser will read them: a "("
// inside a string or a comment nests nothing, while a template
// interpolation inside a string ("${ ... }") is code and counts, as does
// the string itself. No text can look like a string to the scan and like
// code to the parser.
func CheckLimits(src []byte, filename string, lim Limits) hcl.Diagnostics {
	fail := func(rng hcl.Range, summary, detail string) hcl.Diagnostics {
		return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: rng.Ptr()}}
	}
	if lim.MaxBytes > 0 && len(src) > lim.MaxBytes {
		return fail(posRange(src, filename, lim.MaxBytes), "Policy text too large",
			fmt.Sprintf("The policy text is %d bytes; the limit is %d bytes (%s).", len(src), lim.MaxBytes, limitMaxBytes))
	}
	// Lexing problems (an invalid character, a bad UTF-8 byte) are the
	// parser's to report, with its own wording; only the counts matter.
	toks, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	var depth, open, unary, conds, exprs int
	tooDeep := func(t hclsyntax.Token) hcl.Diagnostics {
		return fail(t.Range, "Policy nested too deeply",
			fmt.Sprintf("Brackets, strings, templates and conditionals nest more than %d deep here; the limit is %d (%s).", lim.MaxDepth, lim.MaxDepth, limitMaxDepth))
	}
	for _, t := range toks {
		switch t.Type {
		case hclsyntax.TokenNewline, hclsyntax.TokenComment, hclsyntax.TokenEOF:
			// Neither a term nor the end of a unary run: "!\n!" and
			// "! /* */ !" are still two unary operators in a row.
			continue
		case hclsyntax.TokenBang, hclsyntax.TokenMinus:
			unary++
			if lim.MaxUnaryRun > 0 && unary > lim.MaxUnaryRun {
				return fail(t.Range, "Too many unary operators in a row",
					fmt.Sprintf("More than %d \"!\" or \"-\" in a row; the limit is %d (%s).", lim.MaxUnaryRun, lim.MaxUnaryRun, limitMaxUnaryRun))
			}
		default:
			unary = 0
		}
		switch t.Type {
		case hclsyntax.TokenOParen, hclsyntax.TokenOBrack, hclsyntax.TokenOBrace,
			hclsyntax.TokenOQuote, hclsyntax.TokenOHeredoc, hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			depth++
			if t.Type == hclsyntax.TokenTemplateControl {
				conds++
				if lim.MaxConditionals > 0 && conds > lim.MaxConditionals {
					return tooManyConditionals(t, lim)
				}
			}
			if lim.MaxDepth > 0 && depth+open > lim.MaxDepth {
				return tooDeep(t)
			}
			continue
		case hclsyntax.TokenCParen, hclsyntax.TokenCBrack, hclsyntax.TokenCBrace,
			hclsyntax.TokenCQuote, hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			depth = max(depth-1, 0)
			continue
		case hclsyntax.TokenQuestion:
			conds++
			open++
			if lim.MaxConditionals > 0 && conds > lim.MaxConditionals {
				return tooManyConditionals(t, lim)
			}
			if lim.MaxDepth > 0 && depth+open > lim.MaxDepth {
				return tooDeep(t)
			}
		case hclsyntax.TokenColon:
			open = max(open-1, 0)
		}
		exprs++
		if lim.MaxExpressions > 0 && exprs > lim.MaxExpressions {
			return fail(t.Range, "Policy has too many expressions",
				fmt.Sprintf("The policy text holds more than %d operands and operators; the limit is %d (%s).", lim.MaxExpressions, lim.MaxExpressions, limitMaxExpressions))
		}
	}
	return nil
}

func tooManyConditionals(t hclsyntax.Token, lim Limits) hcl.Diagnostics {
	return hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Too many conditionals in the policy",
		Detail:   fmt.Sprintf("The policy has more than %d \"?\" conditionals and template directives; the limit is %d (%s).", lim.MaxConditionals, lim.MaxConditionals, limitMaxConditionals),
		Subject:  t.Range.Ptr(),
	}}
}

// posRange is the empty range at byte off of src.
func posRange(src []byte, filename string, off int) hcl.Range {
	line, col := 1, 1
	for _, b := range src[:min(off, len(src))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	p := hcl.Pos{Line: line, Column: col, Byte: off}
	return hcl.Range{Filename: filename, Start: p, End: p}
}
