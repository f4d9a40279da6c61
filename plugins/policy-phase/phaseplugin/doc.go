// Package phaseplugin implements sdk.Policy for compactguard's reference
// policy plugin: it answers phase signals with the classifier of package
// phase and proposes, for a frozen signal, the policy the host's phase table
// maps the phase to (or, when the operator configured one, the text of a
// policy file).
//
// The plugin never sees or proposes a budget: the host bounds every
// proposal itself (invariants 2 and 4 in DESIGN.md). cmd main in
// plugins/policy-phase serves it with sdk.Serve.
package phaseplugin
