package rules

import (
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

// TestRomanceOnlyModal checks "only" + modal scope restrictions in
// Spanish, Italian and Portuguese ("solo pueden autorizarse en domingo"),
// in both word orders, and that "not only" is no restriction.
func TestRomanceOnlyModal(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"es solo pueden", "user", "Los cortes totales solo pueden autorizarse en domingo.", true, nil},
		{"es sólo se puede", "user", "Sólo se puede desplegar los martes por la mañana.", true, nil},
		{"es debe únicamente", "user", "El informe debe enviarse únicamente al comité.", true, nil},
		{"it solo possono", "user", "Le consegne possono avvenire soltanto il lunedì.", true, nil},
		{"it può solo", "user", "Il cliente può solo ritirare in negozio.", true, nil},
		{"pt só podem", "user", "Os reembolsos só podem ser aprovados pela gerência.", true, nil},
		{"pt apenas", "user", "O acesso deve ser apenas de leitura.", true, nil},
		{"es no solo", "user", "El equipo no solo puede leer, también escribir.", false, nil},
		{"it non solo", "user", "Non solo possono venire, ma anche restare.", false, nil},
	})
}

// TestSlavicDates checks Czech, Slovak and Polish dates with genitive
// month names, and that "14. června" is not cut at the ordinal dot.
func TestSlavicDates(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"cz deadline", "user", "Rozvrh musí být hotový nejpozději v pátek 14. června, pak ho schvaluje rada.", true, []string{"14. června"}},
		{"cz september", "user", "Odevzdejte to do 3. září 2025.", true, []string{"3. září 2025"}},
		{"sk", "user", "Zmluvu podpíšeme 1. júla.", true, []string{"1. júla"}},
		{"pl", "user", "Raport trzeba wysłać do 14 czerwca.", true, []string{"14 czerwca"}},
		{"cz no date", "user", "Hotový rozvrh pošli paní ředitelce.", false, nil},
	})
	in := "Termín je v pátek 14. června. Pak rada."
	var got []string
	for _, s := range splitSentences(in, nil) {
		got = append(got, in[s.Start:s.End])
	}
	if strings.Join(got, "|") != "Termín je v pátek 14. června.|Pak rada." {
		t.Errorf("split = %q", got)
	}
}

// TestForeignFailures checks failure records the agent writes in French,
// Italian, Spanish, Portuguese, German, Japanese, Chinese and Korean, and
// the look-alikes that are no failure.
func TestForeignFailures(t *testing.T) {
	runCategory(t, sdk.CategoryFailedAttempt, []catCase{
		{"fr abandon", "assistant", "Le sur-échantillonnage fuit entre les plis, j'abandonne cette approche.", true, nil},
		{"fr sans effet", "assistant", "Le redémarrage du pod n'a eu aucun effet sur la latence.", true, nil},
		{"it non ha effetto", "assistant", "Il push su CDN non ha effetto: i client usano la cache.", true, nil},
		{"it fallito", "assistant", "Il deploy su staging-eu-2 è fallito per un timeout.", true, nil},
		{"es no tuvo efecto", "assistant", "Vaciar la caché no tuvo efecto en los precios.", true, nil},
		{"pt falhou", "assistant", "A migração do banco falhou no passo 3.", true, nil},
		{"de wirkungslos", "assistant", "Das Erhöhen des Timeouts war wirkungslos.", true, nil},
		{"ja tokoro", "assistant", "Shift_JIS でインポートしたところ、文字化けしたため取り消しました。", true, nil},
		{"ja shippai", "assistant", "ビルドは依存関係の競合で失敗しました。", true, nil},
		{"zh", "assistant", "我尝试用 gzip 压缩上传，但服务器报错了。", true, nil},
		{"ko", "assistant", "배포가 권한 문제로 실패했습니다.", true, nil},
		{"fr abandoned cart", "assistant", "Le panier abandonné est relancé par e-mail.", false, nil},
		{"it effetto plain", "assistant", "L'effetto della patch è visibile nei grafici.", false, nil},
		{"ja plain", "assistant", "インポートが完了しました。", false, nil},
	})
}

// TestSupersededNumbers checks that a number the user later corrects,
// naming both values, is no longer a must-keep term, while the new value
// and unrelated numbers stay, and a correction before the number or one
// naming only the new value supersedes nothing.
func TestSupersededNumbers(t *testing.T) {
	e := testEngine(t, Options{})
	first := sdk.Span{ID: "s1", Kind: "user", Text: "Flower budget is £1,800 all in. Keep the guest list under 120 guests."}
	tests := []struct {
		name  string
		spans []sdk.Span
		want  []string // all numeric key terms, in order
	}{
		{"no correction", []sdk.Span{first}, []string{"£1,800", "120 guests"}},
		{"now X, not Y", []sdk.Span{first, {ID: "s2", Kind: "user", Text: "Correction: the flower budget is now £1,200, not £1,800."}}, []string{"120 guests", "£1,200"}},
		{"lowered from Y to X", []sdk.Span{first, {ID: "s2", Kind: "user", Text: "We lowered the flower budget from £1,800 to £1,500."}}, []string{"120 guests", "£1,500"}},
		{"german statt", []sdk.Span{{ID: "s1", Kind: "user", Text: "Maximal 8 Nachrichten pro Tag."}, {ID: "s2", Kind: "user", Text: "Korrektur: jetzt maximal 5 Nachrichten, nicht 8."}}, []string{"5 Nachrichten"}},
		{"only new value", []sdk.Span{first, {ID: "s2", Kind: "user", Text: "The flower budget is now £1,200."}}, []string{"£1,800", "120 guests", "£1,200"}},
		{"correction first", []sdk.Span{{ID: "s0", Kind: "user", Text: "It is now 40, not 30."}, {ID: "s1", Kind: "user", Text: "Cap the batch at 30 rows."}}, []string{"30 rows"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, it := range e.Extract(tc.spans) {
				if it.Category == sdk.CategoryNumericCommitment {
					got = append(got, it.KeyTerms...)
				}
			}
			for _, w := range tc.want {
				found := false
				for _, g := range got {
					if strings.HasPrefix(g, w) {
						found = true
					}
				}
				if !found {
					t.Errorf("terms %q lack %q", got, w)
				}
			}
			for _, g := range got {
				if strings.Contains(g, "1,800") && !slices.Contains(tc.want, "£1,800") {
					t.Errorf("superseded £1,800 still a term: %q", got)
				}
			}
		})
	}
}
