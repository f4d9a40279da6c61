package session

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
)

// This file says who wrote what in a Claude Code transcript: the source
// (sdk.Source*) of each span. The signals are the transcript's own
// structure: the record type and its flags (isMeta), the markup the
// harness wraps around what it injects (<task-notification>,
// <bash-stdout>, <system-reminder>), the tool a result answers, the file a
// tool read or wrote, and a few fixed sentences Claude Code itself writes
// (a rejection's opener, the local-command caveat). None of them is read
// to judge what a person meant: they say who is speaking.

// harnessTags open text the harness injected around the conversation: a
// user record that starts with one is markup, not the person's words.
func harnessTags() []string {
	return []string{"<command-name>", "<command-message>", "<command-args>", "<local-command-caveat>",
		"<system-reminder>", "<user-prompt-submit-hook>", "<local-command-stdout></local-command-stdout>"}
}

// outputTags open the output of a command the person ran from the prompt
// (`!cmd`, a local slash command).
func outputTags() []string {
	return []string{"<bash-stdout>", "<bash-stderr>", "<local-command-stdout>", "<local-command-stderr>"}
}

// userTextSource is the source of user text: a queued or typed message, or
// text the harness put in the user's turn.
func userTextSource(text string, isMeta bool) string {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "<task-notification>"):
		return sdk.SourceSubagentReport
	case hasAnyPrefix(t, outputTags()):
		return sdk.SourceCommandOutput
	case hasAnyPrefix(t, harnessTags()):
		return sdk.SourceHarness
	case strings.HasPrefix(t, "[Request interrupted"):
		// The harness's own marker when the person pressed Esc.
		return sdk.SourceHarness
	case isMeta:
		// isMeta text that is not markup is the expanded body of a slash
		// command or skill: its rule lists count, so it is a template,
		// not harness boilerplate. (The caveat is markup:
		// <local-command-caveat>, caught above.)
		return sdk.SourceCommandTemplate
	}
	return sdk.SourceHuman
}

// queuedSource is the source of a queue-operation's content: a message the
// person typed while the agent worked, a subagent's completion notice, a
// slash command, or a background task's JSON descriptor.
func queuedSource(text string) string {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}"):
		return sdk.SourceHarness // {"task_id":...,"task_type":"local_bash"}
	case strings.HasPrefix(t, "/") && !strings.ContainsAny(t, " \n"):
		return sdk.SourceHarness // a bare slash command: /model, /clear
	}
	return userTextSource(t, false)
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// Tool families, by the lower-cased tool name Claude Code records.
const (
	toolFamilyShell    = "shell"
	toolFamilyRead     = "read"
	toolFamilyWrite    = "write"
	toolFamilySubagent = "subagent"
	toolFamilyQuestion = "question"
)

// toolFamily groups Claude Code's tools by what their results are.
func toolFamily(name string) string {
	switch name {
	case "bash", "powershell", "bashoutput", "killshell", "monitor":
		return toolFamilyShell
	case "read", "notebookread":
		return toolFamilyRead
	case "write", "edit", "multiedit", "notebookedit":
		return toolFamilyWrite
	case "task", "agent", "taskoutput", "sendmessage":
		return toolFamilySubagent
	case "askuserquestion":
		return toolFamilyQuestion
	}
	// Anything else (WebFetch, an MCP server's answer, source code read)
	// is plain tool output: third-party text never sets a rule.
	return ""
}

// fileSource classifies a file a tool read or wrote by its path: project
// rules files, config files, and documents (prose the agent works from).
// Anything else (source code, vendored files) is plain tool output and
// never sets a rule. ok is false for such a file.
func fileSource(p string) (source string, ok bool) {
	if p == "" {
		return "", false
	}
	slashed := strings.ReplaceAll(p, `\`, "/")
	base := path.Base(slashed)
	lower := strings.ToLower(slashed)
	lbase := strings.ToLower(base)
	for _, dir := range []string{"/node_modules/", "/vendor/", "/third_party/", "/.git/"} {
		if strings.Contains(lower, dir) {
			return "", false
		}
	}
	switch {
	case lbase == "claude.md" || lbase == "claude.local.md" || lbase == "agents.md" || lbase == "gemini.md" ||
		lbase == ".cursorrules" || strings.Contains(lower, "/.claude/rules/") || strings.Contains(lower, "/.cursor/rules/"):
		return sdk.SourceProjectRule, true
	case lbase == ".env" || strings.HasPrefix(lbase, ".env."):
		return sdk.SourceConfigFile, true
	}
	switch path.Ext(lbase) {
	case ".env", ".ini", ".cfg", ".conf", ".properties":
		return sdk.SourceConfigFile, true
	case ".md", ".mdx", ".markdown", ".rst", ".adoc":
		return sdk.SourceDocument, true
	}
	return "", false
}

// toolResultSource is the source of a tool's result. named says whether
// the person named a file (by its base name) earlier in the session: a
// document counts as one the agent was pointed at only then, or when it is
// a plan of Claude Code's plan mode (under .claude/plans/), which the
// person approved. A document the agent found on its own is tool output:
// a design note's "no side effects" describes code, it sets no rule.
func toolResultSource(ref toolRef, named func(base string) bool) string {
	switch toolFamily(ref.name) {
	case toolFamilySubagent:
		return sdk.SourceSubagentReport
	case toolFamilyQuestion:
		return sdk.SourceHuman // the person's answers
	case toolFamilyShell:
		return sdk.SourceCommandOutput
	case toolFamilyRead:
		s, ok := fileSource(ref.path)
		if !ok {
			break
		}
		if s == sdk.SourceDocument {
			slashed := strings.ToLower(strings.ReplaceAll(ref.path, `\`, "/"))
			if !strings.Contains(slashed, "/.claude/plans/") && !pointedAt(ref.path, named) {
				break
			}
		}
		return s
	}
	return sdk.SourceToolResult
}

// fileNames returns the lower-cased base names of the file paths a text
// names ("see docs/runbook.md" names "runbook.md").
func fileNames(text string) []string {
	var out []string
	for _, p := range filePaths(text) {
		out = append(out, strings.ToLower(path.Base(p)))
	}
	return out
}

// filePaths returns the slash-separated file paths a text names, as
// written: a word with an extension ("docs/runbook.md", "CLAUDE.md").
func filePaths(text string) []string {
	var out []string
	// A path is Latin letters, digits and the marks paths use; anything
	// else ends it, so a name written in a sentence of another script
	// ("先看一下 runbooks/ingest.md。", "راجع docs/runbook.md،") is found
	// without the punctuation after it.
	for _, f := range strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsDigit(r) || unicode.Is(unicode.Latin, r) || strings.ContainsRune("._-/\\~+@#", r))
	}) {
		f = strings.TrimRight(f, ".:;!?")
		slashed := strings.ReplaceAll(f, `\`, "/")
		base := path.Base(slashed)
		if ext := path.Ext(base); len(ext) > 1 && len(ext) <= 9 && len(base) > len(ext) {
			out = append(out, slashed)
		}
	}
	return out
}

// textWords returns the lower-cased words of three or more letters or
// digits a text holds: what a person may call a document by ("follow
// the repo's CONTRIBUTING", "the SOP's on the drive", "lis les
// consignes de la ligne").
func textWords(text string) []string {
	var out []string
	// A vowel sign (Devanagari, Thai) is part of its word.
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) }) {
		if utf8.RuneCountInString(w) >= 3 {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// pointedAt reports a document the person pointed the agent at: named
// says whether the person wrote a name (a file's base name, or a word).
// The document's base name counts, and so does its name without the
// extension when it is written in capitals, as a project names the
// documents it keeps for people (CONTRIBUTING, RUNBOOK, SECURITY): "follow
// the repo's CONTRIBUTING". A lower-case name, a part of a name or a folder
// does not: a person who asks to "analyze" an issue has not pointed at
// references/analyze.md, nor one who talks of "the session state" at
// docs/plans/session-phase-state-machine.md.
func pointedAt(p string, named func(string) bool) bool {
	base := path.Base(strings.ReplaceAll(p, `\`, "/"))
	if named(strings.ToLower(base)) {
		return true
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	return utf8.RuneCountInString(stem) >= 3 && stem == strings.ToUpper(stem) && strings.ToLower(stem) != stem && named(strings.ToLower(stem))
}

// rejectionOpener opens the result Claude Code writes for a tool call the
// person rejected; rejectionMarker follows it when they gave a reason,
// which comes after the marker.
const (
	rejectionOpener = "The user doesn't want to proceed with this tool use."
	rejectionMarker = "To tell you how to proceed, the user said:"
)

// harnessResultPrefixes open tool results that Claude Code writes itself
// rather than the tool: a call the person rejected (without a reason, all
// of it is the harness's sentence), a background agent's launch receipt.
func harnessResultPrefixes() []string {
	return []string{rejectionOpener, "Async agent launched successfully."}
}

// rejectedReason returns the person's reason for rejecting a tool call, or
// false when the result is no rejection with a reason. Only a result that
// opens the way Claude Code writes a rejection counts: a command's output
// that merely holds the marker sentence is not the person speaking.
func rejectedReason(text string) (string, bool) {
	if !strings.HasPrefix(strings.TrimSpace(text), rejectionOpener) {
		return "", false
	}
	i := strings.Index(text, rejectionMarker)
	if i < 0 {
		return "", false
	}
	reason := strings.TrimSpace(text[i+len(rejectionMarker):])
	return reason, reason != ""
}
