package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// r8: restriction phrasings of several languages ("only", "excluded",
// "stay clear of") are polarity cues, and failure phrasings ("discarded",
// "gescheitert", "no funciona") are failure cues.
func TestR8RestrictionAndFailureCues(t *testing.T) {
	for _, c := range []struct {
		text string
		neg  bool
	}{
		{"reubicación únicamente en vuelos propios", true},
		{"aerolíneas asociadas descartadas", true},
		{"toute durée plus courte est exclue", true},
		{"durées inférieures exclues", true},
		{"LKW 07 ausschließlich Nahverkehr", true},
		{"Fremdsprachen sind ausgeschlossen", true},
		{"welding must stay clear of the timber stack", true},
		{"partner airlines are excluded", true},
		{"somente voos próprios", true},
		{"uitsluitend via de receptie", true},
		{"모든 계좌에서 매수·매도 승인 불가", true},
		{"rebook on partner airlines", false},
		{"la durée est de cinq ans", false},
	} {
		if got := HasNegation(Fold(c.text)); got != c.neg {
			t.Errorf("HasNegation(%q) = %v, want %v", c.text, got, c.neg)
		}
	}
	for _, c := range []struct {
		text string
		fail bool
	}{
		{"Verworfen: Join über kundenname", true},
		{"Neu anlernen → gescheitert", true},
		{"Das klappt nicht, nicht wieder versuchen", true},
		{"el join por nombre no funciona", true},
		{"cette piste ne marche pas", true},
		{"approach discarded after the test", true},
		{"de import is mislukt", true},
		{"Join über kunden_id, eindeutig", false},
	} {
		if got := HasFailure(Fold(c.text)); got != c.fail {
			t.Errorf("HasFailure(%q) = %v, want %v", c.text, got, c.fail)
		}
	}
}

// r8: quantities written in words of several languages, in CJK numerals,
// as a half unit, as a clock hour with a bare "h", and as a factor equal
// their digit forms.
func TestR8QuantityForms(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"en un plazo de 48 horas", "como máximo cuarenta y ocho horas", true},
		{"dans les 48 heures", "sous quarante-huit heures", true},
		{"innerhalb von 48 Stunden", "innerhalb von achtundvierzig Stunden", true},
		{"binnen 24 uur", "binnen vierentwintig uur", true},
		{"en 24 horas", "en veinticuatro horas", true},
		{"21 heures", "vingt et une heures", true},
		{"7 jours", "sept jours", true},
		{"48 horas", "cuarenta y nueve horas", false},
		{"Maximaal 4 vaccinatieafspraken per uur", "niet meer dan vier per uur", true},
		{"4 per hour", "five per hour", false},
		{"最多上5节课", "不超过五节", true},
		{"最多上5节课", "不超过六节", false},
		{"30分钟", "三十分钟", true},
		{"2万元", "两万元", true},
		{"slots are 30 minutes each", "half-hour slots", true},
		{"30 minutes", "une demi-heure", true},
		{"30 Minuten", "eine halbe Stunde", true},
		{"30 minutos", "media hora", true},
		{"12 hours", "half a day", true},
		{"45 minutes", "half-hour slots", false},
		{"avant 16 h", "avant 16h00", true},
		{"bis 9 h", "bis 09:00", true},
		{"avant 16 h", "avant 17h00", false},
		{"above 120% of ideal body weight", "over 1.2x IBW", true},
		{"above 120% of ideal body weight", "over 1.2× IBW", true},
		{"above 120% of ideal body weight", "over 1.3x IBW", false},
	} {
		if got := sameQuantities(c.a, c.b); got != c.want {
			t.Errorf("%q ~ %q: got %v, want %v (%v / %v)", c.a, c.b, got, c.want, Quantities(c.a), Quantities(c.b))
		}
	}
	for _, s := range []string{"第一节", "一起", "十分重要", "统一处理", "half the team", "vingt et"} {
		if qs := Quantities(s); len(qs) != 0 {
			t.Errorf("Quantities(%q) = %v, want none", s, qs)
		}
	}
	// "3×/24 h" is three times a day, not a factor; "2×2" a grid.
	for _, s := range []string{"≤ 3×/24 h", "a 2×2 grid"} {
		for _, q := range Quantities(s) {
			if q.Class == ClassFactor {
				t.Errorf("Quantities(%q) has a factor: %v", s, Quantities(s))
			}
		}
	}
}

// r8: a key term's quantity takes the period the item's text gives it:
// "150 km" of "maximal 150 km am Tag" is kept by "150 Kilometer pro Tag",
// not by "150 km" a week.
func TestR8KeyTermPeriod(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	N := sdk.CategoryNumericCommitment
	item := "Bis der Sensor getauscht ist, darf LKW 07 nur im Nahverkehr fahren, maximal 150 km am Tag."
	for _, tt := range []keptCase{
		{"kept", N, item, "LKW 07 bis zum Tausch: ausschließlich Nahverkehr, höchstens 150 Kilometer pro Tag.", []string{"150 km"}, true},
		{"kept, English", N, item, "Truck 07 until the sensor swap: local runs only, at most 150 km per day.", []string{"150 km"}, true},
		{"period changed", N, item, "LKW 07 bis zum Tausch: ausschließlich Nahverkehr, höchstens 150 km pro Woche.", []string{"150 km"}, false},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
}

// r8: a kept rule whose sentence opened with a count of something else
// ("Two constraints from the product lead: ...") is not altered by a bare
// number of the candidate ("Sat 14"); a count of the same thing still is.
func TestR8CountOfOtherThing(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	P := sdk.CategoryProhibition
	for _, tt := range []keptCase{
		{"count of the rules", P, "Two constraints from the product lead: do not run double-XP on the EU shard during the tournament weekend.",
			"- EU shard: no double-XP at any point during the tournament weekend, Sat 14 and Sun 15 June.", []string{"double-XP"}, true},
		{"three rules", P, "Three rules from legal: never email the press list before noon.",
			"Legal: never email the press list before noon (applies on the 4th as well).", []string{"press list"}, true},
		{"count changed", P, "Never send more than five reminder emails to a customer.",
			"Never send more than 50 reminder emails to a customer.", []string{"reminder emails"}, false},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
}

// r8: a rule's object is its content words in any language: clitics and
// short function words of other languages ("se", "qu'on") are not part of
// it, and a Romance adverb matches its adjective ("directement" =
// "direct", "automáticamente" = "automática"). With fewer than two content
// words the function words stay, to place the rest.
func TestR8ForeignObjectWords(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	P := sdk.CategoryProhibition
	for _, tt := range []keptCase{
		{"es adverb, clitic", P, "los daños por agua nunca se aprueban automáticamente, aunque el importe sea bajo;",
			"• Daños por agua: jamás aprobación automática, da igual el importe.", []string{"se aprueban automáticamente"}, true},
		{"es dropped polarity", P, "los daños por agua nunca se aprueban automáticamente, aunque el importe sea bajo;",
			"• Daños por agua: aprobación automática, da igual el importe.", []string{"se aprueban automáticamente"}, false},
		{"fr adverb, elision", P, "Dernière chose : tu n'appelles pas directement l'agriculteur qu'on a interviewé, tu passes par Claire Mounier.",
			"- Contact avec l'agriculteur interviewé : jamais en direct, uniquement via Claire Mounier.", []string{"directement l'agriculteur qu'on"}, true},
		{"fr dropped polarity", P, "Dernière chose : tu n'appelles pas directement l'agriculteur qu'on a interviewé, tu passes par Claire Mounier.",
			"- Contact avec l'agriculteur interviewé : en direct.", []string{"directement l'agriculteur qu'on"}, false},
		{"it adverb", P, "Non pubblicare mai automaticamente i post del cliente.",
			"Post del cliente: mai pubblicazione automatica.", []string{"pubblicare mai automaticamente"}, true},
		{"number alone is no object", P, "La pénalité ne doit pas dépasser 5 % du montant.",
			"Partner API limit is 5 req/s per key.", []string{"dépasser 5 % du"}, false},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
}

// r8: a CJK rule list joined by full-width semicolons is several clauses,
// a key term spanning them gives each clause its own share, and a bigram
// across a particle (后的, 在午) is no word.
func TestR8CJKClauses(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	P := sdk.CategoryProhibition
	item := "要求：体育课不能排在午饭后的第一节；每位老师每天最多上5节课；高三(2)班周三下午不排课。"
	keys := []string{"要求：体育课不能排在午饭后的第一节；每位老师每天最多上5节课；高三"}
	for _, tt := range []keptCase{
		{"reworded list", P, item, "必须遵守的规则：\n- 午饭后第一节禁止安排体育课；\n- 任何老师一天的课时不超过五节；\n- 高三(2)班周三下午留空。", keys, true},
		{"same words", P, item, "体育课不能排在午饭后的第一节；每位老师每天最多上5节课。", keys, true},
		{"polarity dropped", P, item, "规则：\n- 午饭后第一节安排体育课；\n- 任何老师一天的课时不超过五节。", keys, false},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
	if got := len(clauses("甲不能乙；丙不得丁", Unit{Start: 0, End: len("甲不能乙；丙不得丁")})); got != 2 {
		t.Errorf("clauses split at ；: got %d, want 2", got)
	}
}

// r8: an ISO currency code before the amount is its currency, a title
// before a name does not end the sentence, and "kept off" restricts.
func TestR8CurrencyCodeTitleKeepOff(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"under EUR 250,000", "Budget: < €250k", true},
		{"USD 1,500 per seat", "$1,500 per seat", true},
		{"CHF 90", "€90", false},
		{"under EUR 250,000", "under €205k", false},
	} {
		qa, qb := Quantities(c.a), Quantities(c.b)
		if got := len(qa) == 1 && len(qb) == 1 && qa[0].Equal(qb[0]); got != c.want {
			t.Errorf("%q ~ %q: got %v, want %v (%v / %v)", c.a, c.b, got, c.want, qa, qb)
		}
	}
	for _, text := range []string{"Prof. Halden must be kept off the Co-I list.", "Mme. Roux signe seule.", "Sra. Díaz aprueba."} {
		if n := len(Sentences(text)); n != 1 {
			t.Errorf("Sentences(%q): %d sentences, want 1", text, n)
		}
	}
	for _, s := range []string{"Halden must be kept off the Co-I list", "vendors are left off the invite", "stay off the main branch"} {
		if !HasNegation(Fold(s)) {
			t.Errorf("HasNegation(%q) = false", s)
		}
	}
}

// r8: a Korean word's case particle is no part of its object ("종목의" is
// "종목", "계좌에서" "계좌"), and "불가" states the prohibition.
func TestR8Korean(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	P := sdk.CategoryProhibition
	item := "어떤 계좌에서도 이 종목의 매수·매도 주문은 승인하지 마세요."
	keys := []string{"이 종목의 매수·매도 주문은 승인하", "지 마"}
	for _, tt := range []keptCase{
		{"reworded", P, item, "- 한빛반도체(047210): 모든 계좌에서 매수·매도 모두 승인 불가.", keys, true},
		{"particles", P, item, "이 종목은 매수·매도 주문을 승인하지 않는다.", keys, true},
		{"polarity dropped", P, item, "- 한빛반도체(047210): 모든 계좌에서 매수·매도 주문 승인 완료.", keys, false},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
	for _, c := range [][2]string{{"종목의", "종목"}, {"계좌에서", "계좌"}, {"회의", "회의"}, {"승인하", "승인"}} {
		if got := string(hangulStem([]rune(c[0]))); got != c[1] {
			t.Errorf("hangulStem(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}
