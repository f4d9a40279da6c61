# Catalan. Schema and meaning of every list: see en.hcl.
#
# Catalan comes first in file order, so it wins every tie of function
# words: its stopwords are only words no other lexicon lists (no "el",
# "la", "de", "que", "a", "i", "no", which it shares with Spanish, French,
# Italian, Portuguese or English), else a short Spanish or French rule
# would be told as Catalan. Its cues are still read in a Catalan text that
# shares words with Spanish, since every language with enough function
# words is read.
#
# Phrases with an apostrophe are listed with ' and ’, as people type both.

language "ca" {
  name    = "Català"
  stemmer = "" # Snowball has a Catalan stemmer, but snowballstem does not ship it

  negation = ["no", "mai", "no mai", "ni", "tampoc", "ningú", "ningu", "res",
    "cap ni un", "cap ni una", "en cap cas", "de cap manera", "de cap de les maneres",
    "sota cap concepte", "per res del món",
    "prohibit", "prohibida", "prohibits", "prohibides", "prohibició", "està prohibit",
    "està prohibida", "queda prohibit", "queda prohibida", "es prohibeix",
    "no es pot", "no es poden", "no s'ha de", "no s’ha de", "no s'han de", "no s’han de", "no has de", "no heu de",
    "no ha de", "no han de", "no hem de", "no pots", "no podeu", "no pot", "no poden",
    "no facis", "no feu", "no toquis", "no toqueu", "no s'ha de tocar", "no s’ha de tocar", "evita", "eviteu",
    "evitar", "cal evitar", "no permès", "no està permès", "no es permet", "no autoritzat",
    "no autoritzada", "només lectura", "de només lectura", "nomes lectura", "bloquejat",
    "bloquejada", "bloquejats", "congelat", "congelada", "congelació", "vetat", "vetada",
    "veto", "exclòs", "exclosa", "exclosos", "excloses", "abstenir-se", "absteniu-vos",
    "abstén-te", "refusar", "refuseu", "de cap manera no"]
  # Bare "cap" (no, none) is left out: it is also "towards" ("cap a
  # producció") and "head" ("cap d'equip").
  only = ["només", "nomes", "solament", "únicament", "unicament", "exclusivament",
    "tan sols", "sols", "res més que", "limitat a", "limitada a", "limitats a",
    "restringit a", "restringida a", "reservat a", "reservada a", "ningú més",
    "cap altre", "cap altra", "enlloc més", "i prou"]
  upper = ["com a màxim", "com a maxim", "màxim", "maxim", "màx", "max", "no més de",
    "no mes de", "fins a", "no superar", "sense superar", "no ha de superar",
    "no pot superar", "que no superi", "no excedir", "sense excedir", "no sobrepassar",
    "sense sobrepassar", "menys de", "menys que", "per sota de", "inferior a", "sota",
    "límit", "limit", "límit de", "sostre", "o menys", "dins de", "en menys de",
    "no més gran que", "com a molt", "a tot estirar", "no per sobre de"]
  lower = ["com a mínim", "com a minim", "almenys", "si més no", "mínim", "minim", "mín",
    "min", "no menys de", "o més", "o mes", "més de", "mes de", "més que", "per sobre de",
    "superior a", "major que", "no per sota de", "no inferior a", "superar", "supera",
    "superi", "superen", "excedir", "excedeix", "sobrepassar", "sobrepassa"]
  firm = ["com a màxim", "com a maxim", "màxim", "maxim", "màx", "max", "a tot estirar", "com a mínim", "com a minim", "almenys", "mínim", "minim", "mín", "min"]
  before = ["abans de", "abans del", "abans", "abans que", "fins a", "fins al", "fins",
    "com a molt tard", "com a més tard", "no més tard de", "no més tard del",
    "data límit", "data limit", "termini", "venciment", "venç", "més d'hora que", "més d’hora que"]
  after = ["després de", "després del", "despres de", "després", "no abans de",
    "no abans del", "a partir de", "a partir del", "des de", "des del", "un cop",
    "un cop que", "tan aviat com", "més tard de", "més tard que", "no més d'hora de", "no més d’hora de"]
  must = ["ha de", "han de", "has de", "heu de", "hem de", "haurà de", "hauran de",
    "hauràs de", "haureu de", "s'ha de", "s’ha de", "s'han de", "s’han de", "cal", "caldrà", "cal que",
    "és necessari", "es necessari", "necessari", "necessària", "obligatori",
    "obligatòria", "obligatoris", "obligatòries", "obligatòriament", "sempre",
    "requerit", "requerida", "requereix", "es requereix", "imprescindible",
    "assegura't", "assegura’t", "assegura't que", "assegura’t que", "assegureu-vos", "assegureu-vos que",
    "assegurar-se", "cada vegada", "cada cop", "sense falta", "no oblidis",
    "no oblideu", "no t'oblidis", "no t’oblidis", "no us oblideu", "recorda", "recordeu",
    "sense canvis", "intacte", "intacta", "tal com està", "tal qual", "es manté",
    "es mantenen", "demana abans", "demaneu abans", "demana primer", "pregunta primer",
    "necessita aprovació", "requereix aprovació"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["sempre", "cada vegada", "cada cop", "en tot moment", "a partir d'ara", "a partir d’ara", "d'ara endavant", "d’ara endavant", "per defecte", "per norma general", "sistemàticament"]
  weaken = ["intenta", "intenteu", "intentar", "mira de", "mireu de", "procura",
    "procureu", "intenta no", "procura no", "mira de no", "idealment", "si és possible",
    "si es possible", "si es pot", "en la mesura del possible", "sempre que sigui possible",
    "preferiblement", "preferentment", "de preferència", "preferir", "prefereixo",
    "preferim", "si pots", "si podeu", "considera", "considereu", "opcional",
    "opcionalment", "recomanat", "recomanable", "es recomana", "seria bo",
    "estaria bé", "normalment", "en general"]
  exception = ["excepte", "excepte si", "llevat de", "llevat que", "llevat si", "tret de",
    "tret que", "tret si", "menys", "a no ser que", "a menys que", "fora de",
    "a part de", "amb l'excepció de", "amb l’excepció de", "a excepció de", "però no", "sense comptar",
    "exceptuant"]
  condition = ["si", "quan", "sempre que", "cada vegada que", "cada cop que", "mentre",
    "mentre que", "durant", "sense", "en cas de", "en cas que", "en el cas que",
    "sempre i quan", "a condició que", "si mai"]
  lift = ["aixecat", "aixecada", "ja no", "ja no cal", "ja no és necessari",
    "ja no s'aplica", "ja no s’aplica", "ja no fa falta", "ja pots", "ja podeu", "ara pots", "ara podeu",
    "ara ja pots", "ara ja podeu", "endavant", "via lliure", "torna a estar permès",
    "permès de nou", "cancel·lat", "cancel·lada", "cancel.lat", "cancel.lada",
    "cancelat", "cancelada", "anul·lat", "anul·lada", "anul.lat", "anul.lada", "anulat",
    "revocat", "revocada", "oblida això", "oblideu això", "oblida-ho", "oblideu-ho",
    "ignora això", "ignoreu això", "no importa", "eliminat", "eliminada", "retirat",
    "retirada", "sense efecte", "deixa sense efecte", "no cal", "no fa falta",
    "ja no s'aplica", "ja no s’aplica", "queda sense efecte"]
  replace = ["en lloc de", "en comptes de", "en el seu lloc", "substituït", "substituïda",
    "substituir", "substitueix", "reemplaçat", "reemplaçada", "canviat a", "canviada a",
    "canvia a", "canviar a", "passa a", "mogut a", "traslladat a", "ajornat a",
    "ajornada a", "ara", "nou", "nova", "nous", "noves", "en canvi", "més aviat",
    "corregeixo", "correcció", "rectifico"]
  failed = ["ha fallat", "han fallat", "fallat", "va fallar", "van fallar", "falla",
    "fallen", "fallada", "fallida", "error", "errors", "no ha funcionat",
    "no funciona", "no va funcionar", "trencat", "trencada", "s'ha trencat", "s’ha trencat",
    "s'ha penjat", "s’ha penjat", "es va penjar", "caigut", "s'ha caigut", "s’ha caigut", "temps d'espera esgotat", "temps d’espera esgotat",
    "timeout", "rebutjat", "rebutjada", "revertit", "revertida", "s'ha revertit", "s’ha revertit",
    "desfet", "sense èxit", "sense sort", "no ha ajudat", "no ha servit", "fracàs",
    "ha fracassat", "va fracassar"]
  report = ["va preguntar", "van preguntar", "ha preguntat", "vaig esperar",
    "hem esperat", "vam esperar", "va trigar", "ha trigat", "es va queixar", "es queixa",
    "queixa", "va dir", "van dir", "ha dit", "diu que", "diuen que", "va esmentar",
    "l'última vegada", "l’última vegada", "l'últim cop", "l’últim cop", "la darrera vegada", "ahir", "la setmana passada",
    "el mes passat", "l'any passat", "l’any passat", "l'estiu passat", "l’estiu passat",
    "per a la teva informació", "per a la vostra informació", "per la teva info", "només perquè ho sàpigues",
    "vaig estar en espera", "em van tenir en espera", "em van trucar", "em van despertar", "ahir a la nit",
    "ahir al vespre", "fa dues setmanes que", "fa setmanes que", "fa dies que"]
  ask = ["pregunta si", "va preguntar si", "preguntava si", "preguntant si", "vol saber si",
    "volia saber si", "es queixa que", "es va queixar que", "es queixa de",
    "es va queixar de", "digues-me que", "digues-me si", "no em diguis que",
    "m'agradaria saber si", "m’agradaria saber si",
    "digui'm que", "digui’m que", "digueu-me que", "digues me que", "no em digueu que",
    "no em digui que", "tant de bo", "estaria bé que", "estaria be que", "seria genial que", "seria bo que",
    "somio que", "somio amb", "esperem que", "amb una mica de sort"]
  concession = ["encara que", "fins i tot si", "tot i que", "malgrat que", "per bé que",
    "si bé"]
  # "si no" (otherwise) is left out: it is also "if not" ("si no funciona").
  consequence = ["altrament", "en cas contrari", "d'altra manera", "d’altra manera", "si no és així"]
  reason = ["perquè", "ja que", "atès que", "donat que"]
  minus = ["menys"]
  summary = ["resum", "resumeix", "resumir", "resumiu", "resumeix-ho", "recapitulació"]
  neutral = ["no està decidit", "res no està decidit", "no hi ha res decidit", "res decidit", "no s'ha decidit", "no s’ha decidit", "no s'ha decidit res", "no s’ha decidit res", "s'ha decidit res", "s’ha decidit res", "no hem decidit", "no hem decidit res", "no s'ha pres cap decisió", "no s’ha pres cap decisió", "no ho sé", "no sé", "ni idea", "no estic segur", "no estic segura",
    "cap problema", "no passa res", "encara no", "no et preocupis", "no us preocupeu",
    "sense pressa", "no hi ha pressa", "no tinc ganes", "sense cost"]

  # "després" (then) is an after cue; it does not join two rules here.
  coordinators = ["i", "però", "també", "a més", "llavors", "aleshores", "o", "sinó"]

  # "nou" (9) is left out: it is "new" far more often in an instruction.
  numbers = {
    "zero" = 0, "un" = 1, "una" = 1, "dos" = 2, "dues" = 2, "tres" = 3, "quatre" = 4,
    "cinc" = 5, "sis" = 6, "set" = 7, "vuit" = 8, "deu" = 10, "onze" = 11,
    "dotze" = 12, "tretze" = 13, "catorze" = 14, "quinze" = 15, "setze" = 16,
    "disset" = 17, "divuit" = 18, "dinou" = 19, "vint" = 20, "vint-i-quatre" = 24,
    "trenta" = 30, "quaranta" = 40, "cinquanta" = 50, "seixanta" = 60, "setanta" = 70,
    "vuitanta" = 80, "noranta" = 90, "mig" = 0.5, "mitja" = 0.5, "meitat" = 0.5,
    "dotzena" = 12, "desena" = 10, "doble" = 2
  }
  # "cent" (100) is left out: it is the English coin.
  scales = {
    "mil" = 1000, "milers" = 1000, "k" = 1000, "milió" = 1000000, "milio" = 1000000,
    "milions" = 1000000, "mil milions" = 1000000000, "bilió" = 1000000000000
  }

  units = {
    "segon" = "s", "segons" = "s", "seg" = "s", "minut" = "min", "minuts" = "min",
    "hora" = "h", "hores" = "h", "dia" = "d", "dies" = "d", "setmana" = "wk",
    "setmanes" = "wk", "mes" = "mo", "mesos" = "mo", "any" = "yr", "anys" = "yr",
    "per cent" = "%", "percent" = "%", "metre" = "m", "metres" = "m",
    "quilòmetre" = "km", "quilòmetres" = "km", "quilometre" = "km",
    "quilometres" = "km", "quilogram" = "kg", "quilograms" = "kg", "quilo" = "kg",
    "quilos" = "kg", "gram" = "g", "grams" = "g", "tona" = "t", "tones" = "t",
    "litre" = "l", "litres" = "l", "metre cúbic" = "m3", "metres cúbics" = "m3",
    "grau" = "deg", "graus" = "deg", "euro" = "EUR", "euros" = "EUR", "dòlar" = "USD",
    "dòlars" = "USD", "dolar" = "USD", "dolars" = "USD", "lliura" = "GBP",
    "lliures" = "GBP"
  }
  per = ["per", "per cada", "cada", "al", "a la"]
  every = ["cada"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["regla", "regles", "norma", "normes", "restricció", "restriccions",
    "requisits", "límits", "condicions", "directrius"]
  topic = ["pel que fa a", "respecte a", "quant a"]
  without = ["sense"]
  periods = { "mensual" = "mo", "mensuals" = "mo", "diari" = "d", "diària" = "d",
    "diaris" = "d", "setmanal" = "wk", "setmanals" = "wk", "anual" = "yr", "anuals" = "yr" }

  # "set." (September) and "des." (December) are left out: "set" is seven
  # and "des de" is "since".
  months = {
    "gener" = 1, "febrer" = 2, "març" = 3, "marc" = 3, "abril" = 4, "maig" = 5,
    "juny" = 6, "juliol" = 7, "agost" = 8, "setembre" = 9, "octubre" = 10,
    "novembre" = 11, "desembre" = 12, "gen" = 1, "febr" = 2, "abr" = 4, "jul" = 7,
    "oct" = 10, "nov" = 11
  }
  weekdays = {
    "dilluns" = 1, "dimarts" = 2, "dimecres" = 3, "dijous" = 4, "divendres" = 5,
    "dissabte" = 6, "dissabtes" = 6, "diumenge" = 7, "diumenges" = 7,
    "dl" = 1, "dt" = 2, "dc" = 3, "dj" = 4, "dv" = 5, "ds" = 6, "dg" = 7
  }
  clock_words = { "migdia" = 12, "mitjanit" = 0 }
  clock = ["h", "en punt"]
  pm    = ["p. m.", "p.m.", "pm", "de la tarda", "del vespre", "de la nit"]
  am    = ["a. m.", "a.m.", "am", "del matí", "de la matinada"]

  # Catalan's own letter is the ŀ of "l·l" written as one character; the
  # middle dot itself is punctuation to the tokenizer, and every other
  # accented letter of Catalan (à è ò ç ï ü) is also French, Italian or
  # Portuguese, where Catalan, first in file order, would win the tie.
  letters = "ŀ"

  # "hi" (there) is left out: it is the English greeting that opens many a
  # message. "és" is also Hungarian "and"; a Hungarian text has many more function
  # words of its own, so only a one-word Hungarian line can tie.
  stopwords = ["els", "amb", "això", "aixo", "aquest", "aquesta", "aquests", "aquestes",
    "perquè", "perque", "però", "també", "dels", "pels", "pel", "molt", "molts",
    "moltes", "tots", "totes", "fins", "ens", "li", "nosaltres", "vosaltres",
    "ells", "meva", "teva", "seva", "seus", "seves", "nostre", "nostres", "vostre",
    "vostra", "vostres", "quan", "quin", "quina", "quins", "quines", "encara", "són",
    "està", "estan", "heu", "ara", "doncs", "sinó", "mentre", "fer", "vostè", "vostès",
    "unes", "cal", "gràcies", "aquell", "allò", "gaire", "qualsevol", "tenim", "teniu",
    "fem", "podeu", "poden", "estic", "estem", "esteu", "eren", "vam", "vau", "ésser",
    "aleshores", "llavors", "què", "mateix", "mateixa", "altres", "algun", "alguna",
    "alguns", "algunes", "si us plau", "sisplau", "és", "abans", "després", "avui", "demà", "potser",
    "nostra", "aquells", "aquelles", "quelcom", "cadascun", "cadascuna", "gens"]

  abbreviations = ["sr.", "sra.", "dr.", "dra.", "p. ex.", "etc.", "aprox.", "màx.", "núm.",
    "pàg.", "art.", "cap.", "vs.",
    # Avenues and roads before their name ("av. Diagonal"). Not "c."
    # (carrer): "74 °C." ends a sentence.
    "av.", "pg.", "ctra."]
  disjunctions = ["o", "ni"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["antigament", "en aquella època", "abans teníem"]
}
