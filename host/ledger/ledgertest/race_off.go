//go:build !race

package ledgertest

// raceDetector reports a -race build.
const raceDetector = false
