# Italian. Schema and meaning of every list: see en.hcl.

language "it" {
  name    = "Italiano"
  stemmer = "italian"

  negation = ["non", "mai", "nessuno", "nessuna", "nessun", "niente", "nulla", "né",
    "non deve", "non devono", "non devi", "non dovete", "non si deve", "non può",
    "non possono", "non puoi", "non potete", "non si può", "vietato", "vietata", "vietati",
    "vietate", "è vietato", "divieto", "proibito", "proibita", "proibiti", "proibite",
    "interdetto", "evitare", "evita", "evitate", "eviti", "da evitare", "non consentito",
    "non è consentito", "non permesso", "non è permesso", "non ammesso",
    "non autorizzato", "in nessun caso", "per nessun motivo", "assolutamente no",
    "assolutamente non", "sola lettura", "in sola lettura", "bloccato", "bloccata",
    "congelato", "congelata", "congelare", "non toccare", "non toccate", "giù le mani",
    "rifiutare", "rifiuta", "astenersi"]
  only = ["solo", "soltanto", "solamente", "unicamente", "esclusivamente",
    "nient'altro che", "null'altro che", "limitato a", "limitata a", "limitati a",
    "ristretto a", "riservato a", "riservata a", "da nessun'altra parte", "nessun altro", "nessun'altra"]
  upper = ["al massimo", "al più", "tutt'al più", "massimo", "max", "non più di",
    "non oltre", "fino a", "non superare", "senza superare", "non deve superare",
    "non eccedere", "meno di", "inferiore a", "sotto", "al di sotto di", "tetto",
    "limite", "o meno", "entro", "non maggiore di", "non sopra"]
  lower = ["almeno", "minimo", "min", "come minimo", "non meno di", "o più", "più di",
    "oltre", "superiore a", "sopra", "al di sopra di", "maggiore di", "non inferiore a",
    "non sotto", "perlomeno", "per lo meno", "quantomeno"]
  firm = ["al massimo", "al più", "massimo", "max", "almeno", "minimo", "min", "come minimo", "perlomeno", "per lo meno"]
  approx = ["circa", "quasi", "all'incirca", "~"]
  before = ["termine ultimo", "prima di", "prima del", "prima della", "prima che", "prima", "entro",
    "entro il", "entro e non oltre", "fino a", "fino al", "non oltre", "al più tardi",
    "non più tardi di", "scadenza", "termine", "deadline"]
  after = ["dopo", "al più presto", "non prima delle", "dopo il", "dopo che", "non prima di", "non prima del", "non prima",
    "a partire da", "a partire dal", "a decorrere da", "a decorrere dal", "una volta che",
    "da quando", "appena", "non appena", "più tardi di"]
  must = ["deve", "devono", "devi", "dovete", "dobbiamo", "dovrà", "dovranno", "bisogna",
    "occorre", "è necessario", "necessario", "necessaria", "sempre", "obbligatorio",
    "obbligatoria", "obbligatoriamente", "richiesto", "richiesta", "richiede",
    "assicurati di", "assicuratevi di", "assicurarsi di", "si assicuri di", "accertati",
    "ogni volta", "tassativo", "tassativamente", "imprescindibile", "non dimenticare",
    "non dimenticate", "ricorda di", "ricordati di", "ricordatevi di", "invariato", "invariata", "invariati", "intatto", "intatta", "così com'è"]
  weaken = ["sconsigliato", "sconsigliata", "sconsigliati", "non è consigliato", "prova a", "provate a", "provare a", "cerca di", "cercate di", "cercare di",
    "cerca di non", "idealmente", "se possibile", "possibilmente", "preferibilmente",
    "di preferenza", "preferire", "preferisco", "meglio", "sarebbe meglio", "se puoi",
    "se potete", "considera", "considerate", "valuta", "opzionale", "facoltativo",
    "facoltativa", "consigliato", "consigliata", "raccomandato", "raccomandata",
    "sarebbe bello", "nei limiti del possibile", "per quanto possibile"]
  exception = ["tranne", "eccetto", "salvo", "a meno che", "a parte", "ad eccezione di",
    "a eccezione di", "all'infuori di", "fuorché", "se non", "ma non", "escluso",
    "esclusa", "esclusi", "escluse", "fatta eccezione per", "al di fuori di"]
  condition = ["se", "quando", "qualora", "ogni volta che", "mentre", "durante", "senza",
    "in caso di", "nel caso", "nel caso in cui", "purché", "a patto che", "finché",
    "fintanto che", "sempre che", "laddove"]
  lift = ["revocato", "revocata", "tolto", "tolta", "rimosso", "rimossa", "non più",
    "non serve più", "non vale più", "non è più", "ora puoi", "ora potete", "adesso puoi",
    "adesso potete", "puoi procedere", "procedi", "vai pure", "via libera",
    "di nuovo consentito", "è finito", "è finita", "annullato", "annullata", "cancellato",
    "cancellata", "dimentica", "dimenticalo", "lascia perdere", "lasciate perdere",
    "ignora", "ignorate", "non importa", "decaduto"]
  replace = ["invece", "invece di", "al posto di", "anziché", "piuttosto che",
    "sostituito", "sostituita", "sostituire", "sostituisci", "cambiato in", "cambiato a",
    "spostato a", "spostato al", "rinviato a", "rinviato al", "passato a", "passa a",
    "ora", "adesso", "d'ora in poi", "nuovo", "nuova", "nuovi", "nuove", "correggo", "correzione", "rettifico"]
  failed = ["fallito", "fallita", "fallisce", "non riuscito", "non è riuscito",
    "non riesce", "errore", "errori", "non ha funzionato", "non funziona", "non va",
    "rotto", "rotta", "crashato", "andato in crash", "è crashato", "timeout", "scaduto",
    "rifiutato", "rifiutata", "respinto", "respinta", "ripristinato", "rollback",
    "senza successo", "non ha aiutato", "non è servito", "inutilmente", "fallimento"]
  report = ["dicono che", "mi hanno detto", "qualcuno ha detto", "a quanto pare", "pare che", "sembra che", "voci", "si dice", "ho sentito", "ha sentito", "giura che", "presunto", "presuntamente",
    "per info", "per tua informazione", "per vostra informazione", "giusto per info", "chiesto", "ha chiesto", "aspettato", "atteso", "ho aspettato",
    "abbiamo aspettato", "ci è voluto", "ci sono voluti", "ha impiegato", "lamentato",
    "si è lamentato", "si è lamentata", "ha detto", "detto", "menzionato",
    "l'ultima volta", "la volta scorsa", "l'anno scorso", "l'estate scorsa", "l'inverno scorso", "ieri", "la settimana scorsa",
    "giusto perché tu lo sappia", "solo perché tu lo sappia", "giusto perché lo sappia", "per conoscenza",
    "per tua conoscenza", "sono rimasto in attesa", "sono rimasta in attesa", "in attesa al telefono",
    "mi hanno chiamato", "mi hanno chiamata", "mi hanno svegliato", "mi hanno svegliata",
    "sono stato chiamato", "ieri sera", "il mese scorso", "sono due settimane che", "sono settimane che",
    "è da due settimane che", "è da settimane che", "sono giorni che"]
  ask = ["sto solo pensando", "penso ad alta voce", "pensando ad alta voce", "ipoteticamente", "in teoria", "teoricamente", "suggerisce", "ha suggerito", "suggerito", "propone", "ha proposto", "proposto", "suggerimento", "chiede se", "ha chiesto se", "chiedeva se", "domanda se", "vuole sapere se", "voleva sapere se", "si lamenta", "si è lamentato", "si è lamentata", "si lamentava", "dimmi che", "dimmi se", "mi dica che", "non dirmi che", "vorrei sapere se",
    "ditemi che", "dimmi per favore che", "non mi dire che", "non mi dica che",
    "non ditemi che", "dimmi pure che", "speriamo che", "magari fosse", "magari potessimo",
    "se solo potessimo", "se solo fosse", "se solo avessimo", "sogno che", "sogno di", "vorrei tanto che",
    "sarebbe bello se", "sarebbe bello che", "sarebbe bellissimo se", "sarebbe fantastico se",
    "sarebbe carino se", "incrociamo le dita"]
  concession = ["anche se", "persino se", "nemmeno se"]
  consequence = ["altrimenti", "in caso contrario", "per evitare", "così non", "affinché non", "perché non si"]
  reason = ["perché", "poiché", "dato che", "siccome", "visto che"]
  minus = ["meno"]
  summary = ["riassunto", "riepilogo", "riassumi", "riassumere"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["ignora", "ignoralo", "ignorali", "ignorare", "lascia perdere", "lascia stare", "problema loro", "puoi verificare", "puoi controllare", "solo una voce"]
  neutral = ["niente a che fare con", "niente a che fare", "nulla a che fare", "non è deciso", "non è ancora deciso", "niente è deciso", "nulla è deciso", "non è stato deciso", "non abbiamo deciso", "non abbiamo ancora deciso", "niente di deciso", "nulla di deciso", "nessuna decisione presa", "non c'è niente di deciso", "non c’è niente di deciso", "non so", "non lo so", "non sono sicuro", "non sono sicura", "nessun problema", "non vedo l'ora", "non c'è fretta", "non ancora", "non preoccuparti", "non ti preoccupare", "non si preoccupi", "niente panico", "non ho voglia"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["nessuna eccezione", "senza eccezioni", "senza eccezione", "niente eccezioni"]

  # What makes a duty hold at all times, not once (a task).
  standing = ["sempre", "ogni volta", "ogni volta che", "in ogni momento", "d'ora in poi", "d’ora in poi", "da ora in poi", "d'ora in avanti", "da adesso in poi", "per impostazione predefinita", "di default", "di regola"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["io stesso", "io stessa", "lui stesso", "lei stessa", "loro stessi", "da solo", "da sola", "manualmente", "a mano"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["lo faccio io", "ci penso io", "me ne occupo", "faccio io", "io lo", "lo farò"]
  coordinators = ["e", "ed", "ma", "anche", "inoltre", "poi", "quindi", "o", "oppure"]

  numbers = {
    "zero" = 0, "uno" = 1, "una" = 1, "un" = 1, "due" = 2, "tre" = 3, "quattro" = 4,
    "cinque" = 5, "sei" = 6, "sette" = 7, "otto" = 8, "nove" = 9, "dieci" = 10,
    "undici" = 11, "dodici" = 12, "tredici" = 13, "quattordici" = 14, "quindici" = 15,
    "sedici" = 16, "diciassette" = 17, "diciotto" = 18, "diciannove" = 19, "venti" = 20,
    "ventuno" = 21, "ventidue" = 22, "ventitré" = 23, "ventitre" = 23,
    "ventiquattro" = 24, "venticinque" = 25, "ventisei" = 26, "ventisette" = 27,
    "ventotto" = 28, "ventinove" = 29, "trenta" = 30, "quaranta" = 40, "cinquanta" = 50,
    "sessanta" = 60, "settanta" = 70, "ottanta" = 80, "novanta" = 90,
    "duecento" = 200, "trecento" = 300, "quattrocento" = 400, "cinquecento" = 500,
    "mezzo" = 0.5, "mezza" = 0.5, "metà" = 0.5, "dozzina" = 12, "decina" = 10,
    "entrambi" = 2, "entrambe" = 2, "doppio" = 2, "triplo" = 3
  }
  scales = {
    "cento" = 100, "mille" = 1000, "mila" = 1000, "k" = 1000, "milione" = 1000000,
    "milioni" = 1000000, "mln" = 1000000, "miliardo" = 1000000000,
    "miliardi" = 1000000000, "mld" = 1000000000, "mrd" = 1000000000
  }

  units = {

    # Imperial lengths, as a summary translated from English writes them.

    "piede" = "ft", "piedi" = "ft", "miglio" = "mi", "miglia" = "mi",
    "millisecondo" = "ms", "millisecondi" = "ms",
    "secondo" = "s", "secondi" = "s", "sec" = "s", "minuto" = "min", "minuti" = "min",
    "ora" = "h", "ore" = "h", "giorno" = "d", "giorni" = "d", "gg" = "d",
    "giornata" = "d", "giornate" = "d", "settimana" = "wk", "settimane" = "wk",
    "mese" = "mo", "mesi" = "mo", "anno" = "yr", "anni" = "yr", "per cento" = "%",
    "percento" = "%", "metro" = "m", "metri" = "m", "chilometro" = "km",
    "chilometri" = "km", "chilogrammo" = "kg", "chilogrammi" = "kg", "chilo" = "kg",
    "chili" = "kg", "kilo" = "kg", "grammo" = "g", "grammi" = "g", "tonnellata" = "t",
    "tonnellate" = "t", "litro" = "l", "litri" = "l", "metro cubo" = "m3",
    "metri cubi" = "m3", "grado" = "deg", "gradi" = "deg",
    "euro" = "EUR", "dollaro" = "USD", "dollari" = "USD", "sterlina" = "GBP",
    "sterline" = "GBP", "franco svizzero" = "CHF", "franchi svizzeri" = "CHF"
  }
  per = ["per", "al", "alla", "ogni", "a"]
  every = ["ogni"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["regolamento", "protocollo", "protocolli", "regola", "regole", "norma", "norme", "vincolo", "vincoli", "restrizioni", "requisiti", "limiti", "divieti"]
  topic = ["riguardo a", "riguardo al", "riguardo alla", "per quanto riguarda", "in merito a"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["a", "alle"]
  without = ["senza"]
  periods = { "mensile" = "mo", "mensili" = "mo", "giornaliero" = "d", "giornaliera" = "d", "quotidiano" = "d", "settimanale" = "wk", "annuale" = "yr", "annuo" = "yr" }

  months = {
    "gennaio" = 1, "febbraio" = 2, "marzo" = 3, "aprile" = 4, "maggio" = 5, "giugno" = 6,
    "luglio" = 7, "agosto" = 8, "settembre" = 9, "ottobre" = 10, "novembre" = 11,
    "dicembre" = 12,
    "gen" = 1, "gen." = 1, "feb" = 2, "feb." = 2, "mar" = 3, "mar." = 3, "apr" = 4,
    "apr." = 4, "mag" = 5, "mag." = 5, "giu" = 6, "giu." = 6, "lug" = 7, "lug." = 7,
    "ago" = 8, "ago." = 8, "set" = 9, "set." = 9, "sett" = 9, "sett." = 9, "ott" = 10,
    "ott." = 10, "nov" = 11, "nov." = 11, "dic" = 12, "dic." = 12
  }
  weekdays = {
    "lunedì" = 1, "lunedi" = 1, "martedì" = 2, "martedi" = 2, "mercoledì" = 3,
    "mercoledi" = 3, "giovedì" = 4, "giovedi" = 4, "venerdì" = 5, "venerdi" = 5,
    "sabato" = 6, "domenica" = 7, "lun" = 1, "lun." = 1, "mer" = 3, "mer." = 3,
    "gio" = 4, "gio." = 4, "ven" = 5, "ven." = 5, "sab" = 6, "sab." = 6, "dom" = 7,
    "dom." = 7
  }
  clock_words = { mezzogiorno = 12, mezzanotte = 0 }
  clock = ["alle ore", "h"]
  pm    = ["di sera", "della sera", "del pomeriggio", "di pomeriggio", "pm", "p.m."]
  am    = ["di mattina", "della mattina", "del mattino", "di mattino", "am", "a.m."]

  # Letters that mark the language, for a text with no function word.

  letters = "àèéìòù"

  stopwords = ["verso", "il", "lo", "la", "i", "gli", "le", "l'", "un", "una", "uno", "di", "del",
    "della", "dei", "degli", "delle", "a", "al", "alla", "ai", "agli", "alle", "da", "dal",
    "dalla", "in", "nel", "nella", "nei", "con", "su", "sul", "sulla", "per", "tra", "fra",
    "e", "ed", "o", "ma", "che", "chi", "cosa", "come", "è", "sono", "era", "essere",
    "stato", "ha", "hanno", "ho", "abbiamo", "avere", "io", "tu", "lui", "lei", "noi",
    "voi", "loro", "mi", "ti", "si", "ci", "vi", "ne", "mio", "mia", "tuo", "suo", "sua",
    "nostro", "vostro", "questo", "questa", "questi", "quello", "quella", "qui", "qua",
    "molto", "anche", "perché", "tutto", "tutti", "può", "puoi", "grazie", "per favore",
    "c'è", "dell'", "all'", "già", "ancora", "altro", "altra", "altri", "altre", "quelli", "quelle", "cui",
    "mai", "senza", "dopo", "ogni", "nessun", "nessuno", "niente", "nulla"]

  # A dot after these does not end a sentence.
  abbreviations = ["dott.", "dott.ssa.", "prof.", "sig.", "sig.ra.", "ing.", "avv.", "ecc.", "es.", "n.", "max.", "incl.", "escl.", "ca.", "risp.", "sec.", "secc.", "pag.", "art.", "cap."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["o", "oppure", "né"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["un tempo", "ai miei tempi", "a quei tempi", "in passato", "anni fa", "una volta c'era", "prima c'era", "quando ero giovane"]
}
