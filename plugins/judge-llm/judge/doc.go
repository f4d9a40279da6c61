// Package judge is the judge-llm scorer: for a batch of pinned items it
// asks a chat model, over the OpenAI-compatible /v1/chat/completions API,
// whether the candidate compaction states each one, and answers the host
// one verdict per item (kept, weakened, altered, inverted or lost), with
// the model's quote from the candidate as evidence and its reason as the
// note.
//
// A model's word is never evidence on its own. The plugin drops a "kept"
// whose quote is not an exact substring of the candidate (the item counts
// as lost), and the host then holds every quote it is given to its own
// evidence check and floor (sdk.Cites) like any scorer's. Answers that are
// not the schema's JSON fail the decision closed (invalid_plugin_output);
// an endpoint that times out or keeps refusing fails it closed too
// (plugin_failure).
//
// The pieces: config.go decodes the plugin block; chat.go is the HTTP
// client (json_schema response format with a fallback to JSON mode,
// per-call timeouts, retries honouring Retry-After); prompts.go renders the
// versioned prompt templates embedded from prompts/; judge.go batches the
// items, bounds concurrency, caps calls and tokens per decision and caches
// verdicts by (model, prompt version, item, candidate hash).
//
// It is tested only against recorded chat-completion responses replayed by
// a local HTTP server (no model can run where it was built); how well it
// judges depends on the model, and users measure that on their own cases.
package judge
