package judge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	lrucache "github.com/hashicorp/golang-lru/v2"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/sdk"
)

// Name and Version describe the plugin.
const (
	Name    = "judge-llm"
	Version = "0.1.0"
)

// Judge is the judge-llm scorer. It is safe for concurrent use.
type Judge struct {
	getenv func(string) string
	log    hclog.Logger

	mu      sync.RWMutex
	cfg     Config
	client  *client
	prompts *prompts
	sem     chan struct{}
	cache   *lru
}

// New returns an unconfigured Judge; Score fails until Configure succeeds
// (the host always configures a plugin before use).
func New() *Judge {
	return &Judge{getenv: os.Getenv, log: hclog.New(&hclog.LoggerOptions{Name: Name, JSONFormat: true, Output: os.Stderr})}
}

// Describe implements sdk.Plugin.
func (j *Judge) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name: Name, Kind: sdk.KindScorer, Version: Version, ProtocolVersion: sdk.ProtocolVersion,
		Description:  "model-backed scorer over an OpenAI-compatible /v1/chat/completions endpoint; every quote it gives is checked by the plugin and again by the host",
		ConfigSchema: Schema,
	}, nil
}

// Configure implements sdk.Plugin. It reaches no endpoint. On an error
// diagnostic the previous configuration stays active.
func (j *Judge) Configure(_ context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	cfg, diags := ParseConfig(req, j.getenv)
	if diags.HasErrors() {
		return &sdk.ConfigureResponse{Diagnostics: diags}, nil
	}
	p, err := loadPrompts(cfg.PromptVersion)
	if err != nil {
		return &sdk.ConfigureResponse{Diagnostics: append(diags, sdk.Errorf("prompt_version", "%v", err))}, nil
	}
	j.mu.Lock()
	j.cfg, j.client, j.prompts = cfg, newClient(cfg), p
	j.sem = make(chan struct{}, cfg.Concurrency)
	j.cache = newLRU(cfg.CacheSize)
	j.mu.Unlock()
	return &sdk.ConfigureResponse{Diagnostics: diags}, nil
}

// state is what one call reads of the configuration.
type state struct {
	cfg     Config
	client  *client
	prompts *prompts
	sem     chan struct{}
	cache   *lru
}

func (j *Judge) state() (state, error) {
	j.mu.RLock()
	defer j.mu.RUnlock()
	if j.client == nil {
		return state{}, errors.New("judge-llm is not configured: its plugin block needs base_url and model")
	}
	return state{j.cfg, j.client, j.prompts, j.sem, j.cache}, nil
}

// verdict is the model's answer on one item, as cached.
type verdict struct {
	Verdict string `json:"verdict"`
	Quote   string `json:"quote"`
	Reason  string `json:"reason"`
}

// answer is the schema of a Score answer.
type answer struct {
	Items []struct {
		ID      string  `json:"id"`
		Verdict string  `json:"verdict"`
		Quote   *string `json:"quote"`
		Reason  string  `json:"reason"`
	} `json:"items"`
}

// Score implements sdk.Scorer: items in batches of batch_size, at most
// concurrency calls in flight over the plugin, each verdict cached.
func (j *Judge) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	st, err := j.state()
	if err != nil {
		return &sdk.ScoreResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("", "%v", err)}}, nil
	}
	resp := &sdk.ScoreResponse{Score: 1, Items: []sdk.ItemScore{}}
	if len(req.Items) == 0 {
		return resp, nil
	}
	b := newBudget(st.cfg)
	candHash := digest(req.Candidate)
	verdicts := make([]*verdict, len(req.Items))
	keys := make([]string, len(req.Items))
	var todo []int
	for i, it := range req.Items {
		keys[i] = cacheKey(st.cfg.Model, st.prompts.version, it, candHash)
		if v, ok := st.cache.get(keys[i]); ok {
			verdicts[i] = &v
			continue
		}
		todo = append(todo, i)
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
	}
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
				fail(fmt.Errorf("%w: waiting for a free call slot: %v", ErrEndpoint, cctx.Err()))
				return
			}
			got, err := j.judgeBatch(cctx, st, b, req, batch)
			if err != nil {
				fail(err)
				cancel() // one failed batch fails the decision: stop the rest
				return
			}
			for _, i := range batch {
				verdicts[i] = got[i]
				st.cache.put(keys[i], *got[i])
			}
		}()
	}
	wg.Wait()
	usage := &sdk.Usage{Calls: b.calls.Load(), Tokens: b.tokens.Load(), LatencyMS: time.Since(b.start).Milliseconds()}
	j.log.Info("decision", "items", len(req.Items), "cached", len(req.Items)-len(todo), "calls", usage.Calls, "tokens", usage.Tokens, "latency_ms", usage.LatencyMS)
	if first != nil {
		return &sdk.ScoreResponse{Diagnostics: sdk.Diagnostics{diagnostic(first)}}, nil
	}
	kept := 0
	for i, v := range verdicts {
		is := toItemScore(i, *v, req.Candidate)
		if is.Preserved {
			kept++
		}
		resp.Items = append(resp.Items, is)
	}
	resp.Score = float64(kept) / float64(len(req.Items))
	resp.Usage = usage
	return resp, nil
}

// toItemScore turns a verdict into the host's terms. A "kept" needs a
// quote that is an exact substring of the candidate: anything else is the
// model's word alone, and the item counts as lost.
func toItemScore(i int, v verdict, candidate string) sdk.ItemScore {
	is := sdk.ItemScore{Index: i, Fate: v.Verdict, Note: v.Reason}
	if v.Verdict != sdk.FateKept {
		return is
	}
	switch {
	case strings.TrimSpace(v.Quote) == "":
		is.Fate, is.Note = sdk.FateLost, "the model said kept but quoted nothing from the candidate"
	case !strings.Contains(candidate, v.Quote):
		is.Fate, is.Note = sdk.FateLost, fmt.Sprintf("the model said kept, quoting %q, which is not in the candidate", clip(v.Quote, 120))
	default:
		is.Preserved, is.Score, is.Evidence = true, 1, v.Quote
	}
	return is
}

// judgeBatch asks about one batch of items and checks the answer covers
// exactly those items with known verdicts.
func (j *Judge) judgeBatch(ctx context.Context, st state, b *budget, req *sdk.ScoreRequest, batch []int) (map[int]*verdict, error) {
	items := make([]promptItem, len(batch))
	for k, i := range batch {
		it := req.Items[i]
		items[k] = promptItem{ID: strconv.Itoa(i), Category: it.Category, Text: it.Text, KeyTerms: it.KeyTerms}
	}
	msgs, err := st.prompts.scoreMessages(req.Candidate, items)
	if err != nil {
		return nil, err
	}
	content, err := st.client.complete(ctx, b, msgs, "verdicts", st.prompts.verdictsSchema)
	if err != nil {
		return nil, err
	}
	var a answer
	if err := json.Unmarshal([]byte(unfence(content)), &a); err != nil {
		return nil, fmt.Errorf("%w: %v; the answer began %q", ErrInvalidAnswer, err, clip(content, 120))
	}
	want := map[string]int{}
	for _, i := range batch {
		want[strconv.Itoa(i)] = i
	}
	out := map[int]*verdict{}
	for _, e := range a.Items {
		i, ok := want[e.ID]
		switch {
		case !ok:
			return nil, fmt.Errorf("%w: a verdict for id %q, which was not asked", ErrInvalidAnswer, e.ID)
		case out[i] != nil:
			return nil, fmt.Errorf("%w: two verdicts for id %q", ErrInvalidAnswer, e.ID)
		case !knownFate(e.Verdict):
			return nil, fmt.Errorf("%w: verdict %q for id %q is not one of %s", ErrInvalidAnswer, e.Verdict, e.ID, strings.Join(sdk.Fates, ", "))
		case e.Quote == nil:
			return nil, fmt.Errorf("%w: no quote field for id %q", ErrInvalidAnswer, e.ID)
		}
		out[i] = &verdict{Verdict: e.Verdict, Quote: *e.Quote, Reason: strings.TrimSpace(e.Reason)}
	}
	for id, i := range want {
		if out[i] == nil {
			return nil, fmt.Errorf("%w: no verdict for id %q (%d of %d answered)", ErrInvalidAnswer, id, len(out), len(batch))
		}
	}
	return out, nil
}

// SelfScore implements sdk.Scorer: the model's reading of the candidate
// alone, the self-referential number the host only records beside the
// anchored score (it never gates).
func (j *Judge) SelfScore(ctx context.Context, req *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	st, err := j.state()
	if err != nil {
		return &sdk.SelfScoreResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("", "%v", err)}}, nil
	}
	key := "self\x00" + st.cfg.Model + "\x00" + st.prompts.version + "\x00" + digest(req.Candidate)
	if v, ok := st.cache.get(key); ok {
		f, _ := strconv.ParseFloat(v.Quote, 64)
		return &sdk.SelfScoreResponse{Score: f}, nil
	}
	msgs, err := st.prompts.selfMessages(req.Candidate)
	if err != nil {
		return &sdk.SelfScoreResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("", "%v", err)}}, nil
	}
	b := newBudget(st.cfg)
	select {
	case st.sem <- struct{}{}:
		defer func() { <-st.sem }()
	case <-ctx.Done():
		return &sdk.SelfScoreResponse{Diagnostics: sdk.Diagnostics{diagnostic(fmt.Errorf("%w: waiting for a free call slot: %v", ErrEndpoint, ctx.Err()))}}, nil
	}
	content, err := st.client.complete(ctx, b, msgs, "self_score", st.prompts.selfSchema)
	if err != nil {
		return &sdk.SelfScoreResponse{Diagnostics: sdk.Diagnostics{diagnostic(err)}}, nil
	}
	var a struct {
		Score *float64 `json:"score"`
	}
	if err := json.Unmarshal([]byte(unfence(content)), &a); err != nil || a.Score == nil || math.IsNaN(*a.Score) || *a.Score < 0 || *a.Score > 1 {
		return &sdk.SelfScoreResponse{Diagnostics: sdk.Diagnostics{diagnostic(fmt.Errorf("%w: the self score answer %q is not {\"score\": a number in [0,1]}", ErrInvalidAnswer, clip(content, 120)))}}, nil
	}
	st.cache.put(key, verdict{Quote: strconv.FormatFloat(*a.Score, 'g', -1, 64)})
	return &sdk.SelfScoreResponse{Score: *a.Score}, nil
}

// diagnostic turns a failure into the error diagnostic the host fails
// closed on; a model answer outside the schema carries
// sdk.CodeInvalidOutput.
func diagnostic(err error) sdk.Diagnostic {
	d := sdk.Errorf("", "%v", err)
	if errors.Is(err, ErrInvalidAnswer) {
		d.Code = sdk.CodeInvalidOutput
	}
	return d
}

func knownFate(f string) bool {
	for _, k := range sdk.Fates {
		if f == k {
			return true
		}
	}
	return false
}

// unfence strips one Markdown code fence around a JSON answer, which
// models in plain JSON mode sometimes add; anything else is left for
// the JSON decoder to refuse.
func unfence(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return s
	}
	t = strings.TrimSuffix(strings.TrimPrefix(t, "```"), "```")
	t = strings.TrimPrefix(t, "json")
	return strings.TrimSpace(t)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func digest(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// cacheKey is (model, prompt version, item, candidate hash): a verdict is
// reused only for the same question to the same model about the same text.
func cacheKey(model, version string, it sdk.Item, candHash string) string {
	b, _ := json.Marshal(struct {
		Category string   `json:"c"`
		Text     string   `json:"t"`
		KeyTerms []string `json:"k"`
	}{it.Category, it.Text, it.KeyTerms})
	return model + "\x00" + version + "\x00" + digest(string(b)) + "\x00" + candHash
}

// lru is a bounded, concurrency-safe cache of verdicts and extractor
// proposals (golang-lru). A nil *lru (cache_size 0) caches nothing.
type lru struct{ c *lrucache.Cache[string, any] }

func newLRU(capacity int) *lru {
	if capacity <= 0 {
		return nil
	}
	c, err := lrucache.New[string, any](capacity)
	if err != nil {
		return nil // only a non-positive size fails, excluded above
	}
	return &lru{c}
}

func (c *lru) get(k string) (verdict, bool) {
	v, ok := c.getAny(k)
	vv, isVerdict := v.(verdict)
	return vv, ok && isVerdict
}

func (c *lru) getAny(k string) (any, bool) {
	if c == nil {
		return nil, false
	}
	return c.c.Get(k)
}

func (c *lru) put(k string, v any) {
	if c != nil {
		c.c.Add(k, v)
	}
}
