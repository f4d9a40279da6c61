# The budget is part of every configuration, but judging compactions
# never uses it: the program or harness sizes its own context. Nobody
# holds this credential.
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
