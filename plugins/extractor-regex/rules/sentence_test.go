package rules

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
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
		{"Não cite o nome da Dra. Helena Prado. Ela é avaliadora.", []string{"Não cite o nome da Dra. Helena Prado.", "Ela é avaliadora."}},
		{"Never email Dr. Marsh directly.", []string{"Never email Dr. Marsh directly."}},
		{"Mgr. Horáková nemůže v pondělí.", []string{"Mgr. Horáková nemůže v pondělí."}},
		{"Nutze nur Tabellen, z. B. Kunden, nicht Logs.", []string{"Nutze nur Tabellen, z. B. Kunden, nicht Logs."}},
		{"Patch only ticket Nr. 4711 today. Then stop.", []string{"Patch only ticket Nr. 4711 today.", "Then stop."}},
		{"See Art. 6 GDPR before sharing.", []string{"See Art. 6 GDPR before sharing."}},
		{"We use a cache, e.g. Redis is fine.", []string{"We use a cache, e.g. Redis is fine."}},
		{"Ask Mr. Brown. Do not ask Mrs. Green.", []string{"Ask Mr. Brown.", "Do not ask Mrs. Green."}},
		{"Say no. Then go.", []string{"Say no.", "Then go."}},
		// An ordinal date keeps its day; an English word after "12. " is no month.
		{"Slipp 2 brukes ikke før 15. desember, vinsjen er inne.", []string{"Slipp 2 brukes ikke før 15. desember, vinsjen er inne."}},
		{"Never book more than 12. Students must sign in at the front desk.", []string{"Never book more than 12.", "Students must sign in at the front desk."}},
		{"Keep the team size at 6. Travel must be approved by Dana.", []string{"Keep the team size at 6.", "Travel must be approved by Dana."}},
		{"Use plan B. Do not wait.", []string{"Use plan B.", "Do not wait."}},
		// Code in backticks is one word: its ";" ends no sentence.
		{"No blanket `-keep class ** { *; }` and no `-dontobfuscate` in release; each rule is commented.", []string{"No blanket `-keep class ** { *; }` and no `-dontobfuscate` in release;", "each rule is commented."}},
		// "incl." and "max." shorten a word; the rule goes on after them.
		{"Keep cores at −25 °C at all times, incl. logging. Then ship.", []string{"Keep cores at −25 °C at all times, incl. logging.", "Then ship."}},
		{"Bestand max. 40 Paletten, exkl. Leergut.", []string{"Bestand max. 40 Paletten, exkl. Leergut."}},
		// An ordinal date, alone or ending a range of ordinals, is no sentence end.
		{"Výměna 14. ledna, vždy od 8 do 15 hodin.", []string{"Výměna 14. ledna, vždy od 8 do 15 hodin."}},
		{"Potřebuju oznámení: výměna 20.–22. ledna, vždy od 8 do 15 hodin.", []string{"Potřebuju oznámení: výměna 20.–22. ledna, vždy od 8 do 15 hodin."}},
		{"Vyzdvihnutie len 22. a 23. decembra, od 8.00 do 16.00.", []string{"Vyzdvihnutie len 22. a 23. decembra, od 8.00 do 16.00."}},
		{"Julmarknaden är söndagen den 13 december, kl. 11–15. Jag behöver hjälp.", []string{"Julmarknaden är söndagen den 13 december, kl. 11–15.", "Jag behöver hjälp."}},
		{"Wir öffnen am 1. oder 2. Mai. Dann sehen wir weiter.", []string{"Wir öffnen am 1. oder 2. Mai.", "Dann sehen wir weiter."}},
		{"We counted 22. and then we stopped.", []string{"We counted 22.", "and then we stopped."}},
		{"Pin the chart at the current rev. Do not upgrade it.", []string{"Pin the chart at the current rev.", "Do not upgrade it."}},
		{"Sort by the date col. Never sort by name.", []string{"Sort by the date col.", "Never sort by name."}},
	}
	e := testEngine(t, Options{})
	for _, tc := range tests {
		var got []string
		for _, s := range e.splitSentences(tc.in, nil) {
			got = append(got, tc.in[s.Start:s.End])
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("split(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCodeFences: sentences inside fenced blocks are skipped, the rest of
// the span is read.
func TestCodeFences(t *testing.T) {
	text := "Do not bump max_connections above 200.\n```\nnever do this\n```\nNever restart db-main."
	f := codeFences(text)
	if len(f) != 1 || !strings.Contains(text[f[0][0]:f[0][1]], "never do this") {
		t.Fatalf("fences %v", f)
	}
	e := testEngine(t, Options{})
	items := byCategory(extractOne(t, e, "user", text), sdk.CategoryProhibition)
	if len(items) != 2 {
		t.Fatalf("want the two rules outside the fence, got %+v", items)
	}
	if codeFences("no fence here") != nil {
		t.Error("fences in plain text")
	}
	if f := codeFences("```\nunclosed"); len(f) != 1 || f[0][1] != len("```\nunclosed") {
		t.Errorf("an unclosed fence runs to the end: %v", f)
	}
}

// TestFullStopsOfOtherScriptsEndASentence: the CJK full stop, the
// Devanagari danda, the Arabic question mark and the Urdu full stop end a
// sentence as "." does.
func TestFullStopsOfOtherScriptsEndASentence(t *testing.T) {
	for _, text := range []string{
		"本番には書き込まないでください。検証は staging-jp で行ってください。",
		"रस्म 17 दिसंबर को है, 150 मेहमान। रात 10 बजे के बाद डीजे नहीं बजेगा।",
		"هل يمكن التأجيل؟ لا تغيّر الموعد.",
		"کل دس بجے آنا ہے۔ دیر نہ کرنا۔",
		"Bo ja od godziny czekam na obraz dockera 🙄 Aha, i PR ma iść na develop.",
	} {
		if got := testEngine(t, Options{}).splitSentences(text, nil); len(got) != 2 {
			t.Errorf("%q: %d sentences, want 2: %+v", text, len(got), got)
		}
	}
}

// TestAnEmojiInsideASentenceEndsNothing: only a face emoji before a
// capital, a line break or the end closes a sentence; an object or an
// arrow ("the 🔑 AWS keys") stands inside it.
func TestAnEmojiInsideASentenceEndsNothing(t *testing.T) {
	for _, text := range []string{"deploy is done 🎉 and the tests pass", "Never share the 🔑 AWS keys in Slack."} {
		if got := testEngine(t, Options{}).splitSentences(text, nil); len(got) != 1 {
			t.Errorf("%q: %d sentences, want 1: %+v", text, len(got), got)
		}
	}
}

// TestSentenceBytesCoverTheSwitch: the splitter skips its switch for the
// bytes sentenceBytes leaves out. With every byte looked at, it must cut
// every text the same way: the case sets' originals and candidates, and
// random bytes.
func TestSentenceBytesCoverTheSwitch(t *testing.T) {
	e := testEngine(t, Options{})
	all := *e
	for b := range all.splitBytes {
		all.splitBytes[b] = true
	}
	var texts []string
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "eval-*", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			texts = append(texts, string(b))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rng.IntN(300))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		texts = append(texts, string(b))
	}
	texts = append(texts, strings.Repeat("a", 3*maxSentence+7), strings.Repeat("word ", 2000))
	if len(texts) < 3000 {
		t.Fatalf("only %d texts: are the case sets there?", len(texts))
	}
	for _, text := range texts {
		got, want := e.splitSentences(text, nil), all.splitSentences(text, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("split differs with every byte looked at:\n%q\ngot  %v\nwant %v", text[:min(len(text), 200)], got, want)
		}
	}
}
