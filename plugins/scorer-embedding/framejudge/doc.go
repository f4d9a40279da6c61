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
package framejudge
