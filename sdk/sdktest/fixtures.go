package sdktest

import (
	"fmt"
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

// The kit's inputs: small sessions with every item category, unicode, an
// empty span, and the large inputs. They are built fresh on each call, so
// no check can change another's input.

// Sizes of the large inputs: what a long session sends, well under
// sdk.MaxMessageBytes but past gRPC's default 4 MiB message limit, which
// a plugin that forgot to raise it fails on. A Score request carries
// the covered originals of a long session (largeOriginalsBytes) and a
// summary far longer than any real one (largeCandidateBytes, about 64k
// tokens: a summary is a fraction of the budget it compacts to), and must
// be answered within the per-call timeout like any other.
const (
	largeCandidateBytes = 256 << 10
	largeOriginalsBytes = 8 << 20
	// An extractor gets spans in chunks of at most 256 spans and about
	// 256 KiB (host/guard.DefaultExtractChunk), and a span larger than a
	// chunk alone: the kit sends one full chunk, then one span past gRPC's
	// default message limit.
	largeBatchSpans = 256
	largeSpanBytes  = 5 << 20
	// A policy plugin gets the whole live view.
	largeViewSpans = 5000
)

// originals are the pinned spans the scorer items cite.
func originals() []sdk.Span {
	return []sdk.Span{
		{ID: "s1", Kind: "user", Turn: 0, Text: "Do not run DROP TABLE on legacy_orders. The budget is 48000 tokens per session."},
		{ID: "s2", Kind: "tool_result", Turn: 1, Meta: map[string]string{"tool": "bash", "exit_code": "1"},
			Text: "pytest failed: test_migrate timed out after 30s because the lock on orders_v2 was held by the nightly job."},
		{ID: "s3", Kind: "user", Turn: 2, Text: "Deploy by 2025-07-01 and pin postgres to 15.4; never upgrade to 16 in this release."},
		{ID: "s4", Kind: "assistant", Turn: 3, Text: "Note: Ne pas exécuter « rm -rf /données » — 東京リージョンのみ使用する。"},
		{ID: "s5", Kind: "tool_result", Turn: 4, Meta: map[string]string{"tool": "read", "path": "notes.md"}, Text: ""},
	}
}

// itemAt makes an item citing the first occurrence of quote in span.
func itemAt(spans []sdk.Span, id, category, quote string, keyTerms ...string) sdk.Item {
	for _, s := range spans {
		if s.ID != id {
			continue
		}
		i := strings.Index(s.Text, quote)
		if i < 0 {
			panic(fmt.Sprintf("sdktest fixture: %q is not in span %s", quote, id))
		}
		return sdk.Item{Category: category, Text: quote, Span: id, Start: i, End: i + len(quote), KeyTerms: keyTerms, Extractor: "sdktest"}
	}
	panic("sdktest fixture: no span " + id)
}

// items are the decision-relevant items of originals.
func items() []sdk.Item {
	o := originals()
	return []sdk.Item{
		itemAt(o, "s1", sdk.CategoryProhibition, "Do not run DROP TABLE on legacy_orders", "DROP TABLE", "legacy_orders"),
		itemAt(o, "s1", sdk.CategoryNumericCommitment, "The budget is 48000 tokens per session", "48000"),
		itemAt(o, "s2", sdk.CategoryFailedAttempt, "test_migrate timed out after 30s because the lock on orders_v2 was held", "test_migrate", "orders_v2"),
		itemAt(o, "s3", sdk.CategoryNumericCommitment, "Deploy by 2025-07-01", "2025-07-01"),
		itemAt(o, "s3", sdk.CategoryEntity, "pin postgres to 15.4", "postgres", "15.4"),
		itemAt(o, "s3", sdk.CategoryProhibition, "never upgrade to 16 in this release", "16"),
		itemAt(o, "s4", sdk.CategoryProhibition, "Ne pas exécuter « rm -rf /données »", "rm -rf", "/données"),
		itemAt(o, "s4", sdk.CategoryEntity, "東京リージョンのみ使用する", "東京"),
	}
}

// faithful is a candidate that keeps every item, reworded and re-wrapped.
const faithful = "Constraints so far:\n- Do not run DROP TABLE on legacy_orders.\n- The budget is 48000 tokens per session.\n" +
	"- test_migrate timed out after 30s because the lock on orders_v2 was held (nightly job).\n" +
	"- Deploy by 2025-07-01; pin postgres to 15.4 and never upgrade to 16 in this release.\n" +
	"- NE PAS EXÉCUTER « rm -rf /données ». 東京リージョンのみ使用する。"

// manyItems makes n items over one span of n rules, and a candidate that
// keeps every other rule.
func manyItems(n int) ([]sdk.Item, []sdk.Span, string) {
	var text, cand strings.Builder
	var its []sdk.Item
	for i := range n {
		rule := fmt.Sprintf("Do not modify table_%03d before step %d.", i, i+1)
		start := text.Len()
		text.WriteString(rule)
		text.WriteByte(' ')
		its = append(its, sdk.Item{Category: sdk.CategoryProhibition, Text: rule, Span: "rules", Start: start, End: start + len(rule),
			KeyTerms: []string{fmt.Sprintf("table_%03d", i), fmt.Sprint(i + 1)}, Extractor: "sdktest"})
		if i%2 == 0 {
			cand.WriteString(rule)
			cand.WriteByte('\n')
		}
	}
	return its, []sdk.Span{{ID: "rules", Kind: "user", Text: text.String()}}, cand.String()
}

// scoreCase is one Score request the scorer checks send.
type scoreCase struct {
	name string
	req  *sdk.ScoreRequest
}

func scoreCases() []scoreCase {
	many, manySpans, manyCand := manyItems(50)
	cases := []scoreCase{
		{"faithful candidate", &sdk.ScoreRequest{Candidate: faithful, Items: items(), Originals: originals()}},
		{"empty candidate", &sdk.ScoreRequest{Candidate: "", Items: items(), Originals: originals()}},
		{"lossy candidate", &sdk.ScoreRequest{Candidate: "Worked on the migration; tests are flaky.", Items: items(), Originals: originals()}},
		{"inverted candidate", &sdk.ScoreRequest{Candidate: "Run DROP TABLE on legacy_orders when done. Budget is 64000 tokens.", Items: items()[:2], Originals: originals()[:1]}},
		{"no items", &sdk.ScoreRequest{Candidate: faithful, Originals: originals()}},
		{"50 items", &sdk.ScoreRequest{Candidate: manyCand, Items: many, Originals: manySpans}},
		{"unicode candidate", &sdk.ScoreRequest{Candidate: "« rm -rf /données » : ne pas exécuter. 東京リージョンのみ使用する。🚫 Ω≈ç√", Items: items()[6:], Originals: originals()[3:4]}},
	}
	// Protocol 1.1: items with frames, and the candidate read into
	// frames as the host's extractors read it. The evidence check holds
	// every kept framed item to the host floor.
	if r, err := kitReader(); err == nil {
		cases = append(cases,
			scoreCase{"framed items", &sdk.ScoreRequest{Candidate: faithful, Items: framedItems(r), Originals: originals(), CandidateItems: candidateItems(r, faithful)}},
			scoreCase{"framed items, altered values", &sdk.ScoreRequest{Candidate: altered, Items: framedItems(r), Originals: originals(), CandidateItems: candidateItems(r, altered)}},
		)
	}
	return cases
}

// altered keeps every item's words but changes the values of the items
// of the host's default must_keep categories (a numeric commitment, an
// entity, a prohibition): a scorer that calls those items kept cites
// clauses without their values, which the host's floor overrides.
const altered = "Constraints so far:\n- Do not run DROP TABLE on legacy_orders.\n- The budget is 64000 tokens per session.\n" +
	"- test_migrate timed out after 30s because the lock on orders_v2 was held (nightly job).\n" +
	"- Deploy by 2025-08-01; pin postgres to 15.6 and never upgrade to 17 in this release."

// largeCandidate repeats the faithful candidate up to about size bytes.
func largeCandidate(size int) string {
	var b strings.Builder
	b.Grow(size + len(faithful))
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "[%d] %s\n", i, faithful)
	}
	return b.String()
}

// largeSpan is one tool output of about size bytes, without a rule in it.
func largeSpan(size int) sdk.Span {
	return sdk.Span{ID: "big", Kind: "tool_result", Turn: 1, Meta: map[string]string{"tool": "bash", "exit_code": "0"},
		Text: strings.Repeat(logLine, size/len(logLine)+1)}
}

// logLine is a line of a long command's output.
const logLine = "2026-11-30T02:14:07Z INFO copy batch committed: 5000 rows from legacy_orders into orders_v2, lag 1.2s\n"

// largeOriginals is about size bytes of tool output in 4 KiB spans, as
// the originals a long session's compaction covers hold; no item cites
// them.
func largeOriginals(size int) []sdk.Span {
	chunk := strings.Repeat(logLine, 4096/len(logLine))
	out := make([]sdk.Span, 0, size/len(chunk)+1)
	for i := 0; len(out)*len(chunk) < size; i++ {
		out = append(out, sdk.Span{ID: fmt.Sprintf("log%d", i), Kind: "tool_result", Turn: 10 + i,
			Meta: map[string]string{"tool": "bash", "exit_code": "0"}, Text: chunk})
	}
	return out
}

// extractBatch is the batch the extractor checks send.
func extractBatch() []sdk.Span {
	spans := originals()
	spans = append(spans,
		sdk.Span{ID: "s6", Kind: "reasoning", Turn: 5, Text: "I should not touch the billing schema; the limit is 3 retries."},
		sdk.Span{ID: "s7", Kind: "summary", Turn: 6, Covers: []string{"s1"}, Text: "Earlier: do not run DROP TABLE on legacy_orders."},
	)
	return spans
}

// largeBatch is n spans cycling through extractBatch's texts.
func largeBatch(n int) []sdk.Span {
	base := extractBatch()
	out := make([]sdk.Span, n)
	for i := range out {
		s := base[i%len(base)]
		s.ID = fmt.Sprintf("b%05d", i)
		s.Turn = i
		s.Covers = nil
		out[i] = s
	}
	return out
}

// phases are the phases the policy checks send.
func phases() []sdk.PhaseInfo {
	return []sdk.PhaseInfo{{Name: "exploration", Policy: "explore"}, {Name: "synthesis", Policy: "synthesize"}}
}

func phaseRequest(view []sdk.Span) *sdk.PhaseSignalRequest {
	return &sdk.PhaseSignalRequest{View: view, Version: 7, Phases: phases(), CurrentPhase: "exploration"}
}

func proposeRequest() *sdk.ProposePolicyRequest {
	return &sdk.ProposePolicyRequest{
		Phase: "synthesis", Scores: map[string]float64{"exploration": 0.2, "synthesis": 0.8},
		ActivePolicy: "explore", Phases: phases(), Policies: []string{"explore", "synthesize"},
	}
}
