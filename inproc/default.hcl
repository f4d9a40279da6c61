# The built-in configuration of package inproc (inproc.OpenDefault): what
# an embedding program runs with when it has no policies.hcl of its own.
# inproc.DefaultConfig returns this text; write it to a file and pass the
# file to inproc.Open to change it.
#
# It is the repository's policies.hcl cut down to what judging compactions
# needs: the reference extractor and scorer and the compaction gate. The
# plugin commands are bare names, looked for in the working directory and
# its bin/, in Options.PluginDirs, beside the program's executable, then in
# ./bin and $PATH (`make build` puts them in ./bin).
#
# The store is memory: nothing outlives the process. Name a store
# ("sqlite:compactguard.db", "postgres:${env.COMPACTGUARD_PG_DSN}") in your
# own copy to keep sessions, or pass Options.Store.

guard {
  tokenizer = "o200k_base"
  store     = "memory"
}

# The budget is part of every configuration; an embedding program sizes
# its own context, so it is set high, and nobody holds this credential.
authority "budget-admin" {
  credential_env = "COMPACTGUARD_BUDGET_CREDENTIAL"
}

budget {
  tokens    = 200000
  authority = "budget-admin"
}

plugin "extractor" "regex" {
  command = "extractor-regex"
  timeout = "5s"
  config {}
}

plugin "scorer" "embedding" {
  command       = "scorer-embedding"
  timeout       = "10s"
  start_timeout = "10s"
  config {
    backend = "hashed"
  }
}

# A compaction is refused when a prohibition, a numeric commitment or an
# entity of the pinned original is missing from the summary, or when the
# summary's score against the original is below 0.80.
gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}

# The guard needs one phase and its retention policy; judging compactions
# never selects spans with it.
phase "work" {
  policy = "keep"
}

policy "keep" {
  top_k = 40
  category "user_instructions" {
    match = span.kind == "user"
    cap   = 20000
    score = max(span.recency, 0.5)
  }
}
