//go:build !race

package sqlstore_test

// raceDetector is true when the tests run with -race.
const raceDetector = false
