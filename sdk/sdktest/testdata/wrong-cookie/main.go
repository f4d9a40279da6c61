// Command wrong-cookie is a scorer built against another host's
// handshake: its magic cookie is not compactguard's, so it refuses to
// start under compactguard. The conformance kit must fail its handshake.
package main

import (
	"github.com/hashicorp/go-plugin"

	"github.com/compactguard/compactguard/sdk"
)

func main() {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: plugin.HandshakeConfig{
			ProtocolVersion:  sdk.ProtocolVersion,
			MagicCookieKey:   "OTHER_HOST_PLUGIN",
			MagicCookieValue: "not-compactguard",
		},
		Plugins:    plugin.PluginSet{"scorer": &sdk.ScorerPlugin{}},
		GRPCServer: plugin.DefaultGRPCServer,
	})
}
