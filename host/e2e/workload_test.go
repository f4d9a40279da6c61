package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/tokens"
)

// group is one unit of the synthetic workload: three spans of a session
// (a user instruction carrying a prohibition, an entity and numeric
// commitments; an assistant note; a tool result) and two summaries of
// them. The faithful summary keeps every constraint and is allowed
// (anchored_score_passed); the lossy one drops the prohibition and the
// numbers and is refused (must_keep_item_missing). Texts differ per group
// so that no two groups' items look alike to the scorer.
type group struct {
	spans    []wire.Span
	faithful string
	lossy    string
}

// makeGroup builds group k of a session; prefix keeps span ids unique.
func makeGroup(prefix string, k int) group {
	table := fmt.Sprintf("ledger_%d", k)
	rows, minutes := 100+k, 20+k%30
	id := func(s string) string { return fmt.Sprintf("%s-g%d-%s", prefix, k, s) }
	return group{
		spans: []wire.Span{
			{ID: id("u"), Kind: "user", Text: fmt.Sprintf("Migrate table %s to %s_v2. Important: do not run DROP TABLE on %s. Copy in batches of %d rows and keep the job under %d minutes.", table, table, table, rows, minutes)},
			{ID: id("a"), Kind: "assistant", Text: fmt.Sprintf("I'll read the schema of %s first and then copy it in batches.", table)},
			{ID: id("t"), Kind: "tool_result", Text: fmt.Sprintf("%s: %d rows, primary key id bigint, created_at timestamptz", table, 1000*k+7), Meta: map[string]string{"tool": "bash", "exit_code": "0"}},
		},
		faithful: fmt.Sprintf("Task: migrate table %s to %s_v2. Important: do not run DROP TABLE on %s. Copy in batches of %d rows and keep the job under %d minutes. Schema read: %d rows, primary key id bigint.", table, table, table, rows, minutes, 1000*k+7),
		lossy:    fmt.Sprintf("Task: migrate %s to %s_v2 in batches; schema has %d rows. Drop the old table when done.", table, table, 1000*k+7),
	}
}

// ids lists the group's span ids (what its compactions cover).
func (g group) ids() []string {
	out := make([]string, len(g.spans))
	for i, s := range g.spans {
		out[i] = s.ID
	}
	return out
}

// outcome is one request of a workload and what came of it.
type outcome struct {
	session string
	// kind is "append" or "compaction".
	kind  string
	spans []wire.Span            // append
	req   wire.CompactionRequest // compaction
	// status is the HTTP status; 0 when no answer arrived (the request
	// may or may not have taken effect).
	status int
	body   []byte
	err    error
}

// acked says whether the server answered 200: for a compaction, a
// decision the server says it recorded.
func (o *outcome) acked() bool { return o.status == http.StatusOK }

// send performs the request and fills in the answer.
func (o *outcome) send(ctx context.Context, s *server) {
	switch o.kind {
	case "append":
		o.status, o.body, o.err = s.do(ctx, http.MethodPost, "/v1/sessions/"+o.session+"/spans", wire.AppendRequest{Spans: o.spans})
	case "compaction":
		o.status, o.body, o.err = s.do(ctx, http.MethodPost, "/v1/sessions/"+o.session+"/compactions", o.req)
	default:
		panic("outcome kind " + o.kind)
	}
	if o.err != nil {
		o.status = 0
	}
}

// decision decodes an acknowledged compaction's answer.
func (o *outcome) decision(t *testing.T) guard.Decision {
	t.Helper()
	var d guard.Decision
	if err := json.Unmarshal(o.body, &d); err != nil {
		t.Fatalf("decoding the answer to %s: %v\n%s", o.req.RequestID, err, o.body)
	}
	return d
}

// journal collects outcomes from concurrent goroutines.
type journal struct {
	mu  sync.Mutex
	all []*outcome
}

func (l *journal) add(o *outcome) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all = append(l.all, o)
}

// byRequest indexes the compaction outcomes by request id.
func (l *journal) byRequest() map[string]*outcome {
	l.mu.Lock()
	defer l.mu.Unlock()
	m := map[string]*outcome{}
	for _, o := range l.all {
		if o.kind == "compaction" {
			m[o.req.RequestID] = o
		}
	}
	return m
}

// trailFacts is what checkTrail learned from a session's audit trail.
type trailFacts struct {
	// allowed compactions, in seq order.
	allowed []guard.Decision
	// covered maps a span id to the summary that replaced it, per the
	// trail's allowed compactions.
	covered map[string]string
	n       int
}

// checkTrail checks a session's audit trail: the chain verifies, seqs run
// 1..N without gaps or duplicates, each body's seq is its record's, no
// request id appears twice, every record's request id is one of sent, and
// every acknowledged compaction of the session is present, once, with the
// very bytes the server answered. It returns the allowed compactions and
// the coverage they imply, failing t if a span is covered twice.
func checkTrail(t *testing.T, tr wire.AuditTrail, session string, sent map[string]*outcome) trailFacts {
	t.Helper()
	if !tr.ChainOK {
		t.Errorf("%s: chain_ok false: %s", session, tr.ChainError)
	}
	f := trailFacts{covered: map[string]string{}, n: len(tr.Decisions)}
	seen := map[string]int64{}
	for i, rec := range tr.Decisions {
		if rec.Seq != int64(i+1) {
			t.Errorf("%s: audit record %d has seq %d: seqs must run 1..N without gaps or duplicates", session, i, rec.Seq)
		}
		var d guard.Decision
		if err := json.Unmarshal(rec.Body, &d); err != nil {
			t.Errorf("%s: record seq %d: body does not decode: %v", session, rec.Seq, err)
			continue
		}
		if d.Seq != rec.Seq {
			t.Errorf("%s: record seq %d holds a decision with seq %d", session, rec.Seq, d.Seq)
		}
		if rec.RequestID != "" {
			if prev, dup := seen[rec.RequestID]; dup {
				t.Errorf("%s: request_id %s recorded twice (seq %d and %d)", session, rec.RequestID, prev, rec.Seq)
			}
			seen[rec.RequestID] = rec.Seq
			o, ok := sent[rec.RequestID]
			if !ok || o.session != session {
				t.Errorf("%s: record seq %d has request_id %q, which this test never sent to this session", session, rec.Seq, rec.RequestID)
			} else if o.acked() && !bytes.Equal(bytes.TrimSpace(o.body), bytes.TrimSpace(rec.Body)) {
				t.Errorf("%s: seq %d (%s): recorded body differs from the acknowledged answer\n answer %s\n record %s", session, rec.Seq, rec.RequestID, bytes.TrimSpace(o.body), rec.Body)
			}
		}
		if d.Type == guard.TypeCompaction && d.Allowed != nil && *d.Allowed {
			f.allowed = append(f.allowed, d)
			for _, id := range d.Covers {
				if by, dup := f.covered[id]; dup {
					t.Errorf("%s: span %s covered by two allowed compactions (%s, then %s at seq %d): serialisation lost", session, id, by, d.Summary, d.Seq)
				}
				f.covered[id] = d.Summary
			}
		}
	}
	for id, o := range sent {
		if o.session == session && o.acked() {
			if _, ok := seen[id]; !ok {
				t.Errorf("%s: acknowledged decision %s (%s) is not in the audit trail", session, id, bytes.TrimSpace(o.body))
			}
		}
	}
	return f
}

// checkCoverage checks that the session's state agrees with its trail:
// as many summaries as allowed compactions, exactly the spans they cover
// covered, and each of those spans out of the live view, replaced by the
// summary the trail names. The last is probed with a compaction covering
// the span, which must be refused as input (400) without writing anything.
func checkCoverage(t *testing.T, s *server, session string, f trailFacts) {
	t.Helper()
	st := s.state(t, session)
	if st.Summaries != len(f.allowed) {
		t.Errorf("%s: state has %d summaries, the trail %d allowed compactions", session, st.Summaries, len(f.allowed))
	}
	if st.Covered != len(f.covered) {
		t.Errorf("%s: state covers %d spans, the trail's allowed compactions %d", session, st.Covered, len(f.covered))
	}
	checkLedger(t, s, session, f)
	ids := make([]string, 0, len(f.covered))
	for id := range f.covered {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for i, id := range ids {
		req := wire.CompactionRequest{Covers: []string{id}, Summary: "probe", RequestID: fmt.Sprintf("probe-%s-%d", session, i)}
		code, body, err := s.doPaced(context.Background(), http.MethodPost, "/v1/sessions/"+session+"/compactions", req)
		want := fmt.Sprintf("covered by %q", f.covered[id])
		var e wire.Error
		_ = json.Unmarshal(body, &e)
		if err != nil || code != http.StatusBadRequest || !strings.Contains(e.Error, want) || e.Field != "covers[0]" {
			t.Errorf("%s: probing span %s: want 400 %s, got %d %s %v", session, id, want, code, bytes.TrimSpace(body), err)
		}
	}
	if tr := s.trail(t, session); len(tr.Decisions) != f.n {
		t.Errorf("%s: probes of covered spans changed the audit trail: %d decisions, was %d", session, len(tr.Decisions), f.n)
	}
}

// checkLedger reads the session's ledger (GET /v1/sessions/{id}/records)
// and checks it against the trail: the chain verifies, seqs run 1..N,
// span ids are unique, the spans marked covered are exactly those the
// allowed compactions cover, each by the summary the trail names, and
// each allowed compaction's summary is pinned with the covers it decided.
func checkLedger(t *testing.T, s *server, session string, f trailFacts) {
	t.Helper()
	var l wire.Ledger
	s.must(t, http.MethodGet, "/v1/sessions/"+session+"/records", nil, &l)
	if !l.ChainOK {
		t.Errorf("%s: ledger chain_ok false: %s", session, l.ChainError)
	}
	byID := map[string]wire.LedgerRecord{}
	covered := 0
	for i, r := range l.Records {
		if r.Seq != int64(i+1) {
			t.Errorf("%s: ledger record %d has seq %d: want 1..N", session, i, r.Seq)
		}
		if _, dup := byID[r.Span.ID]; dup {
			t.Errorf("%s: span %s pinned twice", session, r.Span.ID)
		}
		byID[r.Span.ID] = r
		if r.CoveredBy != "" {
			covered++
			if want := f.covered[r.Span.ID]; r.CoveredBy != want {
				t.Errorf("%s: span %s covered by %q in the ledger, by %q per the trail", session, r.Span.ID, r.CoveredBy, want)
			}
		}
	}
	if covered != len(f.covered) {
		t.Errorf("%s: the ledger marks %d spans covered, the trail's allowed compactions cover %d", session, covered, len(f.covered))
	}
	for _, d := range f.allowed {
		r, ok := byID[d.Summary]
		if !ok || r.Span.Kind != "summary" || !slices.Equal(r.Span.Covers, d.Covers) {
			t.Errorf("%s: allowed compaction seq %d: summary %q not pinned with covers %v (got %+v)", session, d.Seq, d.Summary, d.Covers, r.Span)
		}
	}
}

// checkLiveTokens checks the session's live token count against the
// spans the test appended (spans: id -> text, all acknowledged by now) and
// the allowed compactions of the trail as it stands: every span's tokens,
// minus the covered ones', plus each summary's.
func checkLiveTokens(t *testing.T, s *server, session string, spans map[string]string, sent map[string]*outcome) {
	t.Helper()
	tok, err := tokens.New("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	count := func(text string) int {
		n, err := tok.Count(text)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	covered := map[string]bool{}
	want := 0
	for _, rec := range s.trail(t, session).Decisions {
		var d guard.Decision
		if json.Unmarshal(rec.Body, &d) != nil || d.Type != guard.TypeCompaction || d.Allowed == nil || !*d.Allowed {
			continue
		}
		o, ok := sent[rec.RequestID]
		if !ok {
			t.Errorf("%s: allowed compaction seq %d has request_id %q, not sent by this test", session, rec.Seq, rec.RequestID)
			continue
		}
		want += count(o.req.Summary)
		for _, id := range d.Covers {
			covered[id] = true
		}
	}
	for id, text := range spans {
		if !covered[id] {
			want += count(text)
		}
	}
	if st := s.state(t, session); st.LiveTokens != want {
		t.Errorf("%s: live view holds %d tokens; the appended spans, covered spans and summaries make %d", session, st.LiveTokens, want)
	}
}
