// Package scorer is the reference sdk.Scorer of compactguard, served by
// the scorer-embedding plugin binary (plugins/scorer-embedding).
//
// Score is the reference-anchored score: it reads the pinned items the
// host's extractors found in the original spans and asks package judge,
// item by item, whether the candidate compaction preserves each one, with
// an evidence quote from the candidate. The anchored score is the weighted
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
//	backend     = "hashed"                   # or "openai"
//	dims        = 512                        # hashed vector size (16..65536)
//	base_url    = "http://localhost:11434/v1" # openai: API root (required)
//	model       = "nomic-embed-text"         # openai: model name
//	api_key_env = "OPENAI_API_KEY"           # openai: env var holding the key
//	batch_size  = 64                         # openai: texts per request
//	timeout     = "30s"                      # openai: per request
//	max_attempts = 4                         # openai: tries per batch (429, 5xx, network)
//	cache_size  = 8192                       # openai: cached vectors (0 = default)
//	threshold   = 0.45                       # support needed by similarity-only items
//	weights     = { prohibition = "3", numeric_commitment = "2", entity = "2",
//	                failed_attempt = "2", other = "1" }
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
// When the endpoint fails during Score, the scorer falls back to the
// hashed embedder and says so in a warning diagnostic: the guards that
// decide verdicts do not depend on the embedding.
package scorer
