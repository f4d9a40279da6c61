package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"strconv"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/sdk"
)

// spanSink is what every transcript importer writes into: the events, the
// counts, the chain of compactions, and the file names the person named
// (a document the agent reads counts as one it was pointed at only then).
// The importers embed it, so a span is made the same way from any
// transcript: source, line and file in its meta, the guard's own input
// check, and a refused span kept as an error naming the line.
type spanSink struct {
	file   string
	stats  *ImportStats
	events []Event
	chain  compactionChain
	named  map[string]bool
	// bad collects spans the guard would refuse (an id with a newline, say):
	// a file with any is refused whole, before anything runs.
	bad Errors
}

func newSpanSink(file string, stats *ImportStats) spanSink {
	return spanSink{file: file, stats: stats, named: map[string]bool{}}
}

// span appends a span event unless its text is empty, with meta source,
// line and file added to meta (which is copied).
func (k *spanSink) span(line int, id, kind, text, source string, meta map[string]string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	meta = maps.Clone(meta)
	if meta == nil {
		meta = map[string]string{}
	}
	meta["source"], meta["line"], meta["file"] = source, strconv.Itoa(line), k.file
	sp := &sdk.Span{ID: id, Kind: kind, Text: text, Meta: meta}
	if err := guard.CheckSpan("span", *sp); err != nil {
		var ie *guard.InputError
		field, msg := "", err.Error()
		if errors.As(err, &ie) {
			field, msg = strings.TrimPrefix(ie.Field, "span."), ie.Msg
		}
		k.bad = append(k.bad, &Error{File: k.file, Line: line, Field: field, Msg: msg})
		return
	}
	k.events = append(k.events, Event{File: k.file, Line: line, Type: EventSpan, Span: sp})
	k.chain.add(id)
	k.stats.Spans++
	k.stats.source(source)
	if source == sdk.SourceHuman {
		for _, n := range fileNames(text) {
			k.named[n] = true
		}
		for _, w := range textWords(text) {
			k.named[w] = true
		}
	}
}

// isNamed reports whether the person wrote this name: a file's base name,
// or a word (pointedAt says which of a document's names count).
func (k *spanSink) isNamed(base string) bool { return k.named[base] }

// stringOrList decodes message content given as a JSON string or a list:
// a string is the one element single makes of it. what names the list's
// elements in the error.
func stringOrList[T any](raw []byte, single func(string) T, what string) ([]T, error) {
	raw = []byte(strings.TrimSpace(string(raw)))
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []T{single(s)}, nil
	}
	var out []T
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, errors.New("must be a string or a list of " + what)
	}
	return out, nil
}

// readJSONL reads a transcript written one JSON record a line (Claude
// Code's and Codex's), the loop their importers share: blank lines are
// skipped, each record is decoded into a T and handed to each with its
// 1-based line and its bytes, and every problem names file:line. An
// unterminated, unparseable last line is a writer cut off mid-record: it
// is dropped with a warning in st (what names the file's kind in it). A
// line over MaxLineBytes ends the read with an error on the line after
// the last one read. The returned Errors are the per-line problems; the
// error is a failure to read at all.
func readJSONL[T any](r io.Reader, file, what string, st *ImportStats, each func(line int, raw []byte, rec T) *Error) (Errors, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), MaxLineBytes)
	unterminated := false
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanLines(data, atEOF)
		if atEOF && tok != nil && adv == len(data) && !bytes.HasSuffix(data, []byte("\n")) {
			unterminated = true
		}
		return adv, tok, err
	})
	var errs Errors
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var rec T
		if err := json.Unmarshal(b, &rec); err != nil {
			var se *json.SyntaxError
			if unterminated && errors.As(err, &se) {
				st.TruncatedLastLine = true
				st.Warnings = append(st.Warnings, fmt.Sprintf("%s:%d: the last line is cut off mid-record (the %s was still being written?); it was dropped", file, line, what))
				continue
			}
			field, msg := jsonProblem(err)
			errs = append(errs, &Error{File: file, Line: line, Field: field, Msg: msg})
			continue
		}
		st.Records++
		if err := each(line, b, rec); err != nil {
			errs = append(errs, err)
		}
	}
	if err := sc.Err(); err != nil {
		if !errors.Is(err, bufio.ErrTooLong) {
			return errs, fmt.Errorf("reading %s: %w", file, err)
		}
		errs = append(errs, &Error{File: file, Line: line + 1, Msg: fmt.Sprintf("line longer than the importer's limit of %d bytes", MaxLineBytes)})
	}
	return errs, nil
}
