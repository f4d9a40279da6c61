package rules

import (
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestHardenedNumeric covers budgets and limits in the forms found beyond
// the sample cases: an article before the number, k/M suffixes, European
// separators, spelled-out numbers, and more languages.
func TestHardenedNumeric(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"under a 48k budget", "user", "Keep the whole job under a 48k token budget.", true, []string{"48k token"}},
		{"stay below M", "user", "Stay below a total of 1.5M requests.", true, nil},
		{"spelled limit", "user", "Keep each export under forty-eight thousand rows.", true, []string{"forty-eight thousand rows"}},
		{"spelled at most", "user", "Allow at most three retries.", true, []string{"three retries"}},
		{"european money", "user", "Keur alleen facturen goed tot maximaal €1.200,50 per factuur.", true, nil},
		{"dutch days", "user", "Bewaar sollicitaties maximaal 30 dagen.", true, nil},
		{"italian date", "user", "Non pubblicare prima del 4 dicembre.", true, []string{"4 dicembre"}},
		{"no number", "user", "Keep the job under budget.", false, nil},
	})
}

// TestHardenedProhibition covers negation in Dutch, Italian, Portuguese
// and Japanese, with their usual false friends.
func TestHardenedProhibition(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"dutch nooit", "user", "Exporteer nooit persoonsgegevens naar de analytics-omgeving.", true, nil},
		{"dutch niet", "user", "Verwijder de tabel klant_archief niet.", true, []string{"klant_archief"}},
		{"italian non", "user", "Non pubblicare la build sul Play Store.", true, nil},
		{"italian non solo", "user", "Non solo la build, anche le note.", false, nil},
		{"portuguese nao", "user", "Não faça deploy em prod-br-1 hoje.", true, []string{"prod-br-1"}},
		{"japanese naide", "user", "本番データベース orders-prod には書き込まないでください。", true, []string{"orders-prod"}},
		{"japanese kinshi", "user", "orders-prod への書き込みは禁止。", true, nil},
	})
}

// TestEnvironmentSuffixName checks that a name ending in an environment
// word is one name, not the bare environment.
func TestEnvironmentSuffixName(t *testing.T) {
	runCategory(t, sdk.CategoryEntity, []catCase{
		{"orders-prod", "user", "Never write to orders-prod directly.", true, []string{"orders-prod"}},
		{"plain prod", "user", "Never deploy to prod on Fridays.", true, []string{"prod"}},
	})
}

// TestRevokedRule checks that a prohibition lifted later by name is left
// out, and that a lift naming something else, or coming first, is not.
func TestRevokedRule(t *testing.T) {
	e := testEngine(t, Options{})
	rule := sdk.Span{ID: "s1", Kind: "user", Text: "Do not modify the feature_flags table. Never restart the payments-api pods."}
	tests := []struct {
		name  string
		spans []sdk.Span
		want  int // prohibitions left
	}{
		{"no revocation", []sdk.Span{rule}, 2},
		{"one lifted", []sdk.Span{rule, {ID: "s2", Kind: "user", Text: "Actually, you can drop the feature_flags restriction now."}}, 1},
		{"lift names nothing", []sdk.Span{rule, {ID: "s2", Kind: "user", Text: "You can drop that restriction now."}}, 2},
		{"lift by the agent", []sdk.Span{rule, {ID: "s2", Kind: "assistant", Text: "I think you can drop the feature_flags restriction now."}}, 2},
		{"lift before the rule", []sdk.Span{{ID: "s0", Kind: "user", Text: "Feel free to edit feature_flags."}, rule}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := len(byCategory(e.Extract(tt.spans), sdk.CategoryProhibition)); got != tt.want {
				t.Errorf("%d prohibitions, want %d", got, tt.want)
			}
		})
	}
}

// TestCJKSentences checks that the Japanese full stop ends a sentence.
func TestCJKSentences(t *testing.T) {
	got := splitSentences("本番には書き込まないでください。検証は staging-jp で行ってください。", nil)
	if len(got) != 2 {
		t.Fatalf("%d sentences, want 2: %+v", len(got), got)
	}
}
