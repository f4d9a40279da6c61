package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/tiktoken-go/tokenizer"
)

// spanEvent is one `{"type":"span"}` line of a session file, with its fields
// in the order DESIGN.md "Session JSONL" shows them.
type spanEvent struct {
	Type string            `json:"type"`
	ID   string            `json:"id"`
	Kind string            `json:"kind"`
	Text string            `json:"text"`
	Meta map[string]string `json:"meta,omitempty"`
}

// original is a caller-supplied original span carried inside an unpinned
// compaction event.
type original struct {
	ID   string            `json:"id"`
	Kind string            `json:"kind"`
	Text string            `json:"text"`
	Meta map[string]string `json:"meta,omitempty"`
}

// compactionEvent is one `{"type":"compaction"}` line. ID names the summary
// span so that a later compaction can cover it.
type compactionEvent struct {
	Type      string   `json:"type"`
	ID        string   `json:"id"`
	Covers    []string `json:"covers"`
	Summary   string   `json:"summary"`
	SelfScore float64  `json:"self_score"`
	// Originals is set only in the unpinned variant; an empty list says
	// "the caller supplies originals, and has none for these ids".
	Originals *[]original `json:"originals,omitempty"`
}

// mustKeep is one decision-relevant fact planted in the session: the span
// that states it and the sentence that states it, verbatim.
type mustKeep struct {
	Name     string
	Category string
	SpanID   string
	Sentence string
	// TokensBefore is the number of span tokens in the session before the
	// span that states the fact.
	TokensBefore int
}

// compactionInfo records where a compaction sits, for the report and the
// unpinned variant.
type compactionInfo struct {
	Event        compactionEvent
	TokensBefore int
	// Fresh lists the span ids appended since the previous compaction (the
	// covers minus the previous summary).
	Fresh []string
}

// builder accumulates a session: the JSONL lines, the running token count
// and what the summaries need to know about progress so far.
type builder struct {
	rng *rand.Rand
	enc tokenizer.Codec
	out bytes.Buffer

	spans       []spanEvent
	spanTokens  []int
	tokens      int
	fresh       []string
	prevSummary string

	decks map[string][]int // per text pool: the shuffled indexes not yet used

	items       []mustKeep
	compactions []compactionInfo

	// dropAt is the span token count before the agent's DROP TABLE
	// proposal, for the report.
	dropAt int

	// progress the narrative refers to
	batchesDone int
	rowsCopied  int
	lastID      int64
	retries     []string
	day         int
	clock       int // minutes since 00:00 UTC of the night's run, for log stamps
}

// newBuilder returns a builder seeded with the example's fixed seed.
func newBuilder(enc tokenizer.Codec) *builder {
	return &builder{
		rng:    rand.New(rand.NewPCG(seedHi, seedLo)),
		decks:  map[string][]int{},
		enc:    enc,
		day:    1,
		lastID: 1000,
	}
}

// count returns the o200k_base token count of s.
func (b *builder) count(s string) int {
	n, err := b.enc.Count(s)
	if err != nil {
		panic(fmt.Sprintf("count tokens: %v", err))
	}
	return n
}

// emit writes one JSON line without HTML escaping, so SQL and shell read
// naturally in the file.
func (b *builder) emit(v any) {
	enc := json.NewEncoder(&b.out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("encode event: %v", err))
	}
}

// span appends one span and returns its id.
func (b *builder) span(kind, text string, meta map[string]string) string {
	id := fmt.Sprintf("s%d", len(b.spans)+1)
	ev := spanEvent{Type: "span", ID: id, Kind: kind, Text: text, Meta: meta}
	b.emit(ev)
	n := b.count(text)
	b.spans = append(b.spans, ev)
	b.spanTokens = append(b.spanTokens, n)
	b.tokens += n
	b.fresh = append(b.fresh, id)
	return id
}

func (b *builder) system(text string) string    { return b.span("system", text, nil) }
func (b *builder) user(text string) string      { return b.span("user", text, nil) }
func (b *builder) assistant(text string) string { return b.span("assistant", text, nil) }
func (b *builder) reasoning(text string) string { return b.span("reasoning", text, nil) }

// bash appends a bash tool call and its result.
func (b *builder) bash(cmd, output string, exit int) {
	b.span("tool_call", cmd, map[string]string{"tool": "bash"})
	b.span("tool_result", output, map[string]string{"tool": "bash", "exit_code": fmt.Sprint(exit)})
}

// read appends a file read and its result.
func (b *builder) read(path, content string) {
	b.span("tool_call", "read "+path, map[string]string{"tool": "read", "path": path})
	b.span("tool_result", content, map[string]string{"tool": "read", "path": path})
}

// edit appends a file edit (a unified diff) and its result.
func (b *builder) edit(path, diff string) {
	b.span("tool_call", diff, map[string]string{"tool": "edit", "path": path})
	b.span("tool_result", "Applied 1 hunk to "+path+".", map[string]string{"tool": "edit", "path": path})
}

// plant appends a span that states a must-keep fact and records the fact.
// sentence must occur in text verbatim.
func (b *builder) plant(kind, text string, meta map[string]string, facts ...mustKeep) string {
	before := b.tokens
	id := b.span(kind, text, meta)
	for _, f := range facts {
		if !bytes.Contains([]byte(text), []byte(f.Sentence)) {
			panic("planted sentence not in span text: " + f.Sentence)
		}
		f.SpanID = id
		f.TokensBefore = before
		b.items = append(b.items, f)
	}
	return id
}

// item returns the planted fact called name.
func (b *builder) item(name string) mustKeep {
	for _, it := range b.items {
		if it.Name == name {
			return it
		}
	}
	panic("no planted item " + name)
}

// compact appends a compaction covering the previous summary (if any) and
// every span appended since the previous compaction. When advance is false
// the compaction is one the guard will refuse: the next one covers the same
// ground again.
func (b *builder) compact(id, summary string, self float64, advance bool) compactionEvent {
	var covers []string
	if b.prevSummary != "" {
		covers = append(covers, b.prevSummary)
	}
	covers = append(covers, b.fresh...)
	ev := compactionEvent{Type: "compaction", ID: id, Covers: covers, Summary: summary, SelfScore: self}
	b.emit(ev)
	b.compactions = append(b.compactions, compactionInfo{Event: ev, TokensBefore: b.tokens, Fresh: append([]string(nil), b.fresh...)})
	if advance {
		b.prevSummary = id
		b.fresh = nil
	}
	return ev
}

// deal returns the next index of a shuffled deck of n cards named key, so
// that every entry of a text pool is used once before any repeats.
func (b *builder) deal(key string, n int) int {
	d := b.decks[key]
	if len(d) == 0 {
		d = b.rng.Perm(n)
	}
	b.decks[key] = d[1:]
	return d[0]
}

// pick returns one element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// between returns a uniform integer in [lo, hi].
func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

// stamp returns an ISO-8601 UTC timestamp on day (1 is 2026-11-16) at
// minute past midnight plus sec seconds.
func (b *builder) stamp(day, minute, sec int) string {
	return fmt.Sprintf("2026-11-%02dT%02d:%02d:%02dZ", 15+day, (minute/60)%24, minute%60, sec%60)
}
