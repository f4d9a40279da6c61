package sdktest

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Frames (protocol 1.1). An extractor's frames must be well formed
// (frameProblems, run by the extract-spans and large-input checks), and a
// scorer's kept verdicts on framed items must pass the floor the host
// holds every scorer to (floorMiss, run by the evidence check).

// kitReader is the frame reader over the SDK's built-in lexicons, the one
// the host reads evidence with. It is loaded once: a Reader is immutable
// and safe for concurrent use.
var kitReader = sync.OnceValues(func() (*frame.Reader, error) {
	lex, err := lexicon.Default()
	if err != nil {
		return nil, err
	}
	return frame.NewReader(lex), nil
})

// frameProblems says what is wrong with a frame an extractor sent, one
// entry per problem, each naming the field; nil for a nil or well-formed
// frame. Every field of a frame is optional; the ones sent must hold
// values the host and scorers can read.
func frameProblems(f *sdk.Frame) []string {
	if f == nil {
		return nil
	}
	var probs []string
	if f.Modality != "" && !slices.Contains(sdk.Modalities(), f.Modality) {
		probs = append(probs, fmt.Sprintf("frame.modality is %q, not one of %s (or empty for an item that states no rule)", f.Modality, strings.Join(sdk.Modalities(), ", ")))
	}
	probs = append(probs, objectProblems("frame.objects", f.Objects)...)
	probs = append(probs, boundProblems("frame.bounds", f.Bounds)...)
	if f.Condition != nil {
		probs = append(probs, objectProblems("frame.condition.objects", f.Condition.Objects)...)
		probs = append(probs, boundProblems("frame.condition.bounds", f.Condition.Bounds)...)
	}
	for i, e := range f.Exceptions {
		probs = append(probs, objectProblems(fmt.Sprintf("frame.exceptions[%d].objects", i), e.Objects)...)
		probs = append(probs, boundProblems(fmt.Sprintf("frame.exceptions[%d].bounds", i), e.Bounds)...)
	}
	changed := f.Status == sdk.StatusLifted || f.Status == sdk.StatusSuperseded
	switch {
	case f.Status != "" && !slices.Contains(sdk.Statuses(), f.Status):
		probs = append(probs, fmt.Sprintf("frame.status is %q, not one of %s (or empty)", f.Status, strings.Join(sdk.Statuses(), ", ")))
	case changed && strings.TrimSpace(f.ChangedBy) == "":
		probs = append(probs, fmt.Sprintf("frame.status is %q but frame.changed_by is empty; set changed_by to the id of the span that %s the rule", f.Status, f.Status))
	}
	if !changed && f.ChangedBy != "" {
		probs = append(probs, fmt.Sprintf("frame.changed_by is %q but frame.status is %q; set changed_by only on a lifted or superseded frame", f.ChangedBy, f.Status))
	}
	return probs
}

func objectProblems(field string, objs []sdk.FrameObject) []string {
	var probs []string
	for i, o := range objs {
		if strings.TrimSpace(o.Name) == "" {
			probs = append(probs, fmt.Sprintf("%s[%d].name is empty; every object names what the frame is about (leave out an object without a name)", field, i))
		}
	}
	return probs
}

func boundProblems(field string, bounds []sdk.Bound) []string {
	var probs []string
	for i, b := range bounds {
		if !slices.Contains(sdk.Ops(), b.Op) {
			probs = append(probs, fmt.Sprintf("%s[%d].op is %q, not one of %s", field, i, b.Op, strings.Join(sdk.Ops(), " ")))
		}
		if math.IsNaN(b.Value) || math.IsInf(b.Value, 0) {
			probs = append(probs, fmt.Sprintf("%s[%d].value is %v; a bound's value must be a finite number in its dimension's base unit (leave out a bound you could not read)", field, i, b.Value))
		}
	}
	return probs
}

// checkFrames says what is wrong with the first malformed frame of an
// extractor's items, or "".
func checkFrames(items []sdk.Item) string {
	for i, it := range items {
		if probs := frameProblems(it.Frame); len(probs) > 0 {
			return fmt.Sprintf("item %d (%q) has a malformed frame: %s", i, clip(it.Text), strings.Join(probs, "; "))
		}
	}
	return ""
}

// floorMiss holds one kept verdict to the host's floor: when the scorer
// called a framed item preserved, the evidence it cites must state the
// item (frame.Reader.Cites). It returns Cites' note ("" when the evidence
// holds), and "" for a verdict the floor does not apply to: not
// preserved, no evidence, an index out of range (the item-indexes and
// evidence checks report those) or an item without a frame. The request's
// CandidateItems are passed as the host passes them; the kit's cases
// without them pass nil.
func floorMiss(r *frame.Reader, req *sdk.ScoreRequest, is sdk.ItemScore) string {
	if !is.Preserved || strings.TrimSpace(is.Evidence) == "" || is.Index < 0 || is.Index >= len(req.Items) {
		return ""
	}
	it := req.Items[is.Index]
	if it.Frame == nil {
		return ""
	}
	return r.Cites(it, is.Evidence, req.Candidate, req.CandidateItems)
}

// framedItems are items() with the frames an extractor that reads frames
// sends: each item's text read in the language of its span, its primary
// clause as the frame, the span's source, status active.
func framedItems(r *frame.Reader) []sdk.Item {
	spans := map[string]sdk.Span{}
	for _, s := range originals() {
		spans[s.ID] = s
	}
	its := items()
	for i := range its {
		it := &its[i]
		sp := spans[it.Span]
		d := r.ReadIn(it.Text, sp.Text)
		c, ok := d.Primary()
		if !ok {
			continue
		}
		f := d.Frame(c)
		f.Source = sdk.SpanSource(sp)
		it.Frame = &f
	}
	return its
}

// candidateItems reads a candidate the way the host's extractors do (a
// span of source "summary", id "candidate"): one item per clause that
// states a rule, with its frame and its byte range in the candidate.
func candidateItems(r *frame.Reader, candidate string) []sdk.Item {
	d := r.Read(candidate)
	var out []sdk.Item
	for _, c := range d.Clauses {
		if c.Modality == "" {
			continue
		}
		f := d.Frame(c)
		f.Source = sdk.SourceSummary
		category := sdk.CategoryProhibition
		switch {
		case f.Modality == sdk.ModalityFailed:
			category = sdk.CategoryFailedAttempt
		case len(f.Bounds) > 0:
			category = sdk.CategoryNumericCommitment
		}
		out = append(out, sdk.Item{
			Category: category, Text: candidate[c.Start:c.End], Span: "candidate",
			Start: c.Start, End: c.End, Extractor: "sdktest", Frame: &f,
		})
	}
	return out
}
