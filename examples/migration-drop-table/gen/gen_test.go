package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// event is the union of the fields the two session files use.
type event struct {
	Type      string            `json:"type"`
	ID        string            `json:"id"`
	Kind      string            `json:"kind"`
	Text      string            `json:"text"`
	Meta      map[string]string `json:"meta"`
	Covers    []string          `json:"covers"`
	Summary   string            `json:"summary"`
	SelfScore float64           `json:"self_score"`
	Originals []original        `json:"originals"`
}

// readEvents parses a committed session file line by line.
func readEvents(t *testing.T, name string) []event {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatalf("%v (regenerate with: go run ./examples/migration-drop-table/gen)", err)
	}
	var evs []event
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if !utf8.Valid(line) {
			t.Fatalf("%s:%d: not UTF-8", name, n)
		}
		var ev event
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ev); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		evs = append(evs, ev)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return evs
}

// TestRegenerateIsByteIdentical checks that the committed files are what
// the generator produces now.
func TestRegenerateIsByteIdentical(t *testing.T) {
	s, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	again, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{fileSession: s.Pinned, fileUnpinned: s.Unpinned, filePolicies: s.Policies} {
		want, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the generator's output; regenerate with: go run ./examples/migration-drop-table/gen", name)
		}
	}
	if !bytes.Equal(s.Pinned, again.Pinned) || !bytes.Equal(s.Unpinned, again.Unpinned) {
		t.Error("two generations differ: the generator is not deterministic")
	}
}

// TestSessionShape checks the incident's shape on the committed file.
func TestSessionShape(t *testing.T) {
	enc, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	evs := readEvents(t, fileSession)
	total, prohibitionAt, nspans := 0, -1, 0
	ids := map[string]bool{}
	var comps []event
	for _, ev := range evs {
		switch ev.Type {
		case "span":
			nspans++
			if ev.ID != "s"+strconv.Itoa(nspans) {
				t.Fatalf("span id %s out of order", ev.ID)
			}
			ids[ev.ID] = true
			if prohibitionAt < 0 && strings.Contains(ev.Text, sentProhibit) {
				prohibitionAt = total
			}
			n, err := enc.Count(ev.Text)
			if err != nil {
				t.Fatal(err)
			}
			total += n
		case "compaction":
			for _, c := range ev.Covers {
				if !ids[c] && !strings.HasPrefix(c, "sum") {
					t.Errorf("compaction %s covers unknown id %s", ev.ID, c)
				}
			}
			ids[ev.ID] = true
			comps = append(comps, ev)
		default:
			t.Fatalf("unexpected event type %q", ev.Type)
		}
	}
	if prohibitionAt < 10000 || prohibitionAt > 14000 {
		t.Errorf("prohibition at %d tokens, want 10k-14k", prohibitionAt)
	}
	if total < 170000 || total > 190000 {
		t.Errorf("session holds %d span tokens, want 170k-190k", total)
	}
	if len(comps) != 5 {
		t.Fatalf("%d compactions, want 5 (sum1, sum2, sum3, sum3r, sum4)", len(comps))
	}
	for i, c := range comps[:2] {
		if !strings.Contains(c.Summary, "DROP TABLE on legacy_orders") {
			t.Errorf("summary %d lost the prohibition", i+1)
		}
		if c.SelfScore < 0.87 || c.SelfScore > 0.94 {
			t.Errorf("summary %d self score %v, want 0.87-0.94", i+1, c.SelfScore)
		}
	}
	s3, s3r, s4 := comps[2], comps[3], comps[4]
	if s3.ID != "sum3" || s3.SelfScore != 0.91 {
		t.Errorf("third compaction is %s with self score %v, want sum3 with 0.91", s3.ID, s3.SelfScore)
	}
	for _, lost := range []string{"DROP", "read-only", "pg-orders-2", "01:00", "30 seconds", "FREEZE"} {
		if strings.Contains(s3.Summary, lost) {
			t.Errorf("summary 3 still carries %q", lost)
		}
	}
	if s3r.ID != "sum3r" || strings.Join(s3r.Covers, ",") != strings.Join(s3.Covers, ",") {
		t.Errorf("repaired proposal %s does not cover what sum3 covers", s3r.ID)
	}
	if !strings.HasPrefix(s3r.Summary, s3.Summary) || !strings.Contains(s3r.Summary, sentProhibit) {
		t.Error("repaired proposal is not summary 3 plus the verbatim prohibition")
	}
	if s4.Covers[0] != "sum3r" || !strings.Contains(s4.Summary, "DROP TABLE on legacy_orders") {
		t.Error("fourth compaction does not build on sum3r or lost the prohibition")
	}
}

// TestUnpinnedShape checks the unpinned variant: no span events, originals
// carried by the first compaction only.
func TestUnpinnedShape(t *testing.T) {
	evs := readEvents(t, fileUnpinned)
	if len(evs) != 2 {
		t.Fatalf("%d events, want 2 compactions", len(evs))
	}
	first, second := evs[0], evs[1]
	if first.Type != "compaction" || len(first.Originals) != len(first.Covers) || len(first.Originals) == 0 {
		t.Fatalf("first event: want a compaction with one original per covered id, got %d originals for %d covers", len(first.Originals), len(first.Covers))
	}
	given := map[string]bool{}
	for i, o := range first.Originals {
		if o.ID != first.Covers[i] {
			t.Fatalf("original %d is %s, covers says %s", i, o.ID, first.Covers[i])
		}
		given[o.ID] = true
	}
	if strings.Contains(first.Summary, "DROP TABLE") {
		t.Error("the unpinned careless summary should have lost the prohibition")
	}
	if second.Type != "compaction" || len(second.Originals) != 0 {
		t.Fatal("second event: want a compaction without originals")
	}
	for _, c := range second.Covers {
		if given[c] {
			t.Errorf("second compaction covers %s, which the first one gave", c)
		}
	}
}
