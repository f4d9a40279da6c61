//go:build !unix

package browsertest

import "os/exec"

// killGroup leaves the default: on timeout only the browser process is killed.
func killGroup(*exec.Cmd) {}
