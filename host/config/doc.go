// Package config decodes and validates policies.hcl, the file that says how
// a compactguard host runs: how tokens are counted and where the ledger
// lives (guard), the orchestrator API (api), the budget and the authorities
// that alone may change it, the plugins to start, the compaction gate, the
// phases and the policies they select, and the key that signs the audit
// trail's checkpoints (audit).
//
// It sits at the bottom of the host: the CLI calls LoadFile, renders any
// diagnostics with WriteDiagnostics or turns them into an error with
// DiagnosticsError, and hands the typed Config to the plugin loader, the
// guard and the API. Decoding follows HCL's own guidance: gohcl decodes the
// host's blocks into structs (so unknown blocks and attributes are errors
// with file:line:col), semantic rules are then checked with every problem
// reported, not just the first. Two kinds of body are deliberately left
// undecoded: a plugin's config block, decoded later against the schema the
// plugin declares, and a policy block, compiled by host/policy.
//
// Expressions may read the host environment as env.NAME. Secrets are only
// ever named (credential_env, token_env, signing_key_env and the key's
// file), never read into Config.
//
// docs/configuration.md is the reference; a test fails if a block or
// attribute of the schema is missing from it.
package config
