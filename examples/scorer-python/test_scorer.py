"""Unit tests of scorer.py: /usr/bin/python3 -m unittest test_scorer
(run from this folder; the Go test runs them too)."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "gen"))
sys.path.insert(0, HERE)

from compactguard.v1 import plugin_pb2 as pb  # noqa: E402
import scorer  # noqa: E402


def item(category, text, *terms):
    return pb.Item(category=category, text=text, key_terms=list(terms))


DROP = item("prohibition", "Do not run DROP TABLE on legacy_orders", "DROP TABLE", "legacy_orders")
BUDGET = item("numeric_commitment", "The budget is 48000 tokens", "48000")


class ScoreTest(unittest.TestCase):
    def test_verdicts(self):
        cases = [
            ("kept, re-wrapped and re-cased", "Note: do NOT run drop\n  table on LEGACY_ORDERS.", DROP, True, "kept"),
            ("negation dropped", "Run DROP TABLE on legacy_orders when done.", DROP, False, "inverted"),
            ("terms in different sentences", "Run DROP TABLE later. Never touch legacy_orders.", DROP, False, "lost"),
            ("number kept", "Budget: 48000 tokens.", BUDGET, True, "kept"),
            ("number changed", "Budget: 480000 tokens.", BUDGET, False, "lost"),
            ("empty candidate", "", BUDGET, False, "lost"),
        ]
        for name, cand, it, kept, fate in cases:
            with self.subTest(name):
                _, verdicts = scorer.score(cand, [it])
                got_kept, s, evidence, got_fate, _ = verdicts[0]
                self.assertEqual((got_kept, got_fate), (kept, fate))
                self.assertTrue(0 <= s <= 1)
                if kept:
                    self.assertIn(scorer.fold(evidence), scorer.fold(cand))

    def test_score_bounds(self):
        self.assertEqual(scorer.score("anything", [])[0], 1.0)
        self.assertEqual(scorer.score("", [DROP, BUDGET])[0], 0.0)
        s, _ = scorer.score("Do not run DROP TABLE on legacy_orders.", [DROP, BUDGET])
        self.assertAlmostEqual(s, 3 / 5)

    def test_self_score_bounds(self):
        for cand in ["", "ok", "Do not run DROP TABLE. Budget 48000.", "東京リージョンのみ使用する。"]:
            with self.subTest(cand):
                self.assertTrue(0 <= scorer.self_score(cand) <= 1)

    def test_derived_key_terms(self):
        terms = scorer.key_terms(pb.Item(category="entity", text="pin postgres to 15.4 on orders_v2"))
        self.assertIn("15.4", terms)
        self.assertIn("orders_v2", terms)


if __name__ == "__main__":
    unittest.main()
