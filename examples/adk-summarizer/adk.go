package adkguard

import (
	"context"
	"time"
)

// The types below mirror, field for field, the part of google/adk-go's
// public API that a compaction Summarizer sees. The Go module proxy this
// project builds with does not serve google.golang.org/adk (nor
// google.golang.org/adk/v2), so the adapter cannot import them; it keeps
// to the interface the public source defines, at
// https://github.com/google/adk-go/blob/24a80f28526cf68281cab31bade08ee0fbf5154d/session/compaction/compaction.go
// (Summarizer, Config.Summarizer) and
// https://github.com/google/adk-go/blob/24a80f28526cf68281cab31bade08ee0fbf5154d/session/compaction/summary_event.go
// (the event a Summarizer returns). Where adk-go uses genai's types
// (google.golang.org/genai Content, Part, FunctionCall,
// FunctionResponse), the mirror keeps only the fields a summary reads.
// Porting to the real module is a change of imports: session.Event for
// Event, genai.Content for Content, and so on (see README.md).

// Summarizer is adk-go's compaction.Summarizer: it compacts a range of
// events into one summary event, or returns a nil event to skip this
// compaction (history untouched). The events passed in are never
// modified.
type Summarizer interface {
	SummarizeEvents(ctx context.Context, events []*Event) (*Event, error)
}

// Event is the part of adk-go's session.Event a summarizer uses. In
// adk-go, Content comes from the embedded model.LLMResponse.
type Event struct {
	// ID is set by storage; the runner stamps a summary event whose ID is
	// empty, and leaves one that is set.
	ID        string
	Timestamp time.Time
	// Author is "user" for what the person said (and for summary events,
	// which adk-go authors as "user"), else the agent's name.
	Author  string
	Content *Content
	Actions EventActions
}

// EventActions is the part of session.EventActions a summary sets.
type EventActions struct {
	// Compaction, when non-nil, marks the event as a summary standing in
	// for the events between its timestamps.
	Compaction *EventCompaction
}

// EventCompaction is session.EventCompaction.
type EventCompaction struct {
	StartTimestamp   time.Time
	EndTimestamp     time.Time
	CompactedContent *Content
}

// Content is genai.Content: a role and its parts.
type Content struct {
	Role  string
	Parts []*Part
}

// Part is the part of genai.Part a summary reads.
type Part struct {
	Text string
	// Thought marks the model's own reasoning.
	Thought          bool
	FunctionCall     *FunctionCall
	FunctionResponse *FunctionResponse
}

// FunctionCall is genai.FunctionCall.
type FunctionCall struct {
	Name string
	Args map[string]any
}

// FunctionResponse is genai.FunctionResponse.
type FunctionResponse struct {
	Name     string
	Response map[string]any
}
