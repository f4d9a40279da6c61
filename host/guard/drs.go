package guard

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// pluginError is a plugin call that failed (crash, timeout, transport) or
// answered with an error diagnostic: the decision refuses with
// plugin_failure.
type pluginError struct {
	plugin string
	err    error
}

func (e *pluginError) Error() string { return fmt.Sprintf("plugin %s: %v", e.plugin, e.err) }
func (e *pluginError) Unwrap() error { return e.err }

// outputError is a plugin answer that breaks the contract (a score that is
// not a number in [0,1], an item pointing outside its span): the decision
// refuses with invalid_plugin_output.
type outputError struct {
	plugin string
	msg    string
}

func (e *outputError) Error() string { return fmt.Sprintf("plugin %s: %s", e.plugin, e.msg) }

// ExtractChunk bounds one extractor call. A large append (tens of
// thousands of spans) sent as one call would take longer than the
// plugin's timeout by its size alone: the call would fail, the plugin
// would be killed and restarted (failing every other session's call in
// flight), and a compaction covering those spans could never be judged.
// So spans are sent in chunks of at most Spans spans and about Bytes bytes
// of text (a single span larger than Bytes goes alone).
type ExtractChunk struct {
	Spans int
	Bytes int
}

// DefaultExtractChunk is Options.ExtractChunk's default: a chunk the
// reference extractors read in well under a second on a loaded machine,
// against a default plugin timeout of 5 s.
var DefaultExtractChunk = ExtractChunk{Spans: 256, Bytes: 256 << 10}

// chunks cuts spans into consecutive runs within the bounds, in order.
func (c ExtractChunk) chunks(spans []sdk.Span) [][]sdk.Span {
	var out [][]sdk.Span
	start, size := 0, 0
	for i, s := range spans {
		if i > start && (i-start >= c.Spans || size+len(s.Text) > c.Bytes) {
			out = append(out, spans[start:i])
			start, size = i, 0
		}
		size += len(s.Text)
	}
	if start < len(spans) {
		out = append(out, spans[start:])
	}
	return out
}

// extractFresh asks every extractor for the items of todo, chunk by chunk
// (ExtractChunk), as one piece of outside work (calls.go): no store
// transaction is open while the extractors read. The answer is the items
// of each span id, validated against the span. A span is in exactly one
// chunk and items cite span ids, so merging the chunks' answers is their
// union; items stay in the order the extractors gave them, extractor by
// extractor and chunk by chunk, and extract orders each span's items by
// position (dedupItems): the result does not depend on the chunking.
func (g *Guard) extractFresh(ctx context.Context, todo []sdk.Span) (map[string][]sdk.Item, error) {
	return outside(ctx, g, "extract:"+requestKey(todo), func(ctx context.Context) (map[string][]sdk.Item, error) {
		byID := make(map[string]sdk.Span, len(todo))
		for _, s := range todo {
			byID[s.ID] = s
		}
		found := map[string][]sdk.Item{}
		chunks := g.extractChunk.chunks(todo)
		for _, ex := range g.extractors {
			for _, chunk := range chunks {
				resp, err := ex.Extract(ctx, &sdk.ExtractRequest{Spans: chunk})
				if err != nil {
					return nil, &pluginError{plugin: "extractor." + ex.Name, err: err}
				}
				if err := diagnosticsErr("extractor."+ex.Name, resp.Diagnostics); err != nil {
					return nil, err
				}
				for _, it := range resp.Items {
					s, ok := byID[it.Span]
					if !ok {
						return nil, &outputError{plugin: "extractor." + ex.Name, msg: fmt.Sprintf("item cites span %q, which was not in the batch", it.Span)}
					}
					if it.Start < 0 || it.End < it.Start || it.End > len(s.Text) {
						return nil, &outputError{plugin: "extractor." + ex.Name, msg: fmt.Sprintf("item range [%d,%d) lies outside span %q (%d bytes)", it.Start, it.End, s.ID, len(s.Text))}
					}
					if it.Category == "" {
						return nil, &outputError{plugin: "extractor." + ex.Name, msg: "item without a category"}
					}
					if strings.TrimSpace(it.Text) == "" {
						it.Text = s.Text[it.Start:it.End]
					}
					if it.Extractor == "" {
						it.Extractor = ex.Name
					}
					found[it.Span] = append(found[it.Span], it)
				}
			}
		}
		return found, nil
	})
}

// extract returns the decision-relevant items of spans: the union over
// every extractor, from the session's cache where a span's text was seen
// before (a span is never extracted twice in a session). Any extractor
// failing fails the whole call: a partial union could look emptier than
// the truth.
func (g *Guard) extract(ctx context.Context, tx ledger.Tx, spans []sdk.Span) ([]sdk.Item, error) {
	var items []sdk.Item
	var todo []sdk.Span
	hashes := make([]string, len(spans))
	for i, s := range spans {
		hashes[i] = g.cacheKey(s)
	}
	cache, err := tx.CachedItemsMany(hashes)
	if err != nil {
		return nil, fmt.Errorf("reading extraction cache: %w", err)
	}
	for i, s := range spans {
		cached, ok := cache[hashes[i]]
		if !ok {
			todo = append(todo, s)
			continue
		}
		for _, it := range cached {
			it.Span = s.ID
			items = append(items, it)
		}
	}
	if len(todo) == 0 {
		return items, nil
	}
	found, err := g.extractFresh(ctx, todo)
	if err != nil {
		return nil, err
	}
	for _, s := range todo {
		union := dedupItems(found[s.ID])
		cacheable := make([]sdk.Item, len(union))
		for i, it := range union {
			it.Span = ""
			cacheable[i] = it
		}
		if err := tx.CacheItems(g.cacheKey(s), cacheable); err != nil {
			return nil, fmt.Errorf("writing extraction cache: %w", err)
		}
		items = append(items, union...)
	}
	return items, nil
}

// cacheKey names a span's extraction in the session's cache: its kind and
// text, and the identity of the extractor set that extracted it, so adding
// or upgrading an extractor re-extracts rather than serving the old
// union (a plugin can add items, never have them hidden by a cache).
func (g *Guard) cacheKey(s sdk.Span) string {
	return ledger.TextHash(g.extractorSet+"\x00"+s.Kind, s.Text)
}

// dedupItems keeps one item per (category, range): two extractors that
// found the same fact add nothing; different facts all stay (a plugin can
// add items, never remove another's).
func dedupItems(items []sdk.Item) []sdk.Item {
	type key struct {
		cat, span  string
		start, end int
	}
	seen := map[key]bool{}
	var out []sdk.Item
	for _, it := range items {
		k := key{it.Category, it.Span, it.Start, it.End}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, it)
	}
	// Every item here comes from one span: order by position in it.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}

func isPluginErr(err error) (string, bool) {
	var pe *pluginError
	if errors.As(err, &pe) {
		return pe.plugin, true
	}
	return "", false
}

func isOutputErr(err error) (string, bool) {
	var oe *outputError
	if errors.As(err, &oe) {
		return oe.plugin, true
	}
	return "", false
}

// CandidateSpanID is the span id candidate items cite: their Start and End
// are byte offsets into the candidate text.
const CandidateSpanID = "candidate"

// extractCandidate reads the candidate with the same extractors as the
// originals, as a span of source "summary": every clause they read as a
// constraint, with its frame. The scorer compares the originals' frames
// against these, and the host's floor reads the restriction of a cited
// clause from them. Nothing is cached: a candidate is judged once.
func (g *Guard) extractCandidate(ctx context.Context, candidate string) ([]sdk.Item, error) {
	if candidate == "" {
		return nil, nil
	}
	span := sdk.Span{ID: CandidateSpanID, Kind: "assistant", Text: candidate, Meta: map[string]string{"source": sdk.SourceSummary}}
	var out []sdk.Item
	for _, ex := range g.extractors {
		resp, err := ex.Extract(ctx, &sdk.ExtractRequest{Spans: []sdk.Span{span}})
		if err != nil {
			return nil, &pluginError{plugin: "extractor." + ex.Name, err: err}
		}
		if err := diagnosticsErr("extractor."+ex.Name, resp.Diagnostics); err != nil {
			return nil, err
		}
		for _, it := range resp.Items {
			if it.Span == CandidateSpanID && it.Start >= 0 && it.End <= len(candidate) && it.Start <= it.End {
				out = append(out, it)
			}
		}
	}
	return out, nil
}
