package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// guardCase is one item, a candidate and the fate the judge must give.
type guardCase struct {
	name      string
	item      sdk.Item
	candidate string
	wantFate  string
}

// guardCases are the cases of TestJudgeGuards, also pinned in full by
// TestVerdictsUnchanged.
func guardCases() []guardCase {
	const drop = "Important: do not run DROP TABLE on legacy_orders."
	return []guardCase{
		// prohibition
		{"verbatim", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Constraint: do not run DROP TABLE on legacy_orders; it stays read-only.", sdk.FateKept},
		{"paraphrase kept", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Copied 20 batches. The legacy_orders table must never be dropped and stays read-only.", sdk.FateKept},
		{"paraphrase kept, no key terms", sdk.Item{Category: sdk.CategoryProhibition, Text: drop},
			"Copied 20 batches. The legacy_orders table must never be dropped.", sdk.FateKept},
		{"inverted", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Copied 20 batches, no mismatches. Once all batches are verified, run DROP TABLE on legacy_orders to finish.", sdk.FateInverted},
		{"inverted, no key terms", sdk.Item{Category: sdk.CategoryProhibition, Text: drop},
			"Once all batches are verified, run DROP TABLE on legacy_orders.", sdk.FateInverted},
		{"negation in another clause does not govern", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"No errors so far; run DROP TABLE on legacy_orders next.", sdk.FateInverted},
		{"dropped", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Next: finish the batches and clean up the legacy schema.", sdk.FateLost},
		{"weakened", sdk.Item{Category: sdk.CategoryProhibition, Text: "You must not call the payments API in production from tests."},
			"Try to avoid calling the production payments API from tests where possible.", sdk.FateAltered},
		{"preferably don't", sdk.Item{Category: sdk.CategoryProhibition, Text: "Never force-push shared branches.", KeyTerms: []string{"force-push", "shared branches"}},
			"Preferably don't force-push shared branches.", sdk.FateAltered},
		{"french negation", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Ne jamais exécuter DROP TABLE sur legacy_orders.", sdk.FateKept},
		{"german negation", sdk.Item{Category: sdk.CategoryProhibition, Text: drop, KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Auf legacy_orders darf niemals DROP TABLE ausgeführt werden.", sdk.FateKept},
		{"spanish inverted", sdk.Item{Category: sdk.CategoryProhibition, Text: "No ejecutes DROP TABLE en legacy_orders.", KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
			"Después, ejecuta DROP TABLE en legacy_orders.", sdk.FateInverted},
		{"one rule of a list dropped", sdk.Item{Category: sdk.CategoryProhibition, Text: "Rules: (1) never commit .env files or anything under secrets/; (2) do not force-push shared branches."},
			"Rules: do not force-push shared branches; run make lint before every push.", sdk.FateLost},
		{"freeze kept", sdk.Item{Category: sdk.CategoryProhibition, Text: "prod-eu-1 is under a change freeze until Dec 15, do not touch it."},
			"prod-eu-1 stays frozen until Dec 15: do not touch it.", sdk.FateKept},
		{"freeze turned into a target", sdk.Item{Category: sdk.CategoryProhibition, Text: "prod-eu-1 is under a change freeze until Dec 15, do not touch it.", KeyTerms: []string{"prod-eu-1"}},
			"Deployed to staging-us. Next: roll the release out to prod-eu-1.", sdk.FateInverted},
		// numeric commitments
		{"units normalised", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "The partner API allows at most 5 requests per second per key; a breach suspends the key for 24 hours.", KeyTerms: []string{"5 requests per second", "24 hours"}},
			"Partner API limit is 5 req/s per key (a breach suspends it for 24h).", sdk.FateKept},
		{"number changed", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "The partner API allows at most 5 requests per second per key."},
			"Partner API limit is 50 req/s per key.", sdk.FateAltered},
		{"money changed", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "Total cloud spend is capped at $200.", KeyTerms: []string{"$200"}},
			"Spend is capped at $2,000 in total. Estimate: $113.60.", sdk.FateAltered},
		{"money kept", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "Total cloud spend is capped at $2,000.", KeyTerms: []string{"$2,000"}},
			"Spend cap: 2000 USD.", sdk.FateKept},
		{"version changed", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "Pin numpy==1.26.4.", KeyTerms: []string{"==1.26.4"}},
			"numpy is pinned at 1.26.5.", sdk.FateAltered},
		{"version dropped", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "Pin numpy==1.26.4.", KeyTerms: []string{"numpy==1.26.4"}},
			"requirements refreshed: pandas 2.3.3, requests 2.32.5.", sdk.FateLost},
		{"date reformatted", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "The bug has to ship before Friday, December 4."},
			"Must ship by Fri 2026-12-04.", sdk.FateKept},
		{"tokens k", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "The context budget is 48k tokens.", KeyTerms: []string{"48k tokens"}},
			"Budget: 48,000 tokens.", sdk.FateKept},
		{"tokens swapped digits", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "The context budget is 48k tokens.", KeyTerms: []string{"48k tokens"}},
			"Budget: 84k tokens.", sdk.FateAltered},
		{"number absent", sdk.Item{Category: sdk.CategoryNumericCommitment, Text: "Batches of 5,000 rows."},
			"Copying in batches.", sdk.FateLost},
		// entities
		{"entity kept", sdk.Item{Category: sdk.CategoryEntity, Text: "Rebase onto release/2026.11.", KeyTerms: []string{"release/2026.11"}},
			"Rebased onto Release/2026.11 and pushed.", sdk.FateKept},
		{"entity swapped", sdk.Item{Category: sdk.CategoryEntity, Text: "Rebase onto release/2026.11.", KeyTerms: []string{"release/2026.11"}},
			"Rebased onto release/2026.10 and pushed.", sdk.FateAltered},
		{"region swapped", sdk.Item{Category: sdk.CategoryEntity, Text: "Deploy to us-east-1."},
			"Deploying to us-west-2.", sdk.FateAltered},
		{"env swapped", sdk.Item{Category: sdk.CategoryEntity, Text: "The target is prod.", KeyTerms: []string{"prod"}},
			"The target is staging.", sdk.FateAltered},
		{"entity not word-bounded", sdk.Item{Category: sdk.CategoryEntity, Text: "Use table orders.", KeyTerms: []string{"orders"}},
			"Use table orders_v2.", sdk.FateLost},
		// failed attempts
		{"failed attempt kept", sdk.Item{Category: sdk.CategoryFailedAttempt, Text: "The webpack 5 upgrade failed because node-sass cannot build on Node 20.", KeyTerms: []string{"webpack 5", "node-sass"}},
			"The webpack 5 upgrade failed: node-sass does not build on Node 20. Do not retry until node-sass is replaced.", sdk.FateKept},
		{"failed attempt reason dropped", sdk.Item{Category: sdk.CategoryFailedAttempt, Text: "The webpack 5 upgrade failed because node-sass cannot build on Node 20.", KeyTerms: []string{"webpack 5", "node-sass"}},
			"Reverted an experiment. Tests pass. Open item: upgrade webpack to v5.", sdk.FateLost},
		{"failed attempt without key terms", sdk.Item{Category: sdk.CategoryFailedAttempt, Text: "The webpack 5 upgrade failed because node-sass cannot build on Node 20."},
			"Upgrading webpack to 5 failed (node-sass won't build on Node 20).", sdk.FateKept},
	}
}

func TestJudgeGuards(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	for _, tt := range guardCases() {
		t.Run(tt.name, func(t *testing.T) {
			vs, err := j.Judge(context.Background(), tt.candidate, []sdk.Item{tt.item})
			if err != nil {
				t.Fatal(err)
			}
			v := vs[0]
			if v.Fate != tt.wantFate {
				t.Fatalf("fate = %s (%s), want %s", v.Fate, v.Note, tt.wantFate)
			}
			if v.Preserved != (tt.wantFate == sdk.FateKept) {
				t.Errorf("preserved = %v with fate %s", v.Preserved, v.Fate)
			}
			if v.Preserved && !strings.Contains(tt.candidate, v.Evidence) {
				t.Errorf("evidence %q is not in the candidate", v.Evidence)
			}
			if v.Score < 0 || v.Score > 1 || (v.Preserved && v.Score < 0.5) || (!v.Preserved && v.Score >= 0.5) {
				t.Errorf("score %v out of line with fate %s", v.Score, v.Fate)
			}
		})
	}
}

func TestSegment(t *testing.T) {
	got := Segment("Rules: (1) never commit .env; (2) lint first. Dec. 4 is fine, e.g. v1.2 works!\nNext line")
	var texts []string
	for _, u := range got {
		texts = append(texts, u.Text)
	}
	want := []string{
		"Rules: (1) never commit .env; (2) lint first.", "Rules:", "(1) never commit .env", "(2) lint first.",
		"Dec. 4 is fine, e.g. v1.2 works!", "Next line",
	}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Errorf("Segment = %q\nwant %q", texts, want)
	}
}
