package guard

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

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
				resp, err := ask(ctx, g, ex, "Extract", sdk.Extractor.Extract, &sdk.ExtractRequest{Spans: chunk})
				if err != nil {
					return nil, err
				}
				if err := diagnosticsErr(ex.label(), resp.Diagnostics); err != nil {
					return nil, err
				}
				for _, it := range resp.Items {
					s, ok := byID[it.Span]
					if !ok {
						return nil, &outputError{plugin: ex.label(), msg: fmt.Sprintf("item cites span %q, which was not in the batch", it.Span)}
					}
					if it.Start < 0 || it.End < it.Start || it.End > len(s.Text) {
						return nil, &outputError{plugin: ex.label(), msg: fmt.Sprintf("item range [%d,%d) lies outside span %q (%d bytes)", it.Start, it.End, s.ID, len(s.Text))}
					}
					if it.Category == "" {
						return nil, &outputError{plugin: ex.label(), msg: "item without a category"}
					}
					if strings.TrimSpace(it.Text) == "" {
						it.Text = s.Text[it.Start:it.End]
					}
					if it.Extractor == "" {
						it.Extractor = ex.name
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
	var todoKeys []string // the cache key of each span of todo
	hashes := make([]string, len(spans))
	for i, s := range spans {
		hashes[i] = g.cacheKeyIn(ctx, s)
	}
	cache, err := tx.CachedItemsMany(hashes)
	if err != nil {
		return nil, fmt.Errorf("reading extraction cache: %w", err)
	}
	for i, s := range spans {
		cached, ok := cache[hashes[i]]
		if !ok {
			todo = append(todo, s)
			todoKeys = append(todoKeys, hashes[i])
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
	for n, s := range todo {
		union := dedupItems(found[s.ID])
		cacheable := make([]sdk.Item, len(union))
		for i, it := range union {
			it.Span = ""
			cacheable[i] = it
		}
		if err := tx.CacheItems(todoKeys[n], cacheable); err != nil {
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

// spanText is what a span's cache key is made of besides the extractor set.
type spanText struct{ kind, text string }

// cacheKeyIn is cacheKey, worked out once per update: a decision's passes
// (calls.go) each look up every span it covers, and hashing a 40k-token
// session's text again in each pass was a tenth of the decision. A map
// lookup hashes the text with the runtime's fast hash and compares it,
// far cheaper than SHA-256.
func (g *Guard) cacheKeyIn(ctx context.Context, s sdk.Span) string {
	c := callsFrom(ctx)
	if c == nil {
		return g.cacheKey(s)
	}
	k := spanText{s.Kind, s.Text}
	c.mu.Lock()
	key, ok := c.keys[k]
	c.mu.Unlock()
	if ok {
		return key
	}
	key = g.cacheKey(s)
	c.mu.Lock()
	if c.keys == nil {
		c.keys = map[spanText]string{}
	}
	c.keys[k] = key
	c.mu.Unlock()
	return key
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
	var out []sdk.Item
	for _, ex := range g.extractors {
		resp, err := ask(ctx, g, ex, "Extract", sdk.Extractor.Extract, candidateRequest(candidate))
		if err != nil {
			return nil, err
		}
		if err := diagnosticsErr(ex.label(), resp.Diagnostics); err != nil {
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

// candidateRequest asks an extractor for a candidate's items: the
// candidate as one span of the summary source.
func candidateRequest(candidate string) *sdk.ExtractRequest {
	span := sdk.Span{ID: CandidateSpanID, Kind: "assistant", Text: candidate, Meta: map[string]string{"source": sdk.SourceSummary}}
	return &sdk.ExtractRequest{Spans: []sdk.Span{span}}
}

// standingItems applies standing to extracted items; spans are the root
// originals they cite, pos their places in the session.
func standingItems(items []sdk.Item, spans map[string]sdk.Span, pos map[string]int) []sdk.Item {
	items = activeItems(items)
	keep := standing(len(items), func(i int) standingOf {
		it := items[i]
		s := standingOf{cat: it.Category, text: it.Text, span: it.Span, pos: pos[it.Span],
			delegation: sdk.SpanSource(spans[it.Span]) == sdk.SourceDelegation}
		if it.Frame != nil {
			s.slot, s.value = slotKey(it.Category, it.Extractor, it.Frame.Slot), slotValue(it.KeyTerms, it.Text)
			s.raised = s.delegation && raisedLater(it.Frame.Objects, s.pos, spans, pos)
		}
		return s
	})
	out := make([]sdk.Item, len(keep))
	for j, i := range keep {
		out[j] = items[i]
	}
	return out
}

// raisedLater reports a name of objects that a message of the person's,
// after position at, writes again: the matter a delegation's rule is about
// is still the session's ("wire Plausible events for the form" after a
// brief's "do not send it to Plausible"), so the rule outlives the task.
func raisedLater(objects []sdk.FrameObject, at int, spans map[string]sdk.Span, pos map[string]int) bool {
	for id, sp := range spans {
		if pos[id] <= at || sdk.SpanSource(sp) != sdk.SourceHuman {
			continue
		}
		text := sdk.Fold(sp.Text)
		for _, o := range objects {
			if name := sdk.Fold(o.Name); len(name) >= 3 && sdk.ContainsWord(text, name) {
				return true
			}
		}
	}
	return false
}

// activeItems drops the items whose frame a later message lifted or
// superseded: the rule no longer holds, so a compaction that drops it
// loses nothing (a summary may keep the new state instead).
func activeItems(items []sdk.Item) []sdk.Item {
	out := items[:0:0]
	for _, it := range items {
		if it.Frame != nil && (it.Frame.Status == sdk.StatusLifted || it.Frame.Status == sdk.StatusSuperseded) {
			continue
		}
		out = append(out, it)
	}
	return out
}

// standing is the part of invariant 1 that says which extracted items a
// compaction must keep, by where they stand in the session rather than by
// their words:
//
//   - A rule stated twice is one rule: an item whose category and text
//     repeat an earlier item's (a prompt template the agent sends to every
//     subagent) is dropped, the first occurrence kept.
//
//   - A delegation's rules bind the subagent it briefs. Only a rule the
//     agent gives in more than one delegation is the agent's standing rule
//     for its subagents ("Do NOT commit. The coordinator commits."), which
//     it must keep to brief the next one; a rule written for one task
//     ("do not modify anything" to a research subagent) ends with it,
//     unless the person later raises what it is about (its objects named
//     in a later message of theirs): then the matter is still open.
//
//   - A working-state slot has one value: of the items reporting the same
//     slot (the branch the agent is on, the test baseline), only the
//     latest value stands, and it stands once, as first reported since it
//     last changed ("git checkout feat/x" stands for the "On branch feat/x"
//     outputs after it). An earlier branch is history, not where the agent
//     resumes.
//
// It returns the indexes of the n items to keep, in order; at(i) describes
// item i. The compaction judgement applies it to the root originals a
// compaction covers, Guard.Items to those of the whole live view: a rule
// the agent gave in two delegations is standing in the live view, and also
// in a compaction that covers both; one that covers a single one of them
// judges that brief as one task's.
func standing(n int, at func(i int) standingOf) []int {
	type key struct{ cat, text string }
	briefs := map[key]map[string]bool{} // rule -> delegation spans giving it
	slots := map[string][]int{}         // slot -> its items
	for i := 0; i < n; i++ {
		s := at(i)
		if s.slot != "" {
			slots[s.slot] = append(slots[s.slot], i)
		}
		if !s.delegation {
			continue
		}
		k := key{s.cat, sdk.Fold(s.text)}
		if briefs[k] == nil {
			briefs[k] = map[string]bool{}
		}
		briefs[k][s.span] = true
	}
	current := map[string]int{} // slot -> the item that stands for it
	for slot, items := range slots {
		current[slot] = currentValue(items, at)
	}
	seen := map[key]bool{}
	var keep []int
	for i := 0; i < n; i++ {
		s := at(i)
		k := key{s.cat, sdk.Fold(s.text)}
		if seen[k] || s.delegation && !s.raised && len(briefs[k]) < 2 || s.slot != "" && current[s.slot] != i {
			continue
		}
		seen[k] = true
		keep = append(keep, i)
	}
	return keep
}

// currentValue picks, of one slot's items, the one that stands: the first
// report of the slot's latest value since the value last changed.
func currentValue(items []int, at func(i int) standingOf) int {
	items = slices.Clone(items)
	slices.SortStableFunc(items, func(a, b int) int { return at(a).pos - at(b).pos })
	last := len(items) - 1
	value := sdk.Fold(at(items[last]).value)
	for last > 0 && sdk.Fold(at(items[last-1]).value) == value {
		last--
	}
	return items[last]
}

// standingOf is what standing needs to know of one item: its category and
// text, its span, whether that span is a delegation, the working-state slot
// it reports with the slot's value (its first key term), and its span's
// position in the session (for slots).
type standingOf struct {
	cat, text, span string
	delegation      bool
	// raised: a later message of the person's names the delegated rule's
	// objects, so it stands though given in one brief.
	raised      bool
	slot, value string
	pos         int
}

// slotKey is the slot an item's set-aside is judged in: working state is
// an entity, so a rule that names a slot is never set aside by it, and an
// extractor's slot is its own, so one plugin cannot set aside another's
// items by naming the same slot (a plugin adds items, never removes
// another's). "" for an item that reports no slot.
func slotKey(category, extractor, slot string) string {
	if slot == "" || category != sdk.CategoryEntity {
		return ""
	}
	return extractor + "\x00" + slot
}

// slotValue is the value a working-state item reports: its first key term,
// or its text.
func slotValue(terms []string, text string) string {
	if len(terms) > 0 {
		return terms[0]
	}
	return text
}

// standingDecisionItems applies standing to decision items, whose source
// is already resolved, in the session's order.
func standingDecisionItems(items []DecisionItem) []DecisionItem {
	keep := standing(len(items), func(i int) standingOf {
		it := items[i]
		s := standingOf{cat: it.Category, text: it.Text, span: it.Span, pos: i,
			delegation: it.Source == sdk.SourceDelegation}
		s.slot, s.value = slotKey(it.Category, it.Extractor, it.Slot), slotValue(it.KeyTerms, it.Text)
		return s
	})
	out := make([]DecisionItem, len(keep))
	for j, i := range keep {
		out[j] = items[i]
	}
	return out
}
