package frame

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// modalities returns the modality of each clause of d.
func modalities(d *Doc) []string {
	var out []string
	for _, c := range d.Clauses {
		out = append(out, c.Modality)
	}
	return out
}

func reader(t testing.TB) *Reader {
	t.Helper()
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return NewReader(lex)
}

// TestReadKeepsAConsequenceInItsRule: what breaking a rule brings about
// ("otherwise the warranty is void") is no second atom, and its negation is
// not the rule's modality.
func TestReadKeepsAConsequenceInItsRule(t *testing.T) {
	tests := []struct{ text, modality string }{
		{"Submit the form by Friday, otherwise nothing is refunded.", Limit},
		{"Nunca lijes un cuadro antes de la inspección, de lo contrario se anula la garantía.", MustNot},
		{"必须先提交报告，否则不能报销。", Must},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) != 1 || d.Clauses[0].Modality != tt.modality {
				t.Fatalf("clauses %v, want one %s clause", describeAll(d), tt.modality)
			}
		})
	}
}

// TestReadSetsAReasonApartFromItsRule: why a rule holds ("because the old
// heaters can't take more") lends it no cue, and its names and values are
// not the rule's terms; a failure keeps its cause as its terms, and a
// sentence that opens with its reason and has no comma is read whole.
func TestReadSetsAReasonApartFromItsRule(t *testing.T) {
	tests := []struct {
		text, modality string
		values         int // the rule's own values
		reason         bool
	}{
		{"Bed temp max 110 °C on all of them because the old heaters can't take more.", Limit, 1, true},
		{"No jobs north of the A142 on Thursdays because Dean's van is in the garage.", MustNot, 1, true},
		{"Il deploy su Netlify va fatto entro le 18, perché lunedì parte la campagna.", Limit, 1, true},
		{"Nie wpuszczamy nikogo na salę po 22:00, bo sąsiedzi dzwonią na policję o 23:00.", Limit, 1, true},
		{"不要升级 Boost，因为 runner 只有 8 GB 内存。", MustNot, 0, true},
		// A failed attempt's cause is what it teaches.
		{"The upgrade failed because port 8080 is not open.", Failed, 1, false},
		// The reason opens the sentence and nothing ends it: read whole.
		{"Because of the freeze no deploys this week.", MustNot, 0, false},
		// How things are, behind the rule's comma or dash with no cue
		// word, is its reason too.
		{"Contract tests never hit the real Finch sandbox, they bill 40 cents a call.", MustNot, 0, true},
		{"Keine Lieferung nach 18 Uhr — wir schließen im Winter früher.", Limit, 1, true},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) != 1 {
				t.Fatalf("clauses %v, want one", describeAll(d))
			}
			c := d.Clauses[0]
			if c.Modality != tt.modality || len(c.Main.Quants) != tt.values || (c.Reason != nil) != tt.reason {
				t.Errorf("read %s (reason %v), want %s with %d values of its own, reason %v", d.Describe(c), c.Reason != nil, tt.modality, tt.values, tt.reason)
			}
		})
	}
}

// TestReadNoAsideWhereTheStatementSetsOrNames: behind a rule, a second
// rule, a statement with a negation of its own, a new value, an act the
// speaker reserves, what a name is, or what follows a bare "no" is read
// as before, not set apart as a reason.
func TestReadNoAsideWhereTheStatementSetsOrNames(t *testing.T) {
	tests := []struct {
		text string
		want []string // the modality of each clause
	}{
		{"Max 3 workers, they must each stay under 2 GB.", []string{Limit, Limit}},
		{"The faculty changed the rule, it's 100 pages now, not 120.", []string{""}},
		{"Never use 4410-2209, it is the closed FY2025 account.", []string{MustNot, MustNot}},
		{"The doses Kamau asked for, no, we stay at 2,000 doses.", []string{MustNot}},
		{"kafka-prod-eu is read-only for you, I apply prod myself.", []string{MustNot}},
		{"Max 3 workers, they must never share a node.", []string{Limit, MustNot}},
		{"Birds between 4 and 9 kg only, we can't do bigger.", []string{Only, MustNot}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			var got []string
			for _, c := range d.Clauses {
				got = append(got, c.Modality)
				if c.Reason != nil {
					t.Errorf("%s has a reason; want none", d.Describe(c))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("modalities %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadAReplyNoBeforeAnInstructionForbidsNothing: a "no" alone at the
// head of a clause answers what was said; the instruction behind it is
// the rule. A "no" before the speaker's own doing, or before a negation
// of its own, still forbids.
func TestReadAReplyNoBeforeAnInstructionForbidsNothing(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"No, push the branch and open the PR.", ""},
		{"Ne, előbb megvárjuk a labort.", ""},
		{"Não, deixa as placas na sexta mesmo.", ""},
		{"No, never on Fridays.", MustNot},
		{"No, I'll push it myself.", MustNot},
		{"No deploys on Fridays.", MustNot},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 || d.Clauses[0].Modality != tt.want {
				t.Errorf("clauses %v, want the first %q", describeAll(d), tt.want)
			}
		})
	}
}

// TestReadASectionSignNamesASection: "§ 12" is a numbered thing (as
// "dock 2" is), not a value a summary must repeat as a number.
func TestReadASectionSignNamesASection(t *testing.T) {
	r := reader(t)
	d := r.Read("Die Haftungsbegrenzung in § 12 darf nicht gestrichen werden.")
	if len(d.Quants) != 0 {
		t.Errorf("quantities %q, want none", quantsText(d))
	}
	c := d.Clauses[0]
	found := false
	for _, o := range c.Main.Objects {
		found = found || o.Norm == "#12"
	}
	if !found {
		t.Errorf("objects %v, want section #12", c.Main.Objects)
	}
}

// TestReadAValueALiftNamesIsRuledOut: "forget the 50" names the old value:
// ruled out as "not 50" is, not a value the new rule holds.
func TestReadAValueALiftNamesIsRuledOut(t *testing.T) {
	d := reader(t).Read("Forget the 50 - raise it to 120 messages per second, that's the new ceiling.")
	for _, q := range d.Quants {
		if want := q.Value == 50; q.Negated != want {
			t.Errorf("%s: negated %v, want %v", q.Text, q.Negated, want)
		}
	}
	if len(d.Quants) < 2 {
		t.Fatalf("quantities %q, want the old and the new value", quantsText(d))
	}
}

// TestReadAReasonCutOffByItsCommaSetsNoRule: a sentence that opens with
// its reason and a comma ends it gives the reason a clause of its own,
// with no modality.
func TestReadAReasonCutOffByItsCommaSetsNoRule(t *testing.T) {
	d := reader(t).Read("Because the old heaters can't take more, bed temp max 110 °C.")
	limits := 0
	for _, c := range d.Clauses {
		switch c.Modality {
		case Limit:
			limits++
		case "":
		default:
			t.Errorf("clause %s: the reason reads as a rule", d.Describe(c))
		}
	}
	if limits != 1 {
		t.Errorf("clauses %v, want the one limit", describeAll(d))
	}
}

// TestReadCutsCompoundRulesIntoAtoms: one clause's negation must not vouch
// for the other.
func TestReadCutsCompoundRulesIntoAtoms(t *testing.T) {
	d := reader(t).Read("Never run a migration during business hours, and do not touch the billing schema without a fresh backup.")
	if len(d.Clauses) != 2 {
		t.Fatalf("%d clauses, want 2: %v", len(d.Clauses), describeAll(d))
	}
	for _, c := range d.Clauses {
		if c.Modality != MustNot || c.Condition == nil {
			t.Errorf("clause %s: want must_not with a condition", d.Describe(c))
		}
	}
}

// TestReadKeepsTheSpeakersOwnPlanOutOfTheRule: after a rule, what the
// speaker will do themselves is an atom with no modality; a bare "No,
// I'll do it myself", or one reported after a colon, stays whole.
func TestReadKeepsTheSpeakersOwnPlanOutOfTheRule(t *testing.T) {
	tests := []struct {
		text string
		want []string // modality of each clause
	}{
		{"Don't GC the builder — I'll do the activations on Monday.", []string{MustNot, ""}},
		{"Ne supprime pas la branche, je m'en occupe demain.", []string{MustNot, ""}},
		{"No, I'll push it myself after Priya has looked at it.", []string{MustNot}},
		{"The user declined: \"No, I'll upload it myself.\"", []string{MustNot}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := modalities(d)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("modalities %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadANegationInAConditionSetsNoRule: "when nobody watches" after
// what is said says when; the clause forbids nothing by it. A negation in
// the main part still forbids, with or without a condition, and so does
// one in a condition that opens the clause, one a verb-final rule ends
// its condition's span with, and one after "without".
func TestReadANegationInAConditionSetsNoRule(t *testing.T) {
	tests := []struct {
		text string
		want []string // modality of each clause
	}{
		{"No restart, I'll do that tonight myself when nobody watches.", []string{MustNot, ""}},
		{"Den Kran TK-3 bei Wind über 72 km/h auf keinen Fall betreiben.", []string{MustNot}},
		{"Paracétamol 1 g toutes les 6 heures, sans jamais dépasser 3 g par jour.", []string{MustNot}},
		{"Never restart it when users are online.", []string{MustNot}},
		{"Do not restart it while nobody has signed off.", []string{MustNot}},
		{"We restart it at night when no one is online.", []string{""}},
		{"York only after Leeds has run a full evening without a freeze.", []string{Only}},
		{"Deploy to staging first, and if the tests do not pass do not deploy to prod.", []string{MustNot}},
		{"Use the replica for reports, but if the primary is not healthy never write to it.", []string{MustNot}},
		{"While you're at it — don't touch the billing tables.", []string{MustNot}},
		// A purpose that opens the sentence, up to its comma, is read
		// apart from the rule after it.
		{"Pour ne pas casser la CI, ne pousse jamais sur main.", []string{MustNot}},
		{"Use a subagent to hunt for all float usages so we don't miss any.", []string{""}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := modalities(d)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("modalities %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadAConditionThatOpensItsClauseEndsAtItsColon: "while you're in
// there: do NOT stop the experiment" forbids stopping it; the names after
// the colon are the rule's, not the condition's.
func TestReadAConditionThatOpensItsClauseEndsAtItsColon(t *testing.T) {
	d := reader(t).Read("While you're in there: do NOT stop or edit the checkout-one-page experiment.")
	if len(d.Clauses) != 1 {
		t.Fatalf("%d clauses, want 1: %v", len(d.Clauses), describeAll(d))
	}
	c := d.Clauses[0]
	if c.Modality != MustNot || c.Condition == nil || len(c.Main.Objects) != 1 || len(c.Condition.Objects) != 0 {
		t.Fatalf("want a prohibition naming checkout-one-page under a condition without names: %v", describeAll(d))
	}
}

// TestReadAWeekdayInACaseTheLexiconDoesNotList: an inflected weekday
// ("tiistaille", to Tuesday) is found by its stem.
func TestReadAWeekdayInACaseTheLexiconDoesNotList(t *testing.T) {
	d := reader(t).Read("Älä varaa hänelle aikoja tiistaille, koska hän on silloin synnytyssalissa eikä ehdi vastaanotolle.")
	for _, q := range d.Quants {
		if q.Dim == DimWeekday && q.Value == 2 {
			return
		}
	}
	t.Fatalf("no Tuesday read: %v", describeAll(d))
}

// TestReadAParticleIsNoJoint: Hindi भी stresses the word before it ("कोई
// भी ऑर्डर", any order); it joins no clauses, so the rule stays one atom.
func TestReadAParticleIsNoJoint(t *testing.T) {
	d := reader(t).Read("ध्यान रखना: ₹12,50,000 से ज़्यादा का कोई भी ऑर्डर मालिक की मंज़ूरी के बिना पक्का मत करना।")
	if len(d.Clauses) != 1 || d.Clauses[0].Modality != Limit {
		t.Fatalf("want one limit, got %v", describeAll(d))
	}
}

// TestReadALeadingBoundHeadsItsClausesValue: a limit noun (上限, 下限,
// 상한) bounds the clause's next value with words between; a value before
// it, or past a comma, is not its, and a superlative ("最大の問題", the
// biggest problem) bounds nothing far off.
func TestReadALeadingBoundHeadsItsClausesValue(t *testing.T) {
	tests := []struct{ text, want string }{
		{"予算の上限は送料込みで１２，０００円です。", "<=12000 money:JPY"},
		{"下限は平日で3名です。", ">=3 number"},
		{"上限は決まっていない、3名で行く。", ""},
		{"最大の問題はサーバー3台が古いことです。", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			var got []string
			for _, c := range d.Clauses {
				for _, b := range d.Frame(c).Bounds {
					if b.Op != OpEq {
						got = append(got, boundText(b.Op, b.Value, b.Unit))
					}
				}
			}
			if strings.Join(got, "; ") != tt.want {
				t.Fatalf("bounds %q, want %q: %v", strings.Join(got, "; "), tt.want, describeAll(d))
			}
		})
	}
}

// TestReadALongOpeningThatSaysWhatItIsAboutIsATopic: an opening before a
// colon with a topic word ("regarding", "について") is context however
// long; its values are not the rule's.
func TestReadALongOpeningThatSaysWhatItIsAboutIsATopic(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Order 4471 for the Lund office (the one delivered on the 12th of March) regarding: no more than 40 chairs per floor.", "<=40 count"},
		{"注文４４７１（ルンド事務所、３月１２日納品）について：椅子は各フロア４０脚以下です。", "<=40 number"},
		{"Order 4471 for the Lund office (the one delivered on the 12th of March) and the chairs: no more than 40 per floor.", "=4471 number; =312 date; <=40 number"},
	}
	checkFirstClauseBounds(t, tests)
}

// TestFrameLeavesOutAValueInTheBracketsOfAFailure: a run's duration or a
// process's ids in brackets annotate a failure record; a value outside
// the brackets, or in a rule's brackets, is the frame's.
func TestFrameLeavesOutAValueInTheBracketsOfAFailure(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Upload failed: timeout (after 30 s)", ""},
		{"Fatal: repository locked by PID 22817 on host-2 (UID 0)", "=22817 number"},
		{"Keep the pool small (at most 20 connections).", "<=20 count"},
	}
	checkFirstClauseBounds(t, tests)
}

// TestFrameLeavesOutTheOneABoundIsPer: "in one day at most 6" bounds the
// 6; the day is the period, which a summary writes as "per day", so the
// frame (and the host's floor) does not ask for it.
func TestFrameLeavesOutTheOneABoundIsPer(t *testing.T) {
	tests := []struct{ text, want string }{
		{"एक दिन में अधिकतम 6 ट्रक ही निकलेंगे", "<=6 count"},
		{"In one day no more than 4 hours of overtime.", "<=14400 time"},
		{"Overtime: 1 day at most 4 hours.", "=86400 time; <=14400 time"},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			var got []string
			for _, b := range d.Frame(d.Clauses[0]).Bounds {
				got = append(got, boundText(b.Op, b.Value, b.Unit))
			}
			if strings.Join(got, "; ") != tt.want {
				t.Fatalf("bounds %q, want %q", strings.Join(got, "; "), tt.want)
			}
		})
	}
}

// TestReadBoundsNormaliseUnitsAndOps pins the bound each sentence holds.
func TestReadBoundsNormaliseUnitsAndOps(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"Keep at most 3 export workers running at once.", "<=3 count"},
		{"Spillway release must not exceed three thousand cubic metres per second.", "<=3e+06 volume/time"},
		{"Spill ≤ 3 k m³/s.", "<=3e+06 volume/time"},
		{"90 min", "=5400 time"},
		{"1.5 h", "=5400 time"},
		{"Deliver before 17:00.", "before1020 clock"},
		// A speed's period written before it, as a word of its own: 時速
		// 15 km is 15 km/h.
		{"풍속이 시속 15km를 넘으면 스프링클러를 켜지 마세요.", "=4.166666666666667 length/time"},
		{"風速が時速15kmを超えたら止めてください。", "=4.166666666666667 length/time"},
		{"风速超过时速15公里时停止。", ">=4.166666666666667 length/time"},
		{"풍속이 초속 10m를 넘으면 작업을 멈추세요.", "=10 length/time"},
		// An elided article glued to the next word is no unit: the "d" of
		// "d'accroche" is "de", not a day.
		{"charge maximale 500 kg par point d'accroche", "<=500000 mass"},
		// A negation of the act a firm bound measures leaves the bound:
		// no picking for 7 days or more. A comparator it flips.
		{"Don't pick in that section for at least 7 days after spraying.", ">=604800 time"},
		{"छिड़काव के बाद कम से कम 7 दिन तक उस सेक्शन में तुड़ाई नहीं करनी है", ">=604800 time"},
		{"Orders of at least 500 euros are not shipped without approval.", ">=500 money:EUR"},
		{"Do not run more than 3 jobs.", "<=3 count"},
		// French and German write the minutes after the clock word.
		{"Le concert commence à 15 h 30.", "=930 clock"},
		{"Treffpunkt um 15 Uhr 30.", "=930 clock"},
		{"max. 4 h 30 min", "<=14400 time; =1800 time"},
		// Hours written with a dot and joined by a dash are a span of the
		// day; an end after a time of day is a time; a measure's sides
		// write the unit once.
		{"15.00–18.00 i bibliotekets foajé.", "=900 clock; =1080 clock"},
		{"Prices 12.50–14.90 EUR", "=12.5 money:EUR; =14.9 money:EUR"},
		// A German day's short form with its dot is a day before a date;
		// "so." in lower case at a sentence's end is the word.
		{"Wir machen das am So., 27.12.2026 und dann gehen wir nach Hause.", "=7 weekday; =1227 date"},
		{"Wir machen das so. Dann gehen wir nach Hause und essen.", ""},
		{"Keine Deployments mo.-fr. nach 16 Uhr.", "=1 weekday; =5 weekday; before960 clock"},
		{"Kein Deploy am fr.", "=5 weekday"},
		// Currencies by symbol and by name, in English and at home; "won"
		// after a number is the Korean currency.
		{"Jasmine garlands 35 baht each.", "=35 money:THB"},
		{"Chief Okonkwo's cake is ₦185,000, half paid.", "=185000 money:NGN"},
		{"Hall hire GH₵ 500 max.", "<=500 money:GHS"},
		{"מחיר 120 ₪ לאדם", "=120 money:ILS"},
		{"Total rental budget: no more than 600,000 won.", "<=600000 money:KRW"},
		{"예산은 대여비 전부 합쳐서 60만 원 넘으면 안 돼요.", "=600000 money:KRW"},
		// A symbol several currencies write is the one the text's
		// language names by it.
		{"预算不超过¥5000。", "<=5000 money:CNY"},
		{"Budget under $5,000 per team.", "<=5000 money:USD"},
		// Two dotted numbers joined by a range word may be prices.
		{"Preise von 5.00 bis 9.00 Euro.", "=5 money:EUR; <=9 money:EUR"},
		{"Levering mellom kl. 15 og 18.", "=900 clock; =1080 clock"},
		{"Lauantaina klo 10–12 tulee ryhmä.", "=6 weekday; =600 clock; =720 clock"},
		{"Hvert bygg kan være maks 30 x 30 cm i grunnflate.", "<=0.3 length; =0.3 length"},
		// A capital letter glued to a number is its scale; metres are "m".
		{"Seed the staging DB with 2M synthetic orders.", "=2e+06 count"},
		{"a 5m cable", "=5 length"},
		// A label, a ratio, a dose and a count stay what they are.
		{"12.50 EUR per seat is the cap.", "=12.5 money:EUR"},
		{"The ratio must stay at 0.25–0.50", "=0.25 number; =0.5 number"},
		{"Take 2 x 500 mg.", "=2 count; =0.5 mass"},
		{"Treffpunkt um 15 Uhr 30 Personen.", "=900 clock; =30 count"},
		{"Entry 14:00 - 20 guests max.", "=840 clock; <=20 count"},
		// "stops being accepted once" forbids after it as "not accepted
		// after" does.
		{"Resole work stops being accepted once Friday 11 December has passed.", "before5 weekday; before1211 date"},
		// Digits of another script are the same values.
		{"لا استلام للطلبات بعد الساعة ٢١:٠٠", "after1260 clock"},
		{"حداکثر ۵ نفر", "<=5 count"},
		{"سقف تخفیف: 8٪", "=8 ratio"},
		{"الحد الأقصى ٣٫٥ كغ", "<=3500 mass"},
		// A section's number is its label, not a value.
		{"§4 Utøvere under 18 år skal ha en voksen med våpenkort til stede.", "<=5.67648e+08 time"},
		// An aside in brackets between a value and its negation is passed over.
		{"18:00以降（午後6時以降）の枠は受け付けない", "before1080 clock; after1080 clock"},
		// A negation far after its value stays another phrase's, an aside
		// between them or not.
		{"At most 2 (per the landlord) not counting kids.", "<=2 number"},
		// A reason's negation is not the rule's.
		{"Höchstens 18 Autos, weil die Rampe nicht hält.", "<=18 count"},
		// A value after a lift, with its noun, is the new one.
		{"Wir können jetzt 120 Gäste einladen.", "=120 count"},
		// A number after a weekday that goes on to its noun is a count.
		{"By Monday 4 of them must sign off.", "before1 weekday; before4 number"},
		{"Før tirsdag 15 må ingen deploye.", "after2 weekday; after15 day"},
		// A bare number after a weekday is its day of the month.
		{"slipp 2 skal ikke brukes før tirsdag 15.", "=2 number; after2 weekday; after15 day"},
		{"Slipp 2 brukes ikke før tirsdag 15.12 – vinsjen er til kontroll.", "=2 count; after2 weekday; after1215 date"},
		{"Slipp 2 skal ikke brukes før tirsdag 15. desember.", "=2 number; after2 weekday; after1215 date"},
		// "not more" after the value keeps its bound an upper one.
		{"تخفیف اضافه حداکثر ۸ درصد است، نه بیشتر", "<=8 ratio"},
		{"Deliver before 5 pm.", "before1020 clock"},
		{"Deliver before noon.", "before720 clock"},
		// A clock word before the hour makes it a time of day, and a
		// case ending after a colon stays with its number.
		{"Ei aikoja klo 16 jälkeen.", "before960 clock"},
		// A bound word that stands before its value opens the next one,
		// whatever number stands before it.
		{"老闆規定：冷凍水餃一次最多賣 10 包給同一位客人。", "=1 number; <=10 number"},
		// A negation word naming a kind is no negation.
		{"One customer may buy at most 10 frozen packs.", "<=10 count"},
		{"Frozen items out ≤ 30 min, then back into the freezer.", "<=1800 time"},
		// A fraction of something is a share of it.
		{"Late cancellations cost half of the treatment fee.", "=50 ratio"},
		{"Half an hour at most.", "<=1800 time"},
		// A heading that bounds when, and a negation opening what it
		// heads, are one rule.
		{"After 10 pm: no music in the garden.", "before1320 clock"},
		{"No music in the garden after 10 pm.", "before1320 clock"},
		// A fraction after a measure and "and" is part of it.
		{"At most an hour and a half.", "<=5400 time"},
		{"Una hora y media como máximo.", "<=5400 time"},
		{"Au plus une heure et demie.", "<=5400 time"},
		{"At most 2 hours and a half day off.", "<=7200 time; =43200 time"},
		// A time word then the amount's own bound after the number.
		{"예약 24시간 전 이내 취소는 진료비의 50%를 받습니다.", "<=86400 time; =50 ratio"},
		// A bound word, the one noun it bounds, then the value.
		{"Minimum age 16 for the soldering bench.", ">=16 number"},
		{"Tested under Node 20.", "=20 number"},
		// Age bounds written after the value.
		{"Students must be 16 or older.", ">=16 number"},
		{"Children 12 and under go free.", "<=12 number"},
		// Indian English scales.
		{"Orders above ₹12.5 lakh need the owner's approval.", ">=1.25e+06 money:INR"},
		// Day and month as ordinals, then the year.
		{"Akce proběhne 12. 12. 2026 ve sklepě.", "=1212 date"},
		// A negation before a value with a bound cue after it turns the
		// bound; it rules out no value.
		{"মোট বিল কোনোভাবেই ₹১,২৫,০০০-এর বেশি হবে না।", "<=125000 money:INR"},
		// A tolerance is the range it allows, around its nominal value
		// (listed between the ends; no part of a rule's bounds).
		{"Umidità relativa 50% ± 5, temperatura 20 °C ± 2.", "=45 ratio; =50 ratio; =55 ratio; =18 temperature; =20 temperature; =22 temperature"},
		{"Each sack weighs 25 ± 0.5 kg.", "=24500 mass; =25000 mass; =25500 mass"},
		// Month and day with a slash: a day past 12 shows which leads.
		{"12/27の予約は19名。", "=1227 date; =19 number"},
		{"Pickup on 27/12 at the depot.", "=1227 date"},
		// A negation that closes an exclusive "only" construction does
		// not flip the bound: "only from 5 January".
		{"成人式の前撮りは１月５日以降しか受けません。", "after105 date"},
		{"예약은 1월 5일 이후밖에 받지 않습니다.", "after105 date"},
		{"No deploys after 18:00, only hotfixes.", "before1080 clock"},
		{"Položky 1. 2. 3. hotové.", "=1 number; =2 number; =3 number"},
		{"Ei aikoja kello 16:n jälkeen.", "before960 clock"},
		{"Leverans senast klockan 18.", "before1080 clock"},
		{"Livraison avant midi.", "before720 clock"},
		{"Entrega antes del mediodía.", "before720 clock"},
		{"Людей пускать не раньше чем через 24 часа.", ">=86400 time"},
		{"Сдать до 18 часов.", "before1080 clock"},
		{"Top rung at 6 Mbps max.", "<=750000 bytes/time"},
		{"Top rung at 0.75 MB/s max.", "<=750000 bytes/time"},
		{"Never let the level drop below 412.5 m.", ">=412.5 length"},
		{"Claims above €25,000 are not to be approved.", "<=25000 money:EUR"},
		{"Budget max 18.500 €.", "<=18500 money:EUR"},
		{"Budget ₹2,00,000.", "=200000 money:INR"},
		// A share may be written with its sign first, as Turkish does; a
		// sign after one number is not the next one's.
		{"db-* hostlarında eşik %85 kalsın.", "=85 ratio"},
		{"Shares 5% 85 left.", "=5 ratio; =85 count"},
		// A number word glued to digits is their counter ("12세": aged
		// twelve), no number of its own.
		{"유약실에는 12세 미만 어린이 출입 금지예요.", ">=12 number"},
		// Days before a weekday are the day of the month it falls on; a
		// word of two syllables does not match across a space ("13일
		// 일요일" holds no "일일", daily).
		{"최은정 씨는 13일 일요일 2시로 안내해 주세요.", "=13 day; =7 weekday; =120 clock"},
		{"12日（土）は休みです。", "=12 day; =6 weekday"},
		{"3일 동안 쉬어요.", "=259200 time"},
		{"접수는 18일 자정 마감입니다.", "before18 day; before0 clock"},
		// A day written as an ordinal ends no sentence: its rule goes on.
		{"Na Štědrý den 24. jen do 11:00.", "=24 day; <=660 clock"},
		// A price per item written as one word keeps its currency.
		{"Příplatek 30 Kč/ks.", "=30 money:CZK"},
		// "per non più di" is a bound after "for", no purpose.
		{"Il forno resta acceso per non più di 3 ore.", "<=10800 time"},
		// A currency sign that opens the text is its amount's, no bullet.
		{"₹1,00,000 आने दो, लेकिन ऑर्डर draft ही रहेगा।", "=100000 money:INR"},
		// A negation in another phrase does not turn the bound: a table
		// cell, a parenthesis, a reason far after the value.
		{"| PR ≤ 400 changed lines | 152 lines (912 generated not counted) |", "<=400 count; =152 count; =912 count"},
		{"The deck is limited to 18 cars because the mezzanine ramp is out of service.", "<=18 count"},
		// Arabic writes "and" joined to the number after it.
		{"الكلور الحر بين 1 و3 جزء في المليون", "=1 number; =3 count"},
		// A range written with one "pm" is in the afternoon at both ends.
		{"Practice every Thursday 6–8 pm.", "=4 weekday; =1080 clock; =1200 clock"},
		{"Shift 8–20 h.", "=480 clock; =1200 clock"},
		// A bound written in one word is the bound written in two.
		{"under-12s must have an adult in the water", "<=12 number"},
		{"Under-18s are not allowed at the bar itself.", ">=18 number"},
		{"nobody under 18 at the bar", ">=18 number"},
		{"Eligibility: over-65s only.", ">=65 number"},
		{"Deploy to prod-eu-1 and n2-standard-8.", ""},
		// A list of days writes its month once.
		{"Open on Sundays 6, 13 and 20 December.", "=7 weekday; =1206 date; =1213 date; =1220 date"},
		{"Pick-ups on 6, 13 December.", "=1206 date; =1213 date"},
		// A compound number word (German, Dutch) is its number.
		{"Nach zweiundzwanzig Uhr darf am Tablet nichts mehr gebucht werden.", "before1320 clock"},
		{"Om tweeëntwintig uur sluiten.", "=1320 clock"},
		// A day of the month without its month.
		{"Open the 20th, 09:00 to 15:00.", "=20 day; =540 clock; =900 clock"},
		{"As encomendas fecham no dia 21 às 18h.", "=21 day; =1080 clock"},
		{"Lines 3rd and 4th stay closed.", "=3 day; =4 day"},
		{"No parking on 6th Street after 9 pm.", "=6 number; before1260 clock"},
		// A "+" after a value is the value or more.
		{"We have 50+ customers.", ">=50 count"},
		{"Delete carts idle for 30+ days.", ">=2.592e+06 time"},
		// A range of two values glued with a hyphen.
		{"Dédicace samedi, 14h-18h.", "=6 weekday; =840 clock; =1080 clock"},
		{"A 5km-10km loop.", "=5000 length; =10000 length"},
		// A time of day written with a dot, beside a word that says so.
		{"Deployvenster: 23.30–0.30 uur.", "=1410 clock; =30 clock"},
		{"Toko tutup jam 21.00.", "=1260 clock"},
		{"Meet at 10.30 am.", "=630 clock"},
		{"Version 2.30 released.", "=2.3 count"},
		// A range of days writes its month once.
		{"Výměna 20.–22. ledna.", "=120 date; =122 date"},
		{"Closed 20–22 January.", "=120 date; =122 date"},
		// Each day with its weekday, the month written once.
		{"Weekend Friday 18 to Sunday 20 December.", "=5 weekday; =1218 date; =7 weekday; =1220 date"},
		{"Fermé vendredi 18 – dimanche 20 décembre.", "=5 weekday; =1218 date; =7 weekday; =1220 date"},
		{"Closed January 20–22.", "=120 date; =122 date"},
		{"Lines 3, 5 May.", "=3 number; =505 date"},
		{"Budget １２，０００ USD.", "=12000 money:USD"},
		{"Marketing spend must not exceed $1.5M.", "<=1.5e+06 money:USD"},
		{"400 mg every 24 hours", "=4.6296296296296296e-06 mass/time"},
		// A unit joined to its number by a hyphen, before a noun.
		{"5-minute slots, a 24-hour soak", "=300 time; =86400 time"},
		// A bound on how often is the other bound on the interval.
		{"Net rounds at least every 20 min.", "<=1200 time"},
		{"Check the pressure at most every 10 minutes.", ">=600 time"},
		{"Nets are checked every 20 minutes at most.", "<=1200 time"},
		{"Proszę sprawdzać sieci w sezonie co najmniej co 20 minut i zapisywać wyniki.", "<=1200 time"},
		{"at least 3 checks every day", ">=3.472222222222222e-05 count/time"},
		// A number word after another word than the bound cue is no value.
		{"Don't archive the model until the new one has served 24 h.", "=86400 time"},
		{"True peak at most minus two dBTP.", "<=-2 number"},
		// Imperial lengths in a summary translated from English.
		{"Tanques de propano a un mínimo de 10 pies de la ventanilla.", ">=3.048 length"},
		{"Die Gasflaschen mindestens 10 Fuß vom Fenster.", ">=3.048 length"},
		// Table cells: a pipe separates values, it joins no range, and a
		// unit of one cell is no bound of the next.
		{"| default | 4 | 2 min | 3 |", "=4 number; =120 time; =3 number"},
		// A time unit without a number right after a bound word is one unit.
		{"Non-members may book at most a week ahead.", "<=604800 time"},
		{"Nečlenové max. týden dopředu.", "<=604800 time"},
		{"Tamu hanya boleh sampai jam 21.00.", "<=1260 clock"}, // the hour word names the time after it, written with a dot
		// "à" is a French function word, no noun a number counts.
		{"Ouvert aux bénévoles le samedi de 14 à 17 h.", "=6 weekday; =840 clock; =1020 clock"},
		// A year written before its date is the date's.
		{"A rakományjegyzéket 2025. március 3-án 16:00-ig be kell küldeni.", "=303 date; <=960 clock"},
		{"We ordered 2025 units on March 3.", "=2025 count; =303 date"},
		// A range of whole hours ending in a time of day starts at one.
		{"Dodávky jen ve středu 14–17 h.", "=3 weekday; =840 clock; =1020 clock"},
		// So does one joined by a range word (lexicon range_words).
		{"Open 10 to 4 pm.", "=600 clock; =960 clock"},
		{"ouvert de 10 à 16 h", "=600 clock; =960 clock"},
		{"version 3 - 17:00 deploy", "=3 number; =1020 clock"},
		// "not earlier than" is "no earlier than": a lead time at most.
		{"Nets open not earlier than half an hour before sunrise.", "<=1800 time"},
		{"Submit not later than 48 hours before the event.", ">=172800 time"},
		{"400 mg per day", "=4.6296296296296296e-06 mass/time"},
		// The period is the second "per"; the first names what each count is for.
		{"Max 6 wheel changes per lift per day.", "<=6.944444444444444e-05 count/time"},
		{"at most 2 GB per user per month", "<=771.604938271605 bytes/time"},
		// A bound written after the count still bounds the rate.
		{"3 deploys at most per day", "<=3.472222222222222e-05 count/time"},
		// A period written in words is the same period.
		{"At most 2 posts per three days.", "<=7.71604938271605e-06 count/time"},
		{"At most 2 posts per 3 days.", "<=7.71604938271605e-06 count/time"},
		{"5 interventions au maximum par jour", "<=5.787037037037037e-05 count/time"},
		// A bound word after one noun the value names bounds the value.
		{"with a 5 GB data cap", "<=5e+09 bytes"},
		{"a 3-worker limit", "<=3 number"},
		{"a 10 GB quota per user", "<=1e+10 bytes"},
		// Day and month with dots and no year, in a language that writes
		// dates so (lexicon day_month_dots); a decimal in English stays one.
		{"Bitte bis zum 18.12. liefern.", "before1218 date"},
		{"pH dropped to 6.5.", "=6.5 number"},
		// An ordinal suffix between a day and its month: one date.
		{"Friday 18th December, 6pm to 10pm", "=5 weekday; =1218 date; =1080 clock; =1320 clock"},
		{"on the 3rd of March", "=303 date"},
		// A time zone after an hour makes it a time of day (units.hcl time_zones).
		{"not between 1 and 4 UTC", "=60 clock; =240 clock"},
		{"Deploys bis 18 MEZ.", "before1080 clock"},
		// A fraction joined by a coordinator and an article adds to the number before it.
		{"at most one and a half hours", "<=5400 time"},
		{"two and a half days", "=216000 time"},
		// A bound after the period a value is counted per is its bound.
		{"Generator: six hours a night at most.", "<=21600 time"},
		{"20 minutes each way at most", "<=1200 time"},
		// "một ngày" after a value is "a day", as in English.
		{"tối đa 4 giờ một ngày", "<=0.16666666666666666 time/time"},
		{"at most 4 hours a day", "<=0.16666666666666666 time/time"},
		// A rate's period written before the value.
		{"每天最多工作4小时", "<=0.16666666666666666 time/time"},
		{"1日あたり最大50,000リクエストまで", "<=0.5787037037037037 count/time"},
		{"every hour, run the check; at most 3 retries", "<=3 count"},
		{"外部 API 呼び出しの上限は1日1万回。", "<=0.11574074074074074 count/time"},
		// A "1" glued before its per word is the rate's denominator, no value.
		{"쿠폰 1장당 최대 할인율: 30%", "<=30 ratio"},
		// A syllable that is a numeral alone opens words too: 사용자 ("user")
		// holds no four.
		{"사용자 1인당 하루 사용 횟수: 최대 3회", "<=3 number"},
		// A time of day after a period word is a time, not a rate.
		{"排行榜每天 22:00 清零。", "=1320 clock"},
		// A period in one word, before or after the value (lexicon periods).
		{"monthly budget up to 150,000 JPY", "<=0.05787037037037037 money:JPY/time"},
		{"max 50,000 requests daily", "<=0.5787037037037037 count/time"},
		{"our daily standup is at 9:30", "=570 clock"},
		// A coordinator ends the search for a period word after a value,
		// and a duration as long as its period is no rate of it.
		{"keep raw events 30 days and the hourly aggregates 13 months", "=2.592e+06 time; =3.3696e+07 time"},
		{"give meloxicam at 0.1 mg/kg once daily and never exceed 0.2 mg/kg", "=1e-07 mass/mass; =1.1574074074074073e-05 count/time; <=2e-07 mass/mass"},
		{"pass €10,000 in a calendar year", "=0.00031709791983764585 money:EUR/time"},
		{"at most 3 in a row", "<=3 number"},
		// A day and a month as ordinals; a numbered list is none.
		{"Náhradní termín 29. 1.; kdo nestihne, zaplatí 800 Kč.", "before129 date; =800 money:CZK"},
		{"Step 1. 2. 3.", "=1 number; =2 number; =3 number"},
		// A deadline word before a lead time bounds it from below.
		{"notify the council no later than 48 hours before the works", ">=172800 time"},
		{"Die Einladung muss spätestens 14 Tage vorher verschickt werden.", ">=1.2096e+06 time"},
		{"bis 30 Minuten", "<=1800 time"},
		// A negation that waits for something ("nothing … until") holds
		// the bound before it as it is.
		{"A quote above £150 means nothing is started until the customer has approved it.", ">=150 money:GBP"},
		{"Claims above £500 are not paid before review.", ">=500 money:GBP"},
		// A purpose's negation is the purpose's, not the bound's.
		{"Keep it under 5 s so that the page doesn't time out.", "<=5 time"},
		// A time cue of several words standing last closes the value
		// before it; a one-word particle there is the verb's.
		{"Amplified music has to end at 10:30 pm at the latest.", "before1350 clock"},
		{"Start at 9:00 at the earliest, please.", "after540 clock"},
		{"Die Frist läuft am 15. Januar 2027 ab.", "=115 date"},
		// An article before a bound word is no value.
		{"los grupos de B2 tienen un máximo de 12 alumnos", "<=12 count"},
		// An article that is the word for one counts nothing before a
		// noun; before a unit it is one of that unit.
		{"honden alleen met een geldig kennelhoestvaccin", ""},
		{"höchstens ein Hund pro Zimmer", "<=1 count"},
		{"Die Spülmaschine läuft eine Stunde.", "=3600 time"},
		// Until an amount is at most it; after one, at least it.
		{"re-entry only after 72 hours", ">=259200 time"},
		// A short word in a script one language writes is that language's.
		{"עד חצי שעה השקיה לכל ערוגה", "<=1800 time"},
		{"The room block closes on 14 March 2027.", "=314 date"},
		{"pin numpy==1.26.4", ""},
		{"Each order must total no more than NT$35,000.", "<=35000 money:TWD"},
		{"每張訂單總額不能超過新台幣 35,000 元。", "<=35000 money:TWD"},
		{"Reklamation, sobald mehr als ein halbes Prozent kaputt ist.", ">=0.5 ratio"},
		{"Der Käse darf höchstens anderthalb Stunden ungekühlt sein.", "<=5400 time"},
		{"Die Probe braucht mindestens zweieinhalb Stunden.", ">=9000 time"},
		{"Zamówienie maksymalnie półtora tygodnia przed terminem.", "<=907200 time"},
		{"Hoogstens anderhalf uur zonder koeling.", "<=5400 time"},
		{"出力 ≦ 50W", "<=50 power"},
		{"予算は1万2千円まで", "<=12000 money:JPY"},
		{"예산은 3만 5천 원까지.", "<=35000 money:KRW"},
		// A scale glued to a word is part of it: 까지만 is "only until".
		{"등록은 18시까지만 받습니다.", "before1080 clock"},
		// A negation does not reach a bound across a time or condition cue
		// that opens the bound's phrase, or across a colon.
		{"Virket får inte levereras förrän fuktkvoten är under 18 %.", "<=18 ratio"},
		{"Must not ship until the error rate is below 2 %.", "<=2 ratio"},
		{"Vanaf maandag: geen bakfietsen in de binnenstad.", "after1 weekday"},
		// A negation whose before/after cue is the bound's own reaches it.
		{"Production index builds may not start before 10 pm.", "after1320 clock"},
		// A comparative ("later than") is a bound a negation turns.
		{"Sista avgången får inte vara senare än 21:15.", "before1275 clock"},
		{"Der Zug darf nicht später als 9:30 fahren.", "before570 clock"},
		// A word that is both an hour and an o'clock reads as hours after
		// an at-most or at-least, as a time of day after before or after.
		{"Tài xế lái liên tục tối đa 4 giờ.", "<=14400 time"},
		{"Xuất bến trước 5 giờ.", "before300 clock"},
		// A minus sign or word before a value puts it below zero; a
		// hyphen between two numbers is a range.
		{"Core storage: ≤ −25 °C at all times.", "<=-25 temperature"},
		{"Peak at most minus two dBTP.", "<=-2 number"},
		{"Batches 41-64 today.", "=41 count"},
		// A consequence ("otherwise …") is not the rule's: its negation
		// turns no bound.
		{"Die Abrechnung muss spätestens am 31. Dezember 2026 zugehen, sonst sind Nachforderungen ausgeschlossen.", "before1231 date"},
		{"You must file by Friday, otherwise nothing is refunded.", "before5 weekday"},
		// A bound word shortened with a period still bounds its number.
		{"Máx. 6 visitas por auxiliar y día.", "<=6 count"},
		// A unit word is read in the text's own language first: год is an
		// hour in Ukrainian, a year in Russian.
		{"конвеєр після ремонту: не більше 800 т/год", "<=222222.22222222222 mass/time"},
		{"Не больше 500 т/год по контракту, это годовой лимит.", "<=15.854895991882293 mass/time"},
		// A currency written with letters and glued to its amount.
		{"Plafon pinjaman maksimal Rp10.000.000 per anggota.", "<=1e+07 money:IDR"},
		// The two ends of a span of hours joined by "and" share its unit.
		{"Nachts zwischen 22 und 6 Uhr höchstens 35 dB(A) am Fenster.", "=1320 clock; =360 clock; <=35 loudness"},
		// A duration in the genitive before its noun.
		{"Prod-klyngen først efter 72 timers fejlfri drift.", "=259200 time"},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := quantsText(r.Read(tt.text)); got != tt.want {
				t.Fatalf("quantities %q, want %q", got, tt.want)
			}
		})
	}
}

// boundText writes a bound as the tables of these tests do: "<=6 count".
func boundText(op string, v float64, unit string) string {
	return op + strconv.FormatFloat(v, 'g', -1, 64) + " " + unit
}

// quantsText writes every quantity of d, "; " between.
func quantsText(d *Doc) string {
	var qs []string
	for _, q := range d.Quants {
		qs = append(qs, boundText(q.Op, q.Value, q.Dim))
	}
	return strings.Join(qs, "; ")
}

func describeAll(d *Doc) []string {
	var out []string
	for _, c := range d.Clauses {
		out = append(out, d.Describe(c))
	}
	return out
}

// TestContainsWholeKeepsNumberedNamesApart: archive_1 is not found in
// archive_12, but is in "archive_1, archive_2".
func TestContainsWholeKeepsNumberedNamesApart(t *testing.T) {
	for _, tt := range []struct {
		s, sub string
		want   bool
	}{
		{"deletebackupsarchive12", "archive1", false},
		{"archive1archive2", "archive1", true},
		{"release2026110", "release20261", false},
		{"legacyorderstable", "legacyorders", true},
	} {
		if got := ContainsWhole(tt.s, tt.sub); got != tt.want {
			t.Errorf("ContainsWhole(%q, %q) = %v, want %v", tt.s, tt.sub, got, tt.want)
		}
	}
}

// TestContainsPartsFindsACompoundWrittenApart: "A100-hours" is kept by
// "A100 GPU-hours"; a part without a letter ("eu-west-1") never matches
// by parts, so a neighbouring region cannot stand in for it.
func TestContainsPartsFindsACompoundWrittenApart(t *testing.T) {
	for _, tt := range []struct {
		sk, name string
		want     bool
	}{
		{"budget400a100gpuhours", "A100-hours", true},
		{"budget400h100gpuhours", "A100-hours", false},
		{"euwest2|1node", "eu-west-1", false},
		{"a100", "a100", false},
	} {
		if got := ContainsParts(tt.sk, tt.name); got != tt.want {
			t.Errorf("ContainsParts(%q, %q) = %v, want %v", tt.sk, tt.name, got, tt.want)
		}
	}
}

// TestReadAskedQuestionSetsNoRule: a negation or bound inside what someone
// asks or complains about is the question's, not a rule; a rule after a
// coordinator in the same sentence still holds.
func TestReadAskedQuestionSetsNoRule(t *testing.T) {
	tests := []struct {
		text string
		want []string // the modality of each clause
	}{
		{"The client keeps asking whether we can't file next week.", []string{""}},
		// A hypothetical is imagined, not set.
		{"Also, hypothetically, if we ever add the Nepal cluster we'd have to never mix their data with ours.", []string{""}},
		// A rule may open with a case it covers: still a rule.
		{"If we ever lose the primary, never fail over by hand.", []string{MustNot}},
		{"Gdyby build się nie udał, nie wdrażaj.", []string{MustNot, MustNot}},
		{"Der Mandant fragt, ob wir nicht schon nächste Woche einreichen können.", []string{""}},
		{"Le laitier demande si on ne reprend pas les 400 litres en décembre.", []string{""}},
		{"客户又打电话，问能不能报低一点。", []string{""}},
		{"He asks whether we can ship Friday, but never ship without QA.", []string{MustNot}},
		{"The client said we must not call after 18:00.", []string{Limit}},
		{"Never deploy on Fridays.", []string{MustNot}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := modalities(d)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("modalities %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadNeutralPhrasesCarryNoCue: "not sure", "non so", "just in case"
// hold a cue word and restrict nothing.
func TestReadNeutralPhrasesCarryNoCue(t *testing.T) {
	tests := []struct{ text, want string }{
		{"I'm not sure the batch finished.", ""},
		{"Il commerciale ha promesso la consegna per venerdì e non so più cosa dirgli.", ""},
		{"Bring two spare batteries for W-9 just in case.", ""},
		{"I don't know why, but never deploy on Fridays.", MustNot},
		{"Pani Ewa zwykle odpisuje wieczorem, więc się nie stresuj.", ""},
		{"Don't worry, the batch will finish tonight.", ""},
		{"That might not clear out the old session files.", ""},
		{"It may or may not clear the cache.", ""},
		{"Keep one that still boots.", ""},
		// What is not decided yet sets nothing; a rule beside it still does.
		{"Lone foreslog, at vi kunne stille gløggen op på parkeringspladsen, men det har vi ikke besluttet noget om.", ""},
		{"Le chef voudrait qu'on joue samedi, mais rien n'est décidé.", ""},
		{"Maya suggested a second runner, but nothing is decided.", ""},
		{"Nothing is decided about the runner, but never deploy on Fridays.", MustNot},
		// Sitting on hold is endured, not a freeze set.
		{"I sat on hold with their support for 40 minutes.", ""},
		{"Deploys are on hold for two weeks.", MustNot},
		// "Just" before a past verb is "a moment ago", not "only".
		{"Just had the landlord on the phone again about the bins.", ""},
		{"Just read the logs.", Only},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if got := lastModality(d); got != tt.want {
				t.Errorf("modality %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadFailedReviewIsAFailure: a review or check that did not pass
// is a failed attempt in every language's lexicon, not only an error.
func TestReadFailedReviewIsAFailure(t *testing.T) {
	r := reader(t)
	for _, text := range []string{"状态: 审核未通过", "審査に通らなかった", "The build failed: missing licence.", "The Lightdash deploy did not go through: the access token expired."} {
		d := r.Read(text)
		failed := false
		for _, c := range d.Clauses {
			failed = failed || c.Modality == Failed
		}
		if !failed {
			t.Errorf("%q: no failure read: %v", text, describeAll(d))
		}
	}
}

func TestWritesDateReadsDayAndMonthInEitherOrder(t *testing.T) {
	for _, tt := range []struct {
		text string
		date float64
		want bool
	}{
		{"14.11", 1114, true},
		{"14.11.", 1114, true},
		{"11.14", 1114, true},
		{"14.11", 1411, false}, // no month 14
		{"4.5", 1114, false},
		{"3.14159", 1114, false},
		{"14/11", 1114, false}, // a slash reads as an id, not a number
	} {
		if got := WritesDate(tt.text, tt.date); got != tt.want {
			t.Errorf("WritesDate(%q, %v) = %v, want %v", tt.text, tt.date, got, tt.want)
		}
	}
}

func TestReadKeepsAConcessionOutOfTheRule(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(lex)
	for _, text := range []string{
		"Don't touch studies signed by Dr. Okonkwo, even if the auto-score looks off.",
		"Ändere die Tabelle nicht, auch wenn der Test rot ist.",
		"Ne modifie pas la table, même si le test échoue.",
	} {
		d := r.Read(text)
		if len(d.Clauses) == 0 || d.Clauses[0].Modality != MustNot {
			t.Fatalf("%q: no prohibition read", text)
		}
		if c := d.Clauses[0]; c.Condition != nil {
			t.Errorf("%q: the concession became a condition %q", text, text[d.Toks[c.Condition.I].Start:d.Toks[c.Condition.J-1].End])
		}
	}
	// A real condition stays one.
	d := r.Read("Don't touch the table if the test is red.")
	if len(d.Clauses) == 0 || d.Clauses[0].Condition == nil {
		t.Errorf("a condition was lost")
	}
}

// TestReadNotUntilIsOnly: "først når", "erst nach", "pas als" (not until,
// only once) restrict as "only" does; "først" alone is "first".
func TestReadNotUntilIsOnly(t *testing.T) {
	r := reader(t)
	tests := []struct{ text, want string }{
		{"Afstemning om vedligeholdelsesplanen først når revisors beretning er sendt ud.", Only},
		{"Deploy erst nach dem Review.", Only},
		{"Uitrollen pas als de tests groen zijn.", Only},
		{"Først kommer kaffen, så mødet.", ""},
	}
	for _, tt := range tests {
		d := r.Read(tt.text)
		got := ""
		for _, c := range d.Clauses {
			if c.Modality != "" {
				got = c.Modality
			}
		}
		if got != tt.want {
			t.Errorf("%q: modality %q, want %q: %v", tt.text, got, tt.want, describeAll(d))
		}
	}
}

// TestReadANegativeWordSaidOfSomethingNegatesTheClause: "untranslated"
// said of something forbids translating it, and keeps "translat" among
// the clause's words; the same word before the thing it names, or quoted
// as a name, is a plain word.
func TestReadANegativeWordSaidOfSomethingNegatesTheClause(t *testing.T) {
	tests := []struct {
		text, modality string
		stem           string // a stem the clause must hold
	}{
		{"Scarpia's Te Deum lines stay in Latin, untranslated.", MustNot, "translat"},
		{"Changes uncommitted on feature/x.", MustNot, "commit"},
		{"Uncleaned tank wagons only on track 7.", Only, "unclean"},
		{`Changelog entries under "Unreleased".`, "", "unreleas"},
		{"The kitchen stays free of nuts all day.", MustNot, "nut"},
		{"Delivery is free of charge.", "", "deliveri"},
		// English set phrases read in another language's text; its short
		// words do not ("No final" is Portuguese).
		{"La cartella `src/pages/legal/` è off-limits, la cura lo studio legale.", MustNot, "legal"},
		{"No final, faça commit do arquivo .env e da pasta de segredos.", "", "commit"},
		// A failure word that names a kind of thing reports no failure.
		{"Tail sampling keeps all error traces.", "", "trace"},
		{"The upload failed with an error.", Failed, "upload"},
		{"Error connecting to the database.", Failed, "connect"},
		// A negation word opening a sentence names a kind when a word of
		// content and more follow it; opening a heading it restricts.
		{"Frozen items out at most 30 minutes, then back into the freezer.", Limit, "item"},
		{"Frozen branches: release/3.8 and main.", MustNot, "branch"},
		// A summary's way to keep a declined offer or a closed area.
		{"The user declined the offer to push the branch.", MustNot, "push"},
		{"The farmland shaded purple is strictly out of bounds.", MustNot, "farmland"},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) != 1 {
				t.Fatalf("%d clauses: %v", len(d.Clauses), describeAll(d))
			}
			c := d.Clauses[0]
			if c.Modality != tt.modality || !slices.Contains(c.Main.Stems, tt.stem) {
				t.Fatalf("got %v, want modality %q and stem %q", describeAll(d), tt.modality, tt.stem)
			}
		})
	}
}

// TestReadARuleToldAsHistoryBindsNoOne: a rule told after a word that
// places it in a past that no longer holds (lexicon list "former") has no
// modality; one after a coordinator, or after a word of what holds now,
// binds, and a bound phrase holding the same word is a bound.
func TestReadARuleToldAsHistoryBindsNoOne(t *testing.T) {
	tests := []struct {
		text     string
		modality []string // of each clause, in order
	}{
		{"Früher hatten wir übrigens die Regel, dass wir Patienten über 80 nicht anrufen.", []string{""}},
		{"Our old director used to insist that every show be under 30 minutes.", []string{""}},
		{"Vroeger hadden we de regel dat vrouwen niet na middernacht reden.", []string{""}},
		{"Колега каже, що раніше було правило публікувати рішення тільки через 30 днів.", []string{""}},
		{"We used to deploy daily, and we never will again on Fridays.", []string{MustNot}},
		{"Früher bis 22 Uhr, jetzt nie nach 20 Uhr.", []string{"", Limit}},
		{"Nicht früher als 8 Uhr anfangen.", []string{Limit}},
		{"Never deploy on Fridays.", []string{MustNot}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := modalities(d)
			if !slices.Equal(got, tt.modality) {
				t.Errorf("modalities %q, want %q: %v", got, tt.modality, describeAll(d))
			}
		})
	}
}

// TestReadANegationBeforeAValueIsTheValuesOrTheClauses: a negation
// just before a value rules the value out when the value ends its phrase
// or the negation stands inside the clause; one that opens the clause
// before a value the clause goes on from negates the clause.
func TestReadANegationBeforeAValueIsTheValuesOrTheClauses(t *testing.T) {
	tests := []struct{ text, modality string }{
		{"No 2.3.x release gets yanked.", MustNot},
		{"- No 3 people share a room.", MustNot},
		{"The price is £1,200, not £1,800.", ""},
		{"Wait 6 minutes, not 4.", ""},
		{"Wait 6 minutes, not four.", ""},
		{"Parodontitis-Patienten doch alle vier Monate, nicht drei.", ""},
		{"I'm not 100% sure it started with an e.", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 || d.Clauses[0].Modality != tt.modality {
				t.Fatalf("got %v, want modality %q", describeAll(d), tt.modality)
			}
		})
	}
}

// TestReadATopicThatNamesRulesHoldsItsOwnValues: the opening of a
// sentence before its colon that names rules is its topic even when it
// holds values ("Rules for the fair (11–13 Dec): …"): they date the topic,
// and the rule after the colon is bound by its own values only.
func TestReadATopicThatNamesRulesHoldsItsOwnValues(t *testing.T) {
	tests := []struct{ text, want string }{
		{"House rules for the fair (11–13 Dec): fryer off by 11:30 pm.", "before1410 clock"},
		{"Riepiloghiamo le regole per la sagra (11–13 dicembre): friggitrice spenta entro le 23:30;", "<=1410 clock"},
		// A long opening is a topic when it names rules.
		{"For the winter race on Sunday 13 December, the rules from the chair Chen Lei: under-12s must be accompanied by an adult.", "<=12 number"},
		// The full-width colon of scripts written without spaces opens
		// the rule although the rule is glued to it.
		{"周日（12月13日）的冬季积分赛，俱乐部主席陈磊定的规矩：12岁以下的选手必须有成人陪同。", "<=12 number"},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			c := d.Clauses[0]
			if c.Topic == nil || len(c.Main.Quants) != 1 {
				t.Fatalf("got %v, want a topic and one bound", describeAll(d))
			}
			if q := d.Quants[c.Main.Quants[0]]; fmt.Sprintf("%s%g %s", q.Op, q.Value, q.Dim) != tt.want {
				t.Fatalf("got %v, want a topic and the one bound %q", describeAll(d), tt.want)
			}
		})
	}
}

// TestReadALongOpeningWithoutRulesIsNoTopic: past a few words, only an
// opening that names rules is cut off as a topic; a long sentence with a
// colon keeps its names in the rule.
func TestReadALongOpeningWithoutRulesIsNoTopic(t *testing.T) {
	d := reader(t).Read("The roof repair invoice we sent to the client in Leeds after the big storm last week: never quote more than £400.")
	if c := d.Clauses[0]; c.Topic != nil {
		t.Fatalf("got %v, want no topic: the opening's names stay in the rule", describeAll(d))
	}
}

// TestReadADandaEndsAClause: the Devanagari danda ends a sentence, so a
// rule after a sentence of context is read on its own.
// TestReadATimeWithoutItsHalfOfTheDayIsOpen: "7:30" alone could be
// morning or evening; a marker, a clock word or a leading zero closes it.
func TestReadATimeWithoutItsHalfOfTheDayIsOpen(t *testing.T) {
	tests := []struct {
		text string
		open bool
	}{
		{"Doors at 7:30.", true},
		{"Doors at 07:30.", false},
		{"Doors at 7:30 pm.", false},
		{"Doors at 7:30 am.", false},
		{"Doors at 19:30.", false},
		{"Doors at 12:45.", true},
		{"Doors at 0:30.", false},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Quants) != 1 || d.Quants[0].Dim != DimClock {
				t.Fatalf("quantities %+v, want one time of day", d.Quants)
			}
			if d.Quants[0].HalfDay != tt.open {
				t.Errorf("HalfDay = %v, want %v", d.Quants[0].HalfDay, tt.open)
			}
		})
	}
}

// TestReadTheHalfOfTheDayAfterTheClockWord: "um 2 Uhr nachmittags" is
// 14:00; the half of the day may follow the clock word as well as the
// number.
func TestReadTheHalfOfTheDayAfterTheClockWord(t *testing.T) {
	tests := []struct {
		text    string
		minutes float64
	}{
		{"Ab Samstag sperren wir erst um 2 Uhr nachmittags zu.", 14 * 60},
		{"Anlieferung um 8 Uhr morgens.", 8 * 60},
		{"Anlieferung um 14 Uhr.", 14 * 60},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			var got []float64
			for _, q := range d.Quants {
				if q.Dim == DimClock {
					got = append(got, q.Value)
				}
			}
			if len(got) != 1 || got[0] != tt.minutes {
				t.Errorf("times of day %v (minutes), want [%v]", got, tt.minutes)
			}
		})
	}
}

// TestReadADeadlineWordBoundsItsDate: a noun that names a deadline
// ("määräpäivä", "Abgabefrist", "lhůta") makes the date after it a time
// bound, as "deadline" does.
func TestReadADeadlineWordBoundsItsDate(t *testing.T) {
	tests := []string{
		"Hakemusten määräpäivä on sunnuntai 31.1.2027.",
		"Die Abgabefrist ist der 31.1.2027.",
		"Přihlášky: lhůta 31.1.2027.",
	}
	r := reader(t)
	for _, text := range tests {
		t.Run(text, func(t *testing.T) {
			d := r.Read(text)
			ok := false
			for _, q := range d.Quants {
				ok = ok || q.Dim == DimDate && q.Op == OpBefore
			}
			if !ok {
				t.Errorf("quantities %+v, want a date bounded before", d.Quants)
			}
		})
	}
}

// TestReadARangeOfDatesBoundsNeitherEnd: a range word between two dates
// ("14. bis 24. Dezember") joins them; alone before a date ("bis 24.
// Dezember") it bounds it.
func TestReadARangeOfDatesBoundsNeitherEnd(t *testing.T) {
	tests := []struct {
		text string
		want []string // op of each date or time of day
	}{
		{"Dienstplan für die Weihnachtswochen, 14. bis 24. Dezember.", []string{OpEq, OpEq}},
		{"Abgabe bis 24. Dezember.", []string{OpBefore}},
		{"Ticket 4471 bis 31.12. schließen.", []string{OpBefore}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			for _, q := range r.Read(tt.text).Quants {
				if q.Dim == DimDate || q.Dim == DimClock {
					got = append(got, q.Op)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ops %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReadASlashListNamesEachThing: "P3/P4" names two things of one
// shape, as "P3 or P4" does; a path's parts differ and stay one name.
func TestReadASlashListNamesEachThing(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Only P3/P4 alarms qualify.", []string{"P3", "P4"}},
		{"No P3/P4 pages at night.", []string{"P3", "P4"}},
		{"Build for x86/arm64 only.", []string{"x86", "arm64"}},
		{"Never edit src/main.go.", []string{"src/main.go"}},
		{"Deploy from deploy/prod-1 only.", []string{"deploy/prod-1"}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			var got []string
			for _, c := range d.Clauses {
				for _, o := range c.Main.Objects {
					got = append(got, o.Text)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("objects %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReadAClassPeriodIsNoTimeOfDay: "2時限" counts class periods; the
// clock cue inside the word does not make it 2 o'clock.
func TestReadAClassPeriodIsNoTimeOfDay(t *testing.T) {
	r := reader(t)
	d := r.Read("技能教習は1日最大2時限まで。")
	for _, q := range d.Quants {
		if q.Dim == DimClock {
			t.Errorf("read a time of day %+v in a count of class periods", q)
		}
	}
	// "17時限り" is until 17:00, whatever "時限" reads as.
	clock := false
	for _, q := range r.Read("受付は17時限りで終了します。").Quants {
		clock = clock || q.Dim == DimClock && q.Value == 17*60
	}
	if !clock {
		t.Error("17時限り: no time of day 17:00")
	}
}

// TestReadAnAfternoonTimeCarriesItsHalfToTheNext: a time with no half of
// its own after an afternoon time in the same sentence is in the
// afternoon when that keeps the order; a night range is left alone.
func TestReadAnAfternoonTimeCarriesItsHalfToTheNext(t *testing.T) {
	tests := []struct {
		text string
		want []float64 // minutes after midnight
	}{
		{"教室は午後2時から4時まで。", []float64{14 * 60, 16 * 60}},
		{"Call time 6:15 pm for a 7:30 start.", []float64{18*60 + 15, 19*60 + 30}},
		{"Quiet from 7 pm until 6:30.", []float64{19 * 60, 6*60 + 30}},
		{"Doors at 6 pm. Breakfast at 8:00.", []float64{18 * 60, 8 * 60}},
		{"From 19:00 to 7:30 the gate stays shut.", []float64{19 * 60, 7*60 + 30}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []float64
			for _, q := range r.Read(tt.text).Quants {
				if q.Dim == DimClock {
					got = append(got, q.Value)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("times %v, want %v", got, tt.want)
			}
		})
	}
}

// TestReadAMonthNamedAloneIsTheWholeMonth: after a preposition and
// before no noun, a month's name is a date of the whole month, as "3月"
// is; a short name may be a word ("may"), and one before a noun names
// the noun.
func TestReadAMonthNamedAloneIsTheWholeMonth(t *testing.T) {
	tests := []struct {
		text string
		want []float64
	}{
		{"Repotting happens in March and no other month.", []float64{300}},
		{"植え替えは3月だけ", []float64{300}},
		{"Le rempotage se fait en mars.", []float64{300}},
		{"Finance reconciles until the January close.", nil},
		{"You may not repot in May.", nil},
		{"Repot by 15 March.", []float64{315}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []float64
			for _, q := range r.Read(tt.text).Quants {
				if q.Dim == DimDate {
					got = append(got, q.Value)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("dates %v, want %v", got, tt.want)
			}
		})
	}
}

// TestReadAMonthNameTakesTheTextsLanguage: "listopada" is November in
// Polish and Czech and October in Croatian; the text's main language
// says which.
func TestReadAMonthNameTakesTheTextsLanguage(t *testing.T) {
	tests := []struct {
		text string
		want float64
	}{
		{"Termin złożenia dokumentów upływa 14 listopada, a po tym terminie nie przyjmujemy już żadnych wniosków.", 1114},
		{"Rok za predaju zahtjeva je 14. listopada, ne kasnije od toga.", 1014},
	}
	r := reader(t)
	for _, tt := range tests {
		var got []float64
		for _, q := range r.Read(tt.text).Quants {
			if q.Dim == DimDate {
				got = append(got, q.Value)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%q: dates %v, want [%v]", tt.text, got, tt.want)
		}
	}
}

// TestReadDaysThatShareAMonthTakeIt: a run of days writes its month once,
// with or without each day's weekday between them.
func TestReadDaysThatShareAMonthTakeIt(t *testing.T) {
	tests := []struct {
		text string
		want []float64
	}{
		{"Show: Sat 9 & Sun 10 Jan.", []float64{109, 110}},
		{"Show on 9–10 January.", []float64{109, 110}},
		{"Show on 9 and 10 January.", []float64{109, 110}},
		{"Rota for 14 to 24 December.", []float64{1214, 1224}},
		{"Lot 9, then 10 January.", nil},
	}
	r := reader(t)
	for _, tt := range tests {
		var got []float64
		for _, q := range r.Read(tt.text).Quants {
			if q.Dim == DimDate {
				got = append(got, q.Value)
			}
		}
		if tt.want == nil {
			if len(got) != 1 {
				t.Errorf("%q: dates %v, want only 10 January", tt.text, got)
			}
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%q: dates %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestNamesMonthFindsAMonthBeforeANoun: "the January term" names the
// month of a rule read as January, though it holds no date.
func TestNamesMonthFindsAMonthBeforeANoun(t *testing.T) {
	d := reader(t).Read("Lingua Viva, January term: B2 groups hold 12 students.")
	if !d.NamesMonth(0, len(d.Toks), 100) {
		t.Error("NamesMonth(January) = false, want true")
	}
	if d.NamesMonth(0, len(d.Toks), 200) {
		t.Error("NamesMonth(February) = true, want false")
	}
	if d.NamesMonth(0, len(d.Toks), 115) {
		t.Error("NamesMonth(15 January) = true, want false: a day is no whole month")
	}
}

// TestMonthAboveReadsTheHeadingsAndTitleOverAClause: a heading or the
// text's title names the month of the lines under it, however far down;
// a line of text above does not, nor another month.
func TestMonthAboveReadsTheHeadingsAndTitleOverAClause(t *testing.T) {
	tests := []struct {
		text string
		date float64
		want bool
	}{
		{"Cal Pere, January calçotadas\n\nRules:\n- Terrace: at most 40 a group.", 100, true},
		{"## January term\n\nSome notes first.\n\nB2 groups: max 12 students.", 100, true},
		{"Cal Pere, January calçotadas\n\nRules:\n- Terrace: at most 40 a group.", 400, false},
		{"We met in January and talked.\nB2 groups: max 12 students.", 100, false},
		{"Cal Pere, January calçotadas.\n\nB2 groups: max 12 students.", 100, false}, // a sentence, no title
	}
	for _, tt := range tests {
		d := reader(t).Read(tt.text)
		last := len(d.Clauses) - 1
		if got := d.MonthAbove(last, tt.date) >= 0; got != tt.want {
			t.Errorf("%q: MonthAbove(%v) = %v, want %v", tt.text, tt.date, got, tt.want)
		}
	}
}

// TestDayAboveReadsTheOpeningLineAndHeadingsOverAClause: the date of
// the event a summary is about, written in its opening line (a sentence or
// not) or a heading, dates each line under it; a line in the body does
// not, nor another date.
func TestDayAboveReadsTheOpeningLineAndHeadingsOverAClause(t *testing.T) {
	tests := []struct {
		text string
		dim  string
		date float64
		want bool
	}{
		{"Nusfjord Rorbuer, weekend Friday 18 to Sunday 20 December.\n\n| Haugen family | Rorbu 3 |", DimDate, 1218, true},
		{"## Sat 19 December\n\nSome notes first.\n\nHall B: at most 40 guests.", DimDate, 1219, true},
		{"Nusfjord Rorbuer, weekend Friday 18 to Sunday 20 December.\n\n| Haugen family | Rorbu 3 |", DimDate, 1219, false},
		{"Notes.\n\nWe met on 18 December and talked.\nHall B: at most 40 guests.", DimDate, 1218, false},
		// A weekday, as a date: the event's day at the top.
		{"**Gara sociale — sabato 12/12**\n\n| Idoneità | solo chi ha un certificato medico |", DimWeekday, 6, true},
		{"**Gara sociale — sabato 12/12**\n\n| Idoneità | solo chi ha un certificato medico |", DimWeekday, 7, false},
		{"Notes.\n\nWe met on Saturday and talked.\nHall B: at most 40 guests.", DimWeekday, 6, false},
	}
	for _, tt := range tests {
		d := reader(t).Read(tt.text)
		last := len(d.Clauses) - 1
		if got := d.DayAbove(last, tt.dim, tt.date) >= 0; got != tt.want {
			t.Errorf("%q: DayAbove(%v) = %v, want %v", tt.text, tt.date, got, tt.want)
		}
	}
}

// TestReadAWithoutThatOpensASentenceForbids: "Sem saltos de versão major"
// is "no major version jumps"; mid-sentence, before a clause of its own
// or before a negation of its own, "without" stays a condition.
func TestReadAWithoutThatOpensASentenceForbids(t *testing.T) {
	tests := []struct {
		text string
		want string // the last clause's modality
	}{
		{"Sem saltos de versão major — passar por 28, com um occ upgrade para cada.", MustNot},
		{"Lista:\n- Sem saltos de versão major.", MustNot},
		{"- Ohne Zucker.", MustNot},
		{"Without the cache, builds take 20 minutes.", ""},
		{"Without approval, never deploy to prod.", MustNot},
		{"We deployed without approval yesterday.", ""},
		{"Без сахара для детей.", MustNot},
		// "No exceptions" alone only insists on the rule before it
		// (lexicon `stress`); with words of its own it forbids.
		{"- Ohne Ausnahme.", ""},
		{"Без исключений для подрядчиков.", MustNot},
		{"Never deploy on Friday, no exceptions.", MustNot}, // one rule, not a second one
		{"No exceptions for admins.", MustNot},
		{"No exception may escape the request handler.", MustNot},
		{"Keine Ausnahmen: niemand deployt freitags.", MustNot},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 || d.Clauses[len(d.Clauses)-1].Modality != tt.want {
				t.Errorf("clauses %v, want the last %q", describeAll(d), tt.want)
			}
		})
	}
}

func TestReadADandaEndsAClause(t *testing.T) {
	d := reader(t).Read("रस्म 17 दिसंबर को है, 150 मेहमान। रात 10 बजे के बाद डीजे नहीं बजेगा।")
	if len(d.Clauses) < 2 || len(d.Clauses[len(d.Clauses)-1].Main.Quants) != 1 {
		t.Fatalf("clauses %v, want the rule alone with its one bound", describeAll(d))
	}
}

// TestReadANegatedVerbOfARuleIsNoFailure: "do not ride after 5 pm" is a
// rule in every language; a lexicon's failure cues must not hold a
// negated verb that also forbids ("không chạy" is both "does not run" and
// "do not ride").
func TestReadANegatedVerbOfARuleIsNoFailure(t *testing.T) {
	for _, text := range []string{
		"Company rules: do not ride after 5 pm.",
		"Quy định của công ty: không chạy sau 17h.",
	} {
		t.Run(text, func(t *testing.T) {
			d := reader(t).Read(text)
			if len(d.Clauses) != 1 || d.Clauses[0].Modality != Limit {
				t.Fatalf("got %v, want one limit", describeAll(d))
			}
		})
	}
}

// TestReadACapitalMakesANameUnlessTheLanguageCapitalisesNouns: in a
// short rule whose function words tell its language, a capitalised word
// inside the sentence is a name, in Cyrillic as in Latin script; German,
// which capitalises every noun, reads none.
func TestReadACapitalMakesANameUnlessTheLanguageCapitalisesNouns(t *testing.T) {
	tests := []struct{ text, name string }{
		{"Никогда не ставь Галину на ночные смены.", "галину"},
		{"Гастролі в Кракові, 10–12 грудня.", "кракові"},
		{"Never put Halyna on night shifts.", "halyna"},
		{"Die Nachtschicht übernimmt nie die Auszubildende.", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := ""
			for _, o := range d.Clauses[0].Main.Objects {
				if o.Type == ObjName {
					got = o.Norm
				}
			}
			if got != tt.name {
				t.Fatalf("name %q, want %q: %v", got, tt.name, describeAll(d))
			}
		})
	}
}

// TestReadAShortWeekdayInLowerCaseAmongWordsIsAWord: "sat", "mer", "zo"
// are words of their languages; a weekday's short form is one when
// capitalised or written beside a date or a time.
func TestReadAShortWeekdayInLowerCaseAmongWordsIsAWord(t *testing.T) {
	tests := []struct {
		text     string
		weekdays int
	}{
		{"I sat on hold with their support.", 0},
		{"Closed Sat and Sun.", 2},
		{"no deploys sat 19 or sun 20", 2},
		{"Fermé le mer. 16/12.", 1},
		{"On regarde la mer calme.", 0},
		{"no deploys sat", 1},
		{"closed on sat and sun", 2},
		{"We deploy on mon.", 1},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			n := 0
			for _, q := range d.Quants {
				if q.Dim == DimWeekday {
					n++
				}
			}
			if n != tt.weekdays {
				t.Fatalf("%d weekdays, want %d: %v", n, tt.weekdays, describeAll(d))
			}
		})
	}
}

// TestReadAnOutlineNumberIsALabel: "4.1" first on its line, before a
// capitalised word, numbers an item of a document; it is neither a value
// nor a name, and the word after it opens the sentence.
func TestReadAnOutlineNumberIsALabel(t *testing.T) {
	r := reader(t)
	d := r.Read("Freezer policy\n4.1 Samples must not be outside the freezer for more than 3 minutes.\n4.2.1 Transfers are done by two staff.")
	for _, q := range d.Quants {
		if q.Dim == DimNumber || q.Dim == DimCount && q.Value < 5 && q.Value != 2 {
			t.Errorf("value %q read from an outline number: %v", q.Text, describeAll(d))
		}
	}
	for _, c := range d.Clauses {
		for _, o := range c.Main.Objects {
			if o.Text == "Samples" || strings.HasPrefix(o.Text, "4.") {
				t.Errorf("name %q read from an outline item: %v", o.Text, describeAll(d))
			}
		}
	}
	if d := r.Read("1.5 Hours max per session."); len(d.Quants) != 1 || d.Quants[0].Dim != DimTime {
		t.Errorf("a value before its unit is no label: %v", describeAll(d))
	}
}

// TestReadANegationOfARelativeClauseSetsNoRule: "the members who did not
// sign" names which members; a rule's own negation beside it, or a
// pronoun that opens its sentence ("Der må ikke ryges"), still forbids.
func TestReadANegationOfARelativeClauseSetsNoRule(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Remind the 3 members who did not sign the form.", ""},
		{"Send en mail til de 5 hold, der ikke har betalt.", ""},
		{"Schick eine Mail an die Teams, die nicht bezahlt haben.", ""},
		{"Anything which isn't reviewed must not be merged.", MustNot},
		{"Members who have no badge must not enter.", MustNot},
		{"Spillere, der ikke må spille, bliver hjemme.", MustNot},
		{"Use the old cluster, which must not be restarted.", MustNot},
		{"Der må ikke ryges i hallen.", MustNot},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if got := lastModality(d); got != tt.want {
				t.Errorf("modality %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadAnEstimateIsNoRequiredValue: "about 40 minutes", "~410M rows"
// are what someone measured or guessed; a bound is the rule's, however
// it is hedged.
func TestReadAnEstimateIsNoRequiredValue(t *testing.T) {
	tests := []struct {
		text     string
		required int
	}{
		{"The call lasted about 40 minutes.", 0},
		{"The shipments table has ~410M rows.", 0},
		{"Der Termin dauert etwa 3 Stunden.", 0},
		{"Keep the call under 40 minutes.", 1},
		{"Keep it under about 5 minutes.", 1},
		{"Do not deploy around 17:00.", 1},
		{"Office hours 9:00~17:00, no calls outside them.", 2},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			n := 0
			for _, c := range d.Clauses {
				n += len(d.Required(c.Main.Quants))
			}
			if n != tt.required {
				t.Fatalf("%d required values, want %d: %v", n, tt.required, describeAll(d))
			}
		})
	}
}

// TestReadAnAbbreviationEndsNoClause: the dot of a shortened word ("incl.",
// "inkl.", "máx.") is no sentence end, so what follows stays in its rule.
func TestReadAnAbbreviationEndsNoClause(t *testing.T) {
	tests := []string{
		"Core storage: ≤ −25 °C at all times, incl. logging.",
		"Bestand höchstens 40 Paletten, inkl. Leergut.",
		"Carga máx. 300 kg por palé, excl. la tara.",
		"Nenhum azulejo do séc. XVIII sai da parede sem autorização.",
		"No se aparca en la av. Constitución entre las 8 y las 10.",
		"Charge ≤ 500 kg par point, coeff. de sécurité 10:1 sur chaque élingue.",
	}
	r := reader(t)
	for _, text := range tests {
		t.Run(text, func(t *testing.T) {
			if d := r.Read(text); len(d.Clauses) != 1 {
				t.Fatalf("clauses %v, want one", describeAll(d))
			}
		})
	}
}

// TestReadAHeadingThatNamesRulesMakesItsListRules: a summary lists rules
// under "Constraints:" or "Règles :" without a modal word in each item;
// the heading (or a short topic before a colon) makes each a rule, and
// says which clause lent it. A sentence about a rule lends nothing.
func TestReadAHeadingThatNamesRulesMakesItsListRules(t *testing.T) {
	tests := []struct {
		text string
		want []string // modality per clause
		lent []int    // LentBy per clause
	}{
		{"Constraints:\n- cron schedule at 11:30 UTC\n- dates in the customer's timezone", []string{"", Must, Must}, []int{-1, 0, 0}},
		{"Parcs — règles :\n- arrosage le soir\n- pièges à bière", []string{"", Must, Must}, []int{-1, 0, 0}},
		{"Constraints: cron unchanged at 11:30 UTC; dates in the customer's timezone.", []string{Must, Must}, []int{-1, 0}},
		{"Constraints: cron unchanged at 11:30 UTC. Top 3 sent today.", []string{Must, ""}, []int{-1, -1}},
		{"Status:\n- cron at 11:30 UTC", []string{"", ""}, []int{-1, -1}},
		{"Actually, you can drop that restriction now: edit feature_flags again.", []string{""}, []int{-1}},
		{"| Constraint | Status |\n|---|---|\n| MSRV 1.74 | tests pass |\n| flag spelled as before | kept |", []string{"", Must, Must}, []int{-1, 0, 0}},
		{"| Step | Status |\n|---|---|\n| MSRV 1.74 | tests pass |", []string{"", ""}, []int{-1, -1}},
		{"**Booking rules**\n- Fitting = one hour.\n- Wax check a week before", []string{"", Must, Must}, []int{-1, 0, 0}},
		{"## Rules\n\n- cron at 11:30 UTC", []string{"", Must}, []int{-1, 0}},
		{"**Status**\n- cron at 11:30 UTC", []string{"", ""}, []int{-1, -1}},
		{"| Constraint | Status |\n| MSRV 1.74 | tests pass |", []string{"", ""}, []int{-1, -1}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) != len(tt.want) {
				t.Fatalf("clauses %v, want %d", describeAll(d), len(tt.want))
			}
			for i, c := range d.Clauses {
				if c.Modality != tt.want[i] || d.LentBy(i) != tt.lent[i] {
					t.Errorf("clause %d %s: lent by %d, want %q lent by %d", i, d.Describe(c), d.LentBy(i), tt.want[i], tt.lent[i])
				}
			}
		})
	}
}

// TestReadSectionsOpenAtEveryHeading: a heading of any topic starts a
// section (a Markdown heading line, a bold line, a line ending in a
// colon); a list item or a sentence does not.
func TestReadSectionsOpenAtEveryHeading(t *testing.T) {
	tests := []struct {
		text string
		want []bool // OpensSection per clause
	}{
		{"## The bar\n- Wine: £12 a bottle.", []bool{true, false}},
		{"**Status**\n- cron at 11:30 UTC", []bool{true, false}},
		{"Status:\n- cron at 11:30 UTC", []bool{true, false}},
		{"Doors open at 7:30 pm. Tickets are £12.", []bool{false, false}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) != len(tt.want) {
				t.Fatalf("clauses %v, want %d", describeAll(d), len(tt.want))
			}
			for i := range d.Clauses {
				if d.OpensSection(i) != tt.want[i] {
					t.Errorf("clause %d %s: opens a section = %v, want %v", i, d.Describe(d.Clauses[i]), d.OpensSection(i), tt.want[i])
				}
			}
		})
	}
}

// TestReadRulesOutANameAfterANegationAndItsPreposition: "X, never in Y"
// rules Y out whatever kind of name X is (in backticks or bare); the
// only name of a prohibition is the rule's, not ruled out.
func TestReadRulesOutANameAfterANegationAndItsPreposition(t *testing.T) {
	tests := []struct {
		text    string
		negated map[string]bool
	}{
		{"Keep rules go in the module's `consumer-rules.pro`, never in app/proguard-rules.pro.", map[string]bool{"consumer-rules.pro": false, "app/proguard-rules.pro": true}},
		{"Keep rules live in consumer-rules.pro, not app/proguard-rules.pro.", map[string]bool{"consumer-rules.pro": false, "app/proguard-rules.pro": true}},
		{"Never write to app/proguard-rules.pro.", map[string]bool{"app/proguard-rules.pro": false}},
		// The preposition between them is a stopword of its language.
		{"Le PR vanno aperte verso `sviluppo`, non verso `main`.", map[string]bool{"sviluppo": false, "main": true}},
		{"Open PRs towards `develop`, not towards `main`.", map[string]bool{"develop": false, "main": true}},
		{"Push to `develop`, not to `main`.", map[string]bool{"develop": false, "main": true}},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			found := 0
			for _, c := range d.Clauses {
				for _, o := range c.Main.Objects {
					want, ok := tt.negated[o.Norm]
					if !ok {
						continue
					}
					found++
					if o.Negated != want {
						t.Errorf("%s: negated %v, want %v", o.Norm, o.Negated, want)
					}
				}
			}
			if found != len(tt.negated) {
				t.Errorf("found %d of the names %v in %v", found, tt.negated, describeAll(d))
			}
		})
	}
}

// TestSpelledCountsAreNoValueButAreFound: a count written in words with
// no bound or unit near it ("two podiatrists") sets no value of the text
// (Quants), but is listed in Spelled, where a judged summary's words are
// looked up.
func TestSpelledCountsAreNoValueButAreFound(t *testing.T) {
	r := reader(t)
	tests := []struct {
		text    string
		quants  string
		spelled []float64
	}{
		{"Minimum staffing: two podiatrists on every Saturday.", "=6 weekday", []float64{2}},
		{"One of the podiatrists is off.", "", nil},
		{"We expect twenty two guests.", "", []float64{22}},
		{"at least two podiatrists", ">=2 count", nil},
		// "one" counts before its noun; alone it is a pronoun.
		{"Repair one node at a time, never several in parallel.", "", []float64{1}},
		{"Reuse the one from today.", "", nil},
		{"Don't start 1.7 on staging until that one is clean.", "=1.7 number", nil},
		// "at a time" is no rate ("a" is no "per" there).
		{"Repair at most one node at a time.", "<=1 count", nil},
		// "a doua zi" is "the next day", not two days.
		{"Comenzile pentru livrarea de a doua zi se închid la ora 14:00.", "=840 clock", nil},
	}
	for _, tt := range tests {
		d := r.Read(tt.text)
		if got := quantsText(d); got != tt.quants {
			t.Errorf("%q: quantities %q, want %q", tt.text, got, tt.quants)
		}
		var got []float64
		for _, q := range d.SpelledIn(0, len(d.Clauses)-1) {
			got = append(got, q.Value)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.spelled) {
			t.Errorf("%q: spelled %v, want %v", tt.text, got, tt.spelled)
		}
	}
}

// checkFirstClauseBounds reads each text and holds the bounds of its
// first clause's frame, "op value unit" joined by "; ", to want.
func checkFirstClauseBounds(t *testing.T, tests []struct{ text, want string }) {
	t.Helper()
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			var got []string
			for _, b := range d.Frame(d.Clauses[0]).Bounds {
				got = append(got, boundText(b.Op, b.Value, b.Unit))
			}
			if strings.Join(got, "; ") != tt.want {
				t.Fatalf("bounds %q, want %q: %v", strings.Join(got, "; "), tt.want, describeAll(d))
			}
		})
	}
}

// TestAboveReadsTheSectionHeadingAndTheOpeningLine: the lines under a
// heading are about what it names, and every line under the opening line
// about what that names; a line of text in between is neither.
func TestAboveReadsTheSectionHeadingAndTheOpeningLine(t *testing.T) {
	d := reader(t).Read("Julbord for Nordvik, Kungsholmen.\n\nNotes first.\n\n## Kitchen\n\nNo nuts all day.")
	var got []string
	for _, k := range d.Above(len(d.Clauses) - 1) {
		got = append(got, strings.TrimSpace(d.Text[d.Clauses[k].Start:d.Clauses[k].End]))
	}
	if fmt.Sprint(got) != "[Kitchen Julbord for Nordvik, Kungsholmen.]" {
		t.Errorf("Above = %q, want the heading and the opening line", got)
	}
}

// TestReadTellsANameFromWordsJoinedByHyphens: "in-app" and "end-of-month"
// are words joined; a name that opens with an abbreviation
// ("bq-us-legacy") is a name though "us" is a function word.
func TestReadTellsANameFromWordsJoinedByHyphens(t *testing.T) {
	r := reader(t)
	tests := []struct {
		text, word string
		name       bool
	}{
		{"Route the events to bq-us-legacy tonight.", "bq-us-legacy", true},
		{"Send the report at end-of-month.", "end-of-month", false},
		{"Show the banner in-app only.", "in-app", false},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			d := r.Read(tt.text)
			found := false
			for _, c := range d.Clauses {
				for _, o := range c.Main.Objects {
					found = found || o.Norm == tt.word
				}
			}
			if found != tt.name {
				t.Fatalf("%q read as a name = %v, want %v: %v", tt.word, found, tt.name, describeAll(d))
			}
		})
	}
}

// TestReadANameInCornerBracketsIsOneName: a script read a character at a
// time still writes names, in corner brackets; "X ではなく Y" (not X but
// Y) rules X out.
func TestReadANameInCornerBracketsIsOneName(t *testing.T) {
	d := reader(t).Read("差出人名は旧社名の「株式会社みどり設計」ではなく、新社名の「みどりデザイン株式会社」で。")
	var got []string
	for _, c := range d.Clauses {
		for _, o := range c.Main.Objects {
			got = append(got, fmt.Sprintf("%s negated=%v", o.Text, o.Negated))
		}
	}
	want := []string{"株式会社みどり設計 negated=true", "みどりデザイン株式会社 negated=false"}
	if !slices.Equal(got, want) {
		t.Fatalf("names %q, want %q: %v", got, want, describeAll(d))
	}
}

// TestReadAPreferenceBesideARuleIsNotTheRules: "Images under 300 KB, WebP
// preferred" bounds the images; WebP is advice beside the rule, not a
// name the rule holds. A preference alone is still read.
func TestReadAPreferenceBesideARuleIsNotTheRules(t *testing.T) {
	r := reader(t)
	d := r.Read("Images under 300 KB, WebP preferred.")
	if len(d.Clauses) != 1 || len(d.Clauses[0].Main.Objects) != 0 || len(d.Clauses[0].Main.Quants) != 1 {
		t.Fatalf("want the bound alone in the rule: %v", describeAll(d))
	}
	d = r.Read("WebP preferred, and AVIF if possible.")
	found := false
	for _, c := range d.Clauses {
		found = found || len(c.Main.Objects) > 0
	}
	if !found {
		t.Fatalf("a preference alone lost its names: %v", describeAll(d))
	}
}

// TellNaming is one reading that gives what Tell and NameWords give apart.
func TestTellNamingIsTellAndNameWords(t *testing.T) {
	r := reader(t)
	for _, text := range []string{
		"Ask Marta before you move the crates; never lend the van to Radu.",
		"Nie wysyłaj faktur do Kowalskiego przed piątkiem.",
		"Die Pumpe bleibt aus, bis Herr Wendt kommt.",
		"",
	} {
		want := map[string]bool{}
		r.NameWords(text, want)
		got := map[string]bool{}
		tell := r.TellNaming(text, got)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: names %v, NameWords gives %v", text, got, want)
		}
		if !reflect.DeepEqual(tell, r.Tell(text)) {
			t.Errorf("%q: a tell other than Tell's", text)
		}
	}
}

// TestReadAMentionIsAName: a word glued after "@" (a decorator, a
// handle) names one thing whatever its word, so "don't add @skip" is
// about @skip; the "@" of an address names nothing on its own.
func TestReadAMentionIsAName(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Don't add @skip to anything.", "@skip"},
		{"Ping @infra-oncall before the failover.", "@infra-oncall"},
		{"Never write to ops@example.org from the bot.", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := ""
			for _, o := range d.Clauses[0].Main.Objects {
				if strings.HasPrefix(o.Text, "@") {
					got = o.Text
				}
			}
			if got != tt.want {
				t.Fatalf("mention %q, want %q: %v", got, tt.want, describeAll(d))
			}
		})
	}
}

// TestReadADiscourseWordIsNoTerm: "Right," or "Well," opening a reply
// names nothing the rule is about.
func TestReadADiscourseWordIsNoTerm(t *testing.T) {
	r := reader(t)
	for text, word := range map[string]string{
		"Right, don't switch anything":       "right",
		"It must not touch prod, obviously.": "obvious",
		"Honestly, never restart the queue.": "honest",
	} {
		d := r.Read(text)
		for _, s := range d.Clauses[0].Main.Stems {
			if s == word {
				t.Errorf("%q: stems %v hold the discourse word", text, d.Clauses[0].Main.Stems)
			}
		}
	}
}

// TestReadARunOfNamesEndsWithAName: "ingest-01..04" names ingest-01 to
// ingest-04; its "04" is the last name, written out, not a count.
func TestReadARunOfNamesEndsWithAName(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Rollout order: ingest-01..04 first.", "ingest-04"},
		{"Patch web-1–4 tonight.", "web-4"},
		{"Keep 1..4 workers.", ""},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			got := ""
			for _, o := range d.Clauses[0].Main.Objects {
				if o.I > 0 && o.Type == ObjID && o.Norm == lexicon.Fold(tt.want) {
					got = o.Text
				}
			}
			if got != tt.want {
				t.Fatalf("last name %q, want %q: %v", got, tt.want, describeAll(d))
			}
			for _, q := range d.Quants {
				if tt.want != "" && strings.HasSuffix(tt.want, q.Text) {
					t.Errorf("the run's end %q read as a value", q.Text)
				}
			}
		})
	}
}

// lastModality returns the modality of the last clause of d that has one,
// "" when none has.
func lastModality(d *Doc) string {
	got := ""
	for _, c := range d.Clauses {
		if c.Modality != "" {
			got = c.Modality
		}
	}
	return got
}

// TestAnExceptionOpeningASentenceExceptsAndAProvisoOpensTheRule: an
// exception word that opens a sentence excepts what it names ("Apart from
// Mondays never book …", "Unless it's a hotfix, don't deploy …"), and
// Japanese ただし ("however"), no exception word, opens the rule itself,
// whose names stay the rule's.
func TestAnExceptionOpeningASentenceExceptsAndAProvisoOpensTheRule(t *testing.T) {
	r := reader(t)
	tests := []struct {
		text       string
		exceptions int
		object     string
	}{
		{"ただし本番のメディアファイル(public/media/)には絶対に書き込まないでください。", 0, "public/media/"},
		{"Apart from Mondays never book the big room.", 1, ""},
		{"Unless it's a hotfix, don't deploy to prod-eu on Fridays.", 1, "prod-eu"},
		{"Except on Fridays, never deploy to prod-eu.", 1, "prod-eu"},
		{"Never deploy to prod-eu, except on Fridays.", 1, "prod-eu"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 {
				t.Fatal("no clause read")
			}
			n := 0
			found := tt.object == ""
			for _, c := range d.Clauses {
				n += len(c.Exceptions)
				for _, o := range c.Main.Objects {
					found = found || o.Text == tt.object
				}
			}
			if n != tt.exceptions {
				t.Errorf("%d exceptions, want %d: %v", n, tt.exceptions, describeAll(d))
			}
			if !found {
				t.Errorf("%q is no object of the rule: %v", tt.object, describeAll(d))
			}
		})
	}
}

// TestANegationOfARuleWordForbidsNothing: a negation said of a rule word,
// with only function words between them ("a preference, not a rule",
// "there is no restriction on the port", "keine Regel"), says something
// is no rule and sets no prohibition; one said of an act the rules name
// ("never break the rules") still forbids. A negation inside an idiom of
// the neutral list ("nothing to do with this") forbids nothing either.
func TestANegationOfARuleWordForbidsNothing(t *testing.T) {
	r := reader(t)
	tests := []struct {
		text     string
		modality string
	}{
		{"We like small PRs, but that's a preference, not a rule.", ""},
		{"There is no restriction on the port.", ""},
		{"Das ist keine Regel, eher ein Wunsch von mir.", ""},
		{"The staging box ran out of disk, nothing to do with this.", ""},
		{"Never break the rules.", MustNot},
		{"Do not add new rules to the firewall.", MustNot},
		// A negation after a verb, of a longer phrase holding the verb,
		// or before a rule word that heads another word still forbids.
		{"Change nothing in the rules.", MustNot},
		{"Ändere nicht die Regeln.", MustNot},
		{"Ne touchez pas aux règles du pare-feu.", MustNot},
		{"Wijzig nooit de regels.", MustNot},
		{"No policy changes without approval.", MustNot},
		{"Have nothing to do with the legacy billing service.", MustNot},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if got := lastModality(d); got != tt.modality {
				t.Errorf("modality %q, want %q: %v", got, tt.modality, describeAll(d))
			}
		})
	}
}

// TestEverydayPleasSetNoRule: a plea as people write it ("sag ma, dass
// …", Austrian for "sag mir, dass") carries a bound and sets no rule.
func TestEverydayPleasSetNoRule(t *testing.T) {
	r := reader(t)
	for _, text := range []string{
		"Bitte sag ma, dass sich mehr als 10 anmelden werden, sonst zahlt sich der Aufwand nicht aus.",
	} {
		if got := lastModality(r.Read(text)); got != "" {
			t.Errorf("%q read as %q, want no rule: %v", text, got, describeAll(r.Read(text)))
		}
	}
}

// TestAWeakeningWordThatNamesAKindIsNoCue: "optional" before the noun it
// names ("an optional extra") makes nothing a preference; said of a rule
// ("tests are optional") it still weakens.
func TestAWeakeningWordThatNamesAKindIsNoCue(t *testing.T) {
	r := reader(t)
	tests := []struct {
		text   string
		weaken bool
	}{
		{"The only exception is an optional extra in all-plugins-requirements.txt, and only if the plugin cannot work without it.", false},
		{"Tests are optional for docs changes.", true},
	}
	for _, tt := range tests {
		d := r.Read(tt.text)
		var cues lexicon.Class
		for _, c := range d.Clauses {
			cues |= c.Cues
		}
		if got := cues&lexicon.Weaken != 0; got != tt.weaken {
			t.Errorf("%q: weakened = %v, want %v: %v", tt.text, got, tt.weaken, describeAll(d))
		}
	}
}

// TestReadANegationInsideABoundsPhraseSaysItOnce: "non superare mai i 600
// euro" holds its negation twice, in the cue ("non superare") and after
// it ("mai"); the bound is at most 600, not its flip.
func TestReadANegationInsideABoundsPhraseSaysItOnce(t *testing.T) {
	for _, tt := range []struct {
		text, want string
	}{
		{"Ricorda: non superare mai i 600 euro a ordine senza chiedermi prima.", OpLE},
		{"Never place an order above €600 without asking Giuseppe first.", OpLE},
		{"Orders of more than €600 are never placed without asking.", OpLE},
	} {
		d := reader(t).Read(tt.text)
		if len(d.Quants) != 1 || d.Quants[0].Op != tt.want {
			t.Errorf("%q: quantities %+v, want one bound %s", tt.text, d.Quants, tt.want)
		}
	}
}

// TestReadARangesStartWrittenAsItsEndIsATime: "van 18.30 tot 20.30 uur"
// writes its start as the end's hours and minutes, so it is 18:30, not
// 18.3; a start written otherwise takes nothing from the end.
func TestReadARangesStartWrittenAsItsEndIsATime(t *testing.T) {
	for _, tt := range []struct {
		text  string
		dim   string
		value float64
	}{
		{"De kerstdisco is in de grote zaal, van 18.30 tot 20.30 uur.", DimClock, 18*60 + 30},
		{"Open 9.30 to 17.00 h on weekdays.", DimClock, 9*60 + 30},
		{"De prijs is van 1.50 tot 2.50 euro.", "money:EUR", 1.5},
	} {
		d := reader(t).Read(tt.text)
		if len(d.Quants) < 2 || d.Quants[0].Dim != tt.dim || d.Quants[0].Value != tt.value {
			t.Errorf("%q: first quantity %+v, want %s %v", tt.text, d.Quants, tt.dim, tt.value)
		}
	}
}

// TestReadAFaceEmojiBeforeACapitalEndsASentence: chat ends a sentence
// with an emoji in place of a full stop; the word after it opens the
// next sentence and is no name ("🙄 Aha, i PR …").
func TestReadAFaceEmojiBeforeACapitalEndsASentence(t *testing.T) {
	d := reader(t).Read("Bo ja od godziny czekam na obraz dockera 🙄 Aha, i PR ma iść na `develop`, nie na `master`.")
	if len(d.Clauses) != 2 {
		t.Fatalf("clauses %v, want the complaint and the rule apart", describeAll(d))
	}
	for _, o := range d.Clauses[1].Main.Objects {
		if o.Norm == "aha" {
			t.Errorf("the word after the emoji is read as a name: %v", describeAll(d))
		}
	}
	if d := reader(t).Read("deploy is done 🎉 and the tests pass"); len(d.Clauses) != 1 {
		t.Errorf("an emoji inside a sentence cut it: %v", describeAll(d))
	}
}

// TestReadALiftWordAfterATimeForbidsFromThen: "na 16:30 wordt er niet
// meer gewandeld" ("no more walks after 16:30") bounds as "geen
// wandelingen na 16:30" does: walks before 16:30.
func TestReadALiftWordAfterATimeForbidsFromThen(t *testing.T) {
	for _, text := range []string{
		"na 16:30 geen wandelingen meer, dan is het donker;",
		"Na 16:30 wordt er niet meer gewandeld (donker).",
		"After 10 pm the bar no longer serves drinks.",
	} {
		d := reader(t).Read(text)
		if len(d.Quants) != 1 || d.Quants[0].Op != OpBefore {
			t.Errorf("%q: quantities %+v, want one bound before", text, d.Quants)
		}
	}
}

// TestReadALiftThatAllowsFlipsNothing: "after 17:00 it's ok to merge"
// allows from 17:00 on; only a lift that holds a negation ("no longer")
// forbids from then.
func TestReadALiftThatAllowsFlipsNothing(t *testing.T) {
	d := reader(t).Read("After 17:00 it's ok to merge to staging.")
	if len(d.Quants) != 1 || d.Quants[0].Op != OpAfter {
		t.Errorf("quantities %+v, want one bound after", d.Quants)
	}
}

// TestReadANegationAfterABoundWithoutOneFlipsIt: "by never running more
// than 3" is at most 3; only a cue that holds a negation of its own ("non
// superare") makes the next negation its second half.
func TestReadANegationAfterABoundWithoutOneFlipsIt(t *testing.T) {
	for _, text := range []string{
		"Keep costs down by never running more than 3 workers.",
		"Voor geen enkele klant meer dan 5 licenties.",
	} {
		d := reader(t).Read(text)
		if len(d.Quants) != 1 || d.Quants[0].Op != OpLE {
			t.Errorf("%q: quantities %+v, want one bound <=", text, d.Quants)
		}
	}
}

// TestReadAParticleOfTheTextsLanguageIsNoEnglishNegation: Polish, Czech
// and Slovak "no" is a particle ("well", "yeah"), listed among their
// function words, so a Polish message's "No właśnie." forbids nothing.
func TestReadAParticleOfTheTextsLanguageIsNoEnglishNegation(t *testing.T) {
	r := reader(t)
	for _, text := range []string{
		"No właśnie. Dodaj w S-02 i S-04 punkt kontrolny na LPR.",
		"No jo. Přidej do S-02 kontrolní bod na LPR.",
	} {
		d := r.Read(text)
		for _, c := range d.Clauses {
			if c.Modality != "" {
				t.Errorf("%q: clause %q reads %q, want no modality: %v", text, d.Text[c.Start:c.End], c.Modality, describeAll(d))
			}
		}
	}
}
