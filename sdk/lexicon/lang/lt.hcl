# Lithuanian. Schema and meaning of every list: see en.hcl.
#
# Lithuanian negates a verb with a glued "ne-" ("nediekite", do not
# deploy; "netrinti", not to delete), so the negated imperatives and
# infinitives a rule uses are listed whole, and the polite and plural
# imperative "ne…kite" (colloquially "ne…kit") is a negative_words
# pattern. "nebe-" is "no longer": "nebegalioja" (no longer applies)
# lifts. People often type without diacritics ("draudziama", "nesiuskite"),
# so the common cues are listed both ways.
#
# Dates are written month first, in the genitive, with "d." (dienos, of
# the day) after the day: "gruodžio 18 d.", "iki gruodžio 18 d. 17 val.";
# or as ISO "2026-12-18". "val." after an hour is a clock ("iki 17 val.")
# and, after an amount bound or past 24, an amount of hours ("daugiausia
# 3 val.", "per 48 val."). Known limits of the reader, not of this file: a
# clock right after "gruodžio 18 d." is not bound by the "iki" before the
# date (as in English "by Friday 18 December 17:00"), so a deadline writes
# its own "ne vėliau kaip 17:00"; and a year written first ("2026 m.
# sausio 1 d.") reads "2026 m" as metres.
#
# Left out of the stopwords, as function words of other languages: "ne",
# "be", "per", "po", "o", "tu", "man", "mes", "ar", "tau" (Romanian), "tai"
# and "tuo" (Finnish, Italian), "su" (Spanish, Italian), "dar" (Romanian),
# "kad" (Croatian), "už" and "tie" (Czech, Slovak), "bei" (German), "jam"
# (Indonesian and Malay "hour": "tutup jam 21.00"), "ten", "net", "to",
# "del", "mano", "tas", "bus". "iki" (until) is listed though it is Turkish
# "two": as a Lithuanian function word it stays "until" in a Lithuanian
# text whose "ne" also names Turkish.

language "lt" {
  name    = "Lietuvių"
  stemmer = "" # no Snowball stemmer for Lithuanian in snowballstem

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["niekada", "niekados", "niekuomet", "draudžiama", "draudziama", "uždrausta",
    "uzdrausta", "uždraustas", "griežtai draudžiama", "negalima", "neleidžiama",
    "neleidziama", "jokiu būdu", "jokiu budu", "jokiu būdu ne", "nedarykite", "nedaryk",
    "nelieskite", "neliesk", "nekeiskite", "nekeisk", "netrinkite", "netrink",
    "neištrinkite", "neištrink", "nešalinkite", "nešalink", "nenaudokite", "nenaudok",
    "nediekite", "nediek", "nepaleiskite", "nepaleisk", "nesiųskite", "nesiųsk",
    "nesiuskite", "nesiusk", "neperkraukite", "neperkrauk", "neišjunkite", "neišjunk",
    "nejunkite", "nejunk", "nemokėkite", "nemokėk", "nepirkite", "nepirk", "neduokite",
    "neduok", "nesakykite", "nesakyk", "neminėkite", "neminėk", "nesiūlykite", "nesiūlyk",
    "neatskleiskite", "neatskleisk", "nekelkite", "nekelk", "neperrašykite", "neperrašyk",
    "nejudinkite", "nejudink", "neturite teisės", "neturi teisės", "nevalia"]

  negation = ["ne", "nėra", "nera", "niekada", "niekados", "niekuomet", "niekas",
    "nieko", "niekam", "niekur", "joks", "jokia", "jokie", "jokios", "jokio", "jokių",
    "jokiu", "jokį", "jokią", "jokiems", "jokiu būdu", "jokiu budu", "jokiais būdais",
    "jokiomis aplinkybėmis", "jokiomis aplinkybemis", "draudžiama", "draudziama",
    "draudžiamas", "draudžiami", "draudžiamos", "griežtai draudžiama", "uždrausta",
    "uzdrausta", "uždraustas", "uždrausti", "uždraustos", "draudimas", "draudimą",
    "negalima", "neleidžiama", "neleidziama", "nėra leidžiama", "neleistina",
    "neleidžiami", "nevalia", "negali", "negalite", "negalėsite", "negalime",
    "neturi", "neturite", "neturi būti", "neturėtų", "neturetu", "neturėtumėte",
    "neturėtum", "nereikėtų", "nereiketu", "venkite", "venk", "vengti", "vengkite",
    "tik skaitymui", "tik skaityti", "read-only", "užšaldyta", "užšaldytas",
    "užšaldyti", "uzsaldyta", "užblokuota", "užblokuotas", "uzblokuota", "užrakinta",
    "užrakintas", "atmesti", "atsisakyti", "atsisakykite", "atsisakyk",
    "nedarykite", "nedaryk", "nedaryti", "nelieskite", "neliesk", "neliesti", "nekeiskite",
    "nekeisk", "nekeisti", "netrinkite", "netrink", "netrinti", "neištrinkite",
    "neištrink", "neištrinti", "nešalinkite", "nešalink", "nešalinti", "nesalinkite",
    "nenaudokite", "nenaudok", "nenaudoti", "nediekite", "nediek", "nediegti",
    "nepaleiskite", "nepaleisk", "nepaleisti", "neleiskite", "neleisk", "neleisti",
    "nesiųskite", "nesiųsk", "nesiųsti", "nesiuskite", "nesiusk", "nesiusti",
    "neperkraukite", "neperkrauk", "neperkrauti", "neišjunkite", "neišjunk", "neišjungti",
    "nejunkite", "nejunk", "nejungti", "nemokėkite", "nemokėk", "nemokėti", "nepirkite",
    "nepirk", "nepirkti", "neduokite", "neduok", "neduoti", "nesakykite", "nesakyk",
    "nesakyti", "neminėkite", "neminėk", "neminėti", "nesiūlykite", "nesiūlyk",
    "nesiūlyti", "neatskleiskite", "neatskleisk", "neatskleisti", "nekelkite", "nekelk",
    "nekelti", "neperrašykite", "neperrašyk", "neperrašyti", "nejudinkite", "nejudink",
    "nejudinti", "nerašykite", "nerašyk", "nerašyti", "nekvieskite", "nekviesk",
    "nekviesti", "neatidarykite", "neatidaryk", "neatidaryti", "nerezervuokite",
    "nerezervuok", "nerezervuoti", "nekeiskit", "nedarykit", "neliesk jo",
    "palikite ramybėje", "palik ramybėje", "palikti ramybėje", "neturite teisės",
    "neturi teisės", "nebus leidžiama", "nepriimtina"]
  # Lithuanian negates a verb by a glued "ne-": the polite and plural
  # imperative "ne…kite" ("nekeiskite", "nemigruokite"), colloquially
  # "ne…kit". Only these endings are patterns: a noun or a 2sg imperative
  # ending "-k" would also match English "network".
  negative_words = ["ne*kite", "ne*kit"]
  only = ["tik", "tiktai", "vien", "vien tik", "tik ir tik", "išskirtinai", "išimtinai",
    "vieninteliai", "niekas kitas", "niekas kitas nei", "niekas kitas kaip", "nieko kito",
    "nieko daugiau", "nieko kito nei", "niekur kitur", "skirta tik", "apribota iki",
    "apribotas iki"]
  upper = ["daugiausia", "daugiausiai", "maksimaliai", "maksimalus", "maksimali",
    "maksimalią", "maksimalų", "maksimumas", "maksimumą", "maks.", "maks", "max",
    "trumpiau nei", "trumpiau kaip", "trumpesnis nei", "trumpesnė nei", "pigiau nei", "pigiau kaip", "ne daugiau kaip", "ne daugiau nei", "ne daugiau negu", "nedaugiau kaip", "ne daugiau",
    "ne ilgiau kaip", "ne ilgiau nei", "neilgiau kaip", "ne ilgiau", "ne brangiau kaip",
    "ne brangiau nei", "ne aukščiau", "ne aukščiau nei", "ne aukštesnė nei",
    "ne aukštesnis nei", "ne didesnis nei", "ne didesnė nei", "ne didesnis kaip",
    "ne didesnė kaip", "ne vyresni nei", "iki", "ne viršijant", "neviršyti", "neviršykite",
    "neviršyk", "neviršijant", "neviršija", "negali viršyti", "neturi viršyti",
    "neturėtų viršyti", "mažiau nei", "mažiau kaip", "mažiau negu", "maziau nei",
    "maziau kaip", "žemiau", "žemiau nei", "žemesnis nei", "žemesnė nei", "mažesnis nei",
    "mažesnė nei", "mažesni nei", "mažesnis kaip", "mažesnė kaip", "limitas", "limitą",
    "riba", "ribą", "viršutinė riba", "lubos", "arba mažiau", "ar mažiau",
    "padidinta iki", "sumažinta iki", "apribota iki", "apribotas iki", "neviršijantis",
    "neviršijanti", "neviršijančios", "neviršijančią"]
  # A bare "exceed" is a lower bound ("viršija 10 k"); a negation in the
  # same clause flips it ("negali viršyti").
  lower = ["mažiausiai", "maziausiai", "bent", "bent jau", "ne mažiau kaip", "ne mažiau nei",
    "ne mažiau negu", "ne maziau kaip", "ne maziau nei", "nemažiau kaip", "ne mažiau",
    "minimaliai", "minimalus", "minimali", "minimalų", "minimalią", "minimumas", "minimumą",
    "minimum", "min.", "min", "daugiau nei", "daugiau kaip", "daugiau negu", "virš",
    "virs", "viršija", "viršyti", "viršijantis", "viršijanti", "viršijančios",
    "viršijančią", "viršijo", "arba daugiau", "ar daugiau", "ne trumpiau kaip",
    "ne trumpiau nei", "ne trumpiau", "ne žemiau", "ne žemiau nei", "ne mažesnis nei",
    "ne mažesnė nei", "ne mažesnis kaip", "ne mažesnė kaip", "didesnis nei",
    "didesnė nei", "didesni nei", "ilgiau nei", "ilgiau kaip", "ilgiau negu", "ilgesnis nei", "ilgesnė nei", "brangiau nei", "brangiau kaip", "aukščiau nei", "apatinė riba", "ne jaunesni nei"]
  firm = ["daugiausia", "daugiausiai", "maksimaliai", "maksimumas", "maksimumą", "maks.",
    "maks", "max", "mažiausiai", "maziausiai", "bent", "bent jau", "minimaliai",
    "minimumas", "minimumą", "minimum", "min.", "min"]
  relative = ["kuris", "kuri", "kurie", "kurios", "kurį", "kurią", "kuriuos", "kurias",
    "kurio", "kurių", "kuriems", "kurioms", "kuriam", "kuriai"]
  approx = ["apie", "maždaug", "mazdaug", "apytiksliai", "apytikriai", "beveik", "kokių", "~", "≈", "apyt."]
  before = ["iki", "prieš", "pries", "ne vėliau kaip iki", "ne vėliau nei iki", "ne veliau kaip iki", "ne vėliau kaip", "ne vėliau nei", "ne vėliau negu",
    "ne veliau kaip", "ne veliau nei", "nevėliau kaip", "ne vėliau", "vėliausiai",
    "veliausiai", "vėliausiai iki", "terminas", "galutinis terminas", "terminas iki",
    "deadline", "anksčiau nei", "anksčiau negu", "anksčiau kaip", "prieš tai, kai",
    "iki kol"]
  after = ["po", "po to, kai", "po to kai", "ne anksčiau kaip", "ne anksčiau nei",
    "ne anksčiau negu", "ne anksciau kaip", "ne anksciau nei", "neanksčiau kaip",
    "ne anksčiau", "anksčiausiai", "anksciausiai", "nuo", "pradedant", "pradedant nuo",
    "tik po", "tik nuo", "vėliau nei", "vėliau kaip", "vėliau negu", "kai tik", "vos tik"]
  must = ["privalo", "privalote", "privalai", "privalome", "privalau", "privaloma",
    "privalomas", "privaloma", "privalomi", "privalomos", "privalomai", "būtina", "butina",
    "būtinai", "butinai", "būtinas", "būtini", "reikia", "reikės", "reikalinga",
    "reikalingas", "reikalingi", "reikalaujama", "reikalauja", "turi", "turite", "turime",
    "turėsite", "turėsi", "turi būti", "turi buti", "turės", "visada", "visuomet",
    "kiekvieną kartą", "kiekviena karta", "kaskart", "įsitikinkite", "įsitikink",
    "isitikinkite", "užtikrinkite", "užtikrink", "uztikrinkite", "pasirūpinkite",
    "pasirūpink", "pasirupinkite", "nepamirškite", "nepamiršk", "nepamirskite",
    "nepamirškit", "atminkite", "atsiminkite", "atmink", "paklauskite prieš",
    "paklausk prieš", "pirma paklauskite", "pirma paklausk", "reikia patvirtinimo",
    "be pakeitimų", "be pakeitimu", "be jokių pakeitimų", "nepakeistas", "nepakeista",
    "nepaliestas", "nepaliesta", "lieka nepakeistas", "lieka nepakeista",
    "lieka kaip yra", "palikti kaip yra", "kaip yra", "lieka", "išlieka", "išlikti"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["visada", "visuomet", "kiekvieną kartą", "kiekviena karta", "kaskart",
    "nuolat", "visą laiką", "visa laika", "nuo šiol", "nuo siol", "nuo dabar", "ateityje",
    "pagal nutylėjimą", "kaip taisyklė"]
  weaken = ["pabandykite", "pabandyk", "bandykite", "stenkitės", "stenkis", "stenkites",
    "pasistenkite", "pasistenk", "stenkitės ne", "idealiu atveju", "idealiai",
    "jei įmanoma", "jei imanoma", "jeigu įmanoma", "jei galima", "jeigu galima",
    "jei galite", "jei gali", "jeigu galite", "kur įmanoma", "kai įmanoma",
    "esant galimybei", "pagal galimybes", "pageidautina", "pageidaujama", "geriau",
    "verčiau", "rekomenduojama", "rekomenduojame", "rekomenduoju",
    "rekomenduotina", "nerekomenduojama", "nerekomenduotina", "vengtina", "apsvarstykite",
    "apsvarstyk", "neprivaloma", "neprivalomas", "neprivalomai", "nebūtina", "nebutina",
    "pasirinktinai", "būtų gerai", "butu gerai", "būtų puiku", "būtų šaunu",
    "būtų malonu", "paprastai", "dažniausiai", "pirmenybė teikiama",
    "teikite pirmenybę"]
  exception = ["išskyrus", "isskyrus", "nebent", "išskyrus atvejus", "išskyrus kai",
    "išskyrus jei", "išskyrus tuos atvejus", "neskaitant", "bet ne", "kitaip nei",
    "kitus nei", "kitas nei", "kita nei", "su išimtimi", "išimtis", "išimtis yra",
    "nebent tik"]
  condition = ["jei", "jeigu", "kai", "kada", "kuomet", "kol", "kaskart kai", "bet kada, kai",
    "be", "neturint", "tuo atveju", "tuo atveju, jei", "tuo atveju jei",
    "su sąlyga", "su sąlyga, kad", "su salyga", "jei tik", "jeigu tik"]
  lift = ["nebegalioja", "nebegalios", "nebetaikoma", "nebetaikomas", "nebetaikomi",
    "nebereikia", "nebereikės", "nebereikalingas", "nebereikalinga", "nebereikalingi",
    "nebereikalingos", "nebėra reikalingas", "nebėra reikalinga", "jau nereikia",
    "nebėra būtina", "nebėra būtinas", "jau nebūtina", "nebeaktualu", "nebeaktualus", "nebeaktuali", "nebe",
    "jau nebe", "nebėra", "nebera", "nereikia", "nebūtina daugiau", "panaikinta",
    "panaikintas", "panaikinti", "panaikintos", "panaikinamas", "atšaukta", "atšauktas",
    "atšaukti", "atsaukta", "atšaukiama", "atšaukiamas", "nuimta", "nuimtas", "nuimti",
    "dabar galima", "dabar galite", "dabar gali", "jau galima", "jau galite", "jau gali",
    "galite drąsiai", "gali drąsiai", "drąsiai", "drasiai", "pirmyn", "vėl leidžiama",
    "vel leidziama", "vėl galima", "vel galima", "vėl galite", "pamirškite", "pamiršk",
    "pamirskite", "pamirškit", "pamirškite tai", "pamiršk tai", "ignoruokite tai",
    "ignoruok tai", "ignoruokite", "ignoruok", "nesvarbu", "nebeliko", "baigta su",
    "apribojimas panaikintas", "draudimas panaikintas", "draudimas nebegalioja",
    "daugiau nebetaikoma", "daugiau nebegalioja", "galima vėl", "galite vėl"]
  replace = ["vietoj", "vietoje", "vietoj to", "vietoje to", "užuot", "uzuot",
    "pakeista į", "pakeistas į", "pakeisti į", "pakeiskite į", "pakeisk į", "pakeitėme į",
    "perkelta į", "perkeltas į", "perkelti į", "perkelta", "perkeltas", "pereiti prie",
    "pereikite prie", "pereik prie", "pereiname prie", "dabar", "nuo dabar", "naujas",
    "nauja", "naujo", "naujos", "naujų", "nauji", "naują", "pataisymas", "patikslinimas",
    "patikslinu", "pataisau", "taisau", "o ne"]
  failed = ["nepavyko", "nepavyksta", "nepavyks", "nesėkmingai", "nesekmingai",
    "nesėkmingas", "nesėkminga", "nesėkmė", "nesekme", "klaida", "klaidos", "klaidą",
    "klaidų", "su klaida", "neveikia", "neveikė", "neveike", "nesuveikė", "nesuveike",
    "nepadėjo", "nepadejo", "sugedo", "sugedęs", "sugedusi", "sulūžo", "sulužo", "nulūžo",
    "nuluzo", "nulūžęs", "užlūžo", "uzluzo", "nukrito", "lūžo", "crash", "timeout",
    "baigėsi laikas", "baigėsi skirtasis laikas", "atmesta", "atmestas", "atmetė",
    "atmete", "rollback", "atšaukta atgal", "grąžinta atgal", "grąžinome atgal",
    "be sėkmės", "veltui", "nepraėjo", "nepraejo", "žlugo", "nepavyko prisijungti"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["aš pats", "aš pati", "padarysiu", "aš padarysiu", "pasirūpinsiu",
    "aš pasirūpinsiu", "sutvarkysiu", "aš sutvarkysiu", "aš tai padarysiu", "padarysime",
    "pasirūpinsime", "mes patys"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["pats", "pati", "patys", "pačios", "pacios", "savarankiškai",
    "savarankiskai", "rankiniu būdu", "rankiniu budu", "rankomis", "asmeniškai",
    "asmeniskai"]
  # Words that open a statement of how things are: behind a rule's comma,
  # with no cue of its own, why the rule holds.
  aside = ["mes", "jie", "jis", "ji", "aš", "tai"]
  # Cue words that name a kind of thing before a word: "klaidų žurnalai"
  # (error logs), "klaidos pranešimas" (an error message).
  kind_words = ["klaidų", "klaidos", "neprivalomas", "neprivaloma"]
  report = ["paklausė", "paklause", "klausė", "klause", "klausia", "klausinėjo", "laukė",
    "lauke", "laukiau", "laukėme", "užtruko", "uztruko", "truko", "skundėsi", "skundesi",
    "skundžiasi", "pasakė", "pasake", "sakė", "sake", "sako", "minėjo", "paminėjo",
    "praėjusį kartą", "praejusi karta", "pastarąjį kartą", "paskutinį kartą", "vakar",
    "praėjusią savaitę", "praejusia savaite", "praėjusį mėnesį", "praėjusiais metais",
    "pernai", "praėjusią vasarą", "girdėjau", "girdejau", "girdėjome", "neva", "esą",
    "gandai", "gandas", "kažkas sakė", "kažkas pasakė", "kazkas sake", "tvirtina",
    "prisiekia", "jūsų žiniai", "jusu ziniai", "tavo žiniai", "tavo ziniai",
    "tik kad žinotumėte", "tik kad žinotum", "tik kad zinotumete", "informacijai",
    "vakar vakare", "vakar naktį", "jau dvi savaites", "jau savaitę", "jau kelias savaites",
    "kelias savaites", "laukiau linijoje", "laukiau ragelyje", "man skambino",
    "pažadino mane", "mane pažadino", "persiuntė", "parašė", "rašė", "rase"]
  ask = ["hipotetiškai", "hipotetiskai", "teoriškai", "teoriskai", "klausia, ar",
    "klausia ar", "paklausė, ar", "paklausė ar", "paklause ar", "klausė, ar", "klausė ar",
    "klausinėja, ar", "nori žinoti, ar", "nori žinoti ar", "nori sužinoti, ar",
    "norėjo žinoti, ar", "įdomu, ar", "idomu ar", "įdomu ar", "skundžiasi", "skundėsi",
    "pasiūlė", "pasiule", "siūlo", "siulo", "pasiūlymas", "mano nuojauta",
    "pasakyk, kad", "pasakyk kad", "pasakyk man, kad", "pasakyk man kad",
    "pasakykite, kad", "pasakykite man, kad", "pasakykite kad", "nesakyk, kad",
    "nesakyk kad", "nesakyk man, kad", "nesakyk man kad", "nesakykite, kad",
    "tik nesakyk, kad", "tik nesakyk kad", "o kad", "o kad tik", "jei tik būtų",
    "tikėkimės", "tikekimes", "tikiuosi", "būtų gerai, jei", "būtų gerai jei",
    "butu gerai jei", "būtų gerai, jeigu", "būtų puiku, jei", "būtų puiku jei",
    "būtų šaunu, jei", "būtų šaunu jei", "butu sauniai jei", "svajoju apie",
    "svajoju, kad", "svajoju kad", "norėčiau, kad kas nors"]
  concession = ["net jei", "net jeigu", "net kai", "net ir tada, kai", "nors ir",
    "nepaisant to, kad", "nepaisant to kad", "net ne", "net jei ne"]
  consequence = ["kitaip", "antraip", "priešingu atveju", "priesingu atveju",
    "kad nebūtų", "kad nebutu", "kad niekas", "kad išvengtume", "kad išvengtumėte",
    "kad išvengtum", "siekiant išvengti", "kad nereikėtų", "kad neužstrigtų",
    "kad nenukristų"]
  reason = ["nes", "kadangi", "todėl, kad", "todėl kad", "todel kad", "dėl to, kad",
    "dėl to kad", "del to kad"]
  minus = ["minus"]
  summary = ["santrauka", "santrauką", "santraukos", "santraukoje", "apibendrink",
    "apibendrinkite", "apibendrinimas", "apibendrinimą", "reziumė", "reziumuok",
    "reziumuokite"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["ignoruok", "ignoruokite", "ignoruok tai", "ignoruokite tai", "jų problema",
    "ju problema", "jų reikalas", "gali patikrinti", "galite patikrinti",
    "ar galite patikrinti", "ar gali patikrinti", "tik gandas", "tik gandai"]
  # Phrases that hold a cue word and carry no cue.
  neutral = ["nieko nenuspręsta", "nieko dar nenuspręsta", "niekas nenuspręsta",
    "niekas dar nenuspręsta", "nieko nenusprendėme", "dar nenuspręsta", "nenuspręsta",
    "sprendimo dar nėra", "sprendimas dar nepriimtas", "nieko nesutarta", "nieko nesutarėme",
    "nėra sutarta", "neturiu supratimo", "neturiu jokio supratimo", "nėra problemų",
    "nera problemu", "jokių problemų", "jokiu problemu", "ne problema", "nieko tokio",
    "nieko baisaus", "be jokios abejonės", "nėra abejonių", "nėra už ką", "nera uz ka",
    "nėra skubos", "ne taip skubu", "dar ne", "ne tik", "ne vien", "ne visai", "vienu metu", "vienu kartu", "ne blogai",
    "ką tik", "ka tik", "tik ką", "tik norėjau", "tik noriu", "tik tiek", "tik įdomu",
    "nesijaudinkite", "nesijaudink", "nesijaudinkit", "nesirūpinkite", "nesirūpink",
    "nepergyvenkite", "nepergyvenk", "nepanikuokite", "nepanikuok", "neskubėkite",
    "nėra nuotaikos", "neturiu nuotaikos", "nemokamai", "nežinau", "nezinau",
    "nesu tikras", "nesu tikra", "nesu tikri", "nieko bendro su", "neturi nieko bendro"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["be išimčių", "be isimciu", "be jokių išimčių", "be jokiu isimciu",
    "jokių išimčių", "jokiu isimciu", "išimčių nėra"]

  coordinators = ["ir", "bei", "bet", "tačiau", "taciau", "o", "taip pat", "be to", "plius",
    "tada", "paskui", "po to", "arba"]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["arba", "ar", "nei"]

  numbers = {
    "pusantro" = 1.5, "pusantros" = 1.5,
    "nulis" = 0, "nulio" = 0,
    "vienas" = 1, "viena" = 1, "vieno" = 1, "vienos" = 1, "vieną" = 1,
    "vienam" = 1, "vienai" = 1, "vienu" = 1, "vienerius" = 1,
    "du" = 2, "dvi" = 2, "dviejų" = 2, "dvieju" = 2, "dviem" = 2, "dvejų" = 2, "dveji" = 2,
    "dvejus" = 2,
    "trys" = 3, "trijų" = 3, "triju" = 3, "trims" = 3, "tris" = 3, "trimis" = 3,
    "trejų" = 3, "trejus" = 3,
    "keturi" = 4, "keturios" = 4, "keturių" = 4, "keturiu" = 4, "keturis" = 4,
    "keturias" = 4, "keturiems" = 4, "keturiais" = 4, "keturiomis" = 4,
    "penki" = 5, "penkios" = 5, "penkių" = 5, "penkiu" = 5, "penkis" = 5, "penkias" = 5,
    "penkiems" = 5, "penkiais" = 5,
    "šeši" = 6, "šešios" = 6, "šešių" = 6, "šešis" = 6, "šešias" = 6, "sesi" = 6,
    "sesios" = 6, "sesiu" = 6, "sesis" = 6, "sesias" = 6,
    "septyni" = 7, "septynios" = 7, "septynių" = 7, "septyniu" = 7, "septynis" = 7,
    "septynias" = 7,
    "aštuoni" = 8, "aštuonios" = 8, "aštuonių" = 8, "aštuonis" = 8, "aštuonias" = 8,
    "astuoni" = 8, "astuonios" = 8, "astuoniu" = 8, "astuonis" = 8,
    "devyni" = 9, "devynios" = 9, "devynių" = 9, "devyniu" = 9, "devynis" = 9,
    "devynias" = 9,
    "dešimt" = 10, "dešimties" = 10, "dešimčia" = 10, "desimt" = 10, "desimties" = 10,
    "vienuolika" = 11, "vienuolikos" = 11, "dvylika" = 12, "dvylikos" = 12,
    "trylika" = 13, "trylikos" = 13, "keturiolika" = 14, "keturiolikos" = 14,
    "penkiolika" = 15, "penkiolikos" = 15, "šešiolika" = 16, "šešiolikos" = 16,
    "sesiolika" = 16, "sesiolikos" = 16, "septyniolika" = 17, "septyniolikos" = 17,
    "aštuoniolika" = 18, "aštuoniolikos" = 18, "astuoniolika" = 18, "astuoniolikos" = 18,
    "devyniolika" = 19, "devyniolikos" = 19,
    "dvidešimt" = 20, "dvidešimties" = 20, "dvidesimt" = 20, "dvidesimties" = 20,
    "trisdešimt" = 30, "trisdešimties" = 30, "trisdesimt" = 30,
    "keturiasdešimt" = 40, "keturiasdešimties" = 40, "keturiasdesimt" = 40,
    "penkiasdešimt" = 50, "penkiasdešimties" = 50, "penkiasdesimt" = 50,
    "šešiasdešimt" = 60, "šešiasdešimties" = 60, "sesiasdesimt" = 60,
    "septyniasdešimt" = 70, "septyniasdešimties" = 70, "septyniasdesimt" = 70,
    "aštuoniasdešimt" = 80, "aštuoniasdešimties" = 80, "astuoniasdesimt" = 80,
    "devyniasdešimt" = 90, "devyniasdešimties" = 90, "devyniasdesimt" = 90,
    "pusė" = 0.5, "pusę" = 0.5, "pusės" = 0.5, "puse" = 0.5,
    "tuzinas" = 12, "tuzino" = 12, "tuziną" = 12,
    "abu" = 2, "abi" = 2, "abiejų" = 2, "abiem" = 2,
    "kartą" = 1, "karta" = 1, "vieną kartą" = 1, "viena karta" = 1, "du kartus" = 2, "tris kartus" = 3,
    "keturis kartus" = 4, "penkis kartus" = 5, "dukart" = 2, "dusyk" = 2, "triskart" = 3, "trissyk" = 3, "dvigubai" = 2, "trigubai" = 3
  }
  scales = {
    "šimtas" = 100, "šimto" = 100, "šimtą" = 100, "šimtai" = 100, "šimtų" = 100,
    "šimtus" = 100, "simtas" = 100, "simto" = 100, "simta" = 100, "simtai" = 100,
    "simtu" = 100, "simtus" = 100,
    "tūkstantis" = 1000, "tūkstančio" = 1000, "tūkstantį" = 1000, "tūkstančiai" = 1000,
    "tūkstančių" = 1000, "tūkstančius" = 1000, "tukstantis" = 1000, "tukstancio" = 1000,
    "tukstanti" = 1000, "tukstanciai" = 1000, "tukstanciu" = 1000, "tukstancius" = 1000,
    "tūkst." = 1000, "tūkst" = 1000, "tukst." = 1000, "tukst" = 1000, "k" = 1000,
    "milijonas" = 1000000, "milijono" = 1000000, "milijoną" = 1000000,
    "milijonai" = 1000000, "milijonų" = 1000000, "milijonus" = 1000000, "milijonu" = 1000000,
    "mln." = 1000000, "mln" = 1000000,
    "milijardas" = 1000000000, "milijardo" = 1000000000, "milijardai" = 1000000000,
    "milijardų" = 1000000000, "milijardus" = 1000000000, "mlrd." = 1000000000,
    "mlrd" = 1000000000
  }

  units = {
    "milisekundė" = "ms", "milisekundės" = "ms", "milisekundžių" = "ms",
    "milisekundes" = "ms", "milisekundziu" = "ms",
    "sekundė" = "s", "sekundės" = "s", "sekundžių" = "s", "sekundę" = "s",
    "sekundes" = "s", "sekunde" = "s", "sekundziu" = "s", "sek." = "s", "sek" = "s",
    "minutė" = "min", "minutės" = "min", "minučių" = "min", "minutę" = "min",
    "minutes" = "min", "minute" = "min", "minuciu" = "min", "min." = "min",
    "valanda" = "h", "valandos" = "h", "valandų" = "h", "valandą" = "h", "valandas" = "h",
    "valandu" = "h", "val." = "h", "val" = "h",
    "diena" = "d", "dienos" = "d", "dienų" = "d", "dieną" = "d", "dienas" = "d",
    "dienu" = "d", "para" = "d", "paros" = "d", "parų" = "d", "parą" = "d", "paras" = "d",
    "paru" = "d",
    "savaitė" = "wk", "savaitės" = "wk", "savaičių" = "wk", "savaitę" = "wk",
    "savaites" = "wk", "savaite" = "wk", "savaiciu" = "wk", "sav." = "wk",
    "mėnuo" = "mo", "mėnesio" = "mo", "mėnesių" = "mo", "mėnesį" = "mo",
    "mėnesius" = "mo", "mėnesiai" = "mo", "menuo" = "mo", "menesio" = "mo",
    "menesiu" = "mo", "menesi" = "mo", "menesius" = "mo", "mėn." = "mo", "men." = "mo",
    "metai" = "yr", "metų" = "yr", "metus" = "yr", "metams" = "yr",
    "procentas" = "%", "procentai" = "%", "procentų" = "%", "procentus" = "%",
    "procentu" = "%", "proc." = "%", "proc" = "%",
    "metras" = "m", "metrai" = "m", "metrų" = "m", "metrus" = "m", "metro" = "m",
    "kilometras" = "km", "kilometrai" = "km", "kilometrų" = "km", "kilometrus" = "km",
    "kilometro" = "km",
    "kilogramas" = "kg", "kilogramai" = "kg", "kilogramų" = "kg", "kilogramus" = "kg",
    "kilogramo" = "kg", "gramas" = "g", "gramai" = "g", "gramų" = "g", "gramus" = "g",
    "tona" = "t", "tonos" = "t", "tonų" = "t", "tonas" = "t", "toną" = "t",
    "litras" = "l", "litrai" = "l", "litrų" = "l", "litrus" = "l", "litro" = "l",
    "kubinis metras" = "m3", "kubiniai metrai" = "m3", "kubinių metrų" = "m3",
    "kubinius metrus" = "m3", "kub. m" = "m3",
    "laipsnis" = "deg", "laipsniai" = "deg", "laipsnių" = "deg", "laipsnius" = "deg",
    "laipsnio" = "deg",
    "euras" = "EUR", "eurai" = "EUR", "eurų" = "EUR", "eurus" = "EUR", "euro" = "EUR",
    "eurą" = "EUR", "euru" = "EUR",
    "doleris" = "USD", "doleriai" = "USD", "dolerių" = "USD", "dolerius" = "USD",
    "dolerio" = "USD", "doleriu" = "USD",
    "svarų sterlingų" = "GBP", "svarai sterlingų" = "GBP", "svaras sterlingų" = "GBP",
    "zlotų" = "PLN", "zlotai" = "PLN", "zlotas" = "PLN",
    "rublių" = "RUB", "rubliai" = "RUB", "rublis" = "RUB",
    "šveicarijos frankų" = "CHF", "šveicarijos frankai" = "CHF"
  }
  per = ["per", "už", "uz", "kiekvieną", "kiekvienai", "kiekvienam"]
  every = ["kas"] # "kas 20 minučių": the number after it is an interval
  rule_words = ["taisyklė", "taisyklės", "taisyklių", "taisykles", "apribojimai",
    "apribojimas", "apribojimų", "reikalavimai", "reikalavimas", "reikalavimų", "sąlygos",
    "limitai", "gairės", "nuostatai", "politika"]
  topic = ["kalbant apie", "dėl", "kas liečia", "kas liecia", "kiek tai susiję su"]
  # The words joining two ends of a range ("nuo 10 iki 16 val.").
  range_words = ["iki"]
  without = ["be"]
  periods = { "kasdien" = "d", "kasdienis" = "d", "kasdieninis" = "d", "kasmet" = "yr",
    "metinis" = "yr", "metinė" = "yr", "metinį" = "yr", "mėnesinis" = "mo",
    "mėnesinė" = "mo", "mėnesinį" = "mo", "mėnesinę" = "mo", "kassavaitinis" = "wk",
    "savaitinis" = "wk", "savaitinė" = "wk", "valandinis" = "h", "valandinė" = "h" }

  months = {
    "sausis" = 1, "sausio" = 1, "sausį" = 1, "sausyje" = 1, "sausi" = 1,
    "vasaris" = 2, "vasario" = 2, "vasarį" = 2, "vasaryje" = 2, "vasari" = 2,
    "kovas" = 3, "kovo" = 3, "kovą" = 3, "kovyje" = 3,
    "balandis" = 4, "balandžio" = 4, "balandį" = 4, "balandyje" = 4, "balandzio" = 4,
    "balandi" = 4,
    "gegužė" = 5, "gegužės" = 5, "gegužę" = 5, "gegužėje" = 5, "geguze" = 5,
    "geguzes" = 5, "geguzeje" = 5,
    "birželis" = 6, "birželio" = 6, "birželį" = 6, "birželyje" = 6, "birzelis" = 6,
    "birzelio" = 6, "birzeli" = 6, "birzelyje" = 6,
    "liepa" = 7, "liepos" = 7, "liepą" = 7, "liepoje" = 7,
    "rugpjūtis" = 8, "rugpjūčio" = 8, "rugpjūtį" = 8, "rugpjūtyje" = 8,
    "rugpjutis" = 8, "rugpjucio" = 8, "rugpjuti" = 8, "rugpjutyje" = 8,
    "rugsėjis" = 9, "rugsėjo" = 9, "rugsėjį" = 9, "rugsėjyje" = 9, "rugsejis" = 9,
    "rugsejo" = 9, "rugseji" = 9, "rugsejyje" = 9,
    "spalis" = 10, "spalio" = 10, "spalį" = 10, "spalyje" = 10, "spali" = 10,
    "lapkritis" = 11, "lapkričio" = 11, "lapkritį" = 11, "lapkrityje" = 11,
    "lapkricio" = 11, "lapkriti" = 11,
    "gruodis" = 12, "gruodžio" = 12, "gruodį" = 12, "gruodyje" = 12, "gruodzio" = 12,
    "gruodi" = 12,
    "saus." = 1, "vas." = 2, "kov." = 3, "bal." = 4, "geg." = 5, "birž." = 6,
    "liep." = 7, "rugpj." = 8, "rugs." = 9, "spal." = 10, "lapkr." = 11, "gruod." = 12
  }
  # "pirmadienį" is "on Monday", "iki pirmadienio" "until Monday",
  # "pirmadieniais" "on Mondays".
  weekdays = {
    "pirmadienis" = 1, "pirmadienio" = 1, "pirmadienį" = 1, "pirmadieniais" = 1,
    "pirmadieni" = 1, "pirmadienyje" = 1, "pirmadieniui" = 1,
    "antradienis" = 2, "antradienio" = 2, "antradienį" = 2, "antradieniais" = 2,
    "antradieni" = 2, "antradieniui" = 2,
    "trečiadienis" = 3, "trečiadienio" = 3, "trečiadienį" = 3, "trečiadieniais" = 3,
    "treciadienis" = 3, "treciadienio" = 3, "treciadieni" = 3, "treciadieniais" = 3,
    "trečiadieniui" = 3,
    "ketvirtadienis" = 4, "ketvirtadienio" = 4, "ketvirtadienį" = 4,
    "ketvirtadieniais" = 4, "ketvirtadieni" = 4, "ketvirtadieniui" = 4,
    "penktadienis" = 5, "penktadienio" = 5, "penktadienį" = 5, "penktadieniais" = 5,
    "penktadieni" = 5, "penktadieniui" = 5,
    "šeštadienis" = 6, "šeštadienio" = 6, "šeštadienį" = 6, "šeštadieniais" = 6,
    "sestadienis" = 6, "sestadienio" = 6, "sestadieni" = 6, "sestadieniais" = 6,
    "šeštadieniui" = 6,
    "sekmadienis" = 7, "sekmadienio" = 7, "sekmadienį" = 7, "sekmadieniais" = 7,
    "sekmadieni" = 7, "sekmadieniui" = 7
  }
  clock_words = { "vidurdienis" = 12, "vidurdienio" = 12, "vidurdienį" = 12,
    "vidurdieni" = 12, "vidurnaktis" = 0, "vidurnakčio" = 0, "vidurnaktį" = 0,
    "vidurnakcio" = 0, "vidurnakti" = 0 }
  # "17 val.", "17 valandą": a clock hour.
  clock = ["val.", "val"]
  pm    = ["po pietų", "po pietu", "vakaro", "vakare", "popiet"]
  am    = ["ryto", "ryte", "prieš pietus", "pries pietus"]

  # Letters that mark the language, for a text with no function word: its
  # own (ė į ų ū) and those it shares with Polish and the Czech, Slovak and
  # Croatian letters, so a line is told by the letters only one writes.

  letters = "ąčęėįšųūž"

  stopwords = ["ir", "yra", "bet", "iš", "į", "nuo", "prie", "apie", "dėl",
    "nėra", "jau", "taip", "kaip", "kur", "kai", "jei", "jeigu", "nes", "todėl", "jūs",
    "aš", "jis", "ji", "jie", "mūsų", "jūsų", "musu", "jusu", "savo", "šis", "ši", "šie",
    "šį", "šią", "šio", "šios", "šiuo", "šiame", "šioje", "tą", "tos",
    "kuris", "kuri", "kurie", "kurios", "kurį", "kurią", "kurio", "kurių", "labai",
    "prašau", "prasau", "prašome", "prasome", "ačiū", "aciu", "būti", "buvo", "būtų",
    "gali", "galite", "reikia", "čia", "cia", "tik", "dabar", "viskas", "visi", "visus",
    "kas", "ką", "kodėl", "arba", "tačiau", "taciau", "nors", "kol", "tada", "juk",
    "mums", "jums", "jai", "jiems", "mane", "tave", "jį", "ją", "juos",
    "kadangi", "kartu", "taigi", "vis", "esame", "esu", "esate", "turi", "turite", "turime",
    "turėtų", "negali", "negalite", "galima", "negalima", "būtina", "butina", "reikės",
    "daug", "gerai", "šiandien", "siandien", "rytoj", "visada", "visuomet", "niekada",
    "visos", "visą", "visų", "kiekvieną", "kiekvienas", "kiekviena", "vėliau", "veliau",
    "anksčiau", "anksciau", "daugiau", "mažiau", "maziau", "daugiausia", "mažiausiai",
    "maziausiai", "bent", "prieš", "pries", "jokių", "nieko", "niekas", "kuo", "koks",
    "kokia", "kokie", "kiek", "tiek", "išskyrus", "isskyrus", "nebent", "vietoj",
    # "iki" (until) is Turkish "two": listed here, it is the Lithuanian word
    # wherever Lithuanian is the text's main language.
    "iki"]

  # A dot after these does not end a sentence.
  abbreviations = ["pvz.", "t. y.", "t.y.", "tt.", "ir kt.", "ir pan.", "kt.", "pan.",
    "val.", "min.", "sek.", "mėn.", "d.", "tūkst.", "tukst.", "mln.", "mlrd.", "proc.",
    "dr.", "prof.", "doc.", "gerb.", "nr.", "str.", "el.", "maks.", "apyt.", "sav.", "žr.",
    "saus.", "vas.", "kov.", "bal.", "geg.", "birž.", "liep.", "rugpj.", "rugs.",
    "spal.", "lapkr.", "gruod."]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["anksčiau", "kadaise", "senais laikais"]
}
