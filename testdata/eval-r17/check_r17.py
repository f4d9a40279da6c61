#!/usr/bin/env python3
"""Format check for eval-r17 (does not run compactguard): every original.jsonl
line parses as a span event, expect.json parses with a valid verdict/category,
and every `dropped` string occurs verbatim in the case's original span texts."""
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
CATS = {"prohibition", "numeric_commitment", "entity", "failed_attempt"}
bad = 0; n = 0
for name in sorted(os.listdir(here)):
    d = os.path.join(here, name)
    if not (os.path.isdir(d) and name.startswith("r17-")):
        continue
    n += 1
    texts = []
    with open(os.path.join(d, "original.jsonl"), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            ev = json.loads(line)
            assert ev["type"] == "span" and ev["id"] and ev["kind"] and isinstance(ev["text"], str), (name, i)
            texts.append(ev["text"])
    cand = open(os.path.join(d, "candidate.txt"), encoding="utf-8").read()
    assert cand.strip(), name
    e = json.load(open(os.path.join(d, "expect.json"), encoding="utf-8"))
    if e["verdict"] == "refuse":
        assert e["category"] in CATS, name
        assert e["dropped"], name
        for s in e["dropped"]:
            if not any(s in t for t in texts):
                print("NOT VERBATIM:", name, s); bad += 1
    elif e["verdict"] != "allow":
        print("BAD VERDICT:", name); bad += 1
print(f"{n} cases checked, {bad} problems")
sys.exit(1 if bad else 0)
