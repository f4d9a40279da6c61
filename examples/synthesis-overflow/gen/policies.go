package main

import (
	"slices"
)

// span is one span of the generated session as the generator tracks it.
type span struct {
	ID, Kind, Text string
	Meta           map[string]string
	Tokens         int
	// Turn is the agent step the span belongs to (the generator's count;
	// the host numbers turns itself).
	Turn int
}

// category mirrors one category of a policy in policies.hcl, with its
// match predicate written in Go. Age conditions of the HCL are left out on
// purpose: without them the figure is an upper bound that holds whatever
// the host counts as a turn.
type category struct {
	Name  string
	Cap   int
	Match func(s span) bool
}

// policy mirrors a policy block of policies.hcl (or of a policy_hcl edit).
type policy struct {
	Name  string
	TopK  int
	Cats  []category
	Exact bool // no age conditions were dropped: the figure is exact
}

// catFigure is one category's worst case on a view.
type catFigure struct {
	Name                       string
	Cap, Matched, TopK, Counts int
	MatchedTokens              int
}

// worstCase is the host's bound (DESIGN.md invariant 2): for every
// category, min(cap, tokens of its top_k largest matching spans), summed
// over categories; a span matching two categories counts in both.
func (p policy) worstCase(view []span) (int, []catFigure) {
	total := 0
	var figs []catFigure
	for _, c := range p.Cats {
		var sizes []int
		f := catFigure{Name: c.Name, Cap: c.Cap}
		for _, s := range view {
			if c.Match(s) {
				sizes = append(sizes, s.Tokens)
				f.MatchedTokens += s.Tokens
			}
		}
		f.Matched = len(sizes)
		slices.Sort(sizes)
		slices.Reverse(sizes)
		for i, n := range sizes {
			if i == p.TopK {
				break
			}
			f.TopK += n
		}
		f.Counts = min(c.Cap, f.TopK)
		total += f.Counts
		figs = append(figs, f)
	}
	return total, figs
}

func isTool(s span, kind, tool string) bool { return s.Kind == kind && s.Meta["tool"] == tool }

func isFailure(s span) bool {
	return s.Kind == "tool_result" && s.Meta["tool"] == "bash" && s.Meta["exit_code"] != "" && s.Meta["exit_code"] != "0"
}

func isNote(s span) bool { return s.Kind == "assistant" || s.Kind == "reasoning" }

// policies returns the Go mirrors of the policies in policies.hcl and of
// the policy_hcl edits of the session, by name.
func policies() map[string]policy {
	reads := func(s span) bool { return isTool(s, "tool_result", "read") }
	edits := func(s span) bool { return isTool(s, "tool_call", "edit") }
	synth := []category{
		{"file_reads", 20000, reads},
		{"test_failures", 20000, isFailure},
		{"edits", 20000, edits},
		{"plan_notes", 20000, isNote},
	}
	return map[string]policy{
		"explore": {Name: "explore", TopK: 10, Cats: []category{
			{"recent_reads", 20000, reads},
			{"latest_failures", 20000, isFailure},
			{"recent_edits", 20000, edits},
			{"plan_notes", 20000, isNote},
		}},
		"synthesize":       {Name: "synthesize", TopK: 40, Cats: synth, Exact: true},
		"synthesize_roomy": {Name: "synthesize_roomy", TopK: 40, Cats: synth, Exact: true},
		"synthesize_more": {Name: "synthesize_more", TopK: 60, Exact: true, Cats: []category{
			{"file_reads", 30000, func(s span) bool {
				return s.Kind == "tool_result" && (s.Meta["tool"] == "read" || s.Meta["tool"] == "grep")
			}},
			{"test_output", 30000, func(s span) bool { return isTool(s, "tool_result", "bash") }},
			{"edits", 30000, func(s span) bool { return s.Meta["tool"] == "edit" }},
			{"notes", 30000, func(s span) bool { return isNote(s) || s.Kind == "user" }},
		}},
		"verify": {Name: "verify", TopK: 8, Cats: []category{
			{"test_results", 12000, func(s span) bool { return isTool(s, "tool_result", "bash") }},
			{"recent_edits", 12000, edits},
			{"plan_notes", 6000, isNote},
		}},
		"repair": {Name: "repair", TopK: 8, Cats: []category{
			{"latest_failures", 16000, isFailure},
			{"recent_edits", 12000, edits},
			{"recent_reads", 12000, reads},
			{"plan_notes", 6000, isNote},
		}},
	}
}
