// Package session reads recorded agent sessions: compactguard's own JSONL
// event format (DESIGN.md "Session JSONL") and, through importers, agent
// transcripts from other tools. Every problem names the file, the line and
// the field, so a person can fix the input; a file with any problem is
// refused whole before anything runs.
package session
