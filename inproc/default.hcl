# The built-in configuration of package inproc (inproc.OpenDefault): what
# an embedding program runs with when it has no policies.hcl of its own.
# inproc.DefaultConfig returns this text; write it to a file and pass the
# file to inproc.Open to change it.
#
# It is the repository's policies.hcl cut down to what judging compactions
# needs: the reference extractor and scorer and the compaction gate. The
# plugin commands are bare names, looked for in the working directory and
# its bin/, in Options.PluginDirs, beside the program's executable, then in
# ./bin and $PATH (`make build` puts them in ./bin).
#
# The store is memory: nothing outlives the process. Name a store
# ("sqlite:compactguard.db", "postgres:${env.COMPACTGUARD_PG_DSN}") in your
# own copy to keep sessions, or pass Options.Store.

guard {
  tokenizer = "o200k_base"
  store     = "memory"
}

