package rules

import (
	"strings"
	"testing"
)

// TestSplitAbbreviations checks that titles, number signs and spaced
// single-letter abbreviations do not end a sentence, even before a capital
// or a digit, while ordinary sentence ends still split.
func TestSplitAbbreviations(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Do not list Prof. Halden as a co-investigator. He is busy.", []string{"Do not list Prof. Halden as a co-investigator.", "He is busy."}},
		{"Never email Dr. Marsh directly.", []string{"Never email Dr. Marsh directly."}},
		{"Mgr. Horáková nemůže v pondělí.", []string{"Mgr. Horáková nemůže v pondělí."}},
		{"Nutze nur Tabellen, z. B. Kunden, nicht Logs.", []string{"Nutze nur Tabellen, z. B. Kunden, nicht Logs."}},
		{"Patch only ticket Nr. 4711 today. Then stop.", []string{"Patch only ticket Nr. 4711 today.", "Then stop."}},
		{"See Art. 6 GDPR before sharing.", []string{"See Art. 6 GDPR before sharing."}},
		{"We use a cache, e.g. Redis is fine.", []string{"We use a cache, e.g. Redis is fine."}},
		{"Ask Mr. Brown. Do not ask Mrs. Green.", []string{"Ask Mr. Brown.", "Do not ask Mrs. Green."}},
		{"Say no. Then go.", []string{"Say no.", "Then go."}},
		{"Use plan B. Do not wait.", []string{"Use plan B.", "Do not wait."}},
	}
	for _, tc := range tests {
		var got []string
		for _, s := range splitSentences(tc.in, nil) {
			got = append(got, tc.in[s.Start:s.End])
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("split(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
