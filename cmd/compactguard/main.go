// Command compactguard is the guard an agent orchestrator asks before it
// compacts its context or rewrites its compaction policy.
//
// Usage: compactguard COMMAND [flags] [args]; `compactguard help` lists
// the commands and `compactguard COMMAND -h` their flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hashicorp/go-hclog"
)

// Version is set at build time (-ldflags "-X main.Version=...").
var Version = "0.1.0-dev"

// Exit codes.
const (
	exitOK    = 0
	exitInput = 1 // bad input or config
	exitUsage = 2 // usage error, or a command this build does not have yet
)

// usageError marks an error as a usage problem (exit 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *cliEnv, args []string) error
	// subs are the subcommands, each listed in the help on a line of its
	// own ("plugins test"), so that the help names every command.
	subs []subcommand
}

// subcommand is one line of a command's part of the help.
type subcommand struct{ name, summary string }

// exitError ends a command with its own exit code and message (the
// message alone, without the "compactguard COMMAND:" prefix): the Claude
// Code hook's exit 2 blocks a compaction, and Claude Code shows its
// stderr as the reason.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// cliEnv is what every command gets: its streams and a logger.
type cliEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	log            hclog.Logger
	// levelSet records that COMPACTGUARD_LOG_LEVEL chose the level.
	levelSet bool
}

// reportLog is the logger for commands that print a report: the report
// already carries every decision's warnings, so the log stays at errors
// unless COMPACTGUARD_LOG_LEVEL asks for more.
func (e *cliEnv) reportLog() hclog.Logger {
	if e.levelSet {
		return e.log
	}
	return hclog.New(&hclog.LoggerOptions{Name: "compactguard", Level: hclog.Error, Output: e.stderr})
}

func commands() []command {
	return []command{
		{"validate", "parse the config, start every plugin, print one line per plugin", runValidate, nil},
		{"replay", "run recorded sessions through the guard and report every decision", runReplay, nil},
		{"check", "judge one compaction of an original against a candidate summary", runCheck, nil},
		{"eval", "run a labelled case set: detection recall and false-refusal rate (--labels: real transcripts)", runEval, nil},
		{"serve", "serve the orchestrator HTTP API", runServe, nil},
		{"audit", "the audit trail", runAudit, []subcommand{
			{"audit verify", "check the hash chains (and, with --key, the signed checkpoints) of stored sessions"},
			{"audit keygen", "make a signing key for the audit block"},
		}},
		{"plugins", "plugin binaries", runPlugins, []subcommand{
			{"plugins lock", "pin the configured plugin binaries by sha256 (.compactguard.lock.hcl)"},
			{"plugins test", "run the conformance kit (sdk/sdktest) against one plugin binary"},
		}},
		{"hook", "answer one agent harness hook event on stdin", runHook, []subcommand{
			{"hook claude-code", "answer one Claude Code hook event (what install claude-code sets up)"},
			{"hook codex", "answer one Codex hook event (what install codex sets up)"},
		}},
		{"install", "put compactguard's hooks into an agent harness", runInstall, []subcommand{
			{"install claude-code", "put the hooks in .claude/settings.json (--user: in every project)"},
			{"install codex", "put the hooks in .codex/hooks.json"},
		}},
		{"uninstall", "take compactguard's hooks out again", runUninstall, []subcommand{
			{"uninstall claude-code", "take them out again, the file left as it was"},
			{"uninstall codex", "take them out again, the file left as it was"},
		}},
		{"version", "print the version", runVersion, nil},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	level := hclog.LevelFromString(os.Getenv("COMPACTGUARD_LOG_LEVEL"))
	levelSet := level != hclog.NoLevel
	if !levelSet {
		level = hclog.Warn
	}
	env := &cliEnv{stdin: os.Stdin, stdout: stdout, stderr: stderr, levelSet: levelSet,
		log: hclog.New(&hclog.LoggerOptions{Name: "compactguard", Level: level, Output: stderr})}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, env, args[1:])
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		}
		var xe *exitError
		if errors.As(err, &xe) {
			fmt.Fprintln(stderr, xe.msg)
			return xe.code
		}
		printError(stderr, c.name, err)
		var ue *usageError
		if errors.As(err, &ue) {
			return exitUsage
		}
		return exitInput
	}
	fmt.Fprintf(stderr, "compactguard: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "compactguard: keeps agents from silently losing what they were told.")
	fmt.Fprintln(w, "\nUsage: compactguard COMMAND [flags] [args]\n\nCommands:")
	for _, c := range commands() {
		if len(c.subs) == 0 {
			fmt.Fprintf(w, "  %-22s %s\n", c.name, c.summary)
			continue
		}
		for _, sc := range c.subs {
			fmt.Fprintf(w, "  %-22s %s\n", sc.name, sc.summary)
		}
	}
	fmt.Fprintln(w, "\nRun `compactguard COMMAND -h` for a command's flags.")
	fmt.Fprintln(w, "Logs go to stderr; COMPACTGUARD_LOG_LEVEL=debug|info|warn|error sets the level (default warn).")
}

// newFlags makes a FlagSet whose usage text names the command.
func newFlags(env *cliEnv, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.Usage = func() {
		fmt.Fprintf(env.stderr, "Usage: compactguard %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses flags wherever they sit among the arguments, so
// `replay FILE --json` works as well as `replay --json FILE`.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, &usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if rest[0] == "--" {
			return append(positional, rest[1:]...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

func configFlag(fs *flag.FlagSet) *string {
	return fs.String("config", "policies.hcl", "the configuration `FILE`")
}

func runVersion(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "version", "version")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "compactguard %s (plugin protocol 1)\n", Version)
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
