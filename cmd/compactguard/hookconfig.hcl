# The built-in configuration of `compactguard hook claude-code`: what the
# Claude Code hooks run with when neither -config nor
# $XDG_CONFIG_HOME/compactguard/policies.hcl (~/.config/compactguard/
# policies.hcl) says otherwise. `compactguard hook claude-code
# -print-default-config` prints it; copy it to that path to change it.
#
# It is the repository's policies.hcl cut down to what a hook needs: the
# reference extractor and scorer (found beside the compactguard
# executable, where `make build` puts them) and the compaction gate. No
# API, no policy plugin: Claude Code makes its own compactions, and the
# hook only judges them.
#
# The store: this file names none, and a configuration the hook runs with
# that names none (this one, or your copy) records the hook's judgements in
# the per-user SQLite database $XDG_STATE_HOME/compactguard/hooks.db
# (~/.local/state/compactguard/hooks.db). A `guard { store = ... }` line
# overrides it; with "memory" the SessionStart hook judges each compaction
# itself instead of reading what PostCompact recorded.

guard {
  tokenizer = "o200k_base"
}

hook "claude-code" {
  # true: refuse a /compact the person types while the session holds
  # must-keep items (the PreCompact hook exits 2 with the reason). An
  # automatic compaction is never refused.
  block_manual_compaction = false
}

