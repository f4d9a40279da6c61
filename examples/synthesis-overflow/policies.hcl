# The second recorded incident: a controller entering synthesis rewrites its
# compaction policy to keep all file reads and test failures. Self-contained:
# no environment variables, no services. Plugins are the repository's
# reference plugins, built into ./bin (see README.md).

guard {
  tokenizer = "o200k_base"
  store     = "memory"
}

# The demo credential is "demo-budget-admin-7f3a" (README.md); only its
# sha256 is here.
authority "budget-admin" {
  credential_sha256 = "34c4e09be479fc4e29aa5e578c7f5f5c09d2e9b6d9b437a074a51498ee048e39"
}

budget {
  tokens    = 48000
  authority = "budget-admin"
}

plugin "extractor" "regex" {
  command = "extractor-regex"
  timeout = "2s"
}

plugin "scorer" "embedding" {
  command = "scorer-embedding"
  config {
    backend = "hashed"
  }
}

plugin "policy" "phase" {
  command = "policy-phase"
  config {
    window = 30
  }
}

gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}

phase "exploration" {
  policy      = "explore"
  enter_above = 0.6
  exit_below  = 0.4
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
  exit_below  = 0.4
}

# Exploration keeps only recent material: every match is narrowed by age and
# top_k = 10 bounds each category to its 10 largest spans, so the worst case
# stays within 48000 however large the session grows (34080 at most on the
# view at the synthesis point, counting every span as recent).
policy "explore" {
  top_k = 10
  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read" && span.age < 20
    cap   = 20000
    score = span.recency
  }
  category "latest_failures" {
    match = span.kind == "tool_result" && span.meta.tool == "bash" && span.meta.exit_code != "" && span.meta.exit_code != "0" && span.age < 10
    cap   = 20000
    score = max(span.recency, 0.5)
  }
  category "recent_edits" {
    match = span.kind == "tool_call" && span.meta.tool == "edit" && span.age < 20
    cap   = 20000
    score = span.recency
  }
  category "plan_notes" {
    match = (span.kind == "assistant" || span.kind == "reasoning") && span.age < 20
    cap   = 20000
    score = span.recency
  }
}

# Synthesis as the controller rewrote it: "retain all file reads and test
# failures" (and all edits and notes). Each category stays under its 20000
# cap; together they retain about 61000 on the view at the synthesis point.
policy "synthesize" {
  top_k = 40
  category "file_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 20000
    score = span.recency
  }
  category "test_failures" {
    match = span.kind == "tool_result" && span.meta.tool == "bash" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 20000
    score = max(span.recency, 0.5)
  }
  category "edits" {
    match = span.kind == "tool_call" && span.meta.tool == "edit"
    cap   = 20000
    score = span.recency
  }
  category "plan_notes" {
    match = span.kind == "assistant" || span.kind == "reasoning"
    cap   = 20000
    score = span.recency
  }
}

# Verification keeps the latest test results, edits and notes; top_k = 8.
policy "verify" {
  top_k = 8
  category "test_results" {
    match = span.kind == "tool_result" && span.meta.tool == "bash" && span.age < 30
    cap   = 12000
    score = span.recency
  }
  category "recent_edits" {
    match = span.kind == "tool_call" && span.meta.tool == "edit" && span.age < 30
    cap   = 12000
    score = span.recency
  }
  category "plan_notes" {
    match = (span.kind == "assistant" || span.kind == "reasoning") && span.age < 30
    cap   = 6000
    score = span.recency
  }
}

# Repair keeps every failure (up to top_k = 8 of them) and recent context.
policy "repair" {
  top_k = 8
  category "latest_failures" {
    match = span.kind == "tool_result" && span.meta.tool == "bash" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 16000
    score = max(span.recency, 0.5)
  }
  category "recent_edits" {
    match = span.kind == "tool_call" && span.meta.tool == "edit" && span.age < 30
    cap   = 12000
    score = span.recency
  }
  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read" && span.age < 30
    cap   = 12000
    score = span.recency
  }
  category "plan_notes" {
    match = (span.kind == "assistant" || span.kind == "reasoning") && span.age < 30
    cap   = 6000
    score = span.recency
  }
}
