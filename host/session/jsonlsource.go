package session

import (
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

// readSources gives a source to the tool results of a session JSONL file
// that carry none, where the file itself says who wrote them: a result
// that answers a tool call naming a project rules file (CLAUDE.md,
// AGENTS.md, .claude/rules, .cursorrules) is project_rule, and one that
// answers a call naming a document the person or the system prompt named
// earlier ("Read CONTRIBUTING.md before changing build files", then `sed
// -n '/## Nix/,/## Rust/p' CONTRIBUTING.md`) is document; a config file
// (.env) is config_file. For a shell call only the files the command
// prints count (cat, sed -n, head; not cp or mv). A call to a subagent tool (meta.tool Task or
// Agent) is the agent's brief, delegation, and its result the subagent's
// report. These are the Claude Code importer's rules
// (fileSource, toolResultSource), read from the call's text, since a
// generic JSONL file has no tool fields. Every other span keeps the
// default of its kind, and a span that names its source keeps it.
func readSources(events []Event) {
	named := map[string]bool{} // base names the person or the system prompt named
	var call *sdk.Span         // the tool call a result answers
	for _, e := range events {
		sp := e.Span
		if sp == nil {
			continue
		}
		switch sp.Kind {
		case "user", "system":
			if src := sdk.SpanSource(*sp); src == sdk.SourceHuman || src == sdk.SourceSystem {
				for _, b := range fileNames(sp.Text) {
					named[b] = true
				}
				for _, w := range textWords(sp.Text) {
					named[w] = true
				}
			}
		case "tool_call":
			call = sp
			if sp.Meta["source"] == "" && delegates(sp) {
				setSource(sp, sdk.SourceDelegation)
			}
			continue
		case "tool_result":
			if call != nil && sp.Meta["source"] == "" && delegates(call) {
				setSource(sp, sdk.SourceSubagentReport)
			} else if call != nil && sp.Meta["source"] == "" {
				text := call.Text
				if shellTool(call.Meta["tool"]) {
					// A command's output is a file's text only when the
					// command prints the file: `cp .env.example .env`
					// prints nothing of it.
					text = strings.Join(printedPaths(call.Text), " ")
				}
				if src := resultSource(text, named); src != "" {
					setSource(sp, src)
				}
			}
		}
		call = nil
	}
}

// delegates reports a tool call that hands work to a subagent (its tool
// is one of the importers' subagent family: Task, Agent, …): its text is
// the agent's brief, a delegation, and its result the subagent's report.
func delegates(call *sdk.Span) bool {
	return toolFamily(strings.ToLower(call.Meta["tool"])) == toolFamilySubagent
}

// shellTool reports the tools of the importers' shell families (Claude
// Code's Bash, Codex's shell and exec_command, ...).
func shellTool(name string) bool {
	switch n := strings.ToLower(name); {
	case toolFamily(n) == toolFamilyShell:
		return true
	case n == "shell" || n == "shell_command" || n == "exec_command" || n == "local_shell" || n == "terminal":
		return true
	}
	return false
}

// readerProgram reports the commands whose output is the text of the
// files they are given: a rules file or a config file read with a shell.
func readerProgram(name string) bool {
	switch strings.ToLower(name) {
	case "cat", "head", "tail", "sed", "less", "more", "bat", "nl", "awk", "grep", "rg", "jq", "yq",
		"type", "get-content", "gc", "view":
		return true
	}
	return false
}

// wrapper reports a command that runs the command after it (sudo cat,
// ssh host cat, bash -lc cat), with how many arguments of its own come
// first.
func wrapper(name string) (args int, ok bool) {
	switch strings.ToLower(name) {
	case "sudo", "env", "command", "exec", "time", "nice":
		return 0, true
	case "bash", "sh", "zsh", "dash":
		return 1, true // bash -lc 'cat AGENTS.md': the command is the argument after the flag
	case "ssh":
		return 1, true
	}
	return 0, false
}

// printedPaths returns the paths a shell command prints: those given to a
// reader program (cat CLAUDE.md, sed -n '1,40p' docs/runbook.md, ssh host
// sudo cat /etc/app.env), not those it copies, moves or writes.
func printedPaths(cmd string) []string {
	var out []string
	segments := strings.FieldsFunc(cmd, func(r rune) bool { return r == '&' || r == ';' || r == '|' || r == '\n' })
	for _, seg := range segments {
		// Quotes, brackets and commas go: Codex writes its shell calls as
		// an argv array (["bash", "-lc", "cat AGENTS.md"]).
		fields := strings.Fields(strings.NewReplacer("'", " ", `"`, " ", "(", " ", ")", " ", "[", " ", "]", " ", ",", " ").Replace(seg))
		for len(fields) > 0 {
			skip, ok := wrapper(fields[0])
			if !ok {
				break
			}
			fields = fields[min(1+skip, len(fields)):]
		}
		if len(fields) > 0 && readerProgram(fields[0]) {
			out = append(out, filePaths(strings.Join(fields[1:], " "))...)
		}
	}
	return out
}

func setSource(sp *sdk.Span, src string) {
	if sp.Meta == nil {
		sp.Meta = map[string]string{}
	}
	sp.Meta["source"] = src
}

// resultSource is the source of a result to a call whose text names files,
// or "" when none of them says more than tool output.
func resultSource(callText string, named map[string]bool) string {
	for _, p := range filePaths(callText) {
		src, ok := fileSource("/" + strings.ToLower(p))
		switch {
		case !ok:
		case src == sdk.SourceDocument && !pointedAt(p, func(n string) bool { return named[n] }):
			// A document the agent found on its own describes, it sets
			// nothing (toolResultSource says why).
		default:
			return src
		}
	}
	return ""
}
