package extractor

import (
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestRulesFromFramesReadsWhatThePackDoesNotPhrase: a rule in a language
// or a wording the pack's patterns miss is still an item when its frame
// restricts and names what it restricts; pasted machine text, what
// someone reports, and the agent's own words are not. The first two rows
// go through the whole extractor.
func TestRulesFromFramesReadsWhatThePackDoesNotPhrase(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := frame.NewReader(lex)
	tests := []struct {
		name     string
		span     sdk.Span
		text     string // a substring of the item wanted, "" for none
		category string
	}{
		{"an only in Portuguese", human("u1", "Regras da PM para o jogo: torcida visitante entra só pelo Portão 7; o Portão 3 é exclusivo da torcida da casa."), "Portão 7", sdk.CategoryProhibition},
		{"a floor in Russian", human("u1", "Правила на сезон: запас авиатоплива на базе — не менее 4000 л."), "4000 л", sdk.CategoryNumericCommitment},
		{"a spec line of values alone", human("u1", "Spec from the streaming team: 1080p at 6 Mbps max, 720p at 3.5 Mbps max."), "720p at 3.5 Mbps max", sdk.CategoryNumericCommitment},
		{"a report of when something shows up", human("u1", "The storefront reads from the replica and stale stock levels show up after about half a minute."), "", ""},
		{"a status line of values alone", human("u1", "Last run: 1080p, 6 Mbps, 42 min."), "", ""},
		{"a log line pasted", human("u1", "Here is the log:\n2026-11-20 10:22:01 WARN never retried job 4411 after 3 attempts"), "", ""},
		{"a config line pasted", human("u1", "Current config:\nmax_connections = 500   # never set this below 100"), "", ""},
		{"a code fence", human("u1", "See:\n```\nif n > 500 { never(retry_job_4411) }\n```"), "", ""},
		{"a report of what a customer said", human("u1", "El cliente dice que si no le devolvemos 120 EUR hoy pondrá una reclamación."), "", ""},
		{"the system prompt's role sentence", sdk.Span{ID: "s0", Kind: "system", Text: "You are a coding agent in the analytics-infra repo, with clickhouse-client access to staging and read-only access to prod-ch-1."}, "", ""},
		{"a bare version number", human("u1", "Pin pgx v5.7.2. We'll look at 5.8 after the migration, not during it."), "", ""},
		{"a time bound that an only goes on", human("u1", "Pyro erst ab 19:00 und nur, wenn die Freiwillige Feuerwehr Kufstein an der Strecke steht."), "nur, wenn die Freiwillige Feuerwehr", sdk.CategoryNumericCommitment},
		{"a time reported beside a negation", human("u1", "It's been red since Friday and nobody owns it."), "", ""},
		{"the agent's narration", sdk.Span{ID: "a1", Kind: "assistant", Text: "Los cuatro puntos P1-P4 están por debajo de 500 kg."}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := rulesFromFrames(newSpanDocs(r, []sdk.Span{tt.span}, nil), nil, framedCategories(Config{}, nil))
			if tt.text != "" {
				items = extract(t, tt.span)
			}
			if tt.text == "" {
				for _, it := range items {
					if it.Category == sdk.CategoryProhibition || it.Category == sdk.CategoryNumericCommitment {
						t.Errorf("unexpected %s item %q", it.Category, it.Text)
					}
				}
				return
			}
			for _, it := range items {
				if it.Category == tt.category && strings.Contains(it.Text, tt.text) {
					if it.Frame == nil || it.Frame.Modality == "" {
						t.Errorf("item %q has no restricting frame: %+v", it.Text, it.Frame)
					}
					return
				}
			}
			t.Errorf("no %s item holds %q: %v", tt.category, tt.text, describeItems(items))
		})
	}
}

// TestExtractTellsARelayedRuleFromAQuotedOne: a rule relayed after a
// colon binds; one quoted in quotation marks after a report (a customer's
// plea, an old help article) does not.
func TestExtractTellsARelayedRuleFromAQuotedOne(t *testing.T) {
	tests := []struct {
		name, text string
		want       bool // a prohibition is extracted
	}{
		{"relayed after a colon", "Heads up from yesterday's P&T committee: never substitute Synthroid with generic levothyroxine.", true},
		{"quoted in double quotes", `A customer pasted this from an old help article: "Refunds are never issued after 30 days."`, false},
		{"quoted in single quotes", "Customer email forwarded: 'Please, please don't move us, we have a funeral at 11 on Kintra.'", false},
		{"an apostrophe inside a word", "Yesterday's incident aside, don't restart payments-db before 18:00.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := false
			for _, it := range extract(t, human("u1", tt.text)) {
				got = got || it.Category == sdk.CategoryProhibition
			}
			if got != tt.want {
				t.Errorf("prohibition extracted = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRoleAssignmentsAreEntityItems: a person's sentence that gives two
// names parts of their own is an entity item naming both; the agent's
// own account, a sentence with one name, one phrase that holds both
// names, and a rule of its own are not.
func TestRoleAssignmentsAreEntityItems(t *testing.T) {
	tests := []struct {
		span sdk.Span
		want bool
	}{
		{human("u1", "For the cup final, Marta Ibáñez is the main referee and Lucía Prats the fourth official."), true},
		{human("u2", "Marta Ibáñez será la árbitra principal y Lucía Prats la cuarta árbitra."), true},
		{human("u3", "For the cup final, Marta Ibáñez is the main referee."), false},
		// One phrase with both names is a statement, not a share of work.
		{human("u4", "For the cup final, Marta Ibáñez travels with Lucía Prats."), false},
		// Two phrases, each with a name and the place it goes to.
		{human("u5", "For the cup final, Marta Ibáñez drives to Estadio Norte, Lucía Prats drives to Campo Sur."), true},
		// A standing duty with both names in one phrase says who goes
		// where; a task done once with them does not.
		{human("u7", "For the cup final, Lucía Prats always drives Marta Ibáñez to the stadium."), true},
		{human("u8", "For the cup final, Lucía Prats needs a ticket for Marta Ibáñez."), false},
		// A name in both phrases gives no one else a part.
		{human("u6", "For the cup final, Marta Ibáñez meets Lucía Prats, so Marta Ibáñez drives."), false},
		{sdk.Span{ID: "a1", Kind: "assistant", Text: "For the cup final, Marta Ibáñez is the main referee and Lucía Prats the fourth official.", Meta: map[string]string{"source": sdk.SourceAgent}}, false},
	}
	for _, tt := range tests {
		found := false
		for _, it := range extract(t, tt.span) {
			if it.Category == sdk.CategoryEntity && strings.Contains(strings.Join(it.KeyTerms, "|"), "Ibáñez") && strings.Contains(strings.Join(it.KeyTerms, "|"), "Lucía Prats") {
				found = true
			}
		}
		if found != tt.want {
			t.Errorf("%q (%s): role item found %v, want %v", tt.span.Text, sdk.SpanSource(tt.span), found, tt.want)
		}
	}
}

// TestBindingRuleOfTheAgentIsADuty: a rule whose match binds by itself
// (the pack's `binds`) keeps an item of the agent's own words that names
// no modal word the lexicons know, and its frame reads as a duty; the same
// agent acknowledging and looking sets nothing.
func TestBindingRuleOfTheAgentIsADuty(t *testing.T) {
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"a correction taken on", "Good point - I should use the systematic-debugging skill since this is a bug investigation. Let me invoke it.", true},
		{"the rules file relayed", "All green. The CLAUDE.md says to write tests to surface bugs first, but since these are runtime fixes I'll add unit tests.", true},
		{"an acknowledgement", "You're right, that's a good point. Let me check how sessions with content are found.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp := sdk.Span{ID: "a1", Kind: "assistant", Text: tt.text, Meta: map[string]string{"source": sdk.SourceAgent}}
			var got *sdk.Item
			for _, it := range extract(t, sp) {
				if it.Category == sdk.CategoryProhibition {
					got = &it
				}
			}
			if (got != nil) != tt.want {
				t.Fatalf("prohibition item: got %+v, want %v", got, tt.want)
			}
			if got != nil && (got.Frame == nil || got.Frame.Modality != sdk.ModalityMust) {
				t.Errorf("item %q: frame %+v, want modality must", got.Text, got.Frame)
			}
		})
	}
}

// TestAToolsRulesDocumentSetsRules: a tool's answer that opens with a
// heading naming rules is read as a document by every step, so its rule
// is an item whose frame names that source; the same sentence in a tool's
// answer of data sets nothing.
func TestAToolsRulesDocumentSetsRules(t *testing.T) {
	const rule = "2. Nobody opens the kiln lid until the pyrometer reads below 100 °C."
	doc := sdk.Span{ID: "r1", Kind: "tool_result", Text: "Clayhouse kiln rules:\n" + rule, Meta: map[string]string{"tool": "studio_docs"}}
	data := sdk.Span{ID: "r2", Kind: "tool_result", Text: "Firing log, 12 Nov:\n" + rule, Meta: map[string]string{"tool": "kiln_log"}}
	var fromDoc []sdk.Item
	for _, it := range extract(t, doc) {
		if it.Category == sdk.CategoryNumericCommitment || it.Category == sdk.CategoryProhibition {
			fromDoc = append(fromDoc, it)
		}
	}
	if len(fromDoc) == 0 {
		t.Fatal("no rule from the rules document")
	}
	for _, it := range fromDoc {
		if it.Frame == nil || it.Frame.Source != sdk.SourceDocument {
			t.Errorf("item %q: frame %+v, want source document", it.Text, it.Frame)
		}
	}
	if doc.Meta["source"] != "" {
		t.Error("the request's span was changed")
	}
	for _, it := range extract(t, data) {
		if it.Category != sdk.CategoryFailedAttempt {
			t.Errorf("a tool's data set %s item %q", it.Category, it.Text)
		}
	}
}

// TestARulesDocumentsTitleSetsNoRule: the title that makes a tool's
// answer a rules document names the rules and sets none, whatever date or
// initial it holds; the rules under it are still read.
func TestARulesDocumentsTitleSetsNoRule(t *testing.T) {
	const title = "ERP release policy (last edited 2026-11-20 by M. Okafor)"
	doc := sdk.Span{ID: "r1", Kind: "tool_result", Meta: map[string]string{"tool": "shell"},
		Text: title + "\n\n1. Branches: all fixes go into version-15-hotfix. Never open PRs against version-15 from this fork.\n2. At most 2 merges per day."}
	items := extract(t, doc)
	rules := 0
	for _, it := range items {
		if it.Start < len(title) {
			t.Errorf("an item from the title: %s %q", it.Category, it.Text)
		}
		if it.Category == sdk.CategoryProhibition || it.Category == sdk.CategoryNumericCommitment {
			rules++
		}
	}
	if rules == 0 {
		t.Errorf("no rule read under the title: %+v", items)
	}
}

// TestTheSystemPromptGivesNoItem: the harness sends the system prompt
// with every request, so no compaction replaces it and its rules need no
// restating; the same rule from the person is an item.
func TestTheSystemPromptGivesNoItem(t *testing.T) {
	const rule = "You must never give medication dosage advice of any kind."
	if items := extract(t, sdk.Span{ID: "s0", Kind: "system", Text: rule}); len(items) != 0 {
		t.Errorf("the system prompt gave items: %+v", items)
	}
	if items := extract(t, human("u1", rule)); len(items) == 0 {
		t.Errorf("the person's rule gave no item")
	}
}

// TestTheSessionsToolsAreNoEntities: a sentence that names only the
// session's own tools ("Use shell and apply_patch.") gives no entity; a
// name that is no tool of the session still does.
func TestTheSessionsToolsAreNoEntities(t *testing.T) {
	sys := sdk.Span{ID: "s0", Kind: "user", Text: "You are Codex. Use shell and apply_patch. Never write to orders_primary."}
	call := sdk.Span{ID: "c1", Kind: "tool_call", Text: "ls", Meta: map[string]string{"tool": "shell"}}
	patch := sdk.Span{ID: "c2", Kind: "tool_call", Text: "*** Begin Patch", Meta: map[string]string{"tool": "apply_patch"}}
	var ents []string
	for _, it := range extract(t, sys, call, patch) {
		if it.Category == sdk.CategoryEntity {
			ents = append(ents, it.KeyTerms...)
		}
	}
	if slices.Contains(ents, "apply_patch") {
		t.Errorf("a tool of the session is an entity: %v", ents)
	}
	var all []string
	for _, it := range extract(t, sys) {
		all = append(all, it.KeyTerms...)
	}
	if !slices.Contains(all, "apply_patch") {
		t.Errorf("without the calls, apply_patch is a name like any other: %v", all)
	}
}

// TestARulesDocumentGivesWhatItListsAsRules: a clause a rules document
// lists after words that name rules is a rule though it names nothing
// ("nothing may be fixed to the pews"); the same clause in a person's
// message, which names nothing, is not made one.
func TestARulesDocumentGivesWhatItListsAsRules(t *testing.T) {
	const text = "Hollins Chapel (Grade II listed). Venue rules: no open flames of any kind (LED candles only); nothing may be fixed to the pews with tape, pins or wire."
	has := func(items []sdk.Item) bool {
		for _, it := range items {
			if it.Category == sdk.CategoryProhibition && strings.Contains(it.Text, "pews") {
				return true
			}
		}
		return false
	}
	doc := sdk.Span{ID: "r1", Kind: "tool_result", Text: text, Meta: map[string]string{"tool": "venues"}}
	if !has(extract(t, doc)) {
		t.Error("the venue's listed rule is no item")
	}
	if has(extract(t, human("u1", "Chatting about the chapel: nothing may be fixed to the pews, I heard, but who knows."))) {
		t.Error("a person's plain-words remark became a rule")
	}
}

// TestASuggestionOrAMusingSetsNoRule: a rule someone only suggested or
// mused about (the lexicon's report words: "suggested", "meint", "my
// hunch") is no rule of the session; the same words set by the person in
// charge are.
func TestASuggestionOrAMusingSetsNoRule(t *testing.T) {
	tests := []struct {
		name string
		span sdk.Span
		want bool // a prohibition is extracted
	}{
		{"a colleague's suggestion", human("u1", "fyi Bart from the payments team suggested we just open the whole 10.0.0.0/8 range"), false},
		{"a teammate's opinion in German", human("u1", "Übrigens meint Henrik, man sollte nie ohne Aufwärmen anfangen."), false},
		{"the agent's hunch", sdk.Span{ID: "a1", Kind: "assistant", Text: "I'm tempted to say we should never boost category above title, but that's just my hunch."}, false},
		{"the person's own rule", human("u1", "Never open the whole 10.0.0.0/8 range."), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := false
			for _, it := range extract(t, tt.span) {
				got = got || it.Category == sdk.CategoryProhibition
			}
			if got != tt.want {
				t.Errorf("prohibition extracted = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestARulesFilesStandingAssignmentIsAnEntity: a rules file that says which
// name plays which part at all times ("Canary is always eu-west-1") gives
// an entity item, so a summary that swaps the regions loses it; the same
// line without "always", or in the agent's own words, gives none.
func TestARulesFilesStandingAssignmentIsAnEntity(t *testing.T) {
	entities := func(sp sdk.Span) []string {
		var out []string
		for _, it := range extract(t, sp) {
			if it.Category == sdk.CategoryEntity {
				out = append(out, it.Text)
			}
		}
		return out
	}
	rules := sdk.Span{ID: "r1", Kind: "tool_result", Text: "## Deploy\n- Canary is always eu-west-1 (cluster gf-canary-dub).",
		Meta: map[string]string{"source": sdk.SourceProjectRule}}
	if got := entities(rules); len(got) == 0 {
		t.Error("no entity from a standing assignment in a rules file")
	}
	plain := sdk.Span{ID: "r2", Kind: "tool_result", Text: "## Deploy\n- Canary was eu-west-1 last quarter.",
		Meta: map[string]string{"source": sdk.SourceProjectRule}}
	if got := entities(plain); len(got) != 0 {
		t.Errorf("entities %q from a line that sets nothing", got)
	}
	agent := sdk.Span{ID: "a1", Kind: "assistant", Text: "The canary is always eu-west-1, I think."}
	if got := entities(agent); len(got) != 0 {
		t.Errorf("entities %q from the agent's own words", got)
	}
}
