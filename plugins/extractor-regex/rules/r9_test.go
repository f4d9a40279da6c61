package rules

import (
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestCyrillicProhibition checks Ukrainian and Russian bans ("ніхто не має
// права заходити", "не можна", "запрещено") and plain negated statements
// that are no ban.
func TestCyrillicProhibition(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"uk ne maie prava", "user", "Після ремонту ніхто не має права вмикати насос 3, доки інженер не підпише акт.", true, nil},
		{"uk ne mozhna", "user", "Туди не можна заходити без респіратора.", true, nil},
		{"uk zaboroneno", "system", "Заборонено видаляти записи з журналу.", true, nil},
		{"uk nikoly", "user", "Ніколи не відкривай засувку вручну.", true, nil},
		{"ru nelzya", "user", "Нельзя перезапускать сервер в рабочее время.", true, nil},
		{"ru zapreshcheno", "user", "Запрещено удалять бэкапы.", true, nil},
		{"ru ne imeet prava", "user", "Никто не имеет права менять тарифы без согласования.", true, nil},
		{"uk plain state", "user", "Вентиляційна перевірка ще не підписана.", false, nil},
	})
}

// TestMoreFailures checks failure records in Finnish, Nordic languages,
// Dutch, Polish, Czech, Ukrainian, Russian, Indonesian and Turkish.
func TestMoreFailures(t *testing.T) {
	runCategory(t, sdk.CategoryFailedAttempt, []catCase{
		{"fi epaonnistui", "assistant", "Siirto varayhteydelle epäonnistui: MTU ei täsmää.", true, nil},
		{"fi ei onnistunut", "assistant", "Päivitys ei onnistunut, palautin vanhan version.", true, nil},
		{"sv", "assistant", "Migreringen misslyckades på steg 2.", true, nil},
		{"no", "assistant", "Oppdateringen mislyktes på grunn av tidsavbrudd.", true, nil},
		{"nl", "assistant", "De import is mislukt door een coderingsfout.", true, nil},
		{"pl", "assistant", "Wdrożenie nie powiodło się z powodu braku uprawnień.", true, nil},
		{"cs", "assistant", "Import selhal kvůli chybnému kódování.", true, nil},
		{"uk", "assistant", "Перемикання не вдалося: сесія BGP впала.", true, nil},
		{"ru", "assistant", "Миграцию не удалось завершить из-за таймаута.", true, nil},
		{"id", "assistant", "Sinkronisasi gagal karena koneksi terputus.", true, nil},
		{"tr", "assistant", "Dağıtım başarısız oldu.", true, nil},
		{"ru delete ban", "user", "Никогда не удаляйте бакет s3://ru-archive-2024.", false, nil},
		{"uk delete", "assistant", "Я не видаляв старі записи.", false, nil},
		{"fi success", "assistant", "Siirto onnistui ja liikenne kulkee varayhteydellä.", false, nil},
		{"id success", "assistant", "Dry-run berhasil tanpa konflik.", false, nil},
	})
}

// TestRolePreambleNoEntity checks that what a system prompt's role
// sentence and the tool sentences after it name is no entity item, while
// the same names in a later instruction, or in a user span, still are.
func TestRolePreambleNoEntity(t *testing.T) {
	runCategory(t, sdk.CategoryEntity, []catCase{
		{"en role", "system", "You are a post-production coordinator agent for the documentary 'Tidewater'.", false, nil},
		{"en role prod", "system", "You are the release agent for the payments-prod team. You deploy with `ship`.", false, nil},
		{"ca tools", "system", "Ets l'assistent de control de qualitat. Fas comprovacions de QA i corregeixes segments amb les eines disponibles.", false, nil},
		{"es role", "system", "Eres el asistente de QA del equipo de post-production.", false, nil},
		{"later instruction", "system", "You are a deploy agent. Deploy only to staging-eu-2, never to prod-eu-1.", true, []string{"prod-eu-1"}},
		{"user span", "user", "Deploy to post-production QA first.", true, nil},
	})
}

// TestCorrectionMarker checks a correction introduced by a correction word
// ("correggo: … almeno 6 minuti, non 4") supersedes the old value, and
// its "non 4" is no prohibition.
func TestCorrectionMarker(t *testing.T) {
	e := testEngine(t, Options{})
	tests := []struct {
		name       string
		first, fix string
		gone, kept string
	}{
		{"it", "Il tempo minimo di interscambio è 4 minuti.", "Scusa, correggo: il regolamento chiede almeno 6 minuti di interscambio, non 4.", "4", "6 minuti"},
		{"es", "El descanso mínimo es de 10 minutos.", "Corrijo: el descanso mínimo es de 15 minutos, no 10.", "10", "15 minutos"},
		{"en", "Keep at most 3 replicas.", "Correction: keep at most 5 replicas, not 3.", "3", "5 replicas"},
		{"de", "Maximal 8 Nachrichten pro Tag.", "Korrektur: maximal 5 Nachrichten pro Tag, nicht 8.", "8", "5 Nachrichten"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			items := e.Extract([]sdk.Span{{ID: "a", Kind: "user", Text: tc.first}, {ID: "b", Kind: "user", Text: tc.fix}})
			var terms []string
			for _, it := range items {
				if it.Category == sdk.CategoryProhibition && it.Span == "b" {
					for _, k := range it.KeyTerms {
						if k == tc.gone {
							t.Errorf("old value %q is a prohibition: %+v", k, it)
						}
					}
				}
				if it.Category == sdk.CategoryNumericCommitment {
					terms = append(terms, it.KeyTerms...)
				}
			}
			found := false
			for _, k := range terms {
				if k == tc.kept || len(k) > len(tc.kept) && k[:len(tc.kept)] == tc.kept {
					found = true
				}
				if digitsOf(k) == tc.gone {
					t.Errorf("superseded %q still a term: %q", tc.gone, terms)
				}
			}
			if !found {
				t.Errorf("terms %q lack %q", terms, tc.kept)
			}
		})
	}
}
