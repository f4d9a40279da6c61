package rules

import "regexp"

// roleRe finds the sentence a system prompt opens with to tell the agent
// what it is: "You are a post-production coordinator agent for the
// documentary 'Tidewater'", "Ets l'assistent de …", "Anda adalah agen …",
// "Ти — агент …". (Cyrillic and CJK have no ASCII word boundary, so a
// space or the script itself ends those words.)
var roleRe = regexp.MustCompile(`(?i)^[\s"'“„«]*(?:you\s+are|you['’]re|act\s+as|du\s+bist|sie\s+sind|tu\s+es|vous\s+êtes|eres|es\s+usted|sei|lei\s+è|és|você\s+é|ets|jsi|jste|jesteś|jesteście|olet|du\s+er|du\s+är|je\s+bent|u\s+bent|anda\s+adalah|kamu\s+adalah|bạn\s+là|sen\s+bir)\b|^[\s"'“„«]*(?:ти|ты|ви|вы)[\s,—–-]|^[\s"'“„«]*(?:あなたは|你是|您是|당신은)`)

// toolRe finds a sentence of the role preamble that lists what the agent
// can use: "You track deliverables with `deliv`", "Fas comprovacions de QA
// … amb les eines disponibles", "Usi lo strumento `scanq`", "Маєш доступ
// до інструмента `minesafe`".
var toolRe = regexp.MustCompile("(?i)`|\\b(?:tools?|eines?|herramientas?|strument[oi]|ferramentas?|outils?|werkzeug\\pL*|työkalu\\pL*|verktøy\\pL*|verktyg\\pL*|værktøj\\pL*|gereedschap|narzędzi\\pL*|nástroj\\pL*|alat|araç\\pL*)\\b|інструмент|инструмент|ツール|工具|도구")

// rolePreamble reports, for the sentences of a system span in order,
// whether each still belongs to the role preamble: the opening role
// sentence and the tool sentences right after it. What such a sentence
// names (the documentary the agent works on, the "QA" it does) says what
// the agent is, not an entity it must not confuse, so the engine takes no
// entity item from it; any other item of the sentence stays.
type rolePreamble struct {
	seen, in bool
}

// next reports whether sentence s, the next sentence of the span, is in
// the preamble.
func (p *rolePreamble) next(s string) bool {
	if !p.seen {
		p.seen = true
		p.in = roleRe.MatchString(s)
		return p.in
	}
	if p.in {
		p.in = toolRe.MatchString(s)
	}
	return p.in
}
