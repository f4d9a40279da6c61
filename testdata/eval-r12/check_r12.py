#!/usr/bin/env python3
"""Format check for the eval-r12 case set (reads only this folder)."""
import json, os, sys
from collections import Counter

ROOT = os.path.dirname(os.path.abspath(__file__))
KINDS = {"system", "user", "assistant", "tool_call", "tool_result"}
CATS = {"prohibition", "numeric_commitment", "entity", "failed_attempt"}
errors, verdicts, cats = [], Counter(), Counter()
cases = sorted(d for d in os.listdir(ROOT) if os.path.isdir(os.path.join(ROOT, d)) and not d.startswith(("_", ".")))
for name in cases:
    d = os.path.join(ROOT, name)
    def err(msg): errors.append(f"{name}: {msg}")
    if not name.startswith("r12-"): err("name does not start with r12-")
    missing = [f for f in ("original.jsonl", "candidate.txt", "expect.json") if not os.path.isfile(os.path.join(d, f))]
    if missing: err(f"missing {missing}"); continue
    texts, ids = [], set()
    with open(os.path.join(d, "original.jsonl"), encoding="utf-8") as f:
        lines = [l for l in f.read().split("\n") if l.strip()]
    for n, line in enumerate(lines, 1):
        try: ev = json.loads(line)
        except Exception as e: err(f"original.jsonl:{n}: bad JSON: {e}"); continue
        if ev.get("type") != "span": err(f"original.jsonl:{n}: type != span")
        if ev.get("kind") not in KINDS: err(f"original.jsonl:{n}: bad kind {ev.get('kind')}")
        if not isinstance(ev.get("text"), str) or not ev["text"]: err(f"original.jsonl:{n}: empty text")
        if ev.get("id") in ids: err(f"original.jsonl:{n}: duplicate id {ev.get('id')}")
        ids.add(ev.get("id"))
        if "meta" in ev and not (isinstance(ev["meta"], dict) and isinstance(ev["meta"].get("tool"), str)): err(f"original.jsonl:{n}: bad meta")
        texts.append(ev.get("text", ""))
    if not 4 <= len(lines) <= 14: err(f"{len(lines)} spans (want 4-14)")
    cand = open(os.path.join(d, "candidate.txt"), encoding="utf-8").read()
    nl = len([l for l in cand.splitlines() if l.strip()])
    if not 3 <= nl <= 15: err(f"candidate has {nl} lines (want 3-15)")
    try: exp = json.load(open(os.path.join(d, "expect.json"), encoding="utf-8"))
    except Exception as e: err(f"expect.json: bad JSON: {e}"); continue
    v = exp.get("verdict"); verdicts[v] += 1
    if v not in ("allow", "refuse"): err(f"bad verdict {v}")
    if not isinstance(exp.get("note"), str) or not exp["note"]: err("missing note")
    extra = set(exp) - {"verdict", "category", "dropped", "note"}
    if extra: err(f"unexpected keys {extra}")
    if v == "refuse":
        cats[exp.get("category")] += 1
        if exp.get("category") not in CATS: err(f"bad category {exp.get('category')}")
        dr = exp.get("dropped")
        if not (isinstance(dr, list) and dr): err("refuse without dropped")
        for q in dr or []:
            if not any(q in t for t in texts): err(f"dropped quote not verbatim in any span: {q!r}")
            if q in cand: err(f"dropped quote still verbatim in candidate: {q!r}")
    elif v == "allow" and ("category" in exp or "dropped" in exp):
        err("allow case carries category/dropped")
print(f"cases: {len(cases)}  verdicts: {dict(verdicts)}  refuse categories: {dict(cats)}")
for e in errors: print("ERROR", e)
print("OK" if not errors else f"{len(errors)} error(s)")
sys.exit(1 if errors else 0)
