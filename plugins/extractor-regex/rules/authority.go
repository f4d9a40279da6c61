package rules

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
	"github.com/hashicorp/hcl/v2"
)

// authority is a compiled AuthoritySpec: how the rules read a span of one
// source.
type authority struct {
	readsAs    uint8           // kind bit the rules see; 0: the span's own kind
	categories map[string]bool // nil: every category
	companion  map[string]bool
	docComp    map[string]bool
	listsOnly  bool
	// rulesHeading is the source a span that opens with a heading naming
	// rules is read as (AuthoritySpec.RulesHeading); "" for none.
	rulesHeading string
	dataTools    map[string]bool // AuthoritySpec.DataTools, lower-cased
	persists     bool            // AuthoritySpec.Persists
}

// compileAuthority merges the packs' authority blocks (a later block for a
// source replaces an earlier one) and checks them. It returns nil when no
// pack has any: such packs predate sources, and their rules read spans by
// kind alone.
func compileAuthority(packs []*Pack) (map[string]*authority, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var out map[string]*authority
	// The categories the packs' rules emit: a category an authority block
	// names must be one of them, or a typo would silently stop a source
	// from setting anything.
	cats := map[string]bool{}
	for _, p := range packs {
		if p != nil {
			for _, r := range p.Rules {
				cats[r.Category] = true
			}
		}
	}
	for _, p := range packs {
		if p == nil {
			continue
		}
		inPack := map[string]bool{}
		for i := range p.Authority {
			s := &p.Authority[i]
			if !sdk.IsSource(s.Source) {
				diags = append(diags, diag(&s.DefRange, "unknown source", fmt.Sprintf("authority %q: the source is not one of %s", s.Source, strings.Join(sdk.Sources(), ", "))))
				continue
			}
			if inPack[s.Source] {
				diags = append(diags, diag(&s.DefRange, "duplicate authority block", fmt.Sprintf("authority %q is declared twice in this pack (a later pack may replace it)", s.Source)))
				continue
			}
			inPack[s.Source] = true
			for attr, list := range map[string][]string{"categories": s.Categories, "companion": s.Companion, "document_companion": s.DocumentCompanion} {
				for _, c := range list {
					if !cats[c] {
						diags = append(diags, diag(&s.DefRange, "unknown category", fmt.Sprintf("authority %q: %s names %q, which no rule emits", s.Source, attr, c)))
					}
				}
			}
			a := &authority{listsOnly: s.ListsOnly, rulesHeading: s.RulesHeading, dataTools: map[string]bool{}, persists: s.Persists}
			for _, t := range s.DataTools {
				a.dataTools[strings.ToLower(t)] = true
			}
			if s.RulesHeading != "" && !sdk.IsSource(s.RulesHeading) {
				diags = append(diags, diag(&s.DefRange, "unknown source", fmt.Sprintf("authority %q: rules_heading %q is not one of %s", s.Source, s.RulesHeading, strings.Join(sdk.Sources(), ", "))))
			}
			if s.ReadsAs != "" {
				if a.readsAs = kindBit(s.ReadsAs); a.readsAs == 0 {
					diags = append(diags, diag(&s.DefRange, "unknown span kind", fmt.Sprintf("authority %q: reads_as %q is not one of %s", s.Source, s.ReadsAs, strings.Join(spanKinds(), ", "))))
				}
			}
			if len(s.Categories) > 0 {
				a.categories = set(s.Categories)
			}
			a.companion, a.docComp = set(s.Companion), set(s.DocumentCompanion)
			if out == nil {
				out = map[string]*authority{}
			}
			out[s.Source] = a
		}
	}
	return out, diags
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// authorityOf is how the rules read sp, or nil when its source sets
// nothing. Without authority blocks every span is read by its kind.
func (e *Engine) authorityOf(sp *sdk.Span) *authority {
	if e.authority == nil {
		return &e.byKind
	}
	return e.authority[e.SourceOf(*sp, "")]
}

// SourceOf is the source the rules read sp as: its own (sdk.SpanSource),
// or the one its authority block names (rules_heading) for a span that
// opens with a heading naming rules, or, from a tool that is no data tool
// of the agent's (data_tools, and MCP tools, whose answers are fetched
// text), a span with a line whose topic names rules or one answering a
// call that asked for rules ("section=vehicle-rules", a tool named
// "policy"). call is the text of the tool call sp answers, "" when
// unknown.
func (e *Engine) SourceOf(sp sdk.Span, call string) string {
	src := sdk.SpanSource(sp)
	a := e.authority[src]
	if a == nil || a.rulesHeading == "" {
		return src
	}
	if e.words.rulesHeading(sp.Text) {
		return a.rulesHeading
	}
	tool, ok := a.recordTool(sp)
	if !ok {
		return src
	}
	if e.words.rulesTopic(sp.Text) || e.words.namesRules(argWords(tool+" "+call), maxCallWords, true) {
		return a.rulesHeading
	}
	return src
}

// Persists reports a span (its source as readAs resolved it) that the
// harness sends with every request (authority `persists`): a system
// prompt. No compaction replaces it, so a summary need not restate its
// rules.
func (e *Engine) Persists(sp sdk.Span) bool {
	a := e.authority[sdk.SpanSource(sp)]
	return a != nil && a.persists
}

// SystemOfRecord reports an answer of a tool that is none of the agent's
// own reading tools (data_tools, MCP): a booking system, a mailbox, a
// licensing office's email. Its answer sets no rule by itself, but its
// word that a rule was lifted or replaced ("We're lifting the blanket ban
// on amplification") is the word of whoever runs it.
func (e *Engine) SystemOfRecord(sp sdk.Span) bool {
	a := e.authority[sdk.SpanSource(sp)]
	if a == nil || a.rulesHeading == "" || sp.Kind != "tool_result" {
		return false
	}
	_, ok := a.recordTool(sp)
	return ok
}

// recordTool returns the lower-cased tool of sp and whether it is a system
// of record: a named tool that is none of the agent's data tools and no
// MCP tool, whose answers are fetched text.
func (a *authority) recordTool(sp sdk.Span) (string, bool) {
	tool := strings.ToLower(sp.Meta["tool"])
	return tool, tool != "" && !a.dataTools[tool] && !strings.HasPrefix(tool, "mcp__")
}

// argWords is a tool call's text with the marks that join its arguments'
// words ("section=vehicle-rules", "routing_restrictions") made spaces.
func argWords(call string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '=' || r == '/' || r == '.' || r == ':' {
			return ' '
		}
		return r
	}, call)
}

// maxCallWords is the longest tool call, in words and numbers, read as
// asking for rules: a lookup's arguments, not a message that mentions
// them.
const maxCallWords = 6

// kind is the kind bit the rules see for a span of kind k.
func (a *authority) kind(k string) uint8 {
	if a.readsAs != 0 {
		return a.readsAs
	}
	return kindBit(k)
}

// sets reports how the source may give an item of category c: standalone,
// only as a companion of another item in the same sentence, or not at all.
func (a *authority) sets(c string, document bool) (standalone, companion bool) {
	if a.categories != nil && !a.categories[c] {
		return false, false
	}
	if a.companion[c] || (document && a.docComp[c]) {
		return false, true
	}
	return true, true
}

// documentShaped reports whether text reads as a document rather than a
// message: two or more Markdown headings, many lines, or more text than a
// person types in one message (a pasted log, transcript or plan). The
// signal is layout and size, not language.
func documentShaped(text string) bool {
	if len(text) >= pastedRunes && utf8.RuneCountInString(text) >= pastedRunes {
		return true
	}
	if strings.Count(text, "\n") >= 39 {
		return true
	}
	// Markdown headings: "#" or "##…" then a space, at a line start.
	headings := 0
	for rest := "\n" + text; ; {
		i := strings.Index(rest, "\n#")
		if i < 0 {
			return false
		}
		rest = rest[i+2:]
		if t := strings.TrimLeft(rest, "#"); len(t) < len(rest) && (t == "" || t[0] == ' ') || strings.HasPrefix(rest, " ") {
			if headings++; headings >= 2 {
				return true
			}
		}
	}
}

// pastedRunes is the size, in characters, from which a message is taken
// as pasted rather than typed: about a page of text.
const pastedRunes = 3000

// onListLine reports whether the sentence at start sits on a line that
// opens with a list marker ("-", "*", "+", "•", "1.", "1)").
func onListLine(text string, start int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	t := strings.TrimLeft(text[ls:], " \t>")
	if t == "" {
		return false
	}
	if rest, ok := strings.CutPrefix(t, "•"); ok {
		t = "-" + rest // a typographic bullet, as pasted from a document
	}
	if slices.Contains([]byte{'-', '*', '+'}, t[0]) {
		return len(t) > 1 && (t[1] == ' ' || t[1] == '\t')
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i < len(t) && (t[i] == '.' || t[i] == ')')
}

// RulesTitle returns the length in bytes of the first line of text when
// that line is a heading naming rules (rulesHeading) and nothing else: no
// colon inside it that would open a rule on the same line ("Pool rules:
// no diving"), and no rule of its own ("Lab rules (max 4 people)",
// "Never bypass these rules"). Such a title ("ERP release policy (last
// edited 2026-11-20 by M. Okafor)") names the rules below it and sets
// none; 0 otherwise.
func (e *Engine) RulesTitle(text string) int {
	first := text
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		first = text[:i]
	}
	if inner := strings.TrimRight(strings.TrimSpace(first), ":*#_ \t"); strings.ContainsAny(inner, ":：") || !e.words.rulesHeading(text) || e.words.rules(first) {
		return 0
	}
	return len(first)
}
