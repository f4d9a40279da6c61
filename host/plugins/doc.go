// Package plugins is the host's plugin runtime: it finds, verifies,
// starts, configures and supervises the out-of-process plugins
// (extractors, a scorer, a policy plugin) that the guard asks for
// judgements.
//
// Start takes one Spec per `plugin "KIND" "NAME"` block. For each it
// resolves the command, checks the binary's sha256 against the config's
// pin and the lock file (.compactguard.lock.hcl beside the config), execs
// it directly with an allow-listed environment (no host secret reaches a
// plugin), handshakes over go-plugin (gRPC only, AutoMTLS), calls Describe
// to refuse a binary of another kind, decodes the plugin's `config` block
// against the schema the plugin declares and sends the constant values to
// Configure. Every problem of every plugin is reported, not only the first.
//
// Each started plugin sits behind a Supervisor whose handle (Extractor,
// Scorer, Policy) implements the sdk interface of its kind and carries the
// plugin's name, kind and version, so the guard calls plugins as plain Go
// interfaces and the runtime names them from the handle. A handle applies the per-call timeout and turns a crash, a
// closed connection or a timeout into a *CallError wrapping ErrUnavailable
// or ErrTimeout, on which the guard fails closed (plugin_failure). The
// dead or hung process is killed at once and restarted with capped
// exponential backoff, by the next call or, when none comes first, by the
// supervisor's watcher, which also notices a process that dies while idle.
// Info reports each plugin's State: serving, restarting (lost, a restart
// due), or unrecoverable (its last restart failed, or none handshook in
// time), with a Cause code and counts of failures and failed restarts;
// host/api's /readyz and /metrics read it. Manager.Close kills every
// plugin; no plugin process outlives it.
package plugins
