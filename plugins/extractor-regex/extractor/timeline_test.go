package extractor

import (
	"context"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func human(id, text string) sdk.Span {
	return sdk.Span{ID: id, Kind: "user", Text: text, Meta: map[string]string{"source": sdk.SourceHuman}}
}

func extract(t *testing.T, spans ...sdk.Span) []sdk.Item {
	t.Helper()
	x, err := New()
	if err != nil {
		t.Fatal(err)
	}
	resp, err := x.Extract(context.Background(), &sdk.ExtractRequest{Spans: spans})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Items
}

func describeItems(items []sdk.Item) []string {
	var out []string
	for _, it := range items {
		s := it.Span + " " + it.Category + " " + it.Text
		if it.Frame != nil {
			s += " [" + it.Frame.Modality + " " + it.Frame.Status + " by " + it.Frame.ChangedBy + "]"
		}
		out = append(out, s)
	}
	return out
}

// TestExtractMarksARuleLiftedByALaterMessage: a later message from the
// person that lifts a rule, naming its object, marks the earlier item's
// frame lifted and names the span that lifted it; the lifting message's
// own item stays active.
func TestExtractMarksARuleLiftedByALaterMessage(t *testing.T) {
	items := extract(t,
		human("u1", "Do not modify the feature_flags table while we investigate."),
		human("u2", "Actually, you can drop that restriction now: feel free to edit feature_flags again."),
	)
	if len(items) == 0 {
		t.Fatal("no items")
	}
	first := items[0]
	if first.Span != "u1" {
		t.Fatalf("first item is from %s, want u1: %v", first.Span, describeItems(items))
	}
	if first.Frame == nil {
		t.Fatalf("first item %q has no frame", first.Text)
	}
	if first.Frame.Status != sdk.StatusLifted || first.Frame.ChangedBy != "u2" {
		t.Errorf("first item %q: status %q changed by %q, want %q by u2", first.Text, first.Frame.Status, first.Frame.ChangedBy, sdk.StatusLifted)
	}
	for _, it := range items {
		if it.Frame == nil {
			t.Fatalf("item %q has no frame", it.Text)
		}
		if it.Span == "u2" && (it.Frame.Status != sdk.StatusActive || it.Frame.ChangedBy != "") {
			t.Errorf("lifting message's item %q: status %q changed by %q, want active", it.Text, it.Frame.Status, it.Frame.ChangedBy)
		}
	}
}

// TestExtractSupersedesABoundOnTheSameThingsCounted: a later message from
// the person that bounds the same things counted on the same side with
// another value replaces the earlier bound, with no cue word; a bound on
// the same things for another name does not.
func TestExtractSupersedesABoundOnTheSameThingsCounted(t *testing.T) {
	tests := []struct {
		name, later, want string
	}{
		{"raised", "Update: our key is whitelisted. You can go up to 6 concurrent requests, never more than 6.", sdk.StatusSuperseded},
		{"another name", "For the Bolt-API you can go up to 6 concurrent requests.", sdk.StatusActive},
		{"the other side", "Keep at least 3 concurrent requests open to the warm pool.", sdk.StatusActive},
		{"a question", "Could we go up to 6 concurrent requests?", sdk.StatusActive},
		{"a report", "Yesterday we stayed under 5 concurrent requests.", sdk.StatusActive},
		{"a statement that sets nothing", "Staging handles at most 40 concurrent requests anyway.", sdk.StatusActive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t,
				human("u1", "Keep it at max 2 concurrent requests to the Oakridge-API."),
				human("u2", tt.later),
			)
			for _, it := range items {
				if it.Span != "u1" || it.Category != sdk.CategoryNumericCommitment {
					continue
				}
				if it.Frame == nil || it.Frame.Status != tt.want {
					t.Fatalf("u1's bound: %v, want %s", describeItems(items), tt.want)
				}
				return
			}
			t.Fatalf("no bound from u1: %v", describeItems(items))
		})
	}
}

// TestExtractLiftsARuleByItsReason: a later message that lifts and names
// the reason a rule was given ("Dean's van is back, so the … thing is
// lifted") is about that rule: the rule's reason is read apart from its
// terms, but a lift may still name the rule by it.
func TestExtractLiftsARuleByItsReason(t *testing.T) {
	items := extract(t,
		human("u1", "For now, no jobs north of the A142 on Thursdays because Dean's van is in the garage."),
		human("u2", "Good news: Dean's van is back Wednesday afternoon, so the no-north-of-the-A142-on-Thursdays thing is lifted."),
	)
	var rule *sdk.Item
	for i := range items {
		if items[i].Span == "u1" && items[i].Frame != nil {
			rule = &items[i]
			break
		}
	}
	if rule == nil {
		t.Fatalf("no rule from u1: %v", describeItems(items))
	}
	if rule.Frame.Status != sdk.StatusLifted || rule.Frame.ChangedBy != "u2" {
		t.Errorf("rule %q: status %q by %q, want lifted by u2: %v", rule.Text, rule.Frame.Status, rule.Frame.ChangedBy, describeItems(items))
	}
}

// TestExtractLiftsARuleWhoseValueALiftNamesBare: "Forget the 50" names
// the rule "at most 50 messages per second" by its value, written bare.
func TestExtractLiftsARuleWhoseValueALiftNamesBare(t *testing.T) {
	items := extract(t,
		human("u1", "Sending rate at most 50 messages per second - our SES quota is tight."),
		human("u2", "Forget the 50 - raise it to 120 messages per second, that's the new ceiling."),
	)
	for _, it := range items {
		if it.Span == "u1" && it.Frame != nil && (it.Frame.Status == sdk.StatusActive || it.Frame.ChangedBy != "u2") {
			t.Errorf("rule %q: %s by %q, want lifted or superseded by u2", it.Text, it.Frame.Status, it.Frame.ChangedBy)
		}
	}
	if len(items) == 0 || items[0].Span != "u1" {
		t.Fatalf("no rule from u1: %v", describeItems(items))
	}
}

// TestExtractKeepsARuleActiveWithoutALaterChange: the same rule with
// nothing after it, or with a later message about something else, stays
// active and its frame names its source.
func TestExtractKeepsARuleActiveWithoutALaterChange(t *testing.T) {
	tests := []struct {
		name  string
		spans []sdk.Span
	}{
		{"rule alone", []sdk.Span{human("u1", "Do not modify the feature_flags table while we investigate.")}},
		{"unrelated later message", []sdk.Span{
			human("u1", "Do not modify the feature_flags table while we investigate."),
			human("u2", "Also, please rename the README heading to Getting started."),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t, tt.spans...)
			found := false
			for _, it := range items {
				if it.Span != "u1" || it.Category != sdk.CategoryProhibition {
					continue
				}
				found = true
				if it.Frame == nil {
					t.Fatalf("item %q has no frame", it.Text)
				}
				if it.Frame.Status != sdk.StatusActive || it.Frame.ChangedBy != "" {
					t.Errorf("item %q: status %q changed by %q, want active", it.Text, it.Frame.Status, it.Frame.ChangedBy)
				}
				if it.Frame.Source != sdk.SourceHuman {
					t.Errorf("item %q: frame source %q, want %q", it.Text, it.Frame.Source, sdk.SourceHuman)
				}
			}
			if !found {
				t.Fatalf("no prohibition item from u1: %v", describeItems(items))
			}
		})
	}
}

// TestExtractGivesEveryItemAFrame: every item the extractor emits carries
// its frame.
func TestExtractGivesEveryItemAFrame(t *testing.T) {
	items := extract(t,
		human("u1", "Do not run DROP TABLE on legacy_orders. Keep the batch size at 500 rows."),
		human("u2", "Do not modify the feature_flags table while we investigate."),
		human("u3", "Correction: the flower budget is now £1,200, not £1,800."),
		sdk.Span{ID: "a1", Kind: "assistant", Text: "The COPY FREEZE attempt failed because of the audit trigger; I will not retry it."},
	)
	if len(items) < 4 {
		t.Fatalf("%d items, want at least 4 to make this test mean something: %v", len(items), describeItems(items))
	}
	for _, it := range items {
		if it.Frame == nil {
			t.Errorf("item %s %q has no frame", it.Category, it.Text)
		}
	}
}

// TestExtractSetsNoRuleFromASetPhrase: a negation inside a phrase the
// lexicon reads as carrying no cue ("je ne sais pas", "no problem") sets
// no prohibition; the same negation in an instruction does.
func TestExtractSetsNoRuleFromASetPhrase(t *testing.T) {
	for _, text := range []string{"Je ne sais pas, on verra.", "No problem, we'll see.", "Nu știu, vedem."} {
		for _, it := range extract(t, human("u1", text)) {
			if it.Category == sdk.CategoryProhibition {
				t.Errorf("prohibition %q from %q", it.Text, text)
			}
		}
	}
	for _, text := range []string{"Je ne sais pas, mais ne touche pas à la prod.", "No exceptions for admins: everyone needs 2FA.", "No exceptions: every PR gets a second reviewer."} {
		items := extract(t, human("u1", text))
		found := false
		for _, it := range items {
			found = found || it.Category == sdk.CategoryProhibition
		}
		if !found {
			t.Errorf("no prohibition from %q: %v", text, describeItems(items))
		}
	}
}

// TestExtractSetsNoRuleFromWhatARuleIsFor: a negation only in what an
// instruction is for ("so we don't miss any", "pour ne pas", "чтобы не")
// forbids nothing; the same purpose before or after a prohibition leaves
// it one.
func TestExtractSetsNoRuleFromWhatARuleIsFor(t *testing.T) {
	for _, text := range []string{
		"Use a subagent to hunt for all float usages so we don't miss any.",
		"Relis le contrat deux fois pour ne pas rater une clause.",
		"Проверь все счета дважды, чтобы не пропустить ошибку.",
	} {
		for _, it := range extract(t, human("u1", text)) {
			if it.Category == sdk.CategoryProhibition {
				t.Errorf("prohibition %q from %q", it.Text, text)
			}
		}
	}
	for _, text := range []string{
		"Never push to main, so we don't break CI.",
		"Ne pousse jamais sur main, pour ne pas casser la CI.",
		"In order not to break CI, never push to main.",
		"Pour ne pas casser la CI, ne pousse jamais sur main.",
	} {
		found := false
		for _, it := range extract(t, human("u1", text)) {
			found = found || it.Category == sdk.CategoryProhibition
		}
		if !found {
			t.Errorf("no prohibition from %q", text)
		}
	}
}

// TestExtractSetsNoRuleFromSayingThereIsNone: "there is no rule about
// it" negates a word that names rules; it forbids nothing. A ban beside it
// is still one.
func TestExtractSetsNoRuleFromSayingThereIsNone(t *testing.T) {
	for _, text := range []string{
		"Das Kettenrasseln lassen wir, wie es ist, da gibt's keine Regel.",
		"There is no rule about the chains.",
	} {
		for _, it := range extract(t, human("u1", text)) {
			if it.Category == sdk.CategoryProhibition {
				t.Errorf("prohibition %q from %q", it.Text, text)
			}
		}
	}
	found := false
	for _, it := range extract(t, human("u1", "Keine Regel für das Kettenrasseln, aber keine Pyro nach 19 Uhr.")) {
		found = found || it.Category == sdk.CategoryProhibition
	}
	if !found {
		t.Error("no prohibition from a ban beside a rule that is none")
	}
}

// TestExtractSetsNoNumericCommitmentFromAQuestionOrAReport: a number in a
// question or in a report of what happened commits nobody to it.
func TestExtractSetsNoNumericCommitmentFromAQuestionOrAReport(t *testing.T) {
	tests := []struct {
		name, text string
	}{
		{"question", "Can you set up the code 4471 for weekdays 12:00 to 13:00?"},
		{"report", "The pilot complained the queue took 25 minutes."},
		{"the speaker's own state", "honestly I've been staring at this for 3 hours and I'm losing it"},
		{"a figure passed on for information", "Meanwhile, traffic on the IX port is 71% of 100G at peak, just FYI."},
		{"a figure passed on for information, in German", "Der Traffic am IX-Port liegt zur Spitze bei 71 % von 100G, nur zur Info."},
		{"an estimate", "The seed script takes about 4 minutes on staging."},
		{"an estimate, in Polish", "Import trwa około 40 minut."},
		{"what the speaker spent", "Light has been patchy, I have spent ₦85,000 on diesel this week alone."},
		{"a price complained about", "Ridiculous, they now charge €90 per seat."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t, human("u1", tt.text))
			for _, it := range items {
				if it.Category == sdk.CategoryNumericCommitment {
					t.Errorf("numeric commitment %q from %q", it.Text, tt.text)
				}
			}
		})
	}
	// The same value as an instruction is a commitment: the filter drops
	// questions and reports, not numbers. So is a reported value set
	// against another: whoever rules a value out sets the one kept.
	for _, text := range []string{
		"Keep the queue under 25 minutes.",
		"Keep the queue under about 25 minutes.",
		"Correction on the EU fund: the prospectus says 1 pm (13:00 CET), not noon.",
	} {
		items := extract(t, human("u1", text))
		var cats []string
		for _, it := range items {
			cats = append(cats, it.Category)
		}
		if !strings.Contains(strings.Join(cats, " "), sdk.CategoryNumericCommitment) {
			t.Errorf("no numeric commitment from %q: %v", text, describeItems(items))
		}
	}
}

// TestExtractSetsNoRuleFromAReportTheSpeakerDismisses: a rule inside a
// report of what someone said or heard, or a case imagined, which the
// speaker sets aside or asks to have checked, is not theirs. The same rule relayed without a
// dismissal, or an instruction to ignore something, still sets one.
func TestExtractSetsNoRuleFromAReportTheSpeakerDismisses(t *testing.T) {
	for _, text := range []string{
		"someone on reddit swore 'sync must never run more than once an hour or you get banned' but that was about the old hosted plan, ignore",
		"Oh and Kieran's heard the council's banned scaffolds on S11 roads over Christmas, can you check",
		"Jemand hat gesagt, dass man nie mehr als 3 Kisten stapeln darf, angeblich — ignorier das.",
		// A case imagined and set aside the same way.
		"En théorie, si on ouvre un deuxième site, il ne faudra jamais partager les clés entre eux, mais on n'en est pas là.",
		"Hypothetically, if we open a second site we'd never share the keys between them, but we're not there yet.",
	} {
		for _, it := range extract(t, human("u1", text)) {
			if it.Category != sdk.CategoryFailedAttempt {
				t.Errorf("%s %q from a dismissed report %q", it.Category, it.Text, text)
			}
		}
	}
	for _, text := range []string{
		"Legal says the records stay in Frankfurt, so never replicate them to us-east-1.",
		"Ignore the lint warnings in vendor/, but never push to main.",
		"Ignore what Tom said last week: never push directly to main.",
		"Never ignore failing tests, as the lead said last week.",
		"Legal said never store card numbers in logs, can you check the redaction job before release.",
	} {
		if items := extract(t, human("u1", text)); len(items) == 0 {
			t.Errorf("no item from %q", text)
		}
	}
}

// TestExtractSetsNoRuleFromARequestForTheSummary: a sentence asking for
// the summary being written ("summarise in English for Mark, he doesn't
// read Polish well") says how to write it, and why; the summary meets it
// by being written, so it sets no rule to restate. A rule in the next
// sentence still does.
func TestExtractSetsNoRuleFromARequestForTheSummary(t *testing.T) {
	tests := []struct {
		text     string
		wantRule bool
	}{
		{"Podsumuj po angielsku dla Marka, on nie czyta po polsku za dobrze.", false},
		{"Fais-moi le résumé en anglais pour Kevin, il ne lit pas encore bien le français.", false},
		{"Write the summary in English for Pete, he does not read Spanish.", false},
		{"Podsumuj po angielsku. Nigdy nie uruchamiaj frezarki bez odciągu.", true},
		{"Never run the router without dust extraction.", true},
	}
	for _, tt := range tests {
		var rules []string
		for _, it := range extract(t, human("u1", tt.text)) {
			if it.Category == sdk.CategoryProhibition || it.Category == sdk.CategoryNumericCommitment {
				rules = append(rules, it.Text)
			}
		}
		if got := len(rules) > 0; got != tt.wantRule {
			t.Errorf("%q: rules %q, want a rule: %v", tt.text, rules, tt.wantRule)
		}
	}
}

// TestExtractReadsTheTimeline pins what a later message (or the next
// sentence of the same one) does to an earlier item: a lift naming the
// rule's object lifts it; a new value of the same bound, or a correction
// naming the old value, supersedes it; a lift that names nothing, one by
// the agent, or one before the rule changes nothing; a plan taken back in
// the next sentence is lifted, while a prohibition is not.
func TestExtractReadsTheTimeline(t *testing.T) {
	tests := []struct {
		name  string
		spans []sdk.Span
		text  string // the item whose status is checked: a substring of its text
		want  string
	}{
		{"lift naming the object", []sdk.Span{human("u1", "Do not modify the feature_flags table. Never restart the payments-api pods."), human("u2", "Actually, you can drop the feature_flags restriction now.")}, "feature_flags table", sdk.StatusLifted},
		{"the other rule stays", []sdk.Span{human("u1", "Do not modify the feature_flags table. Never restart the payments-api pods."), human("u2", "Actually, you can drop the feature_flags restriction now.")}, "payments-api", sdk.StatusActive},
		{"a lift naming the rule in the clause before", []sdk.Span{human("u1", "Per ora non fare retry dei webhook falliti verso Ferri, il loro tecnico sistema il firewall."), human("u2", "Ok, il tecnico di Ferri ha finito col firewall. Ora puoi ritentarli, massimo 3 tentativi.")}, "Per ora", sdk.StatusLifted},
		{"a new limit in the lifting message stays a rule", []sdk.Span{human("u1", "Per ora non fare retry dei webhook falliti verso Ferri, il loro tecnico sistema il firewall."), human("u2", "Ok, il tecnico di Ferri ha finito col firewall. Ora puoi ritentarli, massimo 3 tentativi.")}, "massimo 3", sdk.StatusActive},
		{"a lift and a new ban in one message: the ban stays", []sdk.Span{human("u2", "The write freeze on flags.search is lifted, but never edit the flags.payments key.")}, "never edit", sdk.StatusActive},
		{"a lift naming the rule by its restricting word", []sdk.Span{human("u1", "Heads up: Black Friday change freeze — no production deploys until further notice."), human("u2", "Update: the freeze is lifted, Dana approved it.")}, "no production deploys", sdk.StatusLifted},
		{"a lift naming another restriction lifts nothing", []sdk.Span{human("u1", "Never deploy the billing service on Fridays."), human("u2", "Update: the freeze is lifted, Dana approved it.")}, "Never deploy", sdk.StatusActive},
		{"lift naming nothing", []sdk.Span{human("u1", "Do not modify the feature_flags table."), human("u2", "You can drop that restriction now.")}, "feature_flags", sdk.StatusActive},
		{"lift by the agent", []sdk.Span{human("u1", "Do not modify the feature_flags table."), {ID: "a1", Kind: "assistant", Text: "I think you can drop the feature_flags restriction now."}}, "feature_flags", sdk.StatusActive},
		{"lift before the rule", []sdk.Span{human("u0", "Feel free to edit feature_flags."), human("u1", "Do not modify the feature_flags table.")}, "Do not modify", sdk.StatusActive},
		{"correction naming both values (it)", []sdk.Span{human("u1", "Il tempo minimo di interscambio è 4 minuti."), human("u2", "Scusa, correggo: il regolamento chiede almeno 6 minuti di interscambio, non 4.")}, "4 minuti", sdk.StatusSuperseded},
		{"correction naming both values (es)", []sdk.Span{human("u1", "El descanso mínimo es de 10 minutos."), human("u2", "Corrijo: el descanso mínimo es de 15 minutos, no 10.")}, "10 minutos", sdk.StatusSuperseded},
		{"correction naming both values (de)", []sdk.Span{human("u1", "Maximal 8 Nachrichten pro Tag."), human("u2", "Korrektur: maximal 5 Nachrichten pro Tag, nicht 8.")}, "8 Nachrichten", sdk.StatusSuperseded},
		{"now X, not Y", []sdk.Span{human("u1", "Flower budget is £1,800 all in. Keep the guest list under 120 guests."), human("u2", "Correction: the flower budget is now £1,200, not £1,800.")}, "all in", sdk.StatusSuperseded},
		{"an unrelated number stays", []sdk.Span{human("u1", "Flower budget is £1,800 all in. Keep the guest list under 120 guests."), human("u2", "Correction: the flower budget is now £1,200, not £1,800.")}, "120 guests", sdk.StatusActive},
		{"a correction said on its own before the new value", []sdk.Span{human("u1", "Build the wheels for Python 3.10 at least."), human("u2", "Sorry, correction. The lab still runs 3.9: build the wheels for 3.9 at least.")}, "3.10", sdk.StatusSuperseded},
		{"a correction said on its own before the new value (ja)", []sdk.Span{human("u1", "Python は最低 3.10 にして。"), human("u2", "ごめん、訂正。研究室がまだ 3.9 なので、Python は最低 3.9 にして。")}, "3.10", sdk.StatusSuperseded},
		{"a correction of another bound changes nothing", []sdk.Span{human("u1", "Build the wheels for Python 3.10 at least."), human("u2", "Sorry, correction. Keep the wheel under 50 MB.")}, "3.10", sdk.StatusActive},
		{"a correction of an unrelated count changes nothing", []sdk.Span{human("u1", "Keep the pool at 20 connections or below."), human("u2", "Sorry, correction. Retry at most 3 times.")}, "20 connections", sdk.StatusActive},
		{"a correction naming another number in the rule's words changes nothing", []sdk.Span{human("u1", "Build the wheels for Python 3.10 at least."), human("u2", "Sorry, correction. The CI image ships Python 3.12 by default, and the lab runs 3.9.")}, "3.10", sdk.StatusActive},
		{"a correction before the number", []sdk.Span{human("u0", "It is now 40, not 30."), human("u1", "Cap the batch at 30 rows.")}, "30 rows", sdk.StatusActive},
		{"a plan taken back", []sdk.Span{human("u1", "Let's send the campaign to 50,000 users on Monday. Actually, scrap that, marketing will pick the date.")}, "50,000", sdk.StatusLifted},
		{"a lift that names what it lifts takes back nothing before it", []sdk.Span{human("u1", "Never merge anything into main."), human("u2", "Make it every 200 files instead of 500. Also: merging into main is fine now.")}, "200 files", sdk.StatusActive},
		{"a permission said as fine now lifts the rule it names", []sdk.Span{human("u1", "Never merge anything into main."), human("u2", "Make it every 200 files instead of 500. Also: merging into main is fine now.")}, "Never merge", sdk.StatusLifted},
		{"a plan not taken back", []sdk.Span{human("u1", "Send the campaign to 50,000 users on Monday. Marketing will pick the hour.")}, "50,000", sdk.StatusActive},
		{"a rule is not taken back unnamed", []sdk.Span{human("u1", "Never email anyone in unsubscribe_list. Actually, scrap that.")}, "Never email", sdk.StatusActive},
		{"a lift naming the rule by its restricting characters (ja)", []sdk.Span{human("u1", "それと、今週は main への直接 push 禁止、必ず PR 経由で。"), human("u2", "あ、main への直接 push 禁止はもう解除でいいです。")}, "今週は", sdk.StatusLifted},
		{"the lift itself is no rule (ja)", []sdk.Span{human("u1", "それと、今週は main への直接 push 禁止、必ず PR 経由で。"), human("u2", "あ、main への直接 push 禁止はもう解除でいいです。")}, "もう解除", sdk.StatusLifted},
		{"a lift naming the restriction before it is no rule", []sdk.Span{human("u2", "Black Friday is done. The write freeze is lifted, go ahead: set flags.search.semantic to true.")}, "freeze is lifted", sdk.StatusLifted},
		{"a restriction not lifted stays a rule", []sdk.Span{human("u2", "The write freeze on flags.search is not lifted yet: leave the writes alone.")}, "not lifted", sdk.StatusActive},
		{"until a restriction is lifted is a rule", []sdk.Span{human("u2", "Ne rien pousser sur le dépôt public avant la levée de l'embargo, le 14 mars à 15h00 UTC.")}, "Ne rien", sdk.StatusActive},
		{"no longer allowed is a rule", []sdk.Span{human("u2", "Deploys to prod-eu-1 are no longer allowed on Fridays.")}, "no longer", sdk.StatusActive},
		{"a permission naming the object lifts (da)", []sdk.Span{human("u1", "Rør ikke build.gradle.kts i dag — CI-cachen er skrøbelig."), human("u2", "Ændring: du må gerne opdatere Ktor og tilføje ktor-server-rate-limit i build.gradle.kts nu.")}, "Rør ikke", sdk.StatusLifted},
		{"a system of record's word lifts a ban", []sdk.Span{human("u1", "Original rule: amplified acts are banned on all pitches."),
			{ID: "r1", Kind: "tool_result", Text: "From: Licensing Manager. We're lifting the blanket ban on amplification.", Meta: map[string]string{"tool": "email"}}}, "amplified acts", sdk.StatusLifted},
		{"a file the agent read lifts nothing", []sdk.Span{human("u1", "Original rule: amplified acts are banned on all pitches."),
			{ID: "r1", Kind: "tool_result", Text: "We're lifting the blanket ban on amplification.", Meta: map[string]string{"tool": "Read"}}}, "amplified acts", sdk.StatusActive},
		{"a system of record's answer with other labels replaces nothing", []sdk.Span{human("u1", "Rules for tonight: 1) Do not defer the #2 bleed valve fault under MEL again; it was already deferred once this month, so it gets fixed tonight. 2) Never enter a torque value from memory."),
			{ID: "r1", Kind: "tool_result", Text: "Task card TC-5521 drafted: Replace #2 HP bleed valve, AMM 36-11-05 rev 61.", Meta: map[string]string{"tool": "tls"}}}, "Do not defer", sdk.StatusActive},
		{"a bare number ruled out is replaced", []sdk.Span{human("u1", "Quick mode: 13×13 grid, no more than 28 clues."), human("u2", "Sorry, correction: quick grids are 11×11, not 13×13.")}, "13×13", sdk.StatusSuperseded},
		{"a lift naming the rule's directory by its last segment", []sdk.Span{human("u1", "Note: notebooks/finance/ is frozen this week because of quarter close — don't modify anything in there."), human("u2", "Update: finance closed the quarter early, so the finance/ freeze is lifted — fix those two notebooks too.")}, "notebooks/finance/ is frozen", sdk.StatusLifted},
		{"instead of another value replaces nothing of the rule", []sdk.Span{human("u1", "December rules: no boat leaves after 18:00 unless Somchai guides it."), human("u2", "Right. His boat leaves at 16:00 instead.")}, "after 18:00", sdk.StatusActive},
		{"instead naming the rule's value replaces it", []sdk.Span{human("u1", "December rules: no boat leaves after 18:00 unless Somchai guides it."), human("u2", "Change of plan: no boat leaves after 17:00 instead of 18:00.")}, "after 18:00", sdk.StatusSuperseded},
		{"a sentence taking back what came before, unnamed, is no rule (de)", []sdk.Span{human("u1", "Das gilt nicht mehr, die Siegerehrung ist jetzt in der anderen Halle.")}, "gilt nicht mehr", sdk.StatusLifted},
		{"a sentence taking back what came before, unnamed, is no rule (sv)", []sdk.Span{human("u1", "Det gäller inte längre, nu är prisutdelningen i andra hallen.")}, "gäller inte längre", sdk.StatusLifted},
		{"a new value after a take-back is the rule now", []sdk.Span{human("u1", "Scratch that — the new H&S rule just came in: 6 km/h in the cold store, 10 km/h elsewhere.")}, "6 km/h", sdk.StatusActive},
		{"a bound opened by a lift cue's words stays a rule", []sdk.Span{human("u1", "Nicht mehr als 3 Worker gleichzeitig, sonst kippt die Datenbank.")}, "Nicht mehr als", sdk.StatusActive},
		{"only the sentence right before", []sdk.Span{human("u1", "Cap exports at 10,000 rows. Send the report to finance. Actually, forget that.")}, "10,000", sdk.StatusActive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t, tt.spans...)
			found := false
			for _, it := range items {
				if !strings.Contains(it.Text, tt.text) {
					continue
				}
				found = true
				if it.Frame == nil || it.Frame.Status != tt.want {
					t.Errorf("item %q (%s): frame %+v, want status %q", it.Text, it.Category, it.Frame, tt.want)
				}
			}
			if !found {
				t.Fatalf("no item holds %q: %v", tt.text, describeItems(items))
			}
		})
	}
}

// TestExtractMarksARuleSupersededByALiftThatMovesItsBound: a later
// message that lifts the rule for another value of its bound and restricts
// that dimension anew ("the ban on 2024 is lifted … 2023 and earlier stay
// banned" after "no backfills before 2025") supersedes the rule as first
// written; a lift that sets no new bound changes nothing.
func TestExtractMarksARuleSupersededByALiftThatMovesItsBound(t *testing.T) {
	tests := []struct {
		name, later, want string
	}{
		{"a value the bound rules out", "Update: the ban on 2024 is lifted, storage was grown. 2023 and earlier stay banned.", sdk.StatusSuperseded},
		{"a lift that sets no new bound", "Update: the ban on 2026 is lifted, storage was grown.", sdk.StatusActive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t,
				human("u1", "Two rules: never start backfills on partitions from before 2025."),
				human("u2", tt.later),
			)
			for _, it := range items {
				if it.Span == "u1" {
					if it.Frame == nil || it.Frame.Status != tt.want {
						t.Fatalf("rule %q: frame %+v, want status %q", it.Text, it.Frame, tt.want)
					}
					return
				}
			}
			t.Fatalf("no rule from u1: %v", describeItems(items))
		})
	}
}

// TestExtractSetsNoEntityFromAPleaOrAReport: a name in what someone
// pleads for or suggests ("please tell me that we're over 600, otherwise
// production sulks") is hoped for, not set, and one in a complaint or a
// report that binds no one ("i waited 40 min for the staging cluster this
// morning") is no entity a summary must keep. The same name in a rule is
// an entity.
func TestExtractSetsNoEntityFromAPleaOrAReport(t *testing.T) {
	for _, tt := range []struct {
		text string
		// plea: nor is a failure in it an attempt.
		plea bool
	}{
		{"Please tell me that we're over 600, otherwise production sulks.", true},
		{"S'il te plaît dis-moi qu'on dépasse les 600, sinon la prod va encore nous faire la tête.", true},
		{"and fwiw i waited 40 min for the staging-eu cluster this morning, infra is a joke", false},
		{"Ich habe gestern 40 Minuten auf den staging-eu Cluster gewartet.", false},
	} {
		for _, it := range extract(t, human("u1", tt.text)) {
			if it.Category == sdk.CategoryEntity || tt.plea && it.Category == sdk.CategoryFailedAttempt {
				t.Errorf("%s %q from a plea or a report", it.Category, it.Text)
			}
		}
	}
	for _, rule := range []string{"Only deploy to production after 18:00.", "Never deploy to staging-eu before 18:00."} {
		items := extract(t, human("u1", rule))
		found := false
		for _, it := range items {
			found = found || it.Category == sdk.CategoryEntity
		}
		if !found {
			t.Errorf("no entity from the rule %q: %v", rule, describeItems(items))
		}
	}
}

// TestExtractSetsNoRuleFromAHeading: a Markdown heading names what the
// lines under it rule ("# Coupon limits (2026 Q4)"); the lines give the
// rules, the heading none, unless it forbids in its own words.
func TestExtractSetsNoRuleFromAHeading(t *testing.T) {
	doc := sdk.Span{ID: "d1", Kind: "tool_result", Text: "# 쿠폰 한도 (2026 Q4)\n- 쿠폰 1장당 최대 할인율: 30%\n- 할인 금액 상한: 50,000원",
		Meta: map[string]string{"source": sdk.SourceDocument}}
	var texts []string
	for _, it := range extract(t, doc) {
		if ruleCategory(it.Category) {
			texts = append(texts, it.Text)
			if strings.Contains(it.Text, "2026 Q4") {
				t.Errorf("%s %q from the heading", it.Category, it.Text)
			}
		}
	}
	if len(texts) < 2 {
		t.Errorf("rules %q, want the two lines under the heading", texts)
	}
	ban := sdk.Span{ID: "d2", Kind: "tool_result", Text: "## Never deploy on Fridays\nThe weekend on-call is one person.",
		Meta: map[string]string{"source": sdk.SourceDocument}}
	found := false
	for _, it := range extract(t, ban) {
		found = found || it.Category == sdk.CategoryProhibition
	}
	if !found {
		t.Error("no prohibition from a heading that forbids in its own words")
	}
}

// TestExtractSupersedesANameReplacedBySiblingThatNamesTheOld: a later
// message that puts a sibling name in the place of the rule's ("branch off
// release/3.9 instead"), naming the old one again, supersedes it; a
// sibling named without the old one ("Leave devnet-1 for now") does not.
func TestExtractSupersedesANameReplacedBySiblingThatNamesTheOld(t *testing.T) {
	tests := []struct {
		name  string
		later string
		want  string
	}{
		{"the old name named again", "scratch that, 3.8 got frozen this morning. branch off release/3.9 instead, that one ships fri 18th", sdk.StatusSuperseded},
		{"a sibling with no word of the old one", "ok, remove eth-sim-7. Leave release/3.9 for now, Kwame might still need it.", ""},
		{"a sibling that names nothing of the old one", "Also tag release/3.9 now so QA can start on it.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := extract(t,
				human("u1", "work off release/3.8, it ships tue."),
				human("u2", tt.later),
			)
			for _, it := range items {
				if it.Span != "u1" || it.Frame == nil {
					continue
				}
				if it.Frame.Status != tt.want && !(tt.want == "" && it.Frame.Status == sdk.StatusActive) {
					t.Errorf("item %q: status %q, want %q (%v)", it.Text, it.Frame.Status, tt.want, describeItems(items))
				}
				return
			}
			t.Fatalf("no item from u1: %v", describeItems(items))
		})
	}
}
