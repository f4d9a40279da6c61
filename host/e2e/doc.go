// Package e2e holds compactguard's durability and replica end-to-end
// tests. They build the real binary and the three reference plugins, start
// real `compactguard serve` processes on loopback ports with the SQLite and
// PostgreSQL stores, talk to them over HTTP, and check what the store keeps
// when things go wrong:
//
//   - TestServeMatchesReplay: the migration incident driven through serve
//     (SQLite and PostgreSQL) makes the same decisions as
//     `compactguard replay --json` of the same file.
//   - TestSIGKILLMidStream: serve is SIGKILLed on a SQLite file with
//     requests in flight; after a restart every acknowledged decision is in
//     the audit trail byte for byte, the state is consistent with the
//     trail, `compactguard audit verify` passes and service resumes.
//   - TestTwoReplicasOnePostgres: two serve processes on one PostgreSQL
//     database take concurrent requests for the same session; decisions
//     are serialised (seqs 1..N, each once), none is lost, and no span is
//     covered by two allowed compactions.
//   - TestPostgresOutage: the PostgreSQL server stops mid-run (a fast
//     shutdown, then an immediate one, i.e. a crash); requests get 503
//     (never a decision), /readyz turns 503, and service resumes by itself
//     once the server is back, with every acknowledged decision kept.
//
// BenchmarkReplayClaudeCode (`make bench`) times `bin/compactguard replay
// --format claude-code --json` of the largest real Claude Code session at
// hand, one process a run, plugin start included; it runs only with -bench.
//
// The package holds only tests. The PostgreSQL tests read
// COMPACTGUARD_TEST_PG_DSN (`eval "$(.ci/pg.sh start)"` prints it) and skip
// without it unless COMPACTGUARD_REQUIRE_PG=1, when they fail instead.
// TestPostgresOutage starts its own throwaway cluster with .ci/pg.sh on a
// free port, since it stops the server. Every test is skipped with -short.
package e2e
