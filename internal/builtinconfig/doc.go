// Package builtinconfig holds what the built-in configurations of the
// programs that only judge compactions have in common: inproc's
// (inproc.OpenDefault) and `compactguard hook`'s. Each keeps its own head
// (its comments, its guard block and any block of its own) and appends
// these blocks: the reference extractor and scorer, the compaction gate,
// and the budget, phase and policy every configuration needs. One copy,
// so the two cannot drift apart.
package builtinconfig
