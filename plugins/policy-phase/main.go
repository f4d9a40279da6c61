// Command policy-phase is compactguard's reference policy plugin. The host
// starts it (plugin "policy" "phase" { command = "policy-phase" }); it is
// not meant to be run by hand. It classifies the task phase of a context
// view and proposes the policy configured for that phase; see README.md.
package main

import (
	"github.com/compactguard/compactguard/plugins/policy-phase/phaseplugin"
	"github.com/compactguard/compactguard/sdk"
)

func main() {
	sdk.Serve(&sdk.ServeConfig{Policy: phaseplugin.New()})
}
