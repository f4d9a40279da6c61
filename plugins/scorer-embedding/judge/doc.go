// Package judge decides, for one decision-relevant item and one candidate
// compaction, whether the candidate preserves the item, and quotes the
// candidate text that shows it.
//
// It is the heart of the reference scorer (plugins/scorer-embedding). An
// embedding (see package embed) finds the candidate sentences that talk
// about the item, but embedding similarity is blind to negation and to
// numbers: "do not run DROP TABLE on legacy_orders" and "run DROP TABLE on
// legacy_orders" are near neighbours, so are "$200" and "$2,000". The judge
// therefore applies a guard per category on top of the similarity:
//
//   - prohibition: the object (key terms, the action and its target) and
//     the polarity (a negation or restriction cue in the same clause) must
//     both survive; a kept object without its cue is Inverted, a hard
//     prohibition turned into a preference ("try to avoid") is Altered. A
//     negated sentence that names nothing itself may take its object from
//     the sentence before ("matchmaking runs 2–4 replicas. Never scale it
//     to zero"), if every number survives. A rule with an exception
//     ("except through the legal desk", "salvo en una emergencia") must
//     keep the exception too, or it is Altered: the candidate would forbid
//     what the agent may do;
//   - numeric_commitment: every quantity must survive after normalising
//     units and formats (5 requests per second = 5 req/s, 24 hours = 1 day,
//     48k = 48,000, Friday, December 4 = 2026-12-04 = 04/12/2026 when
//     the day comes first, 12 MW = 12,000 kW, 72 km/h = 20 m/s, 400 mg
//     every 24 hours = 400 mg per day, 150 ± 5 Nm = 150 Nm ±5 Nm, 1万 =
//     10,000); a changed value is Altered;
//   - entity: every name must appear word-bounded; a same-shaped other name
//     (release/2026.10 for release/2026.11) is Altered, and so are two
//     names whose roles swap ("canary-eu, never straight to prod-eu" →
//     "prod-eu, never straight to canary-eu");
//   - failed_attempt: the attempt and a failure or do-not-retry cue must
//     appear together.
//
// Clock times are times of day (02:10–02:24 UTC is two times, 17:00 CET =
// 5 pm CET), and a kept rule whose sentence changes one of its numbers
// ("mais de 500 e-mails" → "mais de 5.000 e-mails") is Altered.
//
// A candidate may summarise in another language than the original (a team
// convention of English summaries). When an item reads as another language
// than the candidate (function words, or CJK against non-CJK script) and
// the ordinary check finds nothing, the item is judged by what survives
// translation: its identifiers, slugs, acronyms and quantities must stand
// in one candidate unit with a negation cue (prohibition) or a failure cue
// (failed attempt); without the cue it is Inverted. A translated count
// whose period was in words ("Har din 50 refunds") matches the same count
// as a rate ("50 refunds per day"), and so does a bare count whose unit or
// period is in words the quantity parser does not read ("Rp 5.000.000 per
// bulan" = "Rp 5,000,000 per month"). An item in another script
// (Cyrillic, Greek, Arabic…) than the candidate is a translation, and so
// is one nearly without function words of the candidate's language (a
// language the function-word table does not know). See translated.go.
//
// Summaries reword: a noun made of a phrasal verb keeps the verb ("no
// payouts" keeps "do not pay out"); a snake_case name of words may be
// spelled with spaces ("the legacy orders table" keeps legacy_orders,
// never orders_v2 as "orders v2"); a prohibition of going "über N" (and
// other languages' "above") is a limit, kept by "max N"; thousands grouped
// by spaces ("1 000") are one number.
//
// Every preserved verdict carries Evidence, an exact substring of the
// candidate, which the host verifies.
package judge
