// Package lexicon holds what compactguard knows of natural languages, as
// data: one HCL file per language (lang/<code>.hcl) with the cues a
// constraint is read by (negation, restriction, bounds, exceptions,
// conditions, lifts, failures), number words, unit words, month and
// weekday names and function words, and one file of units and currencies
// every language shares (lang/units.hcl).
//
// Both reference plugins read constraints through it (package frame), so
// adding a language is adding a file and a table test: no Go code names a
// word of a natural language.
//
// Text is compared after one normaliser, Fold: Unicode NFKC (fullwidth
// digits and letters become ASCII, ligatures split) and lower case, so
// "Ｎｅｖｅｒ" and "never" are one word. Diacritics are kept, since in
// Vietnamese or Turkish they tell words apart; FoldMarks strips them too,
// for names compared by their letters (Köln, Koln).
// It is built on golang.org/x/text; what is hand-written here is the phrase
// index (a map from each folded phrase's first word to its phrases), which
// no library offers for cue lists of this shape.
package lexicon
