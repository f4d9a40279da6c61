package main
import (
 _ "github.com/hashicorp/go-plugin"
 _ "github.com/hashicorp/hcl/v2"
 _ "github.com/hashicorp/hcl/v2/gohcl"
 _ "github.com/hashicorp/hcl/v2/hclsyntax"
 _ "github.com/hashicorp/hcl/v2/hclwrite"
 _ "github.com/hashicorp/go-hclog"
 _ "google.golang.org/grpc"
 _ "google.golang.org/protobuf/proto"
 _ "github.com/tiktoken-go/tokenizer"
 _ "modernc.org/sqlite"
 _ "github.com/jackc/pgx/v5"
 _ "github.com/prometheus/client_golang/prometheus"
 _ "pgregory.net/rapid"
 _ "github.com/zclconf/go-cty/cty"
)
func main(){}
