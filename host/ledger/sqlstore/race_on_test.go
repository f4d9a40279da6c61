//go:build race

package sqlstore_test

// raceDetector is true when the tests run with -race, under which the
// transpiled SQLite is about ten times slower.
const raceDetector = true
