"""The framework-neutral half of compactguard's Python adapters.

The LangChain middleware (examples/langchain-middleware) and the OpenHands
condenser wrapper (examples/openhands-condenser) both do the same three
things against a running `compactguard serve`, and this module holds them:

1. pin every message the framework shows them, as a span
   (POST /v1/sessions/{id}/spans), once;
2. before a summary replaces messages, propose the compaction
   (POST /v1/sessions/{id}/compactions) and read the decision;
3. on a refusal that carries a repair block, append the block to the
   summary and propose again.

`Guard.check` turns that into a `Verdict` the adapter acts on: "allow"
(use the summary), "repair" (use the amended summary) or "refuse" (keep the
original messages). Standard library only (urllib, json), Python 3.9+.
"""

import json
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_URL = "http://127.0.0.1:7700"
TOKEN_ENV = "COMPACTGUARD_API_TOKEN"
URL_ENV = "COMPACTGUARD_URL"

# Span kinds the API accepts for pinned spans ("summary" enters the ledger
# only through an allowed compaction).
KINDS = ("system", "user", "assistant", "tool_call", "tool_result", "reasoning")

# The verdicts an adapter acts on.
ALLOW, REPAIR, REFUSE = "allow", "repair", "refuse"


class APIError(Exception):
    """An HTTP answer other than 2xx, or no answer at all.

    status is the HTTP status (0 when the server could not be reached) and
    field the request field the server named, if any.
    """

    def __init__(self, message, status=0, field=""):
        super().__init__(message)
        self.status = status
        self.field = field


class Client:
    """A minimal client of compactguard's HTTP API on urllib."""

    def __init__(self, url=DEFAULT_URL, token="", timeout=60.0):
        self.base = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def call(self, method, path, body=None):
        """Send one request and return the decoded JSON answer."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Accept", "application/json")
        if self.token:
            req.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            raw = e.read().decode("utf-8", "replace")
            field = ""
            try:
                err = json.loads(raw)
                msg = err.get("error", raw)
                field = err.get("field", "")
                if field:
                    msg = field + ": " + msg
            except ValueError:
                msg = raw.strip()
            raise APIError(f"{method} {path}: {e.code} {e.reason}: {msg}", e.code, field) from None
        except (urllib.error.URLError, OSError) as e:
            raise APIError(f"{method} {path}: {getattr(e, 'reason', e)}") from None

    def session_path(self, sid, rest=""):
        return "/v1/sessions/" + urllib.parse.quote(sid, safe="") + rest


class Verdict:
    """What the adapter does with one proposed summary.

    action is ALLOW, REPAIR or REFUSE. summary is the text to use: the
    proposed one on ALLOW, the amended one on REPAIR (the proposed one on
    REFUSE, for the record). decisions holds every decision compactguard
    answered, in order; lost the must-keep items the first one found
    missing. error is set when compactguard could not be asked (the action
    then follows the guard's fail_open setting).
    """

    def __init__(self, action, summary, decisions=(), error=""):
        self.action = action
        self.summary = summary
        self.decisions = list(decisions)
        self.error = error

    @property
    def decision(self):
        """The last decision, or None when compactguard was not reached."""
        return self.decisions[-1] if self.decisions else None

    @property
    def lost(self):
        """The items the first decision found missing from the summary."""
        if not self.decisions:
            return []
        return [it for it in self.decisions[0].get("items") or [] if it.get("preserved") is False]

    def describe(self):
        """One line for a log: the verdict, the reason and what was lost."""
        if self.error:
            return f"compactguard could not check the summary ({self.error}): {self.action}"
        if not self.decisions:
            return "compactguard: the summary replaces nothing compactguard holds: summary allowed"
        first = self.decisions[0]
        line = f"compactguard: {first.get('reason')}"
        lost = self.lost
        if lost:
            cats = {}
            for it in lost:
                cats[it.get("category", "?")] = cats.get(it.get("category", "?"), 0) + 1
            line += f", {len(lost)} item{'s' if len(lost) != 1 else ''} lost (" + ", ".join(
                f"{c} {n}" for c, n in cats.items()) + ")"
        return line + {ALLOW: ": summary allowed",
                       REPAIR: ": summary repaired with the lost items and allowed",
                       REFUSE: ": summary refused, the original messages are kept"}[self.action]

    def __repr__(self):
        return f"Verdict({self.action!r}, reason={self.decision and self.decision.get('reason')!r})"


class Guard:
    """One compactguard session seen from an adapter.

    session_id names the compactguard session; when it already exists
    (a restarted process), the guard adopts it and reads back which spans
    it holds. repair=False makes every refusal a REFUSE, without trying the
    repair block. max_repairs bounds the re-proposals of one summary.
    fail_open decides what happens when compactguard cannot be reached or
    rejects the request: False (the default) keeps the original messages
    (REFUSE), True lets the summary through (ALLOW); either way
    Verdict.error says why.
    """

    def __init__(self, client, session_id="", repair=True, max_repairs=2, fail_open=False):
        self.c = client
        self.session_id = session_id
        self.repair = repair
        self.max_repairs = max_repairs
        self.fail_open = fail_open
        self._open = False
        # Ids compactguard holds: pinned spans and allowed summaries.
        self.known = set()
        # Span id -> why compactguard refused to pin it.
        self.rejected = {}

    def open(self):
        """Create the session, or adopt it when this tenant already holds it."""
        if self._open:
            return
        try:
            st = self.c.call("POST", "/v1/sessions", {"id": self.session_id} if self.session_id else {})
            self.session_id = st["id"]
        except APIError as e:
            if e.status != 409 or not self.session_id:
                raise
            ledger = self.c.call("GET", self.c.session_path(self.session_id, "/records"))
            self.known.update(r["span"]["id"] for r in ledger.get("records") or [])
        self._open = True

    def pin(self, spans):
        """Pin the spans compactguard does not hold yet; returns how many.

        spans are dicts with id, kind, text and optionally meta. A span with
        empty text is skipped: it holds nothing to keep, and a covers list
        simply leaves it out (see covered). A batch the server rejects as
        bad input (400: a span it holds with other text, say) is sent again
        one span at a time; the spans it still rejects are set aside for
        good (rejected), so one bad span does not stop every later pin.
        """
        self.open()
        fresh = []
        for s in spans:
            if s["id"] in self.known or s["id"] in self.rejected or not s.get("text"):
                continue
            if s["kind"] not in KINDS:
                raise ValueError(f"span {s['id']}: kind {s['kind']!r} is not one of {', '.join(KINDS)}")
            span = {"id": s["id"], "kind": s["kind"], "text": s["text"]}
            if s.get("meta"):
                span["meta"] = {str(k): str(v) for k, v in s["meta"].items()}
            fresh.append(span)
        pinned = 0
        # One request per batch of 200 keeps each under the default body limit.
        for i in range(0, len(fresh), 200):
            batch = fresh[i:i + 200]
            try:
                pinned += self._send(batch)
            except APIError as e:
                if e.status != 400:
                    raise
                for span in batch:
                    try:
                        pinned += self._send([span])
                    except APIError as e1:
                        if e1.status != 400:
                            raise
                        self.rejected[span["id"]] = str(e1)
        return pinned

    def _send(self, batch):
        self.c.call("POST", self.c.session_path(self.session_id, "/spans"), {"spans": batch})
        self.known.update(s["id"] for s in batch)
        return len(batch)

    def covered(self, ids):
        """The ids of a compaction that compactguard holds, in order."""
        return [i for i in ids if i in self.known]

    def check(self, covers, summary, summary_id):
        """Ask compactguard about a summary that replaces covers.

        covers are span ids (pinned spans or earlier allowed summaries);
        summary_id names the summary span if it is allowed, so a later
        compaction can cover it. Never raises for an API failure: the
        verdict then follows fail_open and carries the error.
        """
        decisions = []
        try:
            self.open()
            covers = self.covered(covers)
            if not covers:
                # Nothing compactguard holds is replaced: nothing to judge.
                return Verdict(ALLOW, summary)
            text = summary
            for attempt in range(self.max_repairs + 1):
                d = self.c.call("POST", self.c.session_path(self.session_id, "/compactions"),
                                {"id": summary_id, "covers": covers, "summary": text})
                decisions.append(d)
                if d.get("allowed"):
                    self.known.add(d.get("summary_id") or summary_id)
                    return Verdict(REPAIR if attempt else ALLOW, text, decisions)
                block = d.get("repair") or ""
                if not self.repair or not block or attempt == self.max_repairs:
                    break
                text = text.rstrip("\n") + "\n\n" + block
            return Verdict(REFUSE, summary, decisions)
        except APIError as e:
            return Verdict(ALLOW if self.fail_open else REFUSE, summary, decisions, error=str(e))


def lazy_class(module, name, define):
    """A module __getattr__ (PEP 562) that makes class name on first access.

    An adapter module assigns the result to its __getattr__, so that it
    imports without its framework: define() imports the framework and
    builds the subclass only when name is first used. module is the
    adapter's __name__, for the AttributeError.
    """
    made = {}

    def __getattr__(attr):
        if attr != name:
            raise AttributeError(f"module {module!r} has no attribute {attr!r}")
        if name not in made:
            made[name] = define()
        return made[name]

    return __getattr__
