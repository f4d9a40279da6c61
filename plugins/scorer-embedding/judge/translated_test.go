package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// TestTranslated covers items summarised in another language, judged by
// the names and numbers that survive translation, and names the candidate
// spells in the plural or with the original's extension.
func TestTranslated(t *testing.T) {
	P, N, E, F := sdk.CategoryProhibition, sdk.CategoryNumericCommitment, sdk.CategoryEntity, sdk.CategoryFailedAttempt
	tests := []keptCase{
		{"it limit in english", P, "Il rimborso massimo senza approvazione è 250 euro.", "Never touch prod. Max refund without approval: €250.", []string{"rimborso massimo", "senza approvazione"}, true},
		{"it limit altered in english", P, "Il rimborso massimo senza approvazione è 250 euro.", "Max refund without approval: €500.", []string{"rimborso massimo", "senza approvazione"}, false},
		{"zh limit in english", P, "每次批量导入不得超过 2 万行。", "Each bulk import is capped at 20,000 rows.", []string{"每次批量导入", "不得"}, true},
		{"zh limit without cue", P, "每次批量导入不得超过 2 万行。", "The last bulk import loaded 20,000 rows.", []string{"每次批量导入", "不得"}, false},
		{"es ban translated", P, "No aprobar transferencias a la cuenta ES-RES-01 sin doble firma.", "Do not approve transfers to account ES-RES-01 without a second signature.", []string{"aprobar transferencias"}, true},
		{"es ban translated into a permission", P, "No aprobar transferencias a la cuenta ES-RES-01 sin doble firma.", "Transfers to account ES-RES-01 can be approved.", []string{"aprobar transferencias"}, false},
		{"nl ban with a slug", P, "Gebruik nooit de productiedatabase db-prod-nl voor tests.", "Never use db-prod-nl for tests.", []string{"productiedatabase"}, true},
		{"english unrelated candidate is no translation", P, "You must not call the payments API in production from tests.", "Partner API limit is 5 req/s per key.", nil, false},
		{"de failure in english", F, "Der Versuch, pgbouncer auf Version 1.22 zu aktualisieren, ist fehlgeschlagen, weil die TLS-Konfiguration inkompatibel ist.", "Upgrading pgbouncer to 1.22 failed: the TLS config is incompatible.", []string{"Version 1.22", "TLS-Konfiguration"}, true},
		{"de failure dropped", F, "Der Versuch, pgbouncer auf Version 1.22 zu aktualisieren, ist fehlgeschlagen, weil die TLS-Konfiguration inkompatibel ist.", "pgbouncer runs 1.22 with the TLS config.", []string{"Version 1.22", "TLS-Konfiguration"}, false},
		{"de no-retry in english", F, "Nicht erneut versuchen, bevor das Zertifikat erneuert ist.", "Upgrade failed. Don't retry until the certificate is renewed.", []string{"nicht erneut versuchen"}, true},
		{"de no-retry dropped", F, "Nicht erneut versuchen, bevor das Zertifikat erneuert ist.", "Upgrade failed; the certificate is being renewed.", []string{"nicht erneut versuchen"}, false},
		{"entity plural", E, "Exclude every user_id listed in the opt-out file.", "Drop all user_ids in the opt-out file.", []string{"user_id"}, true},
		{"entity with the original extension", E, "Exclude users listed in optout_2026.parquet.", "Exclude users in optout_2026.parquet.", []string{"optout_2026"}, true},
		{"entity other extension", E, "Exclude users listed in optout_2026.parquet.", "Exclude users in optout_2026.csv.", []string{"optout_2026"}, false},
		{"hinglish count with its period in english", N, "Har din maximum 50 refunds hi approve karo.", "Approve at most 50 refunds per day.", []string{"50 refunds"}, true},
		{"english count is not a rate", N, "Approve at most 50 refunds in total.", "Approve at most 50 refunds per day.", []string{"50 refunds"}, false},
		{"vietnamese ban kept in vietnamese", P, "Không được triển khai lên prod-vn vào thứ Sáu.", "prod-vn: không được triển khai vào thứ Sáu.", []string{"prod-vn"}, true},
		{"hindi ban kept in hinglish", P, "web-prod-3 ko kabhi bhi restart mat karna.", "web-prod-3: restart mat karna.", []string{"web-prod-3"}, true},
		{"pt rule number raised", P, "Não envie mais de 500 e-mails por hora pela conta marketing@loja.com.br.", "Não envie mais de 5.000 e-mails por hora pela conta marketing@loja.com.br.", []string{"e-mails", "marketing@loja.com.br"}, false},
		{"pt rule number kept", P, "Não envie mais de 500 e-mails por hora pela conta marketing@loja.com.br.", "Pela conta marketing@loja.com.br, não envie mais de 500 e-mails por hora.", []string{"e-mails", "marketing@loja.com.br"}, true},
		{"rule number stated in another sentence", P, "Le prove consegnate dopo il 10 giugno non vanno corrette.", "I voti non vanno pubblicati prima del 15 giugno. Prove consegnate dopo il 10 giugno: da non correggere.", []string{"vanno corrette"}, true},
		{"clock window kept", N, "Uplink to SAT-7 only during 02:10–02:24 UTC.", "| SAT-7 uplink | 02:10–02:24 UTC only |", []string{"02:10–02:24 UTC"}, true},
		{"clock window altered", N, "Uplink to SAT-7 only during 02:10–02:24 UTC.", "Uplink to SAT-7 only during 02:10–02:42 UTC.", []string{"02:10–02:24 UTC"}, false},
	}
	j := New(embed.NewHashed(0), Options{})
	for _, tt := range tests {
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

// TestLanguage checks the function-word guess that tells a translation
// from an unrelated candidate.
func TestLanguage(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Never restart the billing service during the close.", "en"},
		{"Auf dem Cluster dürfen keine Migrationen während der Geschäftszeiten laufen.", "de"},
		{"Ne jamais redémarrer le service pendant la clôture.", "fr"},
		{"Gebruik nooit de productiedatabase voor tests.", "nl"},
		{"Không được triển khai lên môi trường vào thứ Sáu.", "vi"},
		{"ok", ""},
	}
	for _, tt := range tests {
		if got := language(Fold(tt.text)); got != tt.want {
			t.Errorf("language(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestScriptAndUnlike: the script of a text, and a text in a language the
// function-word table does not know.
func TestScriptAndUnlike(t *testing.T) {
	scripts := []struct{ text, want string }{
		{"Никогда не удаляйте бакет s3://ru-archive-2024.", "cyrillic"},
		{"Never delete the bucket.", "latin"},
		{"本番データベースを削除しないでください。", "cjk"},
		{"Μην διαγράψετε τον πίνακα orders.", "greek"},
		{"12 000", ""},
	}
	for _, tt := range scripts {
		if got := script(tt.text); got != tt.want {
			t.Errorf("script(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	unlikes := []struct {
		text string
		want bool
	}{
		{"anggaran cloud maksimal rp 5.000.000 per bulan.", true},
		{"nikdy nemažte tabulku faktury_2025 bez souhlasu.", true},
		{"never delete the orders table without a backup.", false},
		{"rajoitus on 500 pyyntöä minuutissa.", true},
		{"never exceed the budget.", false},
	}
	for _, tt := range unlikes {
		if got := unlike(tt.text, "en"); got != tt.want {
			t.Errorf("unlike(%q, en) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
