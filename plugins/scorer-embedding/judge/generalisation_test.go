package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// TestGeneralisation holds phrasings and domains beyond the sample cases.
func TestGeneralisation(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	for _, tt := range generalisationCases() {
		t.Run(tt.name, func(t *testing.T) {
			v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
			if err != nil {
				t.Fatal(err)
			}
			if v[0].Preserved != tt.kept {
				t.Errorf("preserved = %v (%s: %s), want %v", v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
			}
		})
	}
}

// generalisationCases are the cases of TestGeneralisation.
func generalisationCases() []keptCase {
	P, N, E, F := sdk.CategoryProhibition, sdk.CategoryNumericCommitment, sdk.CategoryEntity, sdk.CategoryFailedAttempt
	return []keptCase{
		{"fr kept", P, "Ne supprimez jamais le bucket s3://finance-archive.", "Règle : ne jamais supprimer s3://finance-archive.", nil, true},
		{"fr dropped", P, "Ne supprimez jamais le bucket s3://finance-archive.", "Nettoyage prévu : supprimer s3://finance-archive après l'audit.", nil, false},
		{"de kept", P, "Bitte niemals direkt auf main pushen.", "Nie direkt auf main pushen; immer über PRs.", []string{"main", "pushen"}, true},
		{"es inverted", P, "No reinicies el clúster db-prod-2 durante el horario laboral.", "Siguiente paso: reiniciar el clúster db-prod-2.", nil, false},
		{"medical kept", P, "Do not give ibuprofen to patient 4411; she is allergic.", "Patient 4411 is allergic: no ibuprofen.", []string{"ibuprofen", "patient 4411"}, true},
		{"medical dropped", P, "Do not give ibuprofen to patient 4411; she is allergic.", "Patient 4411: pain managed with ibuprofen as needed.", []string{"ibuprofen", "patient 4411"}, false},
		{"legal off-limits", P, "The Henderson emails are privileged and must not be shared with the vendor.", "Henderson emails are privileged; never share them with the vendor.", nil, true},
		{"should generally not", P, "You must never email customers directly.", "You should generally not email customers directly.", nil, false},
		{"ja kept", P, "本番データベースを削除しないでください。", "本番データベースは削除しないでください。", nil, true},
		{"sla percent", N, "Uptime must stay at or above 99.95%.", "SLA: 99.95 percent uptime minimum.", nil, true},
		{"sla changed", N, "Uptime must stay at or above 99.95%.", "SLA: 99.5% uptime minimum.", nil, false},
		{"timeout", N, "The request timeout is 30 seconds.", "Timeout set to 30s.", nil, true},
		{"memory", N, "Cap the container at 2 GB of memory.", "Container limit: 2GB memory.", nil, true},
		{"memory changed", N, "Cap the container at 2 GB of memory.", "Container limit: 4GB memory.", nil, false},
		{"dose", N, "Maximum dose is 400 mg every 6 hours.", "Max 400 mg every 6 hours.", nil, true},
		{"dose changed", N, "Maximum dose is 400 mg every 6 hours.", "Max 400 mg every 4 hours.", nil, false},
		{"eur", N, "The contract cap is €15,000.", "Contract capped at 15000 EUR.", nil, true},
		{"account swapped", E, "Bill the work to account ACME-7731.", "Billing goes to account ACME-7713.", []string{"ACME-7731"}, false},
		{"branch develop", E, "Open PRs against develop.", "PRs go against main.", []string{"develop"}, false},
		{"retry cue", F, "Migrating with pg_dump --jobs 8 ran out of disk on /data; do not retry before the volume is resized.", "pg_dump --jobs 8 ran out of disk on /data, so it must not be retried until the volume is resized.", nil, true},
		{"retry dropped", F, "Migrating with pg_dump --jobs 8 ran out of disk on /data; do not retry before the volume is resized.", "Next: run pg_dump --jobs 8 into /data.", nil, false},
		{"exception kept", P, "Never page on-call between 22:00 and 07:00, except for a SEV1 declared by ops.", "No paging on-call 22:00–07:00 unless ops declares a SEV1.", nil, true},
		{"exception dropped", P, "Never page on-call between 22:00 and 07:00, except for a SEV1 declared by ops.", "Never page on-call between 22:00 and 07:00.", nil, false},
		{"es exception dropped", P, "Nunca reinicies los servidores de pagos, salvo en una emergencia declarada por operaciones.", "Nunca reinicies los servidores de pagos.", []string{"reinicies los servidores de"}, false},
		{"exception as only", P, "Do not contact Halvorsen directly, except through the legal desk.", "Contact Halvorsen only through the legal desk, never directly.", []string{"contact Halvorsen directly"}, true},
		{"pronoun refers back", P, "Never scale matchmaking to zero while the event is live.", "Matchmaking runs 2–4 replicas. Never scale it to zero while the event is live.", []string{"scale matchmaking to zero"}, true},
		{"pronoun, other number", P, "The database must keep listening on port 5432.", "Database maintenance tonight. It moves to port 6432 only.", nil, false},
		{"limit restated", P, "Do not bump max_connections on db-main above 200.", "max_connections on db-main stays at or below 200.", []string{"max_connections", "db-main"}, true},
		{"limit restated, other value", P, "Do not bump max_connections on db-main above 200.", "max_connections on db-main stays at or below 500.", []string{"max_connections", "db-main"}, false},
		{"swedish kept", P, "Roboten R7 får aldrig köras snabbare än 250 mm/s.", "R7: aldrig över 250 mm/s.", []string{"mm/s"}, true},
		{"korean kept", P, "main 브랜치에 직접 푸시하지 마세요.", "main 브랜치 직접 푸시 금지.", []string{"main 브랜치에 직접 푸시하"}, true},
		{"never straight to, swapped", E, "Roll out to canary-eu, never straight to prod-eu.", "Roll out to prod-eu, never straight to canary-eu.", []string{"canary-eu", "prod-eu"}, false},
		{"never straight to, kept", E, "Roll out to canary-eu, never straight to prod-eu.", "Rollout: canary-eu first, never directly to prod-eu.", []string{"canary-eu", "prod-eu"}, true},
		// r4: nominalised phrasal verbs, "über N" limits, counts whose unit
		// or period is in an unknown language, non-Latin scripts.
		{"payout nominalised", P, "Policy holder ACME-GmbH-7781 is under fraud review, so do not pay out anything to them.", "No payouts to policy holder ACME-GmbH-7781 (under fraud review).", []string{"pay out anything"}, true},
		{"payout paid", P, "Policy holder ACME-GmbH-7781 is under fraud review, so do not pay out anything to them.", "Payouts to policy holder ACME-GmbH-7781 resume next week.", []string{"pay out anything"}, false},
		{"german über as a ceiling", P, "Die Zentrifuge Z-3 darf nicht über 12.000 U/min betrieben werden.", "Centrifuge Z-3: max 12,000 rpm.", []string{"U/min"}, true},
		{"german über, other value", P, "Die Zentrifuge Z-3 darf nicht über 12.000 U/min betrieben werden.", "Centrifuge Z-3: max 15,000 rpm.", []string{"U/min"}, false},
		{"indonesian count per month", N, "Anggaran cloud maksimal Rp 5.000.000 per bulan.", "Cloud budget: max Rp 5,000,000 per month.", []string{"5.000.000"}, true},
		{"indonesian count changed", N, "Anggaran cloud maksimal Rp 5.000.000 per bulan.", "Cloud budget: max Rp 3,000,000 per month.", []string{"5.000.000"}, false},
		{"russian rate", N, "Лимит для API партнёра — 300 запросов в минуту.", "Partner API limit: 300 requests/minute.", nil, true},
		{"russian rate changed", N, "Лимит для API партнёра — 300 запросов в минуту.", "Partner API limit: 500 requests/minute.", nil, false},
		{"russian rule", P, "Никогда не удаляйте бакет s3://ru-archive-2024.", "Never delete the s3://ru-archive-2024 bucket.", nil, true},
		{"snake name spelled with spaces", E, "Do not write to legacy_orders.", "The legacy orders table is read-only.", []string{"legacy_orders"}, true},
		{"snake rule spelled with spaces", P, "Do not write to legacy_orders.", "The legacy orders table is read-only.", []string{"legacy_orders"}, true},
		{"spaced name, other table", E, "Do not write to legacy_orders.", "The legacy orders_v2 table is read-only.", []string{"legacy_orders"}, false},
		{"name with a digit spelled exactly", E, "Only touch orders_v2.", "Only touch orders v2.", []string{"orders_v2"}, false},
		{"russian rule inverted", P, "Никогда не удаляйте бакет s3://ru-archive-2024.", "Next: delete the s3://ru-archive-2024 bucket.", nil, false},
	}
}

// TestExceptionOf reads the exception of a rule, in several languages.
func TestExceptionOf(t *testing.T) {
	tests := []struct{ rule, want string }{
		{"Never page on-call at night, except for a SEV1 declared by ops.", " a SEV1 declared by ops"},
		{"Do not deploy on Fridays unless the CTO approves; ask first.", " the CTO approves"},
		{"Nunca reinicies los servidores, salvo en una emergencia.", " en una emergencia"},
		{"Ne jamais publier, sauf accord du juriste.", " accord du juriste"},
		{"Nicht deployen, außer mit Freigabe.", " mit Freigabe"},
		{"Do not run DROP TABLE on legacy_orders.", ""},
	}
	for _, tt := range tests {
		if got := exceptionOf(tt.rule); got != tt.want {
			t.Errorf("exceptionOf(%q) = %q, want %q", tt.rule, got, tt.want)
		}
	}
}
