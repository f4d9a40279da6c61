package sdk

// The generated protocol code in sdk/internal/pb comes from
// sdk/proto/compactguard/v1/plugin.proto. Run `go generate ./sdk` (needs
// protoc, protoc-gen-go v1.36.12 and protoc-gen-go-grpc v1.6.0; see
// README.md) after editing the .proto. The paths below are relative to
// this directory; the README gives the same command from the repo root.

//go:generate protoc -I proto --go_out=.. --go_opt=module=github.com/compactguard/compactguard --go-grpc_out=.. --go-grpc_opt=module=github.com/compactguard/compactguard proto/compactguard/v1/plugin.proto
