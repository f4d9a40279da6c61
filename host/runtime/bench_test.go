package runtime

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sort"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	"github.com/compactguard/compactguard/plugins/policy-phase/phaseplugin"
	"github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
	"github.com/compactguard/compactguard/sdk"
)

// The benchmarks here measure the guard with the reference plugins as
// separate processes (the deployment) and called in process (the same
// code without the plugin boundary), on the recorded migration incident.

func TestMain(m *testing.M) { plugintest.Main(m) }

var referencePlugins = []string{"./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase"}

// incident reads the migration example: its spans and its first
// compaction (about 40k tokens of originals, a faithful summary).
func incident(tb testing.TB) ([]sdk.Span, guard.CompactionRequest) {
	tb.Helper()
	root, err := plugintest.ModuleRoot()
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(root, "examples/migration-drop-table/session.jsonl")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	events, err := session.Parse(f, path)
	if err != nil {
		tb.Fatal(err)
	}
	var spans []sdk.Span
	var first *guard.CompactionRequest
	for _, e := range events {
		if e.Span != nil {
			spans = append(spans, *e.Span)
		}
		if e.Compaction != nil && first == nil {
			first = e.Compaction
		}
	}
	return spans, *first
}

func openOutOfProcess(b *testing.B) *Runtime {
	b.Helper()
	dir := plugintest.Build(b, referencePlugins...)
	b.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	root, _ := plugintest.ModuleRoot()
	rt, err := Open(context.Background(), filepath.Join(root, "examples/migration-drop-table/policies.hcl"), Options{Store: ledger.NewMemory()})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { rt.Close() })
	return rt
}

// inProcess builds a guard with the same settings but the plugin code
// linked in: the baseline for the cost of the plugin boundary.
func inProcess(b *testing.B, rt *Runtime) *guard.Guard {
	b.Helper()
	ex, err := extractor.New()
	if err != nil {
		b.Fatal(err)
	}
	sc := scorer.New()
	if _, err := sc.Configure(context.Background(), &sdk.ConfigureRequest{Config: []byte(`{"backend":"hashed"}`)}); err != nil {
		b.Fatal(err)
	}
	tok, _ := tokens.New("")
	_, pols, err := LoadConfig(rt.Config.Filename)
	if err != nil {
		b.Fatal(err)
	}
	set, err := settings(rt.Config, pols)
	if err != nil {
		b.Fatal(err)
	}
	g, err := guard.New(guard.Options{Store: ledger.NewMemory(), Tokens: tok, Extractors: []guard.Extractor{{Name: "regex", Extractor: ex}},
		Scorer: sc, Policy: phaseplugin.New(), Settings: set})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkDecision40k: one compaction decision covering the first ~40k
// tokens of the incident, its spans already appended (so extraction is
// cached, as in a live session). Reports p50/p99 besides the mean.
func BenchmarkDecision40k(b *testing.B) {
	spans, req := incident(b)
	rt := openOutOfProcess(b)
	runs := 0
	run := func(b *testing.B, g *guard.Guard) {
		runs++
		benchDecision(b, g, spans, req, fmt.Sprintf("bench-%d", runs))
	}
	b.Run("plugins=out-of-process", func(b *testing.B) { run(b, rt.Guard) })
	b.Run("plugins=in-process", func(b *testing.B) { run(b, inProcess(b, rt)) })
}

// benchDecision times one compaction decision per iteration: a fresh
// session (named prefix-i) holding the spans req covers, appended outside
// the timer, then req. Reports p50/p99 besides the mean.
func benchDecision(b *testing.B, g *guard.Guard, spans []sdk.Span, req guard.CompactionRequest, prefix string) {
	ctx := context.Background()
	covered := map[string]bool{}
	for _, id := range req.Covers {
		covered[id] = true
	}
	var orig []sdk.Span
	for _, s := range spans {
		if covered[s.ID] {
			orig = append(orig, s)
		}
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		id := fmt.Sprintf("%s-%d", prefix, i)
		if err := g.CreateSession(ctx, "bench", id); err != nil {
			b.Fatal(err)
		}
		if _, err := g.Append(ctx, "bench", id, orig); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0 := time.Now()
		d, err := g.Compact(ctx, "bench", id, req)
		lat = append(lat, time.Since(t0))
		if err != nil || !*d.Allowed {
			b.Fatalf("%v %+v", err, d)
		}
	}
	b.StopTimer()
	reportPercentiles(b, lat)
}

func reportPercentiles(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkAppend: appending one span (token counting and extraction
// through the out-of-process extractor) to a session already holding
// about 10k, 100k or 1M tokens. The cost should not grow with the session.
func BenchmarkAppend(b *testing.B) {
	spans, _ := incident(b)
	rt := openOutOfProcess(b)
	g := rt.Guard
	ctx := context.Background()
	for _, size := range []int{10_000, 100_000, 1_000_000} {
		runs := 0
		b.Run(fmt.Sprintf("session=%dk", size/1000), func(b *testing.B) {
			runs++
			id := fmt.Sprintf("append-%d-%d", size, runs)
			if err := g.CreateSession(ctx, "bench", id); err != nil {
				b.Fatal(err)
			}
			tokensIn, n := 0, 0
			for round := 0; tokensIn < size; round++ {
				var batch []sdk.Span
				for _, s := range spans {
					s.ID = fmt.Sprintf("r%d-%s", round, s.ID)
					batch = append(batch, s)
					tokensIn += len(s.Text) / 4
					if tokensIn >= size {
						break
					}
				}
				if _, err := g.Append(ctx, "bench", id, batch); err != nil {
					b.Fatal(err)
				}
				n += len(batch)
			}
			// The setup's garbage (a million tokens appended) is collected
			// before the timer starts, not charged to the appends measured.
			goruntime.GC()
			var lat []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := spans[i%len(spans)]
				s.ID = fmt.Sprintf("new-%d-%d", runs, i)
				s.Text = fmt.Sprintf("%s (%d)", s.Text, i) // a new text: extraction really runs
				t0 := time.Now()
				if _, err := g.Append(ctx, "bench", id, []sdk.Span{s}); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			// The median, not only the mean: on a shared machine a few
			// appends that wait for the scheduler move the mean by a
			// quarter from run to run, and the size comparison with it.
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1000, "p50-µs")
			b.ReportMetric(float64(n), "session-spans")
		})
	}
}

// BenchmarkDecisionScaling: the same compaction (200 covered spans) in a
// session of 1k and of 20k spans. A decision reads the spans it covers,
// never the whole session, so the two should cost the same; covering 4x
// the spans should cost about 4x.
func BenchmarkDecisionScaling(b *testing.B) {
	spans, _ := incident(b)
	rt := openOutOfProcess(b)
	g := inProcess(b, rt)
	ctx := context.Background()
	cases := []struct{ session, covered int }{{1000, 200}, {20000, 200}, {20000, 800}}
	for ci, c := range cases {
		b.Run(fmt.Sprintf("session=%d/covered=%d", c.session, c.covered), func(b *testing.B) {
			var all []sdk.Span
			var id string
			fresh := func(round int) {
				id = fmt.Sprintf("scale-%d-%d-%d", ci, b.N, round)
				if err := g.CreateSession(ctx, "bench", id); err != nil {
					b.Fatal(err)
				}
				all = all[:0]
				for i := 0; i < c.session; i++ {
					s := spans[i%len(spans)]
					s.ID = fmt.Sprintf("x%d", i)
					all = append(all, s)
				}
				for lo := 0; lo < len(all); lo += 1000 {
					hi := min(lo+1000, len(all))
					if _, err := g.Append(ctx, "bench", id, all[lo:hi]); err != nil {
						b.Fatal(err)
					}
				}
			}
			round := 0
			fresh(round)
			b.ResetTimer()
			next := 0
			for i := 0; i < b.N; i++ {
				if next+c.covered > len(all) {
					// Out of live spans: a new session of the same size,
					// built outside the timer.
					b.StopTimer()
					round++
					fresh(round)
					next = 0
					b.StartTimer()
				}
				var covers []string
				for _, s := range all[next : next+c.covered] {
					covers = append(covers, s.ID)
				}
				next += c.covered
				// An empty candidate loses whatever the covered spans hold:
				// the decision runs the full path (resolve, cached
				// extraction, scoring) and is refused.
				if _, err := g.Compact(ctx, "bench", id, guard.CompactionRequest{Covers: covers, Summary: "Progress so far: batches copied and verified."}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecision40kSQLite is BenchmarkDecision40k on the SQLite store
// (WAL, synchronous=FULL): the store's share of a decision's cost.
func BenchmarkDecision40kSQLite(b *testing.B) {
	spans, req := incident(b)
	dir := plugintest.Build(b, referencePlugins...)
	b.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	root, _ := plugintest.ModuleRoot()
	store, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	rt, err := Open(context.Background(), filepath.Join(root, "examples/migration-drop-table/policies.hcl"), Options{Store: store})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { rt.Close() })
	benchDecision(b, rt.Guard, spans, req, fmt.Sprintf("sqlite-%d", b.N))
}
