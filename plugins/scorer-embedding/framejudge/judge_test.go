package framejudge_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/framejudge"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

func newJudge(t testing.TB) *framejudge.Judge {
	t.Helper()
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return framejudge.New(frame.NewReader(lex))
}

// judgeOne judges a single item cut from a user span holding the same text.
func judgeOne(t *testing.T, j *framejudge.Judge, category, original, candidate string) framejudge.Verdict {
	t.Helper()
	items := []sdk.Item{{Category: category, Text: original, Span: "s1"}}
	originals := []sdk.Span{{ID: "s1", Kind: "user", Text: original}}
	vs, err := j.Judge(context.Background(), candidate, items, originals)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 {
		t.Fatalf("%d verdicts for one item", len(vs))
	}
	return vs[0]
}

// wantPreserved judges one item against candidate and reports a verdict
// whose Preserved is not want.
func wantPreserved(t *testing.T, j *framejudge.Judge, category, original, candidate string, want bool) {
	t.Helper()
	if v := judgeOne(t, j, category, original, candidate); v.Preserved != want {
		t.Errorf("%q: preserved = %v, want %v (fate %q, note %q)", candidate, v.Preserved, want, v.Fate, v.Note)
	}
}

// judgeItems judges items, each cut whole from a user span of its own id
// holding its text (items of one span share it).
func judgeItems(t *testing.T, j *framejudge.Judge, candidate string, items ...sdk.Item) []framejudge.Verdict {
	t.Helper()
	var originals []sdk.Span
	seen := map[string]bool{}
	for _, it := range items {
		if !seen[it.Span] {
			seen[it.Span] = true
			originals = append(originals, sdk.Span{ID: it.Span, Kind: "user", Text: it.Text})
		}
	}
	vs, err := j.Judge(context.Background(), candidate, items, originals)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestJudgeComparesFrameAgainstFrame pins, per kind of rewrite, whether
// the judge keeps the original's rule and what became of it when it does
// not. A kept item's evidence is a clause quoted from the candidate.
func TestJudgeComparesFrameAgainstFrame(t *testing.T) {
	tests := []struct {
		name      string
		category  string
		original  string
		candidate string
		preserved bool
		fate      string // "" when any fate other than kept will do
	}{
		{
			name:      "compound rule whose second clause became an action is not kept",
			category:  sdk.CategoryProhibition,
			original:  "Never run a migration during business hours, and do not touch the billing schema without a fresh backup.",
			candidate: "Migrations never during business hours; next, migrate the billing schema now.",
		},
		{
			name:      "a rule's 'no exceptions' stresses it and asks for nothing more",
			category:  sdk.CategoryProhibition,
			original:  "under 60 lbs, helmet AND vest or they don't ride, no exceptions even if mama signs.",
			candidate: "Rules\n- Mutton bustin': ages 4 through 7 and under 60 lb; no helmet plus vest, no ride — a parent's signature doesn't override that.",
			preserved: true,
		},
		{
			name:      "a numbered room is not kept by a time at that hour",
			category:  sdk.CategoryProhibition,
			original:  "Use only room 8.",
			candidate: "Use only room 5 from 20:00.",
		},
		{
			name:      "a task done once is kept by a summary that reports it with its names and values",
			category:  sdk.CategoryNumericCommitment,
			original:  "We need to move our Strimzi-managed Kafka clusters from 3.8.0 to 3.9.0.",
			candidate: "Goal: upgrade the Strimzi-managed Kafka clusters from 3.8.0 to 3.9.0.\n\nStaging: applied and rolled.",
			preserved: true,
		},
		{
			name:      "a task is not kept by a summary that moves its value",
			category:  sdk.CategoryNumericCommitment,
			original:  "We need to move our Strimzi-managed Kafka clusters from 3.8.0 to 3.9.0.",
			candidate: "Goal: upgrade the Strimzi-managed Kafka clusters from 3.8.0 to 3.10.0.\n\nStaging: applied and rolled.",
		},
		{
			name:      "a standing duty is not kept as a status",
			category:  sdk.CategoryNumericCommitment,
			original:  "From now on, always run the Strimzi-managed Kafka clusters on 3.9.0.",
			candidate: "Status: the Strimzi-managed Kafka clusters run 3.9.0.\n\nStaging: applied and rolled.",
		},
		{
			name:      "a rule is kept by one sentence the summary writes in three clauses",
			category:  sdk.CategoryProhibition,
			original:  "Dozi za Kamau, hapana, tunabaki na dozi 2,000 tu.",
			candidate: "Order: Newcastle vaccine from the Agrovet.\nMember Kamau proposed 3,000 doses; rejected, the order stays at 2,000.\nNext: pay once the till is confirmed.",
			preserved: true,
		},
		{
			name:      "a hyphenated name is not kept by a sibling of it in its place",
			category:  sdk.CategoryProhibition,
			original:  "Create the app in the organization northwind-staging only.",
			candidate: "| Item | Value |\n|---|---|\n| Organization | northwind-prod (only) |\n| App name | billing-web |",
		},
		{
			name:      "the only allowed name is not kept by the forbidden one in its place",
			category:  sdk.CategoryProhibition,
			original:  "Connect it to the destination bq-eu-analytics only — bq-us-legacy must never receive EU events.",
			candidate: "In connections.yaml the chain is web-eu-prod → strip_pii_eu → bq-us-legacy, the only destination for these events.",
		},
		{
			name:      "not X but Y is kept by Y and a word for X",
			category:  sdk.CategoryProhibition,
			original:  "注意：差出人名は旧社名の「株式会社みどり設計」ではなく、新社名の「みどりデザイン株式会社」で。",
			candidate: "- Customer: formerly 株式会社みどり設計; it changed its name in October.\n- Sender name on the cards: the NEW name, みどりデザイン株式会社 — not the old one.",
			preserved: true,
		},
		{
			name:      "not X but Y is not kept by X alone",
			category:  sdk.CategoryProhibition,
			original:  "注意：差出人名は旧社名の「株式会社みどり設計」ではなく、新社名の「みどりデザイン株式会社」で。",
			candidate: "- Customer: 株式会社みどり設計.\n- Sender name on the cards: 株式会社みどり設計, as last year.",
		},
		{
			name:      "a hyphenated word may be kept in another form of it",
			category:  sdk.CategoryProhibition,
			original:  "Don't start de-icing on a stand while the engines are running.",
			candidate: "Stands: never de-ice with the engines running.",
			preserved: true,
		},
		{
			name:      "a failed attempt is kept by its cause and, on the next line, that it failed",
			category:  sdk.CategoryFailedAttempt,
			original:  "Retry failed the same way: a session (pid 4471) has been idle in transaction for 2h41m holding a FOR UPDATE lock on invoice.",
			candidate: "Errors:\n- Cause: pid 4471 idle in transaction for 2h41m, holding a SELECT FOR UPDATE on invoice.\n- The single allowed retry also FAILED with the same lock timeout.",
			preserved: true,
		},
		{
			name:      "a failed attempt is not kept when the next line says it went through",
			category:  sdk.CategoryFailedAttempt,
			original:  "Retry failed the same way: a session (pid 4471) has been idle in transaction for 2h41m holding a FOR UPDATE lock on invoice.",
			candidate: "Errors:\n- Cause: pid 4471 idle in transaction for 2h41m, holding a SELECT FOR UPDATE on invoice.\n- The single allowed retry then went through after the lock cleared.",
		},
		{
			name:      "a prohibition stated without its condition is kept: it holds always",
			category:  sdk.CategoryProhibition,
			original:  "While you're in there: do NOT stop or edit the checkout-one-page experiment.",
			candidate: "Experiments:\n- checkout-one-page: fully hands-off. Do not stop it and do not edit it.\n- pricing-banner: stopped as asked.",
			preserved: true,
		},
		{
			name:      "an only's condition is what it allows and must be kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "Pyro erst ab 19:00 und nur, wenn die Freiwillige Feuerwehr Kufstein an der Strecke steht.",
			candidate: "Regeln:\n1. Kein Rutenschlagen.\n2. Pyro frühestens ab 19:00.\n3. Masken bleiben auf.",
		},
		{
			name:      "a duty restated under the summary's request heading is kept as a duty",
			category:  sdk.CategoryNumericCommitment,
			original:  "The timestamps must stay in unix seconds and the parquet writer must stay on version 52.0.",
			candidate: "## Primary Request and Intent\nSwitch the retention column parser; timestamps in unix seconds, parquet writer pinned at 52.0.\n\n## Current Work\nTests green.",
			preserved: true,
		},
		{
			name:      "a ban under a condition's bound is kept by an only on the other side of it",
			category:  sdk.CategoryProhibition,
			original:  "Season rules as before: no launch if surface wind at the launch site is above 8 knots.",
			candidate: "Rules: launch only if site surface wind ≤ 8 kt; the pilot decides the rest.",
			preserved: true,
		},
		{
			name:      "a ban under a condition's bound is not kept by an only on its own side",
			category:  sdk.CategoryProhibition,
			original:  "Season rules as before: no launch if surface wind at the launch site is above 8 knots.",
			candidate: "Rules: launch only if site surface wind ≥ 8 kt; the pilot decides the rest.",
		},
		{
			name:      "an answer that refuses an offer is kept by saying the person does it themselves",
			category:  sdk.CategoryProhibition,
			original:  "No, I'll do that myself Monday morning.",
			candidate: "Open: web-front rebuild; the user does it himself on Monday 7 Dec.",
			preserved: true,
		},
		{
			name:      "an answer that refuses an offer is not kept by a summary that hands the work to the agent",
			category:  sdk.CategoryProhibition,
			original:  "No, I'll do that myself Monday morning.",
			candidate: "Open: web-front rebuild; the agent does it on Monday 7 Dec.",
		},
		{
			name:      "an answer that refuses a value is kept by saying the value was turned down",
			category:  sdk.CategoryProhibition,
			original:  "No, 08:30 is too late for the exporter.",
			candidate: "Truck: the manager rejected 08:30 as too late for the exporter and will phone the carrier tomorrow.",
			preserved: true,
		},
		{
			name:      "an answer that refuses a value is not kept by a summary that takes it",
			category:  sdk.CategoryProhibition,
			original:  "No, 08:30 is too late for the exporter.",
			candidate: "Truck: booked for 08:30 for the exporter; the carrier confirmed.",
		},
		{
			name:      "a ban said as what stays, in a rules list, is not read as a duty",
			category:  sdk.CategoryProhibition,
			original:  "Do not rename existing derived roles (derived_roles/common.yaml).",
			candidate: "Constraints (CLAUDE.md):\n- Existing derived roles in derived_roles/common.yaml keep their names.\n- Coverage stays at or above 90%.",
			preserved: true,
		},
		{
			name:      "a ban restated in a rules list as a duty of the same words is inverted",
			category:  sdk.CategoryProhibition,
			original:  "Do not rename existing derived roles (derived_roles/common.yaml).",
			candidate: "Constraints (CLAUDE.md):\n- Rename existing derived roles in derived_roles/common.yaml.\n- Coverage stays at or above 90%.",
			fate:      sdk.FateInverted,
		},
		{
			name:      "a ban on names joined by or is kept by a summary that names each",
			category:  sdk.CategoryProhibition,
			original:  "Do not bump rust-toolchain or any crate in Cargo.lock without a human approving it.",
			candidate: "Repo rules: no rust-toolchain or Cargo.lock bumps without human approval.",
			preserved: true,
		},
		{
			name:      "a ban on names joined by or is not kept by a summary that drops one",
			category:  sdk.CategoryProhibition,
			original:  "Do not bump rust-toolchain or any crate in Cargo.lock without a human approving it.",
			candidate: "Repo rules: no rust-toolchain bumps without human approval.",
		},
		{
			name:      "a ban on actions joined by or is not kept by a summary that keeps one on the same name",
			category:  sdk.CategoryProhibition,
			original:  "Don't drop or truncate anything in signoz_traces — compliance needs the error index intact.",
			candidate: "Rules: no table in signoz_traces may be dropped (compliance needs the error index).",
		},
		{
			name:      "an exception that names who may allow is widened by a summary that names anyone",
			category:  sdk.CategoryProhibition,
			original:  "For prod-network: no atlantis apply from a PR comment unless Ingrid has approved the PR.",
			candidate: "Rules: prod-network: no atlantis apply from a PR comment unless a reviewer has approved that PR.",
		},
		{
			name:      "an exception that names who may allow is kept by a summary that names them",
			category:  sdk.CategoryProhibition,
			original:  "For prod-network: no atlantis apply from a PR comment unless Ingrid has approved the PR.",
			candidate: "Rules: prod-network: no atlantis apply from a PR comment unless Ingrid signed off on that PR.",
			preserved: true,
		},
		{
			name:      "a failure reported as one is kept without every figure of it",
			category:  sdk.CategoryFailedAttempt,
			original:  "TestRoundRobin still fails (group-d 71/400, needs >= 90).",
			candidate: "Neither attempt fixed it: TestRoundRobin still fails after both changes, far below the threshold.",
			preserved: true,
		},
		{
			name:      "a failure reported as passing is not kept",
			category:  sdk.CategoryFailedAttempt,
			original:  "TestRoundRobin still fails (group-d 71/400, needs >= 90).",
			candidate: "Second attempt: TestRoundRobin passes now (group-d got 95/400 against the threshold of 90).",
		},
		{
			name:      "a statement of names is kept by a table that gives each name a row",
			category:  sdk.CategoryEntity,
			original:  "Our dokku host dokku-01 runs three apps: billing-api, web-front, cron-worker.",
			candidate: "Audit of the buildpacks on dokku-01 (read-only).\n\n| app | buildpack | status |\n|---|---|---|\n| billing-api | python v232 (stack heroku-22) | frozen on purpose until the PCI review on Fri 18 Dec: no ps:rebuild, no push, no deploy |\n| web-front | nodejs v251 (latest v257, stack heroku-22) | outdated; the user updates it himself on Monday 7 Dec |\n| cron-worker | python v250 (latest v252, stack heroku-24) | slightly behind, low risk |",
			preserved: true,
		},
		{
			name:      "a failure said to be over is not kept by its figures",
			category:  sdk.CategoryFailedAttempt,
			original:  "TestRoundRobin still fails (group-d 71/400, needs >= 90).",
			candidate: "TestRoundRobin no longer fails (group-d got 95/400, the threshold is 90).",
		},
		{
			name:      "a ban restated in a rules list as a duty with a word more is inverted",
			category:  sdk.CategoryProhibition,
			original:  "Do not rename existing derived roles (derived_roles/common.yaml).",
			candidate: "Constraints (CLAUDE.md):\n- Rename existing derived roles in derived_roles/common.yaml freely.\n- Coverage stays at or above 90%.",
			fate:      sdk.FateInverted,
		},
		{
			name:      "a prohibition under a condition is kept by the only of its other side",
			category:  sdk.CategoryProhibition,
			original:  "No new dependencies in pom.xml without approval from Peter Horváth.",
			candidate: "Rules: new dependencies in pom.xml only with approval from Peter Horváth.",
			preserved: true,
		},
		{
			name:      "a name the original allows only is not kept by a candidate that forbids it",
			category:  sdk.CategoryProhibition,
			original:  "During the freeze, deploy only to eu-west-1.",
			candidate: "Rules: during the freeze, never deploy to eu-west-1.",
		},
		{
			name:      "an action the person kept for themselves is kept by a summary saying they do it themselves",
			category:  sdk.CategoryProhibition,
			original:  "Leave the field units alone, I'll roll the firmware out to them by OTA tomorrow.",
			candidate: "Status: fix verified on the bench. The user will roll the firmware out to the field units by OTA tomorrow themselves.",
			preserved: true,
		},
		{
			name:      "a prohibition beside the person's own action is lost when the summary allows the forbidden act",
			category:  sdk.CategoryProhibition,
			original:  "Don't merge PR 212, I'll review it myself tonight.",
			candidate: "The user will review PR 212 himself tonight; merge it once CI is green.",
			preserved: false,
		},
		{
			name:      "an action the person kept for themselves is lost when the summary plans it for the agent",
			category:  sdk.CategoryProhibition,
			original:  "Leave the field units alone, I'll roll the firmware out to them by OTA tomorrow.",
			candidate: "Status: fix verified on the bench. Next: roll the firmware out to the field units by OTA tomorrow.",
		},
		{
			name:      "a rule of two parts joined by nor, listed a line each, is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "Joulukuun loppuun asti: älä varaa kätilölle aikoja tiistaille äläkä kello 16 jälkeen, koska hän on tiistait synnytyssalissa.",
			candidate: "Kätilön varaussäännöt joulukuun loppuun asti:\n- ei yhtään aikaa tiistaille (hän on tiistait synnytyssalissa),\n- ei aikoja kello 16:n jälkeen.\n\nTehty: Emilia varattiin torstaille klo 9.30.",
			preserved: true,
		},
		{
			name:      "a rule of two parts joined by nor loses its bound when no line holds it",
			category:  sdk.CategoryNumericCommitment,
			original:  "Joulukuun loppuun asti: älä varaa kätilölle aikoja tiistaille äläkä kello 16 jälkeen, koska hän on tiistait synnytyssalissa.",
			candidate: "Kätilön varaussäännöt joulukuun loppuun asti:\n- ei yhtään aikaa tiistaille (hän on tiistait synnytyssalissa),\n- ei aikoja kello 18:n jälkeen.\n\nTehty: Emilia varattiin torstaille klo 9.30.",
		},
		{
			name:      "a prohibition whose nor follows its alternative loses it when the summary drops it",
			category:  sdk.CategoryProhibition,
			original:  "Fontos: a látogatók nem mehetnek be a kovácsműhelybe, és a raktárba sem.",
			candidate: "Összefoglaló. A mester szabálya: a látogatók nem mehetnek be a kovácsműhelybe. A kapu kész, a festés még nincs meg.",
		},
		{
			name:      "a prohibition whose nor follows its alternative is kept with both",
			category:  sdk.CategoryProhibition,
			original:  "Fontos: a látogatók nem mehetnek be a kovácsműhelybe, és a raktárba sem.",
			candidate: "Összefoglaló. A mester szabálya: a látogatók nem mehetnek be sem a kovácsműhelybe, sem a raktárba. A kapu kész, a festés még nincs meg.",
			preserved: true,
		},
		{
			name:      "an either after the whole rule names no alternative",
			category:  sdk.CategoryProhibition,
			original:  "Don't touch packages/payments-widget either — the vendor builds it.",
			candidate: "Rules: packages/payments-widget is off-limits (vendor-built).",
			preserved: true,
		},
		{
			name:      "a value the rule sets for another case is not its limit moved",
			category:  sdk.CategoryNumericCommitment,
			original:  "For next week's group: Open Water divers go to at most 18 metres, Advanced divers up to 30 metres.",
			candidate: "Depth limits for the group: Open Water 18 m deepest, no exceptions; Advanced up to 30 m.",
			preserved: true,
		},
		{
			name:      "a status value beside another limit of the same kind is the limit moved",
			category:  sdk.CategoryNumericCommitment,
			original:  "For next week's group: Open Water divers go to at most 18 metres.",
			candidate: "Depth limits for the group: Open Water 18 m planned; the limit is now up to 25 m.",
		},
		{
			name:      "a bound with an exception is kept by its other side allowed only under the excepted condition",
			category:  sdk.CategoryNumericCommitment,
			original:  "Do not book rehearsals after 21:00 unless the caretaker is on duty.",
			candidate: "Rehearsals after 21:00 may be booked only when the caretaker is on duty.",
			preserved: true,
		},
		{
			name:      "the other side of a bound under another condition is not the rule",
			category:  sdk.CategoryNumericCommitment,
			original:  "Do not book rehearsals after 21:00 unless the caretaker is on duty.",
			candidate: "Rehearsals after 21:00 may be booked only when the conductor agrees.",
		},
		{
			name:      "the other side of a bound forbidden under the excepted condition is not the rule",
			category:  sdk.CategoryNumericCommitment,
			original:  "Do not book rehearsals after 21:00 unless the caretaker is on duty.",
			candidate: "Never book rehearsals before 21:00 when the caretaker is on duty.",
		},
		{
			name:      "the other side of a bound with the condition in another clause is not the rule",
			category:  sdk.CategoryNumericCommitment,
			original:  "Do not book rehearsals after 21:00 unless the caretaker is on duty.",
			candidate: "Rehearsals after 21:00 may be booked. If the caretaker is on duty, he locks up.",
		},
		{
			name:      "a status value of the item is no bound of its own",
			category:  sdk.CategoryNumericCommitment,
			original:  "Keep at most 3 replicas; the pool has 5 nodes.",
			candidate: "3 replicas running; the cap is now at most 5 replicas.",
		},
		{
			name:      "the other side of a bound with no condition is not the rule",
			category:  sdk.CategoryNumericCommitment,
			original:  "Do not book rehearsals after 21:00 unless the caretaker is on duty.",
			candidate: "Rehearsals are booked after 21:00; the caretaker is on duty on Fridays.",
		},
		{
			name:      "a prohibition that keeps only its first alternative is not kept",
			category:  sdk.CategoryProhibition,
			original:  "Before you go further: never run migrations against the prod database or the staging replica.",
			candidate: "Rules: never run migrations against the prod database.\nDone: published_at field added.",
		},
		{
			name:      "a prohibition that keeps each alternative in its own words is kept",
			category:  sdk.CategoryProhibition,
			original:  "Don't just add retries or bump timeouts, I want the real cause.",
			candidate: "The user wants the root cause: no papering over it with retries or longer timeouts.",
			preserved: true,
		},
		{
			name:      "an or in the reason, the exception or a later phrase is no alternative the rule forbids",
			category:  sdk.CategoryProhibition,
			original:  "Never push to main except hotfixes or reverts, and never deploy on Fridays because the QA or release team is off.",
			candidate: "Rules: never push to main except hotfixes or reverts; never deploy on Fridays.",
			preserved: true,
		},
		{
			name:      "an or after a comma that ends the negation is no alternative the rule forbids",
			category:  sdk.CategoryProhibition,
			original:  "Never deploy on Friday, use staging or canary instead.",
			candidate: "Never deploy on Fridays.",
			preserved: true,
		},
		{
			name:      "a rule is kept without the reason it was given",
			category:  sdk.CategoryNumericCommitment,
			original:  "Il deploy su Netlify va fatto entro le 18 di venerdì, perché lunedì parte la campagna alle 9.",
			candidate: "Regole: il deploy su Netlify va fatto entro le 18 di venerdì.\nFatto: immagini del blog compresse.",
			preserved: true,
		},
		{
			name:      "a rule whose reason was kept and whose bound was not is lost",
			category:  sdk.CategoryNumericCommitment,
			original:  "Il deploy su Netlify va fatto entro le 18 di venerdì, perché lunedì parte la campagna alle 9.",
			candidate: "Regole: il deploy su Netlify va fatto venerdì, perché lunedì parte la campagna alle 9.\nFatto: immagini del blog compresse.",
		},
		{
			name:      "a summary that gives the rule a reason of its own still states the rule",
			category:  sdk.CategoryProhibition,
			original:  "Finance still reconciles against the legacy_invoices table until the January close, so it stays read-only.",
			candidate: "The legacy_invoices table stays read-only until the January close, because Finance still reconciles against it.",
			preserved: true,
		},
		{
			name:      "a bound is found by its own value and unit before a bare number that could be it",
			category:  sdk.CategoryNumericCommitment,
			original:  "Overtime at most 4 hours a day per worker.",
			candidate: "Overtime for lines 3 and 4:\n- Limit: ≤ 4 h/day\n- and ≤ 40 h/month per worker.",
			preserved: true,
		},
		{
			name:      "a time of day written without its half is kept by the same time in the other half",
			category:  sdk.CategoryNumericCommitment,
			original:  "Call time 6:15 pm for a 7:30 start.",
			candidate: "Call: 18:15; concert starts 19:30.",
			preserved: true,
		},
		{
			name:      "a time of day written with its half is not kept by the other half",
			category:  sdk.CategoryNumericCommitment,
			original:  "Call time 6:15 pm for a 07:30 start.",
			candidate: "Call: 18:15; concert starts 19:30.",
			fate:      sdk.FateAltered,
		},
		{
			name:      "a time of day written without its half is not kept by another time",
			category:  sdk.CategoryNumericCommitment,
			original:  "Call time 6:15 pm for a 7:30 start.",
			candidate: "Call: 18:15; concert starts 20:00.",
			fate:      sdk.FateAltered,
		},
		{
			name:      "a rule for a whole month is kept by the month named in the heading above it",
			category:  sdk.CategoryNumericCommitment,
			original:  "Para el trimestre de enero: los grupos de B2 tienen un máximo de 12 alumnos.",
			candidate: "Lingua Viva, January term:\n- B2 groups: max 12 students each.",
			preserved: true,
		},
		{
			name:      "a rule for a whole month is kept by the month named in the summary's title",
			category:  sdk.CategoryNumericCommitment,
			original:  "Para las calçotadas de enero: no aceptamos grupos de más de 40 en la terraza.",
			candidate: "Cal Pere — calçotades de gener de 2027, resum\n\nNormes de la Montse, per a tots els cambrers:\n- Mai reservar el celler als grups amb nens petits.\n- Terrassa: com a màxim 40 persones per grup.",
			preserved: true,
		},
		{
			name:      "a rule for a whole month is not kept under another month's heading",
			category:  sdk.CategoryNumericCommitment,
			original:  "Para el trimestre de enero: los grupos de B2 tienen un máximo de 12 alumnos.",
			candidate: "Lingua Viva, April term:\n- B2 groups: max 12 students each.",
		},
		{
			name:      "a time window written with a dash restates a from-until rule",
			category:  sdk.CategoryNumericCommitment,
			original:  "教室は毎月第2・第4土曜日、午後2時から4時まで。",
			candidate: "Schedule: 2nd and 4th Saturday of each month, 2–4 pm.",
			preserved: true,
		},
		{
			name:      "a clipped word pairs with the word it clips",
			category:  sdk.CategoryProhibition,
			original:  "No new dependencies other than clap itself.",
			candidate: "No extra deps besides clap.",
			preserved: true,
		},
		{
			name:      "a clipped word does not keep a rule whose restriction was dropped",
			category:  sdk.CategoryProhibition,
			original:  "No new dependencies other than clap itself.",
			candidate: "Add whatever deps the port needs, clap first.",
		},
		{
			name:      "of two places as close, the one that forbids by its own words states a prohibition",
			category:  sdk.CategoryProhibition,
			original:  "No SELECT * in models.",
			candidate: "**Goal:** a new incremental model.\n\n| Topic | Rule |\n|---|---|\n| Prod | never plan against prod; CI promotes after review |\n| Audits | each new model carries `not_null` + `unique_values` on its grain columns |\n| Incremental kind | lookback ≤ 3 days |\n| SQL style | no `SELECT *` |",
			preserved: true,
		},
		{
			name:      "a prohibition of change is kept by a duty to stay the same",
			category:  sdk.CategoryProhibition,
			original:  "No changes to exported function signatures, other teams import this package.",
			candidate: "Constraints:\n- Exported function signatures stay as they are (other teams import the package).",
			preserved: true,
		},
		{
			name:      "a sentence read whole as a condition is judged by what it holds",
			category:  sdk.CategoryNumericCommitment,
			original:  "If it finds a mismatch above €50 it pages #payouts-oncall instead of auto-correcting.",
			candidate: "Mismatches over €50: no automatic correction; page #payouts-oncall instead.",
			preserved: true,
		},
		{
			name:      "a sentence read whole as a condition is not kept with another value",
			category:  sdk.CategoryNumericCommitment,
			original:  "If it finds a mismatch above €50 it pages #payouts-oncall instead of auto-correcting.",
			candidate: "Mismatches over €500: no automatic correction; page #payouts-oncall instead.",
		},
		{
			name:      "a data size is the same in binary and decimal prefixes",
			category:  sdk.CategoryNumericCommitment,
			original:  "Set the memory limit to 1536 MiB.",
			candidate: "Memory limit: 1.5 GiB.",
			preserved: true,
		},
		{
			name:      "a data size that changed is not kept by a prefix",
			category:  sdk.CategoryNumericCommitment,
			original:  "Set the memory limit to 1536 MiB.",
			candidate: "Memory limit: 2 GiB.",
			fate:      sdk.FateAltered,
		},
		{
			name:      "a name in parentheses after a prohibition is an aside, not what it forbids",
			category:  sdk.CategoryProhibition,
			original:  "Never npm or yarn (the lockfile is pnpm-lock.yaml).",
			candidate: "Repo rules: pnpm only (pnpm-lock.yaml), no npm, no yarn.",
			preserved: true,
		},
		{
			name:      "a negation after a comma does not forbid the name before it",
			category:  sdk.CategoryProhibition,
			original:  "Do not import from another package's src/, only from its public entry `@acme/ui`.",
			candidate: "Import other packages via their public entry `@acme/ui`, never their src/.",
			preserved: true,
		},
		{
			name:      "a name the candidate calls off-limits after it is forbidden there",
			category:  sdk.CategoryProhibition,
			original:  "Only ever use the bucket in eu-west-1 for them; us-east-1 is off-limits for personal data.",
			candidate: "Uploader uses the bucket in us-east-1; eu-west-1 stays off-limits for personal data.",
		},
		{
			name:      "a bound is found by its own side when the summary writes its value twice",
			category:  sdk.CategoryNumericCommitment,
			original:  "Anything above £2,500 and up to £20,000 needs Priya as well.",
			candidate: "- Your approval alone (≤ £2,500): PlotPrint £612.50.\n- You + Priya (over £2.5k up to £20k): Stoneworks £18,400.00.",
			preserved: true,
		},
		{
			name:      "what an only allows, forbidden alone in the candidate, is ruled out",
			category:  sdk.CategoryProhibition,
			original:  "今日は staging-osaka にだけ出してください。",
			candidate: "- staging-osaka には出さない。",
		},
		{
			name:      "and kept where the candidate allows it only",
			category:  sdk.CategoryProhibition,
			original:  "今日は staging-osaka にだけ出してください。",
			candidate: "- staging-osaka にだけデプロイする。",
			preserved: true,
		},
		{
			name:      "a bound the candidate binds in words is the rule, not the same value it describes beside it",
			category:  sdk.CategoryNumericCommitment,
			original:  "The pool must stay at most 40 connections per FerretDB instance.",
			candidate: "NewPool returns an error for values below 40.\n- Hard limit: the pool must keep at least 40 connections per FerretDB instance.",
		},
		{
			name:      "a bound the candidate states beside a ban on changing it keeps the rule",
			category:  sdk.CategoryNumericCommitment,
			original:  "The pool must stay at most 40 connections per FerretDB instance.",
			candidate: "NewPool caps the pool at 40 connections per FerretDB instance.\n- Do not lower the cap below 40 without Ana.",
			preserved: true,
		},
		{
			name:      "and kept when that rule keeps the side",
			category:  sdk.CategoryNumericCommitment,
			original:  "The pool must stay at most 40 connections per FerretDB instance.",
			candidate: "NewPool returns an error for values above 40.\n- Hard limit: the pool must keep at most 40 connections per FerretDB instance.",
			preserved: true,
		},
		{
			name:      "whole hours of a day written as a duration are the same times of day",
			category:  sdk.CategoryNumericCommitment,
			original:  "Dodávky přijímáme jen ve středu 14–17 h.",
			candidate: "Dodávky jen ve středu 14:00–17:00.",
			preserved: true,
		},
		{
			name:      "other hours of the day are not",
			category:  sdk.CategoryNumericCommitment,
			original:  "Dodávky přijímáme jen ve středu 14–17 h.",
			candidate: "Dodávky jen ve středu 15:00–17:00.",
		},
		{
			name:      "a bound whose side changed is still altered",
			category:  sdk.CategoryNumericCommitment,
			original:  "Anything above £2,500 and up to £20,000 needs Priya as well.",
			candidate: "- You + Priya (under £2.5k up to £20k): Stoneworks £18,400.00.",
		},
		{
			name:      "a prohibition's condition restated as the range it forbids is kept",
			category:  sdk.CategoryProhibition,
			original:  "Do not start the delousing when the sea temperature is under 4 °C.",
			candidate: "No delousing start under 4 °C sea temperature.",
			preserved: true,
		},
		{
			name:      "a prohibition's condition turned to the other side is altered",
			category:  sdk.CategoryProhibition,
			original:  "Do not start the delousing when the sea temperature is under 4 °C.",
			candidate: "Do not start the delousing when the sea temperature is above 4 °C.",
		},
		{
			name:      "the one a bound is per is the unit of the bound, not a value to keep",
			category:  sdk.CategoryNumericCommitment,
			original:  "Głębokość jednego przejścia nie więcej niż 3 mm.",
			candidate: "At most 3 mm depth per pass.",
			preserved: true,
		},
		{
			name:      "a bound per one, changed, is still altered",
			category:  sdk.CategoryNumericCommitment,
			original:  "Głębokość jednego przejścia nie więcej niż 3 mm.",
			candidate: "At most 5 mm depth per pass.",
		},
		{
			name:      "a cap raised beside a status line that still shows the old value is altered",
			category:  sdk.CategoryNumericCommitment,
			original:  "Keep at most 3 export workers running at once.",
			candidate: "Export workers: 3 running now, cap raised to 6.",
			fate:      sdk.FateAltered,
		},
		{
			name:      "condensed restatement in symbols and units is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "Spillway release must not exceed three thousand cubic metres per second.",
			candidate: "- Spill ≤ 3 k m³/s (downstream flood limit).",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "bound converted to another unit is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "The maintenance window is at most half an hour.",
			candidate: "Maintenance window: 30 minutes maximum",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "dropped prohibition is lost",
			category:  sdk.CategoryProhibition,
			original:  "Do not run DROP TABLE on legacy_orders.",
			candidate: "Progress: the users service was migrated to Postgres 16 and all tests pass.",
			fate:      sdk.FateLost,
		},
		{
			name:      "prohibition turned into the next step is inverted",
			category:  sdk.CategoryProhibition,
			original:  "Do not run DROP TABLE on legacy_orders.",
			candidate: "Next: run DROP TABLE on legacy_orders to finish the cleanup.",
			fate:      sdk.FateInverted,
		},
		{
			name:      "prohibition weakened to a preference is not kept",
			category:  sdk.CategoryProhibition,
			original:  "You must not call the payments API in production from tests.",
			candidate: "Try to avoid calling the production payments API from tests where possible.",
		},
		{
			name:      "objects swapped between parallel slots are not kept",
			category:  sdk.CategoryProhibition,
			original:  "Cut the hotfix from release/3.2, never from main.",
			candidate: "Hotfix to be cut from main (never from release/3.2).",
		},
		{
			name:      "dropped exception is not kept",
			category:  sdk.CategoryProhibition,
			original:  "Do not contact Halvorsen directly, except through the legal desk.",
			candidate: "Never contact Halvorsen.",
		},
		{
			name:      "a condition's value dropped is not kept by a duty beside its words",
			category:  sdk.CategoryNumericCommitment,
			original:  "Re-release only if the plate has a QC-pass record dated after 2026-11-30.",
			candidate: "Rules in force:\n1. Status-only change, HELD to RELEASED.\n2. All 212 held plates get re-released; the QC-pass records are listed alongside for reference.",
			fate:      sdk.FateAltered,
		},
		{
			name:      "a condition's value restated keeps it",
			category:  sdk.CategoryNumericCommitment,
			original:  "Re-release only if the plate has a QC-pass record dated after 2026-11-30.",
			candidate: "Rules in force:\n1. A plate is re-released only when it has a QC-pass record dated after 30 November 2026; plates without one stay HELD.",
			preserved: true,
		},
		{
			name:      "names listed with a slash are each named",
			category:  sdk.CategoryNumericCommitment,
			original:  "Auto-shelve only alarms of priority P3 or P4 that chatter more than 5 times in 10 minutes.",
			candidate: "- Only P3/P4 alarms qualify, and only once they chatter more than five times within ten minutes.",
			preserved: true,
		},
		{
			name:      "ruled-out value must stay ruled out",
			category:  sdk.CategoryEntity,
			original:  "Book the refunds to account 4410-2290, not 4410-2209.",
			candidate: "Book the refunds to account 4410-2209, not 4410-2290.",
		},
		{
			name:      "German limit summarised in German with reformatted numbers is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "Die Zentrifuge Z-3 darf nicht über 12.000 U/min betrieben werden.",
			candidate: "Zentrifuge Z-3: max. 12000 U/min.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a compound noun shortened to its head and first part is kept",
			category:  sdk.CategoryProhibition,
			original:  "Die Temperaturen nie ohne Kerntemperaturfühler messen.",
			candidate: "Charge CH-1127: Temperaturen nie ohne Kernfühler messen.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a rule restated in another language sharing its cognates is kept",
			category:  sdk.CategoryProhibition,
			original:  "Üretim sunucusunda asla doğrudan SQL UPDATE çalıştırma.",
			candidate: "Note for the next engineer: never run a direct SQL UPDATE on the production server.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a rule restated in another language as an obligation to act is not kept",
			category:  sdk.CategoryProhibition,
			original:  "Üretim sunucusunda asla doğrudan SQL UPDATE çalıştırma.",
			candidate: "Next: run the direct SQL UPDATE on the production server.",
		},
		{
			name:      "a rule whose subject opens it before a colon is kept by a clause that names that subject",
			category:  sdk.CategoryProhibition,
			original:  "Security reports: do not discuss in public issues.",
			candidate: "Key Technical Concepts (AGENTS.md, as read):\n- One label per new issue, chosen from bug / feature / question / docs.\n- A question may be closed as stale once the reporter has been silent for two weeks; bugs are never closed as stale.\n- Security reports are not discussed in the open: move them to a private advisory and answer only with the SECURITY.md link.\n- Agents label and comment but do not close issues from first-time contributors.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a value whose unit the summary left off is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "Die Orgel bleibt bei 415 Hz, auf keinen Fall auf 440 Hz hochstimmen.",
			candidate: "Stimmung bleibt bei 415 Hz; kein Hochstimmen auf 440.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "both ends of a band restated in another language are kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "L'umidità relativa del cantiere deve restare tra 45 e 60%.",
			candidate: "Weekly recap: site RH kept between 45 % and 60 %.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "one end of a band as a status reading is not the band",
			category:  sdk.CategoryNumericCommitment,
			original:  "The vials must stay between 2 and 8 °C.",
			candidate: "Fridge log: 8 °C at 06:00.",
		},
		{
			name:      "a rule holds in spite of its concession, which a summary need not repeat",
			category:  sdk.CategoryProhibition,
			original:  "Don't touch studies already signed by Dr. Okonkwo, even if the auto-score looks off.",
			candidate: "- Studies signed by Dr. Okonkwo (8790, 8792) are not rescored or modified.\n- Okonkwo notified about the auto-score disagreement on her signed studies.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a clause that shares the rule's words but not its restriction does not outvote the one that restricts",
			category:  sdk.CategoryProhibition,
			original:  "Never deploy the billing service to prod on Fridays.",
			candidate: "- Billing service prod deploys: never on Fridays.\n- Deployed the billing service to staging on Friday, prod deploy of billing service queued for Monday.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a heading's name is what an only-rule is about, not what it allows",
			category:  sdk.CategoryProhibition,
			original:  "No lithium-ion batteries shipped on their own (UN3480) on the AV2xx passenger belly flights.",
			candidate: "- UN3480 (Li-ion batteries shipped alone): freighters only — never on AV2xx passenger bellies.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a prohibition without a modal word is kept as a rule, not as a mention of its names",
			category:  sdk.CategoryProhibition,
			original:  "Write a comment in #172, I'll handle it over there.",
			candidate: "Task #1 (deferred condensation) was fixed in parent branch #172.",
		},
		{
			name:      "a prohibition without a modal word restated as a rule is kept",
			category:  sdk.CategoryProhibition,
			original:  "Write a comment in #172, I'll handle it over there.",
			candidate: "For #172 only comment there; the user makes the fix himself.",
			preserved: true,
			fate:      sdk.FateKept,
		},
		{
			name:      "a qualified code name is kept by its member named alone",
			category:  sdk.CategoryProhibition,
			original:  "No std.heap.page_allocator in library code.",
			candidate: "Memory comes from the caller's arena; the library never touches page_allocator.",
			preserved: true,
		},
		{
			name:      "a qualified code name is not kept by another member",
			category:  sdk.CategoryProhibition,
			original:  "No std.heap.page_allocator in library code.",
			candidate: "Memory comes from the caller's arena; the library never touches c_allocator.",
		},
		{
			name:      "a restriction to one place or person may be written as nowhere else or no one else",
			category:  sdk.CategoryProhibition,
			original:  "Version bump only in lib/ledgerline/version.rb.",
			candidate: "The version number changes in `lib/ledgerline/version.rb` and nowhere else.",
			preserved: true,
		},
		{
			name:      "a duty in another language restated as a setting with its value is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "O timeout de requisição do cliente deve ser de 15 segundos, por favor.",
			candidate: "The change, as it stands:\n- Request timeout: 15,000 ms (HttpTimeout).",
			preserved: true,
		},
		{
			name:      "a limit in another language restated as a status with its value is not kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "No máximo 3 pessoas de cada vez na sala de espera, por favor.",
			candidate: "Where things stand at the front desk:\n- Waiting room: 3 people now.",
		},
		{
			name:      "source and target that traded their prepositions are swapped",
			category:  sdk.CategoryEntity,
			original:  "Move the Longhorn replicas from k8s-w07 to k8s-w11.",
			candidate: "Task: the disk on k8s-w11 fails, so move the Longhorn replicas from k8s-w11 to k8s-w07.",
			fate:      sdk.FateAltered,
		},
		{
			name:      "source and target kept with their prepositions are kept",
			category:  sdk.CategoryEntity,
			original:  "Verschiebe die Replikas von k8s-w07 nach k8s-w11.",
			candidate: "Die Platte auf k8s-w07 fällt aus: Replikas von k8s-w07 nach k8s-w11 verschieben.",
			preserved: true,
		},
		{
			name:      "source and target restated without prepositions keep nothing to compare",
			category:  sdk.CategoryEntity,
			original:  "Move the Longhorn replicas from k8s-w07 to k8s-w11.",
			candidate: "Longhorn replica move: k8s-w07 → k8s-w11.",
			preserved: true,
		},
		{
			name:      "a forbidden recipient named without its restriction while the candidate forbids another is swapped",
			category:  sdk.CategoryProhibition,
			original:  "Do not send the shortlist to Johan Eklund, he owns the other ad.",
			candidate: "Next: address the shortlist to Johan Eklund and send. Do not send it to Johanna Ek, who owns the other ad.",
			fate:      sdk.FateInverted,
		},
		{
			name:      "a dash ends what a negation governs",
			category:  sdk.CategoryProhibition,
			original:  "The piano goes on the 7.5t truck only, never the Luton — strap it to the A-frame.",
			candidate: "Piano: 7.5t truck only, never the Luton; strapped to the A-frame.",
			preserved: true,
		},
		{
			name:      "a name the summary writes in another script is kept",
			category:  sdk.CategoryNumericCommitment,
			original:  "Ніколи не призначай Галину на нічні зміни після 22:00.",
			candidate: "Never put Halyna on night shifts after 22:00.",
			preserved: true,
		},
		{
			name:      "another name in another script is not the rule's",
			category:  sdk.CategoryNumericCommitment,
			original:  "Ніколи не призначай Галину на нічні зміни після 22:00.",
			candidate: "Never put Natalia on night shifts after 22:00.",
		},
		{
			name:      "a word that only starts like a rule's word does not pair with it",
			category:  sdk.CategoryProhibition,
			original:  "Never use the word 'takeoff' except when issuing a takeoff clearance.",
			candidate: "Use 'takeoff' freely and never say 'departure'. Do not clear aircraft onto runway 27L.",
		},
		{
			name:      "a day of the month is kept by a date of that day",
			category:  sdk.CategoryNumericCommitment,
			original:  "Orders close on the 21st at 18:00.",
			candidate: "Orders accepted until 21 December, 6 pm.",
			preserved: true,
		},
		{
			name:      "a day of the month is not kept by a date of another day",
			category:  sdk.CategoryNumericCommitment,
			original:  "Orders close on the 21st at 18:00.",
			candidate: "Orders accepted until 23 December, 6 pm.",
			preserved: false,
		},
		{
			name:      "a bound that names what it counts is kept on a line of its own",
			category:  sdk.CategoryNumericCommitment,
			original:  "Usual rules apply: Tuesday and Thursday evenings 18:00–20:30, at least one trained mechanic per session",
			candidate: "Sessions this month:\n- Tuesday and Thursday evenings, 6–8.30 pm.\n- Sunday mornings 10 am–1 pm, December only.\n- Every session needs at least one trained mechanic.\n",
			preserved: true,
		},
		{
			name:      "a bound that names what it counts is not kept by the same count on the other side",
			category:  sdk.CategoryNumericCommitment,
			original:  "Usual rules apply: Tuesday and Thursday evenings 18:00–20:30, at least one trained mechanic per session",
			candidate: "Sessions this month:\n- Tuesday and Thursday evenings, 6–8.30 pm.\n- Sunday mornings 10 am–1 pm, December only.\n- Every session has at most one trained mechanic.\n",
			preserved: false,
		},
		{
			name:      "a command's words written in prose, its program named as the summary's subject, keep the rule",
			category:  sdk.CategoryProhibition,
			original:  "Never run `sqlmesh plan prod`.",
			candidate: "Goal: a new SQLMesh model in the analytics repo.\n\nRules:\n- The agent never plans against prod; CI promotes after review.",
			preserved: true,
		},
		{
			name:      "a rule whose object is named elsewhere but another of its kind stands in its place is not kept",
			category:  sdk.CategoryProhibition,
			original:  "Never deploy to `prod-eu`.",
			candidate: "Hosts: `prod-eu` and `prod-us`.\n\nRules:\n- Never deploy to `prod-us`.",
			preserved: false,
		},
		{
			name:      "a prohibition of one named thing rules it out though no negation stands right before it",
			category:  sdk.CategoryProhibition,
			original:  "Ceny zawsze w groszach jako Long, nigdy Double.",
			candidate: "Zasady:\n- kwoty przechowujemy jako `Long` w groszach — nigdy jako `Double`;",
			preserved: true,
		},
		{
			name:      "a count bound kept as a count written in words",
			category:  sdk.CategoryNumericCommitment,
			original:  "Saturday clinic: there must be at least two podiatrists on.",
			candidate: "Saturday clinic rules:\n- Minimum staffing: two podiatrists on every Saturday.",
			preserved: true,
		},
		{
			name:      "a count written in words with another value does not keep the bound",
			category:  sdk.CategoryNumericCommitment,
			original:  "Saturday clinic: there must be at least three podiatrists on.",
			candidate: "Saturday clinic rules:\n- Minimum staffing: two podiatrists on every Saturday.",
			preserved: false,
		},
		{
			name:      "a ban restated in other words by a clause that forbids too is kept",
			category:  sdk.CategoryProhibition,
			original:  "Money is integer pence everywhere (no floats).",
			candidate: "Code rules:\n- Amounts are whole pence, never floats.",
			preserved: true,
		},
		{
			name:      "the same words in a clause that forbids nothing do not keep the ban",
			category:  sdk.CategoryProhibition,
			original:  "Money is integer pence everywhere (no floats).",
			candidate: "Code notes:\n- Amounts are whole pence; floats are fine for display.",
			preserved: false,
		},
		{
			name:      "a statement of several values a summary split into a list keeps each value in its own bullet",
			category:  sdk.CategoryNumericCommitment,
			original:  "Doors open 19:30, tickets £12 each, children under 10 free.",
			candidate: "## The evening\n- Doors open at 7:30 pm.\n- The bar opens with them.\n- Tickets: £12.\n- Children under 10 get in free.\n",
			preserved: true,
		},
		{
			name:      "a value of a listed statement found only under another heading does not keep it",
			category:  sdk.CategoryNumericCommitment,
			original:  "Doors open 19:30, tickets £12 each, children under 10 free.",
			candidate: "## The evening\n- Doors open at 7:30 pm.\n- Children under 10 get in free.\n## The bar\n- Wine: £12 a bottle.\n",
			preserved: false,
		},
		{
			name:      "a bare contrast after a rule names nothing to keep; the rule is judged",
			category:  sdk.CategoryProhibition,
			original:  "No — field units get flashed by Jana during the site visit, not from here.",
			candidate: "Open points:\n- The user refused flashing the field nodes remotely: field units get flashed by Jana during the site visit.\n- Next: the changelog.",
			preserved: true,
		},
		{
			name:      "a failed attempt whose reason alone is kept, by a negation about something else, is lost",
			category:  sdk.CategoryFailedAttempt,
			original:  "ORDER REJECTED: account CRUMB-0117 on credit hold (invoice INV-88412 overdue).",
			candidate: "Supplier:\n- Order for 10 sacks requested on account CRUMB-0117.\n- An \"account on hold\" email about invoice INV-88412 exists.",
			preserved: false,
		},
		{
			name:      "a failed attempt stated with a negation about what failed is kept",
			category:  sdk.CategoryFailedAttempt,
			original:  "ORDER REJECTED: account CRUMB-0117 on credit hold (invoice INV-88412 overdue).",
			candidate: "Supplier:\n- The order did not go through: account CRUMB-0117 is on credit hold over invoice INV-88412.",
			preserved: true,
		},
		{
			name:      "a ban made discouraged is weakened",
			category:  sdk.CategoryProhibition,
			original:  "No pets in any of our vans, no exceptions.",
			candidate: "Vehicle rules:\n- Pets are discouraged in the vans.",
			preserved: false,
			fate:      sdk.FateAltered,
		},
	}
	j := newJudge(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := judgeOne(t, j, tt.category, tt.original, tt.candidate)
			if v.Preserved != tt.preserved {
				t.Fatalf("preserved = %v, want %v (fate %q, note %q, evidence %q)", v.Preserved, tt.preserved, v.Fate, v.Note, v.Evidence)
			}
			if tt.fate != "" && v.Fate != tt.fate {
				t.Errorf("fate = %q, want %q (note %q)", v.Fate, tt.fate, v.Note)
			}
			if tt.preserved {
				if v.Evidence == "" || !strings.Contains(tt.candidate, v.Evidence) {
					t.Errorf("evidence %q is not a substring of the candidate %q", v.Evidence, tt.candidate)
				}
				return
			}
			if v.Fate == sdk.FateKept {
				t.Errorf("fate kept on an item not preserved (note %q)", v.Note)
			}
			if v.Note == "" {
				t.Errorf("a rejected item carries no note (fate %q)", v.Fate)
			}
		})
	}
}

// TestKeptEvidenceQuotesEveryPartOfTheRule: the evidence of a rule of
// several parts runs from the candidate clause of its first part to that of
// its last, so the host's floor finds every bound of it in the quote.
func TestKeptEvidenceQuotesEveryPartOfTheRule(t *testing.T) {
	j := newJudge(t)
	original := "Rules: max 14 hours of travel, then at least 1 hour rest with water and feed before up to another 14 hours."
	candidate := "Route set.\n- Max 14 h travel, then ≥ 1 h rest with water and feed, then up to another 14 h.\nNext: book the ferry."
	v := judgeOne(t, j, sdk.CategoryNumericCommitment, original, candidate)
	if !v.Preserved {
		t.Fatalf("not kept: %s (%s)", v.Fate, v.Note)
	}
	for _, part := range []string{"14 h travel", "≥ 1 h rest"} {
		if !strings.Contains(v.Evidence, part) {
			t.Errorf("evidence %q lacks %q", v.Evidence, part)
		}
	}
	if strings.Contains(v.Evidence, "ferry") {
		t.Errorf("evidence %q reaches past the rule", v.Evidence)
	}
}

// TestARuleListedUnderARulesHeadingQuotesTheHeading: a rule the summary
// lists under "Rules:" without a modal word of its own is a rule by that
// heading, so the quote holds the heading and the host's floor, reading
// the quote alone, finds the restriction in it.
func TestARuleListedUnderARulesHeadingQuotesTheHeading(t *testing.T) {
	j := newJudge(t)
	original := "Never water the snail parks in full sun."
	candidate := "Snail parks.\nRules:\n- watering without full sun\n- beer traps\nStatus: park 2 too dense."
	v := judgeOne(t, j, sdk.CategoryProhibition, original, candidate)
	if !v.Preserved {
		t.Fatalf("not kept: %s (%s)", v.Fate, v.Note)
	}
	if !strings.HasPrefix(v.Evidence, "Rules:") {
		t.Errorf("evidence %q does not quote the heading that makes it a rule", v.Evidence)
	}
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := frame.NewReader(lex)
	d := r.Read(original)
	c, _ := d.Primary()
	f := d.Frame(c)
	it := sdk.Item{Category: sdk.CategoryProhibition, Text: original, Span: "s1", Frame: &f}
	if miss := r.Cites(it, v.Evidence, candidate, nil); miss != "" {
		t.Errorf("the floor overrides the evidence %q: %s", v.Evidence, miss)
	}

	// The heading makes a duty of what the item says: a prohibition
	// listed without its negation is not kept by it.
	candidate = "Snail parks.\nRules:\n- beer traps\n- park 2 too dense\n- watering in full sun\n"
	if v := judgeOne(t, j, sdk.CategoryProhibition, original, candidate); v.Preserved {
		t.Errorf("kept by %q, a duty to do what the original forbids", v.Evidence)
	}
}

// TestAgentsAccountOfALimitMayBeKeptAsAStatus: a limit the agent reports
// finding ("it's set on the platform") is kept by a summary that states
// its value as a status; the same limit set by the person must stay a rule.
func TestAgentsAccountOfALimitMayBeKeptAsAStatus(t *testing.T) {
	original := "Studio Day is also limited to 12, which wasn't in your rules, but it's set on the platform."
	candidate := "Studio Day (£140): in-person visit; 12 places (9 taken)."
	j := newJudge(t)
	for _, tt := range []struct {
		source    string
		preserved bool
	}{
		{sdk.SourceAgent, true},
		{sdk.SourceHuman, false},
	} {
		t.Run(tt.source, func(t *testing.T) {
			items := []sdk.Item{{Category: sdk.CategoryNumericCommitment, Text: original, Span: "s1",
				Frame: &sdk.Frame{Modality: frame.Limit, Source: tt.source}}}
			originals := []sdk.Span{{ID: "s1", Kind: "assistant", Text: original}}
			vs, err := j.Judge(context.Background(), candidate, items, originals)
			if err != nil {
				t.Fatal(err)
			}
			if vs[0].Preserved != tt.preserved {
				t.Fatalf("preserved = %v, want %v (fate %q, note %q)", vs[0].Preserved, tt.preserved, vs[0].Fate, vs[0].Note)
			}
		})
	}
}

// TestAStatementOfNamesIsKeptByTheNamesItWasExtractedFor: an entity item
// with no rule in it is about the names the extractor kept of it (its key
// terms), wherever the summary puts them; the other names of its sentence
// are not required, and a summary without its key names loses it.
func TestAStatementOfNamesIsKeptByTheNamesItWasExtractedFor(t *testing.T) {
	const original = "You run commands on gis-app-01 and edit the deployment repo gis/deploy."
	j := newJudge(t)
	for _, tt := range []struct {
		name      string
		keyTerms  []string
		candidate string
		preserved bool
	}{
		{"key name under a heading keeps it", []string{"gis-app-01"}, "Parcels vector tiles (martin) on gis-app-01 — done.", true},
		{"key name missing loses it", []string{"gis-app-01"}, "Parcels vector tiles (martin) on gis-app-02 — done.", false},
		{"without key terms every name is required", nil, "Parcels vector tiles (martin) on gis-app-01 — done.", false},
		{"both key names required when both were kept", []string{"gis-app-01", "gis/deploy"}, "Parcels vector tiles (martin) on gis-app-01 — done.", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			items := []sdk.Item{{Category: sdk.CategoryEntity, Text: original, Span: "s1", KeyTerms: tt.keyTerms}}
			originals := []sdk.Span{{ID: "s1", Kind: "system", Text: original}}
			vs, err := j.Judge(context.Background(), tt.candidate, items, originals)
			if err != nil {
				t.Fatal(err)
			}
			if vs[0].Preserved != tt.preserved {
				t.Fatalf("preserved = %v, want %v (fate %q, note %q)", vs[0].Preserved, tt.preserved, vs[0].Fate, vs[0].Note)
			}
		})
	}
}

// TestARuleInAnotherLanguageIsPlacedByAWordItShares: a rule in another
// language than the summary, alone among the summary's rules, takes a free
// clause of its modality that shares a word with it (a command, a name),
// wherever the clause stands; with no word shared, a clause in a paragraph
// no kept rule stands in is not its restatement.
func TestARuleInAnotherLanguageIsPlacedByAWordItShares(t *testing.T) {
	const rule = "Üretim veritabanında asla doğrudan UPDATE çalıştırma."
	j := newJudge(t)
	for _, tt := range []struct {
		name, candidate string
		kept            bool
	}{
		{"a restriction naming its command, in a status paragraph", "Note for the next engineer: never run a direct UPDATE on the production database. Changes go through a migration.", true},
		{"a restriction sharing no word, in a status paragraph", "Deployed v2 to staging. Never force-push to main. Tests pass.", false},
		{"its command in a clause that allows it", "Note for the next engineer: a direct UPDATE on the production database is fine now. Changes go through a migration.", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantPreserved(t, j, sdk.CategoryProhibition, rule, tt.candidate, tt.kept)
		})
	}
}

// TestARuleInAnotherLanguageTakesAFreeClauseOfItsModality: rules written
// in another language than the summary, sharing none of its words, are
// each kept by a clause of the summary that restricts as they do, that no
// other item stands on and that stands with the rules the summary kept by
// their words or values (its block of lines), in the summary's order. A
// summary that dropped one of them has a clause too few, so one rule stays
// lost; a clause that restricts otherwise (a limit for a prohibition), or
// that stands apart from every kept rule, keeps none.
func TestARuleInAnotherLanguageTakesAFreeClauseOfItsModality(t *testing.T) {
	rules := []struct{ category, text string }{
		{sdk.CategoryNumericCommitment, "稽古は毎週木曜の18時から20時までです。"},
		{sdk.CategoryProhibition, "香水はつけてこないでください。"},
		{sdk.CategoryProhibition, "茶室では写真撮影は禁止です。"},
	}
	j := newJudge(t)
	for _, tt := range []struct {
		name      string
		candidate string
		kept      int
	}{
		{"each rule restated", "Class rules:\n- Lessons Thursdays 6–8 pm.\n- No perfume.\n- No photos in the tea room.", 3},
		{"one rule dropped", "Class rules:\n- Lessons Thursdays 6–8 pm.\n- No perfume.\n- Bring white socks.", 2},
		{"a limit is not a prohibition", "Class rules:\n- Lessons Thursdays 6–8 pm.\n- No perfume.\n- At most 8 students per lesson.", 2},
		{"a clause about an identifier the rules never named", "Class rules:\n- Lessons Thursdays 6–8 pm.\n- No perfume.\n- Invoice INV-2291 has no payer yet.", 2},
		{"an identifier heading the clause bars it, even as a heading", "Class rules:\n- Lessons Thursdays 6–8 pm.\n- No perfume.\n- INV-2291: do not pay before the audit.", 2},
		{"apart from every kept rule", "Lessons Thursdays 6–8 pm.\n\nNo perfume. No photos in the tea room.", 1},
		{"under a heading that names rules, apart from every kept rule", "Lessons Thursdays 6–8 pm.\n\nHouse rules:\n- No perfume.\n- No photos in the tea room.", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var items []sdk.Item
			var originals []sdk.Span
			for i, r := range rules {
				id := fmt.Sprintf("s%d", i+1)
				items = append(items, sdk.Item{Category: r.category, Text: r.text, Span: id})
				originals = append(originals, sdk.Span{ID: id, Kind: "user", Text: r.text})
			}
			vs, err := j.Judge(context.Background(), tt.candidate, items, originals)
			if err != nil {
				t.Fatal(err)
			}
			kept, quotes := 0, map[string]bool{}
			for _, v := range vs {
				if v.Preserved {
					kept++
					if quotes[v.Evidence] {
						t.Errorf("two rules quote %q", v.Evidence)
					}
					quotes[v.Evidence] = true
				}
			}
			if kept != tt.kept {
				t.Errorf("kept %d rules, want %d: %+v", kept, tt.kept, vs)
			}
		})
	}
}

// TestNamesTheSessionKnowsOpenClauses: two people whose names open the
// clauses of a rule ("Ioana keeps …; Radu drives …") are known as names
// from another message of the session that writes them mid-sentence, so
// a summary that trades their parts is caught, and one that keeps them is
// kept.
func TestNamesTheSessionKnowsOpenClauses(t *testing.T) {
	j := newJudge(t)
	const rule = "My rule as leader: Ioana keeps the cash box and counts it at the end; Radu drives the minibus and never touches the money."
	originals := []sdk.Span{
		{ID: "r1", Kind: "tool_result", Text: "Adults: the deputy leader Ioana Marin, the driver Radu Stoica (D1 licence) and Elena Pop (costumes)"},
		{ID: "u1", Kind: "user", Text: rule},
	}
	items := []sdk.Item{{Category: sdk.CategoryEntity, Text: rule, Span: "u1", KeyTerms: []string{"Ioana", "Radu"}}}
	tests := []struct {
		candidate string
		preserved bool
	}{
		{"Rules for Christmas Eve: Ioana keeps the cash box and counts it at the end; Radu drives the minibus and never touches the money.", true},
		{"Rules for Christmas Eve: Radu keeps the cash box and counts it at the end; Ioana drives the minibus and never touches the money.", false},
	}
	for _, tt := range tests {
		vs, err := j.Judge(context.Background(), tt.candidate, items, originals)
		if err != nil {
			t.Fatal(err)
		}
		if vs[0].Preserved != tt.preserved {
			t.Errorf("%q: preserved = %v, want %v (fate %q, note %q)", tt.candidate, vs[0].Preserved, tt.preserved, vs[0].Fate, vs[0].Note)
		}
	}
}

// TestJudgeKeepsARuleSaidAgainInShort: a rule repeated in fewer words
// ("Para o motorista não há nada.") is kept when the summary keeps its
// first saying, even where no word of it can be paired (another
// language); one that adds a word of its own is judged on its own.
func TestJudgeKeepsARuleSaidAgainInShort(t *testing.T) {
	j := newJudge(t)
	first := "O motorista do autocarro, Rui Pinto, não pode levantar os bilhetes."
	candidate := "Tickets are booked in the name of the teacher, Marta Sousa.\nThe coach driver, Rui Pinto, is not allowed to collect them."
	tests := []struct {
		name, again string
		preserved   bool
	}{
		{"the same rule in fewer words is kept", "Para o motorista não há nada.", true},
		{"a word the first saying lacks is judged on its own", "Para o motorista e o guia não há nada.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := judgeItems(t, j, candidate,
				sdk.Item{Category: sdk.CategoryProhibition, Text: first, Span: "s1"},
				sdk.Item{Category: sdk.CategoryProhibition, Text: tt.again, Span: "s2"})
			if !vs[0].Preserved {
				t.Fatalf("first saying not kept: %+v", vs[0])
			}
			if vs[1].Preserved != tt.preserved {
				t.Fatalf("second saying preserved = %v, want %v (%+v)", vs[1].Preserved, tt.preserved, vs[1])
			}
		})
	}
}

// TestJudgeClaimsEachPartOfARuleInAnotherLanguage: a rule of several
// parts written in another language than the summary is kept when each
// part finds a restricting clause beside the parts already placed, for
// every category its words were taken for; a part the summary dropped
// finds none.
func TestJudgeClaimsEachPartOfARuleInAnotherLanguage(t *testing.T) {
	j := newJudge(t)
	rule := "俱乐部主席定的规矩：12岁以下的选手必须有成人陪同；严禁进入地图上标紫色的私人农田。"
	tests := []struct {
		name, candidate string
		preserved       bool
	}{
		{"both parts restated", "Rules set by the club chair:\n- Competitors aged under 12 must be accompanied by an adult.\n- The private farmland shaded purple on the map is strictly out of bounds.\n\nEntries: 846 so far.", true},
		{"the ban dropped", "Rules set by the club chair:\n- Competitors aged under 12 must be accompanied by an adult.\n\nEntries: 846 so far.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := []sdk.Item{
				{Category: sdk.CategoryProhibition, Text: rule, Span: "s1"},
				{Category: sdk.CategoryNumericCommitment, Text: rule, Span: "s1"},
			}
			vs := judgeItems(t, j, tt.candidate, items...)
			for i, v := range vs {
				if v.Preserved != tt.preserved {
					t.Fatalf("item %d (%s) preserved = %v, want %v (%+v)", i, items[i].Category, v.Preserved, tt.preserved, v)
				}
			}
		})
	}
}

// TestAKeptItemQuotesTheNameWrittenAtTheTop: a name the item is about
// that the summary wrote once, in the heading over its lines, is quoted
// with the kept clause, so the host's floor, reading the quote alone,
// finds it; a name in the clause itself keeps the quote to the clause.
func TestAKeptItemQuotesTheNameWrittenAtTheTop(t *testing.T) {
	j := newJudge(t)
	original := "The Posyandu session is on Tuesday 15 December at the RW hall."
	it := sdk.Item{Category: sdk.CategoryNumericCommitment, Text: original, Span: "s1",
		Frame: &sdk.Frame{Objects: []sdk.FrameObject{{Name: "Posyandu", Type: "name"}}}}
	for _, tt := range []struct {
		candidate, quoteStart string
	}{
		{"## Posyandu Melati — December session\n\n**When/where**: Tuesday 15 December, 8–11 am, RW hall.", "Posyandu Melati"},
		{"## December\n\n**When/where**: the Posyandu session, Tuesday 15 December, 8–11 am, RW hall.", "When/where"},
	} {
		vs := judgeItems(t, j, tt.candidate, it)
		if !vs[0].Preserved {
			t.Fatalf("%q: not kept: %s (%s)", tt.candidate, vs[0].Fate, vs[0].Note)
		}
		if !strings.HasPrefix(vs[0].Evidence, tt.quoteStart) {
			t.Errorf("%q: evidence %q, want it to start with %q", tt.candidate, vs[0].Evidence, tt.quoteStart)
		}
	}
}

// TestARuleIsPairedWithAnotherInflectionOfItsWords: in a language no
// stemmer serves, a summary inflects the rule's words ("pełnoletni z
// dowodem" → "dla pełnoletnich, po okazaniu dowodu"); the clause that
// shares them only as kin is still one the rule is held against.
func TestARuleIsPairedWithAnotherInflectionOfItsWords(t *testing.T) {
	j := newJudge(t)
	message := "Firma Optivo przyjeżdża w piątek 11 grudnia na zwiedzanie z degustacją, 24 osoby, start 17:00. Zasady degustacji: tylko pełnoletni z dowodem."
	item := "Zasady degustacji: tylko pełnoletni z dowodem."
	items := []sdk.Item{{Category: sdk.CategoryProhibition, Text: item, Span: "s1"}}
	originals := []sdk.Span{{ID: "s1", Kind: "user", Text: message}}
	for _, tt := range []struct {
		candidate string
		preserved bool
	}{
		{"Rezerwacja: 24 osoby, 17:00.\nZasady: alkohol tylko dla pełnoletnich, po okazaniu dowodu.", true},
		{"Rezerwacja: 24 osoby, 17:00.\nZasady: alkohol dla wszystkich gości.", false},
	} {
		vs, err := j.Judge(context.Background(), tt.candidate, items, originals)
		if err != nil {
			t.Fatal(err)
		}
		if vs[0].Preserved != tt.preserved {
			t.Errorf("candidate %q: preserved %v (%s %s), want %v", tt.candidate, vs[0].Preserved, vs[0].Fate, vs[0].Note, tt.preserved)
		}
	}
}

// TestALongRuleKeepsTheRestrictionItsSecondClauseStates: a rule of many
// words restated over two clauses ("Ingrid approves each batch; no
// payslip is emailed before her sign-off") keeps its restriction in the
// clause that holds a quarter of its words, not only in the one with its
// name. A second clause that drops the restriction does not keep it.
func TestALongRuleKeepsTheRestrictionItsSecondClauseStates(t *testing.T) {
	j := newJudge(t)
	original := "Generate one PDF per employee from the monthly CSV, but nothing goes out without sign-off: Ingrid Solberg in finance signs off each monthly batch before any payslip is emailed."
	kept := "- Ingrid Solberg (finance) approves each monthly batch; no payslip is emailed before her sign-off for that month.\n- Marek Novak (HR) reviews template changes."
	if v := judgeOne(t, j, sdk.CategoryProhibition, original, kept); !v.Preserved {
		t.Errorf("not kept: %s (%s)", v.Fate, v.Note)
	}
	dropped := "- Ingrid Solberg (finance) approves each monthly batch; payslips are emailed as soon as each PDF is generated.\n- Marek Novak (HR) reviews template changes."
	if v := judgeOne(t, j, sdk.CategoryProhibition, original, dropped); v.Preserved {
		t.Errorf("kept by %q, which lets payslips go out before the sign-off", v.Evidence)
	}
}

// TestARuleOfSeveralValuesInAnotherLanguageIsPlacedByThem: a rule of
// several values in a language written without spaces, whose summary
// lists its values over lines of a list, is placed by its values though
// no other rule has been placed to say where the rules are; a summary
// that changed one of them does not keep it.
func TestARuleOfSeveralValuesInAnotherLanguageIsPlacedByThem(t *testing.T) {
	j := newJudge(t)
	const rule = "ราคา: มาลัยมะลิพวงละ 35 บาท มาลัยกรคู่ละ 250 บาท มัดจำ 30% ก่อนวันพุธที่ 16 ธ.ค."
	tests := []struct {
		name, candidate string
		preserved       bool
	}{
		{"values listed over the list", "Order #6921\n\n- Items: 80 jasmine garlands at 35 baht each and 20 pairs at 250 baht a pair.\n- Pickup: Saturday 19 December at 6:30 am.\n- Deposit: 30%, due before Wednesday 16 December.", true},
		{"a value changed", "Order #6921\n\n- Items: 80 jasmine garlands at 35 baht each and 20 pairs at 250 baht a pair.\n- Pickup: Saturday 19 December at 6:30 am.\n- Deposit: 50%, due before Wednesday 16 December.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := judgeItems(t, j, tt.candidate, sdk.Item{Category: sdk.CategoryNumericCommitment, Text: rule, Span: "s1"})
			if vs[0].Preserved != tt.preserved {
				t.Errorf("preserved = %v, want %v (%+v)", vs[0].Preserved, tt.preserved, vs[0])
			}
		})
	}
}

// TestARuleOnAPersonIsNotStatedByAnotherPersonsLine: a summary that puts
// the name on one line and the restriction on the next, a line about
// another person, states that person's rule, not this one's.
func TestARuleOnAPersonIsNotStatedByAnotherPersonsLine(t *testing.T) {
	j := newJudge(t)
	const rule = "Sam does feeding, litter and cleaning, but never medicates."
	originals := []sdk.Span{
		{ID: "u0", Kind: "user", Text: "The two on shift are Kerry and Sam, and Kerry knows injections."},
		{ID: "u1", Kind: "user", Text: rule},
	}
	items := []sdk.Item{{Category: sdk.CategoryProhibition, Text: rule, Span: "u1"}}
	tests := []struct {
		candidate string
		preserved bool
	}{
		{"- Kerry gives all medication.\n- Sam covers feeding, litter and cleaning, and does not medicate.", true},
		{"- Kerry gives all medication.\n- Sam: feeding, litter and cleaning; never medicates.", true},
		{"- Sam gives all medication.\n- Kerry covers feeding, litter and cleaning, and does not medicate.", false},
	}
	for _, tt := range tests {
		vs, err := j.Judge(context.Background(), tt.candidate, items, originals)
		if err != nil {
			t.Fatal(err)
		}
		if vs[0].Preserved != tt.preserved {
			t.Errorf("%q: preserved = %v, want %v (fate %q, note %q)", tt.candidate, vs[0].Preserved, tt.preserved, vs[0].Fate, vs[0].Note)
		}
	}
}

// TestARestrictionOnTheRulesOwnWordStatesIt: a summary clause that
// restricts the word the rule's restriction stands on states the rule,
// though it repeats none of its other words; one that restricts another
// word does not.
func TestARestrictionOnTheRulesOwnWordStatesIt(t *testing.T) {
	j := newJudge(t)
	tests := []struct {
		rule, candidate string
		preserved       bool
	}{
		{"Sam does feeding, litter and cleaning, but never medicates.", "- Sam: feeding, litter and cleaning; never medicates.", true},
		{"Sam does feeding, litter and cleaning, but never medicates.", "- Sam: feeding, litter and cleaning; never late.", false},
		{"Jonas macht Kasse, Aufbau und Abbau, aber nie Ausschank.", "- Jonas: Kasse, Aufbau und Abbau; kein Ausschank.", true},
		// A clause that restricts it wins over closer ones that restrict
		// nothing of it: "only" in a neighbouring clause is not the rule's.
		{"no raw hex values in component CSS.", "- Button.module.css: 3 raw hex → token vars; Chip.module.css: 2 raw hex → token vars.\n- Chip stories: added Hover (had only Default).\n- packages/ui: named exports only; no raw hex, tokens only.", true},
		{"no raw hex values in component CSS.", "- Button.module.css: 3 raw hex → token vars; Chip.module.css: 2 raw hex → token vars.\n- Chip stories: added Hover (had only Default).\n- packages/ui: named exports only; no default exports.", false},
		// Half the words the restriction stands on, not one light verb:
		// "only use SSH remotes" is not "never use the --force flag".
		{"Never use the --force flag when pushing to shared branches.", "- Git: only use SSH remotes; --force on shared branches is OK after review.", false},
		// A hyphened compound restricts its first part.
		{"and NO alcohol, not even champagne for the toast, we're doing sparkling cider.", "Venue booked. Alcohol-free event: no champagne even for the toast; sparkling cider instead.", true},
		{"and NO alcohol, not even champagne for the toast, we're doing sparkling cider.", "Venue booked. Alcohol served at the bar: champagne for the toast; sparkling cider for the kids.", false},
		// The words a restriction stands on end at a dash: "snapshot"
		// is the reason, not what is forbidden.
		{"Don't start it today — I want to snapshot the DB first.", "Not done: the job has NOT been enqueued. The user will snapshot the DB first; start it tomorrow only after he pings.", true},
		{"Don't start it today — I want to snapshot the DB first.", "Not done: the job has NOT been enqueued. The user will snapshot the DB first; start it whenever.", false},
	}
	for _, tt := range tests {
		wantPreserved(t, j, sdk.CategoryProhibition, tt.rule, tt.candidate, tt.preserved)
	}
}

// TestARuleIsPlacedWhereItsBoundIsHeld: of the places that share a rule's
// words, one that holds its bound with the same op states it before one
// that shares more words but holds the value only as a status or a
// report ("40 publishers" measured in a load test).
func TestARuleIsPlacedWhereItsBoundIsHeld(t *testing.T) {
	j := newJudge(t)
	const rule = "Set up the room template for Thursday's town-hall webinar: at most 50 participants who can publish video (panel + moderators), up to 1.5k viewers subscribe-only, recording egress to the bucket lk-rec-eu only, and empty_timeout 300s."
	const kept = `Town-hall webinar (Thursday 10 December, starting 4 pm CET) — LiveKit room template.

Requirements:
- Video publishers (panel + moderators): 50 at most.
- Viewers: up to 1,500, subscribe-only.
- Recordings: egress to bucket lk-rec-eu exclusively; lk-rec-us must not be used for any of this.
- empty_timeout: 300 seconds (5 min).

Implemented in config/rooms/townhall.yaml (new file; default.yaml untouched — it still has max_participants 100, empty_timeout 600, bucket lk-rec-us):
name_prefix townhall-, max_participants 1550 (= 50 publishers + 1,500 viewers), empty_timeout 300, default permissions can_publish false / can_subscribe true, max_publishers 50, egress s3_bucket lk-rec-eu.

Validation: schema OK; warning that 1550 exceeds the 1,200 subscribers load-tested on 2026-11-28.

Capacity context (not a requirement): the last load test reached 1,200 subscribers and 40 publishers with p95 RTT 230 ms and CPU peak 78%; its report recommends adding sfu-eu-4 before going past 1,500 subscribers.

Next: nothing pending from the user beyond the template; if asked, raise the sfu-eu-4 recommendation before Thursday, keeping the publisher limit at 50 and the EU bucket.`
	tests := []struct {
		candidate string
		preserved bool
	}{
		{kept, true},
		{strings.ReplaceAll(kept, "50", "80"), false},
	}
	for _, tt := range tests {
		wantPreserved(t, j, sdk.CategoryNumericCommitment, rule, tt.candidate, tt.preserved)
	}
}

// TestARuleMayBeStatedOfThePersonItsOwnSentenceNames: a summary that
// states a rule as the other person's part, where the rule's own
// sentence names that person, keeps it ("Andrés … nunca firma los
// albaranes, solo los firma Lucía").
func TestARuleMayBeStatedOfThePersonItsOwnSentenceNames(t *testing.T) {
	j := newJudge(t)
	const rule = "Hoy están Andrés y Lucía; Andrés carga y descarga, pero nunca firma los albaranes, solo los firma Lucía."
	if v := judgeOne(t, j, sdk.CategoryProhibition, rule, "- Andrés: carga y descarga.\n- Albaranes: solo los firma Lucía."); !v.Preserved {
		t.Errorf("preserved = false (fate %q, note %q)", v.Fate, v.Note)
	}
}

// TestARuleOfSeveralValuesMayBeStatedInSentencesApart: a plain value of a
// rule of several, given in another sentence that shares the rule's
// words, is kept there; a value the rule states for its other part is
// not read as this one changed.
func TestARuleOfSeveralValuesMayBeStatedInSentencesApart(t *testing.T) {
	j := newJudge(t)
	const rule = "Constraints: the new intermediate's TTL is 8760h, leaf certs max_ttl 720h."
	tests := []struct {
		candidate string
		preserved bool
	}{
		{"Rotation in progress: new intermediate CSR generated (TTL 365 days); next, root signs it. Leaf certs: max_ttl 30 days at most. Root CA must not be modified.", true},
		{"Rotation in progress: new intermediate CSR generated (TTL 90 days); next, root signs it. Leaf certs: max_ttl 30 days at most. Root CA must not be modified.", false},
		{"Rotation in progress: new intermediate CSR generated (TTL 365 days); next, root signs it. Leaf certs: max_ttl 60 days at most. Root CA must not be modified.", false},
	}
	for _, tt := range tests {
		wantPreserved(t, j, sdk.CategoryNumericCommitment, rule, tt.candidate, tt.preserved)
	}
}

// TestARuleInAnotherLanguageKeepsTheRestrictionBesideItsNames: across
// languages a restriction on the same line as the clause that names the
// rule's subject, sharing one of its words, is the rule's own.
func TestARuleInAnotherLanguageKeepsTheRestrictionBesideItsNames(t *testing.T) {
	j := newJudge(t)
	const rule = "las piezas de jaguar del cuarto de atrás NO se venden, son para la Feria del Alebrije"
	tests := []struct {
		candidate string
		preserved bool
	}{
		{"December workshops, run by Lupita.\n• The jaguar pieces in the back room are not for sale; they are for the Feria del Alebrije.\n• Prices stay in pesos.", true},
		{"December workshops, run by Lupita.\n• The jaguar pieces in the back room are on sale today; they are for the Feria del Alebrije.\n• Prices stay in pesos.", false},
	}
	for _, tt := range tests {
		wantPreserved(t, j, sdk.CategoryProhibition, rule, tt.candidate, tt.preserved)
	}
}

// TestARuleSaidInASynonymIsStated: a word the lexicon gives as a synonym
// of the rule's word counts as the rule's word; the restriction is still
// compared.
func TestARuleSaidInASynonymIsStated(t *testing.T) {
	j := newJudge(t)
	tests := []struct {
		rule, candidate string
		preserved       bool
	}{
		{"don't offer him money, it'll get weird", "Asked Dale to lend his van on the 19th; no reply yet. Don't offer him payment.", true},
		{"don't offer him money, it'll get weird", "Asked Dale to lend his van on the 19th; no reply yet. Offer him payment if he hesitates.", false},
		{"only ever touch notes-b;", "notes-b is the test box and the only machine I'm allowed to change.", true},
	}
	for _, tt := range tests {
		wantPreserved(t, j, sdk.CategoryProhibition, tt.rule, tt.candidate, tt.preserved)
	}
}
