# policies.hcl for examples/scorer-python: the Python scorer beside the Go
# reference extractor and policy plugin.
#
# Run from the repository root after `make build`:
#   ./bin/compactguard validate -config examples/scorer-python/policies.hcl
#   ./bin/compactguard check -config examples/scorer-python/policies.hcl \
#     --original examples/scorer-python/testdata/original.jsonl \
#     --candidate examples/scorer-python/testdata/candidate.txt
#
# Needs Debian's python3-grpcio, python3-protobuf and python3-cryptography
# (apt-get install -y python3-grpcio python3-protobuf python3-cryptography).

guard {
  tokenizer = "o200k_base"
  store     = "memory"
}

authority "budget-admin" {
  credential_env = "COMPACTGUARD_BUDGET_CREDENTIAL"
}

budget {
  tokens    = 48000
  authority = "budget-admin"
}

# Bare names: the host looks beside this file, in its bin/, then in ./bin.
plugin "extractor" "regex" {
  command = "extractor-regex"
  timeout = "2s"
  config {}
}

# The Python scorer. command resolves beside this file, like a binary's
# name: plugin.py is executable and starts with #!/usr/bin/python3, so the
# host execs it directly (no shell) under Debian's interpreter, whatever
# python3 comes first on PATH. A sha256 here (or in the lock file) pins
# plugin.py itself; scorer.py and gen/ are imported from beside it.
# Python starts slower than a Go binary and scores 8 MiB in about 2 s, so
# it gets some headroom.
plugin "scorer" "python" {
  command       = "plugin.py"
  timeout       = "10s"
  start_timeout = "20s"
  config {
    min_term_share = 1
  }
}

plugin "policy" "phase" {
  command = "policy-phase"
}

gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}

phase "exploration" {
  policy = "explore"
}

policy "explore" {
  top_k = 40

  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }

  category "failures" {
    match = span.kind == "tool_result" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 6000
    score = span.recency
  }
}
