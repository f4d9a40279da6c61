package sdk

// Span sources: who put a span into the agent's context. A span carries its
// source in Meta["source"]; an importer sets it from what the transcript
// says about the record (a queued message the person typed, a subagent's
// report, a CLAUDE.md the agent read). Extractors take constraints only
// from sources that can set them, so the source is what keeps a subagent's
// report or a command's output from being read as the person's rule.
//
// The vocabulary is closed: DESIGN.md ("Source") and the importer's docs
// list it. A new value is a change of contract.
const (
	// SourceHuman is text the person typed: prompts, queued messages,
	// answers to the agent's questions, the reason for a rejected tool call.
	SourceHuman = "human"
	// SourceHarness is boilerplate the agent's harness injected (caveats,
	// system reminders, command markup). Shown, never a source of rules.
	SourceHarness = "harness"
	// SourceCommandTemplate is the expanded body of a slash command or skill.
	SourceCommandTemplate = "command_template"
	// SourceDelegation is the agent's prompt to a subagent.
	SourceDelegation = "delegation"
	// SourceSubagentReport is what a subagent reported back.
	SourceSubagentReport = "subagent_report"
	// SourceCommandOutput is the output of a shell or local command.
	SourceCommandOutput = "command_output"
	// SourceProjectRule is a project rules file the agent read (CLAUDE.md,
	// AGENTS.md, .claude/rules, .cursor/rules).
	SourceProjectRule = "project_rule"
	// SourceDocument is a document the agent was pointed at or works from
	// (a runbook, a plan file, the project's docs).
	SourceDocument = "document"
	// SourceConfigFile is a config file (.env and the like) the agent read
	// or wrote; Meta["path"] names it.
	SourceConfigFile = "config_file"
	// SourceToolResult is any other tool output.
	SourceToolResult = "tool_result"
	// SourceAgent is the agent's own text and tool calls.
	SourceAgent = "agent"
	// SourceReasoning is the agent's thinking.
	SourceReasoning = "reasoning"
	// SourceSystem is a system prompt.
	SourceSystem = "system"
	// SourceSummary is a compaction's candidate text.
	SourceSummary = "summary"
)

// Sources lists the source vocabulary, in the order of DESIGN.md.
func Sources() []string {
	return []string{SourceHuman, SourceHarness, SourceCommandTemplate, SourceDelegation,
		SourceSubagentReport, SourceCommandOutput, SourceProjectRule, SourceDocument,
		SourceConfigFile, SourceToolResult, SourceAgent, SourceReasoning, SourceSystem, SourceSummary}
}

// IsSource reports whether s is in the source vocabulary.
func IsSource(s string) bool {
	for _, v := range Sources() {
		if v == s {
			return true
		}
	}
	return false
}

// SpanSource is the source of a span: Meta["source"] when it names one of
// the vocabulary, and otherwise the default of its kind (user → human,
// system → system, assistant and tool_call → agent, reasoning → reasoning,
// tool_result → tool_result, summary → summary). Spans appended over the
// API without a source are judged as before sources existed.
func SpanSource(sp Span) string {
	if s := sp.Meta["source"]; IsSource(s) {
		return s
	}
	switch sp.Kind {
	case "user":
		return SourceHuman
	case "system":
		return SourceSystem
	case "reasoning":
		return SourceReasoning
	case "tool_result":
		return SourceToolResult
	case "summary":
		return SourceSummary
	}
	return SourceAgent
}
