package frame

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Quantity is one quantity read from a Doc: tokens [I, J), its value in
// the base unit of its dimension, and the op of the bound it states.
type Quantity struct {
	Value float64
	// Raw is the value as written, before the unit's factor: "under 10"
	// matches "< 10 min" by it.
	Raw    float64
	Dim    string // time, length, money:EUR, clock (minutes), date (month×100+day), weekday, count, number…
	Noun   string // for a count: the stem of what is counted
	Op     string
	I, J   int
	Clause int
	Text   string
	// Negated is set for a value right after a negation: ruled out, not
	// required ("£1,200, not £1,800").
	Negated bool
	// Aside is set for a value in brackets in the record of a failure
	// ("FAIL: TestRoundRobin (12.04s)", "locked by PID 22817 (UID 0)"):
	// it annotates the failure, which is what a summary must say, so it
	// is not required.
	Aside bool
	// Nominal is set for the middle of a tolerance ("185 psi ± 5" is 180
	// to 190 psi around 185): a value the other side may state, but no
	// part of a rule that must be kept, since the ends say it.
	Nominal bool
	// Range is set for the lower end of a range written as one token
	// ("batches 41-64"); its frame bound's op is "between".
	Range bool
	// periodAt is set for a rate whose period is written before the
	// value ("每天最多4小时", "1日あたり最大50,000"); period is then its
	// first token: the tokens from there are the rate's, not a quantity
	// of their own.
	periodAt bool
	// HalfDay is set for a time of day written without its half of the
	// day: "7:30" with no am, pm or clock word and no leading zero. The
	// writer's reader supplies the half ("Call time 6:15 pm for a 7:30
	// start" is 19:30), so such a time is kept by the same time in either
	// half; "07:30" and "7:30 am" are not open.
	HalfDay bool
	// Span is set on both ends of a span of times or dates written with a
	// dash ("2–4 pm", "14:00–16:00", "3.–5. Mai"): a window the thing
	// happens in, which restricts as "from … until" does.
	Span bool
	// half is the half of the day a marker gave a time of day: 'p' for
	// pm (午後, nachmittags), 'a' for am, 0 for none.
	half byte
	// ownOp is the bound a value carries in its own word ("under-18s",
	// "over-65s"), "" for none.
	ownOp string
	// orMore is set for a value written with a "+" after it ("30+
	// days"): the value or more.
	orMore bool
	// Approx is set for a value marked as an estimate ("about 40
	// minutes", "~410M rows") with no bound: what someone measured or
	// guessed, which a summary need not repeat and no rule sets.
	Approx bool
	// firm is set for a bound named outright by a firm word ("at least 7
	// days"): the clause's negation does not flip it.
	firm   bool
	period int
}

// Dimensions of quantities that are not units.
const (
	DimNumber = "number"
	DimCount  = "count"
	DimClock  = "clock"
	DimDate   = "date"
	// DimDay is a day of the month written without its month: "the
	// 20th", "dia 21". A date of that day keeps it (SameDay).
	DimDay     = "day"
	DimWeekday = "weekday"
	DimTime    = "time"  // a duration, in seconds
	DimRatio   = "ratio" // a share, in percent
)

// quantities reads every quantity of d.
func (r *Reader) quantities(d *Doc) []Quantity {
	var out []Quantity
	for i := 0; i < len(d.Toks); i++ {
		if sectionNumber(d, i) || outlineNumber(d, i) {
			continue
		}
		q, ok := r.quantityAt(d, i)
		if !ok {
			q, ok = r.boundUnitAt(d, i)
		}
		if !ok {
			q, ok = r.boundWordAt(d, i)
		}
		if !ok {
			continue
		}
		if math.IsInf(q.Value, 0) || math.IsNaN(q.Value) {
			i = q.J - 1
			continue // a number past float64 cannot be compared or stored
		}
		if q.Value > 0 && !q.Range && q.Dim != DimDate && q.Dim != DimClock && q.Dim != DimWeekday && minusSign(d, q.I) {
			q.Value, q.Raw, q.I = -q.Value, -q.Raw, q.I-1 // −25 °C, NAP -0,40 m, minus twenty-four LUFS
		}
		r.andAFraction(d, &q)
		if j, ok := dayOfMonth(d, q); ok {
			q.Dim, q.Noun, q.J = DimDay, "", j
		} else if v, ok := weekdaysDate(d, q); ok {
			q.Dim, q.Noun, q.Value, q.Raw = DimDate, "", v, 0
		} else if n, ok := daysBeforeWeekday(d, q); ok {
			q.Dim, q.Noun, q.Value, q.Raw = DimDay, "", n, n
		}
		q.Op, q.firm = r.op(d, q)
		if q.Op == OpEq && q.orMore {
			q.Op = OpGE
		}
		if q.Op == OpEq && q.ownOp != "" {
			q.Op = q.ownOp
		}
		if q.Op == OpEq && q.periodAt {
			at := q
			at.I = q.period // "上限は1日1万回": the bound stands before the period
			q.Op, q.firm = r.op(d, at)
		}
		q.Text = d.Text[d.Toks[q.I].Start:d.Toks[q.J-1].End]
		if b := q.I - 1; q.Op == OpEq && b >= 0 && d.cls[b]&lexicon.Approx != 0 && !(b > 0 && d.Toks[b-1].Kind == lexicon.Number && spanDash(d.Toks[b].Norm)) {
			q.Approx = true // "about 40 minutes", "~410M"; not the end of "9:00~17:00"
		}
		if b := q.I - 1; b >= 0 && q.Dim != DimWeekday && d.cls[q.I]&lexicon.WeekdayWord == 0 && d.cls[b]&lexicon.Negation != 0 && d.cls[b]&(lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After) == 0 && !d.negatesClause(b, q) && d.boundEnd(&q) == q.J {
			// "£1,200, not £1,800": the value is ruled out, and the
			// negation is the value's, not the clause's. A value with a
			// bound cue right after it ("কোনোভাবেই ₹১,২৫,০০০-এর বেশি হবে
			// না", by no means more than ₹1,25,000) is the bound the
			// negation turns.
			q.Negated = true
			for k := b; k >= 0 && d.cls[k] == d.cls[b]; k-- {
				d.valueNeg[k] = true
				if d.cueStart[k] {
					break
				}
			}
		}
		if b := q.I - 1; b >= 0 && !q.Negated && q.Dim == DimNumber && d.cls[b]&lexicon.Lift != 0 && d.cls[b]&(lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After) == 0 {
			// "Forget the 50, raise it to 120": a bare value a lift
			// names is the old one, named back without its unit, and
			// ruled out as "not 50" is. A value with its unit or noun
			// after a lift is the new one ("we can now invite 120
			// guests").
			q.Negated = true
		}
		// A period written before the value is the rate's: the "1日" of
		// "1日あたり最大50,000" is no quantity of its own.
		for q.periodAt && len(out) > 0 && out[len(out)-1].I >= q.period {
			out = out[:len(out)-1]
		}
		out = append(out, q)
		i = q.J - 1
	}
	// A range of days writes its month once: "20.–22. ledna", "20–22
	// January", "January 20–22". The bare day takes the date's month.
	for k := 0; k+1 < len(out); k++ {
		a, b := &out[k], &out[k+1]
		gapEnd := b.I
		if b.Dim == DimWeekday && k+2 < len(out) && out[k+2].I-b.J <= 1 && out[k+2].Dim == DimDate {
			// "Sat 9 & Sun 10 Jan": the second day's weekday stands
			// between the two days.
			gapEnd, b = b.I, &out[k+2]
		}
		if gapEnd-a.J > 2 || !rangeBetween(d, a.J, gapEnd) {
			continue
		}
		switch {
		case a.Dim == DimNumber && b.Dim == DimDate && bareDay(*a) && a.Value < math.Mod(b.Value, 100):
			a.Value, a.Dim = b.Value-math.Mod(b.Value, 100)+a.Value, DimDate
		case a.Dim == DimDate && b.Dim == DimNumber && bareDay(*b) && b.Value > math.Mod(a.Value, 100):
			b.Value, b.Dim = a.Value-math.Mod(a.Value, 100)+b.Value, DimDate
		}
	}
	// A list of days writes its month once too: "Sundays 6, 13 and 20
	// December". Read from the end, each bare day before a comma takes
	// the month of the day after it, unless it numbers a thing ("Lines 3,
	// 5 May").
	for k := len(out) - 2; k >= 0; k-- {
		a, b := &out[k], out[k+1]
		if a.Dim == DimNumber && b.Dim == DimDate && bareDay(*a) && a.Value < math.Mod(b.Value, 100) && b.I-a.J == 1 && d.Toks[a.J].Norm == "," && !r.numbered(d, a.I) {
			a.Value, a.Dim = b.Value-math.Mod(b.Value, 100)+a.Value, DimDate
		}
	}
	// A span of days with their weekdays writes the month once: "Friday
	// 18 to Sunday 20 December", "vendredi 18 – dimanche 20 décembre".
	for k := len(out) - 2; k >= 0; k-- {
		a := &out[k]
		if a.Dim != DimNumber || !bareDay(*a) || k == 0 || out[k-1].Dim != DimWeekday || out[k-1].J != a.I {
			continue
		}
		n := k + 1
		if n < len(out) && out[n].Dim == DimWeekday {
			n++
		}
		if n >= len(out) || out[n].Dim != DimDate || math.Mod(out[n].Value, 100) <= a.Value || a.J >= len(d.Toks) || !(d.rangeWord[a.J] || spanDash(d.Toks[a.J].Norm)) {
			continue
		}
		if b := out[n]; n == k+1 && b.I == a.J+1 || n == k+2 && out[k+1].I == a.J+1 && out[k+1].J == b.I {
			a.Value, a.Dim = b.Value-math.Mod(b.Value, 100)+a.Value, DimDate
		}
	}
	// "kl. 15 og 18", "at 9 to 11": a bare whole hour after a time of day,
	// joined as a range's end, later than the start, is a time too.
	for k := 0; k+1 < len(out); k++ {
		a, b := &out[k], &out[k+1]
		if a.Dim != DimClock || b.Dim != DimNumber && b.Dim != DimCount || b.I-a.J != 1 || b.J != b.I+1 || b.Value != math.Trunc(b.Value) || b.Value > 24 || b.Value*60 <= a.Value {
			continue
		}
		// A dash joins a time's end whatever word follows it ("klo 10–12
		// tulee …"); a word joins only a bare number.
		sep := d.Toks[a.J]
		tight := spanDash(sep.Norm) && sep.Glued && d.Toks[b.I].Glued // "10–12", not "14:00 - 20 guests"
		if tight || b.Dim == DimNumber && (spanDash(sep.Norm) || d.rangeWord[a.J] || d.cls[a.J]&lexicon.Coordinator != 0) {
			b.Dim, b.Value, b.Raw, b.Noun = DimClock, b.Value*60, 0, ""
		}
	}
	// "30 x 30 cm", "2 × 3 m": the sides of a measure write the unit once;
	// the first takes the second's, and "x" is no counted noun.
	for k := 0; k+1 < len(out); k++ {
		a, b := &out[k], &out[k+1]
		if b.I-a.J > 1 || a.J >= len(d.Toks) || (a.Dim != DimNumber && a.Dim != DimCount) || b.Raw == 0 || b.Dim != "length" {
			continue // "2 x 500 mg" is two doses, not two milligrams
		}
		times := func(t lexicon.Token) bool { return t.Norm == "x" || t.Norm == "×" }
		switch {
		case b.I-a.J == 1 && times(d.Toks[a.J]):
		case b.I == a.J && a.Dim == DimCount && a.J > a.I && times(d.Toks[a.J-1]):
			a.J-- // the "x" was read as what the first side counts
		default:
			continue
		}
		if v := a.Raw * b.Value / b.Raw; !math.IsInf(v, 0) && !math.IsNaN(v) {
			a.Value, a.Dim, a.Noun = v, b.Dim, ""
		}
	}
	// A range or a tolerance writes the unit once: 45–55 %, 150 ± 5 Nm,
	// entre 45 y 55 %. The bare end takes the other's unit.
	for k := 0; k+1 < len(out); k++ {
		a, b := &out[k], &out[k+1]
		if b.I-a.J > 1 || a.Dim != DimNumber || b.Dim == DimNumber || b.Dim == DimCount || b.Dim == DimDate || b.Dim == DimWeekday || b.Raw == 0 && b.Dim != DimClock {
			continue // a date's day is no unit: "6, 13 December" is read above
		}
		if b.I-a.J == 1 {
			sep := d.Toks[a.J]
			if sep.Norm == "|" || !(sep.Kind == lexicon.Punct || sep.Kind == lexicon.Symbol || d.cls[a.J]&(lexicon.Coordinator|lexicon.Before) != 0 || d.rangeWord[a.J]) {
				continue
			}
		}
		if b.Dim == DimClock {
			// "14–17 h", "9-17 Uhr", "10 to 4 pm", "van 10 tot 16 uur",
			// "zwischen 22 und 6 Uhr": the start is a whole hour of the
			// day (and so is the first of two times, "at 9 and 11 am").
			sep := d.Toks[a.J]
			tight := sep.Norm == "–" || sep.Glued && b.I < len(d.Toks) && d.Toks[b.I].Glued || d.rangeWord[a.J] || d.cls[a.J]&lexicon.Coordinator != 0
			if !tight {
				continue
			}
			if a.Value >= 0 && a.Value <= 24 && a.Value == math.Trunc(a.Value) {
				a.Value, a.Dim = a.Value*60, DimClock
			} else if h, m, ok := dotted(d, a.I); ok && a.J == a.I+1 {
				// "van 18.30 tot 20.30 uur": a start written as the end's
				// hours and minutes is a time of that form, not 18.3.
				if _, _, end := dotted(d, b.I); end {
					a.Value, a.Dim, a.Raw = h*60+m, DimClock, 0
				}
			}
			if a.Dim == DimClock && a.Value < 12*60 && a.Value+12*60 <= b.Value && d.hasCue(b.I, b.J, lexicon.PM) {
				a.Value += 12 * 60 // "6–8 pm", "6.30 to 8.30 pm": the afternoon end's half of the day
			}
			continue
		}
		if v := a.Value * b.Value / b.Raw; !math.IsInf(v, 0) && !math.IsNaN(v) {
			a.Value, a.Dim = v, b.Dim
		}
	}
	// A tolerance, "50% ± 5", "20 °C ± 2" or "150 ± 5 kg" (whose value
	// took the unit above), is the range it allows: 45 to 55 %, as "fra
	// 45 e 55%" says it.
	for k := 0; k+1 < len(out); k++ {
		a, b := &out[k], &out[k+1]
		if b.I-a.J != 1 || d.Toks[a.J].Norm != "±" || b.Dim != DimNumber && b.Dim != a.Dim || a.Dim == DimNumber || a.Dim == DimCount || a.Raw == 0 || a.Range || b.Range || a.Nominal {
			continue
		}
		if f := a.Value / a.Raw; a.Dim != "temperature" || f == 1 {
			mid := *a
			mid.Nominal, mid.J = true, b.J
			// Each end is written as the whole tolerance: a note reads
			// "150 Nm ±15 Nm, was 150 Nm ±5 Nm", not a bare end.
			mid.Text = d.Text[d.Toks[a.I].Start:d.Toks[b.J-1].End]
			a.Text, b.Text = mid.Text, mid.Text
			raw, tol := a.Raw, b.Raw
			a.Value, a.Raw = mid.Value-tol*f, raw-tol
			b.Value, b.Raw, b.Dim = mid.Value+tol*f, raw+tol, a.Dim
			out = slices.Insert(out, k+1, mid)
			k++
		}
	}
	for k := 0; k+1 < len(out); k++ {
		a, b := &out[k], &out[k+1]
		if a.Dim == b.Dim && (a.Dim == DimClock || a.Dim == DimDate) && b.I-a.J == 1 && spanDash(d.Toks[a.J].Norm) {
			a.Span, b.Span = true, true
		}
	}
	// A time of day after an afternoon time, in the same sentence, with
	// no half of its own, is in the afternoon too when that keeps the
	// order: "午後2時から4時まで" is 14:00 to 16:00, "6:15 pm for a 7:30
	// start" 19:30. Only a time a marker put in the afternoon carries it
	// ("19:00 to 7:30" is a night), and a leading zero keeps the morning
	// ("07:30").
	for k := 0; k+1 < len(out); k++ {
		a, b := out[k], &out[k+1]
		if a.Dim != DimClock || b.Dim != DimClock || a.half != 'p' || b.half != 0 || b.Value >= 12*60 || b.Value+12*60 <= a.Value || sentenceBetween(d, a.J, b.I) || strings.HasPrefix(d.Toks[b.I].Norm, "0") {
			continue
		}
		b.Value += 12 * 60
		b.HalfDay = false
	}
	// A year written before its date ("2025. március 3-án", "2025, March
	// 3") is the date's, no value of its own.
	for k := 0; k+1 < len(out); k++ {
		y, dt := out[k], out[k+1]
		if y.Dim == DimNumber && y.Op == OpEq && y.Value >= 1900 && y.Value <= 2100 && y.Value == math.Trunc(y.Value) &&
			dt.Dim == DimDate && dt.I-y.J <= 1 && (dt.I == y.J || d.Toks[y.J].Norm == "." || d.Toks[y.J].Norm == ",") {
			out[k+1].I = y.I
			out[k+1].Text = d.Text[d.Toks[y.I].Start:d.Toks[dt.J-1].End]
			out = append(out[:k], out[k+1:]...)
		}
	}
	// A value ruled out after another writes its unit once too: "at least
	// 6 minutes, not 4" rules out 4 minutes.
	for k := 1; k < len(out); k++ {
		a, b := &out[k-1], &out[k]
		if !b.Negated || b.Dim != DimNumber || a.Dim == DimNumber || a.Dim == DimCount || a.Raw == 0 || b.I-a.J > 6 || endsBetween(d, a.J, b.I) {
			continue
		}
		if v := b.Value * a.Value / a.Raw; !math.IsInf(v, 0) && !math.IsNaN(v) {
			b.Value, b.Dim = v, a.Dim
		}
	}
	return out
}

// dottedClock reads a time of day written with a dot ("23.30–0.30 uur",
// "jam 21.00", "10.30 am", "kl. 14.30"), as Dutch, Indonesian, the
// Nordic languages and British English write it: hours and two digits of
// minutes, beside a word that says it is a time of day (before it, after
// it, or after the other end of its range), or joined by a dash to
// another such time with both from five in the morning ("15.00–18.00":
// "0.25–0.50" and "1.05–1.10" are ratios and prices as often as night
// hours). A bare "2.50" is a number.
func dottedClock(d *Doc, i int) (float64, bool) {
	h, m, ok := dotted(d, i)
	if !ok {
		return 0, false
	}
	cue := func(k int) bool {
		return k >= 0 && k < len(d.Toks) && d.cls[k]&(lexicon.Clock|lexicon.AM|lexicon.PM) != 0 && utf8.RuneCountInString(d.Toks[k].Norm) > 1
	}
	dash := func(k int) bool {
		return k >= 0 && k < len(d.Toks) && (d.Toks[k].Kind == lexicon.Symbol || d.Toks[k].Norm == "-" || d.Toks[k].Norm == "–" || d.Toks[k].Norm == "—")
	}
	isDotted := func(k int) bool {
		_, _, ok := dotted(d, k)
		return ok
	}
	before := func(k int) bool { // the word before token k, past an abbreviation's dot ("kl.")
		return cue(k-1) || k >= 2 && d.Toks[k-1].Norm == "." && cue(k-2)
	}
	dayHour := func(k int) bool { // dotted, from five in the morning
		hk, _, ok := dotted(d, k)
		return ok && hk >= 5
	}
	switch {
	case cue(i + 1), before(i):
	case dash(i+1) && isDotted(i+2) && (cue(i+3) || before(i)):
	case dash(i-1) && isDotted(i-2) && before(i-2):
	case h >= 5 && (dash(i+1) && dayHour(i+2) || dash(i-1) && dayHour(i-2)):
	default:
		return 0, false
	}
	return h*60 + m, true
}

// dayMonth reads token i as a day and month written with dots and no year,
// "18.12." with its closing dot glued on, in a language that writes dates
// so (lexicon day_month_dots); it returns the date as month×100+day.
func (r *Reader) dayMonth(d *Doc, i int) (float64, bool) {
	day, month, ok := strings.Cut(d.Toks[i].Norm, ".")
	if !ok || i+1 >= len(d.Toks) || d.Toks[i+1].Norm != "." || !d.Toks[i+1].Glued || !r.dayMonthDots(d.capitalLangs()) {
		return 0, false
	}
	return dateOf(day, month)
}

// dateOf reads a day and a month of one or two digits each ("18", "12")
// as month×100+day, or reports that they name no day of a year.
func dateOf(day, month string) (float64, bool) {
	if len(day) > 2 || len(month) > 2 {
		return 0, false
	}
	dd, e1 := strconv.Atoi(day)
	mm, e2 := strconv.Atoi(month)
	if e1 != nil || e2 != nil || dd < 1 || dd > 31 || mm < 1 || mm > 12 {
		return 0, false
	}
	return float64(mm*100 + dd), true
}

// dotted reads token i as hours and minutes written "HH.MM".
func dotted(d *Doc, i int) (h, m float64, ok bool) {
	if i < 0 || i >= len(d.Toks) || d.Toks[i].Kind != lexicon.Number {
		return 0, 0, false
	}
	hs, ms, found := strings.Cut(d.Toks[i].Norm, ".")
	if !found || len(ms) != 2 || len(hs) == 0 || len(hs) > 2 {
		return 0, 0, false
	}
	hv, err1 := strconv.Atoi(hs)
	mv, err2 := strconv.Atoi(ms)
	if err1 != nil || err2 != nil || hv > 24 || mv > 59 {
		return 0, 0, false
	}
	return float64(hv), float64(mv), true
}

// rangeBetween reports tokens [i, j) that join the two ends of a range:
// a dash or another sign, with the dot of an ordinal ("20.–22.") or a
// range word ("bis", "to").
func rangeBetween(d *Doc, i, j int) bool {
	joined := false
	for k := i; k < j; k++ {
		t := d.Toks[k]
		switch {
		case t.Norm == ".":
		case t.Kind == lexicon.Symbol || t.Kind == lexicon.Punct && t.Norm != "," && t.Norm != ";" && t.Norm != "|":
			joined = true
		case d.cls[k]&(lexicon.Coordinator|lexicon.Before) != 0 || d.rangeWord[k]:
			joined = true
		default:
			return false
		}
	}
	return joined || i == j && i > 0 && d.Toks[i-1].Glued
}

// rangeFrom reports a day right before token k (behind the dot of an
// ordinal: "14."), the near end of a range of dates that k's range word
// joins to q. (Asked only for a date: "24. 12. do 11:00" is a date and a time
// bound, not a range.)
func rangeFrom(d *Doc, k int, q Quantity) bool {
	m := k - 1
	if m > 0 && d.Toks[m].Norm == "." && d.Toks[m].Glued {
		m--
	}
	if m < 0 || d.Toks[m].Kind != lexicon.Number {
		return false
	}
	// A day of the month before q's day, not a ticket or an invoice
	// number ("Ticket 4471 bis 31.12. schließen" is a deadline).
	day, err := strconv.Atoi(d.Toks[m].Norm)
	return err == nil && day >= 1 && float64(day) < math.Mod(q.Value, 100)
}

// bareDay reports a bare whole number that could be a day of a month.
func bareDay(q Quantity) bool {
	return q.Op == OpEq && q.Value >= 1 && q.Value <= 31 && q.Value == math.Trunc(q.Value)
}

// endsBetween reports a sentence end among tokens [i, j).
func endsBetween(d *Doc, i, j int) bool {
	for k := i; k < j; k++ {
		if sentenceEnd(d.Toks[k]) {
			return true
		}
	}
	return false
}

// cueBegin returns where the cue phrase holding token i starts: the
// nearest cue start at or before i (cueEnd's other side).
func (d *Doc) cueBegin(i int) int {
	for i > 0 && !d.cueStart[i] {
		i--
	}
	return i
}

func (d *Doc) cueEnd(i int) int {
	j := i + 1
	for j < len(d.Toks) && !d.cueStart[j] && d.cls[j] == d.cls[i] && d.cls[j] != 0 {
		j++
	}
	return j
}

func (d *Doc) phraseNorm(i, j int) string {
	parts := make([]string, 0, j-i)
	for k := i; k < j; k++ {
		parts = append(parts, d.Toks[k].Norm)
	}
	return strings.Join(parts, " ")
}

// quantityAt reads the quantity that starts at token i, if any.
func (r *Reader) quantityAt(d *Doc, i int) (Quantity, bool) {
	t := d.Toks[i]
	q := Quantity{I: i, Dim: DimNumber}
	words := false
	switch {
	case t.Kind == lexicon.Number && d.cls[i]&lexicon.MonthWord != 0 && d.cueStart[i]:
		// A month written with a digit (12月, 12월): a date.
		end := d.cueEnd(i)
		m, _ := d.number(lexicon.MonthWord, d.phraseNorm(i, end))
		q.Dim, q.Value, q.J = DimDate, m*100, end
		if end < len(d.Toks) && d.Toks[end].Kind == lexicon.Number {
			if day, _, kind, ok := parseNumber(d.Toks[end].Norm); ok && kind == "num" && day >= 1 && day <= 31 {
				q.Value += day
				q.J = end + 1
				if q.J < len(d.Toks) && d.cls[q.J]&lexicon.UnitWord != 0 && d.Toks[q.J].Glued {
					q.J = d.cueEnd(q.J)
				}
			}
		}
		return q, true
	case t.Kind == lexicon.Number && spacedDate(d, i):
		// "29. 1.", "20. 1. stoupačka A": day and month as ordinals, as
		// Czech, Slovak, German and Polish write a date.
		day, _, _, _ := parseNumber(t.Norm)
		month, _, _, _ := parseNumber(d.Toks[i+2].Norm)
		q := Quantity{I: i, J: i + 4, Dim: DimDate, Value: month*100 + day}
		r.year(d, &q)
		return q, true
	case t.Kind == lexicon.Number && enumerator(d, i):
		return q, false // "(1)", "2)", a list's "3." at a line's start
	case t.Kind == lexicon.Number && nameRangeEnd(d, i) != "":
		return q, false // "ingest-01..04": the last of a run of names, no value
	case t.Kind == lexicon.Number && perDenominator(d, i):
		return q, false // "1인당", "1장당": per one person, per coupon, the rate's denominator
	case t.Kind == lexicon.Number:
		v, v2, kind, ok := parseNumber(t.Norm)
		if !ok {
			return q, false
		}
		q.Value, q.J = v, i+1
		if m, ok := dottedClock(d, i); ok {
			kind, q.Value = "clock", m
		} else if date, ok := r.dayMonth(d, i); ok {
			kind, q.Value, q.J = "date", date, i+2
		}
		switch kind {
		case "clock":
			q.Dim = DimClock
			if !r.meridiem(d, &q) {
				q.HalfDay = q.Value >= 60 && q.Value < 13*60 && !strings.HasPrefix(t.Norm, "0")
			}
			return q, true
		case "date":
			q.Dim = DimDate
			return q, true
		case "range":
			// 41-64: the lower end stands for the range.
			_ = v2
			q.Range = true
		}
	case d.cueStart[i] && d.cls[i]&lexicon.ClockWord != 0:
		// A time of day by its word: "noon" is 12:00.
		end := d.cueEnd(i)
		h, _ := d.number(lexicon.ClockWord, d.phraseNorm(i, end))
		return Quantity{I: i, J: end, Dim: DimClock, Value: h * 60}, true
	case d.cueStart[i] && d.cls[i]&lexicon.WeekdayWord != 0 && !d.plainWordAbbrev(i):
		end := d.cueEnd(i)
		w, ok := d.number(lexicon.WeekdayWord, d.phraseNorm(i, end))
		if v, byStem := d.weekday[i]; !ok && byStem {
			w = v
		}
		return Quantity{I: i, J: end, Dim: DimWeekday, Value: w}, true
	case d.cueStart[i] && d.cls[i]&lexicon.MonthWord != 0 && d.cls[i]&lexicon.Negation == 0:
		end := d.cueEnd(i)
		if end < len(d.Toks) && d.Toks[end].Kind == lexicon.Number {
			if day, _, kind, ok := parseNumber(d.Toks[end].Norm); ok && kind == "num" && day >= 1 && day <= 31 && day == math.Trunc(day) {
				m, _ := d.number(lexicon.MonthWord, d.phraseNorm(i, end))
				q := Quantity{I: i, J: end + 1, Dim: DimDate, Value: m*100 + day}
				r.year(d, &q)
				return q, true
			}
		}
		free := end == len(d.Toks) || d.Toks[end].Kind != lexicon.Word || r.lex.IsStopword(d.Toks[end].Norm, d.Langs) || d.cls[end]&lexicon.Coordinator != 0
		if free && i > 0 && d.Toks[i-1].Kind == lexicon.Word && r.lex.IsStopword(d.Toks[i-1].Norm, d.Langs) && utf8.RuneCountInString(d.phraseNorm(i, end)) >= 4 {
			// A month named alone after a preposition is the whole month,
			// as "3月" is: "repotting in March" keeps "植え替えは3月だけ".
			// Short names stay words ("may", "mar", "mai"), a month name
			// with no preposition before it may be a verb ("march"), and
			// one before a noun names the noun ("the January close", "the
			// October branch"), no time.
			m, _ := d.number(lexicon.MonthWord, d.phraseNorm(i, end))
			q := Quantity{I: i, J: end, Dim: DimDate, Value: m * 100}
			r.year(d, &q)
			return q, true
		}
		return q, false
	case t.Kind == lexicon.Word && strings.Contains(t.Norm, "-") && d.cls[i] == 0:
		return r.hyphenated(d, i)
	case d.cueStart[i] && d.cls[i]&(lexicon.NumberWord|lexicon.ScaleWord) != 0:
		if d.cls[i]&lexicon.NumberWord == 0 && t.Glued && i > 0 && d.Toks[i-1].Kind != lexicon.Number {
			// A scale glued to a word is part of that word ("까지만": 만
			// there means "only", not ten thousand); "3만" has its number.
			return q, false
		}
		if d.cls[i]&lexicon.ScaleWord == 0 && t.Glued && i > 0 && d.Toks[i-1].Kind == lexicon.Number {
			// A number word glued to the digits before it is their
			// counter, no number of its own: "12세" is twelve years
			// old, not twelve and three.
			return q, false
		}
		v, end, ok := r.numberWords(d, i)
		if !ok {
			return q, false
		}
		if v == 1 && end < len(d.Toks) && d.cueStart[end] && d.cls[end]&(lexicon.Upper|lexicon.Lower) != 0 {
			return q, false // an article before a bound word: "un máximo de 12", "ein Maximum von"
		}
		if v == 1 && end == i+1 && r.lex.IsStopword(t.Norm, d.Langs) && !(i > 0 && d.cls[i-1]&(lexicon.Upper|lexicon.Lower) != 0) {
			if _, _, unit := r.unit(d, end); !unit {
				return q, false // an article, not a count: "een geldig vaccin", "une salle" ("höchstens ein Hund" is one)
			}
		}
		q.Value, q.J, words = v, end, true
	default:
		return q, false
	}
	// A scale after the number: 48k, 1,5 Mio., 3 thousand, 120万.
	if q.J < len(d.Toks) && d.cueStart[q.J] && d.cls[q.J]&lexicon.ScaleWord != 0 && !words {
		end := d.cueEnd(q.J)
		key := d.phraseNorm(q.J, end)
		_, isUnit := d.unit(key)
		money := q.I > 0 && r.isCurrency(d, q.I-1) || r.isCurrency(d, end)
		// A capital letter glued to the number is its scale, not a unit:
		// "2.4M records", "410M rows", "10K users" (metres are "m").
		st := d.Toks[q.J]
		capital := st.Glued && end == q.J+1 && len(st.Text) == 1 && st.Text[0] >= 'A' && st.Text[0] <= 'Z'
		if s, ok := d.number(lexicon.ScaleWord, key); ok && (!isUnit || money || capital) {
			q.Value *= s
			q.J = end
			if q.J < len(d.Toks) && d.Toks[q.J].Norm == "." && d.Toks[q.J].Glued {
				q.J++
			}
			// Smaller groups after it: 1万2千 is 12,000, 3만 5천 is 35,000.
			for last := s; q.J+1 < len(d.Toks) && d.Toks[q.J].Kind == lexicon.Number && d.cueStart[q.J+1] && d.cls[q.J+1]&lexicon.ScaleWord != 0; {
				n, _, kind, ok := parseNumber(d.Toks[q.J].Norm)
				e := d.cueEnd(q.J + 1)
				s2, ok2 := d.number(lexicon.ScaleWord, d.phraseNorm(q.J+1, e))
				if !ok || kind != "num" || !ok2 || s2 >= last {
					break
				}
				q.Value += n * s2
				q.J, last = e, s2
			}
		}
	}
	// A date: 4 December, 4. Dezember.
	if k := q.J; k < len(d.Toks) && q.Value >= 1 && q.Value <= 31 && q.Value == math.Trunc(q.Value) {
		if d.Toks[k].Norm == "." && k+1 < len(d.Toks) || d.Toks[k].Glued && d.cueStart[k] && d.cls[k]&lexicon.Ordinal != 0 && k+1 < len(d.Toks) {
			k++ // 4. Dezember, 18th December
		}
		if k+1 < len(d.Toks) && d.Toks[k].Kind == lexicon.Word && r.lex.IsStopword(d.Toks[k].Norm, d.Langs) && d.cueStart[k+1] && d.cls[k+1]&lexicon.MonthWord != 0 {
			k++ // 11 de diciembre, the 15th of March
		}
		if d.cueStart[k] && d.cls[k]&lexicon.MonthWord != 0 {
			end := d.cueEnd(k)
			m, _ := d.number(lexicon.MonthWord, d.phraseNorm(k, end))
			q.Dim, q.Value, q.J = DimDate, m*100+q.Value, end
			r.year(d, &q)
			return q, true
		}
	}
	// A case ending written after a colon belongs to its number:
	// Finnish "klo 16:n jälkeen", "16:een mennessä".
	if k := q.J; k+1 < len(d.Toks) && d.Toks[k].Norm == ":" && d.Toks[k].Glued && d.Toks[k+1].Glued &&
		d.Toks[k+1].Kind == lexicon.Word && utf8.RuneCountInString(d.Toks[k+1].Norm) <= 4 && (k+2 >= len(d.Toks) || !d.Toks[k+2].Glued) {
		q.J = k + 2
	}
	// A clock hour: 6 pm, 18 Uhr, 6時, 14h30, klo 16.
	if r.meridiem(d, &q) {
		return q, true
	}
	// Money before the amount: $200, € 1.500, ₹2,00,000, Rp 5.000.000,
	// R$ 1.200,00, NT$35,000, 新台幣 35,000: the longest symbol of up to
	// four glued tokens that ends right before it.
	for b := max(0, q.I-4); b < q.I; b++ {
		if d.Toks[b].Kind == lexicon.Number || !gluedRun(d, b+1, q.I) {
			continue
		}
		s := ""
		for k := b; k < q.I; k++ {
			s += d.Toks[k].Norm
		}
		if code, ok := r.lex.Currency(s); ok {
			// A symbol several currencies write is the one the text's
			// language names by it, where it does: "¥" in Chinese is the
			// yuan, "$" in English the US dollar.
			if d.primary != 0 {
				if u, own := d.lex.Unit(s, d.primary); own && strings.HasPrefix(u.Dimension, "money:") {
					code = strings.TrimPrefix(u.Dimension, "money:")
				}
			}
			q.I, q.Dim = b, "money:"+code
			break
		}
	}
	// A share written with its sign first ("%85", as Turkish writes it):
	// a unit of ratio glued right before the number, not after another.
	if q.Dim == DimNumber && q.I > 0 && d.Toks[q.I].Glued && (q.I < 2 || !d.Toks[q.I-1].Glued || d.Toks[q.I-2].Kind != lexicon.Number) {
		if u, end, ok := r.unit(d, q.I-1); ok && end == q.I && u.Dimension == DimRatio {
			q.I, q.Dim, q.Value = q.I-1, DimRatio, q.Value*u.Factor
		}
	}
	if words && q.J+1 < len(d.Toks) && d.Toks[q.J].Kind == lexicon.Word && r.lex.IsStopword(d.Toks[q.J].Norm, d.Langs) && (d.cls[q.J]&lexicon.Per == 0 || q.Value != math.Trunc(q.Value)) {
		if u, end, ok := r.unit(d, q.J+1); ok { // half an hour, a dozen eggs
			q.Dim, q.Value, q.J = u.Dimension, q.Value*u.Factor, end
		} else if q.Dim == DimNumber && q.Value > 0 && q.Value < 1 && d.Toks[q.J+1].Kind == lexicon.Word {
			// A fraction of something is a share of it: "half of the
			// fee" is the fee's 50 %, as a summary may write it.
			q.Dim, q.Value = DimRatio, q.Value*100
		}
	}
	q.Raw = q.Value
	if q.J+1 < len(d.Toks) && d.Toks[q.J].Norm == "+" && d.Toks[q.J].Glued && !d.Toks[q.J+1].Glued {
		q.J, q.orMore = q.J+1, true // "30+ days": the unit after the plus
	}
	if !strings.HasPrefix(q.Dim, "money:") && q.Dim == DimNumber {
		if u, end, ok := r.unit(d, q.J); ok {
			q.Dim, q.Value, q.J = u.Dimension, q.Value*u.Factor, end
		} else if u, end, ok := r.hyphenUnit(d, q.J); ok {
			q.Dim, q.Value, q.J = u.Dimension, q.Value*u.Factor, end
		} else if code, end, ok := r.currencyAfter(d, q.J); ok {
			q.Dim, q.J = "money:"+code, end
		}
	} else if code, end, ok := r.currencyAfter(d, q.J); ok && "money:"+code == q.Dim {
		q.J = end
	}
	// A rate: per second, / day, every 24 hours.
	r.rate(d, &q)
	if q.Dim == DimNumber {
		if n := q.J; n < len(d.Toks) && d.Toks[n].Kind == lexicon.Word && d.cls[n] == 0 && !r.lex.IsStopword(d.Toks[n].Norm, d.Langs) && objectType(d.Toks[n]) == "" {
			q.Dim, q.Noun = DimCount, d.stem.stem(d.Toks[n].Norm)
		}
	}
	if words && (q.Dim == DimNumber || q.Dim == DimCount && q.Value != 0) && !r.boundCueNear(d, q) && !ruledOutWord(d, q) {
		// "one" counts only before its noun ("one node at a time"): alone
		// it is a pronoun ("one of the…", "the one from today").
		// Nor before a name it counts ("one H1 per page", "two A100s").
		named := q.Dim == DimNumber && q.Value >= 1 && q.J < len(d.Toks) && d.Toks[q.J].Kind == lexicon.Word && objectType(d.Toks[q.J]) != ""
		if (q.Dim == DimCount && (q.Value >= 2 || q.Value == 1 && q.Noun != "") || named) && (len(d.Spelled) == 0 || d.Spelled[len(d.Spelled)-1].J <= q.I) {
			q.Text = d.Text[d.Toks[q.I].Start:d.Toks[q.J-1].End]
			d.Spelled = append(d.Spelled, q) // "two podiatrists": a summary's way to write 2
		}
		return q, false // "one of the…": a number word without a unit or a bound is no quantity
	}
	return q, true
}

// ruledOutWord reports a number in words right after a negation, ending
// its phrase: "alle vier Monate, nicht drei", "wait 6 minutes, not four"
// rule out a value, as "not 3" does, so it is one.
func ruledOutWord(d *Doc, q Quantity) bool {
	return q.Dim == DimNumber && q.I > 0 && d.cueStart[q.I-1] && d.cls[q.I-1]&lexicon.Negation != 0 &&
		(q.J == len(d.Toks) || d.Toks[q.J].Kind == lexicon.Punct)
}

// gluedRun reports tokens [i, j) each glued to the one before it.
func gluedRun(d *Doc, i, j int) bool {
	for k := i; k < j; k++ {
		if !d.Toks[k].Glued {
			return false
		}
	}
	return true
}

// minusSign reports a minus written before number token i and glued to
// it, with a space, an opening bracket or the start before the sign: "−25 °C" and "NAP
// -0,40 m" are below zero; "20-25" and "5–10" are ranges.
func minusSign(d *Doc, i int) bool {
	if i > 0 && d.cueStart[i-1] && d.cls[i-1]&lexicon.Minus != 0 {
		return true // "minus 25", "moins vingt-quatre"
	}
	if i == 0 || !d.Toks[i].Glued {
		return false
	}
	switch d.Toks[i-1].Norm {
	case "-", "−", "－":
		return i-1 == 0 || !d.Toks[i-1].Glued || strings.ContainsAny(d.Toks[i-2].Norm, "([{（")
	}
	return false
}

// signOp is the bound a comparison sign writes (≤ 40, > 2 %), or "".
func signOp(sign string) string {
	switch sign {
	case "≤", "<=", "⩽", "≦", "＜＝":
		return OpLE
	case "<":
		return OpLT
	case "≥", ">=", "⩾", "≧", "＞＝":
		return OpGE
	case ">":
		return OpGT
	}
	return ""
}

// amountBound reports an at-most or at-least cue (or ≤, ≥) right before
// token i: what it bounds is an amount, so a word that is both an hour
// and an o'clock ("giờ", "h") reads as hours after it. Before and after
// bound a time of day and leave it a clock.
func amountBound(d *Doc, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if d.cls[k]&(lexicon.Upper|lexicon.Lower) != 0 && d.cls[k]&(lexicon.Before|lexicon.After) == 0 {
			return true
		}
		if op := signOp(d.Toks[k].Norm); op == OpLE || op == OpGE {
			return true
		}
		if d.Toks[k].Kind == lexicon.Number || sentenceEnd(d.Toks[k]) {
			return false
		}
	}
	return false
}

// NamesMonth reports a month name among tokens [i, j) for the month of
// a date read as a whole month (day 0, "3月", "in March"): "the January
// term" names the month the rule's "trimestre de enero" is read as,
// though a month before a noun is no time of its own.
func (d *Doc) NamesMonth(i, j int, date float64) bool {
	m := math.Floor(date / 100)
	if date != m*100 || m < 1 {
		return false
	}
	for k := max(i, 0); k < j && k < len(d.Toks); k++ {
		if !d.cueStart[k] || d.cls[k]&lexicon.MonthWord == 0 {
			continue
		}
		if v, ok := d.number(lexicon.MonthWord, d.phraseNorm(k, d.cueEnd(k))); ok && v == m {
			return true
		}
	}
	return false
}

// MonthAbove returns a heading or the title above clause i that names the
// whole month of date (a date of day 0), or -1. A heading is what the
// lines under it are about, however far down they stand: "January
// calçotadas" over the rules section keeps a rule "for January's
// calçotadas". The judge and the host's floor both read it here.
func (d *Doc) MonthAbove(i int, date float64) int {
	for k := i - 1; k >= 0; k-- {
		if (d.OpensSection(k) || d.Title(k)) && d.NamesMonth(d.Clauses[k].I, d.Clauses[k].J, date) {
			return k
		}
	}
	return -1
}

// Above returns the clauses whose names the lines under clause i are
// about: the heading of its section (the nearest above it) and the text's
// title or opening line ("## Posyandu Melati — December session" over
// "Tuesday 15 December, 8–11 am"). A summary names the place, the client
// or the event once at the top, and each rule under it is of that one.
func (d *Doc) Above(i int) []int {
	var out []int
	for k := i - 1; k >= 0; k-- {
		if d.OpensSection(k) {
			out = append(out, k)
			break
		}
	}
	for k := 0; k < i && d.Clauses[k].Line == d.Clauses[0].Line; k++ {
		if (d.Title(k) || d.opening(k)) && !slices.Contains(out, k) {
			out = append(out, k)
			break
		}
	}
	return out
}

// DayAbove returns a heading, the title or the text's opening line (its
// first line, standing alone: "Nusfjord Rorbuer, weekend Friday 18 to
// Sunday 20 December.") above clause i that holds the day v of dim (a
// date or a weekday), or -1: the day of the event a summary is about is
// written once at its top ("Gara sociale — sabato 12/12"), and each line
// under it is of that day.
func (d *Doc) DayAbove(i int, dim string, v float64) int {
	if dim != DimDate && dim != DimWeekday {
		return -1
	}
	for k := i - 1; k >= 0; k-- {
		if !d.OpensSection(k) && !d.Title(k) && !d.opening(k) {
			continue
		}
		for _, qi := range d.QuantsIn(k, k) {
			if q := d.Quants[qi]; q.Dim == dim && closeTo(q.Value, v) {
				return k
			}
		}
	}
	return -1
}

// number returns the value of a number word, scale, month or weekday
// in the text's main language first: "listopada" is November in Polish
// and October in Croatian, and a Polish text means November.
func (d *Doc) number(c lexicon.Class, key string) (float64, bool) {
	if d.primary != 0 {
		if v, ok := d.lex.Number(c, key, d.primary); ok {
			return v, true
		}
	}
	return d.lex.Number(c, key, d.Langs)
}

// spanDash reports a dash that joins the two ends of a span.
func spanDash(s string) bool {
	switch s {
	case "-", "–", "—", "~", "〜", "～", "‐", "‑":
		return true
	}
	return false
}

// sentenceBetween reports a sentence end or a line break among the
// tokens i..j-1.
func sentenceBetween(d *Doc, i, j int) bool {
	for k := i; k < j && k < len(d.Toks); k++ {
		if sentenceEnd(d.Toks[k]) || d.Toks[k].Kind == lexicon.Newline {
			return true
		}
	}
	return false
}

// meridiem reads a clock marker after q (pm, am, Uhr, 時, h30) and makes
// q a time of day; it reports whether it did.
func (r *Reader) meridiem(d *Doc, q *Quantity) bool {
	k := q.J
	if k >= len(d.Toks) {
		return false
	}
	t := d.Toks[k]
	minutes := q.Value * 60
	if q.Dim == DimClock {
		minutes = q.Value
	} else if q.Value < 0 || q.Value > 24 || q.Value != math.Trunc(q.Value) {
		return false
	}
	c := d.cls[k]
	if s := d.clockWordBefore(q.I); s >= 0 && q.Dim != DimClock {
		// Languages that write the clock word first: "klo 16", "kl. 9",
		// "klockan 18" are times of day, not counts.
		if _, unit := d.unit(t.Norm); !unit {
			q.Dim, q.Value, q.I = DimClock, minutes, s
			return true
		}
	}
	if b := q.I - 1; b >= 0 && d.cls[b]&(lexicon.PM|lexicon.AM) != 0 && (d.cls[k]&lexicon.Clock != 0 || q.Dim == DimClock) {
		// Scripts that write the half of the day first: 午後6時, 오후 2시.
		if d.cls[b]&lexicon.PM != 0 {
			q.half = 'p'
			if minutes < 12*60 {
				minutes += 12 * 60
			}
		} else {
			q.half = 'a'
		}
		q.I = b
		q.I = d.cueBegin(q.I)
		end := k
		if d.cls[k]&lexicon.Clock != 0 {
			end = d.cueEnd(k)
		}
		q.Dim, q.Value, q.J = DimClock, minutes, end
		return true
	}
	switch {
	case d.cueStart[k] && c&(lexicon.PM|lexicon.AM) != 0:
		minutes, q.half = inHalf(minutes, c)
	case d.cueStart[k] && c&lexicon.Clock != 0 && q.Dim != DimClock:
		if _, unit := d.unit(t.Norm); unit && (amountBound(d, q.I) || q.Value >= 24) {
			// "tối đa 4 giờ", "max. 4 h": an amount of hours, not 04:00;
			// "через 24 часа", "за 24 години": a day's hours, not midnight.
			return false
		}
	case t.Kind == lexicon.Word && t.Glued && len(t.Norm) == 3 && r.lex.Is(t.Norm[:1], lexicon.Clock, d.Langs) && isSmallInt(t.Norm[1:]) && q.Dim != DimClock:
		m, _ := strconv.Atoi(t.Norm[1:])
		minutes += float64(m)
	default:
		return false
	}
	q.Dim, q.Value, q.J = DimClock, minutes, d.cueEnd(k)
	if t.Kind == lexicon.Word && !d.cueStart[k] {
		q.J = k + 1
	}
	if d.cueStart[k] && c&lexicon.Clock != 0 && q.half == 0 {
		// "15 h 30", "15 heures 30", "15 Uhr 30": the minutes written
		// after the clock word, two digits and no unit of their own.
		if m := q.J; m < len(d.Toks) && d.Toks[m].Kind == lexicon.Number && len(d.Toks[m].Norm) == 2 {
			// Not a count of its own ("um 15 Uhr 30 Personen").
			counts := m+1 < len(d.Toks) && d.Toks[m+1].Kind == lexicon.Word && !d.IsStop(m+1)
			if v, err := strconv.Atoi(d.Toks[m].Norm); err == nil && v < 60 && !counts {
				if _, _, unit := r.unit(d, m+1); !unit {
					q.Value, q.J = q.Value+float64(v), m+1
				}
			}
		}
		// The half of the day after the clock word: "um 2 Uhr
		// nachmittags" is 14:00, "7 heures du soir" 19:00.
		if m := q.J; m < len(d.Toks) && d.cueStart[m] && d.cls[m]&(lexicon.PM|lexicon.AM) != 0 {
			q.Value, q.half = inHalf(q.Value, d.cls[m])
			q.J = d.cueEnd(m)
		}
	}
	return true
}

// inHalf returns a time of day (minutes) in the half of the day its
// marker c names (pm, else am), and that half.
func inHalf(minutes float64, c lexicon.Class) (float64, byte) {
	if c&lexicon.PM != 0 {
		if minutes < 12*60 {
			minutes += 12 * 60
		}
		return minutes, 'p'
	}
	if minutes >= 12*60 {
		minutes -= 12 * 60
	}
	return minutes, 'a'
}

// clockWordBefore returns where a clock word of more than one letter
// that ends right before token i starts ("klo", "kl.", "klockan"), or -1.
// One letter ("h") is too often something else.
func (d *Doc) clockWordBefore(i int) int {
	s := d.cueBegin(i - 1)
	if s < 0 || d.cls[s]&lexicon.Clock == 0 || d.cls[s]&(lexicon.AM|lexicon.PM) != 0 || d.cueEnd(s) != i ||
		d.Toks[s].Kind != lexicon.Word || utf8.RuneCountInString(d.Toks[s].Norm) < 2 {
		return -1
	}
	return s
}

// unit looks a unit word up in the text's main language first: the same
// word can be two units in two languages that share a script ("год" is
// an hour in Ukrainian and a year in Russian), and the text's own
// language is the one its writer meant.
func (d *Doc) unit(folded string) (lexicon.Unit, bool) {
	if d.primary != 0 {
		if u, ok := d.lex.Unit(folded, d.primary); ok {
			return u, true
		}
	}
	return d.lex.Unit(folded, d.Langs)
}

// unit reads a unit at token k: a language's unit word or phrase, or a
// symbol written with or without glued parts (m³/s, °C, km/h).
func (r *Reader) unit(d *Doc, k int) (lexicon.Unit, int, bool) {
	if k >= len(d.Toks) {
		return lexicon.Unit{}, k, false
	}
	if d.cueStart[k] && d.cls[k]&lexicon.UnitWord != 0 {
		end := d.cueEnd(k)
		if u, ok := d.unit(d.phraseNorm(k, end)); ok {
			return u, end, true
		}
	}
	var best lexicon.Unit
	bestEnd := -1
	s := ""
	for m := k; m < len(d.Toks) && m < k+5; m++ {
		if m > k && !d.Toks[m].Glued || d.Toks[m].Kind == lexicon.Newline {
			break
		}
		s += d.Toks[m].Norm
		if u, ok := d.unit(s); ok {
			best, bestEnd = u, m+1
		}
	}
	// A unit's letters that an apostrophe glues to the word after them are
	// an elided article, not a unit: the "d" of "par point d'accroche" is
	// "de", not a day.
	if bestEnd > 0 && bestEnd+1 < len(d.Toks) && d.Toks[bestEnd].Glued && isApostrophe(d.Toks[bestEnd].Norm) && d.Toks[bestEnd+1].Glued && d.Toks[bestEnd+1].Kind == lexicon.Word {
		bestEnd = -1
	}
	if bestEnd > 0 {
		return best, bestEnd, true
	}
	// unit/unit written as one word: mg/kg, refunds/day.
	if t := d.Toks[k]; t.Kind == lexicon.Word && strings.Count(t.Norm, "/") == 1 {
		a, b, _ := strings.Cut(t.Norm, "/")
		ua, okA := d.unit(a)
		ub, okB := d.unit(b)
		switch {
		case okA && okB:
			return lexicon.Unit{Symbol: t.Norm, Dimension: ua.Dimension + "/" + ub.Dimension, Factor: ua.Factor / ub.Factor}, k + 1, true
		case okB && ub.Dimension == "time":
			return lexicon.Unit{Symbol: t.Norm, Dimension: "count/time", Factor: 1 / ub.Factor}, k + 1, true
		case okA:
			return ua, k + 1, true // 20 mg/dose, 2 L/ha: the unit, per a thing that is no unit
		}
	}
	return lexicon.Unit{}, k, false
}

// hyphenUnit reads a unit joined to its number by a hyphen, the way a
// measure is written before a noun: "5-minute slots", "a 24-hour soak",
// "10-day window". The hyphen is glued on both sides; "5 - 7" and "5-7"
// are ranges, read elsewhere.
func (r *Reader) hyphenUnit(d *Doc, k int) (lexicon.Unit, int, bool) {
	if k+1 >= len(d.Toks) || d.Toks[k].Norm != "-" || !d.Toks[k].Glued || !d.Toks[k+1].Glued || d.Toks[k+1].Kind != lexicon.Word {
		return lexicon.Unit{}, k, false
	}
	return r.unit(d, k+1)
}

// currencyAfter reads a currency written after the amount (18.500 €, 120万元).
func (r *Reader) currencyAfter(d *Doc, k int) (string, int, bool) {
	if k >= len(d.Toks) {
		return "", k, false
	}
	if code, ok := r.lex.Currency(d.Toks[k].Norm); ok {
		return code, k + 1, true
	}
	// A price per item written as one word ("30 Kč/ks", "25 zł/os."): the
	// currency before the slash; what it is per is the text's to say.
	if cur, _, ok := strings.Cut(d.Toks[k].Norm, "/"); ok {
		if code, ok := r.lex.Currency(cur); ok {
			return code, k + 1, true
		}
	}
	return "", k, false
}

// periodBefore reads a rate whose period is written before the value:
// "每天最多工作4小时" (per day at most 4 hours of work), "1日あたり最大
// 50,000" (per day at most 50,000), "per hour, at most 100 °C". The period
// is a per cue and a time unit, in either order, a few words before the
// value, with only bound cues and up to three words (what is counted or
// done) between; a comma ends the search ("every hour, run the check; at
// most 3 retries" is no rate).
func (r *Reader) periodBefore(d *Doc, q *Quantity) {
	switch q.Dim {
	case DimClock, DimDate, DimWeekday:
		return
	}
	if strings.HasSuffix(q.Dim, "/time") {
		return
	}
	content := 0
	for k := q.I - 1; k >= 0 && k >= q.I-10; k-- {
		t := d.Toks[k]
		if sentenceEnd(t) || t.Kind == lexicon.Newline {
			return
		}
		if d.cls[k]&lexicon.PeriodWord != 0 {
			// One word for the period: "a monthly budget of ¥150,000",
			// "saatte en fazla 100°C" (at most 100 °C in an hour).
			from := d.cueBegin(k)
			if factor, _, ok := d.periodWord(from); ok && perPeriod(q, factor) {
				q.periodAt, q.period = true, from
			}
			return
		}
		if d.cueStart[k] && d.cls[k]&lexicon.Per != 0 {
			// per + unit: 每天, per hour.
			if u, end, ok := r.unit(d, d.cueEnd(k)); ok && u.Dimension == "time" && end <= q.I {
				if perPeriod(q, u.Factor) {
					q.periodAt, q.period = true, k
				}
				return
			}
			// unit + per: 日あたり, with an optional 1 before the unit.
			for s := k - 1; s >= 0 && s >= k-3; s-- {
				if u, end, ok := r.unit(d, s); ok && end == k && u.Dimension == "time" {
					from := s
					if s > 0 && d.Toks[s-1].Kind == lexicon.Number && d.Toks[s-1].Norm == "1" {
						from = s - 1
					}
					if perPeriod(q, u.Factor) {
						q.periodAt, q.period = true, from
					}
					return
				}
			}
			return
		}
		switch {
		case d.cls[k]&(lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After|lexicon.Only) != 0:
		case t.Kind == lexicon.Number:
			if k+1 < len(d.Toks) && d.cls[k+1]&lexicon.UnitWord != 0 || k+1 < len(d.Toks) && d.Toks[k+1].Kind == lexicon.Rune && t.Norm == "1" {
				continue // the "1" of a period written 1日; not the "00" of a time ("每天 22:00 清零")
			}
			return
		case d.cls[k]&(lexicon.Coordinator|lexicon.Negation|lexicon.Must|lexicon.Condition|lexicon.Exception) != 0:
			return // "once daily and never exceed 0.2 mg/kg": another clause's period
		case t.Kind == lexicon.Word || t.Kind == lexicon.Rune:
			if d.cls[k]&lexicon.UnitWord != 0 {
				// "1日1万回": one of a time unit written right before
				// the value, with no per cue, is its period.
				if d.cueStart[k] && k > 0 && d.Toks[k-1].Kind == lexicon.Number && d.Toks[k-1].Norm == "1" && t.Kind == lexicon.Rune {
					if u, end, ok := r.unit(d, k); ok && u.Dimension == "time" && end <= q.I && onlyBoundsBetween(d, end, q.I) {
						if perPeriod(q, u.Factor) {
							q.periodAt, q.period = true, k-1
						}
						return
					}
				}
				continue // the period's own unit, read when its per cue is reached
			}
			if content++; content > 3 {
				return
			}
		default:
			return // punctuation or a symbol: another clause or a list
		}
	}
}

// onlyBoundsBetween reports tokens [i, j) that are all bound cues.
func onlyBoundsBetween(d *Doc, i, j int) bool {
	for k := i; k < j; k++ {
		if d.cls[k]&(lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After) == 0 {
			return false
		}
	}
	return true
}

// perPeriod makes q a rate per a period of factor seconds. A duration as
// long as its period or longer is no rate of it ("the hourly aggregates
// 13 months"): it leaves q as it is and says so.
func perPeriod(q *Quantity, factor float64) bool {
	if q.Dim == DimTime && q.Value >= factor {
		return false
	}
	dim := q.Dim
	if dim == DimNumber {
		dim = DimCount
	}
	q.Dim = dim + "/time"
	q.Value = q.Value / factor
	return true
}

// periodWord reads the period word at token k ("monthly", "saatte"): its
// time unit's factor, in seconds, and the token after it.
func (d *Doc) periodWord(k int) (float64, int, bool) {
	if !d.cueStart[k] || d.cls[k]&lexicon.PeriodWord == 0 {
		return 0, k, false
	}
	end := d.cueEnd(k)
	u, ok := d.lex.Period(d.phraseNorm(k, end), d.Langs)
	return u.Factor, end, ok
}

// rate reads "per second", "/ day", "every 24 hours" after q, a period
// word ("50,000 requests daily"), or, failing those, a period written
// before q (periodBefore).
func (r *Reader) rate(d *Doc, q *Quantity) {
	k := q.J
	if k < len(d.Toks) && d.Toks[k].Norm == "×" {
		k++ // 3×/24 h: a count of times
	}
	if k >= len(d.Toks) {
		r.periodBefore(d, q)
		return
	}
	isPer := d.cueStart[k] && d.cls[k]&lexicon.Per != 0 || d.Toks[k].Norm == "/"
	if n := k + 1; !isPer && n < len(d.Toks) && d.Toks[k].Kind == lexicon.Word && d.cls[k] == 0 && d.lex.IsStopword(d.Toks[k].Norm, d.Langs) && d.cueStart[n] && d.cls[n]&lexicon.Per != 0 {
		k, isPer = n, true // "€10,000 in a calendar year"
	}
	if !isPer && (q.Dim == DimNumber || q.Dim == DimCount) {
		if n, ok := d.perAfterNoun(k); ok {
			k, isPer = n, true
		}
	}
	if !isPer {
		// "50,000 requests daily": a period word after the value or its
		// counted noun.
		for n := k; n < len(d.Toks) && n <= k+2; n++ {
			if factor, end, ok := d.periodWord(n); ok {
				if perPeriod(q, factor) {
					q.J = end
				}
				return
			}
			// A coordinator opens another phrase: "30 days and the
			// hourly aggregates 13 months" holds no rate.
			if d.Toks[n].Kind != lexicon.Word || d.cls[n]&(lexicon.Per|lexicon.Coordinator|modal) != 0 {
				break
			}
		}
		r.periodBefore(d, q)
		return
	}
	m := d.cueEnd(k)
	if d.Toks[k].Norm == "/" {
		m = k + 1
	}
	n := 1.0
	if m < len(d.Toks) && d.Toks[m].Kind == lexicon.Number {
		if v, _, kind, ok := parseNumber(d.Toks[m].Norm); ok && kind == "num" && v > 0 {
			n, m = v, m+1
		}
	} else if m < len(d.Toks) && d.cueStart[m] && d.cls[m]&lexicon.NumberWord != 0 {
		// "per three days" is "per 3 days".
		if v, e, ok := r.numberWords(d, m); ok && v > 0 {
			if _, _, unit := r.unit(d, e); unit {
				n, m = v, e
			}
		}
	}
	u, end, ok := r.unit(d, m)
	if !ok && m+1 < len(d.Toks) && d.Toks[m].Kind == lexicon.Word && d.cls[m] == 0 {
		// "per calendar year", "a business day": one word before the unit.
		if u2, end2, ok2 := r.unit(d, m+1); ok2 && u2.Dimension == "time" {
			u, end, ok = u2, end2, true
		}
	}
	if (!ok || u.Dimension != "time") && m+1 < len(d.Toks) && d.Toks[m].Kind == lexicon.Word && d.cls[m]&(lexicon.Per|modal) == 0 {
		// "6 wheel changes per lift per day": the rate's period is the
		// second "per"; the first names what each count is for.
		if second := m + 1; d.cueStart[second] && d.cls[second]&lexicon.Per != 0 {
			m = d.cueEnd(second)
			n = 1 // the first "per"'s number counted the thing, not the period
			u, end, ok = r.unit(d, m)
		}
	}
	if !ok || u.Dimension != "time" {
		return
	}
	dim := q.Dim
	if dim == DimNumber {
		dim = DimCount
	}
	q.Dim = dim + "/time"
	q.Value = q.Value / (n * u.Factor)
	q.J = end
}

// perAfterNoun finds the "per" of a rate written after a counted noun of
// one or two words (5 requests per second, 6 wheel changes per day), with
// at most one bound cue among them: the bound a person writes after the
// count ("5 interventions au maximum par jour", "3 deploys at most per
// day") still bounds the rate, not a period of its own.
func (d *Doc) perAfterNoun(k int) (int, bool) {
	words, bound := 0, false
	for n := k; n < len(d.Toks) && (d.Toks[n].Kind == lexicon.Word || d.Toks[n].Norm == "/"); {
		if n > k && (d.cueStart[n] && d.cls[n]&lexicon.Per != 0 || d.Toks[n].Norm == "/") {
			return n, words > 0 || bound
		}
		if !bound && d.cueStart[n] && d.cls[n]&(lexicon.Upper|lexicon.Lower) != 0 {
			bound, n = true, d.cueEnd(n)
			continue
		}
		if words == 2 || d.cls[n]&(lexicon.Per|modal|lexicon.Coordinator) != 0 {
			return 0, false
		}
		words, n = words+1, n+1
	}
	return 0, false
}

// negatesClause reports whether the negation at token b, just before
// quantity q, is the clause's rather than the value's: it opens the
// clause and the clause goes on after the value ("No 2.3.x release gets
// yanked"). Otherwise it rules the value out ("£1,200, not £1,800"; "6
// minutes, not 4"; "I'm not 100% sure").
func (d *Doc) negatesClause(b int, q Quantity) bool {
	if b > 0 && d.Toks[b-1].Kind != lexicon.Punct && d.Toks[b-1].Kind != lexicon.Newline && d.Toks[b-1].Kind != lexicon.Symbol {
		return false
	}
	k := q.J
	// The rest of the written word (2.3.x): glued tokens, a punctuation
	// mark among them only when a glued word follows it.
	for k < len(d.Toks) && d.Toks[k].Glued && (d.Toks[k].Kind != lexicon.Punct || k+1 < len(d.Toks) && d.Toks[k+1].Glued && d.Toks[k+1].Kind != lexicon.Punct) {
		k++
	}
	return k < len(d.Toks) && d.Toks[k].Kind == lexicon.Word && d.cls[k]&(lexicon.Coordinator|lexicon.Negation|lexicon.Exception) == 0
}

// andAFraction reads a fraction said after a measure and a coordinator
// as part of it: "an hour and a half", "una hora y media", "une heure et
// demie" are 90 minutes. The fraction is a number word below one with no
// unit of its own after it, right after the coordinator or one word
// after it (an article).
func (r *Reader) andAFraction(d *Doc, q *Quantity) {
	if q.Raw <= 0 || q.Value == q.Raw || q.J >= len(d.Toks) || !d.cueStart[q.J] || d.cls[q.J]&lexicon.Coordinator == 0 {
		return
	}
	after := d.cueEnd(q.J)
	for _, k := range []int{after, after + 1} { // "y media", "and a half"
		if k >= len(d.Toks) || !d.cueStart[k] || d.cls[k]&lexicon.NumberWord == 0 {
			continue
		}
		v, e, ok := r.numberWords(d, k)
		if !ok || v <= 0 || v >= 1 {
			continue
		}
		if _, _, unit := r.unit(d, e); unit {
			return // "an hour and a half day": the half has a unit of its own
		}
		q.Value += v * q.Value / q.Raw
		q.Raw += v
		q.J = e
		return
	}
}

// numberWords reads a run of number words and scales: three thousand,
// twenty-five, 一万二千.
func (r *Reader) numberWords(d *Doc, i int) (float64, int, bool) {
	total, cur := 0.0, 0.0
	seen, joined := false, false
	k := i
	for k < len(d.Toks) && d.cueStart[k] && d.cls[k]&(lexicon.NumberWord|lexicon.ScaleWord) != 0 {
		end := d.cueEnd(k)
		key := d.phraseNorm(k, end)
		if v, ok := d.number(lexicon.NumberWord, key); ok && d.cls[k]&lexicon.NumberWord != 0 {
			if v < 1 && cur >= 1 && !joined {
				cur *= v // "ein halbes", "three quarters": a count of the fraction
			} else {
				cur += v
			}
		} else if s, ok := d.number(lexicon.ScaleWord, key); ok {
			if cur == 0 {
				cur = 1
			}
			cur *= s
			if s >= 1000 {
				total += cur
				cur = 0
			}
		} else {
			break
		}
		seen, joined = true, false
		k = end
		// "hundred and five", "cuarenta y ocho" join across a coordinator,
		// and so does a fraction after an article: "one and a half".
		if k+1 < len(d.Toks) && d.cls[k] == lexicon.Coordinator && d.cueStart[k+1] && d.cls[k+1]&lexicon.NumberWord != 0 {
			k, joined = k+1, true
		} else if k+2 < len(d.Toks) && d.cls[k] == lexicon.Coordinator && d.IsStop(k+1) && d.cueStart[k+2] && d.cls[k+2]&lexicon.NumberWord != 0 {
			if v, ok := d.number(lexicon.NumberWord, d.phraseNorm(k+2, d.cueEnd(k+2))); ok && v < 1 {
				k, joined = k+2, true
			}
		}
	}
	if !seen {
		return 0, i, false
	}
	return total + cur, k, true
}

// boundCueNear reports a bound cue within three tokens before q or two
// after it ("only one key", "one key only").
func (r *Reader) boundCueNear(d *Doc, q Quantity) bool {
	const c = lexicon.Upper | lexicon.Lower | lexicon.Only | lexicon.Before | lexicon.After
	for k := q.I - 1; k >= 0 && k >= q.I-3; k-- {
		if d.cls[k]&c != 0 {
			return true
		}
		if r.content(d, k) || d.cls[k]&^lexicon.Minus != 0 {
			break // "until the new one": the cue bounds what the word before the number names
		}
	}
	for k := q.J; k < len(d.Toks) && k < q.J+2; k++ {
		if d.cls[k]&(lexicon.Upper|lexicon.Lower|lexicon.Only) != 0 {
			return true
		}
	}
	return false
}

// op reads the bound op of q from the cues before it (at most, ≤, before)
// or after it (or less, 以下, まで); negate flips it later for a negation
// of its clause ("never above 3" is at most 3). firm reports a bound
// named outright ("at least", "at most"), which negate leaves as it is.
func (r *Reader) op(d *Doc, q Quantity) (op string, firm bool) {
	const bound = lexicon.Upper | lexicon.Lower | lexicon.Before | lexicon.After
	at := -1
	var c lexicon.Class
	if k := q.J; k < len(d.Toks) && d.Toks[k].Kind == lexicon.Rune && d.cls[k]&bound != 0 && !d.leadingBound(k) {
		// Scripts that write the bound after the number (以内, 이하, まで);
		// not a word that stands before its value ("一次最多賣 10 包": at
		// most 10 at a time, not at most one time).
		at, c = k, d.cls[k]
	}
	for k := q.I - 1; at < 0 && k >= 0 && k >= q.I-5; k-- {
		t := d.Toks[k]
		if t.Norm == "." && boundAbbreviation(d, k) {
			continue
		}
		if k == q.I-1 && k > 0 && r.content(d, k) && !t.Upper && objectType(t) == "" && d.cueStart[k-1] && d.cueEnd(k-1) == k &&
			d.cls[k-1]&(lexicon.Upper|lexicon.Lower) != 0 && d.cls[k-1]&(lexicon.Before|lexicon.After) == 0 {
			// A bound word, the one noun it bounds, the value: "minimum
			// age 16", "max speed 30".
			at, c = k-1, d.cls[k-1]
			break
		}
		if sentenceEnd(t) || t.Kind == lexicon.Number && k < q.I-1 || r.content(d, k) || t.Norm == "|" {
			break // a bound cue stands next to its number, with at most function words between, in its own table cell
		}
		if d.cls[k]&bound != 0 && k > 0 && d.Toks[k-1].Kind == lexicon.Number && k < q.I-1 {
			break // the unit or bound of the number before it: "2 min | 3"
		}
		if k == q.I-1 && q.Dim == DimDate && d.rangeWord[k] && rangeFrom(d, k, q) {
			return OpEq, false // "14. bis 24. Dezember": the far end of a range, no bound
		}
		if t.Kind == lexicon.Symbol || t.Kind == lexicon.Punct {
			if op := signOp(t.Norm); op != "" {
				return op, false
			}
		}
		if d.cls[k]&bound != 0 {
			at, c = d.cueBegin(k), d.cls[k]
			break
		}
	}
	if at < 0 {
		from := q.J
		if q.Dim == DimCount {
			from++ // past the counted noun: "12 pages max"
		} else if n := q.J; n+1 < len(d.Toks) && (d.Toks[n].Norm == "-" && d.Toks[n].Glued || r.content(d, n)) {
			// Past one noun the value names, before a bound word: "a 5 GB
			// data cap", "a 3-worker limit".
			m := n + 1
			if d.Toks[n].Norm == "-" && r.content(d, m) {
				m++
			}
			if m < len(d.Toks) && d.cueStart[m] && d.cls[m]&(lexicon.Upper|lexicon.Lower) != 0 && d.cls[m]&(lexicon.Before|lexicon.After) == 0 {
				from = m
			}
		}
		for k, limit := from, from+3; k < len(d.Toks) && k < limit; k++ {
			t := d.Toks[k]
			if e := d.cueEnd(k); d.cueStart[k] && d.cls[k]&lexicon.Per != 0 && e < len(d.Toks) && d.Toks[e].Kind == lexicon.Word && r.content(d, e) {
				// A period the amount is counted per, before its bound:
				// "six hours a night at most".
				k, limit = e, e+3
				continue
			}
			if sentenceEnd(t) || t.Norm == "," || t.Norm == "|" || t.Kind == lexicon.Number || r.content(d, k) {
				break
			}
			if d.cls[k]&(lexicon.Before|lexicon.After) != 0 && d.cls[k]&(lexicon.Upper|lexicon.Lower) == 0 && t.Kind != lexicon.Rune && !r.boundsFollow(d.Langs) && !(d.cueEnd(k)-k > 1 && d.endsAt(d.cueEnd(k))) {
				// "before"/"after" open what follows them, but in scripts
				// and languages that write them after (まで, 까지, के बाद),
				// and as a phrase standing last ("at 10:30 pm at the
				// latest", endsAt).
				break
			}
			if d.cls[k]&bound != 0 {
				// A cue that opens the next quantity is not this one's.
				if d.valueAt(d.cueEnd(k), 0) || d.leadingBound(k) {
					break
				}
				at, c = k, d.cls[k]
				break
			}
		}
	}
	for k := q.I + 1; at < 0 && strings.HasSuffix(q.Dim, "/time") && k < q.J; k++ {
		if d.cueStart[k] && d.cls[k]&(lexicon.Upper|lexicon.Lower) != 0 {
			at, c = k, d.cls[k] // inside the rate, before its period (perAfterNoun): "3 deploys at most per day"
		}
	}
	if at < 0 {
		at, c = d.headingBound(q)
	}
	if at < 0 {
		return OpEq, false
	}
	if e := d.cueEnd(at); at >= q.J && c&(lexicon.Upper|lexicon.Lower) == 0 && e < len(d.Toks) && d.cueStart[e] &&
		d.cls[e]&(lexicon.Upper|lexicon.Lower) != 0 && d.cls[e]&(lexicon.Before|lexicon.After) == 0 {
		// "24시간 전 이내", "48 hours before at most": the amount's own
		// bound follows the time word.
		at, c = e, d.cls[e]
	}
	op = OpEq
	switch {
	case c&lexicon.Upper != 0 && every(d, at, q.I):
		op = OpGE // "at most every 10 minutes": at least 10 minutes apart
	case c&lexicon.Lower != 0 && every(d, at, q.I):
		op = OpLE // "at least every 20 minutes": at most 20 minutes apart
	case c&lexicon.Upper != 0:
		op = OpLE
	case c&lexicon.Lower != 0:
		op = OpGE
	case c&lexicon.Before != 0:
		op = OpBefore
		if measured(q.Dim) {
			op = OpLE // "bis 30 Minuten", "¥150,000まで": until an amount is at most it
			if leadTime(d, q) {
				op = OpGE // "no later than 48 hours before": at least 48 hours ahead
			}
		}
	case c&lexicon.After != 0:
		op = OpAfter
		if measured(q.Dim) {
			op = OpGE
			if leadTime(d, q) {
				op = OpLE // "at the earliest 2 days before": at most 2 days ahead
			}
		}
	}
	return op, c&lexicon.Firm != 0 && c&(lexicon.Upper|lexicon.Lower) != 0
}

// boundUnitAt reads a time unit written without a number right after a
// bound word, with at most an article between: "at most a week ahead",
// "max. týden", "höchstens eine Stunde" is one unit. Only time: "at least
// a metre" is rare, "up to a point" is no quantity.
func (r *Reader) boundUnitAt(d *Doc, i int) (Quantity, bool) {
	if d.Toks[i].Kind != lexicon.Word || !d.cueStart[i] || d.cls[i]&lexicon.UnitWord == 0 {
		return Quantity{}, false
	}
	k := i - 1
	if k >= 0 && d.Toks[k].Kind == lexicon.Word && d.cls[k]&^(lexicon.Per|lexicon.NumberWord) == 0 && r.lex.IsStopword(d.Toks[k].Norm, d.Langs) {
		k-- // "a", "an", "une"
	}
	for k >= 0 && d.Toks[k].Norm == "." {
		k-- // "max."
	}
	if k < 0 || d.cls[k]&(lexicon.Upper|lexicon.Lower) == 0 || d.cls[k]&lexicon.UnitWord != 0 {
		return Quantity{}, false
	}
	u, end, ok := r.unit(d, i)
	if !ok || u.Dimension != "time" || end < len(d.Toks) && d.Toks[end].Kind == lexicon.Number {
		return Quantity{}, false // "sampai jam 21.00": the hour word names the time after it
	}
	return Quantity{I: i, J: end, Value: u.Factor, Raw: 1, Dim: u.Dimension}, true
}

// dayOfMonth reports a whole number from 1 to 31 written as a day of the
// month, "20th" (an ordinal suffix of the lexicons glued to it, not
// before a capitalised word: "6th Street" is a name) or "dia 21" (a day
// word before it), and the token after it.
func dayOfMonth(d *Doc, q Quantity) (int, bool) {
	if q.Dim != DimNumber && q.Dim != DimCount || q.Value < 1 || q.Value > 31 || q.Value != math.Trunc(q.Value) || d.Toks[q.I].Kind != lexicon.Number {
		return 0, false
	}
	if n := q.I + 1; n < len(d.Toks) && d.Toks[n].Glued && d.Toks[n].Kind == lexicon.Word && d.cls[n]&lexicon.Ordinal != 0 {
		if n+1 < len(d.Toks) && d.Toks[n+1].Kind == lexicon.Word && d.Toks[n+1].Upper {
			return 0, false // part of a name: "6th Street", "5th Avenue"
		}
		return n + 1, true
	}
	if q.Dim == DimNumber && q.I > 0 && d.cls[q.I-1]&lexicon.DayWord != 0 {
		return q.J, true
	}
	// A weekday names the day its number is of ("før tirsdag 15",
	// "Tuesday, 15"): a bare number right after it that ends there
	// ("Thursday 6–8 pm" and "Sundays 6, 13 and 20 December" go on to a
	// range or a list, "Monday 4 of them" to what it counts).
	if afterWeekday(d, q) && (q.J == len(d.Toks) || sentenceEnd(d.Toks[q.J]) || d.Toks[q.J].Kind == lexicon.Word && (d.cls[q.J]&(lexicon.Must|lexicon.Negation) != 0 || !d.IsStop(q.J) && d.cls[q.J]&(lexicon.UnitWord|lexicon.MonthWord|lexicon.RangeWord|lexicon.NumberWord|lexicon.ScaleWord|lexicon.Per) == 0)) {
		return q.J, true
	}
	return 0, false
}

// daysBeforeWeekday reports a whole number of days from 1 to 31 written
// right before a weekday or a word for a time of day ("13일 일요일",
// "12日（土）", "18일 자정"): the day of the month, not a span of days. It
// returns the day.
func daysBeforeWeekday(d *Doc, q Quantity) (float64, bool) {
	if q.Dim != DimTime || q.Raw < 1 || q.Raw > 31 || q.Raw != math.Trunc(q.Raw) || !closeTo(q.Value, q.Raw*86400) {
		return 0, false
	}
	for n := q.J; n < len(d.Toks); n++ {
		if d.cueStart[n] && d.cls[n]&(lexicon.WeekdayWord|lexicon.ClockWord) != 0 {
			return q.Raw, true // (the weekday cue may hold its bracket: "（土）"); "18일 자정", the 18th at midnight
		}
		if d.Toks[n].Kind != lexicon.Punct || d.Toks[n].Norm != "(" && d.Toks[n].Norm != "," {
			break
		}
	}
	return 0, false
}

// afterWeekday reports a bare number of one token right after a weekday,
// or after its comma ("Tuesday, 15").
func afterWeekday(d *Doc, q Quantity) bool {
	if q.Dim != DimNumber || q.J-q.I != 1 {
		return false
	}
	k := q.I - 1
	if k > 0 && d.Toks[k].Norm == "," {
		k--
	}
	return k >= 0 && d.cueStart[k] && d.cls[k]&lexicon.WeekdayWord != 0
}

// weekdaysDate reads a day and month written with a dot right after a
// weekday ("tirsdag 15.12", "Dienstag, 15.12."): a date (month × 100 +
// day), not the decimal 15.12 it would be alone.
func weekdaysDate(d *Doc, q Quantity) (float64, bool) {
	if !afterWeekday(d, q) {
		return 0, false
	}
	day, month, ok := strings.Cut(strings.TrimSuffix(d.Toks[q.I].Norm, "."), ".")
	if !ok {
		return 0, false
	}
	dd, err1 := strconv.Atoi(day)
	mm, err2 := strconv.Atoi(month)
	if err1 != nil || err2 != nil || len(month) > 2 || dd < 1 || dd > 31 || mm < 1 || mm > 12 {
		return 0, false
	}
	return float64(mm*100 + dd), true
}

// SameDay reports a day of the month (DimDay) and a date (DimDate, month
// × 100 + day) of that day: "the 20th" and "20 December".
func SameDay(dimA string, a float64, dimB string, b float64) bool {
	if dimA == DimDate {
		dimA, a, dimB, b = dimB, b, dimA, a
	}
	return dimA == DimDay && dimB == DimDate && math.Mod(b, 100) == a
}

// sectionNumber reports a number written right after a section or
// paragraph sign ("§3 Transport", "¶ 12"): the clause's label, no value a
// summary must repeat.
func sectionNumber(d *Doc, i int) bool {
	if i == 0 || d.Toks[i].Kind != lexicon.Number {
		return false
	}
	p := d.Toks[i-1]
	return p.Norm == "§" || p.Norm == "¶" || p.Norm == "§§"
}

// outlineNumber reports the number of an item in a numbered document,
// written first on its line in levels ("4.1 Samples must not …", "2.3.1
// Access"): the item's label, neither a value nor a name a summary must
// repeat. A capitalised word follows it; a unit, a scale or a word in
// capitals would make it a value ("1.5 Hours", "1.5 Millionen", "12.50
// EUR").
func outlineNumber(d *Doc, i int) bool {
	if !outlineLabel(d.Toks, i) || d.cls[i+1]&(lexicon.UnitWord|lexicon.ScaleWord) != 0 {
		return false
	}
	_, unit := d.unit(d.Toks[i+1].Norm)
	return !unit
}

// outlineLabel reports the shape of an outline number at token i: levels
// of one or two digits joined by dots, first on its line, a capitalised
// word after it.
func outlineLabel(ts []lexicon.Token, i int) bool {
	t := ts[i]
	if t.Kind != lexicon.Number || strings.Count(t.Norm, ".") == 0 || strings.ContainsAny(t.Norm, ",:") {
		return false
	}
	for _, part := range strings.Split(strings.TrimSuffix(t.Norm, "."), ".") {
		if part == "" || len(part) > 2 {
			return false
		}
	}
	if i > 0 && ts[i-1].Kind != lexicon.Newline {
		return false
	}
	n := i + 1
	return n < len(ts) && ts[n].Kind == lexicon.Word && ts[n].Upper && !allCaps(ts[n].Text) // not "12.50 EUR"
}

// numbered reports a number at token i that numbers the noun before it
// ("Lines 3, 5 May": line 3, not the 3rd): a word right before it that is
// no function word, weekday or month.
func (r *Reader) numbered(d *Doc, i int) bool {
	if i == 0 {
		return false
	}
	p := d.Toks[i-1]
	if p.Kind != lexicon.Word || r.lex.IsStopword(p.Norm, d.Langs) {
		return false
	}
	return d.cls[i-1]&(lexicon.WeekdayWord|lexicon.MonthWord) == 0
}

// boundWordAt reads a bound written as one hyphenated word, a bound cue
// and a number: "under-18s", "over-65s", "under-5s" (people under 18,
// over 65) are bounds, read as "under 18" and "over 65" are. The cue is
// the lexicons' (Upper, Lower); the value is a plain number.
func (r *Reader) boundWordAt(d *Doc, i int) (Quantity, bool) {
	t := d.Toks[i]
	h := strings.LastIndexByte(t.Norm, '-')
	if t.Kind != lexicon.Word || h <= 0 || h == len(t.Norm)-1 {
		return Quantity{}, false
	}
	digits := strings.TrimSuffix(t.Norm[h+1:], "s")
	n, err := strconv.Atoi(digits)
	if err != nil || n <= 0 || len(digits) > 3 {
		return Quantity{}, false
	}
	op := ""
	for _, c := range r.lex.Match(lexicon.Tokens(t.Norm[:h]), d.Langs, d.Langs) {
		switch {
		case c.Class&lexicon.Upper != 0:
			op = OpLE // as "under 18" reads (Reader.op)
		case c.Class&lexicon.Lower != 0:
			op = OpGE
		}
	}
	if op == "" {
		return Quantity{}, false
	}
	return Quantity{I: i, J: i + 1, Value: float64(n), Raw: float64(n), Dim: DimNumber, ownOp: op}, true
}

// every reports an interval word ("every", "alle", "co") between a bound
// cue at token at and its number at token i: the bound is on how often,
// the number is the interval between.
func every(d *Doc, at, i int) bool {
	for k := at; k < i; k++ {
		if d.cls[k]&lexicon.Every != 0 && d.cls[k]&(lexicon.Upper|lexicon.Lower) == 0 {
			return true
		}
	}
	return false
}

// leadTime reports a duration followed by a before word ("48 hours
// before", "14 dage før", "14 Tage vorher"): how far ahead of something,
// so a deadline word before it ("no later than", "senest", "spätestens")
// bounds the lead from below.
func leadTime(d *Doc, q Quantity) bool {
	if q.Dim != "time" {
		return false
	}
	for k := q.J; k < len(d.Toks) && k < q.J+2; k++ {
		if d.cueStart[k] && d.cls[k]&lexicon.Before != 0 {
			return true
		}
		if d.Toks[k].Kind != lexicon.Word {
			return false
		}
	}
	return false
}

// measured reports a quantity that is an amount (money, a duration, a
// length, a count of something), not a point in time or a bare number:
// before and after bound an amount from above and below.
func measured(dim string) bool {
	switch dim {
	case DimClock, DimDate, DimWeekday, DimDay, DimNumber:
		return false
	}
	return true
}

// negate flips the op of each bound whose clause holds a negation, before
// or after it: "never above 3" and "claims above 3 are not approved" are
// at most 3. A bound named by a firm word ("at least 7 days") is not
// flipped: the negation is said of the act it measures. It runs once the
// clauses are cut, so that the negation of one atom does not flip the
// bound of the next. A value right after a
// negation ("£1,200, not £1,800") is marked Negated: a value ruled out.
func (r *Reader) negate(d *Doc) {
	const bound = lexicon.Upper | lexicon.Lower | lexicon.Before | lexicon.After
	for qi := range d.Quants {
		q := &d.Quants[qi]
		if q.Negated || q.firm {
			continue
		}
		if q.Op == OpEq || q.Clause < 0 || q.Clause >= len(d.Clauses) {
			continue
		}
		c := d.Clauses[q.Clause]
		for k := c.I; k < c.ruleJ; k++ {
			if k >= q.I && k < q.J || c.Reason != nil && k >= c.Reason.I && k < c.Reason.J && (q.I < c.Reason.I || q.I >= c.Reason.J) {
				continue // the value's own tokens, or a reason's negation ("at most 18 because the ramp doesn't hold")
			}
			if (d.cls[k]&lexicon.Negation != 0 || d.noMoreAfter(k, q)) && d.cls[k]&bound == 0 && !d.valueNeg[k] && !d.scopeBreak(k, q) && !(k > q.I && d.waitsAfter(k, c.ruleJ)) && !d.onlyBetween(k, q) && !d.splitNegation(k, q) {
				q.Op = Flip(q.Op)
				break
			}
		}
	}
	// A day or a date written after its weekday ("før tirsdag 15", "før
	// tirsdag 15. desember") is one point in time with it: it is bounded
	// as the weekday is.
	for qi := 1; qi < len(d.Quants); qi++ {
		p, q := d.Quants[qi-1], &d.Quants[qi]
		if (q.Dim == DimDay || q.Dim == DimDate) && p.Dim == DimWeekday && q.I-p.J <= 1 && p.Clause == q.Clause {
			q.Op = p.Op
		}
	}
}

// noMoreAfter reports a lift phrase that holds a negation ("no longer",
// "niet meer", "nicht mehr") after a time the clause starts from: "na
// 16:30 wordt er niet meer gewandeld" forbids walking from 16:30 on, as a
// negation does. A lift without one ("after 17:00 it's ok to merge")
// allows, and flips nothing.
func (d *Doc) noMoreAfter(k int, q *Quantity) bool {
	if q.Op != OpAfter || k <= q.I || d.cls[k]&lexicon.Lift == 0 || !d.cueStart[k] {
		return false
	}
	return d.phraseHolds(k, lexicon.Negation)
}

// phraseHolds reports a word of the cue phrase that starts at k which is,
// read alone, a cue of class c: the "niet" of "niet meer", the "non" of
// "non superare".
func (d *Doc) phraseHolds(k int, c lexicon.Class) bool {
	for m := k; m < d.cueEnd(k); m++ {
		if d.lex.Is(d.Toks[m].Norm, c, d.Langs) {
			return true
		}
	}
	return false
}

// splitNegation reports a negation written inside a bound's phrase, right
// after a cue that holds a negation of its own and before the value: the
// second half of that negation ("non superare mai i 600 euro"), which
// says the bound once, not its flip. After a cue with none ("by never
// running more than 3") it flips as any negation does.
func (d *Doc) splitNegation(k int, q *Quantity) bool {
	const bound = lexicon.Upper | lexicon.Lower | lexicon.Before | lexicon.After
	if k == 0 || k >= q.I || d.cls[k-1]&bound == 0 {
		return false
	}
	return d.phraseHolds(d.cueBegin(k-1), lexicon.Negation)
}

// onlyBetween reports an "only" cue between the negation at k and the
// value q: the negation is the other half of an exclusive construction
// ("１月５日以降しか受けません", "on n'accepte qu'après le 5 janvier"), which
// says only that side of the bound, not its flip.
func (d *Doc) onlyBetween(k int, q *Quantity) bool {
	lo, hi := q.J, k
	if k < q.I {
		lo, hi = k+1, q.I
	}
	for m := lo; m < hi; m++ {
		if d.cls[m]&lexicon.Only != 0 {
			return true
		}
	}
	return false
}

// waitsAfter reports a before/after cue after the negation at k, up to
// end, that no value follows: the negation is a wait ("a quote above £150
// means nothing is started until the customer has approved it"), which
// holds the bound before it as it is, not its flip.
func (d *Doc) waitsAfter(k, end int) bool {
	for m := k + 1; m < end && m < len(d.Toks); m++ {
		if d.cls[m]&(lexicon.Before|lexicon.After) == 0 || d.cls[m]&(lexicon.Upper|lexicon.Lower) != 0 {
			continue
		}
		if d.valueAt(d.cueEnd(m), lexicon.ClockWord) {
			return false // "not … before 9:00" bounds a time of its own
		}
		return true
	}
	return false
}

// boundEnd returns the token after q and the bound cue written right
// after it ("19:00-க்குப் பிறகு", "3-nál több"): where a verb-final
// rule's phrase about the value ends, from which its negation is counted.
func (d *Doc) boundEnd(q *Quantity) int {
	const bound = lexicon.Upper | lexicon.Lower | lexicon.Before | lexicon.After
	end := q.J
	for end < len(d.Toks) && (d.cls[end]&bound != 0 || d.Toks[end].Norm == "-" && d.Toks[end].Glued) {
		end++
	}
	return end
}

// scopeBreak reports a boundary between a negation at token k and the
// quantity q that keeps the negation from reaching q's bound: a colon (a
// topic's "from Monday:" is not what "no cargo bikes" negates), a table
// cell or parenthesis, a comma or exception cue before a negation that
// follows the value, a negation more than four words after it, or a
// time, condition or exception cue opening the quantity's own phrase
// ("must not be delivered until the moisture is under 18 %": the
// negation forbids the delivery; the bound stays "under").
func (d *Doc) scopeBreak(k int, q *Quantity) bool {
	from, to := k+1, q.I
	if k > q.I {
		from, to = q.J, k
	}
	// A negation far after the value, in a script written with spaces, is
	// a later phrase's ("limited to 18 cars because the ramp is out of
	// service"); a verb-final rule puts its negation right after its value
	// ("400 Zeilen nicht überschreiten").
	if k > q.I && k-d.boundEnd(q) > 4 && d.Toks[k].Kind != lexicon.Rune {
		return true
	}
	for m := from; m < to; m++ {
		if t := d.Toks[m]; t.Kind == lexicon.Punct && (t.Norm == ":" || t.Norm == "：") {
			// A heading that bounds the time of day, and a negation that
			// opens what follows it ("After 10 pm: no music", "Kerstavond
			// na 20 uur: geen ritten") say one rule: "no music after 10
			// pm". A date or an amount in a heading is when the rule
			// starts or whom it is for ("vanaf maandag: geen …", "Lena
			// (unter 18): nicht vor 4 Uhr"), not a bound the negation
			// turns.
			if k > q.I && k-m <= 2 && q.Op != OpEq && q.Dim == DimClock {
				continue
			}
			return true
		}
		// A table cell or a parenthesis is a phrase of its own: "PR ≤ 400
		// lines | 152 lines (912 generated not counted)". An aside closed
		// before the negation is passed over: "18:00以降（午後6時以降）の
		// 枠は受け付けない" negates the 18:00 too.
		if t := d.Toks[m]; t.Norm == "(" || t.Norm == "（" {
			if end := closing(d, m, to); end > 0 {
				m = end
				continue
			}
			return true
		}
		if t := d.Toks[m]; t.Norm == "|" || t.Norm == ")" || t.Norm == "）" {
			return true
		}
		// A negation after the value, past a comma or an exception cue,
		// is another phrase's: "at most 400 lines, not counting generated
		// files".
		if k > q.I && (d.Toks[m].Norm == "," || d.Toks[m].Norm == "—" || d.Toks[m].Norm == ";" || d.cls[m]&lexicon.Exception != 0) {
			return true
		}
		if k < q.I && d.cls[m]&(lexicon.Before|lexicon.After|lexicon.Condition|lexicon.Exception) != 0 && d.cls[m]&(lexicon.Upper|lexicon.Lower|lexicon.Negation) == 0 && !d.ownTimeCue(m, q) {
			return true
		}
	}
	return false
}

// closing returns the token that closes the parenthesis opened at m,
// before token to, or -1.
func closing(d *Doc, m, to int) int {
	for n := m + 1; n < to; n++ {
		switch d.Toks[n].Norm {
		case "(", "（":
			return -1 // nested: read as a break
		case ")", "）":
			return n
		}
	}
	return -1
}

// ownTimeCue reports whether the before/after cue at token m is q's own
// op ("may not start before 10 pm"): the negation then reaches the bound
// it forbids, which holds as its flip. A cue that opens a phrase of its
// own before q's cue ("not … until the moisture is under 18 %") is a
// break.
func (d *Doc) ownTimeCue(m int, q *Quantity) bool {
	if q.Op != OpBefore && q.Op != OpAfter || d.cls[m]&(lexicon.Before|lexicon.After) == 0 {
		return false
	}
	for n := d.cueEnd(m); n < q.I; n++ {
		if d.cls[n] != 0 || !d.IsStop(n) {
			return false // another cue or a word of content between: m opens its own phrase
		}
	}
	return true
}

// isCurrency reports whether token k names a currency.
func (r *Reader) isCurrency(d *Doc, k int) bool {
	if k < 0 || k >= len(d.Toks) {
		return false
	}
	_, ok := r.lex.Currency(d.Toks[k].Norm)
	return ok
}

// year takes a year written after a date (14 March 2027, Dec 3, 2026)
// into it.
func (r *Reader) year(d *Doc, q *Quantity) {
	k := q.J
	if k < len(d.Toks) && d.Toks[k].Norm == "," {
		k++
	}
	if yearAt(d, k) {
		q.J = k + 1
	}
}

// yearAt reports a year written in four digits at token k.
func yearAt(d *Doc, k int) bool {
	if k >= len(d.Toks) || d.Toks[k].Kind != lexicon.Number || len(d.Toks[k].Norm) != 4 {
		return false
	}
	y, err := strconv.Atoi(d.Toks[k].Norm)
	return err == nil && y >= 1900 && y <= 2200
}

// Side is the side of its value a bound op holds: "upper" for at most,
// before and until, "lower" for at least and after, the op itself for
// "=" and "between".
func Side(op string) string {
	switch op {
	case OpLE, OpLT, OpBefore, OpUntil:
		return "upper"
	case OpGE, OpGT, OpAfter:
		return "lower"
	}
	return op
}

// Flip is op seen from the other side: <= and >=, < and >, before and
// after swap. A bound a prohibition forbids ("not before 10 pm") holds as
// its flip ("after 22:00").
func Flip(op string) string {
	switch op {
	case OpLE:
		return OpGE
	case OpGE:
		return OpLE
	case OpLT:
		return OpGT
	case OpGT:
		return OpLT
	case OpBefore:
		return OpAfter
	case OpAfter:
		return OpBefore
	}
	return op
}

// parseNumber reads a folded number token: 1,500 1.500 1 500 2,00,000
// 1.500,00 1,5 0.025 17:00 2026-12-04 04/12/2026 2-4. kind is "num",
// "clock" (minutes since midnight), "date" (month×100+day) or "range".
func parseNumber(s string) (v, v2 float64, kind string, ok bool) {
	if h, m, found := strings.Cut(s, ":"); found {
		hh, e1 := strconv.Atoi(h)
		mm, e2 := strconv.Atoi(m)
		if e1 == nil && e2 == nil && hh <= 24 && mm < 60 {
			return float64(hh*60 + mm), 0, "clock", true
		}
		return 0, 0, "", false
	}
	if strings.ContainsAny(s, "-/") {
		parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '/' })
		nums := make([]int, 0, len(parts))
		for _, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil {
				return 0, 0, "", false
			}
			nums = append(nums, n)
		}
		switch {
		case len(nums) == 3 && len(parts[0]) == 4: // 2026-12-04
			return float64(nums[1]*100 + nums[2]), 0, "date", true
		case len(nums) == 3 || len(nums) == 2 && strings.Contains(s, "/") && nums[1] <= 12 && nums[0] <= 31:
			day, month := nums[0], nums[1]
			if month > 12 && day <= 12 { // 12/25/2026
				day, month = month, day
			}
			return float64(month*100 + day), 0, "date", true
		case len(nums) == 2 && strings.Contains(s, "/") && nums[0] >= 1 && nums[0] <= 12 && nums[1] > 12 && nums[1] <= 31:
			return float64(nums[0]*100 + nums[1]), 0, "date", true // 12/27: a day past 12 shows the month leads
		case len(nums) == 2 && strings.Contains(s, "-") && nums[0] < nums[1]:
			return float64(nums[0]), float64(nums[1]), "range", true
		}
		return 0, 0, "", false
	}
	if parts := strings.Split(s, "."); len(parts) == 3 && (len(parts[2]) == 4 || len(parts[2]) == 2) {
		if date, ok := dateOf(parts[0], parts[1]); ok {
			return date, 0, "date", true // 15.01.2027
		}
	}
	s = strings.NewReplacer("'", "", "\u00a0", "", "\u202f", "", "\u2009", "", " ", "").Replace(s)
	commas, dots := strings.Count(s, ","), strings.Count(s, ".")
	lastSep := strings.LastIndexAny(s, ",.")
	switch {
	case commas > 0 && dots > 0: // the last separator is the decimal point
		dec := s[lastSep]
		group := byte(',')
		if dec == ',' {
			group = '.'
		}
		s = strings.ReplaceAll(s, string(group), "")
		s = strings.Replace(s, string(dec), ".", 1)
	case commas+dots > 1: // one separator, many times: grouping (1,000,000; 2,00,000), else not a number (1.26.4)
		groups := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '.' })
		for gi, g := range groups[1:] {
			last := gi == len(groups)-2
			if len(g) != 3 && !(len(g) == 2 && !last) {
				return 0, 0, "", false
			}
		}
		s = strings.NewReplacer(",", "", ".", "").Replace(s)
	case commas+dots == 1:
		after := len(s) - lastSep - 1
		if after == 3 && !strings.HasPrefix(s, "0") {
			s = strings.NewReplacer(",", "", ".", "").Replace(s) // 1,500 and 1.500
		} else {
			s = strings.Replace(s, ",", ".", 1) // 1,5 and 0.025
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, 0, "", false
	}
	return f, 0, "num", true
}

// hyphenated reads a number written as one hyphenated word: forty-eight,
// half-hour (a number word and a unit).
func (r *Reader) hyphenated(d *Doc, i int) (Quantity, bool) {
	parts := strings.Split(d.Toks[i].Norm, "-")
	q := Quantity{I: i, J: i + 1, Dim: DimNumber}
	seen := false
	for pi, p := range parts {
		if v, ok := d.number(lexicon.NumberWord, p); ok {
			q.Value += v
			seen = true
			continue
		}
		if s, ok := d.number(lexicon.ScaleWord, p); ok && seen {
			q.Value *= s
			continue
		}
		if u, ok := d.unit(p); ok && seen && pi == len(parts)-1 {
			q.Dim, q.Value = u.Dimension, q.Value*u.Factor
			return q, true
		}
		return q, false
	}
	if !seen {
		return q, false
	}
	// forty-eight thousand rows: the scale and the unit may follow.
	if q.J < len(d.Toks) && d.cueStart[q.J] && d.cls[q.J]&lexicon.ScaleWord != 0 {
		end := d.cueEnd(q.J)
		if s, ok := d.number(lexicon.ScaleWord, d.phraseNorm(q.J, end)); ok {
			q.Value, q.J = q.Value*s, end
		}
	}
	if u, end, ok := r.unit(d, q.J); ok {
		q.Dim, q.Value, q.J = u.Dimension, q.Value*u.Factor, end
	}
	return q, true
}

// content reports a word that carries meaning: not a cue, not a function
// word.
func (r *Reader) content(d *Doc, k int) bool {
	t := d.Toks[k]
	return t.Kind == lexicon.Word && d.cls[k] == 0 && !r.lex.IsStopword(t.Norm, d.Langs)
}

// enumerator reports a small number that numbers a list item: "(1)",
// "2)" or "3." opening a line.
func enumerator(d *Doc, i int) bool {
	if !isSmallInt(d.Toks[i].Norm) || len(d.Toks[i].Norm) > 2 || i+1 >= len(d.Toks) {
		return false
	}
	next := d.Toks[i+1].Norm
	if next != ")" && next != "." {
		return false
	}
	if i > 0 && d.Toks[i-1].Norm == "(" {
		return next == ")"
	}
	lineStart := i == 0 || d.Toks[i-1].Kind == lexicon.Newline
	return lineStart && (next == ")" || next == "." && (i+2 >= len(d.Toks) || !d.Toks[i+2].Glued))
}

// spacedDate reports a day and a month written as ordinals at token i:
// "29", ".", "1", "." with the day 1–31 and the month 1–12, the dots
// glued to their numbers and the month apart from the day's dot.
func spacedDate(d *Doc, i int) bool {
	if i+3 >= len(d.Toks) || i+4 < len(d.Toks) && d.Toks[i+4].Kind == lexicon.Number && !yearAt(d, i+4) {
		return false // "1. 2. 3.": a numbered list; "12. 12. 2026" is a date
	}
	if i >= 2 && d.Toks[i-1].Norm == "." && d.Toks[i-2].Kind == lexicon.Number {
		return false
	}
	t, dot1, m, dot2 := d.Toks[i], d.Toks[i+1], d.Toks[i+2], d.Toks[i+3]
	if dot1.Norm != "." || !dot1.Glued || m.Kind != lexicon.Number || m.Glued || dot2.Norm != "." || !dot2.Glued {
		return false
	}
	day, _, k1, ok1 := parseNumber(t.Norm)
	month, _, k2, ok2 := parseNumber(m.Norm)
	return ok1 && ok2 && k1 == "num" && k2 == "num" && day >= 1 && day <= 31 && day == math.Trunc(day) && month >= 1 && month <= 12 && month == math.Trunc(month)
}

// WritesDate reports a number of two parts, day and month in either order
// ("14.11", "11.14."), that reads as date (month×100+day, DimDate's value):
// how a summary writes "14 listopada" or "Nov 14" without the month's
// name. A year is not compared.
func WritesDate(text string, date float64) bool {
	a, b, ok := strings.Cut(strings.TrimRight(text, "."), ".")
	if !ok {
		return false
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return false
	}
	want := int(date) % 10000
	valid := func(day, month int) bool { return day >= 1 && day <= 31 && month >= 1 && month <= 12 }
	return valid(x, y) && y*100+x == want || valid(y, x) && x*100+y == want
}

// valueAt reports a value starting at token e, right after a cue: a
// number, or a number, month or weekday word, or a word of the classes
// also ("noon" for a time cue).
func (d *Doc) valueAt(e int, also lexicon.Class) bool {
	return e < len(d.Toks) && (d.Toks[e].Kind == lexicon.Number || d.cls[e]&(lexicon.NumberWord|lexicon.MonthWord|lexicon.WeekdayWord|also) != 0)
}

// headingBound returns the limit noun that heads q's clause, with no
// value between ("上限はオーバーホール込みで３５，０００円": the cap, the
// overhaul included, is 35,000 yen), and its class; -1 when there is
// none. A limit noun (lexicon bound_nouns) names its value however many
// words stand between; a superlative ("最大の問題", the biggest problem)
// does not.
func (d *Doc) headingBound(q Quantity) (int, lexicon.Class) {
	for k := q.I - 1; k >= 0 && k >= q.I-24; k-- {
		t := d.Toks[k]
		if sentenceEnd(t) || t.Kind == lexicon.Number || t.Norm == "," || t.Norm == "，" || t.Norm == "、" || t.Norm == "|" || t.Kind == lexicon.Newline {
			break
		}
		if d.cueStart[k] && d.cls[k]&(lexicon.Upper|lexicon.Lower) != 0 && d.lex.IsBoundNoun(d.phraseNorm(k, d.cueEnd(k)), d.Langs) {
			return k, d.cls[k]
		}
	}
	return -1, 0
}

// leadingBound reports a bound cue at token k, in a script written
// without spaces, that stands before its value (lexicon leading_bounds).
func (d *Doc) leadingBound(k int) bool {
	return d.Toks[k].Kind == lexicon.Rune && d.lex.IsLeadingBound(d.phraseNorm(k, d.cueEnd(k)), d.Langs)
}

// endsAt reports that nothing of the clause follows token k: the text
// ends there, or a sentence end or a comma does. A time cue of several
// words standing last ("at 10:30 pm at the latest", "at 9 at the
// earliest") closes the value before it rather than opening one after it;
// a one-word cue there is more often a verb's particle ("läuft am 15.
// Januar ab") and is left alone.
func (d *Doc) endsAt(k int) bool {
	if k >= len(d.Toks) {
		return true
	}
	t := d.Toks[k]
	return sentenceEnd(t) || t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == "，" || t.Norm == ")")
}

// perDenominator reports the "1" of a denominator written glued before its per
// word, with at most one counter between ("1인당": per person, "1장당":
// per sheet): it counts nothing the rule bounds. A time unit there ("1日")
// is a period, read as one (periodBefore).
func perDenominator(d *Doc, i int) bool {
	if d.Toks[i].Norm != "1" {
		return false
	}
	for k := i + 1; k < len(d.Toks) && k <= i+2; k++ {
		t := d.Toks[k]
		if !t.Glued || t.Kind != lexicon.Rune || d.cls[k]&lexicon.UnitWord != 0 {
			return false
		}
		if d.cls[k]&lexicon.Per != 0 {
			return true
		}
	}
	return false
}

// nameRangeEnd returns the name a number glued after a run of names ends
// with ("ingest-01..04", "web-1–4": ingest-04, web-4), "" when the number
// is none: the name before it ends with digits, and ".." or a dash joins
// them with no space.
func nameRangeEnd(d *Doc, k int) string {
	t := d.Toks[k]
	if t.Kind != lexicon.Number || !t.Glued {
		return ""
	}
	j := k - 1
	for j >= 0 && d.Toks[j].Kind == lexicon.Punct && d.Toks[j].Norm == "." && d.Toks[j].Glued {
		j--
	}
	switch {
	case j == k-3: // ".."
	case j == k-1 && d.Toks[j].Glued && spanDash(d.Toks[j].Norm):
		j--
	default:
		return ""
	}
	if j < 0 || d.Toks[j].Kind != lexicon.Word {
		return ""
	}
	name := d.Toks[j].Text
	stem := strings.TrimRightFunc(name, unicode.IsDigit)
	if stem == name || stem == "" {
		return ""
	}
	// The digits follow a joiner or a letter ("ingest-01", "db01"), not a
	// dot of a version ("v1.2..4" is no run of names).
	if last, _ := utf8.DecodeLastRuneInString(stem); last != '-' && last != '_' && !unicode.IsLetter(last) {
		return ""
	}
	return stem + t.Text
}

// isApostrophe reports a token that is an apostrophe, typed or typographic.
func isApostrophe(s string) bool { return s == "'" || s == "’" || s == "ʼ" }

// plainWordAbbrev reports a weekday's short form written in lower case
// as a word among words: "I sat on hold", "la mer calme", "zo snel". A
// weekday it is when capitalised ("Sat"), after a number, or before
// anything but a plain word: the end, punctuation, a date or a time ("sat
// 19", "mer. 16/12"), or another day ("sat and sun").
func (d *Doc) plainWordAbbrev(i int) bool {
	t := d.Toks[i]
	if end := d.cueEnd(i); end == i+2 && d.Toks[i+1].Norm == "." && !t.Upper && d.primary != 0 && d.lex.IsStopword(t.Norm, d.primary) {
		// A short form that is also a function word, written with its
		// dot in lower case ("so." of "wir machen das so."), is a day
		// only before a date, a time or another day: "so., 27.12.2026".
		// Another ("fr.", "sam.") stays a day wherever it stands.
		n := end
		for n < len(d.Toks) && d.Toks[n].Norm == "," {
			n++
		}
		return n >= len(d.Toks) || d.Toks[n].Kind != lexicon.Number && d.cls[n]&(lexicon.MonthWord|lexicon.WeekdayWord) == 0
	}
	if d.cueEnd(i) != i+1 || t.Upper || utf8.RuneCountInString(t.Norm) > 3 {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(t.Norm); !unicode.IsLower(r) {
		return false // a script without case
	}
	if i > 0 && d.Toks[i-1].Kind == lexicon.Number {
		return false
	}
	// A word among words: the next token is a word that names no day,
	// month or range and joins none ("I sat on hold", "la mer calme").
	// At the end, before punctuation or a number, and in a list of days
	// ("sat and sun", "thu, fri") it is a weekday.
	n := i + 1
	if n >= len(d.Toks) || d.Toks[n].Kind != lexicon.Word {
		return false
	}
	return d.cls[n]&(lexicon.MonthWord|lexicon.WeekdayWord|lexicon.Coordinator) == 0 && !d.rangeWord[n]
}
