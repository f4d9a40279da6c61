// Package faulttest holds compactguard's plugin fault-injection tests: the
// evidence that the guard fails closed. Each test starts the real host
// (host/runtime.Open on a temporary policies.hcl) with real plugin
// processes built from internal/plugintest (extractor-faulty,
// scorer-faulty, policy-faulty), switches a fault on while the plugins run,
// and checks three things:
//
//   - the decision fails closed: a compaction is refused (plugin_failure,
//     invalid_plugin_output, or a plain refusal when the host overrode the
//     plugin's claim), a phase signal or policy edit is not accepted;
//   - nothing partial is written: the audit trail gains exactly the
//     refusal, and the live view's version, tokens, policy and phase are
//     unchanged;
//   - the host recovers by itself: once the fault clears, the next call
//     after the supervisor's restart backoff is decided normally.
//
// The package has no non-test code; see fault_test.go and docs/fuzzing.md.
package faulttest
