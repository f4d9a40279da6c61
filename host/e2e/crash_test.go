package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
)

// TestSIGKILLMidStream kills serve with SIGKILL while several clients
// stream appends and compactions (faithful and lossy) into two sessions on
// a SQLite file, then restarts it on the same file and checks that
//   - `compactguard audit verify` passes on the file the crash left;
//   - every acknowledged decision is in the audit trail with the very
//     bytes the server answered, seqs run 1..N and the chain verifies;
//     unacknowledged requests may or may not be there, nothing else is;
//   - every acknowledged append is pinned (re-sending it is all
//     duplicates);
//   - the state is what the trail says, nothing half-written: summaries
//     and covered spans are exactly those of the allowed compactions, and
//     the live token count adds up;
//   - a retried unacknowledged compaction returns its recorded decision
//     when it had been recorded (request ids survive the crash);
//   - new requests work.
func TestSIGKILLMidStream(t *testing.T) {
	bin := binaries(t)
	cfg := exampleConfig(t, "sqlite:"+filepath.Join(t.TempDir(), "compactguard.db"))
	s1 := startServe(t, bin, cfg, "")
	sessions := []string{"crash-a", "crash-b"}
	for _, id := range sessions {
		s1.createSession(t, id)
	}

	// Three rounds: stream, SIGKILL mid-stream, check the file, restart,
	// check what the restarted server shows; the next round streams into
	// the restarted server.
	const rounds = 3
	var j journal
	s := s1
	start := time.Now()
	for round := range rounds {
		stream(t, s, sessions, round, &j, int64(12+4*round))
		// The file as the crash left it verifies, before any server opens it.
		auditVerify(t, bin, cfg, "")
		s = startServe(t, bin, cfg, "")
		sent := j.byRequest()
		for _, session := range sessions {
			f := checkTrail(t, s.trail(t, session), session, sent)
			checkCoverage(t, s, session, f)
			if round == rounds-1 && len(f.allowed) == 0 {
				t.Errorf("%s: no allowed compaction before the kills: the workload proves little", session)
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d rounds of stream, SIGKILL, restart, check: %s", rounds, time.Since(start).Round(time.Millisecond))
	s2 := s
	ctx := context.Background()
	sent := j.byRequest()
	var unacked, unackedRecorded int
	for _, o := range sent {
		if !o.acked() {
			unacked++
		}
	}

	// Acknowledged appends are pinned; re-sending every append (also the
	// unacknowledged ones) completes the ledger. Spans are idempotent.
	spans := map[string]map[string]string{}
	for _, o := range j.all {
		if o.kind != "append" {
			continue
		}
		was := o.acked()
		var res guard.AppendResult
		s2.must(t, http.MethodPost, "/v1/sessions/"+o.session+"/spans", wire.AppendRequest{Spans: o.spans}, &res)
		if was && (res.Duplicates != len(o.spans) || res.Appended != 0) {
			t.Errorf("%s: re-sending an acknowledged append of %s: %d appended, %d duplicates; want all %d duplicates", o.session, o.spans[0].ID, res.Appended, res.Duplicates, len(o.spans))
		}
		if spans[o.session] == nil {
			spans[o.session] = map[string]string{}
		}
		for _, sp := range o.spans {
			spans[o.session][sp.ID] = sp.Text
		}
	}

	// Retry unacknowledged compactions with their request ids: one that
	// was recorded before the kill answers with its record, byte for byte.
	for _, session := range sessions {
		recorded := map[string][]byte{}
		for _, rec := range s2.trail(t, session).Decisions {
			recorded[rec.RequestID] = rec.Body
		}
		for _, o := range j.all {
			if o.session != session || o.kind != "compaction" || o.acked() {
				continue
			}
			body, had := recorded[o.req.RequestID]
			o.send(ctx, s2)
			// Each client stops at its first unanswered request, so a
			// retried compaction's spans are pinned and not yet covered:
			// any answer but a decision is a finding.
			switch {
			case o.status != http.StatusOK:
				t.Errorf("%s: retry of %s: %d %s %v", session, o.req.RequestID, o.status, o.body, o.err)
			case had && !bytes.Equal(bytes.TrimSpace(o.body), bytes.TrimSpace(body)):
				t.Errorf("%s: retry of recorded %s answered differently\n answer %s\n record %s", session, o.req.RequestID, bytes.TrimSpace(o.body), body)
			case had:
				unackedRecorded++
			}
		}
	}
	t.Logf("%d unacknowledged compactions, %d of them recorded before the kill", unacked, unackedRecorded)

	// Everything sent is now acknowledged: the whole state adds up.
	sent = j.byRequest()
	for _, session := range sessions {
		f := checkTrail(t, s2.trail(t, session), session, sent)
		checkCoverage(t, s2, session, f)
		checkLiveTokens(t, s2, session, spans[session], sent)
	}

	// Service goes on: a new group, a lossy and a faithful compaction.
	for _, session := range sessions {
		before := len(s2.trail(t, session).Decisions)
		g := makeGroup(session, 1000)
		s2.must(t, http.MethodPost, "/v1/sessions/"+session+"/spans", wire.AppendRequest{Spans: g.spans}, nil)
		var lossy, faithful guard.Decision
		s2.must(t, http.MethodPost, "/v1/sessions/"+session+"/compactions", wire.CompactionRequest{Covers: g.ids(), Summary: g.lossy, RequestID: session + "-after-lossy"}, &lossy)
		s2.must(t, http.MethodPost, "/v1/sessions/"+session+"/compactions", wire.CompactionRequest{Covers: g.ids(), Summary: g.faithful, RequestID: session + "-after-faithful"}, &faithful)
		if *lossy.Allowed || lossy.Reason != "must_keep_item_missing" || lossy.Seq != int64(before+1) {
			t.Errorf("%s: lossy compaction after restart: %s", session, mustJSON(lossy))
		}
		if !*faithful.Allowed || faithful.Reason != "anchored_score_passed" || faithful.Seq != int64(before+2) {
			t.Errorf("%s: faithful compaction after restart: %s", session, mustJSON(faithful))
		}
		if tr := s2.trail(t, session); !tr.ChainOK || len(tr.Decisions) != before+2 {
			t.Errorf("%s: after new requests: %d decisions (want %d), chain_ok %v %s", session, len(tr.Decisions), before+2, tr.ChainOK, tr.ChainError)
		}
	}
	s2.stop(t)
	auditVerify(t, bin, cfg, "")
}

// mustJSON renders v for messages.
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// stream runs four clients, two per session, each with its own groups:
// append the group, propose the lossy summary (refused; skipped on every
// third group), then the faithful one (allowed). It returns once
// killAfter decisions have been acknowledged in this round: then, with the
// clients still sending; the caller kills the server, which stops them.
// Each client stops at its first unanswered request.
func stream(t *testing.T, s *server, sessions []string, round int, j *journal, killAfter int64) {
	t.Helper()
	const clients, perClient = 4, 40
	var (
		acks     atomic.Int64
		inflight atomic.Int64
		wg       sync.WaitGroup
		reached  = make(chan struct{})
		once     sync.Once
		ctx      = context.Background()
	)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			session := sessions[c%len(sessions)]
			for i := range perClient {
				k := round*clients*perClient + c + clients*i
				g := makeGroup(session, k)
				steps := []*outcome{{session: session, kind: "append", spans: g.spans}}
				if k%3 != 0 {
					steps = append(steps, &outcome{session: session, kind: "compaction", req: wire.CompactionRequest{Covers: g.ids(), Summary: g.lossy, RequestID: fmt.Sprintf("%s-g%d-lossy", session, k)}})
				}
				steps = append(steps, &outcome{session: session, kind: "compaction", req: wire.CompactionRequest{Covers: g.ids(), Summary: g.faithful, RequestID: fmt.Sprintf("%s-g%d-faithful", session, k)}})
				for _, o := range steps {
					j.add(o)
					inflight.Add(1)
					o.send(ctx, s)
					inflight.Add(-1)
					if o.status == 0 {
						return // the server is gone
					}
					if o.status != http.StatusOK {
						t.Errorf("%s %s: %d %s", o.kind, o.req.RequestID, o.status, o.body)
						return
					}
					if o.kind == "compaction" && acks.Add(1) >= killAfter {
						once.Do(func() { close(reached) })
					}
				}
			}
		}()
	}
	select {
	case <-reached:
	case <-time.After(30 * time.Second):
		t.Errorf("round %d: only %d decisions acknowledged in 30s\n%s", round, acks.Load(), s.stderr.tail(30))
	}
	flying := inflight.Load()
	s.kill(t)
	wg.Wait()
	t.Logf("round %d: SIGKILL after %d acknowledged decisions with %d requests in flight", round, acks.Load(), flying)
}
