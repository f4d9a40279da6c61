// Command judge-llm is compactguard's optional model-backed scorer: it asks
// an OpenAI-compatible chat endpoint (Ollama, vLLM, a llama.cpp server,
// OpenAI) whether a candidate compaction states each pinned item. The host
// starts it through go-plugin; it is not meant to be run by hand. See
// package judge for what it asks and how it is configured.
package main

import (
	"github.com/compactguard/compactguard/plugins/judge-llm/judge"
	"github.com/compactguard/compactguard/sdk"
)

func main() {
	// One binary, two kinds: configured as a scorer it judges candidates;
	// as an extractor (optional) it proposes items beside extractor-regex.
	j := judge.New()
	sdk.Serve(&sdk.ServeConfig{Scorer: j, Extractor: judge.NewExtractor(j)})
}
