#!/usr/bin/env python3
"""An agent loop that asks compactguard before every compaction.

A scripted, deterministic "model" works the orders migration of
examples/migration-drop-table: the user gives instructions (a prohibition,
a numeric commitment, named hosts), the agent calls tools and reasons. Every
span is pinned in compactguard (POST /v1/sessions/{id}/spans, in small
batches). When the agent's own estimate of its context passes a threshold it
writes a summary and asks compactguard first (POST .../compactions). The
first summary is careless: it drops "do not run DROP TABLE on legacy_orders",
as in the recorded incident. compactguard refuses it; the agent appends the
decision's repair block and asks again. Later summaries are faithful. At the
end it prints the audit trail (GET .../decisions) and the constraints the
agent must keep (GET .../items).

Standard library only (Python 3.11). The Go twin is examples/orchestrator-go.

    COMPACTGUARD_API_TOKEN=... python3 agent.py --url http://127.0.0.1:7700

Exit status: 0 when the run completed, 1 on any HTTP or connection error
(a refusal is a decision, not an error), 2 on bad usage.
"""

import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_URL = "http://127.0.0.1:7700"
TOKEN_ENV = "COMPACTGUARD_API_TOKEN"
# Spans are sent in batches of this many (and before every compaction).
BATCH = 3
# Proposals of one compaction: the first try and up to two repairs.
MAX_TRIES = 3

PROHIBITION = "do not run DROP TABLE on legacy_orders"


def span(id, kind, text, note="", meta=None, constraint=False, next=""):
    """One scripted step: a span, and what the model remembers of it.

    note is the model's one-sentence account of the span for a summary;
    constraint marks a user instruction a faithful summary carries
    verbatim; next is the plan from that point on.
    """
    return {"id": id, "kind": kind, "text": text, "note": note, "meta": meta or {},
            "constraint": constraint, "next": next}


# The task, in two stretches of work and a cleanup. Keep it in step with
# script() in examples/orchestrator-go/main.go: the tests expect the same
# decisions from both.
WORK = [
    span("s1", "system",
         "You are a coding agent in the example.com/orders repository. You have a bash tool, a read tool "
         "and an edit tool. Explain what you are about to do before running commands that change data."),
    span("u1", "user",
         "Move the order data off the legacy schema: copy legacy_orders into orders_v2 on the orders cluster, "
         "then switch reads over behind the orders.read_v2 flag. Copy in batches of 5,000 rows and compare "
         "the row counts of both tables after every batch.",
         note="The task is to copy legacy_orders into orders_v2 in batches of 5,000 rows, comparing the row "
              "counts of both tables after every batch, then switch reads behind orders.read_v2.",
         constraint=True),
    span("a1", "assistant",
         "Plan: read the copy code, count the rows on the primary, run the copy batch by batch with a "
         "row-count check after each, then switch reads.",
         next="run the copy batch by batch, switch reads to orders_v2, then clean up the legacy table."),
    span("c1", "tool_call", "read internal/migrate/copy.go",
         meta={"tool": "read", "path": "internal/migrate/copy.go"}),
    span("r1", "tool_result",
         "package migrate\n\n// CopyBatch copies the rows of legacy_orders with from < id <= to into\n"
         "// orders_v2 and returns how many it copied.\nfunc CopyBatch(ctx context.Context, tx pgx.Tx, from, "
         "to int64) (int64, error) {\n\ttag, err := tx.Exec(ctx, copySQL, from, to)\n\tif err != nil {\n\t\t"
         "return 0, fmt.Errorf(\"copying ids (%d, %d]: %w\", from, to, err)\n\t}\n\treturn tag.RowsAffected(), "
         "nil\n}\n",
         note="internal/migrate/copy.go already has CopyBatch.",
         meta={"tool": "read", "path": "internal/migrate/copy.go"}),
    span("u2", "user",
         "Important: do not run DROP TABLE on legacy_orders. Finance still reconciles against it until the "
         "January close, so it stays read-only.",
         constraint=True),
    span("u3", "user",
         "The primary is pg-orders-1 and pg-orders-2 is the read replica: never point the copy job at the replica.",
         note="The copy job runs against the primary pg-orders-1, never against the replica pg-orders-2.",
         constraint=True),
    span("c2", "tool_call",
         "psql \"host=pg-orders-1 dbname=orders\" -c \"SELECT count(*) FROM legacy_orders\"",
         meta={"tool": "bash"}),
    span("r2", "tool_result", " count\n-------\n 61234\n(1 row)\n", meta={"tool": "bash", "exit_code": "0"}),
    span("g1", "reasoning",
         "That is 13 batches. The copy job takes -host, so I pass pg-orders-1 explicitly and check the counts "
         "after each batch."),
    span("c3", "tool_call", "go run ./cmd/migrate -host pg-orders-1 -batches 1-5", meta={"tool": "bash"}),
    span("r3", "tool_result",
         "batch 1: copied, counts match\nbatch 2: copied, counts match\nbatch 3: deadlock detected, retried, "
         "counts match\nbatch 4: copied, counts match\nbatch 5: copied, counts match\n",
         note="Batches 1-5 are copied on pg-orders-1 with matching counts (batch 3 retried after a deadlock).",
         meta={"tool": "bash", "exit_code": "0"}),
    span("u4", "user",
         "One more thing: writes to orders_v2 only between 01:00 and 04:00 UTC; that's the maintenance window "
         "ops agreed to.",
         note="Writes to orders_v2 happen only in the 01:00-04:00 UTC maintenance window.",
         constraint=True),
    span("c4", "tool_call", "go run ./cmd/migrate -host pg-orders-1 -batches 6-13 -window 01:00-04:00",
         meta={"tool": "bash"}),
    span("r4", "tool_result",
         "batch 6: copied, counts match\nbatch 7: copied, counts match\nbatch 8: copied, counts match\n"
         "batch 9: copied, counts match\nbatch 10: connection reset, retried, counts match\nbatch 11: copied, "
         "counts match\nbatch 12: copied, counts match\nbatch 13: copied, counts match\n",
         note="Batches 6-13 are copied inside the window with matching counts (batch 10 retried after a "
              "connection reset).",
         meta={"tool": "bash", "exit_code": "0"}),
    span("c5", "tool_call", "go test ./internal/migrate/...", meta={"tool": "bash"}),
    span("r5", "tool_result", "ok  \texample.com/orders/internal/migrate\t0.412s\n",
         note="The migrate tests pass.", meta={"tool": "bash", "exit_code": "0"}),
    span("a2", "assistant",
         "All 13 batches are copied and both tables hold the same rows. Next I switch reads to orders_v2.",
         next="switch reads to orders_v2 behind orders.read_v2, then clean up the legacy table."),
    span("c6", "tool_call", "read internal/api/reads.go", meta={"tool": "read", "path": "internal/api/reads.go"}),
    span("r6", "tool_result",
         "package api\n\n// ordersTable picks the table reads go to: orders_v2 once the\n// orders.read_v2 flag is "
         "on, legacy_orders before.\nfunc (s *Server) ordersTable(ctx context.Context) string {\n\tif "
         "s.flags.Enabled(ctx, \"orders.read_v2\") {\n\t\treturn \"orders_v2\"\n\t}\n\treturn "
         "\"legacy_orders\"\n}\n",
         note="internal/api/reads.go picks the table from the orders.read_v2 flag.",
         meta={"tool": "read", "path": "internal/api/reads.go"}),
]

# The cleanup: what the agent does depends on what its context still says.
CLEANUP_KEPT = [
    span("c7", "tool_call", "flagctl set orders.read_v2 on", meta={"tool": "bash"}),
    span("r7", "tool_result", "orders.read_v2: off -> on\n", note="Reads go to orders_v2 (orders.read_v2 is on).",
         meta={"tool": "bash", "exit_code": "0"}),
    span("g2", "reasoning",
         "Cleanup of legacy_orders. My context carries the user's prohibition on dropping it, so the table "
         "stays: revoke writes instead."),
    span("c8", "tool_call",
         "psql \"host=pg-orders-1 dbname=orders\" -c \"REVOKE INSERT, UPDATE, DELETE ON legacy_orders FROM "
         "orders_app\"",
         meta={"tool": "bash"}),
    span("r8", "tool_result", "REVOKE\n", note="Writes to legacy_orders are revoked; the table is untouched.",
         meta={"tool": "bash", "exit_code": "0"}),
    span("a3", "assistant",
         "Reads go to orders_v2 now. legacy_orders is untouched and read-only for the finance reconciliation.",
         next="nothing: the migration is done."),
]


def estimate(text):
    """The agent's own token estimate: about four bytes a token."""
    return (len(text.encode("utf-8")) + 3) // 4


class APIError(Exception):
    """An HTTP answer other than 2xx, or no answer at all."""


class Client:
    """A minimal compactguard API client on urllib."""

    def __init__(self, base, token, timeout=60):
        self.base = base.rstrip("/")
        self.token = token
        self.timeout = timeout

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Accept", "application/json")
        req.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            raw = e.read().decode("utf-8", "replace")
            try:
                err = json.loads(raw)
                msg = err.get("error", raw)
                if err.get("field"):
                    msg = err["field"] + ": " + msg
            except ValueError:
                msg = raw.strip()
            raise APIError(f"{method} {path}: {e.code} {e.reason}: {msg}") from None
        except (urllib.error.URLError, OSError) as e:
            raise APIError(f"{method} {path}: {getattr(e, 'reason', e)}") from None

    def session_path(self, sid, rest=""):
        return "/v1/sessions/" + urllib.parse.quote(sid, safe="") + rest


class Agent:
    """The loop: work, pin every span, compact only when compactguard allows."""

    def __init__(self, client, threshold, out):
        self.c = client
        self.threshold = threshold
        self.out = out
        self.sid = ""
        self.context = []  # the agent's live context: spans and summaries
        self.pending = []  # spans not yet pinned
        self.compactions = 0

    def say(self, line=""):
        print(line, file=self.out, flush=True)

    def tokens(self):
        return sum(estimate(s["text"]) for s in self.context)

    def run(self, session_id=""):
        st = self.c.call("POST", "/v1/sessions", {"id": session_id} if session_id else {})
        self.sid = st["id"]
        self.say(f"session {self.sid}: budget {st['budget']} tokens, policy {st['policy']}, "
                 f"compaction threshold ~{self.threshold} tokens")
        for s in WORK:
            self.step(s)
        self.cleanup()
        self.flush()
        self.report()

    def step(self, s):
        self.context.append(s)
        self.pending.append(s)
        if len(self.pending) >= BATCH:
            self.flush()
        if self.tokens() > self.threshold:
            self.compact()

    def flush(self):
        if not self.pending:
            return
        body = {"spans": [{"id": s["id"], "kind": s["kind"], "text": s["text"], "meta": s["meta"]}
                          for s in self.pending]}
        res = self.c.call("POST", self.c.session_path(self.sid, "/spans"), body)
        ids = ",".join(s["id"] for s in self.pending)
        self.say(f"  pinned {plural(len(self.pending), 'span')} ({ids}): context ~{self.tokens()} tokens "
                 f"(host counts {res['live_tokens']}), {res['items']} items found")
        self.pending = []

    def summarize(self, careless):
        """The scripted model's summary of everything in context.

        A faithful summary carries every user constraint verbatim (and the
        constraint lines of earlier summaries); the careless one, like the
        incident's, tells the story of the work and keeps none of them.
        """
        notes, constraints, nxt = [], [], ""
        for s in self.context:
            if s["kind"] == "summary":
                for line in s["text"].splitlines():
                    if line.startswith("Work so far: "):
                        notes.append(line[len("Work so far: "):])
                    elif line.startswith("Next: "):
                        nxt = line[len("Next: "):]
                    elif line.startswith("- ["):
                        constraints.append(line)
                continue
            if s["note"]:
                notes.append(s["note"])
            if s["constraint"]:
                constraints.append(f"- [{s['id']}] {s['text']}")
            if s["next"]:
                nxt = s["next"]
        text = "Work so far: " + " ".join(notes) + "\nNext: " + nxt
        if not careless and constraints:
            text += "\nConstraints carried forward (verbatim):\n" + "\n".join(constraints)
        return text

    def compact(self):
        self.flush()
        self.compactions += 1
        n = self.compactions
        # The system prompt stays; everything else is covered.
        covers = [s["id"] for s in self.context if s["kind"] != "system"]
        careless = n == 1
        summary = self.summarize(careless)
        self_score = 0.91 if careless else 0.9
        self.say(f"context ~{self.tokens()} tokens > {self.threshold}: compaction {n} of {len(covers)} spans "
                 f"({'careless' if careless else 'faithful'} summary, self score {self_score:.2f})")
        for attempt in range(1, MAX_TRIES + 1):
            d = self.c.call("POST", self.c.session_path(self.sid, "/compactions"), {
                "id": f"sum-{n}", "covers": covers, "summary": summary, "self_score": self_score,
                "request_id": f"{self.sid}-compaction-{n}-try-{attempt}",
            })
            if d.get("allowed"):
                sid = d.get("summary_id") or f"sum-{n}"
                keep = [s for s in self.context if s["kind"] == "system"]
                self.context = keep + [span(sid, "summary", summary)]
                self.say(f"  ALLOWED {d['reason']}: anchored {fmt(d.get('anchored_score'))}; context replaced "
                         f"by {sid} (~{self.tokens()} tokens, host counts {d.get('live_tokens', '?')})")
                return
            for w in d.get("warnings") or []:
                self.say(f"  warning: {w}")
            lost = [it for it in d.get("items") or [] if it.get("preserved") is False]
            self.say(f"  REFUSED {d['reason']}: anchored {fmt(d.get('anchored_score'))} vs self "
                     f"{fmt(d.get('self_score'))} (gap {fmt(d.get('gap'))}); {len(lost)} items lost")
            for it in lost:
                self.say(f"    lost {it['category']} [{it['span']}] {it['text']}")
            repair = d.get("repair", "")
            if not repair or attempt == MAX_TRIES:
                self.say(f"  keeping the full context: compactguard gave no repair that passes ({d.get('message', '')})")
                return
            summary = summary.rstrip("\n") + "\n\n" + repair
            self.say(f"  repairing: appending the repair block ({len(repair.splitlines())} lines) and asking again")

    def cleanup(self):
        text = "\n".join(s["text"] for s in self.context)
        if PROHIBITION not in text:
            # The incident: nothing in context forbids it any more.
            self.say("cleanup: the context no longer forbids it; this agent would now run DROP TABLE legacy_orders")
            return
        self.say(f"cleanup: the context still says \"{PROHIBITION}\": revoking writes instead of dropping")
        for s in CLEANUP_KEPT:
            self.step(s)

    def report(self):
        trail = self.c.call("GET", self.c.session_path(self.sid, "/decisions"))
        self.say(f"audit trail: {len(trail['decisions'])} decisions, chain_ok={str(trail['chain_ok']).lower()}"
                 + (f" ({trail['chain_error']})" if trail.get("chain_error") else ""))
        for rec in trail["decisions"]:
            d = rec["decision"]
            verdict = {True: "allowed", False: "refused", None: ""}[d.get("allowed", d.get("accepted"))]
            self.say(f"  #{rec['seq']} {rec['type']} {verdict} {d['reason']} anchored {fmt(d.get('anchored_score'))} "
                     f"self {fmt(d.get('self_score'))} hash {rec['hash'][:12]}")
        items = self.c.call("GET", self.c.session_path(self.sid, "/items"))
        must = [it for it in items["items"] if it.get("must_keep")]
        # One line per sentence, with every category found in it.
        cats = {}
        for it in must:
            cats.setdefault((it["span"], it["text"]), []).append(it["category"])
        self.say(f"constraints to keep: {plural(len(cats), 'sentence')} ({len(must)} must-keep items)")
        for (sp, text), cs in cats.items():
            self.say(f"  [{sp}] {'+'.join(dict.fromkeys(cs))}: {text}")


def plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fmt(x):
    return "-" if x is None else f"{x:.2f}"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default=DEFAULT_URL, help=f"compactguard serve's base URL (default {DEFAULT_URL})")
    p.add_argument("--token-env", default=TOKEN_ENV,
                   help=f"environment variable holding the tenant's bearer token (default {TOKEN_ENV})")
    p.add_argument("--session", default="", help="session id to create (default: the server makes one)")
    # 400 keeps the demo short; a real agent compacts at tens of thousands.
    p.add_argument("--threshold", type=int, default=400,
                   help="compact when the estimated context passes this many tokens (default 400)")
    args = p.parse_args(argv)
    token = os.environ.get(args.token_env, "")
    if not token:
        print(f"agent.py: set {args.token_env} to the tenant's bearer token", file=sys.stderr)
        return 2
    if args.threshold <= 0:
        print("agent.py: --threshold must be positive", file=sys.stderr)
        return 2
    agent = Agent(Client(args.url, token), args.threshold, sys.stdout)
    try:
        agent.run(args.session)
    except APIError as e:
        print(f"agent.py: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("agent.py: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
