package policy

// EditKind classifies an edit from one policy to another, which decides
// how the guard verifies it (invariant 2).
type EditKind string

// The edit kinds.
const (
	// EditNone: the policies are the same up to formatting.
	EditNone EditKind = "none"
	// EditScoreOnly: only score expressions differ. Accepted on phase fit
	// if CheckScores passes; the structure that bounds retention is
	// unchanged.
	EditScoreOnly EditKind = "score_only"
	// EditStructural: categories, caps, match predicates or top_k differ.
	// The guard re-derives WorstCase on the current view and rejects the
	// edit if it exceeds the budget.
	EditStructural EditKind = "structural"
)

// Classify says what kind of edit turns old into new, comparing normalized
// source text (Category.MatchSource, ScoreSource, Policy.TopKSource), so a
// reformatted policy is EditNone. Categories are compared as a set by name:
// reordering them is not an edit. Policy names are not compared (the guard
// decides which policy an edit replaces), and neither is CarriesBudget: the
// guard refuses a budget-carrying policy before classifying it. A nil
// policy on either side (and not both) is structural.
func Classify(old, new *Policy) EditKind {
	if old == nil || new == nil {
		if old == new {
			return EditNone
		}
		return EditStructural
	}
	if old.TopKSource != new.TopKSource || len(old.Categories) != len(new.Categories) {
		return EditStructural
	}
	byName := make(map[string]*Category, len(old.Categories))
	for _, c := range old.Categories {
		byName[c.Name] = c
	}
	kind := EditNone
	for _, nc := range new.Categories {
		oc, ok := byName[nc.Name]
		if !ok || oc.Cap != nc.Cap || oc.MatchSource != nc.MatchSource {
			return EditStructural
		}
		if oc.ScoreSource != nc.ScoreSource {
			kind = EditScoreOnly
		}
	}
	return kind
}
