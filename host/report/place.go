package report

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
)

// Where an item came from, as a person reads it. A span imported from a
// transcript has an origin (its file and line): the views show that, and
// who put the span there (its source), instead of the span id, which for
// an imported transcript is a uuid nobody can look up. A span appended
// over the API has no origin: the views show its id.

// maxFileLabel is the longest file path an item's place shows as given;
// a longer one is shown by its base name (the full path stays in the HTML
// title, the header of the text report and the JSON decision).
const maxFileLabel = 24

// fileLabel is the file of an origin as the views print it: the path when
// it is short, else its base name.
func fileLabel(file string) string {
	if len([]rune(file)) <= maxFileLabel {
		return file
	}
	// Transcripts come from any platform: a Windows path is cut at its
	// backslashes too.
	base := path.Base(strings.ReplaceAll(file, `\`, "/"))
	if base == "." || base == "/" {
		return file
	}
	return base
}

// originLabel is "file:line", the file shortened by fileLabel; an origin
// with no file is "line N".
func originLabel(o guard.Origin) string {
	if o.File == "" {
		return "line " + strconv.Itoa(o.Line)
	}
	return fileLabel(o.File) + ":" + strconv.Itoa(o.Line)
}

// originFull is "file:line" with the file's full path.
func originFull(o guard.Origin) string {
	if o.File == "" {
		return "line " + strconv.Itoa(o.Line)
	}
	return o.String()
}

// maxPlaces bounds the places a grouped item line of the text report
// lists; its "×N" still counts them all, and --json lists them all.
const maxPlaces = 4

// groupPlace is the place column of one text-report line: the origins of
// the grouped items ("full.jsonl:273", several lines of one file joined as
// "full.jsonl:273,301"), then the ids of those without one, shortened and
// bracketed ("[s88,s146]"), then the distinct sources in parentheses.
func groupPlace(items []guard.DecisionItem) string {
	var (
		parts    []string
		lastFile string
		ids      []string
		sources  []string
	)
	for i, it := range items {
		if it.Source != "" && !slices.Contains(sources, it.Source) {
			sources = append(sources, it.Source)
		}
		if i >= maxPlaces {
			continue
		}
		if it.Origin == nil {
			ids = append(ids, shortID(it.Span))
			continue
		}
		f := "\x00"
		if it.Origin.File != "" {
			f = fileLabel(it.Origin.File)
		}
		if len(parts) > 0 && f == lastFile {
			parts[len(parts)-1] += "," + strconv.Itoa(it.Origin.Line)
			continue
		}
		parts = append(parts, originLabel(*it.Origin))
		lastFile = f
	}
	if len(ids) > 0 {
		parts = append(parts, "["+strings.Join(ids, ",")+"]")
	}
	out := strings.Join(parts, " ")
	if len(items) > maxPlaces {
		out += ",…"
	}
	if len(items) > 1 {
		out += " ×" + strconv.Itoa(len(items))
	}
	if len(sources) > 0 {
		out += " (" + strings.Join(sources, ", ") + ")"
	}
	return out
}
