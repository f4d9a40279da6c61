package rules

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// benchSpans builds about size bytes of a mixed agent transcript: tool
// output (test logs, ls listings, code, stack traces, tables), commands,
// assistant prose and user turns with an occasional rule. Deterministic.
func benchSpans(size int, proseOnly bool) []sdk.Span {
	r := rand.New(rand.NewSource(1))
	prose := []string{
		"I'll inspect the repository and the schema first, then write the batch copy.",
		"The existing handler returns early when the cart is empty, so the totals are never recomputed for that path.",
		"Per row, batches of 1,000 cost 4.4 us against 65 us for single inserts: about 15x faster.",
		"Looks like the flaky test depends on wall-clock time; I will inject a fake clock instead of sleeping.",
		"Deployed to staging-us (revision 42). Error rate is flat, latency unchanged.",
		"The webpack 5 upgrade failed because node-sass cannot build on Node 20.",
		"Next I will refactor the retry loop and add jitter so the workers do not stampede the API.",
		"That function is not exported, so I added a thin wrapper in the api package and a table-driven test.",
	}
	user := []string{
		"Can you look at why the checkout test is flaky? It fails maybe one run in ten.",
		"Important: do not run DROP TABLE on legacy_orders. Finance still reconciles against it until the January close.",
		"The partner API allows at most 5 requests per second per key; going over gets the key suspended for 24 hours.",
		"Thanks, that looks good. Let's move on to the export page.",
		"Rebase onto release/2026.11, not release/2026.10: the October branch is locked.",
		"Nice. What does the profile say about allocations?",
	}
	tool := func() string {
		var b strings.Builder
		switch r.Intn(5) {
		case 0:
			for i := 0; i < 40; i++ {
				fmt.Fprintf(&b, "=== RUN   TestHandler/case_%d\n--- PASS: TestHandler/case_%d (0.%02ds)\n", i, i, r.Intn(100))
			}
			b.WriteString("PASS\nok  \tgithub.com/acme/orders/internal/api\t2.290s\n")
		case 1:
			for i := 0; i < 30; i++ {
				fmt.Fprintf(&b, "-rw-r--r--  1 dev dev %7d Nov %2d %02d:%02d internal/db/file_%d.go\n", r.Intn(99999), 1+r.Intn(28), r.Intn(24), r.Intn(60), i)
			}
		case 2:
			for i := 0; i < 25; i++ {
				fmt.Fprintf(&b, "func step%d(ctx context.Context, tx Tx) error {\n\tif _, err := tx.Exec(ctx, \"UPDATE orders SET status = $1 WHERE id = $2\", \"s%d\", %d); err != nil {\n\t\treturn fmt.Errorf(\"step %d: %%w\", err)\n\t}\n\treturn nil\n}\n", i, i, r.Intn(9999), i)
			}
		case 3:
			b.WriteString("panic: runtime error: invalid memory address or nil pointer dereference\n")
			for i := 0; i < 30; i++ {
				fmt.Fprintf(&b, "goroutine %d [running]:\ngithub.com/acme/orders/internal/api.(*Server).handle(0xc000%04x)\n\t/workspace/internal/api/server.go:%d +0x%x\n", i, r.Intn(9999), r.Intn(400), r.Intn(4096))
			}
		default:
			b.WriteString("id | status | total_cents | created_at\n")
			for i := 0; i < 40; i++ {
				fmt.Fprintf(&b, "%d | %s | %d | 2026-%02d-%02d %02d:%02d:00\n", r.Intn(99999), []string{"pending", "cancelled", "delivered"}[r.Intn(3)], r.Intn(99999), 1+r.Intn(12), 1+r.Intn(28), r.Intn(24), r.Intn(60))
			}
		}
		return b.String()
	}
	var spans []sdk.Span
	total := 0
	for i := 0; total < size; i++ {
		var s sdk.Span
		s.ID = fmt.Sprintf("s%d", i)
		switch n := r.Intn(10); {
		case n < 5 && !proseOnly:
			s.Kind, s.Text = "tool_result", tool()
		case n < 6 && !proseOnly:
			s.Kind, s.Text = "tool_call", "go test ./... -run TestHandler -count 1"
		case n < 9:
			s.Kind = "assistant"
			var b strings.Builder
			for j := 0; j < 3+r.Intn(6); j++ {
				b.WriteString(prose[r.Intn(len(prose))])
				b.WriteByte(' ')
			}
			s.Text = b.String()
		default:
			s.Kind, s.Text = "user", user[r.Intn(len(user))]
		}
		total += len(s.Text)
		spans = append(spans, s)
	}
	return spans
}

func spanBytes(spans []sdk.Span) int64 {
	var n int64
	for _, s := range spans {
		n += int64(len(s.Text))
	}
	return n
}

// BenchmarkExtract measures the engine (cue prefilter, sentence split,
// per-kind rules) on a mixed transcript of about 4 MB.
func BenchmarkExtract(b *testing.B) {
	e := testEngine(b, Options{})
	spans := benchSpans(4<<20, false)
	b.SetBytes(spanBytes(spans))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Extract(spans)
	}
}

// BenchmarkExtractProse is the worst realistic case: only user and
// assistant prose, where every sentence is a candidate.
func BenchmarkExtractProse(b *testing.B) {
	e := testEngine(b, Options{})
	spans := benchSpans(2<<20, true)
	b.SetBytes(spanBytes(spans))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Extract(spans)
	}
}

// BenchmarkBaselineRawRegexps runs every active rule's regexp over the
// same mixed text with no prefilter and no span-kind routing: the cost the
// prefilter saves.
func BenchmarkBaselineRawRegexps(b *testing.B) {
	e := testEngine(b, Options{})
	spans := benchSpans(4<<20, false)
	b.SetBytes(spanBytes(spans))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range spans {
			for ri := range e.rules {
				e.rules[ri].re.FindAllStringIndex(s.Text, -1)
			}
		}
	}
}
