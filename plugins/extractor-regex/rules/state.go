package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/sdk"
)

// StateSpec is a `state "NAME" { ... }` block: where the session's working
// state shows, in a tool's own output or in the agent's command (git's "On
// branch feat/x", a commit's "[feat/x 1a2b3c4]", `git checkout feat/x`).
// That state is no rule, so the authority table does not apply: it is
// read from exactly the sources the block names. Each match is an entity
// item that reports its slot's value; only the latest item of a slot
// stands (sdk.Frame.Slot), so a summary must carry where the agent
// resumes, not every branch it passed through.
type StateSpec struct {
	Name        string `hcl:"name,label"`
	Slot        string `hcl:"slot"`
	Description string `hcl:"description,optional"`
	// Sources are the span sources (sdk.Sources) the block reads.
	Sources []string `hcl:"sources"`
	// Kinds, when set, limits it to spans of these kinds.
	Kinds []string `hcl:"kinds,optional"`
	// Cues, when set, are literal substrings (ASCII case-insensitive) one
	// of which a span must hold before the pattern runs.
	Cues []string `hcl:"cues,optional"`
	// Pattern is RE2 with a named group `value`: the slot's value. The
	// item's text is the whole match.
	Pattern  string `hcl:"pattern"`
	DefRange hcl.Range
}

// state is a compiled StateSpec.
type state struct {
	name, slot string
	sources    []string
	kinds      uint8
	cues       []string
	re         *regexp.Regexp
	value      int
}

// compileStates merges the packs' state blocks (a later pack's block
// replaces an earlier one of the same name), drops the disabled ones and
// compiles the rest, reporting every problem with its block's range.
func compileStates(packs []*Pack, disabled map[string]bool) ([]state, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var specs []StateSpec
	index := map[string]int{}
	for _, p := range packs {
		if p == nil {
			continue
		}
		for _, s := range p.States {
			if i, ok := index[s.Name]; ok {
				specs[i] = s
				continue
			}
			index[s.Name] = len(specs)
			specs = append(specs, s)
		}
	}
	var out []state
	for i := range specs {
		s := &specs[i]
		if disabled[s.Name] {
			continue
		}
		st := state{name: s.Name, slot: s.Slot, sources: s.Sources}
		ok := true
		fail := func(summary, detail string) {
			diags = append(diags, diag(&s.DefRange, summary, fmt.Sprintf("state %q: %s", s.Name, detail)))
			ok = false
		}
		if strings.TrimSpace(s.Slot) == "" {
			fail("empty slot", "`slot` names the working state the block reports, e.g. \"branch\"")
		}
		if len(s.Sources) == 0 {
			fail("no sources", "`sources` names the span sources to read, from "+strings.Join(sdk.Sources(), ", "))
		}
		for _, src := range s.Sources {
			if !slices.Contains(sdk.Sources(), src) {
				fail("unknown span source", fmt.Sprintf("source %q is not one of %s", src, strings.Join(sdk.Sources(), ", ")))
			}
		}
		for _, k := range s.Kinds {
			b := kindBit(k)
			if b == 0 {
				fail("unknown span kind", fmt.Sprintf("kind %q is not one of %s", k, strings.Join(spanKinds(), ", ")))
			}
			st.kinds |= b
		}
		for _, c := range s.Cues {
			if c != "" {
				st.cues = append(st.cues, strings.ToLower(c))
			}
		}
		re, err := compilePattern(s.Pattern)
		if err != nil {
			fail("invalid state pattern", err.Error())
		} else if st.value = re.SubexpIndex("value"); st.value < 0 {
			fail("state pattern without a value", "the pattern needs a named group (?P<value>...) for the slot's value")
		}
		if ok {
			st.re = re
			out = append(out, st)
		}
	}
	return out, diags
}

// States finds the working-state items of a batch of spans: every match of
// every state block, each an entity item whose frame names its slot.
func (e *Engine) States(spans []sdk.Span) []sdk.Item {
	var items []sdk.Item
	for i := range spans {
		sp := &spans[i]
		if sp.Text == "" {
			continue
		}
		src := sdk.SpanSource(*sp)
		var lower string
		for si := range e.states {
			st := &e.states[si]
			if !slices.Contains(st.sources, src) || st.kinds != 0 && st.kinds&kindBit(sp.Kind) == 0 {
				continue
			}
			if len(st.cues) > 0 {
				if lower == "" {
					lower = strings.ToLower(sp.Text)
				}
				if !slices.ContainsFunc(st.cues, func(c string) bool { return strings.Contains(lower, c) }) {
					continue
				}
			}
			for _, m := range st.re.FindAllStringSubmatchIndex(sp.Text, -1) {
				if m[2*st.value] < 0 {
					continue
				}
				value := sp.Text[m[2*st.value]:m[2*st.value+1]]
				items = append(items, sdk.Item{
					Category: sdk.CategoryEntity,
					Text:     sp.Text[m[0]:m[1]],
					Span:     sp.ID,
					Start:    m[0],
					End:      m[1],
					KeyTerms: []string{value},
					Frame: &sdk.Frame{
						Objects: []sdk.FrameObject{{Name: value, Type: st.slot}},
						Source:  src,
						Status:  sdk.StatusActive,
						Slot:    st.slot,
					},
				})
			}
		}
	}
	return items
}
