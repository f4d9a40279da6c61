package guard

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
)

// InputError is bad input from a caller: a field is missing, malformed or
// names something that does not exist. Nothing was written. The API turns
// it into a 4xx naming Field; replay into file:line: field.
type InputError struct {
	Field string
	Msg   string
}

func (e *InputError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

func inputErr(field, format string, args ...any) error {
	return &InputError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

var spanKinds = map[string]bool{
	"system": true, "user": true, "assistant": true, "tool_call": true,
	"tool_result": true, "reasoning": true, "summary": true,
}

func checkID(field, id string) error {
	if msg := idProblem(id); msg != "" {
		return &InputError{Field: field, Msg: msg}
	}
	return nil
}

// idProblem says what is wrong with an id, or "" when it is valid. Loops
// over many ids call it so that a field name ("covers[7]") is only built
// for the error.
func idProblem(id string) string {
	if id == "" {
		return "must not be empty"
	}
	if len(id) > 256 || !utf8.ValidString(id) || strings.ContainsFunc(id, unicode.IsControl) || strings.ContainsAny(id, "\u2028\u2029") {
		return "must be valid UTF-8 without control characters or line breaks, at most 256 bytes"
	}
	return ""
}

// indexField names element i of a list field ("covers[7]"). It is called
// on error paths only.
func indexField(list string, i int) string {
	return list + "[" + strconv.Itoa(i) + "]"
}

// CheckSpan validates one span from a caller; field prefixes messages.
func CheckSpan(field string, s sdk.Span) error {
	if sub, msg := spanProblem(s); msg != "" {
		return &InputError{Field: field + "." + sub, Msg: msg}
	}
	return nil
}

// spanProblem is CheckSpan without the field prefix: the offending
// field under the span ("id", "kind", "text", "meta") and the message, or
// an empty message when the span is valid.
func spanProblem(s sdk.Span) (sub, msg string) {
	if msg := idProblem(s.ID); msg != "" {
		return "id", msg
	}
	if !spanKinds[s.Kind] {
		return "kind", fmt.Sprintf("unknown kind %q (one of system, user, assistant, tool_call, tool_result, reasoning, summary)", s.Kind)
	}
	if s.Kind == "summary" {
		return "kind", "summaries enter the ledger only through an allowed compaction"
	}
	if !utf8.ValidString(s.Text) {
		return "text", "not valid UTF-8"
	}
	for k, v := range s.Meta {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return "meta", "not valid UTF-8"
		}
	}
	// The source decides what a span may set: a misspelt one must not
	// quietly read as the kind's default (a "subagent-report" as the
	// person's own words).
	if src, ok := s.Meta["source"]; ok && !sdk.IsSource(src) {
		return "meta.source", fmt.Sprintf("unknown source %q (one of %s)", src, strings.Join(sdk.Sources(), ", "))
	}
	return "", ""
}

// checkSpanAt is CheckSpan for element i of a list field ("spans[3]"),
// naming the element only when the span is invalid.
func checkSpanAt(list string, i int, s sdk.Span) error {
	if sub, msg := spanProblem(s); msg != "" {
		return &InputError{Field: indexField(list, i) + "." + sub, Msg: msg}
	}
	return nil
}

// checkSummaryFields validates what a compaction and a selection share:
// the summary's id, if given, and the caller's self score, if given.
func checkSummaryFields(id string, self *float64) error {
	if self != nil && (math.IsNaN(*self) || *self < 0 || *self > 1) {
		return inputErr("self_score", "must be a number in [0,1]")
	}
	if id != "" {
		if err := checkID("id", id); err != nil {
			return err
		}
	}
	return nil
}
