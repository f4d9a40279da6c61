package extractor

import (
	"strings"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// ruleCategories are the categories a commitment sets: a prohibition or
// a numeric commitment must read as one.
func ruleCategory(c string) bool {
	return c == sdk.CategoryProhibition || c == sdk.CategoryNumericCommitment
}

// commitments drops the items of a rule category, and the names, whose
// text, read as frames, is a question or a report and commits to nothing
// ("i waited 40 min for the staging cluster"): no atom that
// is not a question carries a modality (a prohibition, an obligation, an
// "only", a bound). "The pilot complained the queue took
// 25 minutes" and "the ward keeps asking if they can have it by noon" go;
// "torque the nuts to 150 Nm" stays, since an instruction with a value is
// a commitment even without a modal word. The rule pack finds sentences
// by their cues; the frame says whether the sentence commits anyone.
func commitments(spans []sdk.Span, items []sdk.Item, docs []*frame.Doc) ([]sdk.Item, []*frame.Doc) {
	source := make(map[string]string, len(spans))
	text := make(map[string]string, len(spans))
	for _, sp := range spans {
		source[sp.ID] = sdk.SpanSource(sp)
		text[sp.ID] = sp.Text
	}
	out, outDocs := items[:0], docs[:0]
	for k, it := range items {
		d := docs[k]
		// A rule whose match binds by itself (the pack's `binds`) has
		// said the speaker is bound; the words need not say it again.
		binds := it.Frame != nil && it.Frame.Modality != ""
		switch {
		case binds:
			out, outDocs = append(out, it), append(outDocs, d)
		case (ruleCategory(it.Category) || it.Category == sdk.CategoryEntity) && !commits(d):
		case ruleCategory(it.Category) && headingLine(text[it.Span], it.Start) && !forbids(d):
			// A Markdown heading names what the lines under it rule
			// ("# Coupon limits (2026 Q4)"); it sets nothing itself
			// unless it forbids in its own words.
		case it.Category == sdk.CategoryProhibition && onlyWhy(d):
			// Its only negation says what the rule is for or what breaking
			// it brings ("… so we don't miss any", "… otherwise nothing
			// gets paid"): the rest of it forbids nothing.
		case it.Category == sdk.CategoryProhibition && noRuleSaid(d):
			// "… da gibt's keine Regel", "there is no rule for it": its
			// negation says no rule holds, it sets none.
		case it.Category == sdk.CategoryProhibition && setPhrase(d):
			// The pack saw a negation ("ne … pas") where the lexicon
			// reads a set phrase that carries none ("je ne sais pas, on
			// verra": I don't know, we'll see).
		case it.Category != sdk.CategoryFailedAttempt && dismissed(d):
			// "someone on reddit swore sync must never run more than once
			// an hour, but that was the old plan, ignore": a report the
			// speaker sets aside, or asks to have checked, sets no rule,
			// commitment or name of theirs.
		case it.Category == sdk.CategoryNumericCommitment && estimates(d):
			// "It's production-sized, about 2.4M records", "the call
			// lasted about 40 minutes": a value someone measured or
			// guessed, no commitment.
		case ruleCategory(it.Category) && aboutSummary(d):
			// "Write the summary in English for Mark, he doesn't read
			// Polish well": a request for the summary being judged, and
			// why. What it asks of the summary is met by writing it, not
			// by restating it.
		case ruleCategory(it.Category) && narration(source[it.Span]) && !modal(d):
			// The agent's own account ("old checkpoints from before
			// midnight are hidden") sets no rule; only what it adopts
			// with a modality ("we must keep it under 5 s") does.
		case (it.Category == sdk.CategoryEntity || it.Category == sdk.CategoryFailedAttempt) && (asks(d) || pleads(d)):
			// A name in a question ("do we need read-tree from the main
			// worktree first?") is asked about, not set; a failure asked
			// about ("how many of them failed this month?") is no attempt.
			// Nor is one in what someone pleads for or suggests ("please
			// tell me that we're over 600, otherwise production sulks").
		default:
			out, outDocs = append(out, it), append(outDocs, d)
		}
	}
	return out, outDocs
}

// estimates reports a text whose clauses carry no modality and whose
// values are all estimates ("about 40 minutes", "~410M rows").
func estimates(d *frame.Doc) bool {
	n := 0
	for _, c := range d.Clauses {
		if c.Modality != "" {
			return false
		}
		for _, qi := range c.Main.Quants {
			if !d.Quants[qi].Approx {
				return false
			}
			n++
		}
	}
	return n > 0
}

// onlyWhy reports a text with no modality and no negation or "only" of
// its clauses' own, whose words hold a consequence or reason cue: the
// reader left the negation the pack saw to the part that says why.
func onlyWhy(d *frame.Doc) bool {
	for _, c := range d.Clauses {
		if c.Modality != "" || c.Cues&(lexicon.Negation|lexicon.Only) != 0 {
			return false
		}
	}
	for k := range d.Toks {
		if d.Class(k)&(lexicon.Consequence|lexicon.Reason) != 0 {
			return true
		}
	}
	return false
}

// noRuleSaid reports a text whose every negation stands right before a
// word that names rules ("keine Regel", "no rule", "aucune règle"), with
// no other modality: it says that no rule holds.
func noRuleSaid(d *frame.Doc) bool {
	said := false
	for _, c := range d.Clauses {
		if c.Cues&(lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower) != 0 {
			return false
		}
		for k := c.I; k < c.J; k++ {
			if d.Class(k)&lexicon.Negation == 0 || !d.CueStart(k) {
				continue
			}
			n := k + 1
			for n < c.J && d.Class(n)&lexicon.Negation != 0 {
				n++ // the rest of the negation's phrase
			}
			if n >= c.J || d.Class(n)&lexicon.RuleWord == 0 {
				return false
			}
			said = true
		}
	}
	return said
}

// setPhrase reports a text with no modality whose words hold a phrase the
// lexicon reads as carrying no cue (lexicon `neutral`). Not `stress`: "No
// exceptions: every PR gets a second reviewer" is a rule whose only cue
// is the phrase.
func setPhrase(d *frame.Doc) bool {
	neutral := false
	for _, c := range d.Clauses {
		if c.Modality != "" {
			return false
		}
		// A dismissal's negation is its own phrase too ("we're not
		// there yet", "on n'en est pas là").
		neutral = neutral || c.Cues&(lexicon.Neutral|lexicon.Dismiss) != 0
	}
	return neutral
}

// readItems reads every item's text once, in the languages of the message
// it was cut from (told once per message), for the commitment filter and
// the frames alike.
func readItems(sd *spanDocs, spans []sdk.Span, items []sdk.Item) []*frame.Doc {
	r := sd.r
	text := make(map[string]string, len(spans))
	for _, sp := range spans {
		text[sp.ID] = sp.Text
	}
	tells := map[string]frame.Tell{}
	docs := make([]*frame.Doc, len(items))
	for k, it := range items {
		t, ok := tells[it.Span]
		if message := text[it.Span]; message == "" {
			t = sd.tell(it.Text) // no message to tell by: the item's own words, not cached
		} else if !ok {
			t = sd.tell(message)
			tells[it.Span] = t
		}
		docs[k] = r.ReadTold(it.Text, t)
	}
	return docs
}

// aboutSummary reports a text that names the summary an agent is asked
// to write (the lexicon's summary class).
func aboutSummary(d *frame.Doc) bool {
	for _, c := range d.Clauses {
		if c.Cues&lexicon.Summary != 0 {
			return true
		}
	}
	return false
}

// asks reports a text whose every clause is a question.
func asks(d *frame.Doc) bool {
	for _, c := range d.Clauses {
		if !question(d, c) {
			return false
		}
	}
	return len(d.Clauses) > 0
}

// headingLine reports an item that starts on a Markdown heading line of
// its span ("# Coupon limits (2026 Q4)").
func headingLine(text string, at int) bool {
	if at < 0 || at > len(text) {
		return false
	}
	line := text[strings.LastIndexByte(text[:at], '\n')+1:]
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), "#")
}

// forbids reports a text with a clause that forbids or allows only:
// a negation or an "only" of its own.
func forbids(d *frame.Doc) bool {
	for _, c := range d.Clauses {
		if c.Cues&(lexicon.Negation|lexicon.Only) != 0 {
			return true
		}
	}
	return false
}

// dismissed reports a text that reports what someone said or heard, or
// opens by imagining a case, and closes by setting it aside or asking to
// have it checked: a report cue (lexicon list "report"), or an ask cue
// ("ask") before any rule's cue ("hypothetically, we'd never share the
// keys, but we're not there yet"), before a dismiss cue ("dismiss") that
// nothing but punctuation follows. A dismissal elsewhere is an
// instruction of its own ("Ignore what Tom said last week: never push to
// main", "as I said yesterday, never merge without review, and verify the
// checksum").
func dismissed(d *frame.Doc) bool {
	last := len(d.Toks) - 1
	for last >= 0 && d.Toks[last].Kind == lexicon.Punct {
		last--
	}
	if last < 0 || d.Class(last)&lexicon.Dismiss == 0 {
		return false
	}
	k := last
	for k > 0 && d.Class(k-1)&lexicon.Dismiss != 0 && !d.CueStart(k) {
		k--
	}
	ruled := false // a rule's cue came before: an ask after it is about the rule ("keep max 3, let me know if …")
	for m := 0; m < k; m++ {
		switch c := d.Class(m); {
		case c&lexicon.Report != 0, c&lexicon.Ask != 0 && !ruled:
			return true
		case c&frame.RuleCues != 0:
			ruled = true
		}
	}
	return false
}

// pleads reports a text that asks for something without setting it: a
// clause holds an ask cue (a plea, a suggestion, a wish to be told) and
// no clause binds with a modality.
func pleads(d *frame.Doc) bool {
	asked := false
	for _, c := range d.Clauses {
		if c.Modality != "" && c.Modality != frame.Failed {
			return false
		}
		asked = asked || c.Cues&lexicon.Ask != 0
	}
	return asked
}

func commits(d *frame.Doc) bool {
	reported := false
	for _, c := range d.Clauses {
		if question(d, c) {
			reported = true
			continue
		}
		if quoted(d, c) {
			reported = true
			continue
		}
		if c.Modality != "" && c.Modality != frame.Failed {
			return true // "legal says the records stay in Frankfurt, so don't replicate them" is a rule
		}
		if rulesOutValue(d, c) {
			return true // "the prospectus says 1 pm, not noon": a value set against another
		}
		if c.Cues&(lexicon.Report|lexicon.Ask) != 0 {
			reported = true
		}
	}
	return !reported
}

// rulesOutValue reports a clause that states a value and rules another
// out ("13:00 CET, not noon"): whoever says so sets the value, even in
// reported words.
func rulesOutValue(d *frame.Doc, c frame.Clause) bool {
	kept, out := false, false
	for _, qi := range c.Main.Quants {
		if d.Quants[qi].Negated {
			out = true
		} else {
			kept = true
		}
	}
	return kept && out
}

// narration reports the sources whose words bind no one unless they say
// so with a modality: the agent's text and its thinking.
func narration(source string) bool {
	return source == sdk.SourceAgent || source == sdk.SourceReasoning
}

// modal reports a clause that binds: a negation, an "only" or an
// obligation. A bound alone does not: the agent's "the four points are
// under 500 kg" describes a state, its "we must stay under 500 kg" sets a
// rule.
func modal(d *frame.Doc) bool {
	for _, c := range d.Clauses {
		// Musing in reported words ("I'm tempted to say we should never
		// boost it, but that's just my hunch") adopts nothing.
		if c.Modality != "" && c.Modality != frame.Failed && c.Cues&(lexicon.Negation|lexicon.Only|lexicon.Must) != 0 && c.Cues&(lexicon.Report|lexicon.Ask) == 0 {
			return true
		}
	}
	return false
}

// question reports a clause that ends with a question mark.
func question(d *frame.Doc, c frame.Clause) bool {
	if c.J < len(d.Toks) {
		n := d.Toks[c.J].Norm
		return n == "?" || n == "？"
	}
	return false
}

// quoted reports a rule quoted after a report: a report cue, then a
// quotation mark, then the rule's cue ("a customer pasted this from an old
// help article: \"Refunds are never issued after 30 days.\""). A colon
// alone introduces a rule relayed, which binds ("Heads up from yesterday's
// P&T committee: never substitute Synthroid").
func quoted(d *frame.Doc, c frame.Clause) bool {
	report, mark := -1, -1
	for k := c.I; k < c.J; k++ {
		switch {
		case d.Class(k)&lexicon.Report != 0 && report < 0:
			report = k
		case report >= 0 && d.Toks[k].Kind == lexicon.Punct && openQuote(d.Toks[k]):
			mark = k
		case d.Class(k)&frame.RuleCues != 0:
			return report >= 0 && mark > report
		}
	}
	return false
}

// openQuote reports a quotation mark: a double or typographic quote, or
// an apostrophe after a space ('Please don't move us'), not one inside a
// word (don't, L'anno).
func openQuote(t lexicon.Token) bool {
	return strings.ContainsAny(t.Norm, "\"“”«»‘’„") || t.Norm == "'" && !t.Glued
}
