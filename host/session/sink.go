package session

import (
	"encoding/json"
	"errors"
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
	}
}

// isNamed reports whether the person named a file of this base name.
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
