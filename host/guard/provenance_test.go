package guard

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestItemsCarrySourceAndOrigin pins provenance in decisions: every item
// names its span's source (meta "source", or its kind's default), an item
// whose span came from a file names the file and line, and the repair
// block cites that line instead of the span id.
func TestItemsCarrySourceAndOrigin(t *testing.T) {
	imported := []sdk.Span{
		{ID: "u1#0", Kind: "user", Text: "Copy legacy_orders into orders_v2. Important: do not run DROP TABLE on legacy_orders.",
			Meta: map[string]string{"source": "human", "file": "session.jsonl", "line": "12"}},
		{ID: "a1#0", Kind: "assistant", Text: "Understood, I will copy in batches."},
	}
	f := newFixture(t)
	f.session(t, "s", imported...)
	d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{ID: "sum-1", Covers: []string{"u1#0", "a1#0"}, Summary: "Copy legacy_orders into orders_v2; the old table can go afterwards."})
	if err != nil {
		t.Fatal(err)
	}
	if d.Summary != "sum-1" {
		t.Errorf("summary_id %q on a %s decision, want the proposed summary's id", d.Summary, d.Reason)
	}
	if len(d.Items) == 0 {
		t.Fatal("no items")
	}
	for _, it := range d.Items {
		if it.Source != sdk.SourceHuman {
			t.Errorf("item %q source %q, want human", it.Text, it.Source)
		}
		if it.Origin == nil || it.Origin.String() != "session.jsonl:12" {
			t.Errorf("item %q origin %v, want session.jsonl:12", it.Text, it.Origin)
		}
	}
	if !strings.Contains(d.Repair, "[session.jsonl:12]") || strings.Contains(d.Repair, "[u1#0]") {
		t.Errorf("repair does not cite the line:\n%s", d.Repair)
	}

	// Spans appended over the API have a source by kind and no origin.
	f.session(t, "api", migration...)
	d, err = f.g.Compact(f.ctx, tenant, "api", CompactionRequest{Covers: ids(migration), Summary: careless})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range d.Items {
		if it.Origin != nil || it.Source == "" {
			t.Errorf("API item %q: source %q origin %v", it.Text, it.Source, it.Origin)
		}
	}
}
