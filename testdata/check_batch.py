#!/usr/bin/env python3
"""Format check for one labelled batch under testdata/ (eval-rN), for a
helper writing a blind batch: it checks the files' form and never runs
compactguard, so it tells the writer nothing about how the judge scores.

Usage: python3 testdata/check_batch.py testdata/eval-r20

Checks per case directory (every subdirectory not starting with _ or .):
  - original.jsonl: every line parses as JSON, type == "span", unique ids,
    kind in a known set, non-empty text;
  - candidate.txt: exists and is non-empty;
  - expect.json: parses; verdict is allow|refuse; refuse has a valid
    category and a non-empty `dropped` list; each dropped string occurs
    verbatim in some span text of original.jsonl (and, as a sanity check,
    not verbatim in the candidate); allow has no `dropped`.
Prints counts by verdict and category.
"""
import json, os, sys, collections

if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
    sys.exit("usage: check_batch.py BATCH_DIR (for example testdata/eval-r20)")
HERE = os.path.abspath(sys.argv[1])
KINDS = {"system", "user", "assistant", "tool_call", "tool_result"}
CATEGORIES = {"prohibition", "numeric_commitment", "entity", "failed_attempt"}

errors = []
verdicts = collections.Counter()
cats = collections.Counter()
n = 0
for name in sorted(os.listdir(HERE)):
    d = os.path.join(HERE, name)
    if not os.path.isdir(d) or name.startswith(("_", ".")):
        continue
    n += 1
    texts = []
    ids = set()
    try:
        with open(os.path.join(d, "original.jsonl"), encoding="utf-8") as f:
            for i, line in enumerate(f, 1):
                if not line.strip():
                    errors.append(f"{name}/original.jsonl:{i}: blank line"); continue
                try:
                    ev = json.loads(line)
                except json.JSONDecodeError as e:
                    errors.append(f"{name}/original.jsonl:{i}: {e}"); continue
                if ev.get("type") != "span":
                    errors.append(f"{name}/original.jsonl:{i}: type != span")
                if ev.get("id") in ids:
                    errors.append(f"{name}/original.jsonl:{i}: duplicate id {ev.get('id')}")
                ids.add(ev.get("id"))
                if ev.get("kind") not in KINDS:
                    errors.append(f"{name}/original.jsonl:{i}: bad kind {ev.get('kind')}")
                if not isinstance(ev.get("text"), str) or not ev["text"].strip():
                    errors.append(f"{name}/original.jsonl:{i}: empty text")
                else:
                    texts.append(ev["text"])
    except FileNotFoundError:
        errors.append(f"{name}: original.jsonl missing")
    try:
        cand = open(os.path.join(d, "candidate.txt"), encoding="utf-8").read()
        if not cand.strip():
            errors.append(f"{name}: candidate.txt empty")
    except FileNotFoundError:
        errors.append(f"{name}: candidate.txt missing"); cand = ""
    try:
        exp = json.load(open(os.path.join(d, "expect.json"), encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError) as e:
        errors.append(f"{name}/expect.json: {e}"); continue
    v = exp.get("verdict")
    verdicts[v] += 1
    if v == "refuse":
        c = exp.get("category")
        cats[c] += 1
        if not isinstance(c, str) or not c:
            errors.append(f"{name}: refuse without a category")
        elif c not in CATEGORIES:
            # DESIGN.md leaves the category free; eval reports recall per
            # category, so an unusual one is worth a second look, not an error.
            print(f"note: {name}: category {c!r} is not one of {sorted(CATEGORIES)}")
        dropped = exp.get("dropped")
        if not isinstance(dropped, list) or not dropped:
            errors.append(f"{name}: refuse without dropped list")
        else:
            for s in dropped:
                if not any(s in t for t in texts):
                    errors.append(f"{name}: dropped string not verbatim in original: {s!r}")
                if s in cand:
                    errors.append(f"{name}: dropped string still verbatim in candidate: {s!r}")
    elif v == "allow":
        if "dropped" in exp:
            errors.append(f"{name}: allow case has dropped")
    else:
        errors.append(f"{name}: bad verdict {v!r}")

print(f"cases: {n}")
print("verdicts:", dict(verdicts))
print("refuse categories:", dict(cats))
if errors:
    print(f"{len(errors)} problem(s):")
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("OK: all files parse, categories valid, every dropped string occurs verbatim in its original")
