"""Tests of the LangChain middleware against a real `compactguard serve`.

LangChain cannot be installed here, so the test puts in its place a stand-in
`langchain.agents.middleware.summarization.SummarizationMiddleware` with the
public class's shape (langchain 1.x): before_model/abefore_model partition
the messages, call _create_summary/_acreate_summary, then
_build_new_messages, and return RemoveMessage(REMOVE_ALL_MESSAGES) + the
new messages + the kept ones. The middleware under test is the real
subclass; the messages, summaries and decisions are real.

Run by go test (examples/langchain-middleware), which starts the server and
sets COMPACTGUARD_URL, COMPACTGUARD_API_TOKEN and COMPACTGUARD_FIXTURE.
"""

import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import types
import unittest
import uuid

from compactguard_guard import REFUSE, REPAIR, Client
import compactguard_langchain as cl

URL = os.environ.get("COMPACTGUARD_URL", "")
TOKEN = os.environ.get("COMPACTGUARD_API_TOKEN", "")
FIXTURE = os.environ.get("COMPACTGUARD_FIXTURE", "")

REMOVE_ALL_MESSAGES = "__remove_all__"
SUMMARY_PREFIX = "Here is a summary of the conversation to date:\n\n"


class Message:
    """A stand-in for langchain_core's messages: type, content, id."""

    def __init__(self, type, content, id=None, tool_calls=None, name=None):
        self.type, self.content, self.id = type, content, id
        self.tool_calls = tool_calls or []
        self.name = name


class RemoveMessage(Message):
    def __init__(self, id):
        super().__init__("remove", "", id)


class StandInSummarization:
    """The shape of langchain 1.x's SummarizationMiddleware, nothing more.

    model is a callable from the messages to summarize to the summary text;
    trigger and keep are message counts.
    """

    def __init__(self, model, *, trigger=4, keep=1):
        self.model, self.trigger, self.keep = model, trigger, keep

    def _partition(self, state):
        messages = state["messages"]
        for m in messages:
            if m.id is None:
                m.id = str(uuid.uuid4())
        if len(messages) < self.trigger:
            return None
        cut = len(messages) - self.keep
        return messages[:cut], messages[cut:]

    def before_model(self, state, runtime):
        parts = self._partition(state)
        if parts is None:
            return None
        summary = self._create_summary(parts[0])
        return {"messages": [RemoveMessage(REMOVE_ALL_MESSAGES), *self._build_new_messages(summary), *parts[1]]}

    async def abefore_model(self, state, runtime):
        parts = self._partition(state)
        if parts is None:
            return None
        summary = await self._acreate_summary(parts[0])
        return {"messages": [RemoveMessage(REMOVE_ALL_MESSAGES), *self._build_new_messages(summary), *parts[1]]}

    def _create_summary(self, messages_to_summarize):
        return self.model(messages_to_summarize)

    async def _acreate_summary(self, messages_to_summarize):
        return self.model(messages_to_summarize)

    def _build_new_messages(self, summary):
        return [Message("human", SUMMARY_PREFIX + summary)]


# The thread_id LangGraph would hand the node.
THREAD = {"id": "default"}


def install_stand_ins():
    mod = types.ModuleType("langchain.agents.middleware.summarization")
    mod.SummarizationMiddleware = StandInSummarization
    for name in ("langchain", "langchain.agents", "langchain.agents.middleware"):
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules["langchain.agents.middleware.summarization"] = mod
    cfg = types.ModuleType("langgraph.config")
    cfg.get_config = lambda: {"configurable": {"thread_id": THREAD["id"]}}
    sys.modules.setdefault("langgraph", types.ModuleType("langgraph"))
    sys.modules["langgraph.config"] = cfg


def conversation():
    """The fixture as LangChain messages (tool calls on AI messages)."""
    with open(FIXTURE, encoding="utf-8") as f:
        conv = json.load(f)
    msgs = []
    for m in conv["messages"]:
        role = m["role"]
        if role == "tool_call":
            msgs.append(Message("ai", "", m["id"], tool_calls=[{"name": m["tool"], "args": {"command": m["text"]}, "id": "call-" + m["id"]}]))
        elif role == "tool_result":
            msgs.append(Message("tool", m["text"], m["id"], name=m["tool"]))
        else:
            msgs.append(Message({"user": "human", "assistant": "ai"}.get(role, role), m["text"], m["id"]))
    return conv, msgs


@unittest.skipUnless(URL and FIXTURE, "run by go test ./examples/langchain-middleware (needs a compactguard serve)")
class MiddlewareAgainstServe(unittest.TestCase):
    def setUp(self):
        install_stand_ins()
        THREAD["id"] = "t-" + uuid.uuid4().hex[:12]
        self.conv, self.messages = conversation()
        self.client = Client(URL, TOKEN)
        self.verdicts = []

    def middleware(self, summary, **kw):
        cls = cl.CompactguardSummarizationMiddleware
        return cls(lambda msgs: summary, trigger=4, keep=1, url=URL, token=TOKEN,
                   on_verdict=lambda tid, v: self.verdicts.append((tid, v)), **kw)

    def decisions(self):
        trail = self.client.call("GET", self.client.session_path("langchain-" + THREAD["id"], "/decisions"))
        self.assertTrue(trail["chain_ok"], trail.get("chain_error"))
        return [r["decision"] for r in trail["decisions"]]

    def test_refusal_keeps_the_original_messages(self):
        mw = self.middleware(self.conv["summaries"]["careless"], repair=False)
        self.assertIsNone(mw.before_model({"messages": self.messages}, None))
        [(tid, v)] = self.verdicts
        self.assertEqual(tid, THREAD["id"])
        self.assertEqual(v.action, REFUSE)
        self.assertIn("summary refused, the original messages are kept", v.describe())
        lost = [it["text"] for it in v.lost if it["category"] == "prohibition"]
        self.assertTrue(any(self.conv["prohibition"] in t for t in lost), lost)
        [d] = self.decisions()
        self.assertEqual((d["allowed"], d["reason"]), (False, "must_keep_item_missing"))

    def test_repair_amends_the_summary(self):
        mw = self.middleware(self.conv["summaries"]["careless"])
        out = mw.before_model({"messages": self.messages}, None)
        self.assertIsNotNone(out)
        remove, summary, kept = out["messages"]
        self.assertEqual(remove.id, REMOVE_ALL_MESSAGES)
        self.assertEqual(kept.id, "m10")
        self.assertTrue(summary.content.startswith(SUMMARY_PREFIX + self.conv["summaries"]["careless"]))
        self.assertIn(self.conv["prohibition"], summary.content)
        self.assertEqual(self.verdicts[0][1].action, REPAIR)
        refused, allowed = self.decisions()
        self.assertEqual((refused["allowed"], allowed["allowed"]), (False, True))
        # The summary message carries the id compactguard knows it by, and
        # a later compaction that covers it is judged against the root
        # originals.
        self.assertEqual(summary.id, allowed["summary_id"])
        self.assertEqual(allowed["covers"], [f"m{i}" for i in range(1, 10)])
        later = [summary, kept, Message("human", "Switch reads over now.", "m11"), Message("ai", "Reads switched.", "m12")]
        again = self.middleware(self.conv["summaries"]["faithful"]).before_model({"messages": later}, None)
        self.assertIsNotNone(again)
        third = self.decisions()[2]
        self.assertTrue(third["allowed"], third)
        self.assertEqual(third["covers"], [summary.id, "m10", "m11"])

    def test_faithful_summary_is_allowed_unchanged(self):
        mw = self.middleware(self.conv["summaries"]["faithful"])
        out = asyncio.run(mw.abefore_model({"messages": self.messages}, None))
        self.assertEqual(out["messages"][1].content, SUMMARY_PREFIX + self.conv["summaries"]["faithful"])
        [d] = self.decisions()
        self.assertEqual((d["allowed"], d["reason"]), (True, "anchored_score_passed"))

    def test_unreachable_guard_fails_closed_unless_told_otherwise(self):
        for fail_open, want_none in ((False, True), (True, False)):
            mw = cl.CompactguardSummarizationMiddleware(
                lambda msgs: "a summary", trigger=4, keep=1, url="http://127.0.0.1:1", token="x", fail_open=fail_open)
            out = mw.before_model({"messages": conversation()[1]}, None)
            self.assertEqual(out is None, want_none, f"fail_open={fail_open}")


class MessageSpans(unittest.TestCase):
    def test_each_message_type_maps_to_a_span_kind(self):
        cases = [
            (Message("human", "hi", "a"), {"id": "a", "kind": "user", "text": "hi", "meta": {}}),
            (Message("system", [{"type": "text", "text": "rules"}, {"type": "image"}], "b"),
             {"id": "b", "kind": "system", "text": "rules", "meta": {}}),
            (Message("ai", "", "c", tool_calls=[{"name": "bash", "args": {"command": "ls"}}]),
             {"id": "c", "kind": "tool_call", "text": 'bash({"command": "ls"})', "meta": {"tool": "bash"}}),
            (Message("ai", "Listing.", "d", tool_calls=[{"name": "bash", "args": {}}]),
             {"id": "d", "kind": "assistant", "text": "Listing.\nbash({})", "meta": {"tool": "bash"}}),
            (Message("tool", "x.go", "e", name="bash"), {"id": "e", "kind": "tool_result", "text": "x.go", "meta": {"tool": "bash"}}),
            (Message("human", "no id"), None),
            (Message("remove", "", "f"), None),
        ]
        for msg, want in cases:
            with self.subTest(type=msg.type, id=msg.id):
                self.assertEqual(cl.message_span(msg), want)

    @unittest.skipIf(importlib.util.find_spec("langchain") is not None, "LangChain is installed here")
    def test_only_the_subclass_needs_langchain(self):
        # In a fresh interpreter without LangChain, the module imports and
        # the subclass names the missing package.
        code = ("import compactguard_langchain as cl\n"
                "try:\n    cl.CompactguardSummarizationMiddleware\n"
                "except ImportError as e:\n    print('missing', e.name)\n")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
        self.assertEqual(out.stdout.strip(), "missing langchain")


if __name__ == "__main__":
    unittest.main()
