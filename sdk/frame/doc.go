// Package frame reads constraints as frames: one atomic constraint per
// frame, with its modality (must_not, must, only, limit, failed), its
// action, the objects it is about, its bounds (op, value, unit), its
// condition and its exceptions.
//
// Both sides of a compaction are read the same way: the pinned originals
// (by the extractor) and the candidate summary (by the host and the
// scorer), so a scorer compares frame against frame instead of looking for
// words anywhere in the candidate.
//
// What a language says lives in package lexicon as data. This package is
// the part no library does well: cutting text into clauses and atoms,
// reading quantities (1,500 = 1.500 = 1 500 = １，５００; ₹2,00,000; 1,5
// Mio. €; "three thousand cubic metres per second"; 17:00 = 5 pm; 90 min
// = 1.5 h), and telling objects (identifiers, names, numbered things)
// from the words around them. Stems come from Snowball
// (github.com/blevesearch/snowballstem) for the languages it covers.
//
// Cites is the floor the host holds every scorer to: a kept must-keep
// item's bound values and objects must occur in the one candidate clause
// cited as evidence, and a kept prohibition's clause must restrict. The
// few ways a clause keeps a rule without restricting by its own words (an
// action the person kept for themselves, an answer that refused an offer:
// Doc.KeptAsOwn) and the ways a name is written again (declined:
// Declined) live here too, so the reference judge and the floor read them
// alike and a scorer that passes the kit is not overridden for them.
package frame
