package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// TestHardenedJudgement holds the failure modes found on cases written
// beyond the samples: roles swapped while every name stays, numbers in
// European or spelled-out form, limits stated as prohibitions, Portuguese
// "no", and a negation that governs another name.
func TestHardenedJudgement(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	for _, tt := range hardenedCases() {
		t.Run(tt.name, func(t *testing.T) {
			v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
			if err != nil {
				t.Fatal(err)
			}
			if v[0].Preserved != tt.kept {
				t.Errorf("preserved = %v (%s: %s), want %v", v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
			}
		})
	}
}

// keptCase is one item (category, text, key terms), a candidate and
// whether the judge must call the item preserved.
type keptCase struct {
	name, cat, item, cand string
	keys                  []string
	kept                  bool
}

// hardenedCases are the cases of TestHardenedJudgement.
func hardenedCases() []keptCase {
	P, N, E := sdk.CategoryProhibition, sdk.CategoryNumericCommitment, sdk.CategoryEntity
	return []keptCase{
		{"roles swapped", E, "Run everything against prod only after the staging rehearsal passes.", "Staging runs only after the prod rehearsal passes.", []string{"prod", "staging"}, false},
		{"roles kept", E, "Run everything against prod only after the staging rehearsal passes.", "Prod runs only after the staging rehearsal passes.", []string{"prod", "staging"}, true},
		{"roles reworded", E, "Run everything against prod only after the staging rehearsal passes.", "Rehearse on staging first; nothing touches prod until the staging rehearsal has passed.", []string{"prod", "staging"}, true},
		{"primary swapped", E, "pg-eu-01 is the primary, pg-eu-02 the replica.", "pg-eu-02 is the primary, pg-eu-01 the replica.", []string{"pg-eu-01", "pg-eu-02"}, false},
		{"primary restated", E, "pg-eu-01 is the primary, pg-eu-02 the replica.", "Replica: pg-eu-02. Primary: pg-eu-01.", []string{"pg-eu-01", "pg-eu-02"}, true},
		{"contrast swapped", E, "Book it to account 4410-2290, not 4410-2209.", "Book it to account 4410-2209, not 4410-2290.", []string{"4410-2290", "4410-2209"}, false},
		{"passive rephrase", E, "Feel free to edit feature_flags again, and enable checkout_v2 there.", "checkout_v2 has been enabled in feature_flags.", []string{"feature_flags", "checkout_v2"}, true},
		{"env inside a name", E, "Never write to prod.", "Writes go to orders-prod-replica and staging.", []string{"prod"}, false},
		{"48k = 48,000", N, "Keep the whole job under a 48k token budget.", "The job stays below 48,000 tokens.", []string{"48k"}, true},
		{"48k to 84k", N, "Keep the whole job under a 48k token budget.", "The job stays under an 84k token budget.", []string{"48k"}, false},
		{"european money", N, "Tot maximaal €1.200,50 per factuur.", "Up to €1,200.50 per invoice.", []string{"€1.200,50"}, true},
		{"european money altered", N, "Tot maximaal €1.200,50 per factuur.", "Tot maximaal €12.005,00 per factuur.", []string{"€1.200,50"}, false},
		{"european thousands", N, "Höchstens 48.000 Token pro Lauf.", "At most 48,000 tokens per run.", []string{"48.000 Token"}, true},
		{"spelled count", N, "No more than 3 retries.", "At most three retries.", []string{"3 retries"}, true},
		{"spelled thousands", N, "Keep each export under forty-eight thousand rows.", "Exports stay below 48,000 rows.", []string{"forty-eight thousand rows"}, true},
		{"spelled altered", N, "Keep each export under forty-eight thousand rows.", "Exports stay below 84,000 rows.", []string{"forty-eight thousand rows"}, false},
		{"half an hour", N, "The window is at most half an hour.", "Window: 30 minutes maximum.", []string{"half an hour"}, true},
		{"hyphenated duration", N, "Use a 30 s timeout.", "Use a thirty-second timeout.", []string{"30 s"}, true},
		{"limit prohibition", P, "Marketing spend must not exceed $1.5M.", "Marketing spend ceiling: $1,500,000.", []string{"$1.5M"}, true},
		{"limit prohibition fr", P, "La pénalité ne doit pas dépasser 5 % du montant.", "Pénalité plafonnée à 5 % du montant.", []string{"dépasser 5 % du"}, true},
		{"limit without ceiling", P, "Marketing spend must not exceed $1.5M.", "Marketing spend so far: $1.5M.", []string{"$1.5M"}, false},
		{"pt no is not negation", P, "Nunca faça commit do arquivo .env.", "No final, faça commit do arquivo .env.", []string{".env"}, false},
		{"pt nao kept", P, "Nunca faça commit do arquivo .env.", "Não fazer commit do .env.", []string{".env"}, true},
		{"negation on another name", P, "us-east-1 is off-limits for personal data.", "Bucket in us-east-1; eu-west-1 stays off-limits for personal data.", []string{"us-east-1", "personal data"}, false},
		{"ja kinshi", P, "orders-prod には絶対に書き込まないでください。", "orders-prod への書き込みは禁止。", []string{"orders-prod", "ないで"}, true},
		{"ja inverted", P, "orders-prod には絶対に書き込まないでください。", "完了後、orders-prod に直接書き込む。", []string{"orders-prod", "ないで"}, false},
	}
}

// TestNormaliseDigits pins the number formats read as the same value.
func TestNormaliseDigits(t *testing.T) {
	tests := []struct {
		in   string
		unit bool
		want string
	}{
		{"1.200,50", false, "1200.50"},
		{"1.884.203", false, "1884203"},
		{"89,90", false, "89.90"},
		{"48.000", true, "48000"},
		{"48.000", false, "48.000"},
		{"0.125", true, "0.125"},
		{"1,200.50", false, "1,200.50"},
		{"3.11.2", false, "3.11.2"},
	}
	for _, tt := range tests {
		if got := normaliseDigits(tt.in, tt.unit); got != tt.want {
			t.Errorf("normaliseDigits(%q, %v) = %q, want %q", tt.in, tt.unit, got, tt.want)
		}
	}
}

// sameQuantities reports whether two texts hold the same quantities, one
// for one and in order, and at least one.
func sameQuantities(a, b string) bool {
	qa, qb := Quantities(a), Quantities(b)
	if len(qa) != len(qb) || len(qa) == 0 {
		return false
	}
	for i := range qa {
		if !qa[i].Equal(qb[i]) {
			return false
		}
	}
	return true
}
