// Package embed turns texts into vectors for the reference scorer
// (plugins/scorer-embedding). The scorer's frame judge uses them for one
// thing: to pair a rule the candidate paraphrases or translates with the
// clause nearest in meaning, when no clause shares its words. The verdict
// itself still comes from comparing the two as constraint frames.
//
// OpenAI is a client of any OpenAI-compatible POST /v1/embeddings
// endpoint: OpenAI itself, Ollama (http://localhost:11434/v1), vLLM
// (--task embed), llama.cpp server (--embeddings), Hugging Face TEI. It
// batches, retries 429/5xx/network errors with capped exponential backoff,
// and caches vectors by sha256(model, text) in a bounded in-memory LRU.
// Its API key is read from an environment variable; the host starts
// plugins with an empty environment plus the variables listed in the
// plugin block's `env` list, so that variable must be listed there.
//
// There is no built-in embedder: vectors of hashed words would pair
// nothing that the judge's own words and stems do not, and a model cannot
// ship inside the plugin. The scorer's "hashed" backend therefore means
// pairing by words alone.
package embed
