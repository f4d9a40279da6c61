// Package framejudge judges a candidate compaction frame against frame:
// each original item is read into atoms (package frame), the candidate is
// read into clauses the same way, and each atom is paired with the
// candidate clause that states it: the clause that holds its objects, its
// bound values and its words. Then the pair is compared as structures:
//
//   - modality: a prohibition, a limit or an "only" must still restrict in
//     the paired clause (a lift or a bare status line inverts it; a
//     weakener such as "try to" weakens it);
//   - bounds: each bound value must be in the paired clause, in the same
//     dimension after unit normalisation, with a compatible op; a
//     different value of the same dimension is an alteration ("6, was 3"),
//     even when a status line elsewhere still holds the old number;
//   - objects: each object must be in the paired clause or beside it, and
//     keep its role (the word it stands next to);
//   - condition and exceptions: their objects and words must be kept.
//
// The evidence of a kept item is the paired clause, an exact substring of
// the candidate. No code here names a word of a natural language: the cues
// come from package lexicon's files.
//
// The files follow a verdict from top to bottom:
//
//   - judge.go: Judge, the entry point; one item read into atoms;
//   - atoms.go: which clauses of an item a summary must keep;
//   - cand.go: the candidate read once, its windows and word index;
//   - match.go: how close a window is to an atom (hits);
//   - pair.go: the window that states an atom, and the settling of the
//     pair (atom, settle);
//   - claims.go: the second pass for rules in another language than the
//     candidate;
//   - modality.go, bounds.go, objects.go, roles.go: the comparisons
//     settle makes, one concern each;
//   - semantic.go: the optional embedding fallback.
package framejudge
