package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

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
	for _, s := range testEngine(t, Options{}).splitSentences(in, nil) {
		got = append(got, in[s.Start:s.End])
	}
	if strings.Join(got, "|") != "Termín je v pátek 14. června.|Pak rada." {
		t.Errorf("split = %q", got)
	}
}

// TestFailedAttemptsInOtherLanguages checks failure records the agent writes in French,
// Italian, Spanish, Portuguese, German, Japanese, Chinese and Korean, and
// the look-alikes that are no failure.
func TestFailedAttemptsInOtherLanguages(t *testing.T) {
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
		// A tool's answer shouts its failure in capitals, in any script.
		{"tr capitals in a tool answer", "tool_result", "Parti K-14 (kestane): nem %19,6. Sonuç: BAŞARISIZ (nem).", true, nil},
		{"fr capitals in a tool answer", "tool_result", "Paiement ÉCHOUÉ : carte refusée.", true, nil},
		{"ru capitals in a tool answer", "tool_result", "Оплата: НЕ УДАЛОСЬ списать средства.", true, nil},
		{"fr abandoned cart", "assistant", "Le panier abandonné est relancé par e-mail.", false, nil},
		{"it effetto plain", "assistant", "L'effetto della patch è visibile nei grafici.", false, nil},
		{"ja plain", "assistant", "インポートが完了しました。", false, nil},
	})
}

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

// TestFailedAttemptsInNordicSlavicAndOtherLanguages checks failure records in Finnish, Nordic languages,
// Dutch, Polish, Czech, Ukrainian, Russian, Indonesian and Turkish.
func TestFailedAttemptsInNordicSlavicAndOtherLanguages(t *testing.T) {
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

// TestRolePreambleNoNumber: the role sentence's numbers say where the
// agent is (an address, a plant's size), not a limit, unless it writes a
// bound.
func TestRolePreambleNoNumber(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"cs address", "system", "Jsi asistent výboru SVJ Lipová 12 v Brně.", false, nil},
		{"en plant size", "system", "You are the O&M assistant for the Brackenfield solar farm (48 MW).", false, nil},
		{"en role with a bound", "system", "You are a deploy agent with at most 3 deploys per day.", true, nil},
		{"user span", "user", "The Brackenfield solar farm exports at most 48 MW.", true, nil},
	})
}

// TestProhibitionReadInManyPhrasings covers the prohibition grammar added for
// other languages and for obligations that imply a prohibition.
func TestProhibitionReadInManyPhrasings(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"korean", "user", "main 브랜치에 직접 푸시하지 마세요.", true, nil},
		{"korean particle glued to a name", "user", "선수 화면을 STAGE-LED에 띄우지 마세요.", true, []string{"STAGE-LED"}},
		{"korean geumji", "user", "운영 서버 재시작 금지.", true, nil},
		{"chinese", "user", "不要删除 orders_archive 表。", true, []string{"orders_archive"}},
		{"swedish", "user", "Roboten R7 får aldrig köras snabbare än 250 mm/s.", true, []string{"mm/s"}},
		{"swedish inte bara", "user", "Det är inte bara en fråga om hastighet.", false, nil},
		{"polish nie wolno", "user", "Nie wolno wyłączać alarmu w hali B.", true, nil},
		{"hungarian may not", "user", "A látogatók nem mehetnek be a műhelybe sisak nélkül.", true, nil},
		{"hungarian tilos", "user", "Tilos a kazánházba belépni.", true, nil},
		{"hungarian plain nem", "user", "A gyerekek nem hallották a hívást.", false, nil},
		{"hungarian soha in a statement", "user", "Soha nem volt még ilyen gyors a build.", false, nil},
		{"hungarian past could not", "user", "Tegnap a gyerekek nem mehettek be a medencébe.", false, nil},
		{"italian ne is a pronoun", "user", "Grazie, stamattina ne abbiamo rotte 40 prima di fermare tutto.", false, nil},
		{"catalan no poden", "user", "Els visitants no poden entrar al taller sense casc.", true, nil},
		{"catalan no s'ha de", "user", "No s'ha de tocar la caldera del soterrani.", true, nil},
		{"requires sign-off", "user", "Any change to the billing_events schema requires sign-off from Priya Raman.", true, []string{"billing_events"}},
		{"must be approved by", "user", "Refunds above the limit must be approved by finance.", true, nil},
		{"german freigabe", "user", "Jede Änderung an prod-db erfordert eine Freigabe durch das Ops-Team.", true, []string{"prod-db"}},
		{"ask before deleting", "user", "Always ask me before deleting any S3 bucket.", true, nil},
		{"ask before, harmless", "user", "Ask me before lunch if anything is unclear.", false, nil},
		{"only ever deploy", "user", "Only ever deploy from main.", true, []string{"main"}},
		{"elided object, so don't", "user", "The client hates Monday deploys, so don't.", true, []string{"Monday deploys"}},
		{"german verb-final object", "user", "Den Turmdrehkran TK-3 bei Wind über 72 km/h auf keinen Fall betreiben.", true, []string{"TK-3"}},
		{"reported speech by the agent", "assistant", "The vendor docs say clients must not exceed 50 requests per second.", false, nil},
		{"agent adopts", "assistant", "We must not exceed 50 requests per second.", true, nil},
		{"user quoting docs still counts", "user", "The vendor docs say clients must not exceed 50 requests per second.", true, nil},
		{"vietnamese khong duoc", "user", "Không được triển khai lên môi trường prod-vn vào thứ Sáu.", true, []string{"prod-vn"}},
		{"vietnamese dung", "user", "Đừng xóa bảng orders_vn.", true, []string{"orders_vn"}},
		{"vietnamese plain khong", "user", "Tôi không biết môi trường nào.", false, nil},
		{"turkish asla", "user", "Müşteri verilerini asla eski bucket'a kopyalama.", true, nil},
		{"hindi latin mat karna", "user", "Production server web-prod-3 ko kabhi bhi restart mat karna.", true, []string{"web-prod-3"}},
		{"hindi devanagari", "user", "web-prod-3 को कभी भी रीस्टार्ट मत करना।", true, []string{"web-prod-3"}},
		{"english mat", "user", "Put the mat by the door.", false, nil},
		{"example in a code block", "user", "Summarise this.\n\n```\n# example\nmax_connections = 500  # never set this below 100\n```", false, nil},
	})
}

// TestNumericCommitmentReadInManyPhrasings covers physical units, tolerances, ranges,
// periods, other currencies and CJK limits.
func TestNumericCommitmentReadInManyPhrasings(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"torque with tolerance", "user", "Torque the axle nuts to 150 Nm ±5 Nm.", true, []string{"150 Nm ±5 Nm"}},
		{"speed", "user", "Never exceed 72 km/h on site.", true, []string{"72 km/h"}},
		{"power", "user", "Never let the load exceed 12 MW.", true, []string{"12 MW"}},
		{"dose per period", "user", "La dosis máxima es de 400 mg cada 24 horas.", true, []string{"400 mg cada 24 horas"}},
		{"length decimal comma", "user", "Skyddszonen är 1,2 meter.", true, []string{"1,2 meter"}},
		{"range words", "user", "Keep between 2 and 4 matchmaking replicas.", true, []string{"between 2 and 4 matchmaking replicas"}},
		{"range dash", "user", "Run 2–4 replicas during the event.", true, []string{"2–4 replicas"}},
		{"yuan", "user", "本季度的云预算上限是 5000 元。", true, []string{"5000 元"}},
		{"japanese limit", "user", "外部 API の呼び出しは1日あたり10,000回までにしてください。", true, []string{"10,000回"}},
		{"fullwidth digits", "user", "１回の体験は最大４名まで。", true, []string{"４名"}},
		{"a cap with words before its fullwidth value", "user", "了承済みの上限は送料込みで１２，０００円（税込）です。", true, []string{"１２，０００円"}},
		{"a superlative far from its number", "user", "昨日の売上の最高は午後の5件でした。", false, nil},
		{"metres of, not a unit", "user", "Walk 5 m of corridor.", false, nil},
		{"limit with a polish rate", "user", "Limit to 300 zapytań na minutę.", true, []string{"300 zapytań na minutę"}},
		{"day of each month", "user", "Payroll cut-off is the 18th of each month at 17:00 CET.", true, []string{"18th of each month"}},
		{"monthly on the", "user", "Invoices go out monthly on the 5th.", true, []string{"monthly on the 5th"}},
		{"french day of month", "user", "La clôture a lieu le 18 de chaque mois.", true, []string{"18 de chaque mois"}},
		{"clock window", "user", "Uplink to SAT-7 only during the pass window 02:10–02:24 UTC.", true, []string{"02:10–02:24 UTC"}},
		{"clock window in parentheses", "user", "Keine Migrationen während der Geschäftszeiten (08:00–18:00).", true, []string{"08:00–18:00"}},
	})
}

// TestEntityRuledOutByNeverIsNamed: "X, never straight to Y" sets two names
// against each other.
func TestEntityRuledOutByNeverIsNamed(t *testing.T) {
	runCategory(t, sdk.CategoryEntity, []catCase{
		{"never straight to", "user", "Roll out to canary-eu, never straight to prod-eu.", true, []string{"canary-eu", "prod-eu"}},
	})
}

// TestFailureTermsSkipPronouns: "Je ne réessaierai pas" attempts nothing
// called "Je".
func TestFailureTermsSkipPronouns(t *testing.T) {
	e := testEngine(t, Options{})
	for _, text := range []string{
		"Je ne réessaierai pas avant la sortie de pg_partman 5.",
		"Ich werde es nicht erneut versuchen, bevor die Images aktualisiert sind.",
	} {
		for _, it := range byCategory(extractOne(t, e, "assistant", text), sdk.CategoryFailedAttempt) {
			for _, k := range it.KeyTerms {
				if f := strings.Fields(k); len(f) == 1 && slices.Contains([]string{"je", "ich", "i", "we"}, strings.ToLower(f[0])) {
					t.Errorf("%q: pronoun key term %q in %q", text, k, it.KeyTerms)
				}
			}
		}
	}
}

// TestVerbFinalProhibitionTakesTheActionBeforeItsCue: when only function
// words and a danda follow the cue ("… पूरी तरह वर्जित है।"), the action
// is what stands before it.
func TestVerbFinalProhibitionTakesTheActionBeforeItsCue(t *testing.T) {
	e := testEngine(t, Options{})
	tests := []struct {
		text, want string
	}{
		{"रिट्रीट में मांसाहार और शराब पूरी तरह वर्जित है।", "शराब"},
		{"हॉल में जूते पहनकर जाना मना है।", "जूते"},
	}
	for _, tt := range tests {
		items := byCategory(extractOne(t, e, "user", tt.text), sdk.CategoryProhibition)
		if len(items) != 1 {
			t.Fatalf("%q: %d prohibitions, want 1", tt.text, len(items))
		}
		if terms := strings.Join(items[0].KeyTerms, " | "); !strings.Contains(terms, tt.want) || strings.ContainsAny(terms, "।") {
			t.Errorf("%q: key terms %q, want the action before the cue (%q) and no danda", tt.text, items[0].KeyTerms, tt.want)
		}
	}
}

// TestNoiseKinds: a noise block limited to some kinds leaves the others
// alone, and an unknown kind is a diagnostic.
func TestNoiseKinds(t *testing.T) {
	src := `noise "agent_only" {
  kinds   = ["assistant"]
  pattern = "ZZZ"
}
rule "r" {
  category = "prohibition"
  kinds    = ["user", "assistant"]
  cues     = ["zzz"]
  pattern  = "ZZZ"
}
`
	p, diags := ParsePack("k.hcl", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	e, diags := Compile([]*Pack{p}, Options{Lexicon: testLexicon(t)})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if n := len(extractOne(t, e, "user", "ZZZ here.")); n != 1 {
		t.Errorf("user: %d items, want 1", n)
	}
	if n := len(extractOne(t, e, "assistant", "ZZZ here.")); n != 0 {
		t.Errorf("assistant: %d items, want 0", n)
	}
	bad, _ := ParsePack("b.hcl", []byte(`noise "x" {
  kinds   = ["robot"]
  pattern = "x"
}
`))
	if _, diags := Compile([]*Pack{bad}, Options{}); !diags.HasErrors() {
		t.Error("unknown noise kind accepted")
	}
}

// TestSpeculativeQuestions: a question that floats an idea gives no item;
// a request phrased as a question, or a rule that a question follows, does.
func TestSpeculativeQuestions(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"what would happen if", "user", "Out of curiosity, what would happen if we raised the matchmaking timeout to 90 seconds?", false, nil},
		{"maybe plan", "user", "Maybe we send the spring campaign to 50,000 users on Monday?", false, nil},
		{"should we", "user", "Should we cap the export at 10,000 rows?", false, nil},
		{"german vielleicht", "user", "Vielleicht sollten wir das Limit auf 500 Anfragen pro Minute setzen?", false, nil},
		{"request as a question", "user", "Can you keep the crawler under 5 requests per second?", true, nil},
		{"statement with maybe later", "user", "Keep every batch under 5,000 rows, maybe we can raise it later.", true, nil},
	})
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"rule then a question", "user", "Never delete the orders_archive table, and should we document that somewhere?", true, []string{"orders_archive"}},
		{"what if hypothetical", "user", "What if we never deployed on Fridays?", false, nil},
	})
}

// TestNumericCommitmentEdgeCases covers budgets and limits in the forms found beyond
// the sample cases: an article before the number, k/M suffixes, European
// separators, spelled-out numbers, and more languages.
func TestNumericCommitmentEdgeCases(t *testing.T) {
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

// TestProhibitionEdgeCases covers negation in Dutch, Italian, Portuguese
// and Japanese, with their usual false friends.
func TestProhibitionEdgeCases(t *testing.T) {
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

// TestPastedScreenIsNoise: a Claude Code screen pasted into a message (the
// agent's "⏺" lines, tool output under "⎿", git's diffstat) sets nothing;
// the person's own line around it still does.
func TestPastedScreenIsNoise(t *testing.T) {
	screen := "this is the console:\n⏺ Bash(git commit -m \"Add red\")\n  ⎿  [feat/colours a8f68ce] Add red\n      1 file changed, 37 insertions(+)\n⏺ Done! Committed the red.md file to the feat/colours branch."
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"diffstat", "user", screen, false, nil},
		{"a limit of the person's", "user", screen + "\nKeep every commit under 400 lines.", true, nil},
	})
	runCategory(t, sdk.CategoryEntity, []catCase{
		{"the agent's line", "user", "this is the console:\n⏺ Committed the red.md file to the feat/colours branch.", false, nil},
	})
}

// TestDirectiveRulesOutAnAlternative: a directive that sets one option
// against another ("use pnpm, not npm") forbids the other, plain words
// or names alike; a statement that contrasts two things sets nothing.
func TestDirectiveRulesOutAnAlternative(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"imperative, not", "user", "use pnpm, not npm", true, []string{"npm"}},
		{"please and not", "user", "Please edit the v2 handler and not the legacy one.", true, []string{"legacy one"}},
		{"should, not", "user", "The code should use pnpm, not npm.", true, []string{"npm"}},
		{"instead of", "user", "Reuse the existing state file instead of creating a new one.", true, []string{"creating a new one"}},
		{"a directive long before its cue", "user", "The new code should then reuse the one from today and not yesterday.", true, []string{"yesterday"}},
		{"a statement's contrast", "user", "It's a config issue, not a code bug.", false, nil},
		{"a verb that is a noun", "user", "Base image is alpine, not debian.", false, nil},
		{"not just", "user", "Run the full suite, not just the unit tests.", false, nil},
		{"not sure", "user", "Run it again, not sure it's fixed.", false, nil},
		{"keep in mind", "user", "Keep in mind it's a config issue, not a code bug.", false, nil},
		{"a habit of the tests", "user", "The tests always run on CI, not locally.", false, nil},
		{"the speaker's habit", "user", "I use vim, not emacs, but whatever.", false, nil},
	})
}

// TestEnglishDirectivesForbidWithoutDont: the ways people who run coding
// agents rule something out besides "don't", and the look-alikes that rule
// out nothing (a past habit, a pointer back, a third person, a noun, a
// permission, a condition).
func TestEnglishDirectivesForbidWithoutDont(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"stop doing", "user", "please stop adding comments to every function", true, nil},
		{"hold off", "user", "hold off on merging until CI is green", true, []string{"merging"}},
		{"skip", "user", "skip the e2e tests, they take forever", true, nil},
		{"rather you didn't", "user", "I'd rather you didn't force push", true, []string{"force push"}},
		{"we're not doing", "user", "we're not touching the payments service in this PR", true, []string{"payments service"}},
		{"a past habit", "user", "I stopped using Redis last year.", false, nil},
		{"stop, pointing back", "user", "stop doing that.", false, nil},
		{"skip, pointing back", "user", "Skip it, yes.", false, nil},
		{"skip to a place", "user", "Let's skip to the part where it fails.", false, nil},
		{"a third person stops", "user", "The workers just stop responding after a minute.", false, nil},
		{"a statement that stops, after but", "user", "Tests pass locally but stop passing in CI.", false, nil},
		{"stop everything", "user", "Stop everything.", false, nil},
		{"a permission to stop holding off", "user", "You don't need to hold off on merging anymore, go ahead.", false, nil},
		{"holding off, told", "user", "I decided to hold off on the refactor last week.", false, nil},
		{"a skip list", "user", "Skip list lookups are slow in the profiler.", false, nil},
		{"a habit of skipping", "user", "I usually run lint and skip the tests.", false, nil},
		{"not done", "user", "We're not done yet.", false, nil},
		{"not doing anything wrong", "user", "We're not doing anything wrong here.", false, nil},
		{"a condition, not a rule", "user", "If we're not changing the API, the client stays as is.", false, nil},
		{"rather, as a wish about oneself", "user", "I'd rather go home early today.", false, nil},
	})
}
