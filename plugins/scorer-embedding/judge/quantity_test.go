package judge

import (
	"testing"
)

func TestQuantitiesEqual(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"polish rate", "300 zapytań na minutę", "300 requests per minute", true},
		{"german thousands before a slash unit", "12.000 U/min", "12,000 rpm", true},
		{"german thousands before a slash unit, altered", "12.000 U/min", "12 rpm", false},
		{"space thousands", "1 000 requêtes par heure", "1,000 requests/hour", true},
		{"space thousands altered", "1 000 requêtes par heure", "100 requests/hour", false},
		{"space thousands with decimal comma", "12 500,5", "12500.5", true},
		{"russian rate", "300 запросов в минуту", "300 requests per minute", true},
		{"russian rate altered", "300 запросов в минуту", "300 requests per hour", false},
		{"russian bytes", "2 ГБ", "2 GB", true},
		{"czech rate", "50 dotazů za minutu", "50 queries per minute", true},
		{"indonesian duration", "3 hari", "3 days", true},
		{"polish rate altered", "300 zapytań na minutę", "300 requests per hour", false},
		{"spanish al día", "100 usuarios al día", "100 users per day", true},
		{"german je Minute", "50 Anfragen je Minute", "50 requests per minute", true},
		{"clock window kept", "02:10–02:24 UTC", "between 02:10 and 02:24 UTC", true},
		{"clock minutes altered", "02:24 UTC", "02:42 UTC", false},
		{"clock meridiem", "17:00 CET", "5 pm CET", true},
		{"clock french", "18h30", "18:30", true},
		{"clock hour altered", "08:00", "09:00", false},
		{"rate spelled out vs req/s", "at most 5 requests per second", "limit is 5 req/s per key", true},
		{"rate rps", "5 requests per second", "5 rps", true},
		{"rate per minute", "5 requests per second", "300 requests per minute", true},
		{"rate magnitude", "5 requests per second", "50 req/s", false},
		{"seconds", "30s", "30 seconds", true},
		{"hours vs day", "24 hours", "1 day", true},
		{"hours vs h", "24 hours", "24h", true},
		{"k tokens", "48k tokens", "48,000 tokens", true},
		{"k plain", "48k", "48000", true},
		{"k swapped", "48k tokens", "84k tokens", false},
		{"money symbol vs code", "$2,000", "2000 USD", true},
		{"money altered", "capped at $200", "capped at $2,000", false},
		{"percent", "99.9%", "99.9 percent", true},
		{"version pin", "numpy==1.26.4", "pinned at 1.26.4", true},
		{"version changed", "==1.26.4", "1.26.5", false},
		{"version v", "v3.14.2", "3.14.2", true},
		{"date names vs iso", "Friday, December 4", "Fri 2026-12-04", true},
		{"date short", "Friday, December 4", "Dec 4", true},
		{"date other day", "December 4", "2026-12-05", false},
		{"date german", "4. Dezember 2026", "2026-12-04", true},
		{"minutes", "under 5 minutes", "under 5 min", true},
		{"word number", "five requests per second", "5 req/s", true},
		{"power prefixes", "exceed 12 MW", "12,000 kW", true},
		{"power altered", "exceed 12 MW", "1,200 kW", false},
		{"speed units", "72 km/h", "20 m/s", true},
		{"speed per period", "250 mm/s", "250 mm per second", true},
		{"tolerance unit borrowed", "150 Nm ±5 Nm", "150 ± 5 Nm", true},
		{"length prefixes", "5 mm", "0.5 cm", true},
		{"length decimal comma", "1,2 meter", "1,2 m", true},
		{"mm is millions after money", "$5mm", "$5,000,000", true},
		{"dose every 24 hours = per day", "400 mg cada 24 horas", "400 mg por día", true},
		{"dose every 6 hours != per day", "400 mg every 6 hours", "400 mg per day", false},
		{"ramp per minute", "2 MW per minute", "2 MW/min", true},
		{"date day first", "19 mai 2026", "19/05/2026", true},
		{"date month first", "December 24, 2026", "12/24/2026", true},
		{"date either way", "4 May 2026", "04/05/2026", true},
		{"date either way, other", "6 May 2026", "04/05/2026", false},
		{"yuan", "5000 元", "5000元", true},
		{"yuan altered", "5000 元", "8000 元", false},
		{"japanese myriad", "10,000回", "1万回", true},
		{"japanese thousand altered", "10,000回", "5千回", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qa, qb := Quantities(tt.a), Quantities(tt.b)
			if len(qa) == 0 || len(qb) == 0 {
				t.Fatalf("no quantity: %v / %v", qa, qb)
			}
			got := false
			for _, x := range qa {
				for _, y := range qb {
					if x.Equal(y) {
						got = true
					}
				}
			}
			if got != tt.want {
				t.Errorf("equal(%q, %q) = %v, want %v (%v vs %v)", tt.a, tt.b, got, tt.want, qa, qb)
			}
		})
	}
}

func TestQuantitiesSkipNames(t *testing.T) {
	for _, s := range []string{"n2-standard-8", "us-east-1", "prod-eu-1", "backfill-d26b949-14a03", "credit_card_9513926", "#W2378156", "(2) run make lint", "release/2026.11"} {
		if q := Quantities(s); len(q) != 0 {
			t.Errorf("Quantities(%q) = %v, want none", s, q)
		}
	}
}

func TestQuantityStringReadsAsAPersonWritesIt(t *testing.T) {
	tests := []struct {
		q    Quantity
		want string
	}{
		{Quantity{Class: ClassClock, Value: 1020}, "17:00"},
		{Quantity{Class: ClassDuration, Value: 30}, "30 s"},
		{Quantity{Class: ClassDuration, Value: 1800}, "30 min"},
		{Quantity{Class: ClassDuration, Value: 7776000}, "90 days"},
		{Quantity{Class: ClassDuration, Value: 10800, Per: 604800}, "3 h per week"},
		{Quantity{Class: ClassMoney + ":usd", Value: 1500000, Bound: 1}, "at most 1,500,000 USD"},
		{Quantity{Class: ClassPercent, Value: 5}, "5%"},
		{Quantity{Class: ClassBytes, Value: 195e6}, "195 MB"},
		{Quantity{Class: ClassNumber, Value: 5000, Noun: "row", Bound: -1}, "at least 5,000 row"},
		{Quantity{Class: ClassDate, Year: 2026, Month: 12, Day: 4}, "2026-12-04"},
		{Quantity{Class: ClassVersion, Version: "1.26.4"}, "version 1.26.4"},
	}
	for _, tt := range tests {
		if got := tt.q.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.q, got, tt.want)
		}
	}
}
