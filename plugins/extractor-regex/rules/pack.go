package rules

import (
	_ "embed"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclparse"
)

//go:embed default.hcl
var defaultPackSrc []byte

// DefaultPackName is the file name the embedded default pack reports in
// diagnostics.
const DefaultPackName = "default.hcl"

// Pack is one parsed HCL rule pack: its rules and noise filters, not yet
// compiled.
type Pack struct {
	// Filename names the pack in diagnostics.
	Filename  string
	Rules     []RuleSpec
	Noise     []NoiseSpec
	Authority []AuthoritySpec
	Atoms     []AtomSpec
	// States are where the session's working state shows (state.go).
	States []StateSpec
	// Words, Sentence and Preamble hold the pack's language knowledge
	// (nil when the pack has no such block).
	Words    *WordsSpec
	Sentence *SentenceSpec
	Preamble *PreambleSpec
}

// WordsSpec is the `words { ... }` block: the word lists key terms are
// cut with. They are the engine's, not a lexicon's: each list is tuned to
// one step of making a key term (where an action phrase ends, what is
// trimmed from its edges), which no lexicon class says. Every attribute is
// optional; a later pack's attribute replaces an earlier pack's, an
// attribute it leaves out keeps the earlier list. Words compare case-
// insensitively.
type WordsSpec struct {
	// PhraseStop end an action phrase: what follows is a condition, a
	// reason or a second clause ("because", "until", "weil").
	PhraseStop []string `hcl:"phrase_stop,optional"`
	// PhraseEdge are trimmed from both ends of a key phrase: articles,
	// prepositions, pronouns, auxiliaries ("the", "je", "ich").
	PhraseEdge []string `hcl:"phrase_edge,optional"`
	// NumberTail are function words a unit pattern may catch after a
	// number ("$2,000 this"); they are cut from the term.
	NumberTail []string `hcl:"number_tail,optional"`
	// Prose are tokens with dots, slashes or hyphens that are prose, not
	// names in a system ("e.g", "read-only", "and/or").
	Prose []string `hcl:"prose,optional"`
	// Environments are plain words that name an environment or a branch
	// ("prod", "staging", "main"): entities although they are words.
	Environments []string `hcl:"environments,optional"`
	// ElisionLead are the words that may stand before a negation whose
	// object is elided ("…, so don't."): the object is in the clause
	// before.
	ElisionLead []string `hcl:"elision_lead,optional"`
	// Attitude are verbs linking a subject to what it objects to ("the
	// client hates Monday deploys"): the object is what follows them.
	Attitude []string `hcl:"attitude,optional"`

	DefRange hcl.Range
}

// SentenceSpec is the `sentence { ... }` block: the abbreviations after
// which a dot does not end a sentence. A lexicon lists abbreviations
// without saying before what they continue; the splitter needs that: a
// title continues before a name, a number sign before a number only.
// Attribute merging is as for WordsSpec.
type SentenceSpec struct {
	// Lower are abbreviations a lower-case word continues ("vs. that",
	// "approx. ten"). A word with an inner dot of at most five bytes
	// ("e.g", "i.e") is one without being listed.
	Lower []string `hcl:"lower,optional"`
	// Titles stand before a name and never end a sentence before a
	// capital, a digit or a non-ASCII letter ("Prof. Halden").
	Titles []string `hcl:"titles,optional"`
	// Inline never end a sentence before a capital or a digit either
	// ("e.g. Redis", "z.B. Tabellen").
	Inline []string `hcl:"inline,optional"`
	// NumberSigns do not end a sentence before a digit ("Nr. 5", "Art. 6")
	// but do before a word ("… etc. Then stop.").
	NumberSigns []string `hcl:"number_signs,optional"`
	// OrdinalMonths are the beginnings of month names that, after a one-
	// or two-digit ordinal and its dot, continue the sentence ("15.
	// Dezember", "14. června").
	OrdinalMonths []string `hcl:"ordinal_months,optional"`

	DefRange hcl.Range
}

// PreambleSpec is the `preamble { ... }` block: how a system prompt's role
// preamble opens. The names in it say what the agent is, not entities it
// must not confuse. Both are RE2 patterns; a later pack's pattern replaces
// an earlier one, and an empty pattern turns the preamble off.
type PreambleSpec struct {
	// Role matches the sentence a system span opens with to tell the
	// agent what it is ("You are …", "Du bist …", "あなたは…").
	Role *string `hcl:"role,optional"`
	// Tools matches a following sentence that lists what the agent can
	// use ("You track deliverables with `deliv`", "… amb les eines …").
	Tools *string `hcl:"tools,optional"`

	DefRange hcl.Range
}

// AtomSpec is an `atom "NAME" { pattern = ... }` block: a separator that
// joins two rules in one sentence ("…, and do not …", "…, aber nie …").
// A sentence is cut into atoms at a separator when a restriction cue sits
// on both sides, so that each rule is one item: one clause's negation
// must not vouch for the other.
type AtomSpec struct {
	Name     string `hcl:"name,label"`
	Pattern  string `hcl:"pattern"`
	DefRange hcl.Range
}

// AuthoritySpec is an `authority "SOURCE" { ... }` block: what a span of
// that source (sdk.SpanSource) may set. A source without a block sets
// nothing: a subagent's report, a command's output, the agent's thinking.
// A later pack's block for a source replaces an earlier one.
type AuthoritySpec struct {
	// Source is the block label, one of the sdk source vocabulary.
	Source string `hcl:"source,label"`
	// ReadsAs is the span kind whose rules read the span ("user" for
	// instructions, "assistant" for the agent's own words, where only a
	// rule the agent adopts counts). Default: the span's own kind.
	ReadsAs string `hcl:"reads_as,optional"`
	// Categories are the item categories the source may set. Default: all.
	Categories []string `hcl:"categories,optional"`
	// Companion are categories the source gives only beside an item of
	// another category in the same sentence: the names in a rule of a
	// document, not every name the document mentions.
	Companion []string `hcl:"companion,optional"`
	// DocumentCompanion are categories that become companion-only when the
	// span is document-shaped (headings, many lines): a plan the person
	// pasted gives its rules, not each of its identifiers.
	DocumentCompanion []string `hcl:"document_companion,optional"`
	// ListsOnly reads only the list items of the span (lines that open
	// with "-", "*" or a number): the rule list of a command template,
	// not its prose and markup.
	ListsOnly bool `hcl:"lists_only,optional"`
	// RulesHeading names the source a span of this one is read as when it
	// opens with a heading that names rules ("Clayhouse kiln rules:",
	// "## Hausordnung", by the lexicons' rule words): a tool's answer that
	// is a rules document is a document, not data.
	RulesHeading string `hcl:"rules_heading,optional"`
	// DataTools are the tools (meta.tool, case-insensitive) whose answers
	// are the agent's own reading of files, shells, searches and the web.
	// Any other tool is a system of record (a booking system, a venue's
	// page): its answer with a line whose topic names rules ("Venue rules:
	// no open flames …") is read as RulesHeading names, too.
	DataTools []string `hcl:"data_tools,optional"`
	// Persists says the harness sends spans of this source with every
	// request, so no compaction replaces them (a system prompt): their
	// rules hold without a summary restating them, and they give no item.
	Persists bool `hcl:"persists,optional"`

	DefRange hcl.Range
}

// RuleSpec is one `rule "NAME" { ... }` block of a pack, as written.
type RuleSpec struct {
	// Name is the block label; rules are disabled and enabled by it, and a
	// later pack's rule replaces an earlier one of the same name.
	Name string `hcl:"name,label"`
	// Category is the item category the rule emits (prohibition,
	// numeric_commitment, entity, failed_attempt, or one of your own).
	Category string `hcl:"category"`
	// Description says what the rule is for; shown nowhere but read by
	// people who maintain packs.
	Description string `hcl:"description,optional"`
	// Kinds are the span kinds the rule fires on alone. Default: system,
	// user.
	Kinds []string `hcl:"kinds,optional"`
	// CompanionKinds are span kinds where the rule's item is emitted only
	// when another rule already found an item in the same sentence (an
	// entity named in a rule the agent adopted, for example).
	CompanionKinds []string `hcl:"companion_kinds,optional"`
	// Cues are literal strings (ASCII case-insensitive), one of which must
	// occur in a sentence before the pattern runs on it.
	Cues []string `hcl:"cues,optional"`
	// Digits requires a digit or currency sign in the sentence before the
	// pattern runs.
	Digits bool `hcl:"digits,optional"`
	// Pattern is the RE2 pattern that states the item. Groups named "term"
	// select the key terms when Terms is "match" or "entity". A rule with
	// Lexicon may leave it out: it then matches the lexicon's phrases.
	Pattern string `hcl:"pattern,optional"`
	// Lexicon names a cue list of the language files (sdk/lexicon:
	// "prohibitive", "negation", "failed", ...): its phrases in every language are the
	// rule's cues, added to Cues. Adding a language file teaches the rule
	// that language, with no pattern to write.
	Lexicon string `hcl:"lexicon,optional"`
	// Frame is a modality (must_not, must, only, limit, failed) the
	// frame reader must read in a clause of the sentence, with the
	// lexicons: the cue alone does not make a rule ("tidak ada masalah",
	// a question, a reported wish). A check for rules whose cues are
	// whole lexicon lists.
	Frame string `hcl:"frame,optional"`
	// Languages limits a rule with Frame to sentences whose primary
	// language (ISO 639-1, as the lexicon files name it) is one of these:
	// the languages the pack's own patterns do not read, so a cue the
	// patterns weigh with care ("no", "not") is not read again bare.
	Languages []string `hcl:"languages,optional"`
	// Lead is how many words before a cue a match may start (default 4,
	// leadWords): a rule whose cue comes late in what it matches says so.
	Lead int `hcl:"lead,optional"`
	// Unless vetoes a match when it matches at the match's start (it is
	// anchored there): "do not worry" is not a prohibition.
	Unless string `hcl:"unless,optional"`
	// Veto vetoes the whole sentence when it matches anywhere in it.
	Veto string `hcl:"veto,optional"`
	// Terms selects how key terms are made: "match" (the match or its
	// "term" groups), "entity" (like match, keeping only technical names),
	// "action" (the action a prohibition forbids), "state" (the state a
	// restriction imposes: read-only, a freeze, "only X"), "failure" (the
	// attempt and its reason).
	Terms string `hcl:"terms,optional"`
	// Binds says the match itself binds the speaker ("Good point - I
	// should use the debugging skill", "CLAUDE.md says to write tests
	// first"): the item is a duty even where the lexicons know no modal
	// word in it, so the agent's narration filter keeps it and its frame
	// reads as "must" when the reader finds no modality of its own.
	Binds bool `hcl:"binds,optional"`
	// Enabled defaults to true; a disabled rule is turned on by the
	// plugin's `enable` config attribute.
	Enabled *bool `hcl:"enabled,optional"`

	// DefRange is where the block is defined, for diagnostics.
	DefRange hcl.Range
}

// NoiseSpec is a `noise "NAME" { ... }` block: a sentence matching it is
// data, not language (a log line, a stack frame, a table row), and no rule
// sees it.
type NoiseSpec struct {
	Name string   `hcl:"name,label"`
	Cues []string `hcl:"cues,optional"`
	// Kinds limits the noise to sentences of these span kinds; all kinds
	// when empty ("reported speech" is noise only in the agent's own
	// spans: a user quoting a rule still gives it).
	Kinds   []string `hcl:"kinds,optional"`
	Pattern string   `hcl:"pattern"`
	// Unless keeps the sentence when it matches anywhere in it: an
	// aside that also gives an instruction is still read.
	Unless   string `hcl:"unless,optional"`
	DefRange hcl.Range
}

type packFile struct {
	Rules     []RuleSpec      `hcl:"rule,block"`
	Noises    []NoiseSpec     `hcl:"noise,block"`
	Authority []AuthoritySpec `hcl:"authority,block"`
	Atoms     []AtomSpec      `hcl:"atom,block"`
	States    []StateSpec     `hcl:"state,block"`
	Words     *WordsSpec      `hcl:"words,block"`
	Sentence  *SentenceSpec   `hcl:"sentence,block"`
	Preamble  *PreambleSpec   `hcl:"preamble,block"`
}

// ParsePack parses one HCL rule pack. Problems come back as HCL
// diagnostics carrying file:line:col.
func ParsePack(filename string, src []byte) (*Pack, hcl.Diagnostics) {
	p := hclparse.NewParser()
	f, diags := p.ParseHCL(src, filename)
	if diags.HasErrors() {
		return nil, diags
	}
	var pf packFile
	diags = append(diags, gohcl.DecodeBody(f.Body, nil, &pf)...)
	if diags.HasErrors() {
		return nil, diags
	}
	// Attach definition ranges (gohcl does not record them).
	content, _, _ := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
		{Type: "rule", LabelNames: []string{"name"}},
		{Type: "noise", LabelNames: []string{"name"}},
		{Type: "authority", LabelNames: []string{"source"}},
		{Type: "atom", LabelNames: []string{"name"}},
		{Type: "state", LabelNames: []string{"name"}},
		{Type: "words"},
		{Type: "sentence"},
		{Type: "preamble"},
	}})
	ri, ni, ai, ti, si := 0, 0, 0, 0, 0
	for _, b := range content.Blocks {
		switch b.Type {
		case "rule":
			if ri < len(pf.Rules) {
				pf.Rules[ri].DefRange = b.DefRange
				ri++
			}
		case "noise":
			if ni < len(pf.Noises) {
				pf.Noises[ni].DefRange = b.DefRange
				ni++
			}
		case "authority":
			if ai < len(pf.Authority) {
				pf.Authority[ai].DefRange = b.DefRange
				ai++
			}
		case "atom":
			if ti < len(pf.Atoms) {
				pf.Atoms[ti].DefRange = b.DefRange
				pf.Atoms[ti].Pattern = strings.TrimRight(pf.Atoms[ti].Pattern, "\r\n")
				ti++
			}
		case "state":
			if si < len(pf.States) {
				pf.States[si].DefRange = b.DefRange
				pf.States[si].Pattern = strings.TrimRight(pf.States[si].Pattern, "\r\n")
				si++
			}
		case "words":
			pf.Words.DefRange = b.DefRange
		case "sentence":
			pf.Sentence.DefRange = b.DefRange
		case "preamble":
			pf.Preamble.DefRange = b.DefRange
			pf.Preamble.Role = trimPattern(pf.Preamble.Role)
			pf.Preamble.Tools = trimPattern(pf.Preamble.Tools)
		}
	}
	// Heredoc patterns end in a newline that is not part of the pattern.
	for i := range pf.Rules {
		r := &pf.Rules[i]
		r.Pattern = strings.TrimRight(r.Pattern, "\r\n")
		r.Unless = strings.TrimRight(r.Unless, "\r\n")
		r.Veto = strings.TrimRight(r.Veto, "\r\n")
	}
	for i := range pf.Noises {
		pf.Noises[i].Pattern = strings.TrimRight(pf.Noises[i].Pattern, "\r\n")
	}
	return &Pack{Filename: filename, Rules: pf.Rules, Noise: pf.Noises, Authority: pf.Authority, Atoms: pf.Atoms,
		States: pf.States, Words: pf.Words, Sentence: pf.Sentence, Preamble: pf.Preamble}, diags
}

// trimPattern drops the newline a heredoc pattern ends in.
func trimPattern(p *string) *string {
	if p == nil {
		return nil
	}
	t := strings.TrimRight(*p, "\r\n")
	return &t
}

// DefaultPack parses the embedded default pack. It cannot fail in a built
// binary (the tests parse it), but reports diagnostics like any pack.
func DefaultPack() (*Pack, hcl.Diagnostics) {
	return ParsePack(DefaultPackName, defaultPackSrc)
}

// LoadPackFile reads and parses a rule pack from disk.
func LoadPackFile(path string) (*Pack, hcl.Diagnostics) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "cannot read rule file",
			Detail:   fmt.Sprintf("%s: %v", path, err),
		}}
	}
	return ParsePack(path, src)
}
