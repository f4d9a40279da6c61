package api_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// BenchmarkHTTP measures the API as an orchestrator sees it: real HTTP on
// loopback, the SQLite store (WAL, synchronous=FULL: every decision on
// disk before it is answered), the reference plugins out of process, on
// the recorded migration incident.
func BenchmarkHTTP(b *testing.B) {
	dir := plugintest.Build(b, "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase")
	b.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx := context.Background()
	example := filepath.Join("..", "..", "examples", "migration-drop-table")
	f, err := os.Open(filepath.Join(example, "session.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	events, err := session.Parse(f, f.Name())
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	var spans []client.Span
	var first *guard.CompactionRequest
	for _, e := range events {
		if e.Span != nil {
			spans = append(spans, client.Span{ID: e.Span.ID, Kind: e.Span.Kind, Text: e.Span.Text, Meta: e.Span.Meta})
		}
		if e.Compaction != nil && first == nil {
			first = e.Compaction
		}
	}
	store, err := sqlstore.OpenSQLite(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	rt, err := runtime.Open(ctx, filepath.Join(example, "policies.hcl"), runtime.Options{Store: store})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	o := api.FromRuntime(rt, func(string) (string, bool) { return "", false })
	o.Tenants = []api.Tenant{{Name: "default", Token: "bench-token"}}
	// One tenant's throughput is measured, not its rate limit: at the
	// default tenant_rate a fast enough machine is answered 429.
	o.TenantLimits.Rate = 0
	srv, err := api.New(o)
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	c := client.New(hs.URL, "bench-token")
	runs := 0

	// Appends in batches of 20 spans, as an orchestrator streaming its
	// context would send them.
	b.Run("append/batch=20", func(b *testing.B) {
		runs++
		id := fmt.Sprintf("append-%d", runs)
		if _, err := c.CreateSession(ctx, id); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		start := time.Now()
		n := 0
		for i := 0; i < b.N; i++ {
			batch := make([]client.Span, 20)
			for j := range batch {
				s := spans[(i*20+j)%len(spans)]
				s.ID = fmt.Sprintf("a%d-%d", i, j)
				batch[j] = s
			}
			if _, err := c.Append(ctx, id, batch); err != nil {
				b.Fatal(err)
			}
			n += len(batch)
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "spans/s")
	})

	// One compaction decision covering the first ~40k tokens, its spans
	// appended beforehand (outside the timer).
	covered := map[string]bool{}
	for _, id := range first.Covers {
		covered[id] = true
	}
	var orig []client.Span
	for _, s := range spans {
		if covered[s.ID] {
			orig = append(orig, s)
		}
	}
	b.Run("compaction/covered=40k-tokens", func(b *testing.B) {
		runs++
		var lat []time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			id := fmt.Sprintf("compact-%d-%d", runs, i)
			if _, err := c.CreateSession(ctx, id); err != nil {
				b.Fatal(err)
			}
			for lo := 0; lo < len(orig); lo += 200 {
				if _, err := c.Append(ctx, id, orig[lo:min(lo+200, len(orig))]); err != nil {
					b.Fatal(err)
				}
			}
			b.StartTimer()
			t0 := time.Now()
			d, err := c.Compact(ctx, id, client.CompactionRequest{ID: first.ID, Covers: first.Covers, Summary: first.Summary, SelfScore: first.SelfScore})
			lat = append(lat, time.Since(t0))
			if err != nil || d.Allowed == nil || !*d.Allowed {
				b.Fatalf("%v %+v", err, d)
			}
		}
		b.StopTimer()
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		if len(lat) > 0 {
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		}
	})
}
