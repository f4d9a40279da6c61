package frame

import (
	"strconv"
	"testing"
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
		{"fi", "Älä koskaan julkaise tuotantoon perjantaina.", "Enintään 3 prosessia kerrallaan.", 3},
		{"tr", "Cuma günleri asla üretime dağıtım yapma.", "En fazla 3 işlem aynı anda.", 3},
		{"id", "Jangan pernah deploy ke produksi pada hari Jumat.", "Maksimal 3 proses sekaligus.", 3},
		{"vi", "Không bao giờ triển khai lên production vào thứ Sáu.", "Tối đa 3 tiến trình cùng lúc.", 3},
		{"ru", "Никогда не выкатывай в прод по пятницам.", "Не более 3 процессов одновременно.", 3},
		{"uk", "Ніколи не викатуй у прод у п'ятницю.", "Не більше 3 процесів одночасно.", 3},
		{"el", "Ποτέ μην κάνεις deploy στην παραγωγή την Παρασκευή.", "Το πολύ 3 διεργασίες ταυτόχρονα.", 3},
		{"ja", "金曜日は本番環境にデプロイしないでください。", "同時に実行するプロセスは3個以下にしてください。", 3},
		{"zh", "周五不要部署到生产环境。", "同时运行的进程不得超过3个。", 3},
		{"ko", "금요일에는 운영 환경에 배포하지 마세요.", "동시에 3개 이하의 프로세스만 실행하세요.", 3},
		{"hi", "शुक्रवार को प्रोडक्शन पर कभी डिप्लॉय मत करो।", "एक समय में अधिकतम 3 प्रोसेस चलाओ।", 3},
		{"ar", "لا تنشر أبدا على الإنتاج يوم الجمعة.", "بحد أقصى 3 عمليات في نفس الوقت.", 3},
		{"he", "לעולם אל תפרוס לייצור ביום שישי.", "לכל היותר 3 תהליכים במקביל.", 3},
		{"th", "ห้ามดีพลอยขึ้นโปรดักชันในวันศุกร์", "รันพร้อมกันไม่เกิน 3 โปรเซส", 3},
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
