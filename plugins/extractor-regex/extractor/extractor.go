package extractor

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/compactguard/compactguard/plugins/extractor-regex/rules"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
	"github.com/hashicorp/hcl/v2"
)

// Name is the plugin's name in Describe; items carry rules.ExtractorName.
const Name = "regex"

// Version is the plugin's version.
const Version = "0.1.0"

// Config is the plugin's `config` block, decoded from the JSON constants
// the host sends.
type Config struct {
	// RuleFiles are extra HCL rule packs loaded after the embedded default
	// pack; a rule with the name of an earlier rule replaces it.
	RuleFiles []string `json:"rule_files"`
	// Disable names rules to turn off. "frames" turns off the reading of
	// the rules the pack missed from their frames; naming a rule of a
	// category also keeps that reading from adding to the category.
	Disable []string `json:"disable"`
	// Enable names rules that their pack ships disabled (tool_error).
	Enable []string `json:"enable"`
	// Categories, when set, keeps only rules of these categories.
	Categories []string `json:"categories"`
}

// Extractor is the regex extractor. The zero value is not usable; call
// New. It is safe for concurrent use: Configure swaps in a new engine
// atomically and Extract uses whichever engine it loaded.
type Extractor struct {
	engine atomic.Pointer[Engine]
	frames *frame.Reader
	// lex is the one lexicon set the rules engine and the frame reader
	// share, loaded once: every engine Configure builds reads it too.
	lex *lexicon.Set
}

// New returns an Extractor running the embedded default pack.
func New() (*Extractor, error) {
	lex, err := lexicon.Default()
	if err != nil {
		return nil, fmt.Errorf("loading the lexicons: %w", err)
	}
	p, diags := rules.DefaultPack()
	if diags.HasErrors() {
		return nil, fmt.Errorf("default rule pack: %s", diags.Error())
	}
	e, diags := rules.Compile([]*rules.Pack{p}, rules.Options{Lexicon: lex})
	if diags.HasErrors() {
		return nil, fmt.Errorf("default rule pack: %s", diags.Error())
	}
	x := &Extractor{frames: frame.NewReader(lex), lex: lex}
	x.engine.Store(&Engine{Rules: e, Frames: framedCategories(Config{}, nil)})
	return x, nil
}

// Describe says what the plugin is and declares its config schema.
func (x *Extractor) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name:            Name,
		Kind:            sdk.KindExtractor,
		Version:         Version,
		ProtocolVersion: sdk.ProtocolVersion,
		Description:     "reference extractor: prohibitions, numeric commitments, entities and failed attempts found by HCL rule packs of RE2 patterns, and the rules they miss read as frames with the lexicons",
		ConfigSchema: []sdk.ConfigAttribute{
			{Name: "rule_files", Type: "list(string)", Description: "extra HCL rule packs to load after the embedded default pack"},
			{Name: "disable", Type: "list(string)", Description: `names of rules to turn off; "frames" turns off reading the rules the pack missed from their frames`},
			{Name: "enable", Type: "list(string)", Description: "names of rules shipped disabled to turn on (e.g. tool_error)"},
			{Name: "categories", Type: "list(string)", Description: "keep only rules of these categories"},
		},
	}, nil
}

// Configure applies the config block. On any error diagnostic the previous
// engine stays active.
func (x *Extractor) Configure(_ context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	var cfg Config
	if err := req.Decode(&cfg); err != nil {
		return &sdk.ConfigureResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("", "config is not a JSON object of the declared attributes: %v", err)}}, nil
	}
	e, ds := Build(cfg, x.lex)
	if !ds.HasErrors() {
		x.engine.Store(e)
	}
	return &sdk.ConfigureResponse{Diagnostics: ds}, nil
}

// Build compiles the engine a Config describes with the lexicons lex (nil
// loads the built-in ones), reporting every problem as a diagnostic naming
// the config attribute it comes from.
func Build(cfg Config, lex *lexicon.Set) (*Engine, sdk.Diagnostics) {
	var ds sdk.Diagnostics
	def, hd := rules.DefaultPack()
	ds = append(ds, convert("", hd)...)
	packs := []*rules.Pack{def}
	for _, f := range cfg.RuleFiles {
		p, hd := rules.LoadPackFile(f)
		ds = append(ds, convert("rule_files", hd)...)
		if p != nil {
			packs = append(packs, p)
		}
	}
	if ds.HasErrors() {
		return nil, ds
	}
	known := map[string]bool{}
	for _, p := range packs {
		for _, r := range p.Rules {
			known[r.Category] = true
		}
	}
	for _, c := range cfg.Categories {
		if !known[c] {
			ds = append(ds, sdk.Errorf("categories", "no rule emits category %q (known: %s)", c, strings.Join(sortedSet(known), ", ")))
		}
	}
	categoryOf := map[string]string{}
	for _, p := range packs {
		for _, r := range p.Rules {
			categoryOf[r.Name] = r.Category
		}
	}
	disable := slices.DeleteFunc(slices.Clone(cfg.Disable), func(n string) bool { return n == FramesRule })
	e, hd := rules.Compile(packs, rules.Options{Disable: disable, Enable: cfg.Enable, Categories: cfg.Categories, Lexicon: lex})
	for _, d := range hd {
		attr := "rule_files"
		switch d.Summary {
		case "unknown rule in disable":
			attr = "disable"
		case "unknown rule in enable":
			attr = "enable"
		}
		ds = append(ds, convert(attr, hcl.Diagnostics{d})...)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	return &Engine{Rules: e, Frames: framedCategories(cfg, categoryOf)}, ds
}

// Engine is what a configuration builds: the compiled rule packs and the
// categories the frame reading may add to them.
type Engine struct {
	Rules *rules.Engine
	// Frames are the categories rulesFromFrames may emit (none when the
	// configuration turned it off).
	Frames map[string]bool
}

// FramesRule is the name that turns off, in a disable list, the reading
// of the rules the pack missed from their frames (rulesFromFrames).
const FramesRule = "frames"

// framedCategories says which categories the frame reading may add under
// cfg: prohibitions and numeric commitments, as far as cfg.Categories
// keeps them, none when cfg disables FramesRule, and none of a category
// whose rules cfg disables by name: a team that curates a category's rules
// gets exactly its rules. categoryOf maps rule names to categories.
func framedCategories(cfg Config, categoryOf map[string]string) map[string]bool {
	out := map[string]bool{sdk.CategoryProhibition: true, sdk.CategoryNumericCommitment: true, sdk.CategoryEntity: true}
	if len(cfg.Categories) > 0 {
		for c := range out {
			if !slices.Contains(cfg.Categories, c) {
				delete(out, c)
			}
		}
	}
	for _, n := range cfg.Disable {
		if n == FramesRule {
			return map[string]bool{}
		}
		delete(out, categoryOf[n])
	}
	return out
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// convert turns HCL diagnostics into SDK diagnostics about attribute,
// putting file:line:col in front of the summary when the problem has a
// place.
func convert(attribute string, hd hcl.Diagnostics) sdk.Diagnostics {
	var ds sdk.Diagnostics
	for _, d := range hd {
		sev := sdk.SeverityError
		if d.Severity == hcl.DiagWarning {
			sev = sdk.SeverityWarning
		}
		summary := d.Summary
		if d.Subject != nil {
			summary = fmt.Sprintf("%s:%d:%d: %s", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column, d.Summary)
		}
		ds = append(ds, sdk.Diagnostic{Severity: sev, Attribute: attribute, Summary: summary, Detail: d.Detail})
	}
	return ds
}

// Extract finds the items in a batch of spans.
func (x *Extractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e := x.engine.Load()
	// Each tool answer's call, read once: the source step and the retry
	// step both ask what the call asked for.
	calls := answeredCalls(req.Spans)
	spans, titles := readAs(e.Rules, req.Spans, calls)
	items := notTools(spans, e.Rules.Extract(spans))
	sd := newSpanDocs(x.frames, spans, e.Rules.SystemOfRecord)
	items = append(items, rulesFromFrames(sd, items, e.Frames)...)
	items = append(items, roleAssignments(sd, items, e.Frames)...)
	items, docs := commitments(spans, items, readItems(sd, spans, items))
	items = retried(x.frames, spans, calls, withFrames(sd, items, docs))
	// A span the harness sends with every request (a system prompt) is
	// not replaced by a compaction: its rules hold without the summary.
	kept := map[string]bool{}
	for _, sp := range spans {
		kept[sp.ID] = e.Rules.Persists(sp)
	}
	items = slices.DeleteFunc(items, func(it sdk.Item) bool { return kept[it.Span] })
	items = untitled(items, titles)
	// Working state is read last: its items carry their own frame (a slot,
	// not a rule), which the timeline leaves alone.
	items = append(items, e.Rules.States(spans)...)
	return &sdk.ExtractResponse{Items: items}, nil
}

// notTools drops the entity items that name nothing but the session's
// own tools (the meta.tool of its calls): "Use shell and apply_patch." in
// a system prompt names what the agent works with, not what it works on,
// and the harness gives the agent its tools again after a compaction.
func notTools(spans []sdk.Span, items []sdk.Item) []sdk.Item {
	tools := map[string]bool{}
	for _, sp := range spans {
		if t := sp.Meta["tool"]; t != "" {
			tools[strings.ToLower(t)] = true
		}
	}
	if len(tools) == 0 {
		return items
	}
	return slices.DeleteFunc(items, func(it sdk.Item) bool {
		if it.Category != sdk.CategoryEntity || len(it.KeyTerms) == 0 {
			return false
		}
		for _, k := range it.KeyTerms {
			if !tools[strings.ToLower(k)] {
				return false
			}
		}
		return true
	})
}

// readAs gives each span the source the rule pack reads it as
// (rules.Engine.SourceOf): a tool's answer that opens with a heading
// naming rules, or answers a call that asked for rules, is a document for
// every step after, the frames and the timeline too. The request's spans
// are not changed. calls maps each tool answer to its call's arguments
// (answeredCalls). titles maps a span read as a rules document by its
// title to the title's length (rules.Engine.RulesTitle), for untitled.
func readAs(e *rules.Engine, spans []sdk.Span, calls map[int]string) (out []sdk.Span, titles map[string]int) {
	out, cloned := spans, false
	for i, sp := range spans {
		src := e.SourceOf(sp, calls[i])
		if src == sdk.SpanSource(sp) {
			continue
		}
		if !cloned {
			out, cloned = slices.Clone(spans), true
		}
		meta := maps.Clone(sp.Meta)
		if meta == nil {
			meta = map[string]string{}
		}
		meta["source"] = src
		out[i].Meta = meta
		if n := e.RulesTitle(sp.Text); n > 0 {
			if titles == nil {
				titles = map[string]int{}
			}
			titles[sp.ID] = n
		}
	}
	return out, titles
}

// untitled drops the items read in the title that made a tool's answer a
// rules document ("ERP release policy (last edited 2026-11-20 by M.
// Okafor)" over its numbered rules): the title names the rules and sets
// none. The title still heads the list for every step that reads it.
func untitled(items []sdk.Item, titles map[string]int) []sdk.Item {
	if len(titles) == 0 {
		return items
	}
	return slices.DeleteFunc(items, func(it sdk.Item) bool {
		n, ok := titles[it.Span]
		return ok && it.Start < n
	})
}
