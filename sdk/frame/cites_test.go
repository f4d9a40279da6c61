package frame

import (
	"errors"
	"github.com/compactguard/compactguard/sdk/lexicon"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// framed returns an item over text whose frame is the text's primary
// clause, as an extractor that reads frames sends it.
func framed(t *testing.T, r *Reader, text string) sdk.Item {
	t.Helper()
	d := r.Read(text)
	c, ok := d.Primary()
	if !ok {
		t.Fatalf("%q reads as no clause", text)
	}
	f := d.Frame(c)
	return sdk.Item{Category: sdk.CategoryProhibition, Text: text, Span: "s1", Frame: &f}
}

// TestCitesHoldsEvidenceToTheItemsFrame pins the floor every kept verdict
// is held to: the cited clause holds the frame's values (in any notation)
// and objects, and restricts when the rule does.
func TestCitesHoldsEvidenceToTheItemsFrame(t *testing.T) {
	tests := []struct {
		name     string
		item     string // "" for an item without a frame
		modality string // the frame's modality, checked before Cites
		evidence string
		want     string // "" when cited, else a substring of what is missing
	}{
		{
			name:     "value restated in another notation cites",
			item:     "Spillway release must not exceed three thousand cubic metres per second.",
			modality: Limit,
			evidence: "Spill ≤ 3 k m³/s (downstream flood limit).",
		},
		{
			name:     "converted duration cites",
			item:     "The maintenance window is at most half an hour.",
			modality: Limit,
			evidence: "Maintenance window: 30 minutes maximum",
		},
		{
			name:     "a count bound restated as a count in words cites",
			item:     "There must be at least 2 podiatrists on.",
			modality: Limit,
			evidence: "Minimum staffing: two podiatrists on every Saturday.",
		},
		{
			name:     "a sentence cut in three clauses on one line cites",
			item:     "The doses Kamau asked for, no, we stay at 2,000 doses.",
			modality: MustNot,
			evidence: "Member Kamau proposed 3,000 doses; rejected, the order must stay at 2,000 doses.",
		},
		{
			name:     "three clauses of three sentences do not cite",
			item:     "The doses Kamau asked for, no, we stay at 2,000 doses.",
			modality: MustNot,
			evidence: "Member Kamau proposed 3,000 doses. Rejected. The order must stay at 2,000 doses.",
			want:     `lacks`,
		},
		{
			name:     "a count in words before the name it counts cites",
			item:     "Keep at most 1 H1 per page.",
			modality: Limit,
			evidence: "Conventions: one H1 per page, images < 300 KB.",
		},
		{
			name:     "a count in words of another value does not cite",
			item:     "There must be at least 3 podiatrists on.",
			modality: Limit,
			evidence: "Minimum staffing: two podiatrists on every Saturday.",
			want:     `lacks`,
		},
		{
			name:     "a count written as a score of its total cites",
			item:     "23 tests pass.",
			evidence: "23/23 refunds tests pass.",
		},
		{
			name:     "a small score that reads as a date cites its count",
			item:     "All 9 tests pass.",
			evidence: "9/9 tests pass, the fixture runs in 25 pages.",
		},
		{
			name:     "a date that is no full score holds no count",
			item:     "Run exactly 5 replicas of the api.",
			evidence: "Scaled the api on 5/12.",
			want:     `lacks "5"`,
		},
		{
			name:     "a score of another count does not cite",
			item:     "23 tests pass.",
			evidence: "22/23 refunds tests pass.",
			want:     `lacks "23"`,
		},
		{
			name:     "a list line cites with the name its heading gives",
			item:     "Never book Dr Okafor after 16:00.",
			modality: Limit,
			evidence: "Dr Okafor's booking rules:\n- no appointments on Tuesdays,\n- nothing after 4 pm.",
		},
		{
			name:     "a list line does not cite with a name the heading lacks",
			item:     "Never book Dr Okafor after 16:00.",
			modality: Limit,
			evidence: "Dr Mensah's booking rules:\n- no appointments on Tuesdays,\n- nothing after 4 pm.",
			want:     `lacks`,
		},
		{
			name:     "a path named by its last two segments cites",
			item:     "Don't touch orders/migrations/0001-0014.",
			modality: MustNot,
			evidence: "Migrations 0001–0014 are frozen; never edit them.",
		},
		{
			name:     "a path's last segment alone does not cite",
			item:     "Don't touch orders/migrations/0001-0014.",
			modality: MustNot,
			evidence: "Never edit 0001–0014 of the fixtures.",
			want:     `lacks`,
		},
		{
			name:     "prohibition with its object respelled cites",
			item:     "Do not run DROP TABLE on legacy_orders.",
			modality: MustNot,
			evidence: "Never run DROP TABLE against legacy orders.",
		},
		{
			name:     "a rule of three bounds restated one bound to a clause cites",
			item:     "Beginners shoot at 10 m only, club members at 18 m or further, maximum 70 m on field 2.",
			modality: Only,
			evidence: "Distances: beginners 10 m only; members ≥18 m; nothing beyond 70 m on field 2.",
		},
		{
			name:     "a rule of one bound is not cited by a run of clauses",
			item:     "Run at most 3 export workers on db-7.",
			modality: Limit,
			evidence: "db-7 is busy. Watch the queue. Run at most 3 export workers.",
			want:     `lacks`,
		},
		{
			name:     "evidence without the bound value reports it",
			item:     "Keep at most 3 export workers running at once.",
			modality: Limit,
			evidence: "Keep the export workers few and watch the queue.",
			want:     `lacks "3"`,
		},
		{
			name:     "evidence with another value reports the bound value",
			item:     "Spillway release must not exceed three thousand cubic metres per second.",
			modality: Limit,
			evidence: "Spill ≤ 4 k m³/s.",
			want:     `lacks "three thousand cubic metres per second"`,
		},
		{
			name:     "evidence without the object reports it",
			item:     "Do not run DROP TABLE on legacy_orders.",
			modality: MustNot,
			evidence: "Never run DROP TABLE on legacy_invoices.",
			want:     `lacks "legacy_orders"`,
		},
		{
			name:     "prohibition cited by a clause that does not restrict",
			item:     "Do not run DROP TABLE on legacy_orders.",
			modality: MustNot,
			evidence: "Next: run DROP TABLE on legacy_orders to finish the cleanup.",
			want:     "does not restrict",
		},
		{
			name:     "a bare value given a unit by the summary cites",
			item:     "Keep retry_after at most 150.",
			modality: Limit,
			evidence: "retry_after at most 150 s, above the job timeout.",
		},
		{
			name:     "a whole month is cited by its name before a noun",
			item:     "Group size is limited to 12 students only in March.",
			modality: Limit,
			evidence: "March term: at most 12 students a group.",
		},
		{
			name:     "a whole month is not cited by another month's name",
			item:     "Group size is limited to 12 students only in March.",
			modality: Limit,
			evidence: "April term: at most 12 students a group.",
			want:     `lacks "March"`,
		},
		{
			name:     "a time written without its half is cited by the same time in the other half",
			item:     "The children must be back before 1:00 for the second group.",
			modality: Limit,
			evidence: "Back before 13:00 for the second group.",
		},
		{
			name:     "a time written with a leading zero is not cited by the other half",
			item:     "The children must be back before 01:00 for the second group.",
			modality: Limit,
			evidence: "Back before 13:00 for the second group.",
			want:     `lacks "01:00"`,
		},
		{
			name:     "an answer that refuses an offer is cited by the person doing it themselves",
			item:     "No, I'll do that myself Monday morning.",
			modality: MustNot,
			evidence: "web-front: the user updates it himself on Monday 7 Dec",
		},
		{
			name:     "an answer that refuses an offer is not cited by the agent doing it",
			item:     "No, I'll do that myself Monday morning.",
			modality: MustNot,
			evidence: "web-front: the agent updates it on Monday 7 Dec",
			want:     "does not restrict",
		},
		{
			name:     "a ban after an own action is not cited by the own action kept",
			item:     "I'll call the vendor myself. Do not email the client about the delay.",
			modality: MustNot,
			evidence: "The user will call the vendor herself; the client hears about the delay by email.",
			want:     "does not restrict",
		},
		{
			name:     "a ban beside the person's own action is cited by the person doing it themselves",
			item:     "Leave the field units alone, I'll roll the firmware out to them by OTA tomorrow.",
			modality: MustNot,
			evidence: "The user will roll the firmware out to the field units by OTA tomorrow themselves.",
		},
		{
			name:     "a ban beside the person's own action is not cited by a place that allows the banned act",
			item:     "Don't merge PR 212, I'll review it myself tonight.",
			modality: MustNot,
			evidence: "The user will review PR 212 himself tonight; merge it once CI is green.",
			want:     "does not restrict",
		},
		{
			name:     "a bare number for a value whose unit the summary left off cites",
			item:     "Do not raise the organ above 440 Hz.",
			modality: Limit,
			evidence: "No retuning above 440, heritage office's order.",
		},
		{
			name:     "a bare number beside a value of its kind written with its unit does not cite",
			item:     "Never exceed 20 mg per dose for patients under 10 kg.",
			modality: Limit,
			evidence: "Never more than 20 per dose for patients under 10 kg.",
			want:     `lacks "20 mg"`,
		},
		{
			name:     "an identifier cites its plural, as the judge pairs them",
			item:     "Each VM gets 2 vCPUs and 2048 MB RAM, no more.",
			modality: MustNot,
			evidence: "RAM per VM: 2 GB (2048 MB) and 2 vCPU, not a byte more.",
		},
		{
			name:     "a fraction cites the same share in percent",
			item:     "Keep the trace sample rate at most 0.25 in production.",
			modality: Limit,
			evidence: "Trace sampling in production: at most 25 %.",
		},
		{
			name:     "what is missing is said of the place that came closest",
			item:     "Production deploys only before 18:00 Europe/Berlin on weekdays.",
			modality: Limit,
			evidence: "Production deploys: weekdays only, and only before 6 pm Berlin time.",
			want:     `lacks "Europe/Berlin"`,
		},
		{
			name:     "item without a frame is not checked",
			evidence: "Unrelated progress notes.",
		},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it := sdk.Item{Category: sdk.CategoryProhibition, Text: "Do not run DROP TABLE on legacy_orders.", Span: "s1"}
			if tt.item != "" {
				it = framed(t, r, tt.item)
				if it.Frame.Modality != tt.modality {
					t.Fatalf("item frame modality %q, want %q: the case would not test what it names", it.Frame.Modality, tt.modality)
				}
			}
			got := r.Cites(it, tt.evidence, tt.evidence, nil)
			switch {
			case tt.want == "" && got != "":
				t.Fatalf("Cites = %q, want the evidence to cite the item", got)
			case tt.want != "" && !strings.Contains(got, tt.want):
				t.Fatalf("Cites = %q, want it to report %q", got, tt.want)
			}
		})
	}
}

// TestCitesAcceptsANonRestrictingClauseInsideACandidateRule: when the
// candidate's own items read a restricting frame over the place the
// evidence stands, the clause counts as restricting.
func TestCitesAcceptsANonRestrictingClauseInsideACandidateRule(t *testing.T) {
	r := reader(t)
	it := framed(t, r, "Do not run DROP TABLE on legacy_orders.")
	evidence := "run DROP TABLE on legacy_orders"
	candidate := "Forbidden for the rest of the session: run DROP TABLE on legacy_orders."
	if got := r.Cites(it, evidence, evidence, nil); !strings.Contains(got, "does not restrict") {
		t.Fatalf("alone, Cites = %q, want the clause reported as not restricting", got)
	}
	cand := []sdk.Item{{Span: "candidate", Start: 0, End: len(candidate), Frame: &sdk.Frame{Modality: MustNot}}}
	if got := r.Cites(it, evidence, candidate, cand); got != "" {
		t.Fatalf("inside a candidate must_not item, Cites = %q, want cited", got)
	}
}

// TestCitesReadsTheQuoteInTheCandidatesLanguage: a quoted line is read in
// the languages of the candidate it comes from; alone, its few function
// words tell none, and its negation ("ingen") reads as a plain word.
func TestCitesReadsTheQuoteInTheCandidatesLanguage(t *testing.T) {
	r := reader(t)
	d := r.Read("Ikke start mekanisk avlusing når sjøtemperaturen er under 4 °C, da blir dødeligheten for høy.")
	c, ok := d.Primary()
	if !ok || c.Modality != MustNot {
		t.Fatalf("the item reads as %v (ok %v), want a must_not clause", c.Modality, ok)
	}
	f := d.Frame(c)
	it := sdk.Item{Category: sdk.CategoryProhibition, Text: d.Text, Span: "s1", Frame: &f}
	evidence := "Sjøtemp 3,6 °C – ingen mekanisk avlusing under 4 °C."
	candidate := "Lusetelling uke 49 er ferdig, og tallene er sendt til Mattilsynet.\n• " + evidence + "\nNeste telling blir på mandag, og den skal også rapporteres."
	if got := r.CitesRead(it, r.Read(evidence), evidence, nil); !strings.Contains(got, "does not restrict") {
		t.Fatalf("read alone, Cites = %q, want the line reported as not restricting: the case would test nothing", got)
	}
	if got := r.Cites(it, evidence, candidate, nil); got != "" {
		t.Fatalf("read in the candidate's language, Cites = %q, want cited", got)
	}
}

// TestCitesHoldsAStatementOfNamesToItsKeyNames: an entity item with no
// rule in it is cited by a quote holding the names the extractor kept of
// it (its key terms); the other names of its sentence are not required.
// Without key terms every name is.
func TestCitesHoldsAStatementOfNamesToItsKeyNames(t *testing.T) {
	const item = "You run commands on gis-app-01 and edit the deployment repo gis/deploy."
	r := reader(t)
	for _, tt := range []struct {
		name     string
		keyTerms []string
		evidence string
		want     string
	}{
		{"the key name cites", []string{"gis-app-01"}, "Parcels vector tiles on gis-app-01: done.", ""},
		{"another name in place of the key name does not", []string{"gis-app-01"}, "Parcels vector tiles on gis-app-02: done.", `lacks "gis-app-01"`},
		{"without key terms every name is required", nil, "Parcels vector tiles on gis-app-01: done.", `lacks "gis/deploy"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := r.Read(item)
			c, ok := d.Primary()
			if !ok {
				t.Fatalf("%q reads as no clause", item)
			}
			f := d.Frame(c)
			if f.Modality != "" || len(f.Objects) < 2 {
				t.Fatalf("item frame %+v: want a statement of two names, or the case tests nothing", f)
			}
			it := sdk.Item{Category: sdk.CategoryEntity, Text: item, Span: "s1", KeyTerms: tt.keyTerms, Frame: &f}
			got := r.Cites(it, tt.evidence, tt.evidence, nil)
			switch {
			case tt.want == "" && got != "":
				t.Fatalf("Cites = %q, want the evidence to cite the item", got)
			case tt.want != "" && !strings.Contains(got, tt.want):
				t.Fatalf("Cites = %q, want it to report %q", got, tt.want)
			}
		})
	}
}

// TestBoundedIsASignBeforeTheValue: a bound written as a comparison sign
// restricts; one written as a word, a range's dash or a plain value does
// not count as a sign.
func TestBoundedIsASignBeforeTheValue(t *testing.T) {
	r := reader(t)
	tests := []struct {
		text string
		want bool
	}{
		{"cores ≤ −25 °C", true},
		{"error rate < 2 %", true},
		{"budget >= 40 k€", true},
		{"at most 40 k€", false},
		{"batches 41–64", false},
		{"the build takes 40 min", false},
		{"class 2–4 pm", true},
		{"opening hours 09:00–17:30", true},
		{"the session ran 2 hours, then 4", false},
	}
	for _, tt := range tests {
		d := r.Read(tt.text)
		if got := len(d.Clauses) > 0 && d.Bounded(0); got != tt.want {
			t.Errorf("Bounded(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestSameAmountTakesEitherPrefixOfADataSize: a size written with a
// binary prefix and the same size with a decimal one are one amount;
// other dimensions compare exactly.
func TestSameAmountTakesEitherPrefixOfADataSize(t *testing.T) {
	tests := []struct {
		dim  string
		x, y float64
		want bool
	}{
		{DimBytes, 1536 * 1 << 20, 1.5 * (1 << 30), true}, // 1536 MiB, 1.5 GiB
		{DimBytes, 512 << 20, 512e6, true},                // 512 MiB, 512 MB
		{DimBytes, 2 << 40, 2e12, true},                   // 2 TiB, 2 TB
		{DimBytes, 512e6, 600e6, false},
		{"time", 1024, 1000, false},
		{"time", 60, 60, true},
	}
	for _, tt := range tests {
		if got := SameAmount(tt.dim, tt.x, tt.y); got != tt.want {
			t.Errorf("SameAmount(%s, %g, %g) = %v, want %v", tt.dim, tt.x, tt.y, got, tt.want)
		}
	}
}

// TestSameDimReadsACurrencySymbolSeveralCurrenciesShare: "450 kr" read
// in English may be any crown and agrees with the Danish reading of
// "450 kr."; two named currencies, or money and a count, do not agree.
// "¥" is shared so too.
func TestSameDimReadsACurrencySymbolSeveralCurrenciesShare(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(lex)
	dimOf := func(text, lang string) string {
		d := r.ReadIn(text, lang)
		if len(d.Quants) != 1 {
			t.Fatalf("%q in %s: %d values", text, lang, len(d.Quants))
		}
		return d.Quants[0].Dim
	}
	en, da := dimOf("Budget: 450 kr per person.", "en"), dimOf("Budget 450 kr. pr. person.", "da")
	if da != "money:DKK" {
		t.Errorf("Danish kr. = %s, want money:DKK", da)
	}
	tests := []struct {
		a, b string
		want bool
	}{
		{en, da, true},
		{en, "money:SEK", true},
		{"money:DKK", "money:SEK", false},
		{en, "money:EUR", false},
		{en, DimCount, false},
		{DimCount, DimCount, true},
		// "¥" is the yen's sign and the yuan's; 円 and 元 tell them apart.
		{dimOf("Budget: max ¥1.2M.", "en"), r.Read("预算上限为120万元。").Quants[0].Dim, true},
		{dimOf("Budget: max ¥1.2M.", "en"), r.Read("予算は最大120万円。").Quants[0].Dim, true},
		{r.Read("预算上限为120万元。").Quants[0].Dim, r.Read("予算は最大120万円。").Quants[0].Dim, false},
		// A rate's period is compared too, not read as one more code.
		{"money:DKK/ISK/NOK/SEK/time", "money:EUR/time", false},
		{"money:DKK/ISK/NOK/SEK/time", "money:SEK/time", true},
		{"money:DKK/ISK/NOK/SEK/time", "money:SEK", false},
		// "$" is any dollar and the peso (the US dollar in a text told as
		// English: TestReadBoundsNormaliseUnitsAndOps).
		{dimOf("El taller cuesta $650 por persona.", "es"), "money:MXN", true},
		{dimOf("El taller cuesta $650 por persona.", "es"), "money:EUR", false},
	}
	for _, tt := range tests {
		if got := SameDim(tt.a, tt.b); got != tt.want {
			t.Errorf("SameDim(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestComparableDimensionsIncludePlainNumbers: a count and a bare number
// ("4.2 LTS", "4.1") may be compared; money and a count may not.
func TestComparableDimensionsIncludePlainNumbers(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{DimCount, DimNumber, true},
		{DimNumber, DimNumber, true},
		{"money:EUR", DimCount, false},
		{"money:DKK", "money:DKK/ISK/NOK/SEK", true},
		{DimDate, DimNumber, false},
	}
	for _, tt := range tests {
		if got := Comparable(tt.a, tt.b); got != tt.want {
			t.Errorf("Comparable(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestHourOfDayIsAWholeHourOnTheClock: "od 8 do 15 hodin" written as
// hours is 08:00–15:00 on the clock; a part hour or a length past a day
// is not.
func TestHourOfDayIsAWholeHourOnTheClock(t *testing.T) {
	tests := []struct {
		dim  string
		v    float64
		xDim string
		xv   float64
		want bool
	}{
		{DimTime, 15 * 3600, DimClock, 15 * 60, true},
		{DimTime, 8 * 3600, DimClock, 8 * 60, true},
		{DimTime, 8 * 3600, DimClock, 20 * 60, false},
		{DimTime, 8*3600 + 1800, DimClock, 8*60 + 30, false},
		{DimTime, 30 * 3600, DimClock, 6 * 60, false},
		{DimNumber, 8, DimClock, 8 * 60, false},
	}
	for _, tt := range tests {
		if got := HourOfDay(tt.dim, tt.v, tt.xDim, tt.xv); got != tt.want {
			t.Errorf("HourOfDay(%s %g, %s %g) = %v, want %v", tt.dim, tt.v, tt.xDim, tt.xv, got, tt.want)
		}
	}
}

// TestCitationsTakeAQuoteThatHoldsTheItemsValues: a quote that shares no
// word with the item (another language, another notation) still cites it
// when one clause holds every value and name of its frame.
func TestCitationsTakeAQuoteThatHoldsTheItemsValues(t *testing.T) {
	r := reader(t)
	tests := []struct {
		item, evidence string
		want           bool
	}{
		{"Tamu hanya boleh di ruang tamu sampai jam 21.00.", "Male guests only in the living room until 9 pm.", true},
		{"Tamu hanya boleh di ruang tamu sampai jam 21.00.", "Male guests only in the living room until 10 pm.", false},
		{"Jangan pernah masuk ke kamar.", "Never in the rooms.", true},         // no value: another language, a restriction
		{"Jangan pernah masuk ke kamar.", "The rooms are on the left.", false}, // no value and no restriction
		{"Do not enter the rooms.", "Don't touch the kiln.", false},            // no value, the same language: words must be shared
	}
	for _, tt := range tests {
		t.Run(tt.evidence, func(t *testing.T) {
			it := framed(t, r, tt.item)
			err := r.NewCitations(tt.evidence).Cite(0, tt.evidence, it, func() *Doc { return r.Read(tt.evidence) })
			if got := err == nil; got != tt.want {
				t.Errorf("Cite = %v, want cited: %v (frame %+v)", err, tt.want, it.Frame)
			}
			if !tt.want && !errors.Is(err, sdk.ErrEvidenceOffItem) {
				t.Errorf("Cite = %v, want %v", err, sdk.ErrEvidenceOffItem)
			}
		})
	}
}

// TestCitationsGiveAQuoteCitedByPlaceToOneItem: a quote that cites a rule
// only by its place (another language, no value) stands for one item: a
// second rule citing it is refused, while a quote sharing the item's words
// may back several.
func TestCitationsGiveAQuoteCitedByPlaceToOneItem(t *testing.T) {
	r := reader(t)
	candidate := "No perfume. No photos in the tea room."
	c := r.NewCitations(candidate)
	read := func(q string) func() *Doc { return func() *Doc { return r.ReadIn(q, candidate) } }
	perfume := framed(t, r, "香水はつけてこないでください。")
	photos := framed(t, r, "茶室では写真撮影は禁止です。")
	if err := c.Cite(0, "No perfume.", perfume, read("No perfume.")); err != nil {
		t.Fatalf("first item on the quote: %v, want cited", err)
	}
	if err := c.Cite(0, "No perfume.", perfume, read("No perfume.")); err != nil {
		t.Errorf("the same item again: %v, want cited", err)
	}
	if err := c.Cite(1, "No perfume.", photos, read("No perfume.")); !errors.Is(err, ErrQuoteTaken) {
		t.Errorf("second item on the quote: %v, want %v", err, ErrQuoteTaken)
	}
	if err := c.Cite(1, "No photos in the tea room.", photos, read("No photos in the tea room.")); err != nil {
		t.Errorf("second item on its own quote: %v, want cited", err)
	}
	shared := framed(t, r, "No photos in the tea room, ever.")
	for i := 2; i < 4; i++ {
		if err := c.Cite(i, "No photos in the tea room.", shared, read("No photos in the tea room.")); err != nil {
			t.Errorf("item %d sharing the quote's words: %v, want cited", i, err)
		}
	}
}

// TestQualifiedTailNamesTheMemberOfACodeName: a qualified code name may be
// named by its member alone when the member is an identifier of its own
// (snake_case or camelCase, six letters or more); a path, a plain word or
// a short member may not.
func TestQualifiedTailNamesTheMemberOfACodeName(t *testing.T) {
	tests := map[string]string{
		"std.heap.page_allocator":   "page_allocator",
		"Foo::Bar::max_retries":     "max_retries",
		"config.server.readTimeout": "readTimeout",
		"os.path.join":              "",
		"lib/ledgerline/version.rb": "",
		"db1.prod.example.com":      "",
		"page_allocator":            "",
		"v2.3.4":                    "",
	}
	for name, want := range tests {
		if got := QualifiedTail(name); got != want {
			t.Errorf("QualifiedTail(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestSameNameAcrossScriptsReadsTransliterations: a name and its
// transliteration in another alphabet, inflected or by another convention,
// are one name; two names, or two words of one script, are not.
func TestSameNameAcrossScriptsReadsTransliterations(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Кракові", "Kraków", true},
		{"Κώστας", "Kostas", true},
		{"Галина", "Halyna", true},
		{"Наталя", "Natalia", true},
		{"Олександр", "Oleksandr", true},
		{"Галина", "Natalia", false},
		{"Кракові", "Warsaw", false},
		{"Kraków", "Krakow", false}, // one script: compared by their letters elsewhere
		{"Ян", "Jan", false},        // too short to tell
	}
	for _, tt := range tests {
		if got := SameNameAcrossScripts(tt.a, tt.b); got != tt.want {
			t.Errorf("SameNameAcrossScripts(%q, %q) = %v, want %v (keys %q, %q)", tt.a, tt.b, got, tt.want, nameKey(tt.a), nameKey(tt.b))
		}
	}
}

func TestPathTailOfNamesAPathByItsLastSegments(t *testing.T) {
	tests := []struct {
		short, long string
		want        bool
	}{
		{"finance/", "notebooks/finance/", true},
		{"lib/loaders.py", "notebooks/lib/loaders.py", true},
		{"finance/", "notebooks/finance/q4.py", false},
		{"growth/", "notebooks/finance/", false},
		{"notebooks/finance/", "notebooks/finance/", false}, // the same path is no tail
		{"finance", "notebooks/finance/", false},            // a plain word is no path
	}
	for _, tt := range tests {
		if got := PathTailOf(tt.short, tt.long); got != tt.want {
			t.Errorf("PathTailOf(%q, %q) = %v, want %v", tt.short, tt.long, got, tt.want)
		}
	}
}

func TestDeclinedReadsOneNameInTwoCasesNotTwoNames(t *testing.T) {
	tests := []struct {
		x, y string
		want bool
	}{
		{"katarzynie", "katarzyna", true},
		{"оксану", "оксана", true},
		{"johan", "johanna", false},
		{"petra", "peter", false},
		{"anna", "anne", false}, // too short to tell
	}
	for _, tt := range tests {
		if got := Declined(tt.x, tt.y); got != tt.want {
			t.Errorf("Declined(%q, %q) = %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}
