"""Tests of the OpenHands condenser wrapper against a real `compactguard serve`.

The OpenHands software-agent-sdk cannot be installed here, so the test puts
stand-ins with the public classes' shape in its place: CondenserBase
(condense(view, agent_llm=None) -> View | Condensation), View (events,
condensations, most_recent_condensation), Condensation
(forgotten_event_ids, summary, summary_offset, model_copy) and events with
to_llm_message(). The wrapper under test is the real subclass; the
summaries and decisions are real.

Run by go test (examples/openhands-condenser), which starts the server and
sets COMPACTGUARD_URL, COMPACTGUARD_API_TOKEN and COMPACTGUARD_FIXTURE.
"""

import importlib.util
import json
import os
import subprocess
import sys
import types
import unittest
import uuid

from compactguard_guard import REFUSE, REPAIR, Client
import compactguard_openhands as co

URL = os.environ.get("COMPACTGUARD_URL", "")
TOKEN = os.environ.get("COMPACTGUARD_API_TOKEN", "")
FIXTURE = os.environ.get("COMPACTGUARD_FIXTURE", "")


class TextContent:
    def __init__(self, text):
        self.text = text


class ToolCall:
    def __init__(self, name, arguments):
        self.name, self.arguments = name, arguments


class Message:
    def __init__(self, role, content, tool_calls=None, name=None):
        self.role, self.content, self.tool_calls, self.name = role, content, tool_calls or [], name


class Event:
    """An LLM-convertible event: an id and the message it becomes."""

    def __init__(self, id, message):
        self.id, self._message = id, message

    def to_llm_message(self):
        return self._message


class CondensationSummaryEvent(Event):
    """What View.from_events inserts for the latest summary (a fresh id)."""

    def __init__(self, summary):
        super().__init__(str(uuid.uuid4()), Message("user", [TextContent(summary)]))
        self.summary = summary


class Condensation:
    def __init__(self, forgotten_event_ids, summary=None, summary_offset=None, id=None):
        self.id = id or str(uuid.uuid4())
        self.forgotten_event_ids = list(forgotten_event_ids)
        self.summary, self.summary_offset = summary, summary_offset

    def model_copy(self, update):
        c = Condensation(self.forgotten_event_ids, self.summary, self.summary_offset, self.id)
        for k, v in update.items():
            setattr(c, k, v)
        return c


class View:
    def __init__(self, events, condensations=()):
        self.events, self.condensations = list(events), list(condensations)

    @property
    def most_recent_condensation(self):
        return self.condensations[-1] if self.condensations else None


class CondenserBase:
    """The stand-in base: fields by keyword, as pydantic would take them."""

    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)

    def handles_condensation_requests(self):
        return False


class Summarizing(CondenserBase):
    """A rolling summarizer: keeps the first keep_first events and the last."""

    def condense(self, view, agent_llm=None):
        if len(view.events) < 4:
            return view
        forgotten = view.events[self.keep_first:-1]
        return Condensation([e.id for e in forgotten], self.text, self.keep_first)

    def handles_condensation_requests(self):
        return True


def install_stand_ins():
    base = types.ModuleType("openhands.sdk.context.condenser.base")
    base.CondenserBase = CondenserBase
    for name in ("openhands", "openhands.sdk", "openhands.sdk.context", "openhands.sdk.context.condenser"):
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules["openhands.sdk.context.condenser.base"] = base


def conversation():
    """The fixture as OpenHands events."""
    with open(FIXTURE, encoding="utf-8") as f:
        conv = json.load(f)
    events = []
    for m in conv["messages"]:
        role = m["role"]
        if role == "tool_call":
            msg = Message("assistant", [], tool_calls=[ToolCall(m["tool"], json.dumps({"command": m["text"]}))])
        elif role == "tool_result":
            msg = Message("tool", [TextContent(m["text"])], name=m["tool"])
        else:
            msg = Message(role, [TextContent(m["text"])])
        events.append(Event(m["id"], msg))
    return conv, events


@unittest.skipUnless(URL and FIXTURE, "run by go test ./examples/openhands-condenser (needs a compactguard serve)")
class CondenserAgainstServe(unittest.TestCase):
    def setUp(self):
        install_stand_ins()
        self.conv, self.events = conversation()
        self.view = View(self.events)
        self.session = "openhands-test-" + uuid.uuid4().hex[:12]
        self.client = Client(URL, TOKEN)
        self.verdicts = []

    def condenser(self, summary, **kw):
        c = co.CompactguardCondenser(condenser=Summarizing(keep_first=1, text=summary), url=URL,
                                     session_id=self.session, **kw)
        c.reviewer().on_verdict = self.verdicts.append
        return c

    def decisions(self):
        trail = self.client.call("GET", self.client.session_path(self.session, "/decisions"))
        self.assertTrue(trail["chain_ok"], trail.get("chain_error"))
        return [r["decision"] for r in trail["decisions"]]

    def test_veto_returns_the_view_unchanged(self):
        out = self.condenser(self.conv["summaries"]["careless"], repair=False).condense(self.view)
        self.assertIs(out, self.view)
        [v] = self.verdicts
        self.assertEqual(v.action, REFUSE)
        self.assertTrue(any(self.conv["prohibition"] in it["text"] for it in v.lost), v.lost)
        [d] = self.decisions()
        self.assertEqual((d["allowed"], d["reason"]), (False, "must_keep_item_missing"))

    def test_repair_amends_the_condensation_summary(self):
        c = self.condenser(self.conv["summaries"]["careless"])
        self.assertTrue(c.handles_condensation_requests())
        out = c.condense(self.view)
        self.assertIsInstance(out, Condensation)
        self.assertTrue(out.summary.startswith(self.conv["summaries"]["careless"]))
        self.assertIn(self.conv["prohibition"], out.summary)
        self.assertEqual((out.summary_offset, out.forgotten_event_ids), (1, [f"m{i}" for i in range(2, 10)]))
        self.assertEqual(self.verdicts[0].action, REPAIR)
        refused, allowed = self.decisions()
        self.assertEqual((refused["allowed"], allowed["allowed"]), (False, True))
        self.assertEqual(allowed["summary_id"], out.id)

        # The next view, as View.from_events builds it: the summary event
        # (a fresh id) at the offset, then the kept events and new ones. A
        # second condensation that forgets the summary covers it by the
        # Condensation's id.
        new = [Event("m11", Message("user", [TextContent("Switch reads over now.")])),
               Event("m12", Message("assistant", [TextContent("Reads switched.")]))]
        view2 = View([self.events[0], CondensationSummaryEvent(out.summary), self.events[9], *new], [out])
        second = self.condenser(self.conv["summaries"]["faithful"]).condense(view2)
        self.assertIsInstance(second, Condensation)
        third = self.decisions()[2]
        self.assertTrue(third["allowed"], third)
        self.assertEqual(third["covers"], [out.id, "m10", "m11"])

    def test_faithful_condensation_goes_through_unchanged(self):
        c = self.condenser(self.conv["summaries"]["faithful"])
        inner = Condensation(["m2", "m3", "m4"], self.conv["summaries"]["faithful"], 1)
        c.condenser.condense = lambda view, agent_llm=None: inner
        self.assertIs(c.condense(self.view), inner)
        [d] = self.decisions()
        self.assertEqual((d["allowed"], d["covers"]), (True, ["m2", "m3", "m4"]))

    def test_a_view_from_the_wrapped_condenser_passes_untouched(self):
        short = View(self.events[:3])
        c = co.CompactguardCondenser(condenser=Summarizing(keep_first=1, text="x"), url="http://127.0.0.1:1")
        self.assertIs(c.condense(short), short)

    def test_unreachable_guard_vetoes_unless_fail_open(self):
        for fail_open in (False, True):
            c = co.CompactguardCondenser(condenser=Summarizing(keep_first=1, text="a summary"),
                                         url="http://127.0.0.1:1", fail_open=fail_open)
            out = c.condense(self.view)
            self.assertEqual(out is self.view, not fail_open, f"fail_open={fail_open}")


class Mapping(unittest.TestCase):
    def test_each_event_maps_to_a_span_kind(self):
        cases = [
            (Event("a", Message("system", [TextContent("rules")])), {"id": "a", "kind": "system", "text": "rules", "meta": {}}),
            (Event("b", Message("assistant", [], [ToolCall("bash", '{"command": "ls"}')])),
             {"id": "b", "kind": "tool_call", "text": 'bash({"command": "ls"})', "meta": {"tool": "bash"}}),
            (Event("c", Message("assistant", [TextContent("Listing.")], [ToolCall("bash", "{}")])),
             {"id": "c", "kind": "assistant", "text": "Listing.\nbash({})", "meta": {"tool": "bash"}}),
            (Event("d", Message("tool", [TextContent("x.go")], name="bash")),
             {"id": "d", "kind": "tool_result", "text": "x.go", "meta": {"tool": "bash"}}),
            (object(), None),
        ]
        for ev, want in cases:
            with self.subTest(id=getattr(ev, "id", None)):
                self.assertEqual(co.event_span(ev), want)

    def test_amend_places_a_new_summary_where_the_forgotten_events_were(self):
        view = View([Event(i, None) for i in "abcde"])
        for cond, want in [
            (Condensation(["c", "d"], None, None), ("fix", 2)),
            (Condensation(["c", "d"], "old", 1), ("fix", 1)),
        ]:
            out = co.amend(view, cond, "fix")
            self.assertEqual((out.summary, out.summary_offset), want)
            self.assertEqual(out.id, cond.id)

    @unittest.skipIf(importlib.util.find_spec("openhands") is not None, "OpenHands is installed here")
    def test_only_the_subclass_needs_openhands(self):
        code = ("import compactguard_openhands as co\n"
                "try:\n    co.CompactguardCondenser\n"
                "except ImportError as e:\n    print('missing', e.name)\n")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
        self.assertEqual(out.stdout.strip(), "missing openhands")


if __name__ == "__main__":
    unittest.main()
