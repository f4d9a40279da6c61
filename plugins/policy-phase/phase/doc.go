// Package phase is the task-phase classifier behind compactguard's reference
// policy plugin (plugins/policy-phase).
//
// A self-editing context controller rewrites its compaction policy when the
// agent's task changes phase: exploration (reading and searching the
// repository), synthesis (editing after reading), verification (running
// tests that pass) and repair (editing while tests fail). This package turns
// one version of the live view into a score in [0,1] per phase. The host
// freezes that signal with the view version it was taken on (invariant 3 in
// DESIGN.md) and never asks for it again, so the classifier must be a pure
// function of the view: no randomness, no clock, no map-order dependence.
//
// The score is a share of weighted evidence. Only the last Window spans of
// the view are read, each weighted by 0.5^(age/halfLife) where age 0 is the
// newest span; the features and their weights are listed in Weights and in
// plugins/policy-phase/README.md.
package phase
