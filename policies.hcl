# policies.hcl: the default compactguard deployment.
#
# Read it top to bottom: how the host counts tokens and keeps its ledger,
# who may call it, who alone may change the token budget, which plugins it
# starts, when a compaction is allowed, and which retention policy is active
# in each phase of an agent's work. docs/configuration.md documents every
# block and attribute; `compactguard validate` checks this file and starts
# every plugin.
#
# Expressions may read the host environment as env.NAME. Secrets are only
# ever *named* here (credential_env, token_env); their values stay in the
# environment and never reach a plugin.

# ---------------------------------------------------------------------------
# The host itself.
guard {
  # Tokens are counted by the host, never by a plugin or a caller.
  tokenizer = "o200k_base"

  # Where the ledger (the pinned, hash-chained originals), the audit trail
  # and session state live: the embedded SQLite file beside this config by
  # default (WAL, synchronous=FULL: a decision is on disk before it is
  # returned), or PostgreSQL when several `serve` replicas share state:
  #   store = "postgres:${env.COMPACTGUARD_PG_DSN}"
  #   store = "memory"                          # forgets everything on exit
  # `replay`, `check`, `eval` and `validate` run in memory whatever this says
  # (replay --persist records into this store).
  store = "sqlite:compactguard.db"
}

# ---------------------------------------------------------------------------
# The orchestrator API (`compactguard serve`).
api {
  listen              = "127.0.0.1:7700"
  max_body_bytes      = 8388608 # 8 MiB: one request's JSON body (413 above)
  max_spans_per_batch = 4096    # spans in one append or compaction (413 above)

  # Serve HTTPS by naming both files; leave both out for plain HTTP on
  # loopback.
  #   tls_cert = "tls/cert.pem"
  #   tls_key  = "tls/key.pem"

  # Each tenant authenticates with a bearer token held in the named
  # environment variable.
  tenant "default" {
    token_env = "COMPACTGUARD_API_TOKEN"
  }
}

# ---------------------------------------------------------------------------
# The token budget, and the only principal that may change it. No policy
# and no plugin message carries the budget: a policy edit that touches it
# is refused as budget_change_requires_authority.
authority "budget-admin" {
  credential_env = "COMPACTGUARD_BUDGET_CREDENTIAL"
  # A committed demo config may instead pin the sha256 of a demo
  # credential (never the credential itself):
  #   credential_sha256 = "<64 hex digits of sha256(credential)>"
}

budget {
  tokens    = 48000
  authority = "budget-admin"
}

# ---------------------------------------------------------------------------
# Plugins: out-of-process, spoken to over gRPC, started with an empty
# environment (list in `env` the host variables a plugin may see). Pin a
# binary with sha256 = "..." or with `compactguard plugins lock`.

# Extractors find the decision-relevant items (prohibitions, numeric
# commitments, entities, failed attempts) in the pinned originals. Several
# may be declared; their items are unioned.
plugin "extractor" "regex" {
  command = "extractor-regex"
  timeout = "2s"
  config {}
}

# Exactly one scorer: the anchored score of a compaction against the pinned
# items and originals. "hashed" is the embedded embedder, no network.
plugin "scorer" "embedding" {
  command       = "scorer-embedding"
  timeout       = "5s"
  start_timeout = "10s"
  config {
    # Items are judged frame against frame: the originals and the
    # candidate are read into constraint frames and compared clause
    # against clause. backend = "hashed" pairs them by words alone;
    # "openai" (with base_url and model) also pairs a paraphrased or
    # translated rule with the clause nearest in meaning.
    judge   = "frames"
    backend = "hashed"
  }
}

# At most one policy plugin: it signals the phase of the work and may
# propose a policy for a frozen signal.
plugin "policy" "phase" {
  command = "policy-phase"
}

# ---------------------------------------------------------------------------
# The compaction gate. A compaction is allowed when its score against the
# pinned originals reaches the threshold and no item of a must_keep
# category is missing.
gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]

  # Warn when a compaction's self score exceeds its anchored score by more
  # than this, over the last trend_window compactions.
  gap_warning  = 0.15
  trend_window = 3
}

# ---------------------------------------------------------------------------
# Phases: what the policy plugin may signal, and the policy each selects.
# enter_above / exit_below add hysteresis on the phase score so a noisy
# signal does not flip the policy back and forth.
phase "exploration" {
  policy = "explore"
}

phase "synthesis" {
  policy      = "synthesize"
  enter_above = 0.7
  exit_below  = 0.5
}

phase "verification" {
  policy      = "verify"
  enter_above = 0.6
  exit_below  = 0.4
}

phase "repair" {
  policy      = "repair"
  enter_above = 0.6
  exit_below  = 0.3
}

# ---------------------------------------------------------------------------
# Retention policies: what a compaction keeps. Each category matches spans
# with an expression over `span` (kind, text, tokens, recency, meta, ...),
# retains at most `cap` tokens of them, ranked by `score` in [0,1]; top_k
# bounds the spans kept overall. The host re-derives the worst case of a
# policy over the union of its categories and rejects any edit whose worst
# case exceeds the budget, so the caps below add up to less than 48000.

# Exploring: keep what was read and searched most recently, and what the
# user asked for.
policy "explore" {
  top_k = 40

  category "user_instructions" {
    match = span.kind == "user"
    cap   = 10000
    score = max(span.recency, 0.5)
  }

  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }

  category "searches" {
    match = span.kind == "tool_result" && span.meta.tool == "grep"
    cap   = 8000
    score = span.recency
  }

  category "failures" {
    match = span.kind == "tool_result" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 6000
    score = span.recency
  }
}

# Synthesising: keep the decisions and the test failures that shape the
# design; old reads matter less.
policy "synthesize" {
  top_k = 40

  category "user_instructions" {
    match = span.kind == "user"
    cap   = 12000
    score = max(span.recency, 0.5)
  }

  category "test_failures" {
    match = span.kind == "tool_result" && regex("FAIL|panic:", span.text)
    cap   = 12000
    score = max(span.recency, 0.5)
  }

  category "design_notes" {
    match = span.kind == "assistant" && span.tokens > 200
    cap   = 10000
    score = span.recency
  }

  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 8000
    score = span.recency * 0.8
  }
}

# Verifying: keep test and build output, failures first.
policy "verify" {
  top_k = 30

  category "user_instructions" {
    match = span.kind == "user"
    cap   = 10000
    score = max(span.recency, 0.5)
  }

  category "test_runs" {
    match = span.kind == "tool_result" && span.meta.tool == "bash" && regex("go test|pytest|cargo test", lower(span.text))
    cap   = 14000
    score = span.meta.exit_code == "0" ? span.recency * 0.5 : max(span.recency, 0.7)
  }

  category "edits" {
    match = span.kind == "tool_call" && span.meta.tool == "edit"
    cap   = 8000
    score = span.recency
  }
}

# Repairing: keep the failing output and the attempts already made, so the
# agent does not retry what failed.
policy "repair" {
  top_k = 30

  category "user_instructions" {
    match = span.kind == "user"
    cap   = 10000
    score = max(span.recency, 0.5)
  }

  category "errors" {
    match = span.kind == "tool_result" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 14000
    score = max(span.recency, 0.6)
  }

  category "attempts" {
    match = span.kind == "tool_call" && span.meta.tool == "edit"
    cap   = 10000
    score = span.recency
  }
}
