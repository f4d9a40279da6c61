package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// The noisy neighbour (issue 17): while the sessions of Config.Token run
// their usual mix, a second tenant (Noisy.Token) works against the same
// server as hard as one request at a time allows, in two loops:
//
//   - big: a session gets one batch of Noisy.Spans spans (100,000 by
//     default; 1 in 100 carries a rule, so extraction has work), then one
//     compaction covering all of them; then a new session, again;
//   - policy: a session of Noisy.ViewSpans spans takes a phase signal and
//     proposes a pathological but parse-legal policy: its match is
//     contains() over a list literal of Noisy.PolicyElems numbers, so
//     each evaluation costs the list's length for every span of the view.
//
// What it shows is the other tenant's latency and whether it saw any
// plugin_failure: the noisy tenant's work must not stall it.

// NoisyConfig is the noisy tenant's work.
type NoisyConfig struct {
	Token string
	// Spans is the size of the big batch; BatchMax, when positive, sends
	// it in batches of at most that many spans (for a server that caps
	// the spans of one request).
	Spans    int
	BatchMax int
	// ViewSpans is the size of the session the slow policy is evaluated
	// on; PolicyElems the length of its list literal.
	ViewSpans   int
	PolicyElems int
}

// NoisyResult is what the noisy tenant did: per operation, the answers'
// statuses and latencies.
type NoisyResult struct {
	Stats map[string]*Stat
	// Reasons counts the decisions' reasons ("policy_edit/invalid_policy").
	Reasons map[string]int
}

type noisy struct {
	cfg  *Config
	hc   *http.Client
	mu   sync.Mutex
	res  NoisyResult
	runN string
}

func runNoisy(ctx context.Context, cfg *Config, runID string) *NoisyResult {
	n := &noisy{cfg: cfg, hc: &http.Client{}, runN: runID, res: NoisyResult{Stats: map[string]*Stat{}, Reasons: map[string]int{}}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); n.bigLoop(ctx) }()
	go func() { defer wg.Done(); n.policyLoop(ctx) }()
	wg.Wait()
	return &n.res
}

func (n *noisy) bigLoop(ctx context.Context) {
	for round := 0; ctx.Err() == nil; round++ {
		id := fmt.Sprintf("noisy-%s-big%d", n.runN, round)
		if st, _ := n.post(ctx, "create", "/v1/sessions", map[string]string{"id": id}); st != http.StatusCreated {
			return
		}
		spans := make([]wireSpan, n.cfg.Noisy.Spans)
		ids := make([]string, len(spans))
		for i := range spans {
			text := fmt.Sprintf("Step %d of the bulk import: copied batch %d of the rows into the staging table.", i, i)
			if i%100 == 0 {
				text = fmt.Sprintf("Do not drop the staging table staging_%d_%d before the import is checked.", round, i)
			}
			spans[i] = wireSpan{ID: fmt.Sprintf("b%d", i), Kind: "user", Text: text}
			ids[i] = spans[i].ID
		}
		batch := len(spans)
		if n.cfg.Noisy.BatchMax > 0 {
			batch = n.cfg.Noisy.BatchMax
		}
		for start := 0; start < len(spans) && ctx.Err() == nil; start += batch {
			end := min(start+batch, len(spans))
			n.post(ctx, "append", "/v1/sessions/"+id+"/spans", map[string]any{"spans": spans[start:end]})
		}
		// The compaction follows its batch even when the run has just
		// ended: the batch was sent to be covered.
		n.post(ctx, "compaction", "/v1/sessions/"+id+"/compactions", map[string]any{
			"covers": ids, "summary": "The bulk import copied every batch into the staging table.",
			"request_id": id + "-c",
		})
	}
}

func (n *noisy) policyLoop(ctx context.Context) {
	id := fmt.Sprintf("noisy-%s-policy", n.runN)
	if st, _ := n.post(ctx, "create", "/v1/sessions", map[string]string{"id": id}); st != http.StatusCreated {
		return
	}
	for start := 0; start < n.cfg.Noisy.ViewSpans && ctx.Err() == nil; start += 1000 {
		var spans []wireSpan
		for i := start; i < min(start+1000, n.cfg.Noisy.ViewSpans); i++ {
			spans = append(spans, wireSpan{ID: fmt.Sprintf("v%d", i), Kind: "tool_result", Text: fmt.Sprintf("row %d: ok", i)})
		}
		n.post(ctx, "append", "/v1/sessions/"+id+"/spans", map[string]any{"spans": spans})
	}
	hcl := slowPolicyHCL(n.cfg.Noisy.PolicyElems)
	for i := 0; ctx.Err() == nil; i++ {
		n.post(ctx, "phase_signal", "/v1/sessions/"+id+"/phase-signals", map[string]string{"request_id": fmt.Sprintf("%s-s%d", id, i)})
		n.post(ctx, "policy_edit", "/v1/sessions/"+id+"/policy-edits", map[string]any{
			"policy_hcl": hcl, "signal": "latest", "request_id": fmt.Sprintf("%s-e%d", id, i),
		})
	}
}

// slowPolicyHCL is a policy that parses within the default limits (a
// flat list, no nesting, no conditional) and is slow to evaluate: its
// match looks the span's turn up in a list of elems numbers, none of
// which is a turn, for every span of the view.
func slowPolicyHCL(elems int) string {
	var b strings.Builder
	b.WriteString("policy \"slow\" {\n  top_k = 10\n  category \"all\" {\n    match = contains([")
	for i := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d", 1000000+i)
	}
	b.WriteString("], span.turn)\n    cap   = 100\n    score = span.recency\n  }\n}\n")
	return b.String()
}

// post sends one request as the noisy tenant and records its answer.
func (n *noisy) post(ctx context.Context, op, path string, body any) (int, json.RawMessage) {
	raw, _ := json.Marshal(body)
	rctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, n.cfg.URL+path, bytes.NewReader(raw))
	if err != nil {
		return 0, nil
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+n.cfg.Noisy.Token)
	t0 := time.Now()
	resp, err := n.hc.Do(req)
	lat := time.Since(t0)
	status := 0
	var out []byte
	if err == nil {
		status = resp.StatusCode
		out, _ = io.ReadAll(io.LimitReader(resp.Body, 64<<20))
		resp.Body.Close()
	}
	var d struct {
		Reason string `json:"reason"`
	}
	_ = json.Unmarshal(out, &d)
	n.mu.Lock()
	defer n.mu.Unlock()
	st := n.res.Stats[op]
	if st == nil {
		st = &Stat{}
		n.res.Stats[op] = st
	}
	st.Count++
	if err != nil || status >= 500 {
		st.Errors++
	} else {
		st.latencies = append(st.latencies, lat)
	}
	key := fmt.Sprintf("%s/%d", op, status)
	if d.Reason != "" {
		key += "/" + d.Reason
	}
	n.res.Reasons[key]++
	return status, out
}
