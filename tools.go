//go:build tools

// This file pins modules that packages reach only in some builds, so that
// `go mod tidy` keeps them. It is never compiled (build tag "tools").
package tools

import (
	_ "github.com/hashicorp/go-plugin"
	_ "github.com/hashicorp/hcl/v2"
	_ "github.com/jackc/pgx/v5"
	_ "github.com/prometheus/client_golang/prometheus"
	_ "github.com/tiktoken-go/tokenizer"
	_ "modernc.org/sqlite"
	_ "pgregory.net/rapid"
)
