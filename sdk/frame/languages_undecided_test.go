package frame

import "testing"

// TestEachLanguageReadsWhatIsNotDecidedAsNoRule: a sentence that says a
// thing is not decided yet sets no rule, though it holds the language's
// negation; a ban in the same message still does.
func TestEachLanguageReadsWhatIsNotDecidedAsNoRule(t *testing.T) {
	tests := []struct {
		lang, undecided, ban string
	}{
		{"de", "Jonas hat einen zweiten Läufer vorgeschlagen, aber nichts ist entschieden.", "Niemals freitags deployen."},
		{"es", "Marta propuso un segundo turno, pero nada está decidido.", "Nunca despliegues los viernes."},
		{"pl", "Ewa zaproponowała drugą zmianę, ale nic nie jest ustalone.", "Nigdy nie wdrażaj w piątki."},
		{"ru", "Олег предложил вторую смену, но ничего не решено.", "Никогда не выкатывай по пятницам."},
		{"tr", "Ayşe ikinci bir vardiya önerdi ama hiçbir şey kesin değil.", "Cuma günleri asla deploy etme."},
		{"ja", "田中さんが二交代制を提案しましたが、まだ決まっていません。", "金曜日にはデプロイしないでください。"},
		{"nb", "Kari foreslo et ekstra skift, men ingenting er bestemt.", "Aldri deploy på fredager."},
		{"hi", "राहुल ने दूसरी शिफ्ट का सुझाव दिया, लेकिन कुछ भी तय नहीं हुआ।", "शुक्रवार को कभी डिप्लॉय मत करना।"},
	}
	r := reader(t)
	modal := func(text string) string { return lastModality(r.Read(text)) }
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			if got := modal(tt.undecided); got != "" {
				t.Errorf("%q: modality %q, want none", tt.undecided, got)
			}
			if got := modal(tt.ban); got != MustNot {
				t.Errorf("%q: modality %q, want %q", tt.ban, got, MustNot)
			}
		})
	}
}
