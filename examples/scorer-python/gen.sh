#!/bin/sh
# Regenerates gen/ (the protobuf message classes the plugin imports) from
# the compactguard protocol and go-plugin's own services. Run from the
# repository root after sdk/proto/compactguard/v1/plugin.proto changes:
#
#   sh examples/scorer-python/gen.sh
#
# Needs Debian's protobuf-compiler (protoc 3.21, matching python3-protobuf
# 3.21/4.21). Only message classes are generated (--python_out): Debian's
# python3-grpc-tools is too old for python3-protobuf, so the gRPC service
# wiring is written by hand in plugin.py with grpc.method_handlers_generic_handler.
# proto/goplugin/*.proto are copied unchanged from
# github.com/hashicorp/go-plugin@v1.8.0/internal/plugin (MPL-2.0).
set -eu
here=examples/scorer-python
rm -rf "$here/gen"
mkdir -p "$here/gen"
protoc -I sdk/proto -I "$here/proto" --python_out="$here/gen" \
	compactguard/v1/plugin.proto \
	goplugin/grpc_controller.proto \
	goplugin/grpc_stdio.proto \
	health/health.proto
