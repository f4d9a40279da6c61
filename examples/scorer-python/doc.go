// Package scorerpython holds the Go test that runs the conformance kit
// (sdk/sdktest) against the scorer plugin written in Python in this
// folder (plugin.py, scorer.py, gen/). There is no Go code to import: the
// plugin is the Python program, and README.md explains it.
package scorerpython
