package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// extractOne runs the default engine over one span and returns its items.
func extractOne(t *testing.T, e *Engine, kind, text string) []sdk.Item {
	t.Helper()
	return e.Extract([]sdk.Span{{ID: "x", Kind: kind, Text: text}})
}

// byCategory returns the items of category cat.
func byCategory(items []sdk.Item, cat string) []sdk.Item {
	var out []sdk.Item
	for _, it := range items {
		if it.Category == cat {
			out = append(out, it)
		}
	}
	return out
}

type catCase struct {
	name  string
	kind  string
	text  string
	want  bool     // an item of the category is expected
	terms []string // key terms the item must carry (exactly as written)
}

func runCategory(t *testing.T, cat string, cases []catCase) {
	e := testEngine(t, Options{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			items := byCategory(extractOne(t, e, tc.kind, tc.text), cat)
			if got := len(items) > 0; got != tc.want {
				t.Fatalf("%s item: got %v, want %v; items: %+v", cat, got, tc.want, items)
			}
			var all []string
			for _, it := range items {
				all = append(all, it.KeyTerms...)
				if it.Text == "" || it.Start < 0 || it.End > len(tc.text) || it.Start >= it.End {
					t.Errorf("bad evidence: %+v", it)
				}
				if collapse(tc.text[it.Start:it.End]) != it.Text {
					t.Errorf("text %q is not the evidence %q", it.Text, tc.text[it.Start:it.End])
				}
			}
			for _, w := range tc.terms {
				if !slices.Contains(all, w) {
					t.Errorf("key terms %q lack %q", all, w)
				}
			}
		})
	}
}

func TestProhibition(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"do not", "user", "Important: do not run DROP TABLE on legacy_orders.", true, []string{"DROP TABLE", "legacy_orders"}},
		{"never", "user", "Never write to orders_primary from this job.", true, []string{"orders_primary"}},
		{"must not", "system", "You must not call the payments API in production from tests.", true, []string{"call the payments API"}},
		{"mustn't curly", "user", "You mustn’t push to the release branch.", true, nil},
		{"shouldn't", "user", "You shouldn't restart the ingest workers during business hours.", true, nil},
		{"no noun in list", "user", "Rules: (1) no new dependencies without asking me first; (2) be nice.", true, []string{"new dependencies"}},
		{"avoid", "user", "Avoid touching the billing schema.", true, nil},
		{"leave alone", "user", "Leave the vendor directory alone.", true, nil},
		{"read-only", "user", "The analytics replica is read-only.", true, []string{"read-only"}},
		{"freeze", "user", "prod-eu-1 is under a change freeze until Dec 15.", true, []string{"change freeze", "prod-eu-1"}},
		{"only X", "user", "Deploy it to staging-us only.", true, []string{"staging-us"}},
		{"may only", "system", "Refunds may only go to the original payment method.", true, nil},
		{"forbidden", "system", "Deleting customer data is forbidden.", true, nil},
		{"under no circumstances", "user", "Under no circumstances rotate the root key.", true, nil},
		{"french ne pas", "user", "Ne pas exécuter la migration sur la base de production.", true, nil},
		{"french jamais", "user", "Ne supprime jamais la table legacy_orders.", true, []string{"legacy_orders"}},
		{"german nicht", "user", "Bitte die Tabelle legacy_orders nicht löschen.", true, []string{"legacy_orders"}},
		{"german nie", "user", "Führe nie DROP TABLE auf der Produktion aus.", true, []string{"DROP TABLE"}},
		{"spanish no ejecutar", "user", "Por favor, no ejecutar la migración en producción.", true, nil},
		{"spanish nunca", "user", "Nunca borres la tabla legacy_orders.", true, []string{"legacy_orders"}},
		{"spanish under no circumstances", "user", "Bajo ninguna circunstancia debes incluir su nombre en las notas compartidas.", true, nil},
		{"italian under no circumstances", "user", "In nessuna circostanza pubblicare il nome della fonte.", true, nil},
		{"agent adopts", "assistant", "Understood, we must not touch the prod database.", true, nil},
		{"agent restriction", "assistant", "The refund must go either to the original payment method or to a gift card.", true, nil},
		{"agent accepts a correction as a duty", "assistant", "Good point - I should use the systematic-debugging skill since this is a bug investigation.", true, []string{"systematic-debugging"}},
		{"agent relays the rules file", "assistant", "The CLAUDE.md says to write tests to surface bugs first, but these are runtime fixes.", true, nil},
		// negatives
		{"agent acknowledges and looks", "assistant", "You're right. Let me check how the sessions are counted.", false, nil},
		{"agent relays a vendor's docs", "assistant", "The docs say to write tests first.", false, nil},
		{"don't worry", "user", "Don't worry about the flaky test for now.", false, nil},
		{"can't find", "user", "I can't find the config file.", false, nil},
		{"no problem", "user", "No problem, thanks!", false, nil},
		{"agent fact", "assistant", "The existing migrate.go has no batching.", false, nil},
		// The agent's own intentions and opinions are its narration, no
		// rule: the person's rule is what binds it.
		{"agent intends", "assistant", "Understood, I won't touch the prod database.", false, nil},
		{"agent opines", "assistant", "If we can't find a checkpoint, we shouldn't add a trailer at all.", false, nil},
		{"linter never used", "tool_result", "internal/api/handlers.go:88:2: SA4006: this value of `err` is never used (staticcheck)", false, nil},
		{"licence never", "tool_result", "IN NO EVENT SHALL THE AUTHORS BE LIABLE. You must not remove this notice.", false, nil},
		{"command", "tool_call", "git push --force-with-lease # never do this on main", false, nil},
		{"system boilerplate", "system", "You are a coding agent working in the acme/orders repository. Explain what you are about to do before running commands that change data.", false, nil},
		{"chitchat", "user", "I like slate blue. Let's sleep on the name.", false, nil},
	})
}

func TestNumericCommitment(t *testing.T) {
	runCategory(t, sdk.CategoryNumericCommitment, []catCase{
		{"money cap", "user", "Budget: total cloud spend is capped at $200.", true, []string{"$200"}},
		{"money thousands", "user", "Keep the spend below $2,000 this month.", true, []string{"$2,000"}},
		{"euro suffix", "user", "Das Budget liegt bei 500 € pro Monat.", true, []string{"500 €"}},
		{"k usd", "user", "We have 2k USD for the experiment.", true, []string{"2k USD"}},
		{"rate words", "user", "The partner API allows at most 5 requests per second per key.", true, []string{"5 requests per second"}},
		{"rate short", "user", "Stay under 5 req/s.", true, []string{"5 req/s"}},
		{"rpm", "user", "The quota is 100 rpm.", true, []string{"100 rpm"}},
		{"german rate", "user", "Höchstens 5 Anfragen pro Sekunde.", true, []string{"5 Anfragen pro Sekunde"}},
		{"duration", "user", "Going over gets the key suspended for 24 hours.", true, []string{"24 hours"}},
		{"duration short", "user", "Set the timeout to 30s.", true, []string{"30s"}},
		{"date weekday", "user", "It has to ship before Friday, December 4.", true, []string{"Friday, December 4"}},
		{"iso date", "user", "Freeze starts 2026-12-04.", true, []string{"2026-12-04"}},
		{"eod", "user", "Send the report by EOD Thursday.", true, []string{"EOD Thursday"}},
		{"month close", "user", "It stays until the January close.", true, []string{"January close"}},
		{"french date", "user", "La livraison doit se faire avant le 4 décembre.", true, []string{"4 décembre"}},
		{"version pin", "user", "One exception: pin numpy==1.26.4.", true, []string{"numpy==1.26.4"}},
		{"semver", "user", "Stay on v3.14.2 for now.", true, []string{"v3.14.2"}},
		{"npm range", "user", "Install lodash@^2.1 exactly.", true, []string{"lodash@^2.1"}},
		{"pinned to", "user", "Postgres stays pinned to 16.2.", true, []string{"16.2"}},
		{"percent", "user", "Error budget is 0.1%.", true, []string{"0.1%"}},
		{"port", "user", "The proxy listens on port 8443.", true, []string{"port 8443"}},
		{"count", "user", "Copy in batches of 5,000 rows.", true, []string{"5,000 rows"}},
		{"limit chars", "user", "Keep lines under 100 characters.", true, []string{"100 characters"}},
		// negatives
		// The agent's own limits are its plan or its account, no rule:
		// the person's limit binds.
		{"agent limit", "assistant", "I'll keep the crawler under 5 req/s.", false, nil},
		{"agent status under a limit", "assistant", "main_task uses 7680 bytes, under the 8 KiB limit (8192).", false, nil},
		{"agent observation", "assistant", "Per row, batches of 1,000 cost 4.4 us against 65 us for single inserts: about 15x faster.", false, nil},
		{"agent price", "assistant", "At the spot price an n2-standard-8 is about $0.08/hour.", false, nil},
		{"bench output", "tool_result", "BenchmarkInsertRow-8     \t   18234\t     65412 ns/op\t    1840 B/op", false, nil},
		{"ls output", "tool_result", "-rw-r--r--  1 dev dev   56843 Nov 20 00:44 internal/db/schema.sql", false, nil},
		{"command numbers", "tool_call", "python scripts/backfill.py --batch 5000 --count 20", false, nil},
		{"identifier digits", "user", "Use preemptible n2-standard-8 instances only.", false, nil},
		{"branch digits", "user", "Rebase onto release/2026.11.", false, nil},
		{"bare product version", "user", "Can you upgrade the frontend build to webpack 5?", false, nil},
		{"log line in user text", "user", "2026-11-20T10:00:01Z ERROR timeout after 30s", false, nil},
	})
}

func TestEntity(t *testing.T) {
	runCategory(t, sdk.CategoryEntity, []catCase{
		{"tables", "user", "Copy legacy_orders into orders_v2.", true, []string{"legacy_orders", "orders_v2"}},
		{"schema.table", "user", "The report table lives in reporting.weekly_revenue.", true, []string{"reporting.weekly_revenue"}},
		{"branch contrast", "user", "Rebase onto release/2026.11, not release/2026.10.", true, []string{"release/2026.11", "release/2026.10"}},
		{"plain branches", "user", "Open PRs against develop, not main.", true, []string{"develop", "main"}},
		{"env", "user", "Deploy to staging first, then prod.", true, []string{"staging", "prod"}},
		{"region", "user", "Everything runs in us-east-1; the backup is in eu-west-2.", true, []string{"us-east-1"}},
		{"host", "user", "Point the client at db1.payments.internal.", true, []string{"db1.payments.internal"}},
		{"named pool", "user", "The CI job to watch is orders-e2e on runner pool linux-large.", true, []string{"orders-e2e", "linux-large"}},
		{"account id", "user", "Bill it to account 4411-2093-7781.", true, []string{"4411-2093-7781"}},
		{"agent with rule", "assistant", "We must not write to orders_primary.", true, []string{"orders_primary"}},
		{"tracker key", "user", "Look at ENT-250 before you touch the handler.", true, []string{"ENT-250"}},
		{"tracker key in its URL", "user", "have a look at this first https://linear.app/acme/issue/ENT-250/introduce-actionhandler - I wrote it earlier", true, []string{"ENT-250"}},
		{"CVE", "user", "We are patching CVE-2024-3094 today.", true, []string{"CVE-2024-3094"}},
		// negatives
		{"one digit names a thing in a row", "user", "If they need treating, use QT-4.", false, nil},
		{"standard with a number", "user", "Dates are ISO-8601 and hashes SHA-256.", false, nil},
		{"agent report", "assistant", "Rebased feat/invoice-rounding onto release/2026.11 and pushed.", false, nil},
		{"file path", "user", "Look at tests/test_orders.py please.", false, nil},
		{"contrast of words", "user", "Do it today, not tomorrow.", false, nil},
		{"tool output", "tool_result", "yusuf_rossi_9620", false, nil},
		{"chitchat", "user", "We're naming the new CLI. Ideas so far: orbit, tern, quill.", false, nil},
	})
}

func TestFailedAttempt(t *testing.T) {
	runCategory(t, sdk.CategoryFailedAttempt, []catCase{
		{"failed because", "assistant", "The webpack 5 upgrade failed because node-sass cannot build on Node 20.", true, []string{"webpack 5 upgrade", "node-sass"}},
		{"no retry", "assistant", "We should not retry the webpack upgrade until node-sass is replaced.", true, []string{"node-sass"}},
		{"tried and segfaulted", "user", "numpy 2.x breaks our C extension, we tried it last week and the wheels segfaulted on import.", true, []string{"numpy 2.x"}},
		{"didn't work colon", "assistant", "Raising the pool size didn't work: the proxy caps connections at 100.", true, nil},
		{"rejected with its cause", "assistant", "The push was rejected: a Liquid syntax error in winter-banner.liquid line 23.", true, []string{"winter-banner.liquid"}},
		{"refused because", "assistant", "The evidence was refused because the tracking number has no delivery scan.", true, nil},
		{"cause after a longer subject", "assistant", "Notarization fails for the universal zip once the blockmap step rewrites it: differential updates are broken.", true, nil},
		{"did not run", "assistant", "The migration did not run: the dev DB user can't create the shadow database.", true, nil},
		{"nothing was pushed", "assistant", "The channel API is in maintenance until 01:00, so nothing was pushed.", true, nil},
		{"portuguese rejection", "assistant", "A SEFAZ rejeitou: já existe uma NF-e número 1042 com outra chave.", true, nil},
		{"chinese rejection", "assistant", "2.3.0 审核被驳回：需要先补充食品经营许可证。", true, nil},
		{"a rule about running is no failure", "user", "Please don't run the migration on prod.", false, nil},
		{"still failing after a change", "assistant", "Still failing, now from lib/panels.libsonnet:112 — the shared latency helper reads latencyP99.", true, []string{"lib/panels.libsonnet"}},
		{"still timing out", "assistant", "Still timing out; the guest now logs a TX timeout on queue 0.", true, nil},
		{"still running is no failure", "assistant", "The backfill is still running, 40% done.", false, nil},
		{"a question whether it still fails is no failure", "user", "Is the import still failing after the patch?", false, nil},
		{"a condition on still failing is no failure", "user", "If the build is still failing tomorrow, roll it back.", false, nil},
		{"don't try again", "user", "Don't try the blue-green switch again.", true, nil},
		{"german", "user", "Das Upgrade auf pgx v5 ist fehlgeschlagen, bitte nicht erneut versuchen.", true, nil},
		{"french", "user", "La migration a échoué à cause du verrou.", true, nil},
		{"spanish", "assistant", "La actualización falló porque falta libssl.", true, nil},
		// negatives
		{"diagnosis", "assistant", "The failure is banker's rounding applied before tax.", false, nil},
		{"a tool reporting its call failed", "tool_result", "npm ERR! code 1\nnpm ERR! command failed", true, nil},
		{"a payment tool's refusal", "tool_result", "Payment failed: card declined by issuer (3-D Secure not completed).", true, nil},
		{"a test run with a failure", "tool_result", "F\n1 failed in 48.20s", true, nil},
		{"a chinese payment failure", "tool_result", "支付失败：余额不足", true, nil},
		{"a spanish payment failure", "tool_result", "El pago falló: tarjeta rechazada", true, nil},
		{"a test run with none failed", "tool_result", "12 passed, 0 failed in 3.1s", false, nil},
		{"a zero count with its noun", "tool_result", "100% tests passed, 0 tests failed out of 42", false, nil},
		{"a count with its noun", "tool_result", "90% tests passed, 4 tests failed out of 42", true, nil},
		{"a fatal error", "tool_result", "Fatal: unable to create lock in backend: repository is already locked", true, nil},
		{"a vietnamese payment refusal", "tool_result", "LỖI: Thanh toán bị từ chối (thẻ vượt hạn mức).", true, nil},
		{"a fail flag is no failure", "tool_result", "running pytest --fail-fast -q", false, nil},
		{"an ok field before a failure", "tool_result", "ok: false, error: payment failed", true, nil},
		{"a passed check named for a failure", "tool_result", "  ✓ marks the job failed after the last retry (8 ms)\nok 2 - reports failed uploads", false, nil},
		{"a failed check beside passed ones", "tool_result", "  ✓ retries up to 5 times (3 ms)\n  ✕ marks the job failed after the last retry (8 ms)", true, nil},
		{"a count of failures that is zero", "tool_result", "[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0", false, nil},
		{"a failure word in code read from a file", "tool_result", "    45→\t\treturn nil, fmt.Errorf(\"failed to get session state file path: %w\", err)", false, nil},
		{"a failure word in a string literal", "tool_result", "log.Printf(\"upload failed: %v\", err)", false, nil},
		{"a failure word called as a function in a grep of the source", "tool_result", "7421-    if ($reply =~ /error/) {\n7423-        failed(\"updating %s: Could not connect to porkbun.com\", $h);", false, nil},
		{"a count of failures with its plural in brackets", "tool_result", "Build finished with 3 failure(s), 0 warning(s).", true, nil},
		{"a fatal error with its code in brackets", "tool_result", "FATAL(ORA-01017): invalid username/password; logon denied", true, nil},
		{"stack trace", "tool_result", "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nValueError: bad", false, nil},
		{"passing", "assistant", "All five findings fixed; lint and tests pass.", false, nil},
	})
}

func TestToolErrorRuleIsOptIn(t *testing.T) {
	span := []sdk.Span{{ID: "r", Kind: "tool_result", Text: "npm ERR! Error: Node Sass does not yet support your current environment"}}
	if items := testEngine(t, Options{}).Extract(span); len(items) != 0 {
		// A hard error line that says nothing failed (no failure word) is
		// output, not a record of a failed attempt, unless tool_error is on.
		t.Fatalf("default engine took items from a tool result: %+v", items)
	}
	items := testEngine(t, Options{Enable: []string{"tool_error"}}).Extract(span)
	if len(byCategory(items, sdk.CategoryFailedAttempt)) != 1 {
		t.Fatalf("enabled tool_error: %+v", items)
	}
}

func TestSplitSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Pin numpy==1.26.4. Then test.", []string{"Pin numpy==1.26.4.", "Then test."}},
		{"Use e.g. the replica; never the primary", []string{"Use e.g. the replica;", "never the primary"}},
		{"Rules: (1) a; (2) b", []string{"Rules:", "a;", "b"}},
		{"- first\n- second", []string{"first", "second"}},
		{"a soft\nwrap stays", []string{"a soft\nwrap stays"}},
		{"Deploy to staging-us only. prod-eu-1 is frozen.", []string{"Deploy to staging-us only.", "prod-eu-1 is frozen."}},
		{"She wrote 'we waited 2 hours.' — booking KF-30417.", []string{"She wrote 'we waited 2 hours.'", "— booking KF-30417."}},
		{"Er sagte „nie am Freitag.“ Dann ging er.", []string{"Er sagte „nie am Freitag.“", "Dann ging er."}},
		{"«Jamais le vendredi.» Il est parti.", []string{"«Jamais le vendredi.»", "Il est parti."}},
		{"keep the node's name. Don't rename it", []string{"keep the node's name.", "Don't rename it"}},
	}
	e := testEngine(t, Options{})
	for _, tc := range tests {
		var got []string
		for _, s := range e.splitSentences(tc.in, nil) {
			got = append(got, tc.in[s.Start:s.End])
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("split(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCueSet(t *testing.T) {
	c := newCueSet([]string{"not", "n't", "never", "drop table"})
	hits := c.scan("You can't DROP TABLE, NOT ever; never.", nil)
	var got []string
	for _, h := range hits {
		got = append(got, []string{"not", "n't", "never", "drop table"}[h.Cue])
	}
	want := []string{"n't", "drop table", "not", "never"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("hits %v, want %v", got, want)
	}
}

func TestCompileDiagnostics(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"bad regexp", "rule \"a\" {\n category = \"entity\"\n pattern = \"(\"\n}\n", "t.hcl:1,1"},
		{"bad kind", "rule \"a\" {\n category = \"entity\"\n kinds = [\"robot\"]\n pattern = \"x\"\n}\n", "kind \"robot\""},
		{"bad terms", "rule \"a\" {\n category = \"entity\"\n terms = \"vibes\"\n pattern = \"x\"\n}\n", "terms \"vibes\""},
		{"no category", "rule \"a\" {\n category = \"\"\n pattern = \"x\"\n}\n", "no category"},
		{"negative lead", "rule \"a\" {\n category = \"entity\"\n cues = [\"x\"]\n lead = -1\n pattern = \"x\"\n}\n", "lead -1"},
		{"bad noise unless", "noise \"a\" {\n pattern = \"x\"\n unless = \"(\"\n}\n", "invalid noise unless pattern"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, diags := ParsePack("t.hcl", []byte(tc.src))
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			_, diags = Compile([]*Pack{p}, Options{Lexicon: testLexicon(t)})
			if !diags.HasErrors() || !strings.Contains(diags.Error(), tc.want) {
				t.Fatalf("diags %q, want %q", diags.Error(), tc.want)
			}
		})
	}
}

func TestLaterPackOverrides(t *testing.T) {
	def, _ := DefaultPack()
	over, diags := ParsePack("over.hcl", []byte("rule \"duration\" {\n category = \"numeric_commitment\"\n digits = true\n pattern = \"never-matches-[0-9]\"\n}\n"))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	e, diags := Compile([]*Pack{def, over}, Options{Disable: []string{"limit"}, Lexicon: testLexicon(t)})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	if items := e.Extract([]sdk.Span{{ID: "a", Kind: "user", Text: "Wait 24 hours."}}); len(items) != 0 {
		t.Fatalf("overridden rule still fires: %+v", items)
	}
}

// TestAnAsideSetsNothing: what the person says in passing about
// themselves or the moment sets no rule and no commitment; an aside that
// also instructs is still read.
func TestAnAsideSetsNothing(t *testing.T) {
	tests := []struct {
		text string
		want bool // some item extracted
	}{
		{"ugh sorry, I know it's 6am.", false},
		{"I'm so tired, 3 hours of sleep.", false},
		{"btw conversion was 3.9% on Saturday, best day ever, the team is wrecked", false},
		{"I don't have the energy for another round of that.", false},
		{"Honestly the last rota caused a grievance and I can't face another one.", false},
		{"Honestly, never restart the haproxy fleet all at once.", true},
		{"btw, at most 2 reloads per hour during office hours.", true},
		{"Sorry, but don't touch prod-db-1 today.", true},
		{"I don't want any force pushes to main.", true},
	}
	e := testEngine(t, Options{})
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			items := extractOne(t, e, "user", tt.text)
			if got := len(items) > 0; got != tt.want {
				t.Errorf("items %+v, want some: %v", items, tt.want)
			}
		})
	}
}

// TestPastedLogLinesSetNothing: a log line pasted into a message is data,
// whatever its timestamp looks like.
func TestPastedLogLinesSetNothing(t *testing.T) {
	e := testEngine(t, Options{})
	for _, text := range []string{
		"2026-02-09T09:00:08Z INFO hook invoked within 30 seconds",
		"Feb 9 09:00:08.092 |DEBU| hook invoked hook=session-start",
		"ERROR: retry 3 of 5 failed after 20s",
	} {
		if items := extractOne(t, e, "user", text); len(items) > 0 {
			t.Errorf("%q: items %+v, want none", text, items)
		}
	}
}
