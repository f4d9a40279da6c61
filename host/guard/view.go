package guard

import (
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
)

// liveView returns the live view in ledger order: every record not
// covered by a later summary, as the store keeps it (one query; the
// state no longer holds the coverage).
func liveView(tx ledger.Tx) ([]ledger.Record, error) {
	return tx.LiveRecords()
}

// policyView turns the live view into what policy expressions see. Turn is
// the ledger position; Age counts turns since; Recency spreads the view
// over [0,1] with 1 the newest span.
func policyView(view []ledger.Record, st ledger.State) ([]policy.Span, policy.Context) {
	out := make([]policy.Span, len(view))
	if len(view) == 0 {
		return out, policy.Context{LiveTokens: st.LiveTokens}
	}
	first, last := view[0].Seq, view[len(view)-1].Seq
	for i, r := range view {
		rec := 1.0
		if last > first {
			rec = float64(r.Seq-first) / float64(last-first)
		}
		out[i] = policy.Span{
			ID: r.Span.ID, Kind: r.Span.Kind, Text: r.Span.Text,
			Tokens: r.Tokens, Turn: int(r.Seq), Age: int(last - r.Seq),
			Recency: rec, Meta: r.Span.Meta,
		}
	}
	return out, policy.Context{Turn: int(last), LiveTokens: st.LiveTokens}
}

// sdkView is the live view as plugins receive it.
func sdkView(view []ledger.Record) []sdk.Span {
	out := make([]sdk.Span, len(view))
	for i, r := range view {
		s := r.Span
		s.Tokens, s.Turn = r.Tokens, int(r.Seq)
		out[i] = s
	}
	return out
}
