# Default rule pack of extractor-regex, embedded in the binary.
#
# A rule fires on a sentence when (1) the span kind is one of its `kinds`
# (or one of its `companion_kinds` and another rule found an item in the
# same sentence), (2) one of its literal `cues` occurs in the sentence (ASCII
# case-insensitive) and, with `digits = true`, the sentence has a digit or
# currency sign, and (3) its RE2 `pattern` matches, no `unless` matches at
# the match and no `veto` matches in the sentence. Patterns are heredocs so
# backslashes need no escaping; `\d` matches a decimal digit of any script
# or width ("４", "٢"), not only ASCII. Kinds default to ["system", "user"].

# ------------------------------------------------------------ authority --
# Who can set a rule. Each span has a source (meta "source", set by the
# transcript importers; without one, its kind's default: user → human,
# system → system, assistant and tool_call → agent, reasoning → reasoning,
# tool_result → tool_result). A source with no block below sets nothing:
# the agent's thinking (reasoning), injected boilerplate (harness), and
# any other tool output (tool_result: source code, vendored files, fetched
# web pages). `reads_as` is the span kind whose rules read it ("user":
# instructions; unset: its own kind, so the agent's own text is read by the
# rules for what the agent adopts); `categories` limits what it may set;
# `companion` categories it gives only beside another item of the same
# sentence; `document_companion` the same when the span is document-shaped
# (headings or many lines: a pasted plan gives its rules, not each of its
# identifiers); `lists_only` reads only list lines.

authority "human" {
  reads_as           = "user"
  document_companion = ["entity"]
}

authority "system" {
  reads_as = "system"
  # The harness sends the system prompt with every request (Claude Code,
  # Codex, opencode, LangChain's summarising memory all keep it), so no
  # compaction replaces it and a summary need not restate its rules: it
  # gives no item. An orchestrator that does compact its system prompt
  # sets `persists = false` in a pack of its own.
  persists = true
}

authority "project_rule" {
  # CLAUDE.md, AGENTS.md, .claude/rules: the project's standing rules.
  reads_as  = "user"
  companion = ["entity"]
}

authority "document" {
  # A runbook, a plan file, the project's docs the agent works from.
  reads_as  = "user"
  companion = ["entity"]
}

authority "command_template" {
  # The expanded body of a slash command or skill: the rule list of a
  # short command counts, its prose and markup do not. A long template (a
  # skill's body, headings and many lines) sets nothing: Claude Code
  # attaches an invoked skill again after a compaction, so the summary
  # need not carry it.
  reads_as           = "user"
  lists_only         = true
  companion          = ["entity"]
  document_companion = ["prohibition", "numeric_commitment", "failed_attempt"]
}

authority "delegation" {
  # The agent's prompt to a subagent: it often holds the session's
  # sharpest rules ("Do NOT commit. The coordinator commits.").
  reads_as           = "user"
  document_companion = ["entity"]
}

authority "config_file" {
  # A .env or other config file the agent wrote or read: its values.
  reads_as   = "user"
  categories = ["numeric_commitment"]
}

authority "agent" {
  # The agent's own text: only the rules written for what an agent adopts
  # or records ("we must not…", "failed because…") fire on assistant spans;
  # its limits, deadlines and intentions are its plan, not a rule.
}

authority "tool_result" {
  # Tool output is data: only the failure rules read it (tool_failed, a
  # tool's report that its call failed; the opt-in tool_error, any hard
  # error line). An answer that opens with a heading
  # naming rules ("Clayhouse kiln rules:", "## Hausordnung") is the rules
  # document the tool was asked for, read as one.
  categories    = ["failed_attempt"]
  rules_heading = "document"
  # The agent's own reading tools (Claude Code, Codex, opencode and the
  # like): files, shells, searches, the web. Another tool is a system of
  # record (bookings, a venue's page), whose answer with a line whose topic
  # names rules ("Venue rules: no open flames …") is a rules document too.
  data_tools = [
    "read", "write", "edit", "multiedit", "bash", "grep", "glob", "ls", "webfetch",
    "websearch", "notebookedit", "notebookread", "todowrite", "todoread", "task", "agent",
    "bashoutput", "killshell", "skill", "slashcommand", "exitplanmode", "askuserquestion",
    "shell", "apply_patch", "exec_command", "local_shell", "shell_command", "read_file",
    "list_dir", "grep_files", "update_plan", "view_image", "web_search", "list", "patch",
    "terminal", "python", "code_interpreter", "browser", "search", "fetch", "file_read", "cat"
  ]
}

authority "command_output" {
  categories = ["failed_attempt"]
}

authority "subagent_report" {
  # A subagent's report sets no rule, but its record of a failure ("41
  # successes, 1 failure — FAILED: restore_spec …") is the session's, as
  # a command's is: a summary that calls the run green misleads the next
  # step.
  categories = ["failed_attempt"]
}

authority "summary" {
  # A compaction's candidate: every clause is read, since it is what is
  # judged.
  reads_as = "user"
}

# ------------------------------------------------------------- language --
# What the engine's Go knows of natural languages, as data: the words key
# terms are cut with, the abbreviations a dot does not end a sentence
# after, and how a system prompt's role preamble reads. The cue classes
# the frame reader shares (negation, "only", months, ...) are the
# lexicons of sdk/lexicon; these lists are the engine's own, each tuned to
# one step. A later pack's attribute replaces the list of an earlier one.

words {
  # An action phrase ends at these: what follows is a condition, a reason
  # or a second clause, not the forbidden action.
  phrase_stop = [
    "because", "since", "until", "unless", "when", "while", "so", "but", "and", "or",
    "without", "before", "after", "from", "even", "if", "which", "that", "as", "weil",
    "bis", "denn", "parce", "jusqu'à", "porque", "hasta"
  ]
  # Trimmed from both ends of a key phrase: articles, prepositions,
  # pronouns and auxiliaries ("Je ne réessaierai pas" attempts nothing
  # called "Je").
  phrase_edge = [
    "the", "a", "an", "to", "on", "in", "of", "at", "for", "with", "by", "into",
    "onto", "it", "is", "are", "be", "this", "that", "any", "ever", "please", "also",
    "just", "i", "we", "you",
    "je", "j'", "nous", "on", "il", "elle", "ils", "le", "la", "les", "l'", "un",
    "une", "est", "a", "ont",
    "ich", "wir", "es", "er", "sie", "der", "die", "das", "den", "dem", "ein", "eine",
    "ist", "sind", "wurde", "hat", "habe", "auf",
    "yo", "nosotros", "el", "los", "las", "una", "es", "fue", "ha", "io", "noi", "lo",
    "gli", "è",
    "eu", "nós", "os", "as", "um", "uma", "foi", "jag", "vi", "ik", "wij", "het", "de",
    "है", "हैं", "था", "थे", "थी", "हो", "होगा", "ہے", "ہیں", "تھا", "تھے", "تھی"
  ]
  # Function words a unit pattern caught after a number: "$2,000 this"
  # keeps "$2,000".
  number_tail = [
    "this", "that", "the", "a", "an", "per", "of", "for", "and", "or", "to", "in",
    "on", "at", "by", "each", "every", "total", "now", "today", "if", "so", "then",
    "it", "is", "are", "with", "from"
  ]
  # Tokens with a dot, slash or hyphen that are prose, not names in a
  # system.
  prose = ["e.g", "i.e", "etc", "a.m", "p.m", "and/or", "read-only", "read-write", "w/o"]
  # Plain words that name an environment or a branch: entities although
  # they are words.
  environments = [
    "prod", "production", "staging", "stage", "dev", "development", "qa", "uat",
    "preprod", "sandbox", "main", "master", "develop", "trunk"
  ]
  # Words that may stand before a negation whose object is elided ("The
  # client hates Monday deploys, so don't."): the object is in the clause
  # before.
  elision_lead = ["so", "then", "and", "please", "just", "thus", "therefore", "hence", "we", "you", "i"]
  # Verbs that link a subject to what it objects to: in the elided
  # object, only what follows them is kept ("Monday deploys").
  attitude = [
    "hates", "hate", "dislikes", "dislike", "fears", "loathes", "is", "are", "was",
    "were", "objects", "minds"
  ]
}

sentence {
  # A lower-case word after these continues the sentence ("vs. that"). A
  # word with an inner dot of at most five bytes ("e.g", "i.e") needs no
  # entry.
  lower = [
    "vs", "etc", "approx", "cf", "incl", "excl", "esp", "resp", "min", "max", "no",
    "nr", "ca", "bzw", "usw", "z.b", "d.h", "env", "dept", "fig", "ref"
  ]
  # Titles before a name: no sentence ends after them before a capital,
  # a digit or a non-ASCII letter ("Prof. Halden", "Mgr. Horáková").
  titles = [
    "prof", "dr", "mr", "mrs", "ms", "mme", "mlle", "mgr", "phdr", "ing", "dipl", "st",
    "sr", "hr", "sra", "srta", "dott", "sig", "ph.d", "ph.dr", "doc", "rndr", "judr",
    "mudr", "dra", "profa", "lic", "arq", "capt", "sgt"
  ]
  # Never end a sentence, whatever follows ("e.g. Redis", "z.B. Tabellen").
  # "incl." and "excl." shorten a word: a German noun after them keeps
  # its capital ("inkl. Leergut").
  inline = ["z.b", "e.g", "i.e", "vs", "bzw", "incl", "excl", "inkl", "exkl", "zzgl", "bspw", "vgl"]
  # Number signs: no sentence ends after them before a digit ("Nr. 5",
  # "Art. 6"), one does before a word.
  number_signs = [
    "nr", "no", "art", "abs", "vol", "p", "pp", "fig", "ref", "sec", "čl", "č", "ca",
    "approx", "etc", "usw", "godz", "pkt", "ust", "tel", "str", "núm", "pág",
    "max", "maks", "máx", "kl", "kap"
  ]
  # Beginnings of month names after a one- or two-digit ordinal and its
  # dot: "bis 15. Dezember" is one sentence. German, Danish, Norwegian,
  # then the Czech and Slovak genitives ("14. června", "1. mája").
  ordinal_months = [
    "jan", "feb", "mär", "mar", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov",
    "dez", "dec",
    "ledn", "únor", "břez", "dubn", "květ", "červ", "srpn", "září", "říjn", "listop",
    "prosin", "máj", "jún", "júl",
    # Norwegian (desember), Finnish (joulukuuta) and Croatian (siječnja),
    # long enough that no English word after "12. " starts with one.
    "desember", "tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesäkuu", "heinäkuu", "elokuu",
    "syyskuu", "lokakuu", "marraskuu", "joulukuu",
    "siječnj", "veljač", "ožujk", "travnj", "svibnj", "lipnj", "srpnj", "kolovoz", "rujn", "studenog"
  ]
}

preamble {
  # The sentence a system prompt opens with to tell the agent what it is:
  # "You are a post-production coordinator agent for …", "Ets l'assistent
  # de …", "Anda adalah agen …", "Ти — агент …". Cyrillic and CJK have no
  # ASCII word boundary, so a space or the script itself ends those words.
  role = <<EOT
(?i)^[\s"'“„«]*(?:you\s+are|you['’]re|act\s+as|du\s+bist|sie\s+sind|tu\s+es|vous\s+êtes|eres|es\s+usted|sei|lei\s+è|és|você\s+é|ets|jsi|jste|jesteś|jesteście|olet|du\s+er|du\s+är|je\s+bent|u\s+bent|anda\s+adalah|kamu\s+adalah|bạn\s+là|sen\s+bir)\b|^[\s"'“„«]*(?:ти|ты|ви|вы)[\s,—–-]|^[\s"'“„«]*(?:あなたは|你是|您是|당신은)
EOT
  # A sentence of the preamble, right after the role, that lists what the
  # agent can use: "You track deliverables with `deliv`", "Fas
  # comprovacions de QA … amb les eines disponibles", "Маєш доступ до
  # інструмента `minesafe`".
  tools = <<EOT
(?i)`|\b(?:tools?|eines?|herramientas?|strument[oi]|ferramentas?|outils?|werkzeug\pL*|työkalu\pL*|verktøy\pL*|verktyg\pL*|værktøj\pL*|gereedschap|narzędzi\pL*|nástroj\pL*|alat|araç\pL*)\b|інструмент|инструмент|ツール|工具|도구
EOT
}

# ---------------------------------------------------------------- atoms --
# A compound rule is several rules. A sentence is cut into atoms at one of
# these separators when a restriction cue (a cue of a prohibition rule) sits
# on both sides: "Never run a migration during business hours, and do not
# touch the billing schema without a fresh backup" is two items, so the
# first clause's "never" cannot vouch for the second. A list ("do not run X,
# Y or Z") has no cue after its comma and stays whole.

atom "coordination" {
  # One-letter coordinators (Spanish "y", Italian and Portuguese "e",
  # Polish "i") match in lower case only: ", I don't want" is English.
  pattern = <<EOT
(?i),\s*(?:and|but|or|nor|also|plus|und|aber|oder|sowie|et|mais|ou|ni|pero|ma|né|mas|nem|en|maar|och|men|eller|og|ale|lub|oraz|ve|ama|veya|(?-i:y|e|i))\s+(?:also\s+|auch\s+|aussi\s+|también\s+|anche\s+|também\s+|ook\s+|även\s+|też\s+)?
EOT
}

atom "bare_coordination" {
  # "never A and never B", "don't X but do not Y": without a comma.
  pattern = <<EOT
(?i)\s+(?:and|but|und|aber|et|mais|pero|ma|maar|och|men|(?-i:y|e))\s+(?:also\s+)?
EOT
}

atom "cjk_comma" {
  pattern = <<EOT
[，、]\s*(?:也|并且|而且|但|但是|且)?
EOT
}

# ---------------------------------------------------------------- noise --
# Sentences that are data even inside user text: log lines, stack frames,
# test-runner tables. No rule sees them.

noise "log_line" {
  # A timestamped log line: ISO or syslog-style ("Feb 9 09:00:08.092
  # |DEBU| hook invoked"), or one that opens with its level.
  pattern = <<EOT
^\s*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}[.,]\d+|(?:INFO|WARN|WARNING|DEBUG|TRACE|ERROR)\s*[:\]|]|[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\b)
EOT
}

noise "stack_frame" {
  # Go, Python, Java and JavaScript frames ("at beginWork$1 (chunk.js:20948:13)",
  # "printWarning @ chunk.js:2338"). One pattern per cue: "at " is common.
  cues    = ["at ", "file \"", "goroutine", ".go:", ".py\"", " @ "]
  pattern = <<EOT
^\s*(?:at\s+[\w$.<>]+\s*\(|File\s+"[^"]+",\s+line\s+\d+|goroutine\s+\d+|[\w/.-]+\.go:\d+)|\S+\s+@\s+\S+:\d+
EOT
}

noise "key_value_record" {
  # A structured log record or config dump pasted into a message: three
  # key=value fields in a row ("hook=session-end agent=claude-code ...").
  cues    = ["="]
  pattern = <<EOT
[\pL_][\w.-]*=[^\s=]+\s+[\pL_][\w.-]*=[^\s=]+\s+[\pL_][\w.-]*=
EOT
}

noise "json_record" {
  # A JSON record pasted into a message (a transcript line, an API answer).
  cues    = ["\":"]
  pattern = <<EOT
^\W{0,3}[{\[]\s*"|"[\w.-]+"\s*:\s*[^,]{0,200},\s*"[\w.-]+"\s*:\s*[^,]{0,200},\s*"[\w.-]+"\s*:
EOT
}

noise "pasted_tool_output" {
  # A line of a Claude Code screen pasted back into the conversation: the
  # harness draws tool output under a "⎿" glyph and the agent's own
  # messages and tool calls after a "⏺".
  cues    = ["⎿", "⏺"]
  pattern = <<EOT
^\s*[⎿⏺]
EOT
}

noise "git_diffstat" {
  # git's summary of a commit or a diff, pasted: "1 file changed, 37
  # insertions(+)". Its numbers are a count of what changed, not a bound.
  cues    = ["changed,"]
  pattern = <<EOT
\b\d+ files? changed, \d+ (?:insertions?\(\+\)|deletions?\(-\))
EOT
}

noise "reported_speech" {
  # The agent reporting what a document or a vendor says is not the agent
  # adopting a rule ("The vendor docs say clients must not exceed 50 rps").
  # Only in the agent's own spans: a user quoting a rule still gives it.
  kinds   = ["assistant", "reasoning"]
  cues    = ["say", "said", "state", "note", "mention", "warn", "recommend", "suggest", "claim", "according to"]
  pattern = <<EOT
(?i)\b(?:docs?|documentation|readme|vendor|manual|guide|page|article|spec(?:ification)?|changelog|blog|forum|post|website|site|faq|upstream|library|sdk|maintainers?|licen[cs]e)['’]?s?\s+(?:also\s+)?(?:says?|said|states?|stated|notes?|noted|mentions?|mentioned|warns?|warned|recommends?|recommended|suggests?|suggested|claims?|claimed)\b|\baccording\s+to\s+(?:the\s+|their\s+|its\s+)?(?:\w+\s+)?(?:docs?|documentation|readme|vendor|manual|guide|page|article|spec|faq|upstream)\b
EOT
}

noise "speculative_question" {
  # A question that floats an idea is not a rule or a commitment: "What
  # would happen if we raised the timeout to 90 seconds?", "Maybe we send
  # the campaign to 50,000 users on Monday?", "Should we cap it at 10k?".
  # Requests phrased as questions ("Can you keep it under 5 req/s?",
  # "Could you not touch prod?") are not speculative and still count. The
  # cue must open the question (within its first four words): a rule
  # followed by a question about it ("Never delete X, should we document
  # that?") is still a rule. Two-letter openers ("et si", "y si", "e se")
  # are left out: as cues they hit inside ordinary text ("the session")
  # and slow the cue scan by a tenth.
  cues    = ["what if", "what would", "what happens", "curious", "curiosity", "wonder", "maybe", "perhaps", "hypothetical", "should we", "shall we", "how about", "was wäre", "und wenn", "vielleicht", "peut-être", "quizás", "tal vez", "forse", "talvez", "misschien", "wat als"]
  pattern = <<EOT
(?i)^\P{L}*(?:[\p{L}'’-]+\P{L}+){0,3}(?:\bwhat\s+(?:if|would|happens)\b|\bcurio(?:us|sity)\b|\bwonder(?:ing)?\b|\bmaybe\b|\bperhaps\b|\bhypothetical(?:ly)?\b|\b(?:should|shall)\s+we\b|\bhow\s+about\b|\bwas\s+wäre\b|\bund\s+wenn\b|\bvielleicht\b|\bpeut-être\b|\bquizás\b|\btal\s+vez\b|\bforse\b|\btalvez\b|\bmisschien\b|\bwat\s+als\b)[^?]*\?\s*$
EOT
}

noise "aside" {
  # A remark the person makes in passing about themselves or the moment is
  # no rule and no commitment: "ugh sorry, I know it's 6am", "I'm so
  # tired, 3 hours of sleep", "btw conversion was 3.9% on Saturday, best
  # day ever", "Honestly the last rota caused a grievance and I can't face
  # another one". It opens with an interjection, or with the speaker's own
  # tiredness. A sentence that also gives an instruction ("honestly, never
  # touch prod", "btw, only 2 at a time") is still read.
  kinds   = ["user"]
  cues    = ["ugh", "argh", "phew", "lol", "haha", "oof", "sorry", "honestly", "btw", "by the way", "i'm so", "i am so", "i'm really", "i'm exhausted", "i'm tired", "i'm wrecked", "i'm knackered"]
  pattern = <<EOT
(?i)^\W*(?:(?:ugh|argh|phew|lol|haha|oof|sorry|honestly|btw|by\s+the\s+way)\b|I(?:['’]m|\s+am)\s+(?:so\s+|really\s+|completely\s+|totally\s+)?(?:tired|exhausted|wrecked|knackered|sleepy|shattered|burnt\s+out|fried)\b)
EOT
  unless  = <<EOT
(?i)\b(?:never|must|mustn['’]t|only|at\s+(?:most|least)|no\s+more\s+than|no\s+later\s+than|make\s+sure|remember\s+to|please)\b|(?:^|[,;:—–-]\s*|\b(?:so|and|but|just)\s+)(?:don['’]t|do\s+not)\s+\w
EOT
}

# ---------------------------------------------------------- prohibition --

rule "negated_modal" {
  category    = "prohibition"
  description = "do not / don't / must not / never / shouldn't / cannot / may not + an action"
  cues        = ["not", "n't", "n’t", "never", "cannot"]
  pattern     = <<EOT
(?i)\b(?:do|does|must|should|shall|may|can|need)\s+not\b|\b(?:don|doesn|mustn|shouldn|shan|can|needn|won)['’]t\b|\bcannot\b|\bnever\b|\b(?:is|are)\s+not\s+(?:allowed|permitted|to\s+be)\b|\bnot\s+(?:allowed|permitted)\b
EOT
  unless      = <<EOT
(?i)(?:do\s+not|don['’]t|does\s+not|doesn['’]t)\s+(?:worry|know|think|understand|remember|see|care|mind|believe|need\s+to|have\s+to|get\s+it|recall)\b|(?:can['’]t|cannot)\s+(?:find|see|get|figure|reproduce|remember|tell|understand|believe|wait|open|load|access|log\s+in|thank)\b|never\s+(?:mind|seen|heard|had|been|used|tried|knew)\b|(?:should|must|may)\s+not\s+(?:be\s+)?(?:needed|necessary|matter)\b
EOT
  # The speaker's own capacity or feeling ("I don't have the energy for
  # another round of that", "I can't face another one", "I do NOT want a
  # repeat") forbids nothing.
  veto        = <<EOT
(?i)\bI\s+(?:just\s+|really\s+|honestly\s+|simply\s+)?(?:don['’]t|do\s+not|can['’]t|cannot)\s+(?:have\s+the\s+(?:energy|strength|nerve|bandwidth|patience)|face|stand|bear|take\s+(?:it|another|any\s+more)|want\s+(?:a\s+repeat|another\s+(?:one|round|week)|to\s+(?:relive|repeat|go\s+through))|relive)\b
EOT
  terms       = "action"
}

rule "no_noun" {
  category    = "prohibition"
  description = "a clause that opens with 'no X' (English rule lists, Spanish 'no ejecutes')"
  cues        = ["no "]
  pattern     = <<EOT
(?i)(?:^|[:(]\s*|\b(?:and|but|so|also|please|por\s+favor,?|y)\s+)no\b
EOT
  unless      = <<EOT
(?i)(?:^|[:(]\s*|\b(?:and|but|so|also|please|por\s+favor,?|y)\s+)no\s+(?:problem|worries|worry|idea|need|rush|thanks|matter|one|longer|luck|doubt|way|kidding|big\s+deal|more\s+than|later\s+than|less\s+than|fewer\s+than)\b
EOT
  terms       = "action"
}

rule "forbidden_word" {
  category    = "prohibition"
  description = "forbidden, prohibited, off-limits, under no circumstances, and their French, German and Spanish forms"
  cues        = ["forbid", "prohibit", "off-limit", "off limit", "under no circumstances", "banned", "verboten", "untersagt", "interdit", "prohibido", "prohibida", "jamais", "nunca", "jamás", "niemals", "keinesfalls", "keinen fall", "en aucun cas", "sous aucun", "ningún caso", "ninguna circunstancia", "ningún concepto", "nessuna circostanza", "nenhuma circunstância", "nie ", "nooit", "verboden", "vietat", "proibid", "jamais", "in nessun caso", "em hipótese alguma", "hoe dan ook niet"]
  pattern     = <<EOT
(?i)\b(?:forbidden|prohibited|off[- ]limits|under\s+no\s+circumstances|banned|verboten|untersagt|interdite?s?|prohibid[oa]s?|jamais|nunca|jamás|niemals|keinesfalls|auf\s+keinen\s+fall|en\s+aucun\s+cas|sous\s+aucun\s+prétexte|en\s+ningún\s+caso|bajo\s+ninguna\s+circunstancia|bajo\s+ningún\s+concepto|in\s+nessuna\s+circostanza|em\s+nenhuma\s+circunstância|nie|nooit|verboden|vietat[oaie]|proibid[oa]s?|in\s+nessun\s+caso|em\s+hipótese\s+alguma)\b
EOT
  terms       = "action"
}

rule "avoid_leave_alone" {
  category    = "prohibition"
  description = "avoid X, refrain from X, stay away from X, leave X alone"
  cues        = ["avoid", "refrain", "stay away", "hands off", "alone", "untouched"]
  pattern     = <<EOT
(?i)\b(?:avoid|refrain\s+from|stay\s+away\s+from|hands\s+off)\b|\bleave\s+(?:\S+\s+){1,4}?(?:alone|untouched|as\s+is)\b
EOT
  terms       = "action"
}

rule "rejected_alternative" {
  category    = "prohibition"
  description = "a directive that rules out an alternative: 'use pnpm, not npm', 'reuse the one from today and not yesterday', 'edit v2 instead of the legacy handler'"
  cues        = ["not ", "never ", "rather than", "instead of"]
  # The directive stands before the option chosen, which may be long
  # ("should then reuse the one from today and not yesterday").
  lead        = 14
  pattern     = <<EOT
(?i)(?:^\W*(?:(?:please|always)\s+)*|\b(?:should|must|has\s+to|have\s+to|needs?\s+to)\s+(?:\w+\s+){0,2}?)(?:use|reuse|pick|choose|keep|put|edit|write|deploy|run|target|push|install|merge|base|branch|send|call|query|connect|book|order|reply|answer)\b[^.;!?\n]*?(?:(?:,\s*|\s+(?:and|but)\s+)(?:not|never)|\s(?:rather\s+than|instead\s+of))\b
EOT
  # A sentence-opening word used as a noun ("Deploy failed on staging, not
  # prod", "Base image is alpine, not debian", "Keep in mind …") states
  # something; "not just", "not sure", "never mind" rule nothing out.
  unless      = <<EOT
(?i)^\W*(?:(?:please|always)\s+)*\pL+\s+(?:failed|fails|failing|is|isn['’]t|was|wasn['’]t|were|are|went|goes|came|comes|took|takes|broke|breaks|crashed|crashes|passed|passes|worked|works|time|times|image|conflicts?|in\s+mind|logs?|output|results?|step|job)\b
EOT
  veto        = <<EOT
(?i)\b(?:not|never)\s+(?:just|only|sure|yet|really|necessarily|quite|exactly|even|mind)\b
EOT
  terms       = "action"
}

rule "read_only_freeze" {
  category    = "prohibition"
  description = "keep X read-only; X is under a change freeze"
  cues        = ["read-only", "read only", "readonly", "freeze", "frozen", "locked"]
  pattern     = <<EOT
(?i)\bread[- ]?only\b|\b(?:change|code|deploy(?:ment)?|release|merge)[\s-]freeze\b|\bunder\s+(?:a\s+)?freeze\b|\bfrozen\b|\b(?:is|are|stays?|remains?)\s+locked\b
EOT
  terms       = "state"
}

rule "only_restriction" {
  category    = "prohibition"
  description = "only X (not Y): 'use X only', 'may only', 'only deploy to X', 'must go either to X or Y'"
  cues        = ["only", "exclusively", "solely", "either", "nur ", "uniquement", "seulement", "solo ", "sólo", "solamente", "únicamente", "unicamente", "soltanto", "só ", "apenas"]
  pattern     = <<EOT
(?i)^\W*(?:please\s+)?(?:use|deploy|run|read|write|query|call|connect|target|push|open|send|touch|modify|change|edit|install|merge|work|release|ship|test)\b[^.;]*?\s(?:only|exclusively|solely)\b|\b(?:may|can|must|should|will|shall)\s+only\b|\bonly\s+(?:ever\s+|always\s+|ever\s+)?(?:use|deploy|run|touch|modify|edit|change|write|read|call|query|push|merge|target|install|connect|release|ship|publish)\b|\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:\w+\s+){0,3}?(?:either|only|exclusively)\b|\bnur\s+(?:auf|in|im|an|mit|für|über|den|die|das|noch)\b|\b(?:uniquement|seulement)\b|\b(?:solo|solamente)\s+(?:en|a|con|usa|use|usar)\b|únicamente\s+(?:en|a|con|usa|use|usar)\b|(?:\b(?:solo|sólo|solamente|unicamente|soltanto|só|apenas)|únicamente)\s+(?:se\s+|si\s+)?(?:pued\pL*|podr\pL*|pode|podem|deb\pL*|poss\pL*|può|puoi|dev\pL*|permit\pL*|autoriz\pL*|consent\pL*)|\b(?:puede|pueden|puedes|podrá|podrán|debe|deben|debes|possono|può|puoi|deve|devono|pode|podem|devem)(?:\s+\pL+){0,2}?\s+(?:(?:solo|sólo|solamente|unicamente|soltanto|apenas)\b|únicamente|só\s)
EOT
  # "no solo puede ...", "non solo", "não só": "not only" adds, it does not restrict
  veto        = <<EOT
(?i)\b(?:no|non|não|nao)\s+(?:solo|sólo|solamente|soltanto|só|apenas)(?:\s|$)
EOT
  terms       = "state"
}

rule "german_nicht" {
  category    = "prohibition"
  description = "German negation in an instruction: nicht, kein"
  cues        = ["nicht", "kein"]
  pattern     = <<EOT
(?i)\bnichts?\b|\bkein(?:e|en|er|es)?\s
EOT
  unless      = <<EOT
(?i)nicht\s+(?:nur|wahr|schlecht|mehr\s+als|sicher)\b|kein\s+(?:problem|thema|ding)\b|keinen\s+fall\b
EOT
  terms       = "action"
}

rule "french_ne_pas" {
  category    = "prohibition"
  description = "French negation in an instruction: ne ... pas / jamais / plus, pas de"
  cues        = ["pas ", "ne ", "n'", "n’"]
  pattern     = <<EOT
(?i)\b(?:ne|n['’])\s*(?:pas|jamais|plus)\b|\b(?:ne|n['’])\s*\pL+(?:\s+\pL+)?\s+(?:pas|jamais|plus|aucun\pL*)\b|\bpas\s+de\s+\pL
EOT
  unless      = <<EOT
(?i)pas\s+de\s+(?:probl\pL+|souci|quoi)\b
EOT
  terms       = "action"
}

rule "dutch_niet" {
  category    = "prohibition"
  description = "Dutch negation in an instruction: niet, geen, nooit (exporteer nooit, gebruik geen)"
  cues        = ["niet", "geen"]
  pattern     = <<EOT
(?i)\bniet\b|\bgeen\s+\pL
EOT
  unless      = <<EOT
(?i)niet\s+(?:alleen|meer\s+dan|zeker|waar)\b|geen\s+(?:probleem|idee|zorgen)\b
EOT
  terms       = "action"
}

rule "italian_portuguese_non" {
  category    = "prohibition"
  description = "Italian 'non' and Portuguese 'não' in an instruction: non pubblicare, não faça"
  cues        = ["non ", "não ", "nao "]
  pattern     = <<EOT
(?i)\b(?:non|não|nao)\s+(?:(?:si|lo|la|li|le|se|o|a|mai)\s+)?
EOT
  unless      = <<EOT
(?i)(?:non|não|nao)\s+(?:solo|soltanto|so|sei|è|e|c['’]è|ci|ho|ha|hai|sono|é|sabe|tem|há|sure|profit)\b
EOT
  terms       = "action"
}

rule "japanese_prohibition" {
  category    = "prohibition"
  description = "Japanese prohibitions: しないでください, してはいけない, 禁止, 不可"
  cues        = ["ないで", "てはいけない", "てはならない", "ではいけない", "禁止", "不可", "ないこと"]
  pattern     = <<EOT
ないで|[てで]は(?:いけ|なら)ない|禁止|不可|ないこと
EOT
  terms       = "state"
}

rule "spanish_no_verb" {
  category    = "prohibition"
  description = "Spanish negated instruction: no ejecutar, no borres, no se debe"
  cues        = ["no "]
  pattern     = <<EOT
(?i)\bno\s+(?:se\s+)?(?:debe|deben|debes|puede|pueden|puedes|ejecut\pL*|borr\pL*|elimin\pL*|toqu\pL*|modifiqu\pL*|modific\pL*|us\pL*|hag\pL*|cambi\pL*|despleg\pL*|desplieg\pL*|subas|hagas|envíes|envi\pL*)\b
EOT
  terms       = "action"
}

rule "catalan_no_verb" {
  category    = "prohibition"
  description = "Catalan negated instruction: no poden pujar, no s'ha de tocar, no toqueu, no esborris"
  cues        = ["no "]
  pattern     = <<EOT
(?i)\bno\s+(?:s['’]\s*)?(?:pot|poden|pots|podeu|ha\s+de|han\s+de|has\s+de|heu\s+de|hem\s+de|toqu\pL*|esborr\pL*|elimin\pL*|modifiqu\pL*|canvi\pL*|feu|facis|envi\pL*|publiqu\pL*|desplegu\pL*|executeu|executis)\b
EOT
  terms       = "action"
}

rule "hungarian_prohibition" {
  category    = "prohibition"
  description = "Hungarian prohibitions: tilos, soha ne, nem szabad, nem lehet, nem mehetnek (a bare 'ne' is the frame's to read: Italian and Czech write it too)"
  cues        = ["tilos", "soha", "nem "]
  pattern     = <<EOT
(?i)\b(?:tilos|soha\s+ne|nem\s+(?:szabad|lehet|\pL{2,}(?:hat|het)(?:ja|i|nak|nek|sz|unk|ünk|nék|nák|ják|ik)?))(?:$|[\s,.;:!)])
EOT
  terms       = "action"
}

rule "nordic_polish_negation" {
  category    = "prohibition"
  description = "Swedish, Norwegian, Danish and Polish prohibitions: får aldrig, inte, förbjudet, nie wolno, nigdy, zakaz"
  cues        = ["aldrig", "aldri", "inte ", "ikke ", "ej ", "förbjud", "forbudt", "nie wolno", "nigdy", "zakaz", "zabronion"]
  pattern     = <<EOT
(?i)\b(?:aldrig|aldri|inte|ikke|ej|förbjud\pL*|forbudt|nie\s+wolno|nigdy|zakaz\pL*|zabronion\pL*)(?:\s|$)
EOT
  unless      = <<EOT
(?i)(?:inte|ikke)\s+(?:bara|bare|så|säker|sikker)\b
EOT
  terms       = "action"
}

rule "cyrillic_prohibition" {
  category    = "prohibition"
  description = "Ukrainian and Russian prohibitions: ніхто не має права, не можна, заборонено, ніколи не; нельзя, запрещено, не имеет права, никогда не"
  # Cues are matched byte by byte, folding ASCII case only: a cue that
  # starts a sentence capitalised is listed without its first letter.
  cues        = ["не має права", "не мають права", "не маєш права", "не маєте права", "не можна", "заборон", "ніколи не", "не смі", "не слід", "не повин", "не имеет права", "не имеют права", "не имеешь права", "нельзя", "запрещ", "никогда не", "не смей", "не следует", "не должн", "аборон", "іколи не", "е можна", "ельзя", "апрещ", "икогда не", "е смі", "е слід", "е смей", "е следует"]
  pattern     = <<EOT
(?i)не\s+(?:має|мають|маєш|маєте|имеет|имеют|имеешь|имеете)\s+права|не\s+можна|нельзя|заборон\pL*|запрещ\pL*|(?:ніколи|никогда)\s+не|не\s+(?:смі\pL*|смей\pL*|слід|следует|повин\pL*|должн\pL*)
EOT
  terms       = "action"
}

rule "cjk_prohibition" {
  category    = "prohibition"
  description = "Chinese and Korean prohibitions: 不要, 不得, 禁止, 严禁, 请勿; 하지 마세요, 금지, 안 됩니다"
  cues        = ["不要", "不得", "不能", "不许", "严禁", "禁止", "请勿", "切勿", "别", "지 마", "지 말", "지마", "금지", "안 됩니다", "안 돼", "말 것", "않도록"]
  pattern     = <<EOT
不要|不得|不能|不许|严禁|禁止|请勿|切勿|别|지\s*마|지\s*말|금지|안\s*됩니다|안\s*돼|말\s*것|않도록
EOT
  terms       = "state"
}

rule "vi_tr_hi_negation" {
  category    = "prohibition"
  description = "Vietnamese, Turkish and Hindi prohibitions: không được, đừng, cấm; asla, yasak; mat karna, kabhi nahi, मत, वर्जित"
  cues        = ["không", "ừng", "cấm", "asla", "yasak", "mat ", "kabhi", "nahi", "mana hai", "मत", "कभी", "नहीं", "न करें", "मना", "वर्जित", "निषिद्ध"]
  pattern     = <<EOT
(?i)\bkhông\s+(?:được|bao\s+giờ|nên|phép)\b|đừng\b|(?:nghiêm\s+)?cấm\b|\basla\b|\byasak\pL*|\bmat\s+(?:karo|karna|karein|karen|kijiye|kijiyega|do|dena|chalao|chalana)\b|\bkabhi\s+(?:bhi\s+)?(?:nahi|nahin|mat)\b|\bnahi[n]?\s+(?:karna|karein|karo|chahiye)\b|\bmana\s+hai\b|मत|कभी\s+(?:भी\s+)?नहीं|नहीं\s+करना|न\s+करें|मना\s+है|वर्जित|निषिद्ध
EOT
  terms       = "action"
}

# Every language's prohibitive negations ("don't", "never", "forbidden":
# list `prohibitive` of its lexicon file, sdk/lexicon/lang): a
# sentence no rule above reads as a prohibition, that the frame reader
# reads as one ("Jangan guna kacang tanah", "Älä koskaan poista
# tuotannon tietokantaa", "لا تحذف قاعدة بيانات الإنتاج"). Adding a
# language file teaches it this rule; the reader's neutral phrases,
# questions and reported wishes keep the cue alone from making a rule.
rule "lexicon_prohibition" {
  category    = "prohibition"
  description = "a prohibitive negation of any language's lexicon, in a clause the frame reader reads as must_not"
  lexicon     = "prohibitive"
  frame       = "must_not"
  terms       = "action"
  # The languages no pattern above reads (add a language here with its
  # lexicon file, and a row to the rule's table test).
  languages   = ["fi", "el", "ar", "he", "th", "ro", "cs", "hr", "bn", "ta", "ur", "fa", "sw", "tl", "id", "ms", "vi", "hu", "sk"]
  # Off by default, measured: on the blind batches it found 5 more
  # dropped rules and refused 15 more faithful summaries, most of them
  # summaries in English of rules in Hebrew, Arabic, Thai or Vietnamese
  # that the judge cannot pair with no name or value to go by. Turn it on
  # (plugin config `enable = ["lexicon_prohibition"]`) where the agent's
  # summaries keep the language of its rules.
  enabled     = false
}

rule "requires_approval" {
  category    = "prohibition"
  description = "an action gated on someone's consent: requires sign-off from X, must be approved by X, only with X's approval; erfordert Freigabe, nécessite la validation, requiere aprobación"
  cues        = ["sign-off", "sign off", "signoff", "approval", "approved", "permission", "consent", "go-ahead", "freigabe", "genehmig", "zustimmung", "validation", "approbation", "aprobación", "autorización", "approvazione", "autorizzazione", "aprovação", "autorização"]
  pattern     = <<EOT
(?i)\b(?:requires?|required|needs?|needed|must\s+(?:get|have|obtain)|only\s+with|subject\s+to|without)\s+(?:(?:a|an|the|written|explicit|prior|formal|\pL+['’]s)\s+){0,3}(?:sign[- ]?off|approval|permission|consent|go-ahead)\b|\bmust\s+(?:first\s+)?be\s+(?:approved|signed\s+off)\s+by\b|\b(?:erfordert|benötigt|braucht|ohne)\s+(?:\pL+\s+){0,2}?(?:freigabe|genehmigung|zustimmung)|\b(?:nécessite|exige|sans)\s+(?:\pL+['’]?\s*){0,2}?(?:validation|accord|approbation)|\b(?:requiere|sin)\s+(?:\pL+\s+){0,2}?(?:aprobación|autorización)|\b(?:richiede|senza)\s+(?:\pL+['’]?\s*){0,2}?(?:approvazione|autorizzazione)|\b(?:requer|exige|sem)\s+(?:\pL+\s+){0,2}?(?:aprovação|autorização)
EOT
  terms       = "state"
}

# How people who run coding agents say what not to do, beside "don't":
# stop doing it, hold off on it, skip it, rather you didn't, we're not
# doing it. Each is a standing rule for the work at hand. English only;
# other languages say these with the negations the lexicons list.

rule "halt_directive" {
  category    = "prohibition"
  description = "stop X-ing, hold off on X, skip X, said as an instruction: 'please stop adding comments', 'hold off on merging until CI is green', 'skip the e2e tests'"
  cues        = ["stop ", "quit ", "hold off", "skip "]
  pattern     = <<EOT
(?i)(?:^\W*|[,;:]\s*)(?:(?:please|so|and|but|just|pls|now|also|let['’]s|let\s+us|we\s+should|you\s+should)\s+)*(?:(?:stop|quit)\s+\pL+ing\b|hold\s+off\b(?:\s+on)?|skip\b)
EOT
  # What is to stop or skip has to be named: "stop doing that" and "skip
  # it" point back, "stop everything" is an order for now, "skip to the
  # end" a place, and a skip list a thing.
  veto        = <<EOT
(?i)\b(?:stop|quit)\s+(?:(?:every|any|some|no)thing\b|\pL+ing\s+(?:it|that|this|them|those)\b)|\bskip\s+(?:(?:to|ahead|over\s+to|lists?|counts?|rates?|logic|flags?|buttons?|links?)\b|(?:it|that|this|them|those)\s*(?:[,.;!?]|$))
EOT
  terms       = "action"
}

rule "rather_not" {
  category    = "prohibition"
  description = "I'd rather you didn't X, I'd prefer we don't X"
  cues        = ["d rather", "d prefer", "would rather", "would prefer"]
  pattern     = <<EOT
(?i)\bI(?:['’]d|\s+would)\s+(?:rather|prefer)\s+(?:(?:that\s+)?(?:you|we)\s+)?(?:didn['’]t|did\s+not|don['’]t|do\s+not|not)\b
EOT
  terms       = "action"
}

rule "not_doing" {
  category    = "prohibition"
  description = "we're not X-ing (a change to the work): 'we're not touching the payments service in this PR'"
  cues        = ["we're not", "we are not", "we’re not"]
  pattern     = <<EOT
(?i)\bwe(?:['’]re|\s+are)\s+not\s+(?:touching|changing|modifying|deploying|merging|shipping|adding|doing|using|migrating|releasing|pushing|upgrading|bumping|refactoring|removing|deleting|rewriting|renaming|going\s+to\s+(?:touch|change|modify|deploy|merge|ship|add|do|use|migrate|release|push|upgrade|bump|refactor|remove|delete|rewrite|rename))\b
EOT
  # "We're not doing anything wrong", "not adding much overhead" say how
  # things are; "if we're not changing the API" is a condition.
  unless      = <<EOT
(?i)\bwe(?:['’]re|\s+are)\s+not\s+(?:doing|adding|using|changing)\s+(?:anything|much|any|a\s+lot|well|badly|great|fine|ok|okay)\b
EOT
  veto        = <<EOT
(?i)\b(?:if|whether|unless|when|while)\s+we(?:['’]re|\s+are)\s+not\b
EOT
  terms       = "action"
}

rule "ask_before" {
  category    = "prohibition"
  description = "always ask before a consequential action: 'always ask me before deleting any bucket' forbids deleting unasked"
  cues        = ["ask", "check with", "confirm with"]
  pattern     = <<EOT
(?i)\b(?:ask|check\s+with|confirm\s+with)\s+(?:\w+\s+){0,2}?(?:before|prior\s+to)\s+(?:\w+\s+){0,1}?(?:delet|remov|drop|destroy|wip|purg|truncat|deploy|releas|publish|merg|push|send|email|pay|spend|refund|charg|restart|reboot|shut|terminat|cancel|rotat|migrat|overwrit|force)\pL*
EOT
  terms       = "action"
}

rule "reserved_action" {
  # The person keeps an action for themselves: "I'll do that manually",
  # "I'll merge it myself", "leave the deploy to me", "I'll handle it over
  # there". The agent must not do it. The cue is the person's own first
  # person future with a word that says by whom or by hand.
  category    = "prohibition"
  description = "the person reserves an action: I'll do it myself / manually / leave it to me"
  cues        = ["myself", "manually", "by hand", "over there", "to me", "mir überlassen", "mache ich selbst", "selbst", "moi-même", "m'en occupe", "yo mismo", "yo me encargo", "zelf", "io stesso", "me ne occupo"]
  pattern     = <<EOT
(?i)\b(?:i['’]ll|i\s+will|i['’]m\s+going\s+to|i\s+am\s+going\s+to|i['’]d\s+rather)\s+(?:\pL+\s+){0,5}?(?:myself|manually|by\s+hand|over\s+there|on\s+my\s+own)\b|\bleave\s+(?:that|this|it|the\s+\pL+)\s+to\s+me\b|\b(?:mache|übernehme|erledige)\s+ich\s+selbst\b|\b(?:je\s+m['’]en\s+occupe|je\s+le\s+ferai\s+moi-même)\b|\b(?:yo\s+me\s+encargo|lo\s+hago\s+yo\s+mismo)\b|\b(?:doe|regel)\s+ik\s+zelf\b|\bme\s+ne\s+occupo\s+io\b|\blo\s+faccio\s+io\b
EOT
  terms       = "action"
}

rule "agent_adopts_prohibition" {
  category    = "prohibition"
  # The agent relays a constraint it is under ("we must not", "we agreed",
  # "refunds cannot go to"). What it intends or thinks best ("I won't",
  # "we shouldn't") is its narration, no rule: the person's rule binds.
  description = "the agent adopts a rule: we must not, we agreed, it cannot go to (its own intentions 'I won't' and opinions 'we shouldn't', an imperative of its own plan, 'Don't X', or 'it can only' describing code are not one)"
  kinds       = ["assistant", "reasoning"]
  cues        = ["not", "n't", "n’t", "never", "cannot", "agreed", "either", "only"]
  pattern     = <<EOT
(?i)\b(?:i|we)\s+(?:must|shall|may)\s+(?:not|never)\b|\b(?:i|we)\s+mustn['’]t\b|\bwe\s+agreed\b|\b(?:must|shall|may)\s+not\b|\bmustn['’]t\b|\b(?:must|may)\s+(?:only\b|(?:\w+\s+){0,3}?(?:either|only)\b)|\b(?:it|this|that|they|refunds?|payments?|the\s+\w+)\s+(?:cannot|can['’]t|may\s+not)\s+(?:go|be)\b|\bnot\s+allowed\b|\bforbidden\b
EOT
  terms       = "action"
}

rule "agent_relays_project_rule" {
  # The agent quoting the project's own rules file ("The CLAUDE.md says to
  # write tests to surface bugs first") relays a standing rule, not its own
  # plan: the rule binds whether or not the agent then follows it. A
  # vendor's docs saying so is reported speech (noise "reported_speech").
  category    = "prohibition"
  description = "the agent relays the project's rules file: CLAUDE.md says to X, per AGENTS.md we must X"
  kinds       = ["assistant", "reasoning"]
  cues        = ["claude.md", "agents.md", "gemini.md", "contributing.md", "conventions.md"]
  pattern     = <<EOT
(?i)\b(?:CLAUDE|AGENTS|GEMINI|CONTRIBUTING|CONVENTIONS)\.md\s+(?:file\s+)?(?:says|states|requires|asks|tells\s+(?:us|me)|wants\s+(?:us|me)|mandates|is\s+clear)\s+(?:to|that)\b
EOT
  terms       = "action"
  binds       = true
}

rule "agent_accepts_correction" {
  # The person corrects the agent ("using your skill?") and the agent takes
  # it on as a standing duty ("Good point - I should use the
  # systematic-debugging skill"): the person's rule, in the agent's words.
  # An acknowledgement followed by "let me check" commits to nothing.
  category    = "prohibition"
  description = "the agent accepts a correction as a duty: good point, I should X; you're right, we must X"
  kinds       = ["assistant"]
  cues        = ["good point", "fair point", "good call", "good catch", "you're right", "you’re right", "you are right"]
  pattern     = <<EOT
(?i)^\W*(?:good\s+(?:point|call|catch)|fair\s+point|you(?:['’]re|\s+are)\s+right)\b[^.!?:]{0,40}?[\s,.!:—–-]+(?:I|we)\s+(?:should|must|need\s+to|have\s+to|ought\s+to)\s+(?:always\s+)?
EOT
  terms       = "action"
  binds       = true
}

# ---------------------------------------------------- numeric commitments --

rule "money" {
  category    = "numeric_commitment"
  description = "amounts of money: $2,000, €500, 500 €, 2k USD"
  digits      = true
  cues        = ["$", "€", "£", "¥", "₩", "₹", "₦", "₵", "₱", "元", "円", "원", "zł", "kr", "usd", "eur", "gbp", "chf", "cny", "rmb", "jpy", "krw", "pln", "sek", "nok", "dkk", "brl", "inr", "dollar", "euro", "yuan", "yen", "won", "złot", "kron", "real", "reais"]
  pattern     = <<EOT
(?i)(?P<term>(?:R\$\s?|[$€£¥₩₹₦₵₱]\s?|\b(?:USD|EUR|GBP|CHF|CNY|RMB|JPY|KRW|PLN|SEK|NOK|DKK|BRL|INR)\s?)\d[\d,.]*(?:\s?(?:k|m|bn|million|thousand|mil|Mio\.?)\b)?(?:\s?(?:/|per)\s?(?:hour|hr|h|day|month|mo|year|yr|request|call|user|seat|run|GB|TB)\b)?|\b\d[\d,.]*\s?(?:k|m|million|thousand|Mio\.?|万|億|亿|만|억)?\s?(?:USD\b|EUR\b|GBP\b|CHF\b|CNY\b|RMB\b|JPY\b|KRW\b|PLN\b|SEK\b|NOK\b|DKK\b|BRL\b|INR\b|dollars?\b|euros?\b|yuan\b|yen\b|z[łl]\b|z[łl]otych\b|kr\b|kronor\b|reais\b|€|\$|元|円|원|₩))
EOT
}

rule "measure" {
  category    = "numeric_commitment"
  description = "physical quantities with a unit, a tolerance or a period: 150 Nm ±5 Nm, 72 km/h, 12 MW, 1,2 meter, 400 mg every 24 hours"
  digits      = true
  cues        = ["±", "+/-", "0 m", "0m", "0 k", "0k", "0 g", "0g", "0 t", "0t", "0 l", "0l", "0 w", "0w", "0 v", "0v", "0 n", "0n", "0 p", "0p", "0 f", "0f", "0 b", "0b", "0 a", "0a", "0 c", "0c", "0 °", "0°", "0 º", "0º", "0 µ", "0µ", "0 u", "0u", "1 m", "1m", "1 k", "1k", "1 g", "1g", "1 t", "1t", "1 l", "1l", "1 w", "1w", "1 v", "1v", "1 n", "1n", "1 p", "1p", "1 f", "1f", "1 b", "1b", "1 a", "1a", "1 c", "1c", "1 °", "1°", "1 º", "1º", "1 µ", "1µ", "1 u", "1u", "2 m", "2m", "2 k", "2k", "2 g", "2g", "2 t", "2t", "2 l", "2l", "2 w", "2w", "2 v", "2v", "2 n", "2n", "2 p", "2p", "2 f", "2f", "2 b", "2b", "2 a", "2a", "2 c", "2c", "2 °", "2°", "2 º", "2º", "2 µ", "2µ", "2 u", "2u", "3 m", "3m", "3 k", "3k", "3 g", "3g", "3 t", "3t", "3 l", "3l", "3 w", "3w", "3 v", "3v", "3 n", "3n", "3 p", "3p", "3 f", "3f", "3 b", "3b", "3 a", "3a", "3 c", "3c", "3 °", "3°", "3 º", "3º", "3 µ", "3µ", "3 u", "3u", "4 m", "4m", "4 k", "4k", "4 g", "4g", "4 t", "4t", "4 l", "4l", "4 w", "4w", "4 v", "4v", "4 n", "4n", "4 p", "4p", "4 f", "4f", "4 b", "4b", "4 a", "4a", "4 c", "4c", "4 °", "4°", "4 º", "4º", "4 µ", "4µ", "4 u", "4u", "5 m", "5m", "5 k", "5k", "5 g", "5g", "5 t", "5t", "5 l", "5l", "5 w", "5w", "5 v", "5v", "5 n", "5n", "5 p", "5p", "5 f", "5f", "5 b", "5b", "5 a", "5a", "5 c", "5c", "5 °", "5°", "5 º", "5º", "5 µ", "5µ", "5 u", "5u", "6 m", "6m", "6 k", "6k", "6 g", "6g", "6 t", "6t", "6 l", "6l", "6 w", "6w", "6 v", "6v", "6 n", "6n", "6 p", "6p", "6 f", "6f", "6 b", "6b", "6 a", "6a", "6 c", "6c", "6 °", "6°", "6 º", "6º", "6 µ", "6µ", "6 u", "6u", "7 m", "7m", "7 k", "7k", "7 g", "7g", "7 t", "7t", "7 l", "7l", "7 w", "7w", "7 v", "7v", "7 n", "7n", "7 p", "7p", "7 f", "7f", "7 b", "7b", "7 a", "7a", "7 c", "7c", "7 °", "7°", "7 º", "7º", "7 µ", "7µ", "7 u", "7u", "8 m", "8m", "8 k", "8k", "8 g", "8g", "8 t", "8t", "8 l", "8l", "8 w", "8w", "8 v", "8v", "8 n", "8n", "8 p", "8p", "8 f", "8f", "8 b", "8b", "8 a", "8a", "8 c", "8c", "8 °", "8°", "8 º", "8º", "8 µ", "8µ", "8 u", "8u", "9 m", "9m", "9 k", "9k", "9 g", "9g", "9 t", "9t", "9 l", "9l", "9 w", "9w", "9 v", "9v", "9 n", "9n", "9 p", "9p", "9 f", "9f", "9 b", "9b", "9 a", "9a", "9 c", "9c", "9 °", "9°", "9 º", "9º", "9 µ", "9µ", "9 u", "9u"]
  pattern     = <<EOT
(?i)(?P<term>\b\d[\d,.]*\s?(?:(?:±|\+/-|\+-)\s?\d[\d,.]*\s?)?(?:km/h|kmh|m/s|mm/s|cm/s|ml/min|l/min|l/h|kWh|MWh|GWh|mph|knots?|kts?|µm|um|nm|mm|cm|km|meters?|metres?|metros?|metri|mètres?|kilometers?|kilometres?|kg|mg|µg|mcg|grams?|grammes?|gramos|tonnes?|tons?|ml|litres?|liters?|litros?|kN|Nm|newtons?|kW|MW|GW|watts?|kilowatts?|megawatts?|kV|mV|volts?|mA|amps?|kHz|MHz|GHz|Hz|°C|°F|ºC|degrees?|kPa|MPa|Pa|bar|psi|ft|feet|lbs?|m|g|t|l|W|V|N)\b(?:\s?(?:±|\+/-|\+-)\s?\d[\d,.]*\s?(?:km/h|kmh|m/s|mm/s|cm/s|ml/min|l/min|l/h|kWh|MWh|GWh|mph|knots?|kts?|µm|um|nm|mm|cm|km|meters?|metres?|metros?|metri|mètres?|kilometers?|kilometres?|kg|mg|µg|mcg|grams?|grammes?|gramos|tonnes?|tons?|ml|litres?|liters?|litros?|kN|Nm|newtons?|kW|MW|GW|watts?|kilowatts?|megawatts?|kV|mV|volts?|mA|amps?|kHz|MHz|GHz|Hz|°C|°F|ºC|degrees?|kPa|MPa|Pa|bar|psi|ft|feet|lbs?|m|g|t|l|W|V|N)\b)?(?:\s?(?:/|per|pro|par|por|cada|every|each|ogni|alle|toutes\s+les|a\s+cada)\s?(?:\d+\s?)?(?:s|sec|seconds?|min|minutes?|h|hrs?|hours?|days?|d|weeks?|Stunden?|Tag|Tage|heures?|jours?|horas?|días?|dias?|ore|giorni?|giorno|timmar?|dygn|godzin[ay]?|dni|dzień)\b)?)
EOT
  unless      = <<EOT
(?i)\d[\d,.]*\s?(?:m|t|g|l|n|w|v)\s+(?:of|to|in|on|at|and|or|is|are|the|a|an)\b
EOT
}

rule "range" {
  category    = "numeric_commitment"
  description = "ranges: between 2 and 4 replicas, 2–4 replicas, zwischen 2 und 4, entre 2 et 4, mellan 2 och 4, od 2 do 4"
  digits      = true
  cues        = ["between", "zwischen", "entre", "tra ", "fra ", "mellan", "od ", "–", "—", "from "]
  pattern     = <<EOT
(?i)(?P<term>\b(?:between|zwischen|entre|tra|fra|mellan|od)\s+\d[\d,.]*\s*(?:%|\pL+\s+)?(?:and|und|et|y|e|och|og|do|to)\s+\d[\d,.]*(?:\s?%|\s+(?:\pL+\s+)?\pL+)?|\b\d[\d,.]*\s?[–—]\s?\d[\d,.]*(?:\s?%|\s+\pL+)?|\bfrom\s+\d[\d,.]*\s+to\s+\d[\d,.]*(?:\s?%|\s+\pL+)?)
EOT
  # the minutes and hour of a clock window ("08:00–18:00") are not a range
  unless      = <<EOT
\A\d{2}\s?[–—]\s?\d{1,2}:\d{2}
EOT
}

rule "percentage" {
  category = "numeric_commitment"
  digits   = true
  cues        = ["%", "percent", "per cent", "prozent", "pour cent", "pourcent", "por ciento"]
  pattern  = <<EOT
(?i)\b\d+(?:[.,]\d+)?\s?(?:%|percent\b|per\s?cent\b|prozent\b|pour\s?cent\b|por\s?ciento\b)
EOT
}

rule "rate" {
  category    = "numeric_commitment"
  description = "rates with units: 5 requests per second, 5 req/s, 100 rpm, 5 Anfragen pro Sekunde"
  digits      = true
  cues        = ["per", "/", "rps", "rpm", "qps", "tps", "pro ", "par ", "por ", " a s", " a m", " an h", " a d", "each", "every"]
  pattern     = <<EOT
(?i)\b\d[\d,.]*\s?k?\s?(?:requests?|reqs?|calls?|queries|query|messages|msgs?|ops|operations|writes|reads|events|tokens|jobs|emails|builds|deploys|deployments|anfragen|aufrufe|requêtes|appels|solicitudes|peticiones|llamadas)\s*(?:/|per|an|a|each|every|pro|par|por)\s*(?:s|sec|secs|second|minute|min|m|hour|hr|h|day|d|sekunde|minute|stunde|tag|seconde|heure|jour|segundo|minuto|hora|día)\b|\b\d[\d,.]*\s?(?:rps|rpm|qps|tps|req/s|req/min|r/s)\b
EOT
}

rule "duration" {
  category    = "numeric_commitment"
  description = "durations: 24 hours, 30s, 5 minutes, 24 Stunden, 3 jours"
  digits      = true
  cues        = ["0s", "0h", "0d", "0 s", "0 h", "0 d", "0-", "1s", "1h", "1d", "1 s", "1 h", "1 d", "1-", "2s", "2h", "2d", "2 s", "2 h", "2 d", "2-", "3s", "3h", "3d", "3 s", "3 h", "3 d", "3-", "4s", "4h", "4d", "4 s", "4 h", "4 d", "4-", "5s", "5h", "5d", "5 s", "5 h", "5 d", "5-", "6s", "6h", "6d", "6 s", "6 h", "6 d", "6-", "7s", "7h", "7d", "7 s", "7 h", "7 d", "7-", "8s", "8h", "8d", "8 s", "8 h", "8 d", "8-", "9s", "9h", "9d", "9 s", "9 h", "9 d", "9-", "ms", "sec", "min", "hour", "hr", "day", "week", "month", "year", "yr", "stunde", "minute", "tag", "woche", "monat", "heure", "jour", "semaine", "mois", "ans", "segundo", "hora", "día", "semana", "mes", "año", "uur", "uren", "dagen", "weken", "maanden", "jaar", "giorni", "settimane", "mesi", "anni", "dias", "anos"]
  pattern     = <<EOT
(?i)\b\d[\d,.]*\s?(?:-\s?)?(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|d|days?|wks?|weeks?|months?|years?|yrs?|sekunden|minuten|stunden|tagen?|wochen|monate[n]?|secondes|heures|jours|semaines|mois|ans|segundos|minutos|horas|días|semanas|meses|años|seconden|minuten|uur|uren|dagen|weken|maanden|jaar|secondi|minuti|ore|giorni|settimane|mesi|anni|dias|anos)\b
EOT
}

rule "size" {
  category = "numeric_commitment"
  digits   = true
  cues        = ["kb", "mb", "gb", "tb", "pb", "kib", "mib", "gib", "tib", "byte", "token"]
  pattern  = <<EOT
\b\d[\d,.]*\s?(?:[KMGTP]i?B|[kKmM]?\s?tokens|bytes?)\b
EOT
}

rule "count_with_unit" {
  category    = "numeric_commitment"
  description = "counts with units: batches of 5,000 rows, 100 characters, 16 workers"
  digits      = true
  cues        = ["row", "record", "item", "entries", "batch", "worker", "instance", "replica", "node", "pod", "shard", "partition", "retries", "attempt", "char", "line", "column", "file", "user", "seat", "connection", "thread", "core", "cpu", "gpu", "job", "task", "commit", "pr", "request", "call", "quer", "message", "email", "key", "account", "step", "page", "zeile", "ligne", "fila", "registro", "eintr", "enregistrement"]
  pattern     = <<EOT
(?i)\b\d[\d,.]*\s+(?:(?:concurrent|parallel|new|more|total|separate|max(?:imum)?)\s+)?(?:rows?|records?|items?|entries|batch(?:es)?|workers?|instances?|replicas?|nodes?|pods?|shards?|partitions?|retries|attempts?|characters?|chars|lines?|columns?|files?|users?|seats?|connections?|threads?|cores?|v?cpus?|gpus?|jobs?|tasks?|commits?|prs?|requests?|calls?|queries|messages|emails|keys?|accounts?|steps?|pages?|zeilen|lignes|filas|registros|einträge|enregistrements)\b
EOT
}

rule "limit" {
  category    = "numeric_commitment"
  description = "limits: at most N, no more than N, up to N, max N, capped at N, under N, ≤ N (also for the agent's own commitments)"
  kinds       = ["system", "user", "reasoning"]
  digits      = true
  cues        = ["most", "more than", "up to", "max", "cap", "limit", "under", "below", "less than", "fewer than", "within", "exceed", "≤", "<=", "budget", "höchstens", "maximal", "au plus", "plus de", "máximo", "más de", "hasta", "hoogstens", "meer dan", "massimo", "più di", "mais de", "dépasser", "überschreit", "superar", "ceiling", "plafon"]
  pattern     = <<EOT
(?i)(?:\bat\s+most|\bno\s+more\s+than|\bnot\s+more\s+than|\bup\s+to|\bmax(?:imum)?(?:\s+of)?|\bcap(?:ped)?\s+(?:at|of)|\blimit(?:ed)?\s+(?:of|to|is|at)|\bunder|\bbelow|\bless\s+than|\bfewer\s+than|\bwithin|\bexceed(?:s|ing)?|≤|<=|\bbudget(?:\s+(?:is|of))?:?|\bhöchstens|\bmaximal|\bmaximaal|\bhoogstens|\bniet\s+meer\s+dan|\bal\s+massimo|\bmassimo|\bnon\s+più\s+di|\bnão\s+mais\s+de|\bno\s+máximo|\bnicht\s+mehr\s+als|\bau\s+plus|\bau\s+maximum|\bpas\s+plus\s+de|\bcomo\s+máximo|\bmáximo|\bno\s+más\s+de|\bceiling(?:\s+of)?|\bdépasser|\büberschreiten|\bsuperar|\bplafonn\pL*\s+à)\s*(?:(?:a|an|the|our|your|this|total|hard|strict|overall|of|de|à|van|di|del)\s+){0,3}(?P<term>(?:[$€£]\s?)?\d[\d,.]*(?:\s?[kKM]\b)?(?:\s?(?:%|€)|\s?(?:[a-zA-Z]+/[a-zA-Z]+|\pL+)(?:\s+(?:per|/|pro|par|por|na|al|je)\s+\pL+)?)?)
EOT
  unless      = <<EOT
(?i)(?:under|below|within)\s+\d[\d,.]*\s+(?:of\s+)?(?:the|a|an|this|that|tests?|seconds?\s+ago)\b
EOT
}

rule "cjk_limit" {
  category    = "numeric_commitment"
  description = "Chinese, Japanese and Korean limits: 1日10,000回まで, 上限是 5000, 上限はオーバーホール込みで３５，０００円, 不超过 3 次, 100개 이하"
  kinds       = ["system", "user", "reasoning"]
  digits      = true
  cues        = ["まで", "以内", "以下", "未満", "上限", "超え", "超过", "不超过", "最多", "最大", "最高", "이하", "이내", "까지", "초과", "최대"]
  pattern     = <<EOT
(?P<term>\d[\d,.，．]*\s?[万億亿千만억천]?\s?\pL?)\s?(?:まで|以内|以下|未満|を超え|超过|이하|이내|까지|를?\s?초과)|上限\s?(?:は|是|为|為)[^。！？!?\n\d]{0,12}?(?P<term>\d[\d,.，．]*\s?[万億亿千만억천]?\s?\pL?)|(?:上限|最多|最大|最高|不超过|不得超过|최대)\s?(?:は|是|为|為|:|：)?\s?(?P<term>\d[\d,.，．]*\s?[万億亿千만억천]?\s?\pL?)
EOT
}

rule "spelled_limit" {
  category    = "numeric_commitment"
  description = "limits with a spelled-out number: under forty-eight thousand rows, at most three retries"
  kinds       = ["system", "user", "reasoning"]
  cues        = ["most", "more than", "up to", "max", "cap", "limit", "under", "below", "less than", "fewer than", "within", "exceed", "budget"]
  pattern     = <<EOT
(?i)(?:\bat\s+most|\bno\s+more\s+than|\bnot\s+more\s+than|\bup\s+to|\bmax(?:imum)?(?:\s+of)?|\bcap(?:ped)?\s+(?:at|of)|\blimit(?:ed)?\s+(?:of|to|is|at)|\bunder|\bbelow|\bless\s+than|\bfewer\s+than|\bwithin|\bexceed(?:s|ing)?|\bbudget(?:\s+(?:is|of))?:?)\s+(?:(?:a|an|the|total|hard|strict|overall)\s+){0,2}(?P<term>(?:half\s+an?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)(?:[\s-]+(?:and\s+)?(?:one|two|three|four|five|six|seven|eight|nine|hundred|thousand|million))*)[\s-]+[a-z]+)
EOT
}

rule "version_pin" {
  category    = "numeric_commitment"
  description = "version pins: numpy==1.26.4, pkg@^2.1, v3.14.2, pinned to 16.2"
  digits      = true
  cues        = ["==", ">=", "<=", "~=", "!=", "@", "v", "pin", "stay", "remain", "keep", "."]
  kinds       = ["system", "user"]
  pattern     = <<EOT
(?i)(?P<term>\b[a-z][\w.\-]*\s?(?:===|==|>=|<=|~=|!=|@\^|@~|@)\s?v?\d+(?:\.[\dx*]+)*)|(?P<term>\bv\d+\.\d+(?:\.\d+)*(?:-[\w.]+)?\b)|\bpin(?:ned)?\s+(?:\S+\s+)?(?:to|at|on)\s+(?P<term>v?\d+(?:\.\d+)+)|(?:stay|stays|remain|remains|keep)\s+(?:\S+\s+)?(?:on|at)\s+(?P<term>v?\d+(?:\.\d+)+)|(?P<term>\b\d+\.\d+\.\d+\b)
EOT
}

rule "agent_pin" {
  category    = "numeric_commitment"
  description = "the agent records a pin: 'pinned numpy==1.26.4', 'stay on 16.2'"
  kinds       = ["assistant", "reasoning"]
  digits      = true
  cues        = ["pin", "stay", "keep", "remain"]
  pattern     = <<EOT
(?i)\b(?:pin(?:ned)?|stays?|keep|remains?)\s+(?:\S+\s+)?(?:to|at|on)?\s*(?P<term>[a-z][\w.\-]*\s?(?:==|@)\s?v?\d+(?:\.\d+)*|v?\d+(?:\.\d+)+)
EOT
}

rule "calendar_date" {
  category    = "numeric_commitment"
  description = "dates: Friday, December 4; Dec 15; 2026-12-04; 4. Dezember; 4 décembre; 4 de diciembre; 14. června; 14 czerwca"
  digits      = true
  cues        = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "dez", "janv", "févr", "avr", "mai", "juin", "juil", "août", "ene", "abr", "ago", "dic", "okt", "genn", "magg", "giug", "lugl", "setem", "settem", "ottob", "fever", "outub", "mei ", "maart", "-", ".", "/", "q1", "q2", "q3", "q4", "ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září", "října", "listopadu", "prosince", "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"]
  pattern     = <<EOT
(?i)\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4}\b)?|\b\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:of\s+|de\s+)?(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|januar|februar|märz|mai|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro|januari|februari|maart|mei|augustus)\b(?:\s+(?:de\s+)?\d{4}\b)?|\b\d{1,2}\.?\s+(?:ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince|januára|februára|apríla|mája|júna|júla|augusta|septembra|októbra|novembra|decembra|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia)(?:\s+\d{4}\b)?|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.\d{1,2}\.\d{4}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\bQ[1-4]\s+\d{4}\b
EOT
}

rule "day_of_month" {
  category    = "numeric_commitment"
  description = "a day of every month: the 18th of each month, monthly on the 5th, le 18 de chaque mois, am 18. jedes Monats"
  kinds       = ["system", "user", "reasoning"]
  digits      = true
  cues        = ["month", "monat", "mois", "mes ", "mese", "mês", "maand"]
  pattern     = <<EOT
(?i)(?P<term>\b\d{1,2}(?:st|nd|rd|th)\s+(?:day\s+)?of\s+(?:each|every|the|the\s+following)\s+month|\b(?:each|every)\s+month\s+on\s+the\s+\d{1,2}(?:st|nd|rd|th)|\bmonthly\s+on\s+the\s+\d{1,2}(?:st|nd|rd|th)|\b\d{1,2}\.?\s+(?:de\s+|di\s+)?(?:chaque|cada|ogni|jedes|jeden|todo|elke)\s+(?:mois|mes|mese|monats|monat|mês|maand))
EOT
}

rule "deadline_word" {
  category    = "numeric_commitment"
  description = "deadlines without digits: by EOD Thursday, before Friday, until the January close"
  kinds       = ["system", "user", "reasoning"]
  cues        = ["by ", "before", "until", "till", "due", "deadline", "no later", "bis ", "avant", "antes", "hasta"]
  pattern     = <<EOT
(?i)\b(?:by|before|until|till|no\s+later\s+than|due(?:\s+(?:by|on))?|deadline(?:\s+is)?:?|bis(?:\s+zum)?|avant|antes\s+del?|hasta(?:\s+el)?)\s+(?:the\s+)?(?P<term>(?:(?:EOD|EOW|COB|end\s+of(?:\s+the)?\s+(?:day|week|month|quarter|year|sprint))\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|noon|midnight|EOD|EOW|COB|end\s+of(?:\s+the)?\s+(?:day|week|month|quarter|year|sprint)|jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|Q[1-4]|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo)(?:,?\s+(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}\b)?(?:\s+(?:close|closing|end|cutoff|cut-off|release|freeze|deadline))?)
EOT
}

rule "weekday_date" {
  category    = "numeric_commitment"
  description = "a weekday with a date in an instruction: on Monday, December 7"
  digits      = true
  cues        = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
  pattern     = <<EOT
(?i)\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}\b
EOT
}

rule "port" {
  category = "numeric_commitment"
  digits   = true
  cues     = ["port"]
  pattern  = <<EOT
(?i)\bports?\s+(?:number\s+)?:?\s*\d{2,5}\b
EOT
}

rule "time_of_day" {
  category = "numeric_commitment"
  digits   = true
  description = "times of day: 5pm, 17:00 CET, and windows 02:10–02:24 UTC, 08:00-18:00, 9:00 to 17:30"
  cues        = ["am", "pm", ":"]
  pattern  = <<EOT
(?i)\b\d{1,2}:\d{2}\s?(?:[–—-]|to|until|till|bis|à|a|al|até|tot)\s?\d{1,2}:\d{2}(?:\s?(?:UTC|GMT|CET|CEST|PST|PDT|EST|EDT|ET|PT|Uhr|h)\b)?|\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\s?(?:UTC|GMT|CET|CEST|PST|PDT|EST|EDT|ET|PT)\b
EOT
}

# ------------------------------------------------------------- entities --

rule "snake_identifier" {
  category        = "entity"
  description     = "database, table and account names: legacy_orders, orders_v2, reporting.weekly_revenue"
  cues            = ["_"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
\b(?:[a-z][a-z0-9]*\.)?[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b
EOT
  terms           = "entity"
}

rule "environment" {
  category        = "entity"
  description     = "environments: prod, staging, dev, prod-eu-1, staging-us"
  cues            = ["prod", "staging", "stage", "dev", "qa", "uat", "sandbox"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
(?i)(?P<term>\b(?:[a-z0-9]+[-_])*(?:prod|production|staging|stage|stg|dev|development|qa|uat|preprod|pre-prod|sandbox)(?:[-_][a-z0-9]+)*)\b
EOT
  unless          = <<EOT
(?i)(?:dev|development|stage)\s+(?:team|dependenc|tools?|server\s+is|mode|build|experience|environment\s+variable)
EOT
  terms           = "entity"
}

rule "region" {
  category        = "entity"
  description     = "cloud regions and zones: us-east-1, eu-west-2, europe-west4-a"
  cues            = ["-east", "-west", "-north", "-south", "-central", "eastus", "westus", "westeurope", "northeurope", "uksouth"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
(?i)\b(?:us|eu|ap|sa|ca|me|af|il|mx)-(?:gov-)?(?:east|west|north|south|central|northeast|northwest|southeast|southwest)-\d\b|\b(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-(?:east|west|north|south|central|northeast|northwest|southeast|southwest)\d(?:-[a-f])?\b|\b(?:eastus2?|westus[23]?|westeurope|northeurope|uksouth|ukwest)\b
EOT
  terms           = "entity"
}

rule "branch" {
  category        = "entity"
  description     = "branches: release/2.4, feat/x; main, develop when the sentence names them as branches"
  cues            = ["release/", "releases/", "feature/", "feat/", "fix/", "bugfix/", "hotfix/", "chore/", "branch", "main", "master", "develop", "trunk"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
(?i)(?P<term>\b(?:release|releases|feature|features|feat|fix|bugfix|hotfix|chore)/[\w.\-/]*\w)|\b(?:branch(?:es)?|against|onto|into|from|to|on|off|checkout|rebase|merge)\s+(?:the\s+)?(?P<term>main|master|develop|trunk)\b|(?P<term>\b(?:main|master|develop|trunk))\s+branch\b|,\s*not\s+(?P<term>main|master|develop|trunk)\b
EOT
  terms           = "entity"
}

rule "kebab_with_digit" {
  category        = "entity"
  description     = "hyphenated names with a digit: n2-standard-8, orders-e2e, prod-eu-1"
  cues            = ["-"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[a-z]*\d[a-z0-9]*(?:-[a-z0-9]+)*\b|\b[a-z][a-z0-9]*\d[a-z0-9]*(?:-[a-z0-9]+)+\b
EOT
  unless          = <<EOT
(?i)(?:utf-8|x86-64|sha-\d+|e-?mail|covid-19|mp-?\d|top-\d+|gpt-\d)
EOT
  terms           = "entity"
}

rule "tracker_key" {
  # An issue tracker's key names one ticket ("look at ENT-250 first",
  # "see https://linear.app/acme/issue/ENT-250/…"): a summary that keeps
  # the work but not the ticket loses where its decisions live. The key is
  # taken inside a URL too (the ticket's own address names it), so the
  # whole match is the term, not an entity name checked for paths. A key
  # numbers its tickets: one digit after the dash names a thing in a row
  # (tank QT-4, bay B-2), not a ticket.
  category        = "entity"
  description     = "issue tracker keys: ENT-250, PROJ-1234, CVE-2024-3094"
  cues            = ["-"]
  digits          = true
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
\b[A-Z][A-Z0-9]{1,9}-\d{2,7}(?:-\d+)?\b
EOT
  unless          = <<EOT
^(?:UTF|SHA|AES|ISO|RFC|COVID|GPT|MD|TLS|SSL|HTTP|IPV|X|UTC|GMT|ES|ECMA|IEC|EN|DIN|BS|PEP|RSA|CP|WIN|PCI|SOC|HIPAA|K8S)-
EOT
}

rule "host" {
  category        = "entity"
  description     = "host names: db1.internal, api.example.com"
  cues            = [".internal", ".local", ".lan", ".corp", ".com", ".net", ".org", ".io", ".cloud", ".svc"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
(?i)\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:internal|local|lan|corp|com|net|org|io|cloud|svc)\b(?::\d{2,5})?
EOT
  terms           = "entity"
}

rule "named_resource" {
  category        = "entity"
  description     = "a resource introduced by its type: account 1234-5678, project acme-prod, pool linux-large"
  cues            = ["account", "project", "subscription", "tenant", "workspace", "cluster", "bucket", "namespace", "database", "db ", "schema", "table", "queue", "topic", "host", "server", "pool", "service", "context"]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
(?i)\b(?:account|project|subscription|tenant|workspace|cluster|bucket|namespace|database|db|schema|table|queue|topic|host|server|pool|service|context)(?:\s+(?:id|name|number))?\s*[:=#]?\s*(?P<term>[A-Za-z0-9][\w.:/-]*[\w])
EOT
  terms           = "entity"
}

rule "contrast" {
  category        = "entity"
  description     = "two names set against each other: X, not Y; X rather than Y; X instead of Y"
  cues            = ["not ", "never ", "rather than", "instead of", "nicht ", "nie ", "pas ", "jamais ", "no ", "nunca "]
  companion_kinds = ["assistant", "reasoning"]
  pattern         = <<EOT
(?i)(?P<term>[A-Za-z0-9][\w./:-]*[\w/])(?:\s+only)?\s*,?\s+(?:and\s+|but\s+)?(?:not|never|rather\s+than|instead\s+of|nicht|nie|pas|jamais|no|nunca)\s+(?:(?:straight|directly|direkt|directement|directamente)\s+)?(?:the\s+|on\s+|in\s+|to\s+|into\s+|onto\s+|auf\s+|nach\s+|sur\s+|à\s+|en\s+|a\s+)?(?P<term>[A-Za-z0-9][\w./:-]*[\w/])
EOT
  terms           = "entity"
}

# -------------------------------------------------------- working state --
# Where the session stands, read from a tool's own output or the agent's
# command, not from anyone's words: the branch it is on, the test
# baseline it reported. A summary must carry that state so
# the agent resumes in the right place. Each match is an entity item whose
# frame names its `slot`; only the latest item of a slot stands (an earlier
# branch is history). `sources` are read as named (the authority table is
# for rules); `value` is the slot's value, which the summary must name.

state "git_status_branch" {
  slot        = "branch"
  description = "git status: On branch feat/x"
  sources     = ["command_output", "tool_result"]
  cues        = ["on branch "]
  pattern     = <<EOT
(?m)^On branch (?P<value>[^\s"]+)
EOT
}

state "git_switch_branch" {
  slot        = "branch"
  description = "the agent's own command switching branches: git checkout feat/x, git switch -c feat/y (a checkout of files, `-- path`, is not a switch)"
  sources     = ["agent"]
  kinds       = ["tool_call"]
  cues        = ["git checkout", "git switch"]
  pattern     = <<EOT
\bgit\s+(?:checkout|switch)\s+(?:-[bBcC]\s+|--track\s+|-t\s+|--create\s+)*(?P<value>[A-Za-z0-9][\w./-]*)\s*(?:$|&&|;|\||\\n|")
EOT
}

state "reported_test_count" {
  slot        = "test_baseline"
  description = "the agent's report of a full test run: All 1274 tests pass"
  sources     = ["agent"]
  kinds       = ["assistant"]
  cues        = ["tests pass", "tests passed", "tests passing"]
  pattern     = <<EOT
(?i)\b(?:all\s+)?(?P<value>\d[\d,]*)\s+tests\s+pass(?:ed|ing)?\b
EOT
}

# ------------------------------------------------------- failed attempts --

rule "failed_because" {
  category    = "failed_attempt"
  description = "an attempt that failed, with its reason: X failed because Y; X didn't work: Y"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["fail", "work", "broke", "crash", "segfault", "timed out", "error", "reject", "refused"]
  pattern     = <<EOT
(?i)\b(?:failed|fails|didn['’]?t\s+work|did\s+not\s+work|doesn['’]?t\s+work|does\s+not\s+work|broke|crashed|segfaulted|timed\s+out|errored(?:\s+out)?|(?:was|were|got|is|are)\s+(?:rejected|refused))\b[^.;]{0,80}?(?:\bbecause\b|\bdue\s+to\b|\bsince\b|\bas\b|:)
EOT
  terms       = "failure"
}

rule "still_failing" {
  # The agent's word that a fix did not take: the attempt before it failed,
  # whatever changed since ("Still failing, now from lib/panels.libsonnet:112";
  # "Still timing out; the guest now logs a TX timeout").
  category    = "failed_attempt"
  description = "an attempt that still fails after a change: still failing, still times out, still broken"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["still"]
  pattern     = <<EOT
(?i)\bstill\s+(?:fail(?:s|ing)?|failed|tim(?:es|ing)\s+out|timed\s+out|broken|crash(?:es|ing)|erroring|errors\s+out|red)\b[^.\n]{0,160}
EOT
  # A question, a condition or a denial reports no failure: "Is the import
  # still failing?", "If the build is still failing, roll it back".
  veto        = <<EOT
(?i)\?|\b(?:if|whether|unless|in\s+case)\b[^.\n]{0,80}\bstill\b|\b(?:not|no\s+longer)\s+still\b
EOT
  terms       = "failure"
}

rule "tried_and_failed" {
  category    = "failed_attempt"
  description = "we tried X and it failed / broke / segfaulted"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["tried", "attempted"]
  pattern     = <<EOT
(?i)\b(?:tried|attempted)\b[^.;]{0,120}?\b(?:fail\w*|broke|breaks|crash\w*|segfault\w*|didn['’]?t\s+work|did\s+not\s+work|error\w*|timed\s+out|rejected|hung|no\s+luck)\b
EOT
  terms       = "failure"
}

rule "no_retry" {
  category    = "failed_attempt"
  description = "a decision not to retry: don't retry X, should not retry until Y"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["retry", "re-try", "again", "rerun", "re-run", "reattempt", "re-attempt"]
  pattern     = <<EOT
(?i)\b(?:do\s+not|don['’]?t|should\s+not|shouldn['’]?t|must\s+not|won['’]?t|will\s+not|never|not|no\s+point(?:\s+in)?|stop)\s+(?:\w+\s+){0,2}?(?:re-?try(?:ing)?|try(?:ing)?\s+(?:\S+\s+){0,4}?again|re-?run(?:ning)?|re-?attempt(?:ing)?)\b
EOT
  terms       = "failure"
}

rule "reverted_because" {
  category    = "failed_attempt"
  description = "an attempt rolled back with a reason"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["revert", "rolled back", "backed out", "gave up", "abandon"]
  pattern     = <<EOT
(?i)\b(?:reverted|rolled\s+back|backed\s+out|gave\s+up\s+on|abandoned)\b[^.;]{0,80}?\b(?:because|due\s+to|since|after)\b
EOT
  terms       = "failure"
}

rule "failed_foreign" {
  category    = "failed_attempt"
  description = "failure records in German, French, Spanish, Italian and Portuguese: fehlgeschlagen, a échoué, n'a pas eu d'effet, j'abandonne cette approche, non ha effetto, falló, não funcionou"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["fehlgeschlagen", "funktioniert", "échoué", "fonctionn", "falló", "fallado", "funcion", "réessa", "erneut", "nochmal", "reintent", "volver a intentar", "vuelvas a intentar", "effet", "effetto", "efecto", "efeito", "wirkung", "abandon", "abbandon", "fallit", "falhou", "riuscit", "descart"]
  pattern     = <<EOT
(?i)\b(?:fehlgeschlagen|hat\s+nicht\s+funktioniert|funktioniert\s+nicht|a\s+échoué|n['’]a\s+pas\s+fonctionné|ne\s+fonctionne\s+pas|falló|ha\s+fallado|no\s+funcionó|no\s+funciona|nicht\s+(?:erneut|nochmal|noch\s+einmal)\s+versuchen|ne\s+(?:pas\s+)?réessa\pL*|no\s+(?:lo\s+)?(?:vuelvas\s+a\s+intentar|volver\s+a\s+intentar|reintent\pL*)|n['’](?:a|ont|avait)\s+(?:eu\s+)?(?:pas\s+d['’]|aucun\s+)effet|(?:sans|aucun)\s+effet|non\s+(?:ha|hanno|aveva)\s+(?:avuto\s+)?(?:alcun\s+)?effetto|non\s+(?:ha\s+)?funziona(?:to)?|fallit[oaie]\b|non\s+(?:è|sono)\s+riuscit[oaie]|no\s+(?:tuvo|tiene|surtió|hizo)\s+(?:ningún\s+)?efecto|não\s+(?:teve|tem|fez)\s+(?:nenhum\s+)?efeito|não\s+funcion\pL*|falhou|hatte\s+keine\s+wirkung|ohne\s+wirkung|wirkungslos|(?:j['’]|nous\s+|on\s+)abandonn\pL*|abandonn\pL*\s+(?:cette|cet|ce)\s+(?:approche|piste|méthode|solution|idée|option)|abbandon(?:o|iamo|ato)\s+(?:questa|questo|quest['’])|(?:abandono|abandonamos|descarto|descartamos)\s+(?:este|esta|ese|esa)\b)
EOT
  terms       = "failure"
}

rule "failed_more" {
  category    = "failed_attempt"
  description = "failure records in Finnish, Swedish, Norwegian, Danish, Dutch, Polish, Czech, Ukrainian, Russian, Indonesian and Turkish: epäonnistui, ei onnistunut, misslyckades, mislyktes, mislukt, nie powiodło się, selhal, не вдалося, не удалось, gagal, başarısız"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["epäonnistu", "ei onnistunut", "ei toiminut", "misslyck", "mislykk", "mislyk", "mislukt", "niet gelukt", "nie powiod", "nie udał", "nie zadział", "selhal", "nepodařil", "nefungoval", "не вдал", "не вийшл", "не спрацюв", "не удалос", "не удалс", "не удалас", "не удалис", "не сработ", "не получил", "gagal", "tidak berhasil", "başarısız", "başarılamadı"]
  pattern     = <<EOT
(?i)\bepäonnistu\pL*|\bei\s+(?:onnistunut|toiminut)\b|\bmisslyck\pL*|\bmislykk\pL*|\bmislyk(?:tes|ket)\b|\bmislukt\b|\bniet\s+gelukt\b|\bnie\s+(?:powiod\pL*|udał\pL*|zadziała\pL*)|\bselhal\pL*|\bnepodařil\pL*|\bnefungoval\pL*|не\s+(?:вдал(?:ося|ася|ось|ись|ий|а|о|и)(?:\s|[,.:;!]|$)|вийшл\pL*|спрацюв\pL*|удал(?:ось|ося|ся|ась|ись)(?:\s|[,.:;!]|$)|сработ\pL*|получил\pL*)|\bgagal\b|\btidak\s+berhasil\b|\bbaşarısız\pL*|\bbaşarılamadı
EOT
  terms       = "failure"
}

rule "rejected_or_not_done" {
  category    = "failed_attempt"
  description = "an attempt that was rejected or did not happen, with its cause: the migration did not run, so nothing was pushed, A SEFAZ rejeitou, abgelehnt, odrzucono, отклонён, ditolak, bị từ chối, 被驳回, 却下, 반려, अस्वीकार"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["did not run", "didn't run", "never ran", "go through", "not applied", "nothing was", "rejeit", "recus", "rechaz", "rejet", "refus", "abgelehnt", "zurückgewiesen", "respint", "rifiutat", "afgewezen", "geweigerd", "odrzuc", "zamítn", "odmítn", "отклон", "відхил", "reddedil", "ditolak", "từ chối", "驳回", "駁回", "被拒", "却下", "拒否さ", "반려", "거부", "अस्वीकार"]
  pattern     = <<EOT
(?i)\b(?:did\s+not|didn['’]t)\s+(?:run|go\s+through|apply|upload|publish)\b|\bnever\s+ran\b|\b(?:was|were)\s+not\s+applied\b|\bso\s+nothing\s+(?:was|got|has\s+been)\s+(?:pushed|sent|published|uploaded|applied|saved|written|deployed|submitted|posted)\b|\bnothing\s+(?:was|got|has\s+been)\s+(?:pushed|sent|published|uploaded|applied|saved|written|deployed|submitted|posted)\b[^.;]{0,60}?\b(?:because|due\s+to|since)\b|\b(?:rejeit|recus)(?:ou|aram|ad[oa]s?)\b|\brechaz(?:ó|aron|ad[oa]s?)\b|\b(?:a|ont)\s+(?:rejeté|refusé)\b|\b(?:rejeté|refusé)e?s?\s*:|\babgelehnt\b|\bzurückgewiesen\b|\b(?:ha|hanno)\s+(?:respinto|rifiutato)\b|\b(?:respint|rifiutat)[oaie]\s*:|\bafgewezen\b|\bgeweigerd\b|\bodrzucon\pL*|\bodrzucił\pL*|\bzamítnut\pL*|\bzamítl\pL*|\bodmítnut\pL*|отклон\pL*|відхил\pL*|\breddedil\pL*|\bditolak\b|bị\s+từ\s+chối|被?[驳駁]回|被拒|却下|拒否され|반려|거부되|अस्वीकार
EOT
  terms       = "failure"
}

rule "cjk_failed" {
  category    = "failed_attempt"
  description = "Japanese, Chinese and Korean failure records: 失敗しました, うまくいかなかった, 〜したところ…ため取り消しました, 尝试…失败, 回滚, 실패했습니다"
  kinds       = ["system", "user", "assistant", "reasoning"]
  cues        = ["失敗", "うまくいか", "うまくいきません", "たところ", "てみたが", "試したが", "試しましたが", "失败", "没有成功", "未成功", "尝试", "试过", "실패", "해봤지만", "시도했지만"]
  pattern     = <<EOT
失敗|うまくいか(?:ない|なかった)|うまくいきませんでした|(?:たところ|てみたが|てみましたが|試したが|試しましたが)[^。！？]{0,80}?(?:失敗|エラー|取り消し|元に戻し|ロールバック|うまくいか|できなかった|できませんでした|動かなかった|動きませんでした|中止し)|失败|没有成功|未成功|(?:尝试|试过|试了)[^。！？]{0,80}?(?:报错|出错|回滚|撤销|不行|无效)|실패|(?:해봤지만|시도했지만)[^.!?]{0,80}?(?:오류|에러|롤백|되돌)
EOT
  terms       = "failure"
}

rule "tool_failed" {
  # A tool's own answer that its call failed is the record of a failed
  # attempt even when the agent says nothing of it ("Payment failed: card
  # declined", "Booking failed", "1 failed in 48.20s"); a summary that
  # reports the attempt done misleads the next step. A count of none
  # ("12 passed, 0 failed", "Failures: 0") is no failure, nor is a failure
  # word inside a quote or code (`fmt.Errorf("failed to …")`) or on a
  # numbered line of a file the agent read ("45→ …"), nor a line a test
  # runner marks passed ("✓ marks the log failed after the last attempt",
  # "PASS", TAP's "ok"): its words name the check that passed.
  category    = "failed_attempt"
  description = "a tool's answer reporting that its call failed: Payment failed: …, Booking failed, 1 failed in 48.20s, Fatal: unable to lock, 支付失败, fehlgeschlagen, thanh toán bị từ chối"
  kinds       = ["tool_result"]
  cues        = ["fail", "fatal", "declined", "rejected", "thất bại", "từ chối", "ditolak", "reddedildi", "失败", "失敗", "실패", "fehlgeschlagen", "échoué", "échec", "falló", "fallido", "fallito", "falhou", "mislukt", "misslyckades", "nie powiodło", "не удалось", "başarısız", "gagal"]
  pattern     = <<EOT
(?im)^(?:(?:[^\n"'`→]{0,120}[^0\s"'`→])?[ \t]*|[^\n"'`→]{0,120}[1-9]0*[ \t]+)(?:(?:failed|failures?|declined|rejected|fehlgeschlagen|échec|fallido|fallito|falhou|mislukt|misslyckades|başarısız|BAŞARISIZ|gagal|ditolak|reddedildi|(?-i:FATAL|Fatal))\b|échoué|falló|thất bại|bị từ chối|失败|失敗|실패|nie powiodło się|не удалось)(?:[ \t]*$|[ \t]*[^:=\s][^\n]{0,160}$|[ \t]*[:=][ \t]*(?:[1-9]|[^\s0-9])[^\n]{0,160}$)
EOT
  # A zero count with its noun between ("0 tests failed out of 42") is a
  # count of none as well, and a failure word called as a function on a
  # string or a variable ("7423-  failed(\"updating %s\", $h);" in a grep
  # of the source) is code, where "3 failure(s)" and "FATAL(ORA-01017)"
  # report failures.
  veto        = <<EOT
\A[ \t]*(?:[✓✔√☑]|PASS(?:ED)?\b|ok[ \t]+\d)|(?:^|[^\d.,])0[ \t]+\pL+[ \t]+(?i:failed|failures?)\b|(?i:\b(?:failed|fail|fatal)\(\s*["'$])
EOT
  terms       = "failure"
}

rule "tool_error" {
  category    = "failed_attempt"
  description = "an error reported by a tool. Off by default: tool output is data and the agent's own record of a failure is preferred; turn on with enable = [\"tool_error\"]"
  kinds       = ["tool_result"]
  enabled     = false
  cues        = ["err!", "error:", "traceback", "fatal:", "panic:"]
  pattern     = <<EOT
^(?:npm\s+ERR!\s+(?:Error|code|command).*|(?:Error|ERROR|error|fatal|panic):\s+\S.*|Traceback\s+\(most\s+recent\s+call\s+last\).*)
EOT
  terms       = "failure"
}
