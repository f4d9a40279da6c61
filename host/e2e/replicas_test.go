package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
)

// TestTwoReplicasOnePostgres starts two serve processes on one PostgreSQL
// database and has six clients, three per server, race through the same
// groups of the SAME session at once: each appends the group (the same
// spans from every client) and proposes a compaction of it (faithful or
// lossy, each with its own request id). Afterwards:
//   - every request was answered: a decision (200) or, for a compaction
//     of spans another client's allowed compaction already covered, a 400;
//     never a 5xx;
//   - the audit trail, read from either server, has seqs 1..N, holds each
//     acknowledged decision exactly once with the bytes that were
//     answered and nothing else, and its chain verifies (chain_ok and
//     `compactguard audit verify`);
//   - each group was compacted exactly once: no span is covered by two
//     allowed compactions (that would mean two replicas decided on the
//     same state), and the state, seen from both servers, is what the
//     trail says.
func TestTwoReplicasOnePostgres(t *testing.T) {
	base := pgBaseDSN(t)
	bin := binaries(t)
	dsn := freshSchema(t, base)
	cfg := pgConfig(t)
	replicas := []*server{startServe(t, bin, cfg, dsn), startServe(t, bin, cfg, dsn)}
	const id = "shared"
	replicas[0].createSession(t, id)
	if st := replicas[1].state(t, id); st.ID != id {
		t.Fatalf("the second replica does not see the session the first created: %+v", st)
	}

	const clients, groups = 6, 20
	var (
		j     journal
		wg    sync.WaitGroup
		start = make(chan struct{})
		ctx   = context.Background()
	)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := replicas[c%2]
			<-start
			for k := range groups {
				g := makeGroup(id, k)
				app := &outcome{session: id, kind: "append", spans: g.spans}
				j.add(app)
				app.send(ctx, s)
				if app.status != http.StatusOK {
					t.Errorf("client %d: append of group %d: %d %s %v", c, k, app.status, app.body, app.err)
					return
				}
				summary, kind := g.faithful, "faithful"
				if (c+k)%3 == 0 {
					summary, kind = g.lossy, "lossy"
				}
				o := &outcome{session: id, kind: "compaction", req: wire.CompactionRequest{Covers: g.ids(), Summary: summary, RequestID: fmt.Sprintf("c%d-g%d-%s", c, k, kind)}}
				j.add(o)
				o.send(ctx, s)
			}
		}()
	}
	began := time.Now()
	close(start)
	wg.Wait()
	elapsed := time.Since(began)

	sent := j.byRequest()
	var acked, covered int
	allowedPerGroup := map[string]int{}
	for _, o := range sent {
		switch {
		case o.acked():
			acked++
			d := o.decision(t)
			if *d.Allowed {
				allowedPerGroup[o.req.Covers[0]]++
			} else if d.Reason != "must_keep_item_missing" || strings.HasSuffix(o.req.RequestID, "-faithful") {
				t.Errorf("%s: refused %s: %s", o.req.RequestID, d.Reason, d.Message)
			}
		case o.status == http.StatusBadRequest:
			var e wire.Error
			if json.Unmarshal(o.body, &e) != nil || !strings.Contains(e.Error, "no longer in the live view") {
				t.Errorf("%s: 400 that is not \"already covered\": %s", o.req.RequestID, o.body)
			}
			covered++
		default:
			t.Errorf("%s: %d %s %v", o.req.RequestID, o.status, o.body, o.err)
		}
	}
	for k := range groups {
		if n := allowedPerGroup[makeGroup(id, k).spans[0].ID]; n != 1 {
			t.Errorf("group %d: %d allowed compactions, want exactly 1 (every group gets faithful proposals)", k, n)
		}
	}
	t.Logf("%d compactions from %d clients on 2 replicas in %s: %d decisions, %d refused as already covered",
		len(sent), clients, elapsed.Round(time.Millisecond), acked, covered)

	for i, s := range replicas {
		tr := s.trail(t, id)
		f := checkTrail(t, tr, id, sent)
		if len(tr.Decisions) != acked {
			t.Errorf("replica %d: audit trail holds %d decisions, %d were acknowledged (every request was answered)", i, len(tr.Decisions), acked)
		}
		checkCoverage(t, s, id, f)
	}
	spans := map[string]string{}
	for k := range groups {
		for _, sp := range makeGroup(id, k).spans {
			spans[sp.ID] = sp.Text
		}
	}
	checkLiveTokens(t, replicas[1], id, spans, sent)

	// Each replica decides on what the other wrote: a new group appended
	// on one is compacted through the other.
	g := makeGroup(id, groups)
	replicas[0].must(t, http.MethodPost, "/v1/sessions/"+id+"/spans", wire.AppendRequest{Spans: g.spans}, nil)
	var d guard.Decision
	replicas[1].must(t, http.MethodPost, "/v1/sessions/"+id+"/compactions", wire.CompactionRequest{Covers: g.ids(), Summary: g.faithful, RequestID: "cross-replica"}, &d)
	if !*d.Allowed || d.Seq != int64(acked+1) {
		t.Errorf("compaction through the other replica: %s (want allowed, seq %d)", mustJSON(d), acked+1)
	}
	auditVerify(t, bin, cfg, dsn)
}
