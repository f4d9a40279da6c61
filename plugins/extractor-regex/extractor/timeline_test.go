package extractor

import (
	"context"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func human(id, text string) sdk.Span {
	return sdk.Span{ID: id, Kind: "user", Text: text, Meta: map[string]string{"source": sdk.SourceHuman}}
}

func extract(t *testing.T, spans ...sdk.Span) []sdk.Item {
	t.Helper()
	x, err := New()
	if err != nil {
		t.Fatal(err)
	}
	resp, err := x.Extract(context.Background(), &sdk.ExtractRequest{Spans: spans})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Items
}

func describeItems(items []sdk.Item) []string {
	var out []string
	for _, it := range items {
		s := it.Span + " " + it.Category + " " + it.Text
		if it.Frame != nil {
			s += " [" + it.Frame.Modality + " " + it.Frame.Status + " by " + it.Frame.ChangedBy + "]"
		}
		out = append(out, s)
	}
	return out
}

// TestExtractMarksARuleLiftedByALaterMessage: a later message from the
// person that lifts a rule, naming its object, marks the earlier item's
// frame lifted and names the span that lifted it; the lifting message's
// own item stays active.
func TestExtractMarksARuleLiftedByALaterMessage(t *testing.T) {
	items := extract(t,
		human("u1", "Do not modify the feature_flags table while we investigate."),
		human("u2", "Actually, you can drop that restriction now: feel free to edit feature_flags again."),
	)
	if len(items) == 0 {
		t.Fatal("no items")
	}
	first := items[0]
	if first.Span != "u1" {
		t.Fatalf("first item is from %s, want u1: %v", first.Span, describeItems(items))
	}
	if first.Frame == nil {
		t.Fatalf("first item %q has no frame", first.Text)
	}
	if first.Frame.Status != sdk.StatusLifted || first.Frame.ChangedBy != "u2" {
		t.Errorf("first item %q: status %q changed by %q, want %q by u2", first.Text, first.Frame.Status, first.Frame.ChangedBy, sdk.StatusLifted)
	}
	for _, it := range items {
		if it.Frame == nil {
			t.Fatalf("item %q has no frame", it.Text)
		}
		if it.Span == "u2" && (it.Frame.Status != sdk.StatusActive || it.Frame.ChangedBy != "") {
			t.Errorf("lifting message's item %q: status %q changed by %q, want active", it.Text, it.Frame.Status, it.Frame.ChangedBy)
		}
	}
}

// TestExtractKeepsARuleActiveWithoutALaterChange: the same rule with
// nothing after it, or with a later message about something else, stays
// active and its frame names its source.
func TestExtractKeepsARuleActiveWithoutALaterChange(t *testing.T) {
	tests := []struct {
		name  string
		spans []sdk.Span
	}{
		{"rule alone", []sdk.Span{human("u1", "Do not modify the feature_flags table while we investigate.")}},
		{"unrelated later message", []sdk.Span{
			human("u1", "Do not modify the feature_flags table while we investigate."),
			human("u2", "Also, please rename the README heading to Getting started."),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t, tt.spans...)
			found := false
			for _, it := range items {
				if it.Span != "u1" || it.Category != sdk.CategoryProhibition {
					continue
				}
				found = true
				if it.Frame == nil {
					t.Fatalf("item %q has no frame", it.Text)
				}
				if it.Frame.Status != sdk.StatusActive || it.Frame.ChangedBy != "" {
					t.Errorf("item %q: status %q changed by %q, want active", it.Text, it.Frame.Status, it.Frame.ChangedBy)
				}
				if it.Frame.Source != sdk.SourceHuman {
					t.Errorf("item %q: frame source %q, want %q", it.Text, it.Frame.Source, sdk.SourceHuman)
				}
			}
			if !found {
				t.Fatalf("no prohibition item from u1: %v", describeItems(items))
			}
		})
	}
}

// TestExtractGivesEveryItemAFrame: every item the extractor emits carries
// its frame.
func TestExtractGivesEveryItemAFrame(t *testing.T) {
	items := extract(t,
		human("u1", "Do not run DROP TABLE on legacy_orders. Keep the batch size at 500 rows."),
		human("u2", "Do not modify the feature_flags table while we investigate."),
		human("u3", "Correction: the flower budget is now £1,200, not £1,800."),
		sdk.Span{ID: "a1", Kind: "assistant", Text: "The COPY FREEZE attempt failed because of the audit trigger; I will not retry it."},
	)
	if len(items) < 4 {
		t.Fatalf("%d items, want at least 4 to make this test mean something: %v", len(items), describeItems(items))
	}
	for _, it := range items {
		if it.Frame == nil {
			t.Errorf("item %s %q has no frame", it.Category, it.Text)
		}
	}
}

// TestExtractSetsNoNumericCommitmentFromAQuestionOrAReport: a number in a
// question or in a report of what happened commits nobody to it.
func TestExtractSetsNoNumericCommitmentFromAQuestionOrAReport(t *testing.T) {
	tests := []struct {
		name, text string
	}{
		{"question", "Can you set up the code 4471 for weekdays 12:00 to 13:00?"},
		{"report", "The pilot complained the queue took 25 minutes."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t, human("u1", tt.text))
			for _, it := range items {
				if it.Category == sdk.CategoryNumericCommitment {
					t.Errorf("numeric commitment %q from %q", it.Text, tt.text)
				}
			}
		})
	}
	// The same value as an instruction is a commitment: the filter drops
	// questions and reports, not numbers.
	items := extract(t, human("u1", "Keep the queue under 25 minutes."))
	var cats []string
	for _, it := range items {
		cats = append(cats, it.Category)
	}
	if !strings.Contains(strings.Join(cats, " "), sdk.CategoryNumericCommitment) {
		t.Fatalf("no numeric commitment from an instruction with a value: %v", describeItems(items))
	}
}
