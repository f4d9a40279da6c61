package main

import "context"

func runServe(ctx context.Context, env *cliEnv, args []string) error {
	return &usageError{"not implemented yet in this build (the HTTP API lands with issue 6)"}
}
