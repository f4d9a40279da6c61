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
	sdk.Serve(&sdk.ServeConfig{Scorer: judge.New()})
}
