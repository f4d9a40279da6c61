package judge

import (
	"strings"
)

// negationCues are phrases that put an action under a prohibition or a
// restriction. Matched case-insensitively and word-bounded.
var negationCues = []string{
	// English
	"not", "never", "no", "don't", "dont", "do not", "doesn't", "does not",
	"mustn't", "must not", "can't", "cannot", "can not", "shouldn't", "won't",
	"isn't", "aren't", "nor", "neither", "none", "nobody", "nothing",
	"avoid", "avoids", "avoiding", "forbid", "forbids", "forbidden",
	"prohibit", "prohibits", "prohibited", "prohibition", "ban", "banned",
	"disallow", "disallowed", "refrain", "without", "only", "read-only",
	"readonly", "read only", "off-limits", "off limits", "hands off",
	"leave it alone", "left alone", "alone", "freeze", "frozen", "locked",
	"untouchable", "at most", "no more than", "maximum", "max", "capped",
	"cap", "limit", "limited", "exclusively", "solely", "unless",
	"ask before", "ask first", "first ask", "approval", "permission",
	"sign-off", "stop", "under no circumstances", "may not", "shall not",
	"excluded", "ruled out", "stay clear", "keep clear", "kept clear",
	"keep off", "kept off", "keeps off", "stay off", "stays off", "left off", "leave off",
	// French
	"ne", "n'", "pas", "jamais", "aucun", "aucune", "interdit", "interdite",
	"sans", "seulement", "uniquement", "exclusivement", "exclu", "exclue",
	"exclus", "exclues", "proscrit", "proscrite",
	// German
	"nicht", "nie", "niemals", "kein", "keine", "keinen", "keinem", "keiner",
	"verboten", "untersagt", "ohne", "nur", "ausschließlich", "ausschliesslich",
	"ausgeschlossen", "unzulässig",
	// Spanish, Portuguese, Italian
	"nunca", "jamás", "prohibido", "prohibida", "sin", "solo", "sólo",
	"não", "nao", "proibido", "sem", "apenas", "non", "mai", "vietato",
	"senza", "soltanto", "únicamente", "unicamente", "exclusivamente",
	"descartado", "descartada", "descartados", "descartadas", "excluido",
	"excluida", "excluidos", "excluidas", "somente", "solamente",
	"esclusivamente", "escluso", "esclusa",
	// Dutch, Polish, Russian
	"niet", "nooit", "geen", "nigdy", "zakaz", "zakazane", "zabronione",
	"wolno", "alleen", "uitsluitend", "verboden", "uitgesloten", "не", "нельзя", "никогда", "запрещено", "без", "только",
	// Swedish, Norwegian, Danish
	"aldrig", "aldri", "inte", "ikke", "ej", "förbjudet", "förbjuden",
	"forbudt", "utan", "uten", "endast", "bara",
	// Vietnamese, Turkish, Hindi (Latin and Devanagari)
	"không", "đừng", "cấm", "chỉ", "asla", "yasak", "yasaktır", "sadece",
	"mat", "nahi", "nahin", "mana", "sirf", "मत", "नहीं", "मना", "वर्जित",
	"निषिद्ध", "केवल", "सिर्फ",
}

// cjkNegationCues are matched as plain substrings (no word boundaries in
// these scripts).
var cjkNegationCues = []string{
	"不要", "不得", "不能", "不可", "禁止", "勿", "别", "別", "不许", "只能", "仅",
	"しないで", "してはいけない", "してはならない", "禁止", "ないこと", "ないで",
	"하지 마", "금지", "안 돼", "말 것", "지 마", "지 말", "안 됩니다", "않도록",
	"불가", "않는다", "않음", "하지 않", "없이",
	"严禁", "请勿", "切勿", "不准",
}

// cjkCue holds the CJK negation cues, and their stems as key terms.
var cjkCue = toSet(strings.Join(cjkNegationCues, " "))

// askCues, with "before" or "first" in the same clause, make a
// restriction: "ask the user before anything that could exceed it".
var askCues = []string{"ask", "asks", "asking", "check with", "confirm", "consult", "get approval", "demander", "fragen", "preguntar"}

// beforeCues, with an ask cue, make a restriction.
var beforeCues = []string{"before", "first", "prior to", "beforehand"}

// exceptionCues open the exception of a rule: "never page on-call at
// night, except for a SEV1 declared by ops". A candidate that keeps the
// rule but drops its exception forbids what the agent may do.
var exceptionCues = []string{
	"except", "except for", "except when", "excepting", "unless", "other than",
	"apart from", "save for", "salvo", "excepto", "a menos que", "a no ser que",
	"sauf", "à moins que", "hormis", "außer", "ausser", "es sei denn",
	"ausgenommen", "tranne", "eccetto", "a meno che", "exceto", "a não ser",
	"behalve", "tenzij", "utom", "förutom", "oprócz", "z wyjątkiem", "chyba że",
}

// cjkExceptionCues are matched as plain substrings.
var cjkExceptionCues = []string{"除非", "除了", "を除き", "を除いて", "以外は", "제외하고", "경우를 제외"}

// exceptionOf returns the exception of a rule: the text after its first
// exception cue up to the end of the sentence, or "".
func exceptionOf(text string) string {
	lower := Fold(text)
	at, end := -1, 0
	for _, c := range exceptionCues {
		if s, e, ok := ContainsTerm(lower, lower, c); ok && (at < 0 || s < at || s == at && e > end) {
			at, end = s, e
		}
	}
	for _, c := range cjkExceptionCues {
		if s := strings.Index(lower, c); s >= 0 && (at < 0 || s < at) {
			at, end = s, s+len(c)
		}
	}
	if at < 0 {
		return ""
	}
	rest := text[end:]
	if i := strings.IndexAny(rest, ".;!?。"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// weakeners turn a rule into a preference.
var weakeners = []string{
	"try to", "try not to", "tries to", "attempt to", "where possible",
	"wherever possible", "if possible", "when possible", "whenever possible",
	"as much as possible", "as far as possible", "if you can", "if feasible",
	"where feasible", "when feasible", "ideally", "preferably", "prefer",
	"preferred", "generally", "usually", "typically", "normally",
	"in general", "mostly", "unless necessary", "unless needed",
	"unless required", "unless it's necessary", "best to", "better not",
	"better to", "recommended", "it is recommended", "might want",
	"may want", "optional", "optionally", "nice to have", "if convenient",
	"where practical", "if practical", "within reason", "when in doubt",
	"si possible", "de préférence", "autant que possible", "dans la mesure du possible",
	"möglichst", "wenn möglich", "nach möglichkeit", "am besten", "eher",
	"si es posible", "preferiblemente", "en lo posible", "se possibile",
	"preferibilmente", "se possível", "preferencialmente",
	"尽量", "最好", "尽可能", "できれば", "なるべく", "가능하면",
}

// hardCues mark a prohibition as absolute; an item stated with one of
// them is weakened by a weakener in the candidate.
var hardCues = []string{
	"must not", "mustn't", "never", "do not", "don't", "cannot", "can't",
	"under no circumstances", "forbidden", "prohibited", "not allowed",
	"may not", "shall not", "no", "only", "must", "nicht", "nie", "jamais",
	"interdit", "verboten", "nunca", "prohibido", "vietato", "kein", "keine",
	"ne", "non", "niemals", "不得", "禁止", "不要",
}

// failureCues mark an attempt that failed, or the decision not to retry.
var failureCues = []string{
	"fail", "failed", "fails", "failing", "failure", "error", "errors",
	"errored", "broke", "broken", "breaks", "break", "crash", "crashed",
	"crashes", "segfault", "segfaulted", "panic", "panicked", "exception",
	"does not", "doesn't", "did not", "didn't", "cannot", "can't",
	"could not", "couldn't", "won't", "will not", "unable", "incompatible",
	"unsupported", "not supported", "reverted", "revert", "rolled back",
	"rollback", "aborted", "timed out", "timeout", "refused", "rejected",
	"denied", "not retry", "don't retry", "do not retry", "no retry",
	"not work", "didn't work", "doesn't work", "blocked", "until",
	"échoué", "échec", "erreur", "fehlgeschlagen", "fehler", "falló",
	"fallo", "error", "失败", "エラー", "失敗", "실패",
	"abandoned", "discarded", "gave up", "ruled out", "dead end", "no luck",
	"gescheitert", "verworfen", "funktioniert nicht", "klappt nicht",
	"nicht wieder", "nicht erneut", "abgebrochen", "schlug fehl",
	"ne marche pas", "ne fonctionne pas", "n'a pas marché", "n'a pas fonctionné",
	"abandonné", "abandonnée", "rejeté", "rejetée", "ne pas retenter",
	"no funciona", "no funcionó", "fracasó", "descartado", "descartada",
	"no reintentar", "fallito", "fallita", "non funziona", "falhou",
	"não funciona", "mislukt", "werkt niet", "无效", "不行", "没成功",
}

// subordinators open a leading clause whose own negation does not govern
// the main clause ("Once no batch is left, run DROP TABLE ...").
var subordinators = []string{
	"once", "when", "after", "if", "as soon as", "whenever", "since",
	"because", "although", "though", "while", "upon",
}

// cueWords holds the single words of every cue list, excluded from the
// content words of an item.
var cueWords = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range [][]string{negationCues, weakeners, hardCues} {
		for _, c := range list {
			if !strings.Contains(c, " ") {
				m[c] = true
			}
		}
	}
	return m
}()

// hasAny reports the first phrase of list found in lower (a folded text),
// word-bounded, as ContainsTerm finds it. The phrases of list must be
// lower-case and trimmed already, as every cue list here is (see
// TestCueListsFolded): a phrase with a byte pair that lower lacks is
// skipped without a search.
func hasAny(lower string, list []string) (string, bool) {
	pairs := pairsOf(lower)
	for _, c := range list {
		if !pairs.mayHold(c) {
			continue
		}
		if _, _, ok := containsFolded(lower, c); ok {
			return c, true
		}
	}
	return "", false
}

// pairSet holds the adjacent byte pairs of a text, hashed to 1024 bits. A
// term with a pair the set lacks does not occur in the text.
type pairSet [16]uint64

func pairBit(a, b byte) uint { return (uint(a)*131 + uint(b)) & 1023 }

func pairsOf(s string) *pairSet {
	p := new(pairSet)
	for i := 0; i+1 < len(s); i++ {
		h := pairBit(s[i], s[i+1])
		p[h>>6] |= 1 << (h & 63)
	}
	return p
}

// mayHold reports whether t may occur in the text: false only when one of
// its byte pairs is missing.
func (p *pairSet) mayHold(t string) bool {
	for i := 0; i+1 < len(t); i++ {
		h := pairBit(t[i], t[i+1])
		if p[h>>6]&(1<<(h&63)) == 0 {
			return false
		}
	}
	return true
}

// HasNegation reports whether a folded clause carries a negation or
// restriction cue, ignoring a leading subordinate clause.
func HasNegation(lower string) bool {
	main := stripLeadingSubordinate(lower)
	if c, ok := hasAny(main, negationCues); ok && (c != "no" || !looksPortuguese(main)) {
		return true
	} else if ok {
		// Portuguese "no" is "in the": look for another cue.
		for _, c := range negationCues {
			if c == "no" {
				continue
			}
			if _, _, ok := ContainsTerm(main, main, c); ok {
				return true
			}
		}
	}
	if strings.Contains(main, "n't") {
		return true
	}
	// "ask the user before ...", "check with me first": a restriction.
	if _, ok := hasAny(main, askCues); ok {
		if _, ok := hasAny(main, beforeCues); ok {
			return true
		}
	}
	for _, c := range cjkNegationCues {
		if strings.Contains(main, c) {
			return true
		}
	}
	return false
}

// HasWeakener reports whether a folded clause turns a rule into a
// preference.
func HasWeakener(lower string) bool {
	pairs := pairsOf(lower)
	for _, c := range weakeners {
		if !pairs.mayHold(c) {
			continue
		}
		if isCJK(c) {
			if strings.Contains(lower, c) {
				return true
			}
			continue
		}
		if _, _, ok := containsFolded(lower, c); ok {
			return true
		}
	}
	return false
}

// IsHard reports whether a folded rule is stated as absolute.
func IsHard(lower string) bool {
	_, ok := hasAny(lower, hardCues)
	return ok || strings.Contains(lower, "n't")
}

// HasFailure reports whether a folded text reports a failure or a
// decision not to retry.
func HasFailure(lower string) bool {
	_, ok := hasAny(lower, failureCues)
	return ok
}

func isCJK(s string) bool {
	for _, r := range s {
		if r >= 0x2E80 {
			return true
		}
	}
	return false
}

// stripLeadingSubordinate drops "Once all batches are verified," from the
// front of a clause.
func stripLeadingSubordinate(lower string) string {
	t := strings.TrimLeft(lower, " \t-*•>0123456789.()")
	for _, s := range subordinators {
		if strings.HasPrefix(t, s+" ") {
			if i := strings.Index(t, ","); i > 0 {
				return t[i+1:]
			}
			return t
		}
	}
	return lower
}

// portugueseMarks are words and letters found in Portuguese but not in
// Spanish or English text.
var portugueseMarks = []string{"não", "você", "faça", "do", "da", "em", "ao", "pelo", "pela", "isso", "então", "também"}

// looksPortuguese reports whether a folded clause reads as Portuguese, where
// "no" is a preposition ("no final", "no servidor"), not a negation.
func looksPortuguese(lower string) bool {
	if strings.ContainsAny(lower, "ãõç") {
		return true
	}
	_, ok := hasAny(lower, portugueseMarks)
	return ok
}

// limitCues state a numeric ceiling: a quantity under one of them is a
// limit, whatever the grammar ("must not exceed $1.5M" = "ceiling of
// $1,500,000" = "plafonnée à 5 %").
var limitCues = []string{
	"max", "maximum", "maximal", "maximaal", "massimo", "máximo", "maximo",
	"cap", "capped", "caps", "ceiling", "at most", "up to", "no more than",
	"not more than", "under", "below", "within", "limit", "limited", "limits",
	"exceed", "exceeds", "budget", "höchstens", "hoogstens", "au plus",
	"plafond", "plafonné", "plafonnée", "plafonnés", "plafonnées", "tetto",
	"teto", "limite", "límite", "tope", "obergrenze", "grenze", "≤", "<=",
	"dépasser", "überschreiten", "superar", "exceder", "superare",
	"overschrijden", "ultrapassar", "less than", "fewer than", "no longer than",
	"stay below", "stay under", "mehr als", "plus de", "más de", "meer dan",
}

// exceedVerbs make a prohibition a numeric limit: "must not exceed N".
var exceedVerbs = []string{
	"exceed", "go over", "go above", "surpass", "dépasser", "überschreiten",
	"übersteigen", "superar", "exceder", "superare", "oltrepassare",
	"overschrijden", "ultrapassar", "more than", "plus de", "mehr als",
	"más de", "meer dan", "più di", "mais de", "above", "over",
	// "darf nicht über 12.000 U/min", "ne jamais dépasser" aside: the
	// prepositions of going over in other languages.
	"über", "oberhalb", "au-dessus de", "por encima de", "oltre", "sopra",
	"boven", "acima de", "powyżej", "ponad", "över", "yli", "выше", "больше",
	"более", "свыше", "lebih dari", "di atas", "fazla", "üzerinde", "nad",
}

// HasLimit reports whether a folded text states a numeric ceiling.
func HasLimit(lower string) bool {
	_, ok := hasAny(lower, limitCues)
	return ok
}

// HasExceed reports whether a folded rule forbids going over a quantity.
func HasExceed(lower string) bool {
	_, ok := hasAny(lower, exceedVerbs)
	return ok
}
