# German. Schema and meaning of every list: see en.hcl.

language "de" {
  name    = "Deutsch"
  stemmer = "german"
  verb_final = true
  # German capitalises every noun: a capital letter does not make a name.
  noun_capitals = true

  negation = ["lass … in ruhe", "lasst … in ruhe", "lassen sie … in ruhe", "nicht", "nie", "niemals", "kein", "keine", "keinen", "keinem", "keiner",
    "keines", "keinerlei", "nichts", "niemand", "niemanden", "niemandem", "weder",
    "darf nicht", "dürfen nicht", "darfst nicht", "dürft nicht", "darf kein", "darf keine",
    "kann nicht", "können nicht", "soll nicht", "sollen nicht", "sollst nicht",
    "sollte nicht", "sollten nicht", "nicht erlaubt", "nicht gestattet", "nicht zulässig",
    "unzulässig", "verboten", "untersagt", "verbot", "auf keinen fall", "keinesfalls",
    "unter keinen umständen", "auf gar keinen fall", "bloß nicht", "ja nicht",
    "vermeiden", "vermeide", "vermeidet", "vermeiden sie", "unterlassen", "unterlasse",
    "tabu", "finger weg", "finger davon lassen", "nicht anfassen", "schreibgeschützt",
    "nur lesend", "read-only", "gesperrt", "sperre", "blockiert", "eingefroren",
    "einfrieren", "verweigern", "verweigert", "ausgeschlossen"]
  only = ["nur", "ausschließlich", "ausschliesslich", "lediglich", "bloß", "einzig",
    "einzig und allein", "allein", "nichts außer", "nichts als", "beschränkt auf",
    "begrenzt auf", "limitiert auf", "vorbehalten", "erst wenn", "erst nach", "erst dann", "sonst nirgends", "nirgendwo sonst", "niemand sonst", "sonst niemand", "kein anderer"]
  upper = ["höchstens", "maximal", "max", "max.", "maximum", "nicht mehr als",
    "nicht mehr wie", "bis zu", "bis maximal", "nicht über", "nicht überschreiten",
    "darf nicht überschreiten", "überschreitet nicht", "unter", "unterhalb", "weniger als",
    "kleiner als", "niedriger als", "obergrenze", "höchstgrenze", "limit", "deckel",
    "gedeckelt", "innerhalb", "binnen", "oder weniger", "nicht höher als",
    "nicht größer als", "nicht länger als", "allerhöchstens", "im höchstfall", "längstens"]
  lower = ["mindestens", "min", "min.", "minimum", "wenigstens", "zumindest",
    "nicht weniger als", "nicht unter", "nicht unterschreiten", "oder mehr", "mehr als",
    "übersteigen", "übersteigt", "überschreiten", "überschreitet", "über", "oberhalb", "größer als", "höher als", "nicht kleiner als",
    "nicht niedriger als", "untergrenze", "mindestmaß", "allermindestens"]
  firm = ["höchstens", "maximal", "max", "max.", "maximum", "mindestens", "min", "min.", "minimum", "wenigstens", "allermindestens"]
  relative = ["der", "die", "das", "welche", "welcher", "welches"]
  approx = ["etwa", "ca.", "circa", "ungefähr", "rund", "fast", "knapp", "~"]
  before = ["abgabefrist", "vor", "bis", "bis spätestens", "spätestens", "spätestens bis", "bis zum",
    "bis zur", "nicht später als", "frist", "deadline", "fällig", "stichtag", "vorher",
    "bevor", "ehe", "früher als"]
  after = ["nach", "ab", "nicht vor", "frühestens", "nicht früher als", "seit",
    "beginnend", "ab dem", "erst ab", "erst nach", "sobald", "nachdem", "ab sofort", "später als"]
  must = ["muss", "müssen", "musst", "müsst", "immer", "stets", "jedes mal", "jedesmal",
    "erforderlich", "erfordert", "benötigt", "notwendig", "nötig", "pflicht",
    "verpflichtend", "obligatorisch", "zwingend", "unbedingt", "sicherstellen",
    "stelle sicher", "stellt sicher", "stellen sie sicher", "sorge dafür", "sorgt dafür",
    "achte darauf", "achtet darauf", "hat zu", "haben zu", "ist zu", "sind zu", "soll",
    "sollen", "sollst", "vorgeschrieben", "auf jeden fall", "vergiss nicht",
    "nicht vergessen", "denk daran", "denke daran", "unverändert", "unberührt", "bleibt unverändert", "bleibt, wie es ist"]
  weaken = ["nicht empfohlen", "wird nicht empfohlen", "wird abgeraten", "versuche", "versuch", "versucht", "versuchen", "versuche nicht",
    "möglichst", "nach möglichkeit", "wenn möglich", "falls möglich", "wo möglich",
    "wenn es geht", "idealerweise", "am besten", "vorzugsweise", "bevorzugt", "lieber",
    "erwäge", "erwägen", "optional", "empfohlen", "empfehlenswert", "wäre schön",
    "wäre gut", "wenn du kannst", "wenn ihr könnt", "wenn sie können", "tunlichst",
    "nice to have", "im idealfall"]
  exception = ["außer", "ausser", "ausgenommen", "mit ausnahme von", "abgesehen von",
    "es sei denn", "bis auf", "nicht aber", "aber nicht", "exklusive", "sofern nicht",
    "außerhalb von", "ausnahme"]
  condition = ["wenn", "falls", "sofern", "solange", "während", "bei", "ohne", "im fall",
    "im falle", "für den fall", "vorausgesetzt", "immer wenn", "jedes mal wenn"]
  lift = ["aufgehoben", "aufheben", "nicht mehr", "nicht länger", "gilt nicht mehr",
    "gilt nicht länger", "hinfällig", "entfällt", "wieder erlaubt", "jetzt erlaubt",
    "ist wieder erlaubt", "darfst jetzt", "dürft jetzt", "darf jetzt", "dürfen jetzt",
    "kannst jetzt", "könnt jetzt", "kann jetzt", "können jetzt", "ist vorbei", "vorbei",
    "leg los", "legt los", "mach ruhig", "nur zu", "storniert", "abgesagt", "gestrichen",
    "widerrufen", "zurückgenommen", "vergiss das", "vergesst das", "ignoriere das",
    "ignorier das", "ignoriert das", "schon gut", "egal", "entfernt", "freigegeben"]
  replace = ["stattdessen", "statt", "anstatt", "anstelle", "an stelle", "ersetzt",
    "ersetzen", "ersetze", "geändert auf", "geändert zu", "geändert in", "umgestellt auf",
    "verschoben auf", "verlegt auf", "verlegt nach", "wechsel zu", "wechsle zu",
    "wechseln zu", "jetzt", "nun", "ab jetzt", "neu", "neue", "neuer", "neues", "neuen",
    "eher als", "lieber als", "korrektur", "korrigiere", "berichtigung"]
  failed = ["fehlgeschlagen", "schlug fehl", "schlägt fehl", "gescheitert", "scheiterte",
    "scheitert", "fehler", "fehlerhaft", "hat nicht funktioniert", "funktioniert nicht",
    "funktionierte nicht", "ging nicht", "geht nicht", "klappt nicht", "klappte nicht",
    "hat nicht geklappt", "kaputt", "abgestürzt", "stürzt ab", "zeitüberschreitung",
    "timeout", "abgelehnt", "zurückgewiesen", "zurückgerollt", "rückgängig gemacht",
    "hat nicht geholfen", "half nicht", "erfolglos", "ohne erfolg", "nicht erfolgreich",
    "abgebrochen", "misslungen"]
  report = ["angeblich", "gerücht", "gerüchte", "hat gehört", "habe gehört", "hab gehört", "gehört, dass", "behauptet", "behauptete", "schwört", "schwor", "jemand hat gesagt", "jemand meint",
    "zur info", "nur zur info", "zu ihrer information", "zur kenntnis", "gefragt", "fragte", "fragt", "gewartet", "wartete", "warten", "warte",
    "dauerte", "hat gedauert", "beschwert", "beschwerte sich", "gesagt", "sagte",
    "meinte", "erwähnt", "erwähnte", "letztes mal", "beim letzten mal", "letztens", "letztes jahr", "letzten sommer", "letzten winter", "gestern", "letzte woche",
    "nur damit du's weißt", "nur damit du es weißt", "nur damit du's weisst", "nur damit du es weisst",
    "nur damit sie es wissen", "nur damit ihr es wisst", "zu deiner info", "zu deiner information", "fyi",
    "in der warteschleife", "warteschleife", "ich wurde angepiept", "wurde angepiept", "wurde gepaged",
    "wurde gepagt", "wurde angerufen", "bin geweckt worden", "wurde geweckt", "gestern abend",
    "gestern nacht", "letzten monat", "seit wochen schon", "schon seit wochen", "schon seit tagen"]
  ask = ["nur laut gedacht", "ich denke nur laut", "laut gedacht", "hypothetisch", "theoretisch", "sag ma, dass", "sag ma dass", "sagt ma, dass", "meint", "meinte", "schlägt vor", "schlug vor", "vorgeschlagen", "findet, man sollte", "Vorschlag", "Bauchgefühl", "fragt, ob", "fragt ob", "fragte, ob", "fragte ob", "gefragt, ob", "gefragt ob", "fragen, ob", "will wissen, ob", "wollte wissen, ob", "beschwert sich", "beschwerte sich", "klagt, dass", "klagte, dass", "klagte über", "sag mir, dass", "sag mir dass", "sag mir, ob", "sagen sie mir, dass", "sag mir bitte, dass", "sag bitte, dass", "ich wüsste gern, ob",
    "sag mir bitte dass", "sagen sie mir dass",
    "sagt mir, dass", "sagt mir dass", "bitte sag mir, dass", "bitte sag mir dass",
    "bitte sagen sie mir, dass", "bitte sagen sie mir dass",
    "sag mir, wir", "sag mir bitte, wir", "sag mir nicht, dass",
    "sagen sie mir nicht, dass", "erzähl mir nicht, dass", "ich wünschte", "ich wuenschte", "wünschte, wir",
    "wünschte wir", "hoffentlich", "wenn doch nur", "wenn wir doch nur", "hätten wir doch nur",
    "könnten wir doch nur", "wäre es doch nur", "ich träume davon", "ich träume, dass", "ich träume dass",
    "es wäre schön, wenn", "es wäre schön wenn", "wäre schön, wenn", "wäre schön wenn", "wär schön, wenn",
    "wär schön wenn", "es wäre toll, wenn", "es wäre toll wenn", "wäre toll, wenn", "wäre toll wenn",
    "wäre super, wenn", "wäre super wenn", "waere schoen, wenn", "waere schoen wenn", "schön wär's",
    "schön wärs", "drücken wir die daumen", "daumen drücken, dass"]
  concession = ["auch wenn", "selbst wenn", "sogar wenn"]
  consequence = ["sonst", "andernfalls", "ansonsten", "damit wir nicht", "damit ihr nicht", "damit es nicht", "damit niemand", "um nicht", "um zu vermeiden"]
  reason = ["weil", "zumal"]
  minus = ["minus"]
  summary = ["zusammenfassung", "fasse zusammen", "fass zusammen", "zusammenfassen", "zusammenfasst"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["so weit sind wir noch nicht", "soweit sind wir noch nicht", "ignorier", "ignoriere", "ignorieren", "ignoriert das", "ignorier das", "vergiss es", "vergiss das", "ihr problem", "kannst du prüfen", "kannst du das prüfen", "nur ein gerücht"]
  neutral = ["nichts zu tun mit", "hat nichts damit zu tun", "nichts damit zu tun", "nicht entschieden", "nichts entschieden", "nichts ist entschieden", "nicht beschlossen", "nichts beschlossen", "nichts ist beschlossen", "keine entscheidung gefallen", "keine entscheidung getroffen", "nicht festgelegt", "nichts festgelegt", "nicht geklärt", "nichts ist fix", "weiß nicht", "weiss nicht", "keine ahnung", "kein problem", "nicht sicher", "noch nicht", "keine sorge", "mach dir keine sorgen", "keine panik", "kein stress", "hab keine lust", "habe keine lust"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["keine ausnahmen", "keine ausnahme", "ohne ausnahme", "ausnahmslos"]

  # What makes a duty hold at all times, not once (a task).
  standing = ["immer", "stets", "jedes mal", "jedesmal", "ab sofort", "ab jetzt", "von jetzt an", "von nun an", "grundsätzlich", "in zukunft", "künftig", "standardmäßig"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["selbst", "selber", "eigenhändig", "manuell", "von hand"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["ich mache", "ich werde", "mache ich", "ich kümmere mich", "ich übernehme", "das mache ich", "ich erledige"]
  # Subject pronouns that open how things are, behind a rule's comma or
  # dash: why it holds ("keine Lieferung nach 18 Uhr — wir schließen
  # im Winter früher"). Not "Sie", whom a rule addresses, nor "es", which opens rules
  # ("es ist verboten").
  aside = ["wir", "ich", "er"]
  coordinators = ["und", "aber", "auch", "außerdem", "plus", "dann", "danach", "oder",
    "sowie", "sondern", "jedoch"]

  numbers = {
    # The compounds up to 59 (times and minutes: "zweiundzwanzig Uhr").
    "einundzwanzig" = 21, "zweiundzwanzig" = 22, "dreiundzwanzig" = 23, "fünfundzwanzig" = 25,
    "sechsundzwanzig" = 26, "siebenundzwanzig" = 27, "achtundzwanzig" = 28,
    "neunundzwanzig" = 29, "einunddreißig" = 31, "zweiunddreißig" = 32, "dreiunddreißig" = 33,
    "vierunddreißig" = 34, "fünfunddreißig" = 35, "sechsunddreißig" = 36,
    "siebenunddreißig" = 37, "achtunddreißig" = 38, "neununddreißig" = 39,
    "einundvierzig" = 41, "zweiundvierzig" = 42, "dreiundvierzig" = 43, "vierundvierzig" = 44,
    "fünfundvierzig" = 45, "sechsundvierzig" = 46, "siebenundvierzig" = 47,
    "achtundvierzig" = 48, "neunundvierzig" = 49, "einundfünfzig" = 51, "zweiundfünfzig" = 52,
    "dreiundfünfzig" = 53, "vierundfünfzig" = 54, "fünfundfünfzig" = 55,
    "sechsundfünfzig" = 56, "siebenundfünfzig" = 57, "achtundfünfzig" = 58,
    "neunundfünfzig" = 59, "einunddreissig" = 31, "zweiunddreissig" = 32,
    "dreiunddreissig" = 33, "vierunddreissig" = 34, "fünfunddreissig" = 35,
    "sechsunddreissig" = 36, "siebenunddreissig" = 37, "achtunddreissig" = 38,
    "neununddreissig" = 39,
    "null" = 0, "eins" = 1, "ein" = 1, "eine" = 1, "einen" = 1, "einem" = 1, "einer" = 1,
    "zwei" = 2, "zwo" = 2, "drei" = 3, "vier" = 4, "fünf" = 5, "sechs" = 6, "sieben" = 7,
    "acht" = 8, "neun" = 9, "zehn" = 10, "elf" = 11, "zwölf" = 12, "dreizehn" = 13,
    "vierzehn" = 14, "fünfzehn" = 15, "sechzehn" = 16, "siebzehn" = 17, "achtzehn" = 18,
    "neunzehn" = 19, "zwanzig" = 20, "vierundzwanzig" = 24, "dreißig" = 30,
    "dreissig" = 30, "vierzig" = 40, "fünfzig" = 50, "sechzig" = 60, "siebzig" = 70,
    "achtzig" = 80, "neunzig" = 90, "einhundert" = 100, "eintausend" = 1000,
    "anderthalb" = 1.5, "eineinhalb" = 1.5, "zweieinhalb" = 2.5, "dreieinhalb" = 3.5,
    "halb" = 0.5, "halbe" = 0.5, "halben" = 0.5, "halber" = 0.5, "halbes" = 0.5, "hälfte" = 0.5,
    "dutzend" = 12, "einmal" = 1, "zweimal" = 2, "dreimal" = 3, "beide" = 2,
    "beiden" = 2, "doppelt" = 2, "zweifach" = 2, "dreifach" = 3
  }
  scales = {
    "hundert" = 100, "tausend" = 1000, "tsd" = 1000, "tsd." = 1000, "k" = 1000,
    "million" = 1000000, "millionen" = 1000000, "mio" = 1000000, "mio." = 1000000,
    "milliarde" = 1000000000, "milliarden" = 1000000000, "mrd" = 1000000000,
    "mrd." = 1000000000, "mia" = 1000000000, "mia." = 1000000000,
    "billion" = 1000000000000, "billionen" = 1000000000000
  }

  units = {

    # Imperial lengths, as a summary translated from English writes them.

    "fuß" = "ft", "meile" = "mi", "meilen" = "mi",
    "millisekunde" = "ms", "millisekunden" = "ms",
    "sekunde" = "s", "sekunden" = "s", "sek" = "s", "sek." = "s",
    "minute" = "min", "minuten" = "min", "min." = "min",
    "stunde" = "h", "stunden" = "h", "std" = "h", "std." = "h", "stdn" = "h",
    "tag" = "d", "tage" = "d", "tagen" = "d", "tages" = "d",
    "woche" = "wk", "wochen" = "wk", "monat" = "mo", "monate" = "mo", "monaten" = "mo",
    "monats" = "mo", "jahr" = "yr", "jahre" = "yr", "jahren" = "yr", "jahres" = "yr",
    "prozent" = "%", "meter" = "m", "metern" = "m", "kilometer" = "km", "kilometern" = "km",
    "kilogramm" = "kg", "kilo" = "kg", "kilos" = "kg", "gramm" = "g", "tonne" = "t",
    "tonnen" = "t", "liter" = "l", "litern" = "l", "kubikmeter" = "m3", "kubikmetern" = "m3",
    "grad" = "deg", "grad celsius" = "deg",
    "euro" = "EUR", "euros" = "EUR", "dollar" = "USD", "us-dollar" = "USD",
    "pfund sterling" = "GBP", "britische pfund" = "GBP", "franken" = "CHF",
    "schweizer franken" = "CHF", "złoty" = "PLN", "zloty" = "PLN"
  }
  per = ["pro", "je", "jede", "jeden", "jeder", "jedes", "am", "im", "in der", "die"]
  every = ["alle"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["anweisung", "anweisungen", "ordnung", "reglement", "satzung", "regel", "regeln", "hausordnung", "vorgabe", "vorgaben", "vorschrift", "vorschriften", "einschränkung", "einschränkungen", "auflage", "auflagen", "grenzen", "richtlinie", "richtlinien", "bedingungen"]
  topic = ["bezüglich", "betreffend", "betreffs", "betrifft", "zum thema", "hinsichtlich"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["bis"]
  without = ["ohne"]
  periods = { "monatlich" = "mo", "täglich" = "d", "wöchentlich" = "wk", "stündlich" = "h", "jährlich" = "yr", "monatliche" = "mo", "monatlichen" = "mo", "tägliche" = "d", "täglichen" = "d", "jährliche" = "yr" }

  months = {
    "januar" = 1, "jänner" = 1, "februar" = 2, "feber" = 2, "märz" = 3, "maerz" = 3,
    "april" = 4, "mai" = 5, "juni" = 6, "juli" = 7, "august" = 8, "september" = 9,
    "oktober" = 10, "november" = 11, "dezember" = 12,
    "jan" = 1, "jan." = 1, "feb" = 2, "feb." = 2, "febr." = 2, "mär" = 3, "mär." = 3,
    "mrz" = 3, "apr" = 4, "apr." = 4, "jun" = 6, "jul" = 7, "aug" = 8, "aug." = 8,
    "sep" = 9, "sep." = 9, "sept" = 9, "sept." = 9, "okt" = 10, "okt." = 10, "nov" = 11,
    "nov." = 11, "dez" = 12, "dez." = 12
  }
  weekdays = {
    "montag" = 1, "dienstag" = 2, "mittwoch" = 3, "donnerstag" = 4, "freitag" = 5,
    "samstag" = 6, "sonnabend" = 6, "sonntag" = 7,
    "montags" = 1, "dienstags" = 2, "mittwochs" = 3, "donnerstags" = 4, "freitags" = 5,
    "samstags" = 6, "sonntags" = 7,
    "mo" = 1, "mo." = 1, "di" = 2, "di." = 2, "mi" = 3, "mi." = 3, "do" = 4, "do." = 4,
    "fr" = 5, "fr." = 5, "sa" = 6, "sa." = 6,
    # "So." only with its dot: a bare "So" opens many a sentence, and "so."
    # in lower case is a day only before a date (plainWordAbbrev).
    "so." = 7
  }
  clock_words = { mittag = 12, mitternacht = 0 }
  clock = ["uhr"]
  pm    = ["abends", "nachmittags", "am abend", "am nachmittag"]
  am    = ["morgens", "vormittags", "früh", "frühmorgens", "am morgen", "am vormittag"]

  # Letters that mark the language, for a text with no function word.

  letters = "ßäöü"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem",
    "einer", "eines", "und", "oder", "aber", "denn", "ist", "sind", "war", "waren", "wird",
    "werden", "wurde", "wurden", "sein", "bin", "bist", "seid", "hat", "haben", "habe",
    "hast", "hatte", "hatten", "ich", "du", "er", "sie", "es", "wir", "ihr", "mich", "mir",
    "dich", "dir", "uns", "euch", "sich", "mein", "meine", "dein", "deine", "unser",
    "unsere", "euer", "eure", "ihre", "ihren", "in", "im", "an", "am", "auf", "aus", "bei",
    "mit", "nach", "von", "vom", "zu", "zum", "zur", "für", "über", "um", "durch", "dass",
    "als", "wie", "so", "auch", "noch", "schon", "hier", "dort", "da", "diese", "dieser",
    "dieses", "diesem", "diesen", "welche", "was", "wer", "kann", "können", "könnte",
    "würde", "wäre", "bitte", "man", "mal", "doch", "ja", "gibt", "es gibt", "andere", "anderen", "anderer", "anderes", "jene", "jener", "jenes", "welcher", "welches"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "nr.", "z. b.", "z.b.", "bzw.", "ca.", "usw.", "d. h.", "d.h.", "hr.", "fr.", "str.", "inkl.", "ggf.", "evtl.", "max.", "min.", "u. a.", "exkl.", "zzgl.", "bspw.", "vgl.", "resp."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["oder", "noch", "weder"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["früher", "damals", "ehemals", "einst", "in alten zeiten", "als ich jung war", "vor jahren", "seinerzeit"]
}
