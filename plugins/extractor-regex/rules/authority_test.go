package rules

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestSourceDecidesWhatASpanMaySet pins the default pack's authority
// table: the same rule sets an item or not by who wrote it.
func TestSourceDecidesWhatASpanMaySet(t *testing.T) {
	const rule = "Do not run the migration against prod-eu-1."
	const plan = "# Plan\n\n## Steps\n\n- Rename `orders_v2` to `orders`.\n- Do not drop `legacy_orders`.\n"
	tests := []struct {
		name   string
		kind   string
		source string
		text   string
		want   []string // categories, in order
	}{
		{"human", "user", "human", rule, []string{"prohibition", "entity"}},
		{"kind default for user", "user", "", rule, []string{"prohibition", "entity"}},
		{"system", "system", "system", rule, []string{"prohibition", "entity"}},
		{"project rules file", "tool_result", "project_rule", rule, []string{"prohibition", "entity"}},
		{"delegation", "tool_call", "delegation", rule, []string{"prohibition", "entity"}},
		{"subagent report", "user", "subagent_report", rule, nil},
		{"a subagent report's failure", "tool_result", "subagent_report", "Ran make test. 41 successes, 1 failure, 0 errors.", []string{"failed_attempt"}},
		{"a subagent report of none failed", "tool_result", "subagent_report", "Ran make test. 42 successes, 0 failures.", nil},
		{"command output", "user", "command_output", rule, nil},
		{"generic tool output", "tool_result", "tool_result", rule, nil},
		{"a tool's rules document", "tool_result", "", "Clayhouse kiln rules:\n1. Never open the kiln lid above 100 °C.", []string{"prohibition", "numeric_commitment"}},
		{"a tool's rules under a Markdown heading", "tool_result", "tool_result", "## House rules\n- Do not run the migration against prod-eu-1.", []string{"prohibition", "entity"}},
		{"a tool's answer that names rules further down", "tool_result", "", "Available: Biscuit, Pepper.\nHouse rules: Do not run the migration against prod-eu-1.", nil},
		{"agent thinking", "reasoning", "reasoning", rule, nil},
		{"harness boilerplate", "system", "harness", rule, nil},
		{"unknown source falls back to kind", "user", "nobody", rule, []string{"prohibition", "entity"}},
		{"config file sets values only", "tool_call", "config_file", "Never exceed 40 connections on prod-eu-1.", []string{"numeric_commitment"}},
		{"pasted plan gives rules, not every name", "user", "human", plan, []string{"prohibition", "entity"}},
		{"command template reads list lines only", "user", "command_template", "Do not run the migration against prod-eu-1.\n- Never force-push.", []string{"prohibition"}},
	}
	e := testEngine(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp := sdk.Span{ID: "s", Kind: tt.kind, Text: tt.text}
			if tt.source != "" {
				sp.Meta = map[string]string{"source": tt.source}
			}
			var got []string
			for _, it := range e.Extract([]sdk.Span{sp}) {
				got = append(got, it.Category)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("categories %v, want %v", got, tt.want)
			}
		})
	}
}

// TestPlanEntitiesOnlyBesideARule pins document_companion: in a pasted
// plan, a name counts only in a sentence that states a rule.
func TestPlanEntitiesOnlyBesideARule(t *testing.T) {
	plan := "# Plan\n\n## Steps\n\n- Rename `orders_v2` to `orders_next`.\n- Do not drop `legacy_orders`.\n"
	items := testEngine(t, Options{}).Extract([]sdk.Span{{ID: "s", Kind: "user", Text: plan}})
	for _, it := range byCategory(items, sdk.CategoryEntity) {
		if strings.Contains(it.Text, "orders_v2") {
			t.Errorf("entity from a plan line with no rule: %+v", it)
		}
	}
	if len(byCategory(items, sdk.CategoryProhibition)) != 1 {
		t.Errorf("the plan's rule was not taken: %+v", items)
	}
}

func TestAuthorityBlockErrorsNameTheBlock(t *testing.T) {
	src := `authority "nobody" {}` + "\n" + `authority "human" { reads_as = "robot" }` + "\n" +
		`authority "agent" { categories = ["prohibitoin"] }` + "\n" + `authority "agent" {}`
	p, diags := ParsePack("bad.hcl", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, diags = Compile([]*Pack{p}, Options{Lexicon: testLexicon(t)})
	if len(diags) != 4 {
		t.Fatalf("want 4 diagnostics (unknown source, kind, category; duplicate block), got %v", diags)
	}
	for _, d := range diags {
		if d.Subject == nil || d.Subject.Filename != "bad.hcl" {
			t.Errorf("diagnostic without its place: %v", d)
		}
	}
}

func TestReservedActionIsAProhibition(t *testing.T) {
	runCategory(t, sdk.CategoryProhibition, []catCase{
		{"do it manually", "user", "I'll do that manually. What's next in the stack?", true, nil},
		{"merge myself", "user", "I will merge the release PR myself tomorrow.", true, nil},
		{"leave it to me", "user", "Leave the deploy to me.", true, nil},
		{"handle it over there", "user", "Write a comment in #172, I'll handle it over there.", true, nil},
		{"german", "user", "Den Merge mache ich selbst.", true, nil},
		{"french", "user", "Pour le déploiement, je m'en occupe.", true, nil},
		{"spanish", "user", "El despliegue, yo me encargo.", true, nil},
		// negatives
		{"the agent reports a manual step", "assistant", "I'll have to check the logs manually first.", false, nil},
		{"a person describes their past", "user", "I did that manually last week and it worked.", false, nil},
	})
}

// TestSourceOfReadsARulesHeading: a tool result whose first line is a
// heading naming rules, in any lexicon's words, reads as a document; a
// first line that is a sentence, or a heading naming no rules, does not.
// A system of record's answer (not one of the agent's data tools) with a
// line whose topic names rules, or to a call that asked for rules, is a
// document too.
func TestSourceOfReadsARulesHeading(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"Clayhouse kiln rules:\n1. Only Ros loads the kiln.", sdk.SourceDocument},
		{"## Hausordnung\n- Kein Lärm nach 22 Uhr.", sdk.SourceDocument},
		{"**Booking rules**\n- 2 per family.", sdk.SourceDocument},
		{"Regras da clínica:\n- só material de rotina", sdk.SourceDocument},
		{"সবুজ বিতান আবাসন সমিতি — অনুষ্ঠানের নিয়ম (সম্পাদক, ২০২৬):\n১. মাঠে খোলা আগুনে রান্না করা যাবে না", sdk.SourceDocument},
		{"VEHICLE RULES\n- No pets in any of our vans.", sdk.SourceDocument},
		{"ROUTING RESTRICTIONS (rev. 11/2026)\n1. Drivers must not take the bridge.", sdk.SourceDocument},
		// A compound that ends in a rule word names rules too.
		{"Våpeninstruks (utdrag):\n§3 Transport: Våpen skal aldri ligge igjen i bil uten tilsyn.", sdk.SourceDocument},
		{"## Sicherheitsregeln\n- Nie allein am Seil.", sdk.SourceDocument},
		// A plain title over a list (a notice, an email) is a heading;
		// a sentence over a list is not.
		{"Regolamento doposcuola 2027\n1. Massimo 6 ragazzi per volontario.", sdk.SourceDocument},
		{"Pool rules\n- No diving.", sdk.SourceDocument},
		{"ERP release policy (last edited 2026-11-20 by M. Okafor)\n\n1. Branches: all fixes go into version-15-hotfix.", sdk.SourceDocument},
		{"Pool rules\n• No diving.", sdk.SourceDocument},
		{"Pool rules\n3) No diving.", sdk.SourceDocument},
		{"Regolamento doposcuola 2027\nCi vediamo martedì.", sdk.SourceToolResult},
		{"Vehicle rules are in the handbook\n- see section 3", sdk.SourceToolResult},
		{"OPENING HOURS\nMon–Fri 9–17", sdk.SourceToolResult},
		{"Opening hours:\nMon–Fri 9–17", sdk.SourceToolResult},
		{"These rules were discussed at length by the committee last week and nobody agreed.", sdk.SourceToolResult},
		{"validation: 3 zones, 0 errors", sdk.SourceToolResult},
	}
	e := testEngine(t, Options{})
	for _, tt := range tests {
		sp := sdk.Span{ID: "r", Kind: "tool_result", Text: tt.text}
		if got := e.SourceOf(sp, ""); got != tt.want {
			t.Errorf("SourceOf(%q) = %s, want %s", tt.text, got, tt.want)
		}
	}
	venue := "Hollins Chapel (Grade II listed). Venue rules: no open flames; nothing may be fixed to the pews."
	for _, tt := range []struct {
		tool, want string
	}{
		{"venues", sdk.SourceDocument},
		{"Read", sdk.SourceToolResult},
		{"shell", sdk.SourceToolResult},
		{"mcp__github__get_issue", sdk.SourceToolResult},
	} {
		sp := sdk.Span{ID: "r", Kind: "tool_result", Text: venue, Meta: map[string]string{"tool": tt.tool}}
		if got := e.SourceOf(sp, ""); got != tt.want {
			t.Errorf("a %s answer with a rules topic line: %s, want %s", tt.tool, got, tt.want)
		}
	}
	// A system of record asked for its rules answers with them, though
	// its answer names none: the call or the tool's name does.
	article := "Article 14 — Travaux. Aucun travail bruyant avant 9 h ni après 18 h."
	for _, tt := range []struct {
		tool, call, want string
	}{
		{"handbook", "section=vehicle-rules", sdk.SourceDocument},
		{"policy", "get routing-restrictions", sdk.SourceDocument},
		{"reglement", "article 14", sdk.SourceDocument},
		{"agenda", "article 14", sdk.SourceToolResult},
		{"Read", "docs/rules.md", sdk.SourceToolResult},
		{"messages", "send to=Dave text='the rules say no parking at the lay-by, so keep moving'", sdk.SourceToolResult},
	} {
		sp := sdk.Span{ID: "r", Kind: "tool_result", Text: article, Meta: map[string]string{"tool": tt.tool}}
		if got := e.SourceOf(sp, tt.call); got != tt.want {
			t.Errorf("%s answering %q: %s, want %s", tt.tool, tt.call, got, tt.want)
		}
	}
	human := sdk.Span{ID: "u", Kind: "user", Text: "House rules:\n- no dogs"}
	if got := e.SourceOf(human, ""); got != sdk.SourceHuman {
		t.Errorf("a person's message is %s, want human", got)
	}
}

// TestAPersistingSourceIsReportedSo: the default pack marks the system
// prompt as kept by the harness (authority `persists`), so the extractor
// takes no item from it; a pack that compacts its system prompt turns it
// off, and a source without the attribute never persists.
func TestAPersistingSourceIsReportedSo(t *testing.T) {
	def, _ := DefaultPack()
	e, diags := Compile([]*Pack{def}, Options{Lexicon: testLexicon(t)})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	sys := sdk.Span{ID: "s0", Kind: "system", Text: "Never give dosage advice."}
	user := sdk.Span{ID: "u1", Kind: "user", Text: "Never give dosage advice."}
	if !e.Persists(sys) || e.Persists(user) {
		t.Errorf("default pack: Persists(system) = %v, Persists(user) = %v; want true, false", e.Persists(sys), e.Persists(user))
	}
	over, diags := ParsePack("over.hcl", []byte("authority \"system\" {\n  reads_as = \"system\"\n  persists = false\n}\n"))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	e, diags = Compile([]*Pack{def, over}, Options{Lexicon: testLexicon(t)})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	if e.Persists(sys) {
		t.Errorf("a pack with persists = false still reports the system prompt as kept")
	}
}

// TestRulesTitleIsTheHeadingLineOnly: the title that makes a tool's answer
// a rules document is blanked by the extractor (RulesTitle gives its
// length); a line that opens a rule after its colon is no title, nor is a
// first line that names no rules.
func TestRulesTitleIsTheHeadingLineOnly(t *testing.T) {
	e := testEngine(t, Options{})
	tests := []struct {
		text string
		want int
	}{
		{"ERP release policy (last edited 2026-11-20 by M. Okafor)\n\n1. Branches: all fixes go into version-15-hotfix.", len("ERP release policy (last edited 2026-11-20 by M. Okafor)")},
		{"Clayhouse kiln rules:\n- Cone 6 max.", len("Clayhouse kiln rules:")},
		{"Pool rules: no diving\n- No running.", 0},
		{"Regolamento doposcuola 2027\nCi vediamo martedì.", 0},
		// A title with a rule of its own is kept whole.
		{"Lab rules (max 4 people)\n- No food.", 0},
		{"Never bypass these rules\n1. Badge in.", 0},
	}
	for _, tt := range tests {
		if got := e.RulesTitle(tt.text); got != tt.want {
			t.Errorf("RulesTitle(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}
