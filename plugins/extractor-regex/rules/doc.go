// Package rules is the rule engine of the reference extractor plugin
// (extractor-regex): it finds decision-relevant items (prohibitions,
// numeric commitments, entities that must not be confused, failed attempts)
// in the pinned original spans of an agent's context.
//
// Rules live in HCL rule packs. A default pack is embedded in the binary
// (default.hcl); operators add packs from files and disable rules by name.
// Packs are parsed by ParsePack, compiled once by Compile into an immutable
// Engine, and the Engine is passed to whoever extracts: nothing here is
// package-level mutable state, so an Engine is safe for concurrent use.
//
// Matching is linear in the input: every pattern is Go RE2, and each
// sentence is handed to a rule's regexp only when a literal cue of that
// rule was seen in it by a single Aho-Corasick pass over the span text
// (see cueset.go). Span kinds decide which rules may fire at all: system and
// user spans are instructions, assistant and reasoning spans count only for
// rules the agent adopts or failures it records, tool calls and tool
// results are data.
//
// No Go here names a word of a natural language. What the engine knows of
// languages is data: the rules' cues and patterns, and the pack's words,
// sentence and preamble blocks (the word lists key terms are cut with,
// the abbreviations a dot does not end a sentence after, how a system
// prompt's role preamble opens), and the cue classes of the shared
// lexicons (sdk/lexicon, passed in Options.Lexicon) that the extractor's
// frame reader reads with too. The Go holds only what is the same in
// every language and what no library does well: the sentence and clause
// splitter (punctuation, CJK full stops, list markers, soft wraps), the
// shape of a technical token (identifiers, paths, versions, ids), the
// cue automaton, and how a key term is cut from a clause once the data
// has said where its words stop.
package rules
