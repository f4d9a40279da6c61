package guard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// AppendResult reports an append.
type AppendResult struct {
	Appended   int   `json:"appended"`
	Duplicates int   `json:"duplicates"`
	Version    int64 `json:"version"`
	LiveTokens int   `json:"live_tokens"`
	// Items found in the new spans (extraction runs at append time and is
	// cached, so a compaction decision need not wait for it).
	Items int `json:"items"`
	// OverBudgetBy is how far the live view now exceeds the budget. The
	// guard never truncates: the orchestrator must compact (a selection
	// under the active policy, or a summary) before it sends the view on.
	OverBudgetBy int `json:"over_budget_by,omitempty"`
}

// DefaultAppendCommitSpans is Options.AppendCommitSpans's default. Every
// other tenant's write waits while one part holds SQLite's single
// writer: on 2 loaded CPUs a part of 500 records and their extractions
// held it 85 ms at the median and 620 ms at p99, the largest share of
// another tenant's 380 ms p99 wait for the writer (docs/load.md). A part
// of 128 holds it about a quarter as long; a smaller part would add more
// commits (each an fsync and a state write) for little gain.
const DefaultAppendCommitSpans = 128

// Append adds spans to the ledger, pinning them. Re-sending a span with
// the same content is a no-op; the same id with other content is an input
// error and nothing of the batch is written. Tokens are counted here,
// once per span, and extraction runs here, once per distinct text.
//
// A batch of more than Options.AppendCommitSpans spans is committed in
// parts, in order, each its own update (and version). Should one part
// fail (the request's deadline, the store, or another request pinning one
// of its ids with other content in between), the parts before it stay
// pinned and the error is returned: re-sending the batch is safe, as the
// pinned spans are duplicates.
func (g *Guard) Append(ctx context.Context, tenant, session string, spans []sdk.Span) (AppendResult, error) {
	var res AppendResult
	seen := map[string]int{}
	for i, s := range spans {
		if err := checkSpanAt("spans", i, s); err != nil {
			return res, err
		}
		if j, dup := seen[s.ID]; dup {
			return res, inputErr(indexField("spans", i)+".id", "duplicate id %q (also spans[%d])", s.ID, j)
		}
		seen[s.ID] = i
	}
	if len(spans) <= g.appendChunk {
		return g.appendPart(ctx, tenant, session, spans, 0)
	}
	// A large batch is committed in parts of appendChunk spans, each its
	// own store update: one update writing 100,000 records and their
	// extractions held SQLite's single writer for seconds, stalling every
	// other tenant. Conflicts are checked on the whole batch first, so
	// bad input still writes nothing.
	if err := g.checkConflicts(ctx, tenant, session, spans); err != nil {
		return res, err
	}
	for start := 0; start < len(spans); start += g.appendChunk {
		part, err := g.appendPart(ctx, tenant, session, spans[start:min(start+g.appendChunk, len(spans))], start)
		if err != nil {
			return AppendResult{}, err
		}
		res.Appended += part.Appended
		res.Duplicates += part.Duplicates
		res.Items += part.Items
		res.Version, res.LiveTokens, res.OverBudgetBy = part.Version, part.LiveTokens, part.OverBudgetBy
	}
	return res, nil
}

// checkConflicts reports the first span of a batch whose id the ledger
// holds with other content, reading a snapshot.
func (g *Guard) checkConflicts(ctx context.Context, tenant, session string, spans []sdk.Span) error {
	ids := make([]string, len(spans))
	for i, s := range spans {
		ids[i] = s.ID
	}
	return g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		pinned, err := tx.RecordsByID(ids)
		if err != nil {
			return err
		}
		for i, s := range spans {
			if old, ok := pinned[s.ID]; ok && old.ContentHash != ledger.ContentHash(s) {
				return inputErr(fmt.Sprintf("spans[%d].id", i), "span %q is already pinned with different content (the ledger is append-only)", s.ID)
			}
		}
		return nil
	})
}

// appendPart appends validated spans in one store update; offset is the
// position of spans[0] in the request, for error fields.
func (g *Guard) appendPart(ctx context.Context, tenant, session string, spans []sdk.Span, offset int) (AppendResult, error) {
	var res AppendResult
	ids := make([]string, len(spans))
	for i, s := range spans {
		ids[i] = s.ID
	}
	err := g.update(ctx, tenant, session, func(ctx context.Context, tx ledger.Tx) error {
		res = AppendResult{}
		st, err := tx.State()
		if err != nil {
			return err
		}
		// One lookup for the whole batch; only spans the ledger does not
		// hold yet are tokenized (a re-sent span is neither counted nor
		// extracted again).
		pinned, err := tx.RecordsByID(ids)
		if err != nil {
			return err
		}
		var fresh []ledger.Record
		for i, s := range spans {
			if old, ok := pinned[s.ID]; ok {
				if old.ContentHash == ledger.ContentHash(s) {
					res.Duplicates++
					continue
				}
				return inputErr(fmt.Sprintf("spans[%d].id", offset+i), "span %q is already pinned with different content (the ledger is append-only)", s.ID)
			}
			fresh = append(fresh, ledger.Record{Span: s})
		}
		if len(fresh) == 0 {
			res.Version, res.LiveTokens = st.Version, st.LiveTokens
			return nil
		}
		counts, err := g.countTokens(ctx, fresh)
		if err != nil {
			return err
		}
		for i := range fresh {
			fresh[i].Tokens, fresh[i].Span.Tokens = counts[i], counts[i]
		}
		if err := tx.Append(fresh...); err != nil {
			return err
		}
		// Extraction failure does not block pinning: the ledger must record
		// what the agent saw. Uncached spans are extracted again at
		// compaction time, where a failure refuses.
		spansOut := make([]sdk.Span, len(fresh))
		for i, r := range fresh {
			spansOut[i] = r.Span
		}
		items, err := g.extract(ctx, tx, spansOut)
		if isDeferred(err) {
			return err
		}
		if err != nil {
			g.log.Warn("extraction at append failed; will retry at compaction", "session", session, "error", err)
		}
		res.Items = len(items)
		for _, r := range fresh {
			st.LiveTokens += r.Tokens
		}
		st.Version++
		st.AppendedSinceSignal = true
		res.Appended, res.Version, res.LiveTokens = len(fresh), st.Version, st.LiveTokens
		if st.LiveTokens > st.Budget {
			res.OverBudgetBy = st.LiveTokens - st.Budget
		}
		return tx.SetState(st)
	})
	return res, err
}

// countTokens counts the tokens of each record's span text, as outside
// work (calls.go): a batch of 100,000 spans takes seconds to tokenize,
// which must not hold the store's write lock. The key covers every id
// and text, in order.
func (g *Guard) countTokens(ctx context.Context, recs []ledger.Record) ([]int, error) {
	h := sha256.New()
	var n [20]byte
	for _, r := range recs {
		for _, v := range []string{r.Span.ID, r.Span.Text} {
			h.Write(strconv.AppendInt(n[:0], int64(len(v)), 10))
			h.Write([]byte{':'})
			io.WriteString(h, v)
		}
	}
	return outside(ctx, g, "tokens:"+hex.EncodeToString(h.Sum(nil)), func(ctx context.Context) ([]int, error) {
		out := make([]int, len(recs))
		for i, r := range recs {
			if i%1024 == 1023 {
				if err := ctx.Err(); err != nil {
					return nil, fmt.Errorf("counting tokens: %w", err)
				}
			}
			c, err := g.tok.Count(r.Span.Text)
			if err != nil {
				return nil, fmt.Errorf("counting tokens of span %q: %w", r.Span.ID, err)
			}
			out[i] = c
		}
		return out, nil
	})
}

// countText counts one text's tokens as outside work (a summary can be
// megabytes).
func (g *Guard) countText(ctx context.Context, text string) (int, error) {
	key, work := g.countJob(text)
	return outside(ctx, g, key, work)
}

// countTextSoon announces (soon) countText(text).
func (g *Guard) countTextSoon(ctx context.Context, text string) {
	key, work := g.countJob(text)
	soon(ctx, g, key, work)
}

// countJob is the work of counting text's tokens and the key it is
// asked for under.
func (g *Guard) countJob(text string) (string, func(context.Context) (int, error)) {
	sum := sha256.Sum256([]byte(text))
	return "tokens1:" + hex.EncodeToString(sum[:]), func(context.Context) (int, error) { return g.tok.Count(text) }
}
