package sqlstore

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// errReadOnly is returned by writes on a View's Tx.
var errReadOnly = errors.New("write inside a read-only view (use Store.Update)")

// head is the last link of a chain: what the next record or decision is
// sealed against.
type head struct {
	seq  int64
	hash string
}

// record returns the head as the prev argument of ledger.SealRecord (nil
// for an empty chain).
func (h head) record() *ledger.Record {
	if h.seq == 0 {
		return nil
	}
	return &ledger.Record{Seq: h.seq, Hash: h.hash}
}

// decision returns the head as the prev argument of ledger.SealDecision.
func (h head) decision() *ledger.DecisionRecord {
	if h.seq == 0 {
		return nil
	}
	return &ledger.DecisionRecord{Seq: h.seq, Hash: h.hash}
}

// heads returns the two chains' heads as ledger.Heads, h being the
// records' head.
func (h head) heads(dec head) ledger.Heads {
	return ledger.Heads{Records: h.seq, RecordHead: h.hash, Decisions: dec.seq, DecisionHead: dec.hash}
}

// checkpointColumns are the checkpoints table's columns after session, in
// the order scanCheckpoints reads them.
const checkpointColumns = `records, record_head, decisions, decision_head, time_ns, key_id, signature`

// scanCheckpoints reads checkpoint rows of the session info names.
func scanCheckpoints(rs rows, info ledger.SessionInfo) ([]ledger.Checkpoint, error) {
	var out []ledger.Checkpoint
	for rs.Next() {
		cp := ledger.Checkpoint{Tenant: info.Tenant, Session: info.ID}
		var ns int64
		if err := rs.Scan(&cp.Records, &cp.RecordHead, &cp.Decisions, &cp.DecisionHead, &ns, &cp.KeyID, &cp.Signature); err != nil {
			return nil, err
		}
		cp.Time = fromNanos(ns)
		out = append(out, cp)
	}
	return out, rs.Err()
}

// toNanos and fromNanos store times as Unix nanoseconds, so a record reads
// back exactly as sealed (a SQL timestamp would round).
func toNanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// encodeJSON marshals a column value; nil maps and slices become "null"
// so they read back nil, as the memory store keeps them.
func encodeJSON(what string, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", what, err)
	}
	return b, nil
}

func decodeJSON(what string, b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decoding %s: %w", what, err)
	}
	return nil
}

// spanColumns are the JSON-encoded parts of a span.
type spanColumns struct {
	meta, covers []byte
}

func encodeSpan(s sdk.Span) (spanColumns, error) {
	meta, err := encodeJSON("span meta", s.Meta)
	if err != nil {
		return spanColumns{}, err
	}
	covers, err := encodeJSON("span covers", s.Covers)
	if err != nil {
		return spanColumns{}, err
	}
	return spanColumns{meta: meta, covers: covers}, nil
}

// rawRecord is one records row as scanned, before JSON decoding.
type rawRecord struct {
	seq                     int64
	spanID, kind            string
	text                    []byte
	meta, covers            []byte
	spanTokens, turn        int64
	tokens                  int64
	contentHash, prev, hash string
	timeNS                  int64
}

// recordColumns is the column list rawRecord scans, in order.
const recordColumns = `seq, span_id, kind, text, meta, covers, span_tokens, turn, tokens, content_hash, prev, hash, time_ns`

// newRawRecord is a sealed record as its row is written.
func newRawRecord(r ledger.Record) (rawRecord, error) {
	cols, err := encodeSpan(r.Span)
	if err != nil {
		return rawRecord{}, err
	}
	return rawRecord{
		seq: r.Seq, spanID: r.Span.ID, kind: r.Span.Kind, text: []byte(r.Span.Text), meta: cols.meta, covers: cols.covers,
		spanTokens: int64(r.Span.Tokens), turn: int64(r.Span.Turn), tokens: int64(r.Tokens),
		contentHash: r.ContentHash, prev: r.Prev, hash: r.Hash, timeNS: toNanos(r.Time),
	}, nil
}

// args are the parameters of statements.insertRecord for the session
// ord, JSON columns bound as jsonArg says.
func (r *rawRecord) args(ord int64, jsonArg func([]byte) any) []any {
	return []any{ord, r.seq, r.spanID, r.kind, r.text, jsonArg(r.meta), jsonArg(r.covers),
		r.spanTokens, r.turn, r.tokens, r.contentHash, r.prev, r.hash, r.timeNS}
}

func (r *rawRecord) dest() []any {
	return []any{&r.seq, &r.spanID, &r.kind, &r.text, &r.meta, &r.covers, &r.spanTokens, &r.turn, &r.tokens, &r.contentHash, &r.prev, &r.hash, &r.timeNS}
}

func (r *rawRecord) record() (ledger.Record, error) {
	out := ledger.Record{
		Seq: r.seq,
		Span: sdk.Span{
			ID: r.spanID, Kind: r.kind, Text: string(r.text),
			Tokens: int(r.spanTokens), Turn: int(r.turn),
		},
		Tokens: int(r.tokens), ContentHash: r.contentHash, Prev: r.prev, Hash: r.hash,
		Time: fromNanos(r.timeNS),
	}
	if err := decodeJSON(fmt.Sprintf("meta of span %q", r.spanID), r.meta, &out.Span.Meta); err != nil {
		return ledger.Record{}, err
	}
	if err := decodeJSON(fmt.Sprintf("covers of span %q", r.spanID), r.covers, &out.Span.Covers); err != nil {
		return ledger.Record{}, err
	}
	return out, nil
}

// rawDecision is one decisions row as scanned.
type rawDecision struct {
	seq            int64
	typ, requestID string
	body           []byte
	prev, hash     string
	timeNS         int64
}

// decisionColumns is the column list rawDecision scans, in order.
const decisionColumns = `seq, type, request_id, body, prev, hash, time_ns`

func (d *rawDecision) dest() []any {
	return []any{&d.seq, &d.typ, &d.requestID, &d.body, &d.prev, &d.hash, &d.timeNS}
}

func (d *rawDecision) decision() ledger.DecisionRecord {
	return ledger.DecisionRecord{
		Seq: d.seq, Type: d.typ, RequestID: d.requestID, Body: json.RawMessage(d.body),
		Prev: d.prev, Hash: d.hash, Time: fromNanos(d.timeNS),
	}
}

// firstConflict returns the index of the first record whose span id is
// already in the ledger (exists) or repeats an earlier record of recs, or
// -1. Appending stops there, as the memory store does.
func firstConflict(recs []ledger.Record, exists map[string]bool) int {
	seen := make(map[string]bool, len(recs))
	for i, r := range recs {
		if exists[r.Span.ID] || seen[r.Span.ID] {
			return i
		}
		seen[r.Span.ID] = true
	}
	return -1
}

// splitV1Coverage takes the live view's coverage out of a version-1
// session state: the "covered" map is returned, and the state comes back
// without it and with "covered_spans" set to its size. Every other key
// keeps its value (as JSON: "\u0000" stays escaped). ok is false when the state has no "covered" key.
func splitV1Coverage(state []byte) (newState []byte, covered map[string]string, ok bool, err error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(state, &fields); err != nil {
		return nil, nil, false, fmt.Errorf("decoding version-1 state: %w", err)
	}
	raw, ok := fields["covered"]
	if !ok {
		return state, nil, false, nil
	}
	if err := json.Unmarshal(raw, &covered); err != nil {
		return nil, nil, false, fmt.Errorf("decoding version-1 coverage: %w", err)
	}
	delete(fields, "covered")
	fields["covered_spans"] = json.RawMessage(fmt.Sprint(len(covered)))
	newState, err = json.Marshal(fields)
	if err != nil {
		return nil, nil, false, fmt.Errorf("encoding migrated state: %w", err)
	}
	return newState, covered, true, nil
}

// checkCover refuses a Cover call that could never succeed: no summary
// id, or an id named twice.
func checkCover(ids []string, by string) error {
	if by == "" {
		return errors.New("covering spans: empty summary id")
	}
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			return fmt.Errorf("covering span %q: named twice: %w", id, ledger.ErrNotLive)
		}
		seen[id] = true
	}
	return nil
}

// notLive is the error for a span Cover cannot take out of the live view
// (nil when it can): absent from the ledger, or already covered.
func notLive(id string, inLedger bool, coveredBy string) error {
	switch {
	case !inLedger:
		return fmt.Errorf("covering span %q: not in the ledger: %w", id, ledger.ErrNotLive)
	case coveredBy != "":
		return fmt.Errorf("covering span %q: already covered by %q: %w", id, coveredBy, ledger.ErrNotLive)
	}
	return nil
}

func conflictErr(id string) error {
	return fmt.Errorf("appending span %q: %w", id, ledger.ErrConflict)
}

// scanRecords reads every row of a query over recordColumns.
func scanRecords(rs rows) ([]ledger.Record, error) {
	out := []ledger.Record{}
	for rs.Next() {
		var raw rawRecord
		if err := rs.Scan(raw.dest()...); err != nil {
			return nil, err
		}
		r, err := raw.record()
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// scanDecisions reads every row of a query over decisionColumns.
func scanDecisions(rs rows) ([]ledger.DecisionRecord, error) {
	out := []ledger.DecisionRecord{}
	for rs.Next() {
		var raw rawDecision
		if err := rs.Scan(raw.dest()...); err != nil {
			return nil, err
		}
		out = append(out, raw.decision())
	}
	return out, rs.Err()
}

// scanSessions reads (id, created_ns) rows of one tenant's sessions.
func scanSessions(rs rows, tenant string) ([]ledger.SessionInfo, error) {
	var out []ledger.SessionInfo
	for rs.Next() {
		info := ledger.SessionInfo{Tenant: tenant}
		var created int64
		if err := rs.Scan(&info.ID, &created); err != nil {
			return nil, err
		}
		info.Created = fromNanos(created)
		out = append(out, info)
	}
	return out, rs.Err()
}
