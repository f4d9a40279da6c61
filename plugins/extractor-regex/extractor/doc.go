// Package extractor is the sdk.Extractor that the extractor-regex plugin
// binary serves: it describes the plugin, turns the `config` block the host
// sends into a compiled rules.Engine (reporting bad rule files and unknown
// rule names as diagnostics naming the attribute), and extracts items from
// batches of pinned original spans with that engine.
package extractor
