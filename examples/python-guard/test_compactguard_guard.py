"""Tests of compactguard_guard against a real `compactguard serve`.

Run by go test (examples/python-guard), which starts the server and sets
COMPACTGUARD_URL, COMPACTGUARD_API_TOKEN and COMPACTGUARD_FIXTURE.
"""

import json
import os
import unittest
import uuid

from compactguard_guard import ALLOW, REFUSE, REPAIR, APIError, Client, Guard, Verdict

URL = os.environ.get("COMPACTGUARD_URL", "")
TOKEN = os.environ.get("COMPACTGUARD_API_TOKEN", "")
FIXTURE = os.environ.get("COMPACTGUARD_FIXTURE", "")

KINDS = {"system": "system", "user": "user", "assistant": "assistant", "tool_call": "tool_call",
         "tool_result": "tool_result"}


def spans():
    with open(FIXTURE, encoding="utf-8") as f:
        conv = json.load(f)
    return conv, [{"id": m["id"], "kind": KINDS[m["role"]], "text": m["text"]} for m in conv["messages"]]


@unittest.skipUnless(URL and FIXTURE, "run by go test ./examples/python-guard (needs a compactguard serve)")
class GuardAgainstServe(unittest.TestCase):
    def setUp(self):
        self.conv, self.spans = spans()
        self.client = Client(URL, TOKEN)
        self.sid = "guard-test-" + uuid.uuid4().hex[:12]
        self.covers = [s["id"] for s in self.spans]

    def test_check_answers_each_verdict(self):
        cases = [
            # name, summary, guard options, want action, want decisions
            ("careless with repair", "careless", {}, REPAIR, [False, True]),
            ("careless without repair", "careless", {"repair": False}, REFUSE, [False]),
            ("careless with no repair allowed", "careless", {"max_repairs": 0}, REFUSE, [False]),
            ("faithful", "faithful", {}, ALLOW, [True]),
        ]
        for name, summary, opts, want, decisions in cases:
            with self.subTest(name):
                g = Guard(self.client, f"{self.sid}-{len(name)}-{summary}", **opts)
                self.assertEqual(g.pin(self.spans), len(self.spans))
                v = g.check(self.covers, self.conv["summaries"][summary], "sum-1")
                self.assertEqual(v.action, want)
                self.assertEqual([d["allowed"] for d in v.decisions], decisions)
                if want == REPAIR:
                    self.assertIn(self.conv["prohibition"], v.summary)
                else:
                    self.assertEqual(v.summary, self.conv["summaries"][summary])
                self.assertEqual("sum-1" in g.known, want != REFUSE)

    def test_pin_sends_each_span_once_and_skips_empty_text(self):
        g = Guard(self.client, self.sid)
        self.assertEqual(g.pin(self.spans[:3] + [{"id": "empty", "kind": "user", "text": ""}]), 3)
        self.assertEqual(g.pin(self.spans), len(self.spans) - 3)
        self.assertNotIn("empty", g.known)
        # Covers compactguard does not hold are left out of the proposal.
        v = g.check(self.covers + ["empty"], self.conv["summaries"]["faithful"], "s")
        self.assertEqual(v.decision["covers"], self.covers)

    def test_a_span_the_server_rejects_is_set_aside(self):
        g = Guard(self.client, self.sid)
        bad = {"id": "x", "kind": "user", "text": "t", "meta": {"source": "nobody"}}
        self.assertEqual(g.pin(self.spans[:2] + [bad] + self.spans[2:]), len(self.spans))
        self.assertEqual(list(g.rejected), ["x"])
        self.assertIn("meta.source", g.rejected["x"])
        self.assertEqual(g.pin([bad]), 0)
        self.assertEqual(g.known, set(self.covers))

    def test_a_second_guard_adopts_the_session(self):
        g = Guard(self.client, self.sid)
        g.pin(self.spans)
        self.assertEqual(g.check(self.covers, self.conv["summaries"]["faithful"], "sum-1").action, ALLOW)
        again = Guard(self.client, self.sid)
        again.open()
        self.assertEqual(again.known, set(self.covers) | {"sum-1"})
        self.assertEqual(again.pin(self.spans), 0)

    def test_nothing_held_is_allowed_without_asking(self):
        v = Guard(self.client, self.sid).check(["never-pinned"], "a summary", "s")
        self.assertEqual((v.action, v.decisions), (ALLOW, []))
        self.assertIn("replaces nothing compactguard holds", v.describe())

    def test_api_errors_follow_fail_open(self):
        for fail_open, want in ((False, REFUSE), (True, ALLOW)):
            g = Guard(Client(URL, "not-the-token"), self.sid, fail_open=fail_open)
            v = g.check(["x"], "s", "s")
            self.assertEqual(v.action, want)
            self.assertIn("401", v.error)
        with self.assertRaises(APIError) as cm:
            Guard(Client(URL, "not-the-token"), self.sid).pin(self.spans)
        self.assertEqual(cm.exception.status, 401)
        with self.assertRaisesRegex(ValueError, "kind 'summary'"):
            Guard(self.client, self.sid).pin([{"id": "x", "kind": "summary", "text": "t"}])


class Describe(unittest.TestCase):
    def test_describe_names_the_reason_and_the_lost_categories(self):
        refused = {"allowed": False, "reason": "must_keep_item_missing", "items": [
            {"category": "prohibition", "preserved": False}, {"category": "entity", "preserved": True},
            {"category": "prohibition", "preserved": False}]}
        cases = [
            (Verdict(REFUSE, "s", [refused]),
             "compactguard: must_keep_item_missing, 2 items lost (prohibition 2): summary refused, the original messages are kept"),
            (Verdict(REPAIR, "s", [refused, {"allowed": True}]),
             "compactguard: must_keep_item_missing, 2 items lost (prohibition 2): summary repaired with the lost items and allowed"),
            (Verdict(ALLOW, "s", [{"allowed": True, "reason": "anchored_score_passed"}]),
             "compactguard: anchored_score_passed: summary allowed"),
            (Verdict(REFUSE, "s", error="POST /x: 503"), "compactguard could not check the summary (POST /x: 503): refuse"),
        ]
        for v, want in cases:
            with self.subTest(want):
                self.assertEqual(v.describe(), want)


if __name__ == "__main__":
    unittest.main()
