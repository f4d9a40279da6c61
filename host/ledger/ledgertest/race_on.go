//go:build race

package ledgertest

// raceDetector reports a -race build. Under it the drivers (the
// transpiled SQLite above all) run about ten times slower, so the suite
// uses a smaller large session by default; the benchmarks keep full size.
const raceDetector = true
