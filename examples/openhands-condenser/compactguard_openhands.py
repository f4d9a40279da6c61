"""An OpenHands V1 condenser that asks compactguard before history is forgotten.

`CompactguardCondenser` wraps any OpenHands condenser (the software-agent-sdk's
`openhands.sdk.context.condenser.CondenserBase`, for example an
`LLMSummarizingCondenser`). When the wrapped condenser answers a `View`,
nothing happens. When it answers a `Condensation` (events to forget and,
usually, a summary of them), the wrapper pins the view's events in
compactguard and proposes the compaction first:

- allowed: the Condensation goes through unchanged;
- refused with a repair block: the block (the lost constraints, verbatim)
  is appended to the Condensation's summary, which is proposed again and
  used once allowed;
- refused otherwise (or repair=False): a veto: the view is returned
  unchanged, so nothing is forgotten on this step.

OpenHands is imported when the class is first used, so `CondensationReview`,
the framework-free part, runs (and is tested) without it. Needs
compactguard_guard.py (from examples/python-guard) on the import path.
"""

import logging
import os
import threading
import uuid

from compactguard_guard import (ALLOW, DEFAULT_URL, REFUSE, REPAIR, TOKEN_ENV, URL_ENV, APIError,
                                Client, Guard, Verdict, lazy_class)

log = logging.getLogger("compactguard.openhands")

# LLM message roles and the span kind each is pinned as.
_KINDS = {"system": "system", "user": "user", "assistant": "assistant", "tool": "tool_result"}


def _texts(content):
    return "\n".join(getattr(c, "text", "") for c in content or [] if getattr(c, "text", ""))


def is_summary_event(event):
    """Whether event is the CondensationSummaryEvent a View inserts."""
    return type(event).__name__ == "CondensationSummaryEvent"


def event_span(event):
    """The span compactguard pins for one LLM-convertible event, or None.

    The event's LLM message decides the kind: system, user, assistant,
    tool (a tool_result with meta.tool). An assistant message that only
    calls tools is a tool_call span: the thought, then one line per call
    (the tool's name and its JSON arguments).
    """
    to_msg = getattr(event, "to_llm_message", None)
    if to_msg is None:
        return None
    msg = to_msg()
    kind = _KINDS.get(getattr(msg, "role", ""))
    if kind is None:
        return None
    text = _texts(getattr(msg, "content", None))
    meta = {}
    calls = getattr(msg, "tool_calls", None) or []
    if kind == "assistant" and calls:
        lines = [f"{c.name}({c.arguments})" for c in calls]
        if not text:
            kind = "tool_call"
        text = "\n".join([text] + lines if text else lines)
        meta["tool"] = ",".join(c.name for c in calls)
    if kind == "tool_result" and getattr(msg, "name", None):
        meta["tool"] = msg.name
    return {"id": str(event.id), "kind": kind, "text": text, "meta": meta}


class CondensationReview:
    """The framework-free part: judge one Condensation against its view.

    guard is a compactguard_guard.Guard for this conversation. on_verdict,
    if given, is called with every Verdict.
    """

    def __init__(self, guard, on_verdict=None):
        self.guard = guard
        self.on_verdict = on_verdict
        self._lock = threading.Lock()

    def spans(self, view):
        """The view's events as spans, and the id each event is known by.

        The summary a View inserts gets a fresh event id each time; it is
        known by the id of the Condensation that wrote it. When compactguard
        does not hold that summary (a restarted process), it is pinned as a
        document, so the constraints it carries must be kept.
        """
        prev = getattr(view, "most_recent_condensation", None)
        spans, ids = [], {}
        for ev in view.events:
            if is_summary_event(ev) and prev is not None:
                sid = str(prev.id)
                ids[ev.id] = sid
                spans.append({"id": sid, "kind": "user", "text": getattr(ev, "summary", "") or "",
                              "meta": {"source": "document", "openhands": "condensation_summary"}})
                continue
            s = event_span(ev)
            if s is not None:
                ids[ev.id] = s["id"]
                spans.append(s)
        return spans, ids

    def review(self, view, condensation):
        """The Condensation to return (maybe with an amended summary), or the view."""
        with self._lock:
            verdict = self._verdict(view, condensation)
        (log.warning if verdict.action != ALLOW or verdict.error else log.info)("%s", verdict.describe())
        if self.on_verdict is not None:
            self.on_verdict(verdict)
        if verdict.action == REFUSE:
            return view
        if verdict.action == REPAIR:
            return amend(view, condensation, verdict.summary)
        return condensation

    def _verdict(self, view, condensation):
        spans, ids = self.spans(view)
        forgotten = {str(i) for i in condensation.forgotten_event_ids}
        covers = [ids[ev.id] for ev in view.events if str(ev.id) in forgotten and ev.id in ids]
        if condensation.summary is not None:
            # A new summary replaces the one the view shows, forgotten or not.
            covers += [ids[ev.id] for ev in view.events
                       if is_summary_event(ev) and ev.id in ids and ids[ev.id] not in covers]
        summary = condensation.summary or ""
        try:
            self.guard.pin(spans)
        except APIError as e:
            return Verdict(ALLOW if self.guard.fail_open else REFUSE, summary, error=str(e))
        return self.guard.check(covers, summary, str(condensation.id))


def amend(view, condensation, summary):
    """condensation with summary; an offset where the first forgotten event was."""
    update = {"summary": summary}
    if condensation.summary_offset is None:
        forgotten = {str(i) for i in condensation.forgotten_event_ids}
        offset = 0
        for ev in view.events:
            if str(ev.id) in forgotten:
                break
            offset += 1
        update["summary_offset"] = offset
    return condensation.model_copy(update=update)


def _define_condenser():
    from openhands.sdk.context.condenser.base import CondenserBase

    class CompactguardCondenser(CondenserBase):
        """Wraps condenser; compactguard checks every Condensation it makes.

        url is compactguard serve's (default $COMPACTGUARD_URL, else
        http://127.0.0.1:7700); the bearer token is read from the variable
        token_env names, never stored in the condenser. session_id names the
        compactguard session (default: one per condenser). repair and
        fail_open are Guard's.
        """

        condenser: CondenserBase
        url: str = ""
        token_env: str = TOKEN_ENV
        session_id: str = ""
        repair: bool = True
        fail_open: bool = False

        _review: object = None

        def reviewer(self):
            if self._review is None:
                client = Client(self.url or os.environ.get(URL_ENV, DEFAULT_URL), os.environ.get(self.token_env, ""))
                sid = self.session_id or "openhands-" + uuid.uuid4().hex
                self._review = CondensationReview(Guard(client, sid, repair=self.repair, fail_open=self.fail_open))
            return self._review

        def condense(self, view, agent_llm=None):
            out = self.condenser.condense(view, agent_llm=agent_llm)
            if out is view or not hasattr(out, "forgotten_event_ids"):
                return out
            return self.reviewer().review(view, out)

        def handles_condensation_requests(self):
            return self.condenser.handles_condensation_requests()

    return CompactguardCondenser


# The subclass is made on first access, so this module imports without
# the framework installed.
__getattr__ = lazy_class(__name__, "CompactguardCondenser", _define_condenser)
