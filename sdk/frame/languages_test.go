package frame

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestEachLanguageReadsAProhibitionAndABound is the table test every
// lexicon file gets: one prohibition and one upper bound per language,
// read into a must_not frame and a limit frame with its value.
func TestEachLanguageReadsAProhibitionAndABound(t *testing.T) {
	tests := []struct {
		lang, rule, bound string
		value             float64
	}{
		{"en", "Never deploy to production on Fridays.", "Keep at most 3 workers.", 3},
		{"de", "Niemals freitags auf die Produktion deployen.", "Höchstens 3 Worker laufen lassen.", 3},
		{"fr", "Ne jamais déployer en production le vendredi.", "Au maximum 3 workers en même temps.", 3},
		{"es", "Nunca despliegues en producción los viernes.", "Como máximo 3 procesos a la vez.", 3},
		{"it", "Non fare mai il deploy in produzione il venerdì.", "Al massimo 3 processi alla volta.", 3},
		{"pt", "Nunca faça deploy em produção às sextas.", "No máximo 3 processos ao mesmo tempo.", 3},
		{"nl", "Nooit op vrijdag naar productie deployen.", "Maximaal 3 processen tegelijk.", 3},
		{"sv", "Deploya aldrig till produktion på fredagar.", "Högst 3 processer samtidigt.", 3},
		{"da", "Deploy aldrig til produktion om fredagen.", "Højst 3 processer ad gangen.", 3},
		{"nb", "Aldri deploy til produksjon på fredager.", "Maksimalt 3 prosesser samtidig.", 3},
		{"pl", "Nigdy nie wdrażaj na produkcję w piątki.", "Maksymalnie 3 procesy naraz.", 3},
		{"cs", "Nikdy nenasazujte do produkce v pátek.", "Maximálně 3 procesy najednou.", 3},
		{"sk", "Nikdy nenasadzuj do produkcie v piatok.", "Najviac 3 procesy naraz.", 3},
		{"lt", "Niekada nediekite į produkciją penktadieniais.", "Daugiausia 3 procesai vienu metu.", 3},
		{"fi", "Älä koskaan julkaise tuotantoon perjantaina.", "Enintään 3 prosessia kerrallaan.", 3},
		{"et", "Ära kunagi juuruta reedeti toodangusse.", "Korraga kõige rohkem 3 protsessi.", 3},
		{"tr", "Cuma günleri asla üretime dağıtım yapma.", "En fazla 3 işlem aynı anda.", 3},
		{"id", "Jangan pernah deploy ke produksi pada hari Jumat.", "Maksimal 3 proses sekaligus.", 3},
		{"ms", "Jangan sesekali deploy ke produksi pada hari Jumaat.", "Maksimum 3 proses serentak sahaja.", 3},
		{"vi", "Không bao giờ triển khai lên production vào thứ Sáu.", "Tối đa 3 tiến trình cùng lúc.", 3},
		{"ru", "Никогда не выкатывай в прод по пятницам.", "Не более 3 процессов одновременно.", 3},
		{"uk", "Ніколи не викатуй у прод у п'ятницю.", "Не більше 3 процесів одночасно.", 3},
		{"el", "Ποτέ μην κάνεις deploy στην παραγωγή την Παρασκευή.", "Το πολύ 3 διεργασίες ταυτόχρονα.", 3},
		{"ja", "金曜日は本番環境にデプロイしないでください。", "同時に実行するプロセスは3個以下にしてください。", 3},
		{"zh", "周五不要部署到生产环境。", "同时运行的进程不得超过3个。", 3},
		{"ko", "금요일에는 운영 환경에 배포하지 마세요.", "동시에 3개 이하의 프로세스만 실행하세요.", 3},
		{"hi", "शुक्रवार को प्रोडक्शन पर कभी डिप्लॉय मत करो।", "एक समय में अधिकतम 3 प्रोसेस चलाओ।", 3},
		{"hi-Latn", "Shukravar ko production pe kabhi deploy mat karna.", "Ek time pe zyada se zyada 3 process chalao.", 3},
		{"ar", "لا تنشر أبدا على الإنتاج يوم الجمعة.", "بحد أقصى 3 عمليات في نفس الوقت.", 3},
		{"he", "לעולם אל תפרוס לייצור ביום שישי.", "לכל היותר 3 תהליכים במקביל.", 3},
		{"th", "ห้ามดีพลอยขึ้นโปรดักชันในวันศุกร์", "รันพร้อมกันไม่เกิน 3 โปรเซส", 3},
		{"ro", "Nu faceți niciodată deploy în producție vinerea.", "Cel mult 3 procese în același timp.", 3},
		{"hu", "Soha ne telepíts élesbe pénteken.", "Legfeljebb 3 folyamat fusson egyszerre.", 3},
		{"fa", "هرگز روزهای جمعه روی پروداکشن دیپلوی نکنید.", "حداکثر 3 پروسه به طور همزمان اجرا کنید.", 3},
		{"ur", "جمعہ کو پروڈکشن پر کبھی ڈیپلائے مت کرو۔", "ایک وقت میں زیادہ سے زیادہ 3 پروسیس چلائیں۔", 3},
		{"bn", "শুক্রবারে কখনো প্রোডাকশনে ডিপ্লয় করবেন না।", "একসাথে সর্বোচ্চ 3টি প্রসেস চালান।", 3},
		{"ta", "வெள்ளிக்கிழமைகளில் ஒருபோதும் புரொடக்ஷனில் டிப்ளாய் செய்யாதீர்கள்.", "ஒரே நேரத்தில் அதிகபட்சம் 3 செயல்முறைகளை இயக்குங்கள்.", 3},
		{"ca", "No facis mai deploy a producció els divendres.", "Com a màxim 3 processos alhora, amb els recursos que tenim ara.", 3},
		{"hr", "Nikad ne radi deploy na produkciju petkom.", "Najviše 3 procesa istovremeno.", 3},
		{"sw", "Kamwe usifanye deploy kwenye uzalishaji siku ya Ijumaa.", "Michakato isiyozidi 3 kwa wakati mmoja.", 3},
		{"tl", "Huwag na huwag mag-deploy sa production tuwing Biyernes.", "Hindi hihigit sa 3 na proseso nang sabay-sabay.", 3},
	}
	r := reader(t)
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.lang] = true
		t.Run(tt.lang, func(t *testing.T) {
			if r.Lexicon().Language(tt.lang) == nil {
				t.Fatalf("no lexicon for %s", tt.lang)
			}
			d := r.Read(tt.rule)
			if len(d.Clauses) == 0 || d.Clauses[0].Modality != MustNot {
				t.Errorf("rule %q: %v, want must_not", tt.rule, describeAll(d))
			}
			d = r.Read(tt.bound)
			ok := false
			for _, q := range d.Quants {
				if q.Value == tt.value && q.Op == OpLE {
					ok = true
				}
			}
			if !ok {
				var qs []string
				for _, q := range d.Quants {
					qs = append(qs, q.Op+strconv.FormatFloat(q.Value, 'g', -1, 64))
				}
				t.Errorf("bound %q: quantities %v, want <=%v", tt.bound, qs, tt.value)
			}
		})
	}
	for _, l := range r.Lexicon().Languages {
		if !seen[l.Code] {
			t.Errorf("language %s has a lexicon file but no row in this table", l.Code)
		}
	}
}

// TestRomanianAndHungarianRulesRead pins how rules written in Romanian and
// Hungarian read: the modality of the first clause and every bound, as
// op, value in the base unit and dimension. Romanian is read in its three
// spellings (ș/ț, ş/ţ, none); a prohibition of a time bound holds as its
// flip, as in English ("do not restart before 22:00" is a limit after
// 22:00). Hungarian writes "before" after the time ("22:00 előtt"), read as
// an upper bound the way Turkish "kadar" is, and flipped by the negation.
func TestRomanianAndHungarianRulesRead(t *testing.T) {
	tests := []struct {
		text, modality, bounds string
	}{
		{"Nu reporniți serverul db-2 înainte de ora 22:00.", Limit, "after1320 clock"},
		{"Nu reporniţi serverul db-2 înainte de ora 22:00.", Limit, "after1320 clock"},
		{"Nu reporniti serverul db-2 inainte de ora 22:00.", Limit, "after1320 clock"},
		{"Niciodată nu faceți deploy în producție vinerea.", MustNot, "=5 weekday"},
		{"Este interzis să ștergeți baza de date.", MustNot, ""},
		{"Maxim 3 reporniri pe oră.", Limit, fmt.Sprintf("<=%g count/time", 3.0/3600)},
		{"Cel puțin 20 de minute între reporniri.", Limit, ">=1200 time"},
		{"Bugetul nu poate depăși 5.000 de lei pe lună.", Limit, fmt.Sprintf("<=%g money:RON/time", 5000.0/2592000)},
		{"Până pe 31 decembrie trebuie trimis raportul, altfel pierdem finanțarea.", Limit, "before1231 date"},
		{"Rulați backup-ul cel puțin o dată pe zi.", Limit, fmt.Sprintf(">=%g count/time", 1.0/86400)},
		{"Doar echipa de ops poate modifica firewall-ul.", Only, ""},
		{"Trebuie să rulați testele înainte de fiecare deploy.", Must, ""},
		{"Migrarea a eșuat de două ori.", Failed, ""},
		{"Nu mai reporniți serverul.", MustNot, ""},
		{"Nu mai e nevoie de aprobare pentru deploy.", "", ""},

		{"Legfeljebb 3 újrapróbálkozás óránként.", Limit, fmt.Sprintf("<=%g count/time", 3.0/3600)},
		{"Ne indítsd újra a db-2 szervert 22:00 előtt.", Limit, ">=1320 clock"},
		{"Tilos a production adatbázist törölni.", MustNot, ""},
		{"Soha ne telepíts pénteken élesbe.", MustNot, "=5 weekday"},
		{"Legalább 20 percet várj az újraindítások között.", Limit, ">=1200 time"},
		{"Legkésőbb március 15-ig küldd el a jelentést.", Limit, "before315 date"},
		{"A határidő március 15-ig.", Limit, "before315 date"},
		{"A költségvetés nem haladhatja meg az 500 000 Ft-ot havonta.", Limit, fmt.Sprintf("<=%g money:HUF/time", 500000.0/2592000)},
		{"Legfeljebb 5 db szerver fusson egyszerre.", Limit, "<=5 count"},
		{"A karbantartás 2 órán belül befejeződik.", Limit, "<=7200 time"},
		{"Háromnál több példány ne fusson.", Limit, "<=3 number"},
		{"Csak az ops csapat módosíthatja a tűzfalat.", Only, ""},
		{"Mindig készíts mentést a telepítés előtt.", Must, ""},
		{"A migráció nem sikerült.", Failed, ""},
		{"Kérlek, ne indítsd újra a szervert napközben, mert sok ügyfelünk van bejelentkezve.", MustNot, ""},
		{"Már nem kell jóváhagyás a telepítéshez.", "", ""},
		{"10 évesnél fiatalabb gyerek nem mehet a medencébe.", MustNot, "=3.1536e+08 time"},
	}
	rules := make([]scriptRule, len(tests))
	for i, tt := range tests {
		rules[i] = scriptRule{text: tt.text, modality: tt.modality, bounds: tt.bounds}
	}
	checkScriptRules(t, rules)
}

// TestANoLongerReadsAsALift: "nu mai" and "már nem" lift a rule when they
// say it no longer holds; a Romanian "nu mai" before a command ("stop
// restarting") still forbids.
func TestANoLongerReadsAsALift(t *testing.T) {
	tests := []struct {
		text string
		lift bool
	}{
		{"Nu mai e nevoie de aprobare pentru deploy.", true},
		{"Nu mai reporniți serverul.", true},
		{"Már nem kell jóváhagyás a telepítéshez.", true},
		{"Ne indítsd újra a szervert.", false},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 {
				t.Fatal("no clause")
			}
			if got := d.Clauses[0].Cues&lexicon.Lift != 0; got != tt.lift {
				t.Errorf("lift %v, want %v: %v", got, tt.lift, describeAll(d))
			}
		})
	}
}

// TestTurkishNegatesAVerbByItsSuffix: "verilmez" (is not given) and
// "göndermeyin" (do not send) forbid; a verb without the suffix does not.
func TestTurkishNegatesAVerbByItsSuffix(t *testing.T) {
	tests := []struct {
		text     string
		modality string
	}{
		{"Cam vazolar kesinlikle kargoya verilmez.", MustNot},
		{"Cam vazoları kargoyla göndermeyin.", MustNot},
		{"Cam vazolar kargoyla gönderilir.", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if got := d.Clauses[0].Modality; got != tt.modality {
				t.Fatalf("modality %q, want %q: %v", got, tt.modality, describeAll(d))
			}
		})
	}
}

// TestCzechAndSlovakNegateAVerbByItsPrefix: "ne-" glued to a verb
// negates it; a noun or a bound word that begins so does not.
func TestCzechAndSlovakNegateAVerbByItsPrefix(t *testing.T) {
	tests := []struct {
		text     string
		modality string
	}{
		{"Po 21:00 se kurty nerezervuje.", Limit},
		{"Sklo nerezervujte na poštu.", MustNot},
		{"Kurty se rezervuje online.", ""},
		{"V neděli se kurty rezervuje online.", ""},
		{"Vozíky používajte na schodoch.", ""},
		{"Tovar sa nekontroluje po 18:00.", Limit},
		{"Tovar sa kontroluje každý deň.", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if got := d.Clauses[0].Modality; got != tt.modality {
				t.Fatalf("modality %q, want %q: %v", got, tt.modality, describeAll(d))
			}
		})
	}
}

// TestRomanianAndHungarianAreToldFromTheirNeighbours: a message is read in
// its own language, not in the one whose function words it shares
// (Romanian and Italian or Spanish, Hungarian and Finnish), and a word
// that is a cue in Romanian or Hungarian keeps its own meaning in the
// neighbour's text ("nu" is "now" in Dutch and Danish, not "not").
func TestRomanianAndHungarianAreToldFromTheirNeighbours(t *testing.T) {
	tests := []struct {
		text, lang string
		negation   bool
	}{
		{"Vă rog să nu reporniți serverul de producție în timpul zilei, pentru că avem mulți clienți conectați.", "ro", true},
		{"Va rog sa nu reporniti serverul de productie in timpul zilei, pentru ca avem multi clienti conectati.", "ro", true},
		{"Non riavviare il server di produzione durante il giorno, perché abbiamo molti clienti collegati.", "it", true},
		{"Por favor, no reinicies el servidor de producción durante el día, porque tenemos muchos clientes.", "es", true},
		{"Kérlek, ne indítsd újra a szervert napközben, mert sok ügyfelünk van bejelentkezve.", "hu", true},
		{"Älä käynnistä tuotantopalvelinta uudelleen päivällä, koska meillä on paljon asiakkaita.", "fi", true},
		{"Lütfen üretim sunucusunu gün içinde asla yeniden başlatma, çünkü çok müşterimiz var.", "tr", true},
		{"Nu mag je weer deployen naar productie.", "nl", false},
		{"Nu får du deploya igen.", "da", false},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if want := r.Lexicon().Bit(tt.lang); d.Language() != want {
				t.Errorf("language bit %b, want %s (%b)", d.Language(), tt.lang, want)
			}
			negation := false
			for _, c := range d.Clauses {
				negation = negation || c.Cues&lexicon.Negation != 0
			}
			if negation != tt.negation {
				t.Errorf("negation %v, want %v: %v", negation, tt.negation, describeAll(d))
			}
		})
	}
}

// TestEachLanguageReadsAThingLeftUnchangedAsADuty: a summary restates
// "do not touch X" as "X stays unchanged"; each lexicon's words for
// unchanged, untouched or as it is make the clause a duty.
func TestEachLanguageReadsAThingLeftUnchangedAsADuty(t *testing.T) {
	tests := map[string]string{
		"en": "The namespace billing/audit stays unchanged.",
		"de": "Der Namespace billing/audit bleibt unverändert.",
		"fr": "Le namespace billing/audit reste inchangé.",
		"es": "El namespace billing/audit queda sin cambios.",
		"el": "Το namespace billing/audit μένει ως έχει.",
		"pl": "Namespace billing/audit pozostaje bez zmian.",
		"ru": "Namespace billing/audit остаётся без изменений.",
		"ja": "namespace billing/audit はそのままにする。",
	}
	r := reader(t)
	for lang, text := range tests {
		t.Run(lang, func(t *testing.T) {
			d := r.Read(text)
			if len(d.Clauses) != 1 || d.Clauses[0].Modality != Must {
				t.Fatalf("got %v, want one duty", describeAll(d))
			}
		})
	}
}
