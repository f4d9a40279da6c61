package extractor

import (
	"slices"
	"strings"

	"github.com/compactguard/compactguard/plugins/extractor-regex/rules"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// rulesFromFrames adds the rules the pack missed. The pack finds rules by
// their phrasing, in the languages its patterns were written for; the
// frame reader knows the cues of every lexicon ("torcida visitante entra
// só pelo Portão 7"). Each clause of a message from a source that sets
// rules, read as a frame that restricts (a prohibition, an "only", a
// limit on a value) and names what it restricts, becomes an item unless
// an item of the pack already covers it: a prohibition, or a numeric
// commitment for a limit. Questions and what someone asks about carry no
// modality when read, so they give nothing.
func rulesFromFrames(sd *spanDocs, items []sdk.Item, categories map[string]bool) []sdk.Item {
	if len(categories) == 0 {
		return nil
	}
	covered := map[string][][2]int{}
	for _, it := range items {
		covered[it.Span] = append(covered[it.Span], [2]int{it.Start, it.End})
	}
	var out []sdk.Item
	for i, sp := range sd.spans {
		// Not the system prompt: its role sentences describe access ("you
		// have read-only access to prod"), and the pack's preamble rules
		// already read what it sets.
		if sdk.SpanSource(sp) == sdk.SourceSystem {
			continue
		}
		d := sd.read(i)
		if d == nil {
			continue
		}
		// A rules document (a runbook, a rules file, a venue's rules)
		// gives as a rule what it lists under words that name rules,
		// even in plain words ("Venue rules: … nothing may be fixed to
		// the pews"); a person's message must still name what it
		// restricts.
		document := documentSource(sdk.SpanSource(sp))
		for ci, c := range d.Clauses {
			category := ""
			switch {
			case c.Modality == frame.Limit && len(c.Main.Quants) > 0:
				category = sdk.CategoryNumericCommitment
			case c.Modality == frame.MustNot || c.Modality == frame.Only:
				category = sdk.CategoryProhibition
			case c.Modality == frame.Must && document && c.Cues&lexicon.Standing != 0 && namesID(c):
				// A rules file's standing assignment of a name ("Canary
				// is always eu-west-1"): which host, region or branch
				// plays which part, which a summary must keep in place.
				category = sdk.CategoryEntity
			default:
				continue
			}
			if !categories[category] {
				continue
			}
			timed := timedWithRule(d, ci)
			if !anchored(d, c) && !(document && d.Announced(ci)) || len(c.Main.Stems) == 0 && !specLine(d, c) ||
				c.Cues&(lexicon.Negation|lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower) == 0 && !timed ||
				c.Cues&(lexicon.Report|lexicon.Ask) != 0 || question(d, c) ||
				overlaps(covered[sp.ID], c.Start, c.End) || verbatim(d, sp.Text, c) {
				continue
			}
			end := c.End
			if timed {
				end = d.Clauses[ci+1].End // the compound rule, both its parts
			}
			it := sdk.Item{Category: category, Text: sp.Text[c.Start:end], Span: sp.ID, Start: c.Start, End: end, Extractor: rules.ExtractorName}
			for _, o := range c.Main.Objects {
				it.KeyTerms = append(it.KeyTerms, o.Text)
			}
			for _, qi := range c.Main.Quants {
				it.KeyTerms = append(it.KeyTerms, d.Quants[qi].Text)
			}
			out = append(out, it)
		}
	}
	return out
}

// namesID reports a clause whose main part names an identifier (a host,
// a region, a branch), not only words.
func namesID(c frame.Clause) bool {
	for _, o := range c.Main.Objects {
		if o.Type == frame.ObjID || o.Type == frame.ObjCode {
			return true
		}
	}
	return false
}

// timedWithRule reports a clause that bounds a time of day or a date with
// a before or after word ("Pyro erst ab 19:00") and that the next clause
// of its sentence goes on restricting with an "only" ("und nur, wenn die
// Feuerwehr da ist"): one compound rule, whose first part names no modal
// word of its own. A time alone ("we start after 19:00", "red since
// Friday and nobody owns it") sets nothing.
func timedWithRule(d *frame.Doc, ci int) bool {
	c := d.Clauses[ci]
	if c.Cues&(lexicon.Before|lexicon.After) == 0 || ci+1 >= len(d.Clauses) || !d.OneSentence(ci, ci+1) {
		return false
	}
	timed := false
	for _, qi := range c.Main.Quants {
		switch q := d.Quants[qi]; q.Dim {
		case frame.DimClock, frame.DimDate, frame.DimWeekday:
			timed = timed || q.Op == frame.OpBefore || q.Op == frame.OpAfter
		}
	}
	next := d.Clauses[ci+1]
	return timed && next.Modality == frame.Only
}

// roleAssignments adds who does what: a sentence of a person's message,
// a delegation, a rules file or a document that gives two names phrases
// of their own ("Lena Fischer reviews the code and Otto Brandt merges
// it", frame.Roles; or a person and a place per phrase, "Peter drives to
// Koliba, Juraj to Hotel Tatra", see sharesWork) is an entity item with the names as key terms, unless
// an item already covers it or the sentence is a rule of its own (the
// frames and the pack read those). A summary keeps it by keeping each name with
// its own part; the judge compares the parts.
func roleAssignments(sd *spanDocs, items []sdk.Item, categories map[string]bool) []sdk.Item {
	if !categories[sdk.CategoryEntity] {
		return nil
	}
	covered := map[string][][2]int{}
	for _, it := range items {
		covered[it.Span] = append(covered[it.Span], [2]int{it.Start, it.End})
	}
	var out []sdk.Item
	for i, sp := range sd.spans {
		switch sdk.SpanSource(sp) {
		case sdk.SourceHuman, sdk.SourceDelegation, sdk.SourceProjectRule, sdk.SourceDocument:
		default:
			continue
		}
		d := sd.read(i)
		if d == nil {
			continue
		}
		rs := d.Roles()
		for a := 0; a < len(rs); {
			b := a + 1
			for b < len(rs) && rs[b].Clause == rs[a].Clause {
				b++
			}
			c := d.Clauses[rs[a].Clause]
			if assigns(c, rs[a:b]) && !question(d, c) && c.Cues&(lexicon.Report|lexicon.Ask) == 0 && !verbatim(d, sp.Text, c) {
				start, end := d.Toks[rs[a].I].Start, d.Toks[rs[b-1].J-1].End
				if !overlaps(covered[sp.ID], start, end) {
					it := sdk.Item{Category: sdk.CategoryEntity, Text: sp.Text[start:end], Span: sp.ID, Start: start, End: end, Extractor: rules.ExtractorName}
					for _, r := range rs[a:b] {
						it.KeyTerms = append(it.KeyTerms, r.Name.Text)
					}
					out = append(out, it)
				}
			}
			a = b
		}
	}
	return out
}

// assigns reports a clause, with the roles rs of its phrases, that says
// who does what: phrases giving parts to different names (sharesWork) in
// a statement or a duty, or two names in one phrase of a standing duty
// (paired). A rule of its own (a prohibition, a limit) the frames and the
// pack read.
func assigns(c frame.Clause, rs []frame.Role) bool {
	switch c.Modality {
	case "":
		return sharesWork(rs)
	case frame.Must:
		return sharesWork(rs) || c.Cues&lexicon.Standing != 0 && paired(rs)
	}
	return false
}

// sharesWork reports two phrases of a clause that give parts to different
// names: "Lena reviews, Otto merges", or who drives to which place. One
// phrase with two names ("my flight from Bogotá to Lima") is a statement,
// and a name in both phrases ("the team in Toulouse reads French, so
// write it in French") gives no one else a part.
func sharesWork(rs []frame.Role) bool {
	names := map[int]map[string]bool{}
	for _, r := range rs {
		if names[r.I] == nil {
			names[r.I] = map[string]bool{}
		}
		names[r.I][r.Name.Skel] = true
	}
	for p, a := range names {
		for q, b := range names {
			if p < q && disjoint(a, b) {
				return true
			}
		}
	}
	return false
}

// paired reports a phrase that holds two names: with a standing duty,
// who goes where ("do Koliby Zbojnícka vozí vždy Peter", Peter always
// drives to Koliba Zbojnícka); a task done once ("the results site needs
// a live scoreboard for the Boxing Day trial") is no share of work.
func paired(rs []frame.Role) bool {
	return slices.ContainsFunc(rs, func(r frame.Role) bool { return r.Paired })
}

// disjoint reports two sets with no member in common.
func disjoint(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return false
		}
	}
	return true
}

// specLine reports a clause of values alone that bounds one by another
// ("1080p at 6 Mbps max", "720p ≤ 3.5 Mbps"): a spec written as a line of
// values has no other words to name what it restricts.
func specLine(d *frame.Doc, c frame.Clause) bool {
	measured, bounded := 0, false
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		if q.Dim != frame.DimNumber {
			measured++
		}
		bounded = bounded || q.Op != frame.OpEq
	}
	return measured >= 2 && bounded
}

// anchored reports a clause that names what it restricts by a name, an
// identifier or a measured value: a frame of plain words alone ("nothing
// goes into D", "no more visits") is too often talk to be made a rule the
// pack did not see.
func anchored(d *frame.Doc, c frame.Clause) bool {
	for _, qi := range c.Main.Quants {
		// A value measured in something (10 min, 4000 l, 50 W, a date):
		// a bare number is as often a version or a reference ("we'll look
		// at 5.8 after the migration").
		if d.Quants[qi].Dim != frame.DimNumber {
			return true
		}
	}
	for _, o := range c.Main.Objects {
		if o.Type != frame.ObjTerm {
			return true
		}
	}
	return false
}

// verbatim reports a clause that is pasted machine text rather than
// something said: inside a code fence, on a line that opens with a date
// or a time (a log line), or holding an assignment ("max_connections =
// 500"). The pack's noise blocks keep such text from its own rules.
func verbatim(d *frame.Doc, text string, c frame.Clause) bool {
	if strings.Count(text[:c.Start], "```")%2 == 1 {
		return true
	}
	lineStart := strings.LastIndexByte(text[:c.Start], '\n') + 1
	for _, q := range d.Quants {
		if d.Toks[q.I].Start == lineStart && (q.Dim == frame.DimDate || q.Dim == frame.DimClock) {
			return true
		}
	}
	for k := c.I; k < c.J; k++ {
		if t := d.Toks[k]; t.Norm == "=" || t.Norm == "==" || t.Norm == ":=" {
			return true
		}
	}
	return false
}

// overlaps reports whether [start, end) overlaps any of the ranges.
func overlaps(ranges [][2]int, start, end int) bool {
	for _, r := range ranges {
		if start < r[1] && r[0] < end {
			return true
		}
	}
	return false
}

// documentSource reports the sources that are documents of rules rather
// than a person's message: a rules file, a document the agent works from.
func documentSource(src string) bool {
	return src == sdk.SourceProjectRule || src == sdk.SourceDocument
}
