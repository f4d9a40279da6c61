"""LangChain v1 summarization that asks compactguard before it replaces messages.

`CompactguardSummarizationMiddleware` subclasses LangChain's
`SummarizationMiddleware` (langchain.agents.middleware.summarization). The
parent decides when to summarize and writes the summary; before that
summary replaces the old messages, the subclass pins the messages in
compactguard and proposes the compaction:

- allowed: the summary replaces the messages, as without compactguard;
- refused with a repair block: the block (the lost constraints, verbatim)
  is appended to the summary, which is proposed again and used once
  allowed;
- refused otherwise (or repair=False): the original messages stay and the
  model sees them unchanged; LangChain will try to summarize again before
  a later model call.

Only the summary step is touched: the parent's trigger, keep, token
counting and prompt work as documented. LangChain is imported when the
class is first used, so `SummaryReview`, the framework-free part, runs
(and is tested) without it. Needs compactguard_guard.py (from
examples/python-guard) on the import path.
"""

import contextvars
import json
import logging
import os
import threading
import uuid

from compactguard_guard import (ALLOW, DEFAULT_URL, REFUSE, TOKEN_ENV, URL_ENV, APIError, Client, Guard, Verdict,
                                lazy_class)

log = logging.getLogger("compactguard.langchain")

# LangChain message types and the span kind each is pinned as.
_KINDS = {"human": "user", "ai": "assistant", "tool": "tool_result", "system": "system"}


def message_text(content):
    """The text of a message's content: a string, or a list of blocks."""
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text":
            parts.append(block.get("text", ""))
    return "\n".join(p for p in parts if p)


def message_span(msg):
    """The span compactguard pins for one LangChain message, or None.

    An AI message that only calls tools is a tool_call span (one line per
    call: the tool's name and its JSON arguments); one with text is an
    assistant span with the calls appended. A tool message is a
    tool_result with meta.tool. Messages without an id are skipped (the
    parent gives every message one before summarizing).
    """
    mid = getattr(msg, "id", None)
    if not mid:
        return None
    mtype = getattr(msg, "type", "")
    kind = _KINDS.get(mtype)
    if kind is None:
        return None
    text = message_text(getattr(msg, "content", ""))
    meta = {}
    calls = getattr(msg, "tool_calls", None) or []
    if mtype == "ai" and calls:
        lines = [f"{c.get('name', '?')}({json.dumps(c.get('args', {}), sort_keys=True)})" for c in calls]
        if not text:
            kind = "tool_call"
        text = "\n".join([text] + lines if text else lines)
        meta["tool"] = ",".join(c.get("name", "?") for c in calls)
    if mtype == "tool" and getattr(msg, "name", None):
        meta["tool"] = msg.name
    return {"id": str(mid), "kind": kind, "text": text, "meta": meta}


class SummaryReview:
    """The framework-free part: one compactguard session per conversation.

    client is a compactguard_guard.Client. A conversation is LangGraph's
    thread_id; its session is session_prefix + thread_id. repair,
    max_repairs and fail_open are Guard's. on_verdict, if given, is called
    with (thread_id, Verdict) after every check, for a UI or a log.
    """

    def __init__(self, client, session_prefix="langchain-", repair=True, max_repairs=2,
                 fail_open=False, on_verdict=None):
        self.client = client
        self.session_prefix = session_prefix
        self.repair = repair
        self.max_repairs = max_repairs
        self.fail_open = fail_open
        self.on_verdict = on_verdict
        self._guards = {}
        self._lock = threading.Lock()

    def guard(self, thread_id):
        """The guard of one conversation, made on first use."""
        with self._lock:
            g = self._guards.get(thread_id)
            if g is None:
                g = Guard(self.client, self.session_prefix + thread_id, repair=self.repair,
                          max_repairs=self.max_repairs, fail_open=self.fail_open)
                self._guards[thread_id] = g
            return g

    def review(self, thread_id, messages, summary, summary_id):
        """Judge summary as the replacement of messages; returns a Verdict.

        The messages are pinned first (the ones compactguard already holds,
        such as an earlier allowed summary, are not sent again).
        """
        g = self.guard(thread_id)
        spans = [s for s in (message_span(m) for m in messages) if s]
        try:
            g.pin(spans)
        except APIError as e:
            verdict = Verdict(ALLOW if self.fail_open else REFUSE, summary, error=str(e))
        else:
            verdict = g.check([s["id"] for s in spans], summary, summary_id)
        (log.warning if verdict.action != ALLOW or verdict.error else log.info)("%s", verdict.describe())
        if self.on_verdict is not None:
            self.on_verdict(thread_id, verdict)
        return verdict


class KeepOriginal(Exception):
    """Raised inside the summary step to keep the original messages."""

    def __init__(self, verdict):
        super().__init__(verdict.describe())
        self.verdict = verdict


# The id the allowed summary's message gets, from the summary step to
# _build_new_messages within one before_model call.
_summary_id = contextvars.ContextVar("compactguard_summary_id", default=None)


def current_thread_id():
    """LangGraph's thread_id for the running node, or "default"."""
    try:
        from langgraph.config import get_config
        cfg = get_config()
    except (ImportError, RuntimeError):
        return "default"
    tid = (cfg.get("configurable") or {}).get("thread_id")
    return str(tid) if tid else "default"


def _define_middleware():
    from langchain.agents.middleware.summarization import SummarizationMiddleware

    class CompactguardSummarizationMiddleware(SummarizationMiddleware):
        """SummarizationMiddleware whose summaries compactguard checks first.

        Takes the parent's arguments, and review: a SummaryReview (or the
        keyword arguments url, token, repair, fail_open, session_prefix and
        on_verdict to make one).
        """

        def __init__(self, *args, review=None, url=None, token=None, repair=True, fail_open=False,
                     session_prefix="langchain-", on_verdict=None, **kwargs):
            super().__init__(*args, **kwargs)
            if review is None:
                client = Client(url or os.environ.get(URL_ENV, DEFAULT_URL),
                                token if token is not None else os.environ.get(TOKEN_ENV, ""))
                review = SummaryReview(client, session_prefix=session_prefix, repair=repair,
                                       fail_open=fail_open, on_verdict=on_verdict)
            self.review = review

        def _checked(self, messages_to_summarize, summary):
            sid = "summary-" + uuid.uuid4().hex
            verdict = self.review.review(current_thread_id(), messages_to_summarize, summary, sid)
            if verdict.action == REFUSE:
                raise KeepOriginal(verdict)
            _summary_id.set(sid if verdict.decisions else None)
            return verdict.summary

        def _create_summary(self, messages_to_summarize):
            return self._checked(messages_to_summarize, super()._create_summary(messages_to_summarize))

        async def _acreate_summary(self, messages_to_summarize):
            return self._checked(messages_to_summarize, await super()._acreate_summary(messages_to_summarize))

        def _build_new_messages(self, *args, **kwargs):
            msgs = super()._build_new_messages(*args, **kwargs)
            sid = _summary_id.get()
            if sid and msgs:
                # The summary message carries the id compactguard knows the
                # summary by, so the next compaction can cover it.
                msgs[0].id = sid
            return msgs

        def before_model(self, state, runtime):
            token = _summary_id.set(None)
            try:
                return super().before_model(state, runtime)
            except KeepOriginal:
                return None
            finally:
                _summary_id.reset(token)

        async def abefore_model(self, state, runtime):
            token = _summary_id.set(None)
            try:
                return await super().abefore_model(state, runtime)
            except KeepOriginal:
                return None
            finally:
                _summary_id.reset(token)

    return CompactguardSummarizationMiddleware


# The subclass is made on first access, so this module imports without
# the framework installed.
__getattr__ = lazy_class(__name__, "CompactguardSummarizationMiddleware", _define_middleware)
