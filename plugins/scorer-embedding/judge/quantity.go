package judge

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quantity classes. Two quantities can only be equal, or one an altered
// form of the other, within one class.
const (
	ClassNumber   = "num"   // a count or bare number; Noun says of what
	ClassRate     = "rate"  // events per second
	ClassDuration = "dur"   // seconds
	ClassPercent  = "pct"   // percent
	ClassBytes    = "bytes" // bytes
	ClassDate     = "date"  // Year (0 when absent), Month, Day (0 when absent)
	ClassVersion  = "ver"   // Version string
	ClassFactor   = "mult"  // "15x"
	ClassClock    = "clock" // a time of day, in minutes after midnight
	// ClassMoney is a prefix: "money:usd", "money:eur", "money:usd/h".
	ClassMoney = "money"
	// ClassPhysical is a prefix: a physical quantity in the SI base unit
	// of its dimension, "phys:m" (12 mm = 0.012), "phys:w" (12 MW =
	// 12e6), "phys:m/s" (72 km/h = 20), "phys:g/s" (400 mg per day).
	ClassPhysical = "phys"
)

// Quantity is one number of a text with its unit, normalised so that
// equal commitments compare equal whatever their spelling: "5 requests per
// second" and "5 req/s" are both {rate 5}; "24 hours" and "1 day" both
// {dur 86400}; "48k tokens" and "48,000 tokens" both {num 48000 token};
// "Friday, December 4" and "2026-12-04" the same date.
type Quantity struct {
	Class   string
	Value   float64
	Version string
	Year    int
	Month   int
	Day     int
	// Noun is the stem of the counted noun ("row" in "5,000 rows").
	Noun string
	// Count is, for a rate of counted things, the count before its period
	// (50 in "50 refunds per day").
	Count float64
	// Swap is set on a date written d/m/y or m/d/y that reads either way
	// (04/05/2026): it equals a date with day and month swapped too.
	Swap bool
	// GluedM is set on a duration written with a glued "m" (150m): it
	// may be metres too, and equals that many metres.
	GluedM bool
	// Per is, for a duration or amount of a period ("3 hours a week", "3
	// ore al giorno"), the period in seconds; 0 when none is written. Two
	// quantities with different periods differ.
	Per float64
	// Bound is the direction of a bound written right before the number:
	// +1 for a ceiling ("at most", "au plus", "höchstens", "max."), -1 for
	// a floor ("at least", "au moins", "mindestens", "min."), 0 for none.
	// A ceiling and a floor on the same value differ.
	Bound int8
	// HourH is set on a whole number of hours up to 24 written with a
	// bare "h" (16 h, 9h): the French and German way of writing a time of
	// day, so it equals that clock time too ("avant 16 h" = "avant 16h00").
	HourH bool
	// Start and End locate the quantity in the text it was parsed from.
	Start, End int
}

// String renders the normalised quantity for a person, in the notes of a
// verdict: "17:00", "90 days", "5 per second", "5%", "1,500,000 USD",
// "195 MB", "2026-12-04", never the internal unit ("clock 1020").
func (q Quantity) String() string {
	bound := ""
	switch q.Bound {
	case 1:
		bound = "at most "
	case -1:
		bound = "at least "
	}
	return bound + q.value() + q.period()
}

func (q Quantity) value() string {
	n := func(v float64) string { return groupThousands(strconv.FormatFloat(v, 'f', -1, 64)) }
	switch {
	case q.Class == ClassDate:
		switch {
		case q.Year == 0 && q.Day == 0:
			return fmt.Sprintf("month %02d", q.Month)
		case q.Year == 0:
			return fmt.Sprintf("%02d-%02d", q.Month, q.Day)
		case q.Day == 0:
			return fmt.Sprintf("%04d-%02d", q.Year, q.Month)
		}
		return fmt.Sprintf("%04d-%02d-%02d", q.Year, q.Month, q.Day)
	case q.Class == ClassVersion:
		return "version " + q.Version
	case q.Class == ClassClock:
		m := int(math.Round(q.Value))
		return fmt.Sprintf("%02d:%02d", m/60%24, m%60)
	case q.Class == ClassDuration:
		return humanSeconds(q.Value)
	case q.Class == ClassRate:
		if q.Noun != "" {
			return n(q.Value) + " " + q.Noun + " per second"
		}
		return n(q.Value) + " per second"
	case q.Class == ClassPercent:
		return n(q.Value) + "%"
	case q.Class == ClassFactor:
		return n(q.Value) + "×"
	case q.Class == ClassBytes:
		return humanBytes(q.Value)
	case strings.HasPrefix(q.Class, ClassMoney+":"):
		return n(q.Value) + " " + strings.ToUpper(strings.TrimPrefix(q.Class, ClassMoney+":"))
	case strings.HasPrefix(q.Class, ClassPhysical+":"):
		return n(q.Value) + " " + strings.TrimPrefix(q.Class, ClassPhysical+":")
	}
	if q.Noun != "" {
		return n(q.Value) + " " + q.Noun
	}
	return n(q.Value)
}

func (q Quantity) period() string {
	if q.Per == 0 {
		return ""
	}
	return " per " + strings.TrimPrefix(humanSeconds(q.Per), "1 ")
}

// humanSeconds renders a duration in the largest unit that divides it:
// 86400 → "1 day", 1800 → "30 min", 7.776e6 → "90 days".
func humanSeconds(s float64) string {
	units := []struct {
		name string
		secs float64
	}{{"week", 604800}, {"day", 86400}, {"h", 3600}, {"min", 60}}
	for _, u := range units {
		if s >= u.secs && math.Mod(s, u.secs) == 0 {
			v := s / u.secs
			name := u.name
			if v != 1 && (name == "week" || name == "day") {
				name += "s"
			}
			return strconv.FormatFloat(v, 'f', -1, 64) + " " + name
		}
	}
	return strconv.FormatFloat(s, 'f', -1, 64) + " s"
}

// humanBytes renders a size in the largest decimal unit that divides it.
func humanBytes(b float64) string {
	for _, u := range []struct {
		name string
		size float64
	}{{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"kB", 1e3}} {
		if b >= u.size && math.Mod(b, u.size) == 0 {
			return strconv.FormatFloat(b/u.size, 'f', -1, 64) + " " + u.name
		}
	}
	return strconv.FormatFloat(b, 'f', -1, 64) + " bytes"
}

// groupThousands puts commas between groups of three digits of the whole
// part of a formatted number: "1500000" → "1,500,000".
func groupThousands(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String()
	if neg {
		out = "-" + out
	}
	if frac != "" {
		out += "." + frac
	}
	return out
}

// Equal reports whether two quantities state the same commitment.
func (q Quantity) Equal(o Quantity) bool {
	if q.Per != 0 && o.Per != 0 && q.Per != o.Per || q.Bound*o.Bound < 0 {
		return false
	}
	if q.GluedM && o.Class == ClassPhysical+":m" {
		return Quantity{Class: o.Class, Value: q.Value / 60}.Equal(o)
	}
	if o.GluedM && q.Class == ClassPhysical+":m" {
		return o.Equal(q)
	}
	if q.HourH && o.Class == ClassClock {
		return o.Value == q.Value/60
	}
	if o.HourH && q.Class == ClassClock {
		return o.Equal(q)
	}
	// A factor is a ratio, as a percentage is: "1.2x IBW" = "120% of IBW".
	if q.Class == ClassFactor && o.Class == ClassPercent {
		return Quantity{Class: ClassPercent, Value: q.Value * 100}.Equal(o)
	}
	if o.Class == ClassFactor && q.Class == ClassPercent {
		return o.Equal(q)
	}
	if q.Class != o.Class {
		return false
	}
	switch q.Class {
	case ClassDate:
		year := q.Year == 0 || o.Year == 0 || q.Year == o.Year
		if (q.Swap || o.Swap) && q.Month == o.Day && q.Day == o.Month && year {
			return true
		}
		return q.Month == o.Month && q.Day == o.Day && year
	case ClassVersion:
		return q.Version == o.Version
	}
	d := math.Abs(q.Value - o.Value)
	return d <= 1e-9*math.Max(1, math.Max(math.Abs(q.Value), math.Abs(o.Value)))
}

// Comparable reports whether o could be an altered form of q: same class
// and, for counts, the same noun or no noun on one side.
func (q Quantity) Comparable(o Quantity) bool {
	if q.Class != o.Class {
		return false
	}
	if q.Class == ClassNumber {
		return q.Noun == "" || o.Noun == "" || q.Noun == o.Noun
	}
	return true
}

var (
	// numRe reads, in this order: thousands grouped by spaces (French,
	// Nordic, Russian, Czech: "1 000", "12 500,5", also with no-break
	// spaces), European thousands with a decimal comma
	// (1.200,50), European thousands (1.884.203), English thousands
	// (1,200.50), a decimal comma (89,90; 0,4) and plain or dotted numbers
	// (1200, 1.5, 3.11.2). Swiss thousands grouped by apostrophes
	// ("CHF 1'200", "1’250.50") come after the spaced form.
	numRe     = regexp.MustCompile(`(==|>=|<=|~=|<|>|\^|@|[$€£¥₩₹]\s?)?(\d{1,3}(?:[ \x{00A0}\x{202F}\x{2009}]\d{3})+(?:,\d+)?\b|\d{1,3}(?:['’]\d{3})+(?:\.\d+)?\b|\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:\.\d{3}){2,}|\d+(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}\b|\d+(?:\.\d+)*)`)
	isoDateRe = regexp.MustCompile(`\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b`)
	dmyDateRe = regexp.MustCompile(`\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b`)
	// slashDateRe reads 19/05/2026 (day first) and 12/24/2026 (month
	// first); 04/05/2026 reads either way.
	slashDateRe = regexp.MustCompile(`\b(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})\b`)
	ymRe        = regexp.MustCompile(`\b(\d{4})-(\d{2})\b`)
	// clockRe reads a time of day: 02:10, 17:00:00, 18h30, 5pm, 5:30 p.m.
	clockRe = regexp.MustCompile(`\b(\d{1,2})(?:(?::|h)(\d{2})(?::\d{2})?)?(?:\s?(a\.?m\b\.?|p\.?m\b\.?))?`)
	monthRe *regexp.Regexp
)

// months maps month names in several languages to their number.
var months = map[string]int{}

func init() {
	names := [][]string{
		{"january", "jan", "janvier", "janv", "januar", "enero", "gennaio", "janeiro", "januari"},
		{"february", "feb", "février", "fevrier", "févr", "februar", "febrero", "febbraio", "fevereiro", "februari"},
		{"march", "mar", "mars", "märz", "marz", "marzo", "março", "maart"},
		{"april", "apr", "avril", "abril", "aprile"},
		{"may", "mai", "mayo", "maggio", "maio", "mei"},
		{"june", "jun", "juin", "juni", "junio", "giugno", "junho"},
		{"july", "jul", "juillet", "juli", "julio", "luglio", "julho"},
		{"august", "aug", "août", "aout", "agosto", "augustus"},
		{"september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro"},
		{"october", "oct", "octobre", "oktober", "okt", "octubre", "ottobre", "outubro"},
		{"november", "nov", "novembre", "noviembre", "novembro"},
		{"december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dicembre", "dezembro"},
	}
	var alts []string
	for i, ns := range names {
		for _, n := range ns {
			months[n] = i + 1
			alts = append(alts, regexp.QuoteMeta(n))
		}
	}
	m := `(` + strings.Join(alts, "|") + `)`
	// "december 4", "dec. 4th, 2026" | "4 december", "4th of december", "4. dezember 2026", "4 de diciembre"
	monthRe = regexp.MustCompile(`(?:\b` + m + `\.?\s+(\d{1,2})(?:st|nd|rd|th|er)?\b(?:,?\s+(\d{4})\b)?)|(?:\b(\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:of\s+|de\s+)?` + m + `\b\.?(?:,?\s+(?:de\s+)?(\d{4})\b)?)`)
}

// timeUnits maps a time unit to seconds.
var timeUnits = map[string]float64{
	"ms": 0.001, "msec": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
	"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "sekunde": 1, "sekunden": 1, "seconde": 1, "secondes": 1, "segundo": 1, "segundos": 1, "secondi": 1,
	"m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "minuten": 60, "minuto": 60, "minutos": 60, "minuti": 60,
	"h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "stunde": 3600, "stunden": 3600, "heure": 3600, "heures": 3600, "hora": 3600, "horas": 3600, "ora": 3600, "ore": 3600,
	"d": 86400, "day": 86400, "days": 86400, "tag": 86400, "tage": 86400, "tagen": 86400, "jour": 86400, "jours": 86400, "día": 86400, "días": 86400, "dia": 86400, "dias": 86400, "giorno": 86400, "giorni": 86400,
	"w": 604800, "wk": 604800, "wks": 604800, "week": 604800, "weeks": 604800, "woche": 604800, "wochen": 604800, "semaine": 604800, "semaines": 604800, "semana": 604800, "semanas": 604800,
	"month": 2592000, "months": 2592000, "monat": 2592000, "monate": 2592000, "mois": 2592000, "mes": 2592000, "meses": 2592000,
	// Polish, Dutch, Turkish, Italian and Portuguese forms not above
	"sekunda": 1, "sekundę": 1, "sekundy": 1, "saniye": 1,
	"minuta": 60, "minutę": 60, "minuty": 60, "minuut": 60, "dakika": 60,
	"godzina": 3600, "godzinę": 3600, "godziny": 3600, "uur": 3600, "saat": 3600,
	"dzień": 86400, "dobę": 86400, "dag": 86400, "dagen": 86400, "gün": 86400,
	"tydzień": 604800, "settimana": 604800, "settimane": 604800,
	// Russian, Czech and Indonesian
	"секунда": 1, "секунду": 1, "секунды": 1, "секунд": 1, "сек": 1, "sekund": 1, "sekundu": 1, "detik": 1,
	"минута": 60, "минуту": 60, "минуты": 60, "минут": 60, "мин": 60, "minut": 60, "minutu": 60, "menit": 60,
	"час": 3600, "часа": 3600, "часов": 3600, "hodina": 3600, "hodinu": 3600, "hodiny": 3600, "hodin": 3600, "jam": 3600,
	"день": 86400, "дня": 86400, "дней": 86400, "сутки": 86400, "суток": 86400, "dny": 86400, "dní": 86400, "dnů": 86400, "hari": 86400,
	"неделя": 604800, "неделю": 604800, "недели": 604800, "недель": 604800, "týden": 604800, "týdny": 604800, "týdnů": 604800, "minggu": 604800,
	"месяц": 2592000, "месяца": 2592000, "месяцев": 2592000, "měsíc": 2592000, "měsíce": 2592000, "měsíců": 2592000, "bulan": 2592000,
	"y": 31536000, "yr": 31536000, "yrs": 31536000, "year": 31536000, "years": 31536000, "jahr": 31536000, "jahre": 31536000, "an": 31536000, "ans": 31536000, "año": 31536000, "años": 31536000,
}

// rateUnits are one-word rates, per second.
var rateUnits = map[string]float64{
	"rps": 1, "qps": 1, "tps": 1, "rpm": 1.0 / 60, "qpm": 1.0 / 60, "rph": 1.0 / 3600, "hz": 1,
}

var byteUnits = map[string]float64{
	"b": 1, "byte": 1, "bytes": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"кб": 1e3, "мб": 1e6, "гб": 1e9, "тб": 1e12,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
}

var currencyWords = map[string]string{
	"usd": "usd", "dollar": "usd", "dollars": "usd", "eur": "eur", "euro": "eur",
	"euros": "eur", "gbp": "gbp", "pound": "gbp", "pounds": "gbp", "jpy": "jpy",
	"yen": "jpy", "chf": "chf", "cad": "cad", "aud": "aud",
	"元": "cny", "cny": "cny", "rmb": "cny", "yuan": "cny", "円": "jpy", "원": "krw",
	"krw": "krw", "zł": "pln", "zl": "pln", "pln": "pln", "złotych": "pln", "sek": "sek",
	"nok": "nok", "dkk": "dkk", "kr": "kr", "kronor": "sek", "brl": "brl", "reais": "brl",
	"inr": "inr", "rupees": "inr", "twd": "twd", "hkd": "hkd", "sgd": "sgd", "nzd": "nzd",
}

// dollarPrefixes are the letters that make a "$" another dollar: "NT$"
// (New Taiwan dollar), "HK$", "S$", "A$", "C$", "NZ$", "R$" (real).
var dollarPrefixes = map[string]string{"nt": "twd", "hk": "hkd", "s": "sgd", "a": "aud", "c": "cad", "nz": "nzd", "r": "brl", "us": "usd"}

// cjkCurrencyNames are currency names written before a CJK amount whose
// "元" after it is only the unit word: "新台幣 35,000 元" is NT$35,000.
var cjkCurrencyNames = []struct{ name, code string }{
	{"新台幣", "twd"}, {"新臺幣", "twd"}, {"新台币", "twd"}, {"台幣", "twd"}, {"臺幣", "twd"}, {"台币", "twd"},
	{"港幣", "hkd"}, {"港币", "hkd"}, {"人民幣", "cny"}, {"人民币", "cny"},
}

// currencyNameBefore returns the currency a CJK currency name right before
// offset i of lower names, or "".
func currencyNameBefore(lower string, i int) string {
	before := strings.TrimRight(lower[:i], " \u00a0")
	for _, c := range cjkCurrencyNames {
		if strings.HasSuffix(before, c.name) {
			return c.code
		}
	}
	return ""
}

// dollarBefore returns the currency of a "$" at offset i of lower, read
// with the letters glued before it ("NT$35,000"), or "usd".
func dollarBefore(lower string, i int) string {
	k := i
	for k > 0 && lower[k-1] >= 'a' && lower[k-1] <= 'z' {
		k--
	}
	if c := dollarPrefixes[lower[k:i]]; c != "" && (k == 0 || !isWordRune(runeBefore(lower, k))) {
		return c
	}
	return "usd"
}

// physUnit is a physical unit: its dimension and its factor to the SI
// base unit of that dimension.
type physUnit struct {
	dim    string
	factor float64
}

// physUnits maps a unit word to its dimension and factor: "12 MW" and
// "12,000 kW" are both {phys:w 12e6}; "5 mm" and "0.5 cm" both 0.005 m.
var physUnits = func() map[string]physUnit {
	m := map[string]physUnit{}
	add := func(dim string, f float64, names ...string) {
		for _, n := range names {
			m[n] = physUnit{dim, f}
		}
	}
	add("m", 1, "m", "meter", "meters", "metre", "metres", "metro", "metros", "metri", "mètre", "mètres", "metr", "metrów")
	add("m", 1e-3, "mm", "millimeter", "millimeters", "millimetre", "millimetres")
	add("m", 1e-2, "cm", "centimeter", "centimeters", "centimetre", "centimetres")
	add("m", 1e3, "km", "kilometer", "kilometers", "kilometre", "kilometres", "kilómetros")
	add("m", 1e-6, "µm", "um", "micron", "microns")
	add("m", 0.3048, "ft", "feet", "foot")
	add("g", 1, "g", "gram", "grams", "gramme", "grammes", "gramos", "grammi")
	add("g", 1e-3, "mg", "milligram", "milligrams")
	add("g", 1e-6, "µg", "mcg", "microgram", "micrograms")
	add("g", 1e3, "kg", "kilogram", "kilograms", "kilo", "kilos")
	add("g", 1e6, "t", "tonne", "tonnes", "ton", "tons", "tonnen")
	add("g", 453.59237, "lb", "lbs")
	add("l", 1, "l", "litre", "litres", "liter", "liters", "litros", "litri")
	add("l", 1e-3, "ml", "millilitre", "millilitres", "milliliter", "milliliters")
	add("nm", 1, "nm") // newton-metres: torque ("150 Nm")
	add("n", 1, "n", "newton", "newtons")
	add("n", 1e3, "kn")
	add("w", 1, "w", "watt", "watts")
	add("w", 1e3, "kw", "kilowatt", "kilowatts")
	add("w", 1e6, "mw", "megawatt", "megawatts")
	add("w", 1e9, "gw", "gigawatt", "gigawatts")
	add("j", 3.6e6, "kwh")
	add("j", 3.6e9, "mwh")
	add("j", 3.6e12, "gwh")
	add("v", 1, "v", "volt", "volts")
	add("v", 1e3, "kv", "kilovolt", "kilovolts")
	add("a", 1, "amp", "amps", "ampere", "amperes")
	add("a", 1e-3, "ma")
	add("pa", 1, "pa")
	add("pa", 1e3, "kpa")
	add("pa", 1e6, "mpa")
	add("pa", 1e5, "bar")
	add("pa", 6894.757, "psi")
	add("m/s", 0.44704, "mph")
	add("m/s", 1/3.6, "kmh")
	add("m/s", 0.514444, "kt", "kts", "knot", "knots")
	add("degc", 1, "°c", "ºc", "degc")
	add("degf", 1, "°f", "ºf", "degf")
	return m
}()

// periodWords introduce the period of a rate: "per day", "por día",
// "every 24 hours", "cada 24 horas".
var periodWords = toSet(`/ per pro par por a an each every cada ogni alle al am jede jeden jeder toutes chaque na co`)

var currencySymbols = map[string]string{"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "₩": "krw", "₹": "inr"}

var magnitudeWords = map[string]float64{
	"千": 1e3, "万": 1e4, "萬": 1e4, "億": 1e8, "亿": 1e8, "천": 1e3, "만": 1e4, "억": 1e8,
	"k": 1e3, "thousand": 1e3, "tausend": 1e3, "mille": 1e3, "mil": 1e3,
	"million": 1e6, "millions": 1e6, "mio": 1e6, "mm": 1e6, "millones": 1e6,
	"billion": 1e9, "billions": 1e9, "bn": 1e9, "mrd": 1e9,
}

var percentWords = map[string]bool{"percent": true, "pct": true, "prozent": true, "pourcent": true, "por": false}

var unitTokenRe = regexp.MustCompile(`^\s*([\p{L}%]+|/)`)

// nextToken reads the next unit-like token after byte offset i of lower.
func nextToken(lower string, i int) (string, int) {
	m := unitTokenRe.FindStringSubmatchIndex(lower[i:])
	if m == nil {
		j := i
		for j < len(lower) && (lower[j] == ' ' || lower[j] == '\t') {
			j++
		}
		// "°C", "ºF": a degree sign glued to its scale letter.
		for _, deg := range []string{"°", "º"} {
			if strings.HasPrefix(lower[j:], deg) {
				k := j + len(deg)
				if k < len(lower) && (lower[k] == 'c' || lower[k] == 'f') {
					return deg + lower[k:k+1], k + 1
				}
			}
		}
		return "", i
	}
	tok, end := lower[i+m[2]:i+m[3]], i+m[1]
	// CJK scripts have no spaces: a token is one character ("10,000回まで"
	// is the count 10,000 of 回).
	if r, size := utf8.DecodeRuneInString(tok); r >= 0x2E80 && size < len(tok) {
		return tok[:size], i + m[2] + size
	}
	return tok, end
}

// Quantities parses every quantity of text.
func Quantities(text string) []Quantity {
	lower := Fold(text)
	var out []Quantity
	used := make([]bool, len(lower)+1)
	mark := func(s, e int) {
		for k := s; k < e; k++ {
			used[k] = true
		}
	}
	for _, m := range findAllDigits(isoDateRe, lower, "-/") {
		y, mo, d := atoi(lower[m[2]:m[3]]), atoi(lower[m[4]:m[5]]), atoi(lower[m[6]:m[7]])
		if validDate(mo, d) {
			out = append(out, Quantity{Class: ClassDate, Year: y, Month: mo, Day: d, Start: m[0], End: m[1]})
			mark(m[0], m[1])
		}
	}
	for _, m := range findAllDigits(dmyDateRe, lower, ".") {
		if used[m[0]] {
			continue
		}
		d, mo, y := atoi(lower[m[2]:m[3]]), atoi(lower[m[4]:m[5]]), atoi(lower[m[6]:m[7]])
		if validDate(mo, d) {
			out = append(out, Quantity{Class: ClassDate, Year: y, Month: mo, Day: d, Start: m[0], End: m[1]})
			mark(m[0], m[1])
		}
	}
	for _, m := range findAllDigits(slashDateRe, lower, "/") {
		if used[m[0]] {
			continue
		}
		a, b, y := atoi(lower[m[2]:m[3]]), atoi(lower[m[4]:m[5]]), atoi(lower[m[6]:m[7]])
		if y < 100 {
			y += 2000
		}
		q := Quantity{Class: ClassDate, Year: y, Month: b, Day: a, Start: m[0], End: m[1]}
		switch {
		case a > 12 && validDate(b, a):
		case b > 12 && validDate(a, b):
			q.Month, q.Day = a, b
		case validDate(b, a):
			q.Swap = true
		default:
			continue
		}
		out = append(out, q)
		mark(m[0], m[1])
	}
	for _, m := range monthMatches(lower) {
		if used[m[0]] {
			continue
		}
		var mo, d, y int
		if m[2] >= 0 {
			mo, d = months[lower[m[2]:m[3]]], atoi(lower[m[4]:m[5]])
			if m[6] >= 0 {
				y = atoi(lower[m[6]:m[7]])
			}
		} else {
			d, mo = atoi(lower[m[8]:m[9]]), months[lower[m[10]:m[11]]]
			if m[12] >= 0 {
				y = atoi(lower[m[12]:m[13]])
			}
		}
		if mo == 5 && m[2] >= 0 && lower[m[2]:m[3]] == "may" && !isUpperAt(text, m[2]) {
			continue // "may 4" is more often a verb than a month in lower case
		}
		if validDate(mo, d) {
			out = append(out, Quantity{Class: ClassDate, Year: y, Month: mo, Day: d, Start: m[0], End: m[1]})
			mark(m[0], m[1])
		}
	}
	for _, m := range findAllDigits(ymRe, lower, "-") {
		if used[m[0]] || (m[1] < len(lower) && lower[m[1]] == '-') {
			continue
		}
		y, mo := atoi(lower[m[2]:m[3]]), atoi(lower[m[4]:m[5]])
		if y >= 1900 && y < 2200 && mo >= 1 && mo <= 12 {
			out = append(out, Quantity{Class: ClassDate, Year: y, Month: mo, Start: m[0], End: m[1]})
			mark(m[0], m[1])
		}
	}
	for _, q := range clockTimes(lower, used) {
		out = append(out, q)
		mark(q.Start, q.End)
	}
	for _, m := range findAllDigits(numRe, lower, "") {
		if used[m[4]] {
			continue
		}
		if q, ok := parseNumber(text, lower, m); ok {
			out = append(out, q)
			mark(q.Start, q.End)
		}
	}
	out = append(out, wordQuantities(lower, used)...)
	out = append(out, cjkQuantities(lower, used)...)
	rangeUnits(lower, out)
	for i := range out {
		if out[i].Class != ClassDate && out[i].Class != ClassVersion {
			out[i].Bound = boundBefore(lower, out[i].Start)
		}
	}
	return out
}

// boundWords are the words of several languages that make the number
// right after them a ceiling (+1) or a floor (-1). Words that a negation
// may turn ("below", "under", "over") are left out: "never below 1200" is
// a floor.
var boundWords = func() map[string]int8 {
	m := map[string]int8{}
	for _, w := range []string{"at most", "no more than", "not more than", "up to", "max", "max.", "maximum", "a maximum of",
		"au plus", "au maximum", "pas plus de", "tout au plus",
		"höchstens", "maximal", "max.", "nicht mehr als",
		"al massimo", "al più", "non più di", "massimo",
		"como máximo", "a lo sumo", "no más de", "máximo", "hasta un máximo de",
		"no máximo", "não mais de", "não mais que",
		"hoogstens", "ten hoogste", "maximaal", "niet meer dan",
		"högst", "høyst", "maks", "maks.", "maksimalt", "højst",
		"co najwyżej", "najwyżej", "maksymalnie", "nie więcej niż",
		"nejvýše", "maximálně", "не более", "не больше", "максимум", "не більше", "щонайбільше",
		"enintään", "kõige rohkem", "maksimaalselt", "en fazla", "paling banyak", "maksimal"} {
		m[w] = 1
	}
	for _, w := range []string{"at least", "no less than", "not less than", "no fewer than", "min", "min.", "minimum", "a minimum of",
		"au moins", "au minimum", "pas moins de",
		"mindestens", "wenigstens", "minimal", "nicht weniger als",
		"almeno", "non meno di", "minimo", "come minimo",
		"como mínimo", "al menos", "por lo menos", "no menos de", "mínimo",
		"pelo menos", "no mínimo", "ao menos",
		"ten minste", "minstens", "minimaal", "niet minder dan",
		"minst", "minimum", "minimalt",
		"co najmniej", "przynajmniej", "minimalnie", "nie mniej niż",
		"nejméně", "alespoň", "minimálně", "не менее", "не меньше", "минимум", "как минимум", "не менше", "щонайменше", "мінімум",
		"vähintään", "vähemalt", "en az", "setidaknya", "sedikitnya", "paling sedikit", "minimal"} {
		m[w] = -1
	}
	return m
}()

// boundBefore reads a bound word ending right before offset i of lower,
// over a currency sign or code between ("at most CHF 1200", "au moins
// 16 °C").
func boundBefore(lower string, i int) int8 {
	before := strings.TrimRight(lower[:i], " \u00a0")
	// skip a currency code or sign: "max. CHF 1200", "at least $5"
	if j := strings.LastIndexAny(before, " \u00a0"); j >= 0 && currencyWords[before[j+1:]] != "" {
		before = strings.TrimRight(before[:j], " \u00a0")
	}
	for _, sym := range []string{"$", "€", "£", "¥", "₩", "₹"} {
		before = strings.TrimRight(strings.TrimSuffix(before, sym), " \u00a0")
	}
	// the last one to four words
	end := len(before)
	start := end
	for n := 0; n < 4; n++ {
		k := strings.LastIndexAny(before[:start], " \u00a0'’(")
		start = k + 1
		w := before[start:end]
		if b, ok := boundWords[w]; ok {
			return b
		}
		if k < 0 || before[k] != ' ' {
			break
		}
		start = k
	}
	return 0
}

// rangeJoins join the two ends of a range whose unit is written once, after
// the second end ("45–55 %", "5-10 mg", "between 45 and 55 %", "2 to 4
// hours").
var rangeJoins = []string{"-", "–", "—", "~", "〜", "～", " - ", " – ", " — ", " to ", " and ", " bis ", " und ", " a ", " y ", " à ", " et ", " tot ", " en ", " e ", " till "}

// rangeUnits gives the first end of such a range, read as a bare number,
// the unit of the second end: "45–55 %" is pct 45 and pct 55, as "45 % y
// 55 %" is.
func rangeUnits(lower string, out []Quantity) {
	// A join is a few bytes long, so only quantities starting within
	// maxJoin bytes after a number can end its range: index them by start
	// rather than comparing every pair (a long candidate has many numbers).
	maxJoin := 0
	for _, j := range rangeJoins {
		maxJoin = max(maxJoin, len(j))
	}
	byStart := make([]int, len(out))
	for i := range byStart {
		byStart[i] = i
	}
	sort.SliceStable(byStart, func(x, y int) bool { return out[byStart[x]].Start < out[byStart[y]].Start })
	var near []int
	for i := range out {
		a := out[i]
		if a.Class != ClassNumber || a.Noun != "" {
			continue
		}
		near = near[:0]
		lo := sort.Search(len(byStart), func(k int) bool { return out[byStart[k]].Start >= a.End })
		for k := lo; k < len(byStart) && out[byStart[k]].Start <= a.End+maxJoin; k++ {
			near = append(near, byStart[k])
		}
		// In the order of out, as a pairwise scan would meet them.
		sort.Ints(near)
		for _, j := range near {
			b := out[j]
			if b.Start < a.End || !joinsRange(lower[a.End:b.Start]) {
				continue
			}
			switch {
			case b.Class == ClassNumber, b.Class == ClassDate, b.Class == ClassClock, b.Class == ClassVersion:
				continue
			}
			m := numRe.FindStringSubmatchIndex(lower[b.Start:b.End])
			if m == nil || m[0] != 0 {
				continue
			}
			synth := lower[a.Start:a.End] + lower[b.Start+m[5]:]
			qs := Quantities(synth)
			if len(qs) == 0 || qs[0].Start != 0 || qs[0].Class != b.Class {
				continue
			}
			q := qs[0]
			q.Start, q.End = a.Start, a.End
			out[i] = q
			break
		}
	}
}

// joinsRange reports whether gap, the text between two numbers, joins them
// into a range.
func joinsRange(gap string) bool {
	for _, j := range rangeJoins {
		if gap == j {
			return true
		}
	}
	return false
}

// clockTimes reads the times of day of a folded text that no date
// claimed: "02:10–02:24 UTC" is two clock times (130 and 144 minutes after
// midnight), not the numbers 2 and 2. A time needs minutes (02:10, 18h30)
// or a meridiem (5pm); the hour must be below 24 (12 with a meridiem) and
// the minutes below 60. A number glued to a word or an identifier
// ("host:8080", "v1:30") is not a time.
func clockTimes(lower string, used []bool) []Quantity {
	var out []Quantity
	for _, m := range findAllDigits(clockRe, lower, ":hapm") {
		if used[m[0]] || (m[4] < 0 && m[6] < 0) {
			continue
		}
		if prev := runeBefore(lower, m[0]); isWordRune(prev) && prev < 0x2E80 || prev == ':' || prev == '.' {
			continue
		}
		if m[1] < len(lower) && (lower[m[1]] >= '0' && lower[m[1]] <= '9' || lower[m[1]] == '_' || lower[m[1]] == ':') {
			continue
		}
		h, mi := atoi(lower[m[2]:m[3]]), 0
		if m[4] >= 0 {
			mi = atoi(lower[m[4]:m[5]])
		}
		if m[6] >= 0 {
			if h < 1 || h > 12 {
				continue
			}
			h %= 12
			if lower[m[6]] == 'p' {
				h += 12
			}
		}
		if h > 24 || mi > 59 {
			continue
		}
		out = append(out, Quantity{Class: ClassClock, Value: float64(h*60 + mi), Start: m[0], End: m[1]})
	}
	// A meridiem after a space ("5 pm", "11:30 a.m.") is outside the runs
	// findAllDigits reads.
	for _, mer := range []string{" am", " pm", " a.m.", " p.m."} {
		for off := 0; ; {
			i := strings.Index(lower[off:], mer)
			if i < 0 {
				break
			}
			i += off
			off = i + len(mer)
			if off < len(lower) && isWordRune(runeBefore(lower[:off+1], off+1)) {
				continue // "5 amps"
			}
			j := i
			for j > 0 && lower[j-1] >= '0' && lower[j-1] <= '9' {
				j--
			}
			if j == i || i-j > 2 || used[j] || (j > 0 && (isWordRune(runeBefore(lower, j)) || lower[j-1] == ':' || lower[j-1] == '.')) {
				continue
			}
			h := atoi(lower[j:i])
			if h < 1 || h > 12 {
				continue
			}
			h %= 12
			if mer[1] == 'p' {
				h += 12
			}
			out = append(out, Quantity{Class: ClassClock, Value: float64(h * 60), Start: j, End: off})
		}
	}
	return out
}

// findAllDigits returns re.FindAllStringSubmatchIndex(s, -1) for the
// number and date patterns, much faster on a long text: every match of
// these patterns holds an ASCII digit and no \s character except one
// right after a currency sign ("$ 200"). So no match crosses a \s
// character that does not follow a currency sign, and the \b at either
// end of a run between two such characters reads the same as in the whole
// text: running re on each run that holds a digit gives the same matches,
// and the regexp engine stays on its fast path for short inputs. A run
// must also hold one of the bytes of need (when need is not empty): the
// dates need their separator.
func findAllDigits(re *regexp.Regexp, s, need string) [][]int {
	var out [][]int
	for i := 0; i < len(s); {
		if isRESpace(s[i]) {
			i++
			continue
		}
		j, digit := i, false
		for j < len(s) {
			c := s[j]
			if isRESpace(c) && !afterCurrency(s[:j]) && !spaceGroup(s, j) {
				break
			}
			digit = digit || ('0' <= c && c <= '9')
			j++
		}
		if digit && (need == "" || strings.ContainsAny(s[i:j], need)) {
			for _, m := range re.FindAllStringSubmatchIndex(s[i:j], -1) {
				for k := range m {
					if m[k] >= 0 {
						m[k] += i
					}
				}
				out = append(out, m)
			}
		}
		i = j
	}
	return out
}

// isRESpace reports whether c is in the \s class of package regexp.
func isRESpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// spaceGroup reports whether the space at s[j] separates thousands: a
// digit before it, exactly three digits after it ("1 000", "12 500").
func spaceGroup(s string, j int) bool {
	isD := func(k int) bool { return k >= 0 && k < len(s) && s[k] >= '0' && s[k] <= '9' }
	return s[j] == ' ' && isD(j-1) && isD(j+1) && isD(j+2) && isD(j+3) && !isD(j+4)
}

// currencyCodes are the ISO codes a price may be written after: "EUR
// 250,000" is "€250,000".
var currencyCodes = toSet(`usd eur gbp chf jpy cad aud cny rmb pln sek nok dkk brl inr krw twd hkd sgd nzd`)

// currencyCodeBefore returns the currency whose ISO code stands right
// before offset i of lower ("eur 250,000"), or "".
func currencyCodeBefore(lower string, i int) string {
	j := i
	if j > 0 && lower[j-1] == ' ' {
		j--
	}
	k := j
	for k > 0 && lower[k-1] >= 'a' && lower[k-1] <= 'z' {
		k--
	}
	if j-k != 3 || !currencyCodes[lower[k:j]] || k > 0 && isWordRune(runeBefore(lower, k)) {
		return ""
	}
	return currencyWords[lower[k:j]]
}

// afterCurrency reports whether s ends with a currency sign of numRe.
func afterCurrency(s string) bool {
	return strings.HasSuffix(s, "$") || strings.HasSuffix(s, "€") || strings.HasSuffix(s, "£") || strings.HasSuffix(s, "¥")
}

// monthMatches runs monthRe only around month names, which is much faster
// than running the large alternation over a long text. Offsets are into
// lower.
func monthMatches(lower string) [][]int {
	var out [][]int
	last := -1
	i := 0
	for i < len(lower) {
		r, size := utf8.DecodeRuneInString(lower[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		j := i
		for j < len(lower) {
			r, size = utf8.DecodeRuneInString(lower[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += size
		}
		if months[lower[i:j]] > 0 {
			a := max(0, i-16)
			for a > 0 && !utf8.RuneStart(lower[a]) {
				a--
			}
			if a < last {
				a = last
			}
			b := min(len(lower), j+24)
			for b < len(lower) && !utf8.RuneStart(lower[b]) {
				b++
			}
			// Both forms of monthRe need a digit: a window without one
			// cannot match, and running the large alternation costs.
			if !hasDigit(lower[a:b]) {
				i = j
				continue
			}
			for _, m := range monthRe.FindAllStringSubmatchIndex(lower[a:b], -1) {
				if a+m[0] <= i && a+m[1] >= j {
					for k := range m {
						if m[k] >= 0 {
							m[k] += a
						}
					}
					out = append(out, m)
					last = m[1]
				}
			}
		}
		i = j
	}
	return out
}

// hasDigit reports whether s holds an ASCII digit, the \d of package
// regexp.
func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			return true
		}
	}
	return false
}

func isUpperAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsUpper(r)
}

func validDate(mo, d int) bool { return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 }

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// parseNumber turns one numRe match into a quantity, or rejects it when the
// digits are part of a name ("n2-standard-8", "us-east-1", "d26b949").
func parseNumber(text, lower string, m []int) (Quantity, bool) {
	start, end := m[0], m[1]
	prefix := ""
	if m[2] >= 0 {
		prefix = strings.TrimSpace(lower[m[2]:m[3]])
	}
	digits := lower[m[4]:m[5]]
	if strings.ContainsAny(digits, "'’") {
		// Swiss "1'200": the apostrophes group thousands, a dot is decimal.
		digits = strings.NewReplacer("'", "", "’", "").Replace(digits)
	}
	if strings.ContainsAny(digits, " \u00a0\u202f\u2009") {
		// "1 000" is one number: drop the group separators; a decimal
		// comma after them ("12 500,5") is read below.
		digits = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' {
				return -1
			}
			return r
		}, digits)
	}
	prev, prevPrev := runeBefore(lower, start), rune(0)
	if start > 0 {
		_, size := utf8.DecodeLastRuneInString(lower[:start])
		prevPrev = runeBefore(lower, start-size)
	}
	switch {
	case prefix == "@" || prefix == "==" || prefix == ">=" || prefix == "<=" || prefix == "~=" || prefix == "<" || prefix == ">":
		// package pins: numpy==1.26.4, webpack@5
	case prev == 'v' && !isWordRune(prevPrev):
		prefix = "v"
		start--
	case prefix == "$" && dollarBefore(lower, m[2]) != "usd":
		// "NT$35,000", "HK$500": the letters name the dollar
	case (isWordRune(prev) && prev < 0x2E80) || prev == '#' || prev == '_':
		// a CJK character before a number does not make it a name
		// (these scripts have no spaces: "1日あたり10,000回")
		return Quantity{}, false
	case (prev == '-' || prev == '.' || prev == '/' || prev == ':') && isWordRune(prevPrev):
		if !(prev == '-' && unicode.IsDigit(prevPrev)) {
			return Quantity{}, false
		}
	}
	q := Quantity{Class: ClassNumber, Start: start, End: end}
	pin := prefix == "v" || prefix == "==" || prefix == "@" || prefix == ">=" || prefix == "<=" || prefix == "~=" || prefix == "^" || prefix == "<" || prefix == ">"
	if !pin {
		digits = normaliseDigits(digits, prefix != "" || nextIsUnitWord(lower, end))
	}
	dots := strings.Count(digits, ".")
	rest := end
	if strings.HasPrefix(lower[rest:], ".x") || strings.HasPrefix(lower[rest:], ".*") {
		q.Class, q.Version, q.End = ClassVersion, digits+".x", rest+2
		return q, true
	}
	if dots >= 2 || (dots == 1 && pin) {
		q.Class, q.Version = ClassVersion, digits
		if afterIsName(lower, end) {
			return Quantity{}, false
		}
		return q, true
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(digits, ",", ""), 64)
	if err != nil {
		return Quantity{}, false
	}
	q.Value = v
	currency := ""
	if c, ok := currencySymbols[prefix]; ok {
		currency = c
		if prefix == "$" {
			currency = dollarBefore(lower, m[2])
		}
	} else if prefix == "" {
		currency = currencyCodeBefore(lower, start)
		if currency == "" {
			currency = currencyNameBefore(lower, start)
		}
	}
	// Letters glued to the number: 24h, 48k, 5rps, 15x, 2gb, 1st.
	if r, size := utf8.DecodeRuneInString(lower[rest:]); rest < len(lower) && r >= 0x2E80 && unicode.IsLetter(r) {
		// CJK: a magnitude (1万 = 10,000), then a currency (5000元) or a
		// counter (10,000回), one character each.
		if mag := magnitudeWords[string(r)]; mag > 0 {
			q.Value *= mag
			rest += size
			r, size = utf8.DecodeRuneInString(lower[rest:])
		}
		if c := currencyWords[string(r)]; c != "" && rest < len(lower) {
			if currency != "" && r == '元' {
				c = currency // "新台幣35,000元" stays twd
			}
			q.Class, q.End = ClassMoney+":"+c, rest+size
			return q, true
		}
		q.End = rest
		if rest < len(lower) && r >= 0x2E80 && unicode.IsLetter(r) {
			q.Noun, q.End = string(r), rest+size
		}
		return q, true
	} else if rest < len(lower) && unicode.IsLetter(r) {
		j := rest
		for j < len(lower) {
			r, size = utf8.DecodeRuneInString(lower[j:])
			if !unicode.IsLetter(r) || r >= 0x2E80 && j > rest {
				// a CJK character ends a Latin unit: "150m以下"
				break
			}
			j += size
		}
		suffix := lower[rest:j]
		if j < len(lower) {
			if r, _ := utf8.DecodeRuneInString(lower[j:]); unicode.IsDigit(r) || r == '_' {
				return Quantity{}, false // a hash or name: 14a03, 2x2
			}
		}
		switch {
		case suffix == "k" || suffix == "bn":
			q.Value *= magnitudeWords[suffix]
		case suffix == "m" && (currency != "" || text[rest] == 'M'), suffix == "mm" && currency != "":
			q.Value *= 1e6
		case suffix == "x":
			q.Class = ClassFactor
		case suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th":
		case timeUnits[suffix] > 0:
			q.Class, q.Value = ClassDuration, q.Value*timeUnits[suffix]
			q.GluedM = suffix == "m"
			q.HourH = suffix == "h" && wholeHour(v)
			q.Per = periodAfter(lower, j)
		case rateUnits[suffix] > 0:
			q.Class, q.Value = ClassRate, q.Value*rateUnits[suffix]
		case byteUnits[suffix] > 0 && suffix != "b":
			q.Class, q.Value = ClassBytes, q.Value*byteUnits[suffix]
		case currencyWords[suffix] != "":
			currency = currencyWords[suffix]
		case physUnits[suffix].dim != "":
			u := physUnits[suffix]
			q.Class, q.Value, q.End = ClassPhysical+":"+u.dim, q.Value*u.factor, j
			parsePeriod(lower, &q)
			return q, true
		default:
			return Quantity{}, false
		}
		rest = j
	} else if strings.HasPrefix(lower[rest:], "%") {
		q.Class, q.End = ClassPercent, rest+1
		return q, true
	} else if strings.HasPrefix(lower[rest:], "×") && !nextIsDigit(lower, rest+len("×")) && !strings.HasPrefix(lower[rest+len("×"):], "/") {
		q.Class, q.End = ClassFactor, rest+len("×")
		return q, true
	} else if strings.HasPrefix(lower[rest:], "-") && rest+1 < len(lower) {
		if r, _ := utf8.DecodeRuneInString(lower[rest+1:]); unicode.IsLetter(r) {
			rest++ // "5,000-row batches", "64-bit"
		}
	}
	if prev == '(' && strings.HasPrefix(lower[rest:], ")") && q.Class == ClassNumber && v < 30 && dots == 0 {
		return Quantity{}, false // an enumeration marker "(2)"
	}
	q.End = rest
	if q.Class == ClassNumber {
		parseUnit(lower, &q, currency)
	} else if q.Class == ClassDuration || q.Class == ClassNumber {
		parseRate(lower, &q)
	}
	return q, true
}

// normaliseDigits rewrites the European forms of a number in the English
// form strconv reads: "1.200,50" → "1200.50", "1.884.203" → "1884203",
// "89,90" → "89.90", and, when unit says a unit or currency follows,
// "48.000" → "48000". English forms ("1,200.50") and versions ("3.11.2")
// pass unchanged.
func normaliseDigits(digits string, unit bool) string {
	dot, comma := strings.Count(digits, "."), strings.Count(digits, ",")
	groups := strings.Split(digits, ".")
	threes := len(groups) > 1 && len(groups[0]) <= 3
	for _, g := range groups[1:] {
		if i := strings.IndexByte(g, ','); i >= 0 {
			g = g[:i]
		}
		threes = threes && len(g) == 3
	}
	switch {
	case dot > 0 && comma == 1 && strings.Index(digits, ".") < strings.Index(digits, ",") && threes:
		return strings.Replace(strings.ReplaceAll(digits, ".", ""), ",", ".", 1)
	case dot >= 2 && comma == 0 && threes:
		return strings.ReplaceAll(digits, ".", "")
	case dot == 0 && comma == 1:
		if i := strings.IndexByte(digits, ','); len(digits)-i-1 <= 2 {
			return strings.Replace(digits, ",", ".", 1)
		}
	case dot == 1 && comma == 0 && threes && unit && groups[0] != "0":
		return strings.ReplaceAll(digits, ".", "")
	}
	return digits
}

// nextIsUnitWord reports whether a word of two letters or more (a unit or
// a counted noun: "48.000 Token") or a currency sign follows offset e.
func nextIsUnitWord(lower string, e int) bool {
	tok, next := nextToken(lower, e)
	if _, ok := currencySymbols[tok]; ok {
		return true
	}
	if len(tok) == 1 && next < len(lower) && lower[next] == '/' {
		return true // a unit per something: "12.000 U/min", "3.000 t/h"
	}
	return len([]rune(tok)) >= 2 && !stopwords[tok]
}

// afterIsName reports whether a name continues right after offset e.
func afterIsName(lower string, e int) bool {
	r, _ := utf8.DecodeRuneInString(lower[e:])
	return e < len(lower) && (unicode.IsLetter(r) || r == '_')
}

func runeBefore(s string, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// parseUnit reads the words after a bare number: magnitude, currency,
// percent, time, bytes, rate or a counted noun.
func parseUnit(lower string, q *Quantity, currency string) {
	tok, next := nextToken(lower, q.End)
	if tok == "" {
		// "150 ± 5 Nm": the value takes the unit of its tolerance.
		if u, ok := toleranceUnit(lower, q.End); ok {
			q.Class, q.Value = ClassPhysical+":"+u.dim, q.Value*u.factor
			return
		}
	}
	if tok == "mm" && currency == "" {
		// "$5mm" is five million dollars, "5 mm" five millimetres.
		if t2, _ := nextToken(lower, next); currencyWords[t2] == "" && currencySymbols[t2] == "" {
			u := physUnits[tok]
			q.Class, q.Value, q.End = ClassPhysical+":"+u.dim, q.Value*u.factor, next
			parsePeriod(lower, q)
			return
		}
	}
	if mag, ok := magnitudeWords[tok]; ok && tok != "mil" {
		q.Value *= mag
		q.End = next
		tok, next = nextToken(lower, q.End)
	}
	if c, ok := currencyWords[tok]; ok {
		if currency == "" || tok != "元" {
			currency = c // "新台幣 35,000 元" stays twd
		}
		q.End = next
		tok, next = nextToken(lower, q.End)
	} else if c, ok := currencySymbols[tok]; ok {
		currency, q.End = c, next
		tok, next = nextToken(lower, q.End)
	}
	if currency != "" {
		q.Class = ClassMoney + ":" + currency
		if tok == "/" || tok == "per" || tok == "an" || tok == "a" {
			if t2, n2 := nextToken(lower, next); timeUnits[t2] > 0 {
				q.Class += "/" + strconv.FormatFloat(timeUnits[t2], 'g', -1, 64)
				q.End = n2
			}
		}
		return
	}
	switch {
	case tok == "%" || percentWords[tok]:
		q.Class, q.End = ClassPercent, next
		return
	case tok == "per":
		if t2, n2 := nextToken(lower, next); t2 == "cent" {
			q.Class, q.End = ClassPercent, n2
			return
		}
	case timeUnits[tok] > 0 && tok != "an" && tok != "m" && tok != "d" && tok != "y" && tok != "w":
		q.HourH = tok == "h" && wholeHour(q.Value)
		q.Class, q.Value, q.End = ClassDuration, q.Value*timeUnits[tok], next
		q.Per = periodAfter(lower, q.End)
		return
	case rateUnits[tok] > 0:
		q.Class, q.Value, q.End = ClassRate, q.Value*rateUnits[tok], next
		return
	case byteUnits[tok] > 0 && tok != "b":
		q.Class, q.Value, q.End = ClassBytes, q.Value*byteUnits[tok], next
		return
	case physUnits[tok].dim != "" && !(tok == "a" || tok == "t" && strings.HasPrefix(lower[next:], "'")):
		u := physUnits[tok]
		q.Class, q.Value, q.End = ClassPhysical+":"+u.dim, q.Value*u.factor, next
		parsePeriod(lower, q)
		return
	}
	if tok != "" && tok != "/" && !stopwords[tok] && unicode.IsLetter([]rune(tok)[0]) {
		q.Noun = Stem(tok)
		q.End = next
	}
	parseRate(lower, q)
}

// wholeHour reports whether v may be the hour of a time of day.
func wholeHour(v float64) bool { return v >= 0 && v <= 24 && v == math.Trunc(v) }

// toleranceUnit reads "± 5 Nm" or "+/- 5 Nm" at offset i of lower and
// returns the unit of the tolerance.
func toleranceUnit(lower string, i int) (physUnit, bool) {
	j := i
	for j < len(lower) && lower[j] == ' ' {
		j++
	}
	switch {
	case strings.HasPrefix(lower[j:], "±"):
		j += len("±")
	case strings.HasPrefix(lower[j:], "+/-"):
		j += 3
	default:
		return physUnit{}, false
	}
	for j < len(lower) && lower[j] == ' ' {
		j++
	}
	k := j
	for k < len(lower) && (lower[k] >= '0' && lower[k] <= '9' || lower[k] == '.' || lower[k] == ',') {
		k++
	}
	if k == j {
		return physUnit{}, false
	}
	tok, _ := nextToken(lower, k)
	u, ok := physUnits[tok]
	return u, ok && tok != "a"
}

// parsePeriod turns a physical quantity followed by a period into a
// rate: "2 MW per minute" = "2 MW/min", "72 km/h", "400 mg por día" =
// "400 mg cada 24 horas" = "400 mg every 24 hours".
func parsePeriod(lower string, q *Quantity) {
	tok, next := nextToken(lower, q.End)
	if tok == "toutes" || tok == "a" && strings.HasPrefix(strings.TrimLeft(lower[next:], " "), "cada") {
		_, next = nextToken(lower, next) // "toutes les", "a cada"
	} else if !periodWords[tok] {
		return
	}
	// an optional count of periods: "every 24 hours"
	j := next
	for j < len(lower) && lower[j] == ' ' {
		j++
	}
	k, n := j, 1.0
	for k < len(lower) && lower[k] >= '0' && lower[k] <= '9' {
		k++
	}
	if k > j {
		n = float64(atoi(lower[j:k]))
		next = k
	}
	t2, n2 := nextToken(lower, next)
	sec := timeUnits[t2]
	if sec <= 0 || n <= 0 || (t2 == "an" || t2 == "a") {
		return
	}
	q.Class += "/s"
	q.Value /= n * sec
	q.End = n2
}

// periodAdverbs are one-word periods: "3 hours daily".
var periodAdverbs = map[string]float64{
	"hourly": 3600, "stündlich": 3600, "daily": 86400, "täglich": 86400, "quotidiennement": 86400, "diariamente": 86400,
	"weekly": 604800, "wöchentlich": 604800, "monthly": 2592000, "monatlich": 2592000, "mensuellement": 2592000,
}

// periodArticles may stand between a period word and its unit: "a la
// semana", "pro Woche", "par jour", "in der Woche".
var periodArticles = toSet(`la le el der die the una un`)

// periodAfter reads the period written after a duration, in seconds: "3
// hours a week", "3 ore al giorno", "2 Stunden pro Tag", "3 timer per uke";
// 0 when none.
func periodAfter(lower string, e int) float64 {
	tok, next := nextToken(lower, e)
	if sec := periodAdverbs[tok]; sec > 0 {
		return sec
	}
	if !periodWords[tok] && tok != "je" && tok != "в" && tok != "za" && tok != "на" {
		return 0
	}
	t2, n2 := nextToken(lower, next)
	if periodArticles[t2] {
		t2, _ = nextToken(lower, n2)
	}
	if t2 == "an" || t2 == "a" || t2 == "m" {
		return 0
	}
	return timeUnits[t2]
}

// parseRate turns "N things per second", "N req/s", "N calls a minute"
// into a rate.
func parseRate(lower string, q *Quantity) {
	tok, next := nextToken(lower, q.End)
	if tok == "al" || tok == "je" || tok == "na" || tok == "ogni" || tok == "cada" || tok == "chaque" || tok == "в" || tok == "za" {
		// "al día", "je Minute", "na minutę", "ogni ora", "в минуту",
		// "za hodinu": read as "per"
	} else if tok != "/" && tok != "per" && tok != "a" && tok != "an" && tok != "every" && tok != "each" && tok != "pro" && tok != "par" && tok != "por" {
		return
	}
	t2, n2 := nextToken(lower, next)
	if sec := timeUnits[t2]; sec > 0 {
		if q.Class == ClassDuration {
			return
		}
		q.Class, q.Count, q.Value, q.End = ClassRate, q.Value, q.Value/sec, n2
	}
}

// wordQuantities reads spelled-out quantities: "one day", "five requests
// per second", "forty-eight thousand rows", "three retries", "a
// thirty-second timeout", "half an hour". A number word counts only with a
// unit or a counted noun, never as a bare number, and "one" only with a
// unit ("one of them", "no one" are not quantities).
func wordQuantities(lower string, used []bool) []Quantity {
	var out []Quantity
	ws := wordSpans(lower)
	for k := 0; k < len(ws); k++ {
		w := ws[k]
		if used[w.s] {
			continue
		}
		if halfWords[w.w] && k+1 < len(ws) {
			// "half an hour", "a half-hour slot", "une demi-heure",
			// "eine halbe Stunde", "media hora", "mezz'ora"
			u := k + 1
			if (ws[u].w == "an" || ws[u].w == "a") && u+1 < len(ws) {
				u++
			}
			if sec := timeUnits[ws[u].w]; sec > 0 && len(ws[u].w) > 2 && ws[u].s-ws[u-1].e <= 1 {
				out = append(out, Quantity{Class: ClassDuration, Value: sec / 2, Start: w.s, End: ws[u].e})
				k = u
				continue
			}
		}
		v, n, ok := spelledNumber(ws[k:])
		if !ok {
			continue
		}
		last := ws[k+n-1]
		q := Quantity{Class: ClassNumber, Value: v, Start: w.s, End: last.e}
		k += n - 1
		// "thirty-second", "five-minute": the unit glued by a hyphen.
		if q.End < len(lower) && lower[q.End] == '-' {
			if tok, next := nextToken(lower, q.End+1); timeUnits[tok] > 0 && len(tok) > 2 {
				q.Class, q.Value, q.End = ClassDuration, v*timeUnits[tok], next
				out = append(out, q)
				continue
			}
		}
		tok, next := nextToken(lower, q.End)
		switch {
		case timeUnits[tok] > 0 && len(tok) > 2:
			q.Class, q.Value, q.End = ClassDuration, v*timeUnits[tok], next
		case percentWords[tok]:
			q.Class, q.End = ClassPercent, next
		case currencyWords[tok] != "":
			q.Class, q.End = ClassMoney+":"+currencyWords[tok], next
		default:
			if tok == "per" || tok == "pro" || tok == "par" || tok == "por" || tok == "/" {
				// "vier per uur", "four per hour": a rate of the noun
				// before.
				if parseRate(lower, &q); q.Class == ClassRate {
					out = append(out, q)
				}
				continue
			}
			if tok == "" || stopwords[tok] || numberJoins[tok] || !unicode.IsLetter([]rune(tok)[0]) || (v == 1 && n == 1) {
				continue
			}
			q.Noun, q.End = Stem(tok), next
			parseRate(lower, &q)
		}
		out = append(out, q)
	}
	return out
}

// wordSpan is a word of a folded text with its byte offsets.
type wordSpan struct {
	w    string
	s, e int
}

// wordSpans returns the words (letters only) of lower, splitting at
// hyphens so that "forty-eight" gives "forty" and "eight".
func wordSpans(lower string) []wordSpan {
	var out []wordSpan
	i := 0
	for i < len(lower) {
		r, size := utf8.DecodeRuneInString(lower[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		j := i
		for j < len(lower) {
			r2, s2 := utf8.DecodeRuneInString(lower[j:])
			if !unicode.IsLetter(r2) {
				break
			}
			j += s2
		}
		out = append(out, wordSpan{lower[i:j], i, j})
		i = j
	}
	return out
}

// spelledNumber reads a spelled-out number from the start of ws: "three",
// "forty-eight", "two hundred and fifty", "forty-eight thousand", "1.5
// million" excluded (digits are read elsewhere). It returns the value and
// the number of words used. Words must be adjacent (separated only by a
// space or a hyphen; "and" may join hundreds and units).
func spelledNumber(ws []wordSpan) (float64, int, bool) {
	total, cur := 0.0, 0.0
	n, any := 0, false
	for n < len(ws) {
		w := ws[n].w
		if n > 0 && ws[n].s-ws[n-1].e > 1 {
			break // not adjacent
		}
		small, tens := smallNumbers[w], tensNumbers[w]
		if small == 0 && tens == 0 {
			small = compoundNumber(w)
		}
		if n > 0 && numberJoins[ws[n-1].w] && oneWords[w] {
			small = 1 // "vingt et une", "treinta y uno"
		}
		switch {
		case small > 0 || (w == "zero" && !any):
			cur += small
		case tens > 0:
			cur += tens
		case w == "hundred" && any:
			if cur == 0 {
				cur = 1
			}
			cur *= 100
		case (w == "thousand" || w == "million" || w == "billion") && any:
			if cur == 0 {
				cur = 1
			}
			total += cur * magnitudeWords[w]
			cur = 0
		case w == "and" && any && n+1 < len(ws) && (smallNumbers[ws[n+1].w] > 0 || tensNumbers[ws[n+1].w] > 0):
		case numberJoins[w] && any && int(cur)%10 == 0 && cur >= 20 && n+1 < len(ws) && (smallNumbers[ws[n+1].w] > 0 && smallNumbers[ws[n+1].w] < 10 || oneWords[ws[n+1].w]):
			// "cuarenta y ocho", "quarenta e oito", "vingt et un"
		default:
			return total + cur, n, any
		}
		any = true
		n++
	}
	return total + cur, n, any
}

var smallNumbers = map[string]float64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
	"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
	"nineteen": 19,
	// the most common small numbers of other languages
	"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "zehn": 10,
	"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "dix": 10,
	"tres": 3, "cuatro": 4, "cinco": 5, "diez": 10,
	"tre": 3, "quattro": 4, "dieci": 10,
	"três": 3, "dois": 2, "duas": 2,
	"twee": 2, "drie": 3, "vijf": 5, "tien": 10,
	// more of them: Spanish, French, German, Dutch, Italian, Portuguese
	// ("once", "due", "otto", "sei" are left out: words and names of
	// other meanings)
	"dos": 2, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "doce": 12,
	"trece": 13, "catorce": 14, "quince": 15, "dieciséis": 16, "diecisiete": 17,
	"dieciocho": 18, "diecinueve": 19,
	"sept": 7, "huit": 8, "neuf": 9, "onze": 11, "douze": 12,
	"treize": 13, "quatorze": 14, "quinze": 15, "seize": 16,
	"sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "elf": 11, "zwölf": 12,
	"dreizehn": 13, "vierzehn": 14, "fünfzehn": 15, "sechzehn": 16, "achtzehn": 18,
	"zes": 6, "zeven": 7, "negen": 9, "twaalf": 12, "dertien": 13,
	"veertien": 14, "vijftien": 15, "zestien": 16, "achttien": 18,
	"cinque": 5, "sette": 7, "nove": 9, "undici": 11, "dodici": 12,
	"quindici": 15, "sete": 7, "oito": 8, "dez": 10, "doze": 12,
}

// numberJoins join tens and units in the languages that write them
// apart: "cuarenta y ocho", "quarenta e oito", "vingt et un".
var numberJoins = map[string]bool{"y": true, "e": true, "et": true}

// halfWords halve the time unit that follows: "half-hour", "demi-heure".
var halfWords = map[string]bool{"half": true, "demi": true, "halbe": true, "halben": true, "media": true, "medio": true, "mezz": true, "mezza": true, "meia": true, "meio": true}

// oneWords are "one" after a number join: "vingt et un", "treinta y uno".
var oneWords = map[string]bool{"un": true, "une": true, "uno": true, "una": true, "um": true, "uma": true}

// compoundNumber reads a number written as one word of units and tens:
// "veinticuatro", "achtundvierzig", "vierentwintig", "ventiquattro"; 0
// when w is none.
func compoundNumber(w string) float64 {
	for _, pre := range []struct {
		p string
		v float64
	}{{"veinti", 20}, {"venti", 20}, {"trenta", 30}, {"quaranta", 40}, {"cinquanta", 50}} {
		if rest, ok := strings.CutPrefix(w, pre.p); ok && rest != "" && smallNumbers[rest] > 0 && smallNumbers[rest] < 10 {
			return pre.v + smallNumbers[rest]
		}
	}
	// units "und"/"en" tens: German and Dutch
	for _, join := range []string{"und", "en", "ën"} {
		i := strings.Index(w, join)
		if i <= 0 {
			continue
		}
		u, t := w[:i], w[i+len(join):]
		uv := smallNumbers[u]
		if u == "ein" || u == "een" {
			uv = 1
		}
		if uv > 0 && uv < 10 && tensNumbers[t] > 0 {
			return tensNumbers[t] + uv
		}
	}
	return 0
}

var tensNumbers = map[string]float64{
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90,
	"veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60,
	"setenta": 70, "ochenta": 80, "noventa": 90,
	"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
	"zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50,
	"sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90,
	"twintig": 20, "dertig": 30, "veertig": 40, "vijftig": 50, "zestig": 60,
	"venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60,
	"vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50,
}

// nextIsDigit reports whether s has an ASCII digit at byte offset i.
func nextIsDigit(s string, i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }

// cjkDigits are the Chinese and Japanese numerals of units.
var cjkDigits = map[rune]float64{'〇': 0, '零': 0, '一': 1, '二': 2, '两': 2, '兩': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// cjkQuantities reads numbers written in Chinese or Japanese numerals with
// their counter: "不超过五节" is 5 节 as "最多5节课" is, "三十分钟" 30
// 分, "两万元" 20,000 元. A lone 一 ("一起", "统一") and an ordinal
// ("第五节") are not quantities, nor is 十分 ("very").
func cjkQuantities(lower string, used []bool) []Quantity {
	var out []Quantity
	prev := rune(0)
	for i := 0; i < len(lower); {
		r, size := utf8.DecodeRuneInString(lower[i:])
		_, digit := cjkDigits[r]
		if used[i] || !digit && r != '十' && r != '百' || prev == '第' {
			prev = r
			i += size
			continue
		}
		start := i
		total, cur, nrunes, ten := 0.0, 0.0, 0, false
		for i < len(lower) {
			r, size = utf8.DecodeRuneInString(lower[i:])
			if d, ok := cjkDigits[r]; ok {
				cur = cur*10 + d
			} else if r == '十' || r == '百' {
				m := 10.0
				if r == '百' {
					m = 100
				}
				if cur == 0 {
					cur = 1
				}
				total += cur * m
				cur, ten = 0, true
			} else {
				break
			}
			nrunes++
			i += size
		}
		prev, _ = utf8.DecodeLastRuneInString(lower[:i])
		v := total + cur
		next, _ := utf8.DecodeRuneInString(lower[i:])
		if nrunes == 1 && (v == 1 || ten && next == '分' && !strings.HasPrefix(lower[i:], "分钟") && !strings.HasPrefix(lower[i:], "分鐘")) {
			continue
		}
		if mag, ok := magnitudeWords[string(next)]; ok && next >= 0x2E80 {
			v *= mag
			i += utf8.RuneLen(next)
			next, _ = utf8.DecodeRuneInString(lower[i:])
		}
		if next < 0x2E80 {
			continue // a counter must follow
		}
		q := Quantity{Class: ClassNumber, Value: v, Start: start, End: i}
		parseUnit(lower, &q, "")
		out = append(out, q)
	}
	return out
}
