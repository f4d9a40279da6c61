// Package scorer is the reference sdk.Scorer of compactguard, served by
// the scorer-embedding plugin binary (plugins/scorer-embedding).
//
// Score is the reference-anchored score: it reads the pinned items the
// host's extractors found in the original spans and asks package
// framejudge, item by item, whether the candidate compaction preserves
// each one, with an evidence quote from the candidate. The anchored score is the weighted
// recall of items: sum of the weights of preserved items over the sum of
// all weights (1 when there are no items). A summary that dropped a
// prohibition therefore scores low however coherent it reads.
//
// SelfScore is the self-referential number the host records beside it for
// the gap telemetry. It is deliberately blind: it sees only the candidate,
// never the items or the originals, and rates how coherent and concrete
// the candidate reads on its own. It is the number that cannot notice a
// hole, and must never gate a compaction.
//
// # Configuration
//
// The plugin block's config (all optional):
//
//	judge       = "frames"                   # the only judge (kept for old configs)
//	backend     = "hashed"                   # pairing by words alone; or "openai"
//	base_url    = "http://localhost:11434/v1" # openai: API root (required)
//	model       = "nomic-embed-text"         # openai: model name
//	api_key_env = "OPENAI_API_KEY"           # openai: env var holding the key
//	batch_size  = 64                         # openai: texts per request
//	timeout     = "30s"                      # openai: per request
//	max_attempts = 4                         # openai: tries per batch (429, 5xx, network)
//	cache_size  = 8192                       # openai: cached vectors (0 = default)
//	threshold   = 0.75                       # openai: cosine a semantic pair needs
//	workers     = 0                          # goroutines per Score call (0 = one per CPU)
//	weights     = { prohibition = "3", numeric_commitment = "2", entity = "2",
//	                failed_attempt = "2", other = "1" }
//
// With backend = "openai", a rule that shares too few words with every
// clause of the candidate (a paraphrase, another language) is paired with
// the clause nearest in meaning that restricts as the rule does, and then
// compared as a frame like any other pair. A multilingual embedding model
// is what makes this pay.
//
// The host starts plugins with an empty environment plus the variables
// named in the plugin block's `env` list, so the variable named by
// api_key_env must also be listed there, e.g.
//
//	plugin "scorer" "embedding" {
//	  command = "scorer-embedding"
//	  env     = ["OPENAI_API_KEY"]
//	  config { backend = "openai"  base_url = "https://api.openai.com/v1"
//	           model = "text-embedding-3-small"  api_key_env = "OPENAI_API_KEY" }
//	}
//
// When the endpoint fails during Score, the items are paired by words
// alone and a warning diagnostic says so: pairing by meaning only ever
// adds pairs, and each pair is still compared as a frame.
package scorer
