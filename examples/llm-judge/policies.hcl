# policies.hcl for examples/llm-judge: the deterministic reference scorer
# and a model judge side by side, strictest wins.
#
# As written it points at an Ollama server on this machine
# (http://localhost:11434/v1, model qwen2.5:7b-instruct, no key);
# README.md here has the recipes for bespoke-minicheck, vLLM, a llama.cpp
# server and OpenAI. `compactguard validate -config
# examples/llm-judge/policies.hcl` starts every plugin and reaches no
# endpoint: the model is first called by the first judgement.
#
# judge-llm was built and tested against recorded responses only. How
# well it judges depends on the model you point it at: measure it on your
# own cases with `compactguard eval -config examples/llm-judge/policies.hcl DIR`.

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

plugin "scorer" "llm" {
  command = "judge-llm"
  # The whole decision: every call, retry and wait. A 7B model on a CPU
  # can take tens of seconds a batch.
  timeout = "300s"
  config {
    base_url       = "http://localhost:11434/v1"
    model          = "qwen2.5:7b-instruct"
    prompt_version = "v1"
    temperature    = 0
    timeout        = "120s"
    batch_size     = 8
    concurrency    = 1
  }
}

gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
  # An item is kept only if both keep it. The first also gives the self
  # score, so the deterministic scorer comes first: no model call for it.
  scorers = ["embedding", "llm"]
}

phase "work" {
  policy = "keep-failures"
}

policy "keep-failures" {
  top_k = 40
  category "failures" {
    match = span.kind == "tool_result" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 6000
    score = span.recency
  }
}
