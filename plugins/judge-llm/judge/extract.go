package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

// Extractor is judge-llm's optional extractor mode: the model proposes
// decision-relevant items, each with a quote that must be an exact
// substring of its span (the item is dropped otherwise). It runs beside
// extractor-regex, and the host takes the union: a model can add items,
// never remove another extractor's.
type Extractor struct {
	j *Judge
}

// NewExtractor returns the extractor mode of j (the same configuration,
// client, concurrency slots and cache).
func NewExtractor(j *Judge) *Extractor { return &Extractor{j: j} }

// Describe implements sdk.Plugin.
func (x *Extractor) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name: Name, Kind: sdk.KindExtractor, Version: Version, ProtocolVersion: sdk.ProtocolVersion,
		Description:  "model-proposed items over an OpenAI-compatible /v1/chat/completions endpoint; an item whose quote is not in its span is dropped",
		ConfigSchema: Schema,
	}, nil
}

// Configure implements sdk.Plugin.
func (x *Extractor) Configure(ctx context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	return x.j.Configure(ctx, req)
}

// readsFrom reports whether the model is shown a span: the sources that can
// set rules, failed tool results (failed attempts) and a compaction's
// candidate. Never the agent's narration, its reasoning, a subagent's
// report or command output: their "rules" are not the person's.
func readsFrom(s sdk.Span) bool {
	switch sdk.SpanSource(s) {
	case sdk.SourceHuman, sdk.SourceSystem, sdk.SourceProjectRule, sdk.SourceDocument,
		sdk.SourceCommandTemplate, sdk.SourceDelegation, sdk.SourceConfigFile, sdk.SourceSummary:
		return true
	case sdk.SourceToolResult:
		code := s.Meta["exit_code"]
		return code != "" && code != "0"
	}
	return false
}

// proposal is one item the model proposed, as cached per span text.
type proposal struct {
	Category string   `json:"category"`
	Quote    string   `json:"quote"`
	KeyTerms []string `json:"key_terms"`
}

var extractCategories = map[string]bool{
	sdk.CategoryProhibition: true, sdk.CategoryNumericCommitment: true,
	sdk.CategoryEntity: true, sdk.CategoryFailedAttempt: true,
}

// Extract implements sdk.Extractor: the spans it reads from, batch_size a
// call, each span's proposals cached by (model, prompt version, source,
// text).
func (x *Extractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	st, err := x.j.state()
	if err != nil {
		return &sdk.ExtractResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("", "%v", err)}}, nil
	}
	b := newBudget(st.cfg)
	found := map[string][]proposal{}
	var todo []sdk.Span
	keys := map[string]string{}
	for _, s := range req.Spans {
		if !readsFrom(s) || strings.TrimSpace(s.Text) == "" {
			continue
		}
		keys[s.ID] = "extract\x00" + st.cfg.Model + "\x00" + st.prompts.version + "\x00" + sdk.SpanSource(s) + "\x00" + digest(s.Text)
		if v, ok := st.cache.getAny(keys[s.ID]); ok {
			found[s.ID] = v.([]proposal)
			continue
		}
		todo = append(todo, s)
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for start := 0; start < len(todo); start += st.cfg.BatchSize {
		batch := todo[start:min(start+st.cfg.BatchSize, len(todo))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case st.sem <- struct{}{}:
				defer func() { <-st.sem }()
			case <-cctx.Done():
				return
			}
			got, err := x.extractBatch(cctx, st, b, batch)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if first == nil {
					first = err
				}
				cancel()
				return
			}
			for _, s := range batch {
				found[s.ID] = got[s.ID]
				st.cache.put(keys[s.ID], got[s.ID])
			}
		}()
	}
	wg.Wait()
	x.j.log.Info("extraction", "spans", len(req.Spans), "asked", len(todo), "calls", b.calls.Load(), "tokens", b.tokens.Load(), "latency_ms", time.Since(b.start).Milliseconds())
	if first != nil {
		return &sdk.ExtractResponse{Diagnostics: sdk.Diagnostics{diagnostic(first)}}, nil
	}
	resp := &sdk.ExtractResponse{Items: []sdk.Item{}}
	for _, s := range req.Spans {
		for _, p := range found[s.ID] {
			i := strings.Index(s.Text, p.Quote)
			if p.Quote == "" || i < 0 {
				continue // dropped in extractBatch; a cached answer holds none
			}
			resp.Items = append(resp.Items, sdk.Item{Category: p.Category, Text: p.Quote, Span: s.ID, Start: i, End: i + len(p.Quote), KeyTerms: p.KeyTerms, Extractor: Name})
		}
	}
	return resp, nil
}

// extractBatch asks about one batch of spans. A proposal naming a span not
// asked about, or an unknown category, makes the answer invalid; one whose
// quote is not in its span is dropped (the model's word is not the text).
func (x *Extractor) extractBatch(ctx context.Context, st state, b *budget, batch []sdk.Span) (map[string][]proposal, error) {
	shown := make([]promptSpan, len(batch))
	byID := map[string]sdk.Span{}
	for i, s := range batch {
		shown[i] = promptSpan{ID: s.ID, Source: sdk.SpanSource(s), Text: s.Text}
		byID[s.ID] = s
	}
	msgs, err := st.prompts.extractMessages(shown)
	if err != nil {
		return nil, err
	}
	content, err := st.client.complete(ctx, b, msgs, "items", st.prompts.extractSchema)
	if err != nil {
		return nil, err
	}
	var a struct {
		Items []struct {
			Span     string   `json:"span"`
			Category string   `json:"category"`
			Quote    string   `json:"quote"`
			KeyTerms []string `json:"key_terms"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(unfence(content)), &a); err != nil {
		return nil, fmt.Errorf("%w: %v; the answer began %q", ErrInvalidAnswer, err, clip(content, 120))
	}
	out := map[string][]proposal{}
	for _, s := range batch {
		out[s.ID] = []proposal{}
	}
	dropped := 0
	for _, it := range a.Items {
		s, ok := byID[it.Span]
		switch {
		case !ok:
			return nil, fmt.Errorf("%w: an item cites span %q, which was not asked", ErrInvalidAnswer, it.Span)
		case !extractCategories[it.Category]:
			return nil, fmt.Errorf("%w: category %q is not one of prohibition, numeric_commitment, entity, failed_attempt", ErrInvalidAnswer, it.Category)
		case strings.TrimSpace(it.Quote) == "" || !strings.Contains(s.Text, it.Quote):
			dropped++
			continue
		}
		out[it.Span] = append(out[it.Span], proposal{Category: it.Category, Quote: it.Quote, KeyTerms: it.KeyTerms})
	}
	if dropped > 0 {
		x.j.log.Warn("dropped proposed items whose quote is not in their span", "dropped", dropped)
	}
	return out, nil
}
