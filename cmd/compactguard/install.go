package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
)

// `compactguard install claude-code` merges compactguard's three hooks
// into a Claude Code settings.json, `install codex` into a Codex
// hooks.json; `uninstall` takes them out and, when nothing else changed,
// puts the file back byte for byte.
//
// Both files hold hooks in the same shape:
//
//	{"hooks": {"PreCompact": [{"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}], ...}}
//
// A matcher group without "matcher" matches every trigger. Claude Code
// reads ./.claude/settings.json and ~/.claude/settings.json; Codex reads
// hooks.json beside each config layer, ./.codex/hooks.json and
// $CODEX_HOME/hooks.json (~/.codex/hooks.json), and runs a hook only once
// the person has reviewed and trusted it (/hooks in Codex).

// hookEvent is one hook compactguard installs.
type hookEvent struct{ event, matcher string }

// ccHookEvents are the events compactguard hooks, in the order written;
// Codex has the same three, with the same matcher.
var ccHookEvents = []hookEvent{
	{"PreCompact", ""},
	{"PostCompact", ""},
	{"SessionStart", "compact"},
}

// backupSuffix names the copy of settings.json as it was before install.
const backupSuffix = ".compactguard-backup"

// ourCommandFor matches the command of a hook compactguard installed for
// a harness: this binary (by any path, quoted or not) running `hook NAME`.
func ourCommandFor(name string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[/\\'"\s])compactguard(\.exe)?['"]?\s+hook\s+` + regexp.QuoteMeta(name) + `(\s|$)`)
}

// ourCommand matches the Claude Code hooks' commands.
var ourCommand = ourCommandFor(hookTenant)

// installTarget is the hooks file of one harness.
type installTarget struct {
	hs     *harness
	events []hookEvent
	ours   *regexp.Regexp
	// project is the project file, relative to the working directory;
	// user returns the per-user one.
	project string
	user    func() (string, error)
	// projectHelp and userHelp name them in -h.
	projectHelp, userHelp string
	// after is said once the file is written.
	after string
}

func installTargets() []*installTarget {
	codex := codexHarness()
	return []*installTarget{
		{hs: claudeCodeHarness(), events: ccHookEvents, ours: ourCommand,
			project: filepath.Join(".claude", "settings.json"), projectHelp: "./.claude/settings.json", userHelp: "$HOME/.claude/settings.json",
			user: func() (string, error) {
				home, err := os.UserHomeDir()
				if err != nil {
					return "", err
				}
				return filepath.Join(home, ".claude", "settings.json"), nil
			}},
		{hs: codex, events: ccHookEvents, ours: ourCommandFor(codex.name),
			project: filepath.Join(".codex", "hooks.json"), projectHelp: "./.codex/hooks.json", userHelp: "$CODEX_HOME/hooks.json (~/.codex/hooks.json)",
			user: codexUserHooks,
			after: "Codex runs a hook only once you have reviewed and trusted it: start Codex and trust the three compactguard hooks in /hooks.\n" +
				"  (Codex loads a project's .codex/hooks.json only when it trusts the project, and runs no hook while config.toml sets [features] hooks = false.)"},
	}
}

// codexUserHooks is the per-user Codex hooks file: hooks.json in
// $CODEX_HOME, ~/.codex when that is unset.
func codexUserHooks() (string, error) {
	if d := os.Getenv("CODEX_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "hooks.json"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".codex", "hooks.json"), nil
}

func runInstall(ctx context.Context, env *cliEnv, args []string) error {
	return installHooks(env, "install", args)
}

func runUninstall(ctx context.Context, env *cliEnv, args []string) error {
	return installHooks(env, "uninstall", args)
}

func installHooks(env *cliEnv, verb string, args []string) error {
	synopsis := verb + " claude-code|codex [--project | --user] [--dry-run]"
	if verb == "install" {
		synopsis += " [-config FILE]"
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		what := map[string]string{"install": "merge", "uninstall": "remove"}[verb]
		fmt.Fprintf(env.stderr, "Usage: compactguard %s\n\n"+
			"  claude-code  %s compactguard's PreCompact, PostCompact and SessionStart (matcher \"compact\") hooks\n"+
			"               in ./.claude/settings.json (--user: ~/.claude/settings.json)\n"+
			"  codex        %s the same three hooks in ./.codex/hooks.json (--user: $CODEX_HOME/hooks.json)\n", synopsis, what, what)
		if len(args) == 0 {
			return &usageError{"need a harness: claude-code or codex"}
		}
		return nil
	}
	var t *installTarget
	for _, c := range installTargets() {
		if c.hs.name == args[0] {
			t = c
		}
	}
	if t == nil {
		return &usageError{fmt.Sprintf("no hooks for %q (claude-code, codex)", args[0])}
	}
	name := t.hs.name
	fl := newFlags(env, verb+" "+name, strings.Replace(synopsis, "claude-code|codex", name, 1))
	project := fl.Bool("project", false, "use "+t.projectHelp+" (the default)")
	user := fl.Bool("user", false, "use "+t.userHelp)
	dryRun := fl.Bool("dry-run", false, "print what would change and the resulting file; write nothing")
	var cfgPath *string
	if verb == "install" {
		cfgPath = fl.String("config", "", "make the hooks run with this configuration `FILE` (default: the hook's own lookup)")
	}
	rest, err := parseFlags(fl, args[1:])
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return &usageError{fmt.Sprintf("unexpected argument %q", rest[0])}
	}
	if *project && *user {
		return &usageError{"--project and --user exclude each other"}
	}
	path := t.project
	if *user {
		p, err := t.user()
		if err != nil {
			return fmt.Errorf("finding the user settings: %w", err)
		}
		path = p
	}
	if verb == "uninstall" {
		return uninstallSettings(env, t, path, *dryRun)
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this executable's path: %w", err)
	}
	command := shellQuote(exe) + " hook " + name
	if *cfgPath != "" {
		abs, err := filepath.Abs(*cfgPath)
		if err != nil {
			return fmt.Errorf("-config %s: %w", *cfgPath, err)
		}
		if _, err := os.Stat(abs); err != nil {
			return fmt.Errorf("-config: %w", err)
		}
		command += " -config " + shellQuote(abs)
	}
	if *cfgPath == "" {
		warnMissingPlugins(env, exe)
	}
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		fmt.Fprintf(env.stderr, "warning: %s looks like a `go run` build that will be deleted; install from a built binary (make build) instead\n", exe)
	}
	return installSettings(env, t, path, command, *dryRun)
}

// warnMissingPlugins says so when the hooks' default configuration would
// not find its plugins: they are looked for beside the executable, and
// every hook run would otherwise end in a warning.
func warnMissingPlugins(env *cliEnv, exe string) {
	if _, src, err := hookConfigPath("", executableDirs()); err != nil || src == nil {
		return // a per-user configuration decides where its plugins are
	}
	for _, name := range []string{"extractor-regex", "scorer-embedding"} {
		if isFile(filepath.Join(filepath.Dir(exe), name)) {
			continue
		}
		if _, err := exec.LookPath(name); err == nil {
			continue
		}
		fmt.Fprintf(env.stderr, "warning: %s is neither beside %s nor on $PATH; the hooks need it (`make build` puts the plugins beside compactguard in bin/)\n", name, exe)
	}
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// installSettings merges t's hook entries running command into the
// settings file at path.
func installSettings(env *cliEnv, t *installTarget, path, command string, dryRun bool) error {
	orig, err := os.ReadFile(path)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	doc, hooks, err := parseSettings(path, orig)
	if err != nil {
		return err
	}
	hadOurs := len(removeOurs(cloneObject(hooks), t.ours)) > 0
	var changes []string
	for _, ev := range t.events {
		want := hookEntry(ev.matcher, command)
		groups, err := eventGroups(path, hooks, ev.event)
		if err != nil {
			return err
		}
		var kept []json.RawMessage
		present, replaced := false, false
		for _, g := range groups {
			if sameJSON(g, want) && !present {
				present = true
				kept = append(kept, g)
				continue
			}
			ng, n := dropOurHooks(g, t.ours)
			if n > 0 {
				replaced = true
				if ng == nil {
					continue
				}
				g = ng
			}
			kept = append(kept, g)
		}
		if !present {
			kept = append(kept, want)
		}
		switch {
		case !present && replaced:
			changes = append(changes, fmt.Sprintf("replaced the compactguard %s hook", describe(ev.event, ev.matcher)))
		case !present:
			changes = append(changes, fmt.Sprintf("added a %s hook", describe(ev.event, ev.matcher)))
		case replaced:
			changes = append(changes, fmt.Sprintf("removed a duplicate compactguard %s hook", describe(ev.event, ev.matcher)))
		}
		hooks.set(ev.event, marshalArray(kept))
	}
	if len(changes) == 0 {
		fmt.Fprintf(env.stdout, "%s: compactguard's hooks are already installed; nothing changed\n", path)
		return nil
	}
	doc.set("hooks", hooks.marshal())
	out := render(doc, orig)
	verb := "changed"
	if dryRun {
		verb = "would change (dry run, nothing written)"
	}
	fmt.Fprintf(env.stdout, "%s %s:\n", path, verb)
	for _, c := range changes {
		fmt.Fprintf(env.stdout, "  %s\n", c)
	}
	fmt.Fprintf(env.stdout, "  each runs: %s\n", command)
	backup := path + backupSuffix
	switch {
	case !existed:
		fmt.Fprintf(env.stdout, "  the file is new: `compactguard uninstall %s` removes it again\n", t.hs.name)
	case hadOurs:
		// The file already holds an older install: it is not the
		// original, so the backup install wrote first stays.
		if _, err := os.Stat(backup); err == nil {
			fmt.Fprintf(env.stdout, "  the copy from before the first install stays in %s\n", backup)
		}
	default:
		fmt.Fprintf(env.stdout, "  backup of the previous file: %s\n", backup)
	}
	if dryRun {
		fmt.Fprintf(env.stdout, "\n%s", out)
		return nil
	}
	if existed && !hadOurs {
		if err := writeFileAtomic(backup, orig, fileMode(path)); err != nil {
			return fmt.Errorf("writing the backup: %w", err)
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("making %s: %w", filepath.Dir(path), err)
	}
	if err := writeFileAtomic(path, out, fileMode(path)); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if t.after != "" {
		fmt.Fprintf(env.stdout, "%s\n", t.after)
	}
	return nil
}

// uninstallSettings removes compactguard's hook entries from path. When
// the file, without them, says what it said before install, the backup's
// bytes are put back; when install created it and nothing else is in it,
// it is removed.
func uninstallSettings(env *cliEnv, t *installTarget, path string, dryRun bool) error {
	cur, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(env.stdout, "%s does not exist; nothing to uninstall\n", path)
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	doc, hooks, err := parseSettings(path, cur)
	if err != nil {
		return err
	}
	removed := removeOurs(hooks, t.ours)
	if len(removed) == 0 {
		fmt.Fprintf(env.stdout, "%s holds no compactguard hook; nothing changed\n", path)
		return nil
	}
	if len(hooks.keys) == 0 {
		doc.remove("hooks")
	} else {
		doc.set("hooks", hooks.marshal())
	}
	after := render(doc, cur)
	backup := path + backupSuffix
	orig, berr := os.ReadFile(backup)
	if berr != nil && !errors.Is(berr, fs.ErrNotExist) {
		return fmt.Errorf("reading the backup: %w", berr)
	}
	say := func(format string, args ...any) {
		if dryRun {
			format = "(dry run, nothing written) " + format
		}
		fmt.Fprintf(env.stdout, format+"\n", args...)
	}
	what := "removed compactguard's " + strings.Join(removed, ", ") + " hooks"
	switch {
	case berr == nil && sameSettings(after, orig):
		say("%s: %s; the file is back byte for byte as it was before install (from %s, now removed)", path, what, backup)
		if dryRun {
			return nil
		}
		if err := writeFileAtomic(path, orig, fileMode(path)); err != nil {
			return fmt.Errorf("restoring %s: %w", path, err)
		}
		if err := os.Remove(backup); err != nil {
			return fmt.Errorf("removing the backup: %w", err)
		}
		return nil
	case berr == nil:
		say("%s: %s; the file was edited since install, so only those entries were removed and the rest kept as it is now (the copy from before install stays in %s)", path, what, backup)
	case sameSettings(after, []byte("{}")):
		say("%s: %s; install had created the file and nothing else is in it, so it was removed", path, what)
		if dryRun {
			return nil
		}
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("removing %s: %w", path, err)
		}
		return nil
	default:
		say("%s: %s; the rest of the file is kept", path, what)
	}
	if dryRun {
		fmt.Fprintf(env.stdout, "\n%s", after)
		return nil
	}
	return writeFileAtomic(path, after, fileMode(path))
}

func describe(event, matcher string) string {
	if matcher == "" {
		return event
	}
	return fmt.Sprintf("%s (matcher %q)", event, matcher)
}

// hookEntry is one matcher group running command.
func hookEntry(matcher, command string) json.RawMessage {
	type hook struct {
		Type    string `json:"type"`
		Command string `json:"command"`
	}
	type group struct {
		Matcher string `json:"matcher,omitempty"`
		Hooks   []hook `json:"hooks"`
	}
	return mustMarshal(group{Matcher: matcher, Hooks: []hook{{Type: "command", Command: command}}})
}

// parseSettings decodes a settings file (empty or absent: {}) and its
// "hooks" object.
func parseSettings(path string, data []byte) (doc, hooks *jsonObject, err error) {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	doc, err = parseObject(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w (fix it or move it away; nothing was changed)", path, err)
	}
	raw, ok := doc.get("hooks")
	if !ok {
		return doc, &jsonObject{vals: map[string]json.RawMessage{}}, nil
	}
	hooks, err = parseObject(raw)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: \"hooks\": %w", path, err)
	}
	return doc, hooks, nil
}

// eventGroups returns the matcher groups of one event.
func eventGroups(path string, hooks *jsonObject, event string) ([]json.RawMessage, error) {
	raw, ok := hooks.get(event)
	if !ok {
		return nil, nil
	}
	var groups []json.RawMessage
	if err := json.Unmarshal(raw, &groups); err != nil {
		return nil, fmt.Errorf("%s: \"hooks\".%q is not a list of matcher groups: %w", path, event, err)
	}
	return groups, nil
}

// removeOurs drops compactguard's hooks from every event of hooks (a
// group left empty goes, then an event left empty) and returns the events
// it changed.
func removeOurs(hooks *jsonObject, ours *regexp.Regexp) []string {
	var changed []string
	for _, event := range append([]string(nil), hooks.keys...) {
		raw, _ := hooks.get(event)
		var groups []json.RawMessage
		if json.Unmarshal(raw, &groups) != nil {
			continue // not ours to judge
		}
		var kept []json.RawMessage
		n := 0
		for _, g := range groups {
			ng, k := dropOurHooks(g, ours)
			n += k
			if k == 0 {
				kept = append(kept, g)
			} else if ng != nil {
				kept = append(kept, ng)
			}
		}
		if n == 0 {
			continue
		}
		changed = append(changed, event)
		if len(kept) == 0 {
			hooks.remove(event)
		} else {
			hooks.set(event, marshalArray(kept))
		}
	}
	return changed
}

// dropOurHooks removes compactguard's hooks from one matcher group. It
// returns the group without them (nil when none is left) and how many it
// removed; a group it removed nothing from comes back unchanged.
func dropOurHooks(group json.RawMessage, ours *regexp.Regexp) (json.RawMessage, int) {
	g, err := parseObject(group)
	if err != nil {
		return group, 0
	}
	raw, ok := g.get("hooks")
	if !ok {
		return group, 0
	}
	var hs []json.RawMessage
	if json.Unmarshal(raw, &hs) != nil {
		return group, 0
	}
	var kept []json.RawMessage
	for _, h := range hs {
		var c struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(h, &c) == nil && ours.MatchString(c.Command) {
			continue
		}
		kept = append(kept, h)
	}
	if len(kept) == len(hs) {
		return group, 0
	}
	if len(kept) == 0 {
		return nil, len(hs)
	}
	g.set("hooks", marshalArray(kept))
	return g.marshal(), len(hs) - len(kept)
}

// sameJSON reports whether two JSON values are equal as data.
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// sameSettings reports whether two settings files say the same thing,
// counting an empty "hooks" object, or an event with no groups, as absent
// (install adds them, uninstall takes them out again).
func sameSettings(a, b []byte) bool {
	norm := func(data []byte) (any, bool) {
		if len(bytes.TrimSpace(data)) == 0 {
			data = []byte("{}")
		}
		var v map[string]any
		if json.Unmarshal(data, &v) != nil {
			return nil, false
		}
		if hs, ok := v["hooks"].(map[string]any); ok {
			for k, g := range hs {
				if l, ok := g.([]any); ok && len(l) == 0 {
					delete(hs, k)
				}
			}
			if len(hs) == 0 {
				delete(v, "hooks")
			}
		}
		return v, true
	}
	x, ok1 := norm(a)
	y, ok2 := norm(b)
	return ok1 && ok2 && reflect.DeepEqual(x, y)
}

// ---------------------------------------------------------------------------
// An ordered JSON object, so that rewriting settings.json keeps its keys
// in the person's order.

type jsonObject struct {
	keys []string
	vals map[string]json.RawMessage
}

func parseObject(data []byte) (*jsonObject, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	o := &jsonObject{vals: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("not valid JSON: %w", err)
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("not valid JSON at %q: %w", key, err)
		}
		o.set(key, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("not valid JSON: more than one value")
	}
	return o, nil
}

func cloneObject(o *jsonObject) *jsonObject {
	c := &jsonObject{keys: append([]string(nil), o.keys...), vals: map[string]json.RawMessage{}}
	for k, v := range o.vals {
		c.vals[k] = v
	}
	return c
}

func (o *jsonObject) get(k string) (json.RawMessage, bool) {
	v, ok := o.vals[k]
	return v, ok
}

func (o *jsonObject) set(k string, v json.RawMessage) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *jsonObject) remove(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, x := range o.keys {
		if x == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

// marshal writes the object compactly, keys in order.
func (o *jsonObject) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(mustMarshal(k))
		b.WriteByte(':')
		_ = json.Compact(&b, o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

func marshalArray(items []json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		_ = json.Compact(&b, it)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// mustMarshal encodes v without HTML escaping: a hook command with "&&"
// stays readable.
func mustMarshal(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only plain structs and strings are encoded
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// render indents doc the way the original file was indented (two spaces
// when there is none) and ends it with a newline.
func render(doc *jsonObject, orig []byte) []byte {
	var b bytes.Buffer
	if err := json.Indent(&b, doc.marshal(), "", indentOf(orig)); err != nil {
		panic(err) // doc.marshal is valid JSON
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// indentOf is the indentation of the first indented line of data.
func indentOf(data []byte) string {
	for _, line := range strings.Split(string(data), "\n")[1:] {
		trimmed := strings.TrimLeft(line, " \t")
		if n := len(line) - len(trimmed); n > 0 && trimmed != "" {
			return line[:n]
		}
	}
	return "  "
}

// shellQuote quotes s for the POSIX shell Claude Code and Codex run hook
// commands in, when it holds anything but plain path characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func fileMode(path string) fs.FileMode {
	if fi, err := os.Stat(path); err == nil {
		return fi.Mode().Perm()
	}
	return 0o644
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it over path, so the harness never reads a half-written settings file.
// A path that is a symbolic link (settings kept in a dotfiles repository)
// is written through: the file it points at changes, the link stays.
func writeFileAtomic(path string, data []byte, mode fs.FileMode) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
