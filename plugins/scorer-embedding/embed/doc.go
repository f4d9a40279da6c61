// Package embed turns texts into vectors for the reference scorer
// (plugins/scorer-embedding). The scorer uses similarity only to find the
// candidate sentences that talk about an item; the verdict itself comes
// from the guards in package judge.
//
// Two backends implement Embedder:
//
//   - Hashed, the default: word uni/bigrams and character trigrams hashed
//     (FNV-1a) into a fixed number of dimensions, L2-normalised. No model,
//     no download, deterministic, fast; similarity is lexical, not
//     semantic.
//   - OpenAI, a client of any OpenAI-compatible POST /v1/embeddings
//     endpoint: OpenAI itself, Ollama (http://localhost:11434/v1), vLLM
//     (--task embed), llama.cpp server (--embeddings), Hugging Face TEI.
//     It batches, retries 429/5xx/network errors with capped exponential
//     backoff, and caches vectors by sha256(model, text) in a bounded
//     in-memory LRU. Its API key is read from an environment variable; the
//     host starts plugins with an empty environment plus the variables
//     listed in the plugin block's `env` list, so that variable must be
//     listed there.
package embed
