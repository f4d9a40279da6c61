package scorer

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	"github.com/compactguard/compactguard/sdk"
)

// update rewrites testdata/verdicts.golden from the current scorer:
//
//	go test ./plugins/scorer-embedding/scorer -run TestVerdictsUnchanged -update
var update = flag.Bool("update", false, "rewrite testdata/verdicts.golden")

// roleWord matches the role word a role-swap note quotes: the judge picks
// it from a map, so it varies from run to run and is left out of the
// comparison (the verdict, fate and score do not vary).
var roleWord = regexp.MustCompile(`swap roles \(.*?\) in`)

// goldenRequest is one Score request of the equivalence set.
type goldenRequest struct {
	name string
	req  *sdk.ScoreRequest
}

// goldenRecord is the scorer's answer to one request, as stored in the
// golden file: every verdict with its fate, evidence and note. Scores are
// left out: how well a kept clause matched may move with a better reader,
// what was judged may not without a reviewed -update.
type goldenRecord struct {
	Name  string       `json:"name"`
	Items []goldenItem `json:"items"`
}

type goldenItem struct {
	Index     int    `json:"i"`
	Preserved bool   `json:"preserved"`
	Fate      string `json:"fate"`
	Evidence  string `json:"evidence,omitempty"`
	Note      string `json:"note,omitempty"`
}

// TestVerdictsUnchanged pins every verdict of the scorer on the labelled
// cases (items from the reference extractor, as the host builds them), on
// the scorer's own test inputs, the benchmark and the conformance kit's
// inputs. It guards optimisations of the judge: any change of a verdict,
// a fate, an evidence quote or a note fails it.
func TestVerdictsUnchanged(t *testing.T) {
	reqs := equivalenceRequests(t)
	s := New()
	ctx := context.Background()
	var buf bytes.Buffer
	for _, r := range reqs {
		resp, err := s.Score(ctx, r.req)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		rec := goldenRecord{Name: r.name, Items: []goldenItem{}}
		for _, it := range resp.Items {
			rec.Items = append(rec.Items, goldenItem{Index: it.Index, Preserved: it.Preserved, Fate: it.Fate,
				Evidence: it.Evidence, Note: roleWord.ReplaceAllString(it.Note, "swap roles (…) in")})
		}
		line, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	path := filepath.Join("testdata", "verdicts.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d requests to %s", len(reqs), path)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (record it with -update before changing the scorer)", err)
	}
	got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	exp := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	if len(got) != len(exp) {
		t.Fatalf("%d requests, golden has %d", len(got), len(exp))
	}
	diffs := 0
	for i := range got {
		if got[i] == exp[i] {
			continue
		}
		diffs++
		if diffs <= 10 {
			t.Errorf("request %d changed:\n got  %s\n want %s", i, got[i], exp[i])
		}
	}
	if diffs > 0 {
		t.Fatalf("%d of %d requests changed", diffs, len(got))
	}
	t.Logf("%d requests unchanged", len(got))
}

// equivalenceRequests builds the equivalence set.
func equivalenceRequests(t *testing.T) []goldenRequest {
	t.Helper()
	var out []goldenRequest
	x, err := extractor.New()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := New().reader
	for _, dir := range []string{casesDir(t), filepath.Join("..", "..", "..", "testdata", "eval-cases")} {
		cases := loadCasesFrom(t, dir)
		set := filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
		var allItems []sdk.Item
		var allSpans []sdk.Span
		var allCands []string
		for i, c := range cases {
			resp, err := x.Extract(ctx, &sdk.ExtractRequest{Spans: c.spans})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			items := resp.Items
			name := set + "/" + c.name
			out = append(out, goldenRequest{name + " extracted", &sdk.ScoreRequest{Candidate: c.candidate, Items: items, Originals: c.spans}})
			// The same items against the next case's candidate: related
			// text that keeps other things.
			next := cases[(i+1)%len(cases)].candidate
			out = append(out, goldenRequest{name + " extracted vs next", &sdk.ScoreRequest{Candidate: next, Items: items, Originals: c.spans}})
			for _, keyTerms := range []bool{false, true} {
				if its := droppedItems(c, keyTerms); len(its) > 0 {
					out = append(out, goldenRequest{fmt.Sprintf("%s dropped keyTerms=%v", name, keyTerms), &sdk.ScoreRequest{Candidate: c.candidate, Items: its, Originals: c.spans}})
				}
			}
			if its := ruleItems(r, c); len(its) > 0 {
				out = append(out, goldenRequest{name + " rules", &sdk.ScoreRequest{Candidate: c.candidate, Items: its, Originals: c.spans}})
			}
			for _, it := range items {
				it.Span = fmt.Sprintf("%s/%s", c.name, it.Span)
				allItems = append(allItems, it)
			}
			for _, sp := range c.spans {
				sp.ID = fmt.Sprintf("%s/%s", c.name, sp.ID)
				allSpans = append(allSpans, sp)
			}
			allCands = append(allCands, c.candidate)
		}
		// Every item of the set against all candidates of the set at once:
		// many competing units, ties and far-away evidence.
		out = append(out, goldenRequest{set + " all items vs all candidates", &sdk.ScoreRequest{Candidate: strings.Join(allCands, "\n\n"), Items: allItems, Originals: allSpans}})
	}
	out = append(out, scorerTestRequests()...)
	cand, items := benchInput()
	out = append(out, goldenRequest{"bench 40k tokens", &sdk.ScoreRequest{Candidate: cand, Items: items}})
	out = append(out, kitRequests()...)
	return out
}

// scorerTestRequests are the inputs of this package's other tests.
func scorerTestRequests() []goldenRequest {
	seed := []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "Important: do not run DROP TABLE on legacy_orders.", Span: "s2", KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
		{Category: sdk.CategoryNumericCommitment, Text: "Copy legacy_orders into orders_v2 in batches of 5,000 rows.", Span: "s2", KeyTerms: []string{"5,000 rows"}},
	}
	weights := []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "Never deploy on Fridays."},
		{Category: sdk.CategoryEntity, Text: "Logs go to logs-eu.", KeyTerms: []string{"logs-eu"}},
	}
	fromOriginals := []sdk.Item{{Category: sdk.CategoryProhibition, Span: "s1", Start: 0, End: 39, KeyTerms: []string{"DROP TABLE"}}}
	originals := []sdk.Span{{ID: "s1", Kind: "user", Text: "Do not run DROP TABLE on legacy_orders. Other text."}}
	return []goldenRequest{
		{"seed kept", &sdk.ScoreRequest{Candidate: "Migration: copying legacy_orders into orders_v2 in batches of 5,000 rows. Do not run DROP TABLE on legacy_orders.", Items: seed}},
		{"seed dropped", &sdk.ScoreRequest{Candidate: "Migration done: legacy_orders copied into orders_v2 in 5,000-row batches; row counts match. Next: clean up the legacy schema.", Items: seed}},
		{"seed inverted", &sdk.ScoreRequest{Candidate: "Copied 20 batches of 5,000 rows. Once all batches are verified, run DROP TABLE on legacy_orders.", Items: seed}},
		{"weights", &sdk.ScoreRequest{Candidate: "Logs go to logs-eu.", Items: weights}},
		{"text from originals", &sdk.ScoreRequest{Candidate: "Never run DROP TABLE on legacy_orders.", Items: fromOriginals, Originals: originals}},
		{"empty candidate", &sdk.ScoreRequest{Candidate: "", Items: seed}},
	}
}

// kitFaithful, kitOriginals, kitItems and kitMany mirror the inputs of
// the conformance kit (sdk/sdktest), whose large-input check scores an
// 8 MiB repetition of kitFaithful.
const kitFaithful = "Constraints so far:\n- Do not run DROP TABLE on legacy_orders.\n- The budget is 48000 tokens per session.\n" +
	"- test_migrate timed out after 30s because the lock on orders_v2 was held (nightly job).\n" +
	"- Deploy by 2025-07-01; pin postgres to 15.4 and never upgrade to 16 in this release.\n" +
	"- NE PAS EXÉCUTER « rm -rf /données ». 東京リージョンのみ使用する。"

func kitOriginals() []sdk.Span {
	return []sdk.Span{
		{ID: "s1", Kind: "user", Turn: 0, Text: "Do not run DROP TABLE on legacy_orders. The budget is 48000 tokens per session."},
		{ID: "s2", Kind: "tool_result", Turn: 1, Text: "pytest failed: test_migrate timed out after 30s because the lock on orders_v2 was held by the nightly job."},
		{ID: "s3", Kind: "user", Turn: 2, Text: "Deploy by 2025-07-01 and pin postgres to 15.4; never upgrade to 16 in this release."},
		{ID: "s4", Kind: "assistant", Turn: 3, Text: "Note: Ne pas exécuter « rm -rf /données » — 東京リージョンのみ使用する。"},
	}
}

func kitItems() []sdk.Item {
	o := kitOriginals()
	at := func(id, cat, quote string, keys ...string) sdk.Item {
		for _, s := range o {
			if i := strings.Index(s.Text, quote); s.ID == id && i >= 0 {
				return sdk.Item{Category: cat, Text: quote, Span: id, Start: i, End: i + len(quote), KeyTerms: keys}
			}
		}
		panic("no " + quote)
	}
	return []sdk.Item{
		at("s1", sdk.CategoryProhibition, "Do not run DROP TABLE on legacy_orders", "DROP TABLE", "legacy_orders"),
		at("s1", sdk.CategoryNumericCommitment, "The budget is 48000 tokens per session", "48000"),
		at("s2", sdk.CategoryFailedAttempt, "test_migrate timed out after 30s because the lock on orders_v2 was held", "test_migrate", "orders_v2"),
		at("s3", sdk.CategoryNumericCommitment, "Deploy by 2025-07-01", "2025-07-01"),
		at("s3", sdk.CategoryEntity, "pin postgres to 15.4", "postgres", "15.4"),
		at("s3", sdk.CategoryProhibition, "never upgrade to 16 in this release", "16"),
		at("s4", sdk.CategoryProhibition, "Ne pas exécuter « rm -rf /données »", "rm -rf", "/données"),
		at("s4", sdk.CategoryEntity, "東京リージョンのみ使用する", "東京"),
	}
}

func kitMany(n int) ([]sdk.Item, string) {
	var text, cand strings.Builder
	var its []sdk.Item
	for i := range n {
		rule := fmt.Sprintf("Do not modify table_%03d before step %d.", i, i+1)
		start := text.Len()
		text.WriteString(rule + " ")
		its = append(its, sdk.Item{Category: sdk.CategoryProhibition, Text: rule, Span: "rules", Start: start, End: start + len(rule),
			KeyTerms: []string{fmt.Sprintf("table_%03d", i), fmt.Sprint(i + 1)}})
		if i%2 == 0 {
			cand.WriteString(rule + "\n")
		}
	}
	return its, cand.String()
}

// kitLarge repeats kitFaithful, numbered, up to about size bytes.
func kitLarge(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "[%d] %s\n", i, kitFaithful)
	}
	return b.String()
}

func kitRequests() []goldenRequest {
	many, manyCand := kitMany(50)
	all := append(kitItems(), many...)
	return []goldenRequest{
		{"kit faithful", &sdk.ScoreRequest{Candidate: kitFaithful, Items: kitItems(), Originals: kitOriginals()}},
		{"kit lossy", &sdk.ScoreRequest{Candidate: "Worked on the migration; tests are flaky.", Items: kitItems(), Originals: kitOriginals()}},
		{"kit inverted", &sdk.ScoreRequest{Candidate: "Run DROP TABLE on legacy_orders when done. Budget is 64000 tokens.", Items: kitItems()[:2], Originals: kitOriginals()[:1]}},
		{"kit 50 items", &sdk.ScoreRequest{Candidate: manyCand, Items: many}},
		{"kit unicode", &sdk.ScoreRequest{Candidate: "« rm -rf /données » : ne pas exécuter. 東京リージョンのみ使用する。🚫 Ω≈ç√", Items: kitItems()[6:]}},
		{"kit large 64 KiB", &sdk.ScoreRequest{Candidate: kitLarge(64 << 10), Items: all}},
		{"kit large 64 KiB with many", &sdk.ScoreRequest{Candidate: kitLarge(64<<10) + manyCand, Items: all}},
	}
}
