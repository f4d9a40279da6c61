package labels

import (
	"encoding/json"
	"slices"
)

// Index is what the comparison needs of a raw Claude Code transcript: the
// line of each record uuid, and where the compaction summaries sit. Lines
// are counted as the script counts them (Python text mode: "\n", "\r\n"
// and a lone "\r" each end a line) so that a label's line, an item's line
// and a summary line mean the same record in both tools.
type Index struct {
	// uuidLine is the first line each uuid appears on.
	uuidLine map[string]int
	// summaryLines are the lines of the isCompactSummary records outside
	// sidechains, a repeated uuid counted once, in file order: the n-th is
	// the n-th compaction the importer makes.
	summaryLines []int
	// summaryUUID is the uuid of each of those records ("" if none).
	summaryUUID map[int]string
}

// NewIndex reads a transcript. A line that is not a JSON object is
// skipped, as the script skips it.
func NewIndex(data []byte) *Index {
	ix := &Index{uuidLine: map[string]int{}, summaryUUID: map[int]string{}}
	seenSummary := map[string]bool{}
	eachLine(data, func(n int, line []byte) {
		var rec map[string]json.RawMessage
		if json.Unmarshal(line, &rec) != nil {
			return
		}
		// A uuid that is not a string names no span and no summary.
		var uuid string
		_ = json.Unmarshal(rec["uuid"], &uuid)
		if uuid != "" {
			if _, ok := ix.uuidLine[uuid]; !ok {
				ix.uuidLine[uuid] = n
			}
		}
		if truthy(rec["isCompactSummary"]) && !truthy(rec["isSidechain"]) && (uuid == "" || !seenSummary[uuid]) {
			ix.summaryLines = append(ix.summaryLines, n)
			ix.summaryUUID[n] = uuid
			if uuid != "" {
				seenSummary[uuid] = true
			}
		}
	})
	return ix
}

// LineOf is the first line uuid appears on.
func (ix *Index) LineOf(uuid string) (int, bool) {
	n, ok := ix.uuidLine[uuid]
	return n, ok
}

// SummaryLines are the lines of the transcript's compaction summaries.
func (ix *Index) SummaryLines() []int { return slices.Clone(ix.summaryLines) }

// eachLine calls fn with each line of data and its 1-based number, the
// terminator removed.
func eachLine(data []byte, fn func(n int, line []byte)) {
	n := 0
	for len(data) > 0 {
		end, next := len(data), len(data)
		for i, b := range data {
			if b == '\n' || b == '\r' {
				end, next = i, i+1
				if b == '\r' && i+1 < len(data) && data[i+1] == '\n' {
					next = i + 2
				}
				break
			}
		}
		n++
		fn(n, data[:end])
		data = data[next:]
	}
}

// truthy is Python's truth value of a JSON value: absent, null, false, 0,
// "" and empty lists or objects are false.
func truthy(raw json.RawMessage) bool {
	if len(raw) == 0 {
		return false
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}
