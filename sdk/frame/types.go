package frame

import "github.com/compactguard/compactguard/sdk"

// The frame types are the protocol's (package sdk); these names keep this
// package readable on its own.
type (
	Frame     = sdk.Frame
	Object    = sdk.FrameObject
	Bound     = sdk.Bound
	Qualifier = sdk.Qualifier
)

// Modalities of a frame.
const (
	MustNot = sdk.ModalityMustNot
	Must    = sdk.ModalityMust
	Only    = sdk.ModalityOnly
	Limit   = sdk.ModalityLimit
	Failed  = sdk.ModalityFailed
)

// Bound ops.
const (
	OpEq      = sdk.OpEq
	OpLE      = sdk.OpLE
	OpLT      = sdk.OpLT
	OpGE      = sdk.OpGE
	OpGT      = sdk.OpGT
	OpBefore  = sdk.OpBefore
	OpAfter   = sdk.OpAfter
	OpUntil   = sdk.OpUntil
	OpBetween = sdk.OpBetween
)

// Statuses of a frame over the session's timeline.
const (
	StatusActive     = sdk.StatusActive
	StatusLifted     = sdk.StatusLifted
	StatusSuperseded = sdk.StatusSuperseded
)
