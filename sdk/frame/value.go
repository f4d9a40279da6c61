package frame

// SameValue reports whether x, a quantity read from a summary, states q, a
// quantity of the original, whatever stands beside it. It holds for:
//   - the same amount in a comparable dimension (SameAmount: "1.5 GiB" is
//     "1536 MiB");
//   - a number the summary gave a unit ("under 10" kept as "< 10 min");
//   - a date and the same day and month written as a bare number
//     ("14 listopada" as "14.11");
//   - a whole hour written as a duration and as a time of day;
//   - a time of day written without its half and the same time in the
//     other half (OtherHalfOfDay);
//   - a day of the month and a date on that day (SameDay);
//   - a fraction and the same share in percent ("0,25" as "25 %").
//
// Doc.Holds adds the one case that depends on what stands beside x.
func SameValue(q, x Quantity) bool {
	switch {
	case Comparable(q.Dim, x.Dim) && SameAmount(x.Dim, q.Value, x.Value):
	case q.Dim == DimNumber && x.Raw != 0 && closeTo(q.Value, x.Raw):
	case q.Dim == DimDate && x.Dim == DimNumber && WritesDate(x.Text, q.Value):
	case HourOfDay(q.Dim, q.Value, x.Dim, x.Value) || HourOfDay(x.Dim, x.Value, q.Dim, q.Value):
	case OtherHalfOfDay(q, x):
	case SameDay(q.Dim, q.Value, x.Dim, x.Value):
	case share(q, x) || share(x, q):
	default:
		return false
	}
	return true
}

// Holds reports whether quantity xi of d, read in clauses [i, j], states
// q. The reference judge pairs values by it and the host's floor checks the
// values of a kept item by it, so a value one accepts the other accepts
// too. Beyond SameValue, a bare number states a value whose unit the
// summary left off ("auf 440 Hz" kept as "auf 440"; "menores de 12 años"
// as "under-12s"), except a date or a time of day, whose bare number is
// another thing. A bare number beside a value of its kind reads in that
// value's unit, as a reader reads it: "bei 415 Hz; kein Hochstimmen auf
// 440" keeps 440 Hz, but "Max 20 per dose for patients under 10 kg" does
// not keep 20 mg.
func (d *Doc) Holds(q Quantity, xi, i, j int) bool {
	x := d.Quants[xi]
	if SameValue(q, x) {
		return true
	}
	if x.Dim != DimNumber || q.Raw == 0 || q.Dim == DimDate || q.Dim == DimClock || !closeTo(q.Raw, x.Value) {
		return false
	}
	for _, yi := range d.QuantsIn(i, j) {
		if y := d.Quants[yi]; yi != xi && SameDim(y.Dim, q.Dim) && y.Raw != 0 {
			return closeTo(x.Value*y.Value/y.Raw, q.Value)
		}
	}
	return true
}

// share reports a fraction q (a bare number between 0 and 1) and x, the
// same share in percent.
func share(q, x Quantity) bool {
	return q.Dim == DimNumber && x.Dim == DimRatio && q.Value > 0 && q.Value < 1 && closeTo(q.Value*100, x.Value)
}
