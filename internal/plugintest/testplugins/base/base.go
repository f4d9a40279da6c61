// Package base holds what the test plugins under testplugins share: a
// Describe and Configure that accept no config, so each test plugin main
// only writes the behaviour it exists to show.
package base

import (
	"context"
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

// Plugin answers Describe with its fields and accepts an empty config.
type Plugin struct {
	Name string
	Kind sdk.Kind
}

// Describe reports Name and Kind at version 0.0.1 with no config schema.
func (p Plugin) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name:            p.Name,
		Kind:            p.Kind,
		Version:         "0.0.1",
		ProtocolVersion: sdk.ProtocolVersion,
		Description:     "compactguard test plugin " + p.Name,
	}, nil
}

// Configure accepts the config it is given; the host has already refused
// any attribute the (empty) schema does not declare.
func (p Plugin) Configure(context.Context, *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	return &sdk.ConfigureResponse{}, nil
}

// Prohibitions emits one prohibition item per span whose text contains
// "do not", with the evidence range of the phrase: the behaviour every
// well-behaved test extractor shares.
func Prohibitions(name string, spans []sdk.Span) []sdk.Item {
	var items []sdk.Item
	for _, s := range spans {
		if i := strings.Index(s.Text, "do not"); i >= 0 {
			items = append(items, sdk.Item{
				Category:  sdk.CategoryProhibition,
				Text:      s.Text,
				Span:      s.ID,
				Start:     i,
				End:       len(s.Text),
				Extractor: name,
			})
		}
	}
	return items
}
