package sdk

import (
	"errors"
	"testing"
)

func TestFoldIgnoresCaseAndSpacingOnly(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"  Do NOT\n\trun  DROP TABLE ", "do not run drop table"},
		{"ÉCOLE Straße", "école straße"},
		{"5,000 rows", "5,000 rows"}, // punctuation and digits stay as written
		{"東京 リージョン", "東京 リージョン"},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCitesNeedsEvidenceInTheCandidate(t *testing.T) {
	item := Item{Text: "Do not run DROP TABLE on legacy_orders."}
	const candidate = "Status: we must NOT run drop table\non legacy_orders. Batches of 5000 rows."
	tests := []struct {
		name     string
		evidence string
		want     error
	}{
		{"no evidence", "", ErrNoEvidence},
		{"only whitespace", " \n\t", ErrNoEvidence},
		{"re-wrapped and recased", "not run DROP TABLE on LEGACY_ORDERS", nil},
		{"reworded", "never drop legacy_orders", ErrEvidenceNotInCandidate},
		{"in the candidate but about another item", "Batches of 5000 rows", ErrEvidenceOffItem},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Cites(candidate, tt.evidence, item); !errors.Is(got, tt.want) {
				t.Errorf("Cites(%q) = %v, want %v", tt.evidence, got, tt.want)
			}
		})
	}
}

// Evidence in the candidate must also share a term with the item: a quote
// as small as "a" or "the" is in every candidate. Each evidence here is
// the whole candidate, so only the term rule decides.
func TestCitesNeedsATermOfTheItem(t *testing.T) {
	tests := []struct {
		item     Item
		evidence string
		want     bool
	}{
		{Item{Text: "Do not run DROP TABLE on legacy_orders."}, "a", false},
		{Item{Text: "Do not run DROP TABLE on legacy_orders."}, "never touch legacy_orders", true},
		{Item{Text: "Keep it at 5 retries."}, "at most 5 tries", true},
		{Item{Text: "Keep it at 5 retries.", KeyTerms: []string{"5 retries"}}, "the", false},
		{Item{Text: "Use the gateway.", KeyTerms: []string{"API-GW"}}, "api-gw stays", true},
		{Item{Text: "预算不得超过四万八千"}, "预算上限", true},
		{Item{Text: "预算不得超过四万八千"}, "的", false},
		{Item{Text: "do not"}, "do", false},
		{Item{Text: "do not"}, "we do not", true},
		// Only short words: the frame's action is what the quote names.
		{Item{Text: "Don't run it yet.", Frame: &Frame{Modality: "must_not", Action: "run yet"}}, "the agent does not run it", true},
		{Item{Text: "Don't run it yet.", Frame: &Frame{Modality: "must_not", Action: "run yet"}}, "the agent does not deploy it", false},
		{Item{Text: "Don't run it yet."}, "the agent does not run it", false},
		{Item{Text: "Don't run it yet.", KeyTerms: []string{"don't"}, Frame: &Frame{Modality: "must_not", Action: "run yet"}}, "the agent does not run it", true},
		// Stems: a long word's first five letters, two Hangul syllables.
		{Item{Text: "Maximaal 4 vaccinatieafspraken per uur."}, "max. vier vaccinaties per uur", true},
		{Item{Text: "Maximaal 4 vaccinatieafspraken per uur."}, "vier per uur", false},
		{Item{Text: "이 종목의 주문은 승인하지 마세요."}, "주문 승인 불가", true},
		{Item{Text: "이 종목의 주문은 승인하지 마세요."}, "승", false},
		{Item{Text: "Never touch route tables."}, "routing", false},         // words under seven letters have no stem
		{Item{Text: "Never restart production."}, "the product page", true}, // a stem ties the topic, not the meaning
		// A number regrouped by the summary is the same term; a decimal is not a group.
		{Item{Text: "Запас на базе — не менее 4000 л"}, "reserve at base ≥ 4,000 L", true},
		{Item{Text: "Запас на базе — не менее 4000 л"}, "reserve ≥ 4 000 L", true},
		{Item{Text: "Запас не менее 45 л"}, "reserve 4.5 L", false},
		// A number with its unit joined on is a term by its number, whole.
		{Item{Text: "barulho só das 8h às 17h"}, "noisy work only 8 am to 5 pm", true},
		{Item{Text: "barulho só das 8h às 17h"}, "from 18 to 25", false},
		{Item{Text: "pausa de 30min"}, "a 30 minute break", true},
		{Item{Text: "pausa de 30min"}, "a 130 minute break", false},
		{Item{Text: "dose de 2,5mg"}, "2,5 milligrams", true},
		{Item{Text: "dose de 5mg"}, "2,5 milligrams", false},
		// A vowel sign is part of its word: the words of an Indic item are whole.
		{Item{Text: "रिट्रीट में मांसाहार और शराब पूरी तरह वर्जित है।"}, "मांसाहार और शराब — दोनों पर पूरी पाबंदी", true},
		{Item{Text: "रिट्रीट में मांसाहार और शराब पूरी तरह वर्जित है।"}, "मोबाइल फ़ोन बंद", false},
	}
	for _, tt := range tests {
		err := Cites(tt.evidence, tt.evidence, tt.item)
		if err != nil && !errors.Is(err, ErrEvidenceOffItem) {
			t.Fatalf("Cites(%q, %q) = %v: the evidence is the candidate, so only the term rule may refuse it", tt.evidence, tt.item.Text, err)
		}
		if got := err == nil; got != tt.want {
			t.Errorf("Cites(%q, %q) cites = %v, want %v (terms %q)", tt.evidence, tt.item.Text, got, tt.want, itemTerms(tt.item))
		}
	}
}

// The folded form checks every verdict of a response against one fold of
// the candidate, and agrees with Cites.
func TestFoldedCandidateAgreesWithCites(t *testing.T) {
	const candidate = "Keep at most 5 retries.\nNever touch legacy_orders."
	folded := FoldCandidate(candidate)
	items := []Item{{Text: "Keep it at 5 retries."}, {Text: "Do not touch legacy_orders."}}
	for _, ev := range []string{"", "5 RETRIES", "legacy_orders", "never", "drop it"} {
		for _, it := range items {
			if a, b := folded.Cites(ev, it), Cites(candidate, ev, it); a != b {
				t.Errorf("evidence %q item %q: folded %v, Cites %v", ev, it.Text, a, b)
			}
		}
	}
}

// TestContainsWordNeedsNoLetterOrDigitEitherSide pins the whole-word
// lookup the host's delegation rule and others share.
func TestContainsWordNeedsNoLetterOrDigitEitherSide(t *testing.T) {
	tests := []struct {
		text, word string
		want       bool
	}{
		{"wire plausible events for the form", "plausible", true},
		{"the formula", "form", false},
		{"form", "form", true},
		{"informal form.", "form", true},
		{"ticket ent-2500", "ent-250", false},
		{"café crème", "café", true},
		{"anything", "", false},
	}
	for _, tt := range tests {
		if got := ContainsWord(tt.text, tt.word); got != tt.want {
			t.Errorf("ContainsWord(%q, %q) = %v, want %v", tt.text, tt.word, got, tt.want)
		}
	}
}
