package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestProhibitionGeneralised covers the prohibition grammar added for
// other languages and for obligations that imply a prohibition.
func TestProhibitionGeneralised(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"korean", "user", "main 브랜치에 직접 푸시하지 마세요.", true, nil},
		{"korean particle glued to a name", "user", "선수 화면을 STAGE-LED에 띄우지 마세요.", true, []string{"STAGE-LED"}},
		{"korean geumji", "user", "운영 서버 재시작 금지.", true, nil},
		{"chinese", "user", "不要删除 orders_archive 表。", true, []string{"orders_archive"}},
		{"swedish", "user", "Roboten R7 får aldrig köras snabbare än 250 mm/s.", true, []string{"mm/s"}},
		{"swedish inte bara", "user", "Det är inte bara en fråga om hastighet.", false, nil},
		{"polish nie wolno", "user", "Nie wolno wyłączać alarmu w hali B.", true, nil},
		{"requires sign-off", "user", "Any change to the billing_events schema requires sign-off from Priya Raman.", true, []string{"billing_events"}},
		{"must be approved by", "user", "Refunds above the limit must be approved by finance.", true, nil},
		{"german freigabe", "user", "Jede Änderung an prod-db erfordert eine Freigabe durch das Ops-Team.", true, []string{"prod-db"}},
		{"ask before deleting", "user", "Always ask me before deleting any S3 bucket.", true, nil},
		{"ask before, harmless", "user", "Ask me before lunch if anything is unclear.", false, nil},
		{"only ever deploy", "user", "Only ever deploy from main.", true, []string{"main"}},
		{"elided object, so don't", "user", "The client hates Monday deploys, so don't.", true, []string{"Monday deploys"}},
		{"german verb-final object", "user", "Den Turmdrehkran TK-3 bei Wind über 72 km/h auf keinen Fall betreiben.", true, []string{"TK-3"}},
		{"reported speech by the agent", "assistant", "The vendor docs say clients must not exceed 50 requests per second.", false, nil},
		{"agent adopts", "assistant", "We must not exceed 50 requests per second.", true, nil},
		{"user quoting docs still counts", "user", "The vendor docs say clients must not exceed 50 requests per second.", true, nil},
		{"vietnamese khong duoc", "user", "Không được triển khai lên môi trường prod-vn vào thứ Sáu.", true, []string{"prod-vn"}},
		{"vietnamese dung", "user", "Đừng xóa bảng orders_vn.", true, []string{"orders_vn"}},
		{"vietnamese plain khong", "user", "Tôi không biết môi trường nào.", false, nil},
		{"turkish asla", "user", "Müşteri verilerini asla eski bucket'a kopyalama.", true, nil},
		{"hindi latin mat karna", "user", "Production server web-prod-3 ko kabhi bhi restart mat karna.", true, []string{"web-prod-3"}},
		{"hindi devanagari", "user", "web-prod-3 को कभी भी रीस्टार्ट मत करना।", true, []string{"web-prod-3"}},
		{"english mat", "user", "Put the mat by the door.", false, nil},
		{"example in a code block", "user", "Summarise this.\n\n```\n# example\nmax_connections = 500  # never set this below 100\n```", false, nil},
	})
}

// TestNumericGeneralised covers physical units, tolerances, ranges,
// periods, other currencies and CJK limits.
func TestNumericGeneralised(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"torque with tolerance", "user", "Torque the axle nuts to 150 Nm ±5 Nm.", true, []string{"150 Nm ±5 Nm"}},
		{"speed", "user", "Never exceed 72 km/h on site.", true, []string{"72 km/h"}},
		{"power", "user", "Never let the load exceed 12 MW.", true, []string{"12 MW"}},
		{"dose per period", "user", "La dosis máxima es de 400 mg cada 24 horas.", true, []string{"400 mg cada 24 horas"}},
		{"length decimal comma", "user", "Skyddszonen är 1,2 meter.", true, []string{"1,2 meter"}},
		{"range words", "user", "Keep between 2 and 4 matchmaking replicas.", true, []string{"between 2 and 4 matchmaking replicas"}},
		{"range dash", "user", "Run 2–4 replicas during the event.", true, []string{"2–4 replicas"}},
		{"yuan", "user", "本季度的云预算上限是 5000 元。", true, []string{"5000 元"}},
		{"japanese limit", "user", "外部 API の呼び出しは1日あたり10,000回までにしてください。", true, []string{"10,000回"}},
		{"metres of, not a unit", "user", "Walk 5 m of corridor.", false, nil},
		{"limit with a polish rate", "user", "Limit to 300 zapytań na minutę.", true, []string{"300 zapytań na minutę"}},
		{"day of each month", "user", "Payroll cut-off is the 18th of each month at 17:00 CET.", true, []string{"18th of each month"}},
		{"monthly on the", "user", "Invoices go out monthly on the 5th.", true, []string{"monthly on the 5th"}},
		{"french day of month", "user", "La clôture a lieu le 18 de chaque mois.", true, []string{"18 de chaque mois"}},
		{"clock window", "user", "Uplink to SAT-7 only during the pass window 02:10–02:24 UTC.", true, []string{"02:10–02:24 UTC"}},
		{"clock window in parentheses", "user", "Keine Migrationen während der Geschäftszeiten (08:00–18:00).", true, []string{"08:00–18:00"}},
	})
}

// TestEntityContrastNever: "X, never straight to Y" sets two names
// against each other.
func TestEntityContrastNever(t *testing.T) {
	runCategory(t, sdk.CategoryEntity, []catCase{
		{"never straight to", "user", "Roll out to canary-eu, never straight to prod-eu.", true, []string{"canary-eu", "prod-eu"}},
	})
}

// TestFailureTermsSkipPronouns: "Je ne réessaierai pas" attempts nothing
// called "Je".
func TestFailureTermsSkipPronouns(t *testing.T) {
	e := testEngine(t, Options{})
	for _, text := range []string{
		"Je ne réessaierai pas avant la sortie de pg_partman 5.",
		"Ich werde es nicht erneut versuchen, bevor die Images aktualisiert sind.",
	} {
		for _, it := range byCategory(extractOne(t, e, "assistant", text), sdk.CategoryFailedAttempt) {
			for _, k := range it.KeyTerms {
				if f := strings.Fields(k); len(f) == 1 && slices.Contains([]string{"je", "ich", "i", "we"}, strings.ToLower(f[0])) {
					t.Errorf("%q: pronoun key term %q in %q", text, k, it.KeyTerms)
				}
			}
		}
	}
}

// TestCodeFences: sentences inside fenced blocks are skipped, the rest of
// the span is read.
func TestCodeFences(t *testing.T) {
	text := "Do not bump max_connections above 200.\n```\nnever do this\n```\nNever restart db-main."
	f := codeFences(text)
	if len(f) != 1 || !strings.Contains(text[f[0][0]:f[0][1]], "never do this") {
		t.Fatalf("fences %v", f)
	}
	e := testEngine(t, Options{})
	items := byCategory(extractOne(t, e, "user", text), sdk.CategoryProhibition)
	if len(items) != 2 {
		t.Fatalf("want the two rules outside the fence, got %+v", items)
	}
	if codeFences("no fence here") != nil {
		t.Error("fences in plain text")
	}
	if f := codeFences("```\nunclosed"); len(f) != 1 || f[0][1] != len("```\nunclosed") {
		t.Errorf("an unclosed fence runs to the end: %v", f)
	}
}

// TestNoiseKinds: a noise block limited to some kinds leaves the others
// alone, and an unknown kind is a diagnostic.
func TestNoiseKinds(t *testing.T) {
	src := `noise "agent_only" {
  kinds   = ["assistant"]
  pattern = "ZZZ"
}
rule "r" {
  category = "prohibition"
  kinds    = ["user", "assistant"]
  cues     = ["zzz"]
  pattern  = "ZZZ"
}
`
	p, diags := ParsePack("k.hcl", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	e, diags := Compile([]*Pack{p}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if n := len(extractOne(t, e, "user", "ZZZ here.")); n != 1 {
		t.Errorf("user: %d items, want 1", n)
	}
	if n := len(extractOne(t, e, "assistant", "ZZZ here.")); n != 0 {
		t.Errorf("assistant: %d items, want 0", n)
	}
	bad, _ := ParsePack("b.hcl", []byte(`noise "x" {
  kinds   = ["robot"]
  pattern = "x"
}
`))
	if _, diags := Compile([]*Pack{bad}, Options{}); !diags.HasErrors() {
		t.Error("unknown noise kind accepted")
	}
}

// TestSpeculativeQuestions: a question that floats an idea gives no item;
// a request phrased as a question, or a rule that a question follows, does.
func TestSpeculativeQuestions(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"what would happen if", "user", "Out of curiosity, what would happen if we raised the matchmaking timeout to 90 seconds?", false, nil},
		{"maybe plan", "user", "Maybe we send the spring campaign to 50,000 users on Monday?", false, nil},
		{"should we", "user", "Should we cap the export at 10,000 rows?", false, nil},
		{"german vielleicht", "user", "Vielleicht sollten wir das Limit auf 500 Anfragen pro Minute setzen?", false, nil},
		{"request as a question", "user", "Can you keep the crawler under 5 requests per second?", true, nil},
		{"statement with maybe later", "user", "Keep every batch under 5,000 rows, maybe we can raise it later.", true, nil},
	})
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"rule then a question", "user", "Never delete the orders_archive table, and should we document that somewhere?", true, []string{"orders_archive"}},
		{"what if hypothetical", "user", "What if we never deployed on Fridays?", false, nil},
	})
}

// TestRetractedPlans: a sentence that the next one takes back gives no
// numeric commitment or entity; a prohibition stays.
func TestRetractedPlans(t *testing.T) {
	e := testEngine(t, Options{})
	tests := []struct {
		name, text string
		want       []string // categories expected, in order
	}{
		{"scrap that", "Let's send the campaign to 50,000 users on Monday. Actually, scrap that, marketing will pick the date.", nil},
		{"never mind", "Use the eu-west-3 cluster with 12 nodes. Never mind, I'll decide tomorrow.", nil},
		{"not retracted", "Send the campaign to 50,000 users on Monday. Marketing will pick the hour.", []string{sdk.CategoryNumericCommitment}},
		{"rule stays", "Never email anyone in unsubscribe_list. Actually, scrap that.", []string{sdk.CategoryProhibition, sdk.CategoryEntity}},
		{"later sentence only", "Cap exports at 10,000 rows. Send the report to finance. Actually, forget that.", []string{sdk.CategoryNumericCommitment}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, it := range e.Extract([]sdk.Span{{ID: "s1", Kind: "user", Text: tt.text}}) {
				got = append(got, it.Category)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("categories = %v, want %v", got, tt.want)
			}
		})
	}
}
