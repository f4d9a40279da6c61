"""The scoring logic of the Python scorer, free of gRPC so it can be read
and tested on its own.

An item is preserved when every one of its key terms appears in one
sentence of the candidate, and, for a prohibition, that sentence still
says "not". The sentence, copied from the candidate, is the evidence the
host checks. Nothing here is clever on purpose: a scorer that cannot show
where the candidate keeps an item must not call it kept.
"""

import bisect
import re

# Weight of each category in the anchored score (others weigh 1).
WEIGHTS = {"prohibition": 3.0, "numeric_commitment": 2.0, "entity": 2.0, "failed_attempt": 2.0}

# Negation cues: English, French, German, Spanish, and the CJK ones the
# test fixtures use. A prohibition must keep one.
NEGATION = [
    r"\bnot\b", r"\bnever\b", r"\bno\b", r"n't\b", r"\bavoid\b", r"\bforbid", r"\bprohibit",
    r"\bmust not\b", r"\bne\b", r"\bpas\b", r"\bjamais\b", r"\bnicht\b", r"\bkein", r"\bnunca\b",
    "禁止", "ない", "不要",
]

# Split points between sentences: after a terminator, at a blank line, or
# before a list item. A hard-wrapped sentence stays whole.
SPLIT = re.compile(r"(?<=[.!?;。！？])\s+|\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)")
WORD = re.compile(r"[\w][\w./:-]*")
STOP = frozenset("the and for with that this from into when then than have has was were are will would should must "
                 "could been being about after before under over only also just some such".split())


def fold(s):
    """Lowercase and collapse whitespace, as the host does."""
    return " ".join(s.split()).lower()


def key_terms(item):
    """The terms an item needs: its own key_terms, else the telling words
    of its text (numbers, identifiers, acronyms, long words)."""
    if item.key_terms:
        return [fold(t) for t in item.key_terms if t.strip()]
    terms = []
    for w in WORD.findall(item.text):
        w = w.rstrip(".:-/")
        if not w or w.lower() in STOP:
            continue
        if any(c.isdigit() for c in w) or "_" in w or (w.isupper() and len(w) > 1) or len(w) >= 6:
            if w.lower() not in terms:
                terms.append(w.lower())
    if not terms:
        terms = [w.lower() for w in WORD.findall(item.text) if len(w) >= 4 and w.lower() not in STOP]
    return terms[:6]


def negated(text):
    t = fold(text)
    return any(re.search(p, t) for p in NEGATION)


def _ascii_alnum(c):
    return c.isascii() and c.isalnum()


class Candidate:
    """A candidate split into sentences, with an index from folded text
    back to sentences so that an 8 MiB candidate is searched with str.find
    rather than sentence by sentence."""

    def __init__(self, text):
        self.sentences = [s.strip() for s in SPLIT.split(text) if s.strip()]
        folded = [fold(s) for s in self.sentences]
        self.starts = []
        pos = 0
        for f in folded:
            self.starts.append(pos)
            pos += len(f) + 1
        self.joined = "\n".join(folded)
        self.folded = folded
        self._cache = {}

    def sentences_with(self, term):
        """Indexes of the sentences containing term as a whole token: an
        ASCII letter or digit at either end of term must not continue into
        the text, so 48000 does not match 480000 (CJK terms match inside
        words, which have no spaces)."""
        if term in self._cache:
            return self._cache[term]
        # The pattern starts with the literal, so re searches it fast; the
        # left boundary is checked on the (few) matches.
        pattern = re.escape(term)
        if _ascii_alnum(term[-1]):
            pattern += r"(?![0-9a-z])"
        left = _ascii_alnum(term[0])
        j, starts = self.joined, self.starts
        found = set()
        for m in re.finditer(pattern, j):
            i = m.start()
            if left and i > 0 and _ascii_alnum(j[i - 1]):
                continue
            found.add(bisect.bisect_right(starts, i) - 1)
        self._cache[term] = found
        return found


def judge(item, cand, min_share):
    """Returns (preserved, score, evidence, fate, note) for one item."""
    terms = key_terms(item)
    if not terms:
        return False, 0.0, "", "lost", "the item has no key terms to look for"
    hits = {}
    for t in terms:
        for s in cand.sentences_with(t):
            hits[s] = hits.get(s, 0) + 1
    if not hits:
        return False, 0.0, "", "lost", "no key term of the item is in the candidate"
    need = max(1, -(-len(terms) * min_share // 1))  # ceil
    best = min(hits, key=lambda s: (-hits[s], s))
    share = hits[best] / len(terms)
    if hits[best] >= need:
        full = [s for s in sorted(hits) if hits[s] >= need]
        if item.category == "prohibition" and negated(item.text):
            kept = [s for s in full if negated(cand.sentences[s])]
            if not kept:
                return False, 0.2, "", "inverted", "the key terms are there but the prohibition lost its negation"
            full = kept
        return True, 1.0, cand.sentences[full[0]], "kept", ""
    fate = "lost"
    if any(any(c.isdigit() for c in t) for t in terms) and share >= 0.5:
        fate = "altered"
    return False, round(0.5 * share, 3), "", fate, "%d of %d key terms in one sentence" % (hits[best], len(terms))


def score(candidate, items, min_share=1.0, weights=None):
    """Anchored score of candidate against items: (score, verdicts), one
    verdict per item in order. An empty item list scores 1: there is
    nothing to lose. Items of weight 0 do not count."""
    weights = WEIGHTS if weights is None else weights
    cand = Candidate(candidate)
    verdicts = [judge(it, cand, min_share) for it in items]
    total = sum(weights.get(it.category, 1.0) for it in items)
    if total <= 0:
        return 1.0, verdicts
    got = sum(weights.get(it.category, 1.0) * v[1] for it, v in zip(items, verdicts))
    return min(1.0, max(0.0, round(got / total, 6))), verdicts


def self_score(candidate):
    """The candidate judged on its own: the share of its sentences that
    look specific (a number, an identifier or a negation). This is the
    self-referential number the host compares with the anchored score; it
    cannot see what was dropped."""
    sentences = [s for s in SPLIT.split(candidate) if s.strip()]
    if not sentences:
        return 0.0
    specific = sum(1 for s in sentences if re.search(r"\d|_|\b[A-Z]{2,}\b", s) or negated(s))
    return round(min(1.0, 0.3 + 0.7 * specific / len(sentences)), 6)
