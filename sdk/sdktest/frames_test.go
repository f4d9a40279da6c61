package sdktest

import (
	"math"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func TestFrameProblemsNameTheField(t *testing.T) {
	full := func() *sdk.Frame {
		return &sdk.Frame{
			Modality: sdk.ModalityLimit,
			Action:   "spend",
			Objects:  []sdk.FrameObject{{Name: "legacy_orders", Type: "table"}, {Name: "Dana"}},
			Bounds:   []sdk.Bound{{Op: sdk.OpLE, Value: 1800, Unit: "money:GBP", Text: "£1,800"}},
			Condition: &sdk.Qualifier{Text: "if the build is red",
				Objects: []sdk.FrameObject{{Name: "build"}}, Bounds: []sdk.Bound{{Op: sdk.OpAfter, Value: 1020, Unit: "clock", Text: "17:00"}}},
			Exceptions: []sdk.Qualifier{{Text: "except for hotfixes", Objects: []sdk.FrameObject{{Name: "hotfix"}}}},
			Source:     sdk.SourceHuman,
			Status:     sdk.StatusActive,
		}
	}
	with := func(change func(f *sdk.Frame)) *sdk.Frame {
		f := full()
		change(f)
		return f
	}
	tests := []struct {
		name  string
		frame *sdk.Frame
		want  []string // in the problems, in order; none for a well-formed frame
	}{
		{"no frame", nil, nil},
		{"empty frame", &sdk.Frame{}, nil},
		{"every field set", full(), nil},
		{"every modality", with(func(f *sdk.Frame) { f.Modality = sdk.ModalityFailed }), nil},
		{"every op", with(func(f *sdk.Frame) {
			f.Bounds = nil
			for _, op := range sdk.Ops() {
				f.Bounds = append(f.Bounds, sdk.Bound{Op: op, Value: -2.5})
			}
		}), nil},
		{"lifted by a span", with(func(f *sdk.Frame) { f.Status, f.ChangedBy = sdk.StatusLifted, "s9" }), nil},
		{"superseded by a span", with(func(f *sdk.Frame) { f.Status, f.ChangedBy = sdk.StatusSuperseded, "s9" }), nil},

		{"unknown modality", with(func(f *sdk.Frame) { f.Modality = "should" }), []string{`frame.modality is "should"`}},
		{"modality in capitals", with(func(f *sdk.Frame) { f.Modality = "MUST_NOT" }), []string{`frame.modality is "MUST_NOT"`}},
		{"unknown op", with(func(f *sdk.Frame) { f.Bounds[0].Op = "≤" }), []string{`frame.bounds[0].op is "≤"`}},
		{"empty op", with(func(f *sdk.Frame) { f.Bounds = append(f.Bounds, sdk.Bound{Value: 3}) }), []string{`frame.bounds[1].op is ""`}},
		{"NaN value", with(func(f *sdk.Frame) { f.Bounds[0].Value = math.NaN() }), []string{"frame.bounds[0].value is NaN"}},
		{"infinite value", with(func(f *sdk.Frame) { f.Bounds[0].Value = math.Inf(1) }), []string{"frame.bounds[0].value is +Inf"}},
		{"condition bound", with(func(f *sdk.Frame) { f.Condition.Bounds[0].Op = "after " }), []string{`frame.condition.bounds[0].op is "after "`}},
		{"exception bound", with(func(f *sdk.Frame) {
			f.Exceptions = append(f.Exceptions, sdk.Qualifier{Bounds: []sdk.Bound{{Op: sdk.OpGE, Value: math.Inf(-1)}}})
		}), []string{"frame.exceptions[1].bounds[0].value is -Inf"}},
		{"unknown status", with(func(f *sdk.Frame) { f.Status = "revoked" }), []string{`frame.status is "revoked"`}},
		{"lifted by nobody", with(func(f *sdk.Frame) { f.Status = sdk.StatusLifted }), []string{`frame.status is "lifted" but frame.changed_by is empty`}},
		{"superseded by blank", with(func(f *sdk.Frame) { f.Status, f.ChangedBy = sdk.StatusSuperseded, " " }), []string{`frame.status is "superseded" but frame.changed_by is empty`}},
		{"changed but active", with(func(f *sdk.Frame) { f.ChangedBy = "s9" }), []string{`frame.changed_by is "s9" but frame.status is "active"`}},
		{"changed without a status", &sdk.Frame{ChangedBy: "s9"}, []string{`frame.changed_by is "s9" but frame.status is ""`}},
		{"object without a name", with(func(f *sdk.Frame) { f.Objects[1].Name = "" }), []string{"frame.objects[1].name is empty"}},
		{"blank object name", with(func(f *sdk.Frame) { f.Objects[0].Name = " \t" }), []string{"frame.objects[0].name is empty"}},
		{"condition object", with(func(f *sdk.Frame) { f.Condition.Objects[0].Name = "" }), []string{"frame.condition.objects[0].name is empty"}},
		{"exception object", with(func(f *sdk.Frame) { f.Exceptions[0].Objects[0].Name = "" }), []string{"frame.exceptions[0].objects[0].name is empty"}},
		{"every problem at once", &sdk.Frame{
			Modality: "may", Objects: []sdk.FrameObject{{Type: "id"}},
			Bounds: []sdk.Bound{{Op: "~", Value: math.NaN()}}, Status: sdk.StatusLifted,
		}, []string{`frame.modality is "may"`, "frame.objects[0].name is empty", `frame.bounds[0].op is "~"`, "frame.bounds[0].value is NaN", "frame.changed_by is empty"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			probs := frameProblems(tt.frame)
			if len(probs) != len(tt.want) {
				t.Fatalf("problems %q, want %d mentioning %q", probs, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(probs[i], w) {
					t.Errorf("problem %d = %q, want it to mention %q", i, probs[i], w)
				}
			}
		})
	}
}

func TestCheckFramesNamesTheItem(t *testing.T) {
	good := sdk.Item{Category: sdk.CategoryProhibition, Text: "Do not run DROP TABLE", Frame: &sdk.Frame{Modality: sdk.ModalityMustNot}}
	plain := sdk.Item{Category: sdk.CategoryEntity, Text: "postgres 15.4"}
	bad := sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "at most 3 workers", Frame: &sdk.Frame{Bounds: []sdk.Bound{{Op: "max", Value: 3}}}}
	if msg := checkFrames([]sdk.Item{good, plain}); msg != "" {
		t.Errorf("well-formed items: %s", msg)
	}
	msg := checkFrames([]sdk.Item{good, plain, bad})
	for _, w := range []string{"item 2", "at most 3 workers", `frame.bounds[0].op is "max"`} {
		if !strings.Contains(msg, w) {
			t.Errorf("message %q does not mention %q", msg, w)
		}
	}
	batch := []sdk.Span{{ID: "s1", Kind: "user", Text: "at most 3 workers"}}
	bad.Span, bad.End = "s1", len(batch[0].Text)
	if msg := checkItems(batch, &sdk.ExtractResponse{Items: []sdk.Item{bad}}); !strings.Contains(msg, "item 0") || !strings.Contains(msg, "frame.bounds[0].op") {
		t.Errorf("checkItems = %q, want the malformed frame of item 0", msg)
	}
}

func TestFloorMissHoldsKeptFramedItemsToCites(t *testing.T) {
	r, err := kitReader()
	if err != nil {
		t.Fatal(err)
	}
	rule := sdk.Item{Category: sdk.CategoryProhibition, Text: "Do not run DROP TABLE on legacy_orders", Span: "s1",
		Frame: &sdk.Frame{Modality: sdk.ModalityMustNot, Action: "run drop tabl", Objects: []sdk.FrameObject{{Name: "legacy_orders", Type: "id"}}}}
	budget := sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "The budget is at most 48000 tokens per session", Span: "s1",
		Frame: &sdk.Frame{Modality: sdk.ModalityLimit, Action: "budget token session", Bounds: []sdk.Bound{{Op: sdk.OpLE, Value: 48000, Unit: "count", Text: "48000"}}}}
	plain := sdk.Item{Category: sdk.CategoryEntity, Text: "pin postgres to 15.4", Span: "s3"}
	const cand = "Do not run DROP TABLE on legacy_orders. legacy_orders was backed up. The budget is at most 48,000 tokens per session; it was 64000 last week."
	req := func(cands ...sdk.Item) *sdk.ScoreRequest {
		return &sdk.ScoreRequest{Candidate: cand, Items: []sdk.Item{rule, budget, plain}, CandidateItems: cands}
	}
	kept := func(i int, evidence string) sdk.ItemScore {
		return sdk.ItemScore{Index: i, Preserved: true, Score: 1, Fate: sdk.FateKept, Evidence: evidence}
	}
	tests := []struct {
		name    string
		req     *sdk.ScoreRequest
		verdict sdk.ItemScore
		want    string // in the note; "" for none
	}{
		{"the rule's own clause", req(), kept(0, "Do not run DROP TABLE on legacy_orders."), ""},
		{"the bound as written otherwise", req(), kept(1, "The budget is at most 48,000 tokens per session"), ""},
		{"an item without a frame", req(), kept(2, "legacy_orders was backed up."), ""},
		{"not preserved", req(), sdk.ItemScore{Index: 1, Evidence: "it was 64000 last week", Fate: sdk.FateAltered}, ""},
		{"no evidence (the evidence check's)", req(), kept(1, " "), ""},
		{"an index out of range (the item-indexes check's)", req(), kept(7, "it was 64000 last week"), ""},

		{"a clause without the object", req(), kept(0, "The budget is at most 48,000 tokens per session"), `lacks "legacy_orders"`},
		{"a clause without the value", req(), kept(1, "it was 64000 last week."), `lacks "48000"`},
		{"a clause that names the object but does not restrict", req(), kept(0, "legacy_orders was backed up."), "does not restrict"},
		{"a candidate rule over a clause that does not restrict", req(sdk.Item{Span: "candidate", Start: 40, End: 68,
			Frame: &sdk.Frame{Modality: sdk.ModalityMustNot, Objects: []sdk.FrameObject{{Name: "legacy_orders", Type: "id"}}}}),
			kept(0, "legacy_orders was backed up."), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			note := floorMiss(r, tt.req, tt.verdict)
			switch {
			case tt.want == "" && note != "":
				t.Errorf("floorMiss = %q, want none", note)
			case tt.want != "" && !strings.Contains(note, tt.want):
				t.Errorf("floorMiss = %q, want a note mentioning %q", note, tt.want)
			}
		})
	}
}

// The kit's framed cases must be fair: an honest scorer can cite every
// framed item in the faithful candidate, and cannot cite an altered
// item's values in the altered one.
func TestFramedCasesAreFair(t *testing.T) {
	r, err := kitReader()
	if err != nil {
		t.Fatal(err)
	}
	lines := func(cand string) []string {
		var out []string
		for l := range strings.Lines(cand) {
			out = append(out, strings.TrimSpace(strings.TrimPrefix(l, "- ")))
		}
		return out
	}
	for i, it := range framedItems(r) {
		if it.Frame == nil {
			t.Errorf("item %d (%q) has no frame", i, it.Text)
			continue
		}
		if probs := frameProblems(it.Frame); len(probs) > 0 {
			t.Errorf("item %d: %s", i, strings.Join(probs, "; "))
		}
		citable := func(cand string) bool {
			for _, l := range lines(cand) {
				if r.Cites(it, l, cand, candidateItems(r, cand)) == "" {
					return true
				}
			}
			return false
		}
		if !citable(faithful) {
			t.Errorf("item %d (%q, frame %+v): no line of the faithful candidate cites it", i, it.Text, *it.Frame)
		}
		if len(it.Frame.Bounds) > 0 && it.Category != sdk.CategoryFailedAttempt && citable(altered) {
			t.Errorf("item %d (%q): a line of the altered candidate cites it", i, it.Text)
		}
	}
	for _, it := range candidateItems(r, faithful) {
		if faithful[it.Start:it.End] != it.Text || it.Span != "candidate" {
			t.Errorf("candidate item %q cites %s[%d:%d]", it.Text, it.Span, it.Start, it.End)
		}
	}
}
