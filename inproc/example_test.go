package inproc_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/inproc"
)

// The migration incident of examples/migration-drop-table, judged in
// process: the agent's third summary drops "do not run DROP TABLE on
// legacy_orders" (and four other constraints) and scores itself 0.91. The
// guard refuses it against the pinned originals; the same summary with the
// decision's repair block appended is allowed, and so is the next one,
// which builds on it. Paths are relative to this package's folder.
func Example_migrationIncident() {
	ctx := context.Background()
	g, err := inproc.Open(ctx, "../examples/migration-drop-table/policies.hcl", inproc.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer g.Close() // stops the plugin processes
	s, err := g.CreateSession(ctx, "migration")
	if err != nil {
		log.Fatal(err)
	}

	// The recorded session: 1,329 spans and its compactions, in order.
	f, err := os.Open("../examples/migration-drop-table/session.jsonl")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	events, err := session.Parse(f, f.Name())
	if err != nil {
		log.Fatal(err)
	}

	var spans []inproc.Span // the spans seen since the last compaction
	for _, e := range events {
		if e.Span != nil {
			spans = append(spans, *e.Span)
			continue
		}
		// The recording also holds the repaired third summary (sum3r);
		// here the guard's own repair block makes it.
		if e.Compaction == nil || e.Compaction.ID == "sum3r" {
			continue
		}
		// Pin what the agent saw before asking about its summary.
		if _, err := s.Append(ctx, spans); err != nil {
			log.Fatal(err)
		}
		spans = nil

		req := *e.Compaction
		d, err := s.Compact(ctx, req)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: allowed=%t reason=%s\n", req.ID, inproc.Allowed(d), d.Reason)
		if inproc.Allowed(d) {
			continue
		}
		for _, it := range d.Items {
			if it.Span == "s88" && it.Category == "prohibition" && !*it.Preserved {
				fmt.Printf("  lost: the prohibition of %s (%q...)\n", it.Span, "do not run DROP TABLE on legacy_orders")
				break
			}
		}
		fmt.Println("  the repair restores it:", strings.Contains(d.Repair, "do not run DROP TABLE on legacy_orders"))

		// Propose the same summary with the repair block appended, under
		// the id the next summary covers.
		req.ID, req.Summary = "sum3r", inproc.Repaired(req.Summary, d)
		d, err = s.Compact(ctx, req)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: allowed=%t reason=%s\n", req.ID, inproc.Allowed(d), d.Reason)
	}

	trail, err := s.Decisions(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("audit trail: %d decisions, chain ok: %t\n", len(trail.Decisions), trail.ChainOK)
	// Output:
	// sum1: allowed=true reason=anchored_score_passed
	// sum2: allowed=true reason=anchored_score_passed
	// sum3: allowed=false reason=must_keep_item_missing
	//   lost: the prohibition of s88 ("do not run DROP TABLE on legacy_orders"...)
	//   the repair restores it: true
	// sum3r: allowed=true reason=anchored_score_passed
	// sum4: allowed=true reason=anchored_score_passed
	// audit trail: 5 decisions, chain ok: true
}
