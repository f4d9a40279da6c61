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
// digits and letters become ASCII, ligatures split), lower case, and
// diacritics removed, so "Ｎｅｖｅｒ", "never" and "nevér" are one word.
// It is built on golang.org/x/text; what is hand-written here is the phrase
// index (a map from each folded phrase's first word to its phrases), which
// no library offers for cue lists of this shape.
package lexicon
