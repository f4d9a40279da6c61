package rules

import "regexp"

// rolePreamble reports, for the sentences of a system span in order,
// whether each still belongs to the role preamble: the opening role
// sentence and the tool sentences right after it. What such a sentence
// names (the documentary the agent works on, the "QA" it does) says what
// the agent is, not an entity it must not confuse, so the engine takes no
// entity item from it; any other item of the sentence stays. How a role
// or a tool sentence reads in each language is the pack's preamble block
// (role and tools patterns); without them there is no preamble.
type rolePreamble struct {
	role, tools *regexp.Regexp
	seen, in    bool
}

// next reports whether sentence s, the next sentence of the span, is in
// the preamble.
func (p *rolePreamble) next(s string) bool {
	if !p.seen {
		p.seen = true
		p.in = p.role != nil && p.role.MatchString(s)
		return p.in
	}
	if p.in {
		p.in = p.tools != nil && p.tools.MatchString(s)
	}
	return p.in
}
