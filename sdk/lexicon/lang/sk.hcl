# Slovak. Schema and meaning of every list: see en.hcl. Slovak negates verbs
# with the prefix ne-, so the common negated imperatives are listed whole.
#
# Slovak shares many function words with Czech (cs.hcl), which comes first
# in file order and keeps every tie; a Slovak text is told as Slovak by the
# words only Slovak writes so (sú, som, ako, čo, aj, ktorý, veľmi, ďakujem).
# Left out of the stopwords: "ja" (German and Nordic "yes"), "ich" (German
# "I"), "so" and "ma" (German, English and Italian words), which would make
# those texts read Slovak cues.

language "sk" {
  name    = "Slovenčina"
  stemmer = "" # no Snowball stemmer for Slovak

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["nikdy", "zakázané", "zakázaný", "zakázaná", "je zakázané", "je zakázaný",
    "nesmie", "nesmiete", "nesmieš", "nesmú", "nesmie sa", "nikto", "žiadne", "žiadny",
    "žiadna", "žiaden", "v žiadnom prípade", "za žiadnych okolností", "nemeň", "nemeňte",
    "nemaž", "nemažte", "nepoužívaj", "nepoužívajte", "nespúšťaj", "nespúšťajte",
    "nepúšťaj", "nepúšťajte", "nevymieňaj", "nevymieňajte", "nedotýkaj sa",
    "nedotýkajte sa", "nerob", "nerobte"]

  negation = ["nie", "nikdy", "žiadny", "žiaden", "žiadna", "žiadne", "žiadneho", "žiadnu",
    "žiadnym", "žiadnej", "žiadnych", "žiadnymi", "žiadnom", "nič", "ničoho", "nikto",
    "nikoho", "nikomu", "ani", "zákaz", "zakázané", "zakázaný", "zakázaná", "je zakázané",
    "je zakázaný", "nesmie", "nesmiete", "nesmieš", "nesmú", "nesmie sa", "nemôže",
    "nemôžete", "nemôžeš", "nemal by", "nemala by", "nemali by", "nemal by si",
    "nemali by ste", "nepovolené", "nie je povolené", "nie je dovolené", "nedovolené",
    "vyhnite sa", "vyhni sa", "vyhýbajte sa", "vyhýbaj sa", "vyhýbať sa",
    "v žiadnom prípade", "za žiadnych okolností", "rozhodne nie", "určite nie",
    "len na čítanie", "iba na čítanie", "zablokované", "zablokovaný", "zablokovaná",
    "zamknuté", "zamknutý", "zmrazené", "zmrazený", "zmraziť", "zmrazenie", "nesiahať",
    "nesiahaj", "nesiahajte", "nedotýkať sa", "nedotýkaj sa", "nedotýkajte sa", "nerob",
    "nerobte", "nemeň", "nemeňte", "nemeniť", "nemaž", "nemažte", "nemazať", "nespúšťaj",
    "nespúšťajte", "nespúšťať", "nepúšťaj", "nepúšťajte", "nepúšťať", "nepoužívaj",
    "nepoužívajte", "nepoužívať", "neposielaj", "neposielajte", "neposielať",
    "nevymieňaj", "nevymieňajte", "nevymieňať", "nenasadzuj", "nenasadzujte",
    "nereštartuj", "nereštartujte", "nevypínaj", "nevypínajte", "neodstraňuj",
    "neodstraňujte", "odmietnuť", "odmieta", "vylúčený", "vylúčená", "vylúčené"]
  # Slovak negates a verb by a glued "ne-": "nerezervuje" (one does not
  # book), "nepoužívajte". Only the endings of verbs are patterns, so
  # "nedeľa" (Sunday) and "najviac" stay words.
  negative_words = ["ne*uje", "ne*ujú", "ne*ujte", "ne*uj", "ne*ovať", "ne*ujeme"]
  only = ["len", "iba", "výhradne", "výlučne", "jedine", "nič okrem", "nič iné ako",
    "nič iné než", "obmedzené na", "obmedzený na", "obmedzená na", "vyhradené pre",
    "nikto iný", "nikto iný ako", "nikto okrem"]
  upper = ["maximálne", "max", "max.", "maximum", "najviac", "nanajvýš", "najvyššie",
    "nie viac ako", "nie viac než", "neprekročiť", "neprekračovať", "nesmie prekročiť",
    "neprekračujte", "neprekračuj", "nesmie presiahnuť", "pod", "menej ako", "menej než",
    "nižší ako", "nižšia ako", "nižšie ako", "menší ako", "menšia ako", "menšie ako", "strop",
    "limit", "do výšky", "alebo menej", "či menej", "nie vyšší ako", "nie dlhšie ako",
    "najdlhšie", "v rámci", "až", "do"]
  lower = ["minimálne", "min", "min.", "minimum", "aspoň", "najmenej", "nie menej ako",
    "nie menej než", "alebo viac", "či viac", "viac ako", "viac než", "cez", "nad",
    "vyšší ako", "vyššia ako", "vyššie ako", "väčší ako", "väčšia ako", "väčšie ako",
    "nie nižší ako", "nie pod"]
  firm = ["maximálne", "max", "max.", "maximum", "najviac", "nanajvýš", "minimálne", "min", "min.", "minimum", "aspoň", "najmenej"]
  relative = ["ktorý", "ktorí", "ktorá", "ktoré", "ktorých"]
  before = ["pred", "do", "až do", "najneskôr", "najneskôr do", "nie neskôr ako",
    "nie neskôr než", "termín", "uzávierka", "deadline", "splatnosť", "splatné",
    "skôr ako", "skôr než", "najdlhšie do"]
  after = ["po", "nie skôr ako", "nie skôr než", "najskôr", "najskôr od", "najskôr po", "od",
    "počnúc", "odo dňa", "od doby", "hneď ako", "akonáhle", "až po", "až od", "neskôr ako",
    "neskôr než", "od tej doby"]
  must = ["musí", "musíte", "musíš", "musím", "musíme", "musia", "treba", "je treba",
    "je potrebné", "potrebné", "je nutné", "nutné", "nutne", "nevyhnutné", "nevyhnutne",
    "nevyhnutný", "je nevyhnutné", "vždy", "zakaždým", "povinné", "povinný", "povinná",
    "povinne", "povinnosť", "vyžadované", "vyžaduje", "vyžaduje sa", "požadované",
    "uistite sa", "uisti sa", "zabezpečte", "zabezpeč", "zabezpečiť", "dbajte", "dbaj",
    "za všetkých okolností", "nezabudnite", "nezabudni", "bez zmeny", "bez zmien",
    "nezmenené", "nezmenený", "nezmenená", "nedotknutý", "nedotknutá", "nedotknuté"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["vždy", "zakaždým", "za všetkých okolností", "neustále", "odteraz", "od teraz", "od tejto chvíle", "v budúcnosti", "predvolene", "štandardne", "spravidla"]
  weaken = ["skúste", "skús", "skúsiť", "pokúste sa", "pokús sa", "snažte sa", "snaž sa",
    "ideálne", "pokiaľ možno", "ak je to možné", "ak sa dá", "ak to ide", "ak to pôjde",
    "podľa možnosti", "podľa možností", "prednostne", "preferujeme", "preferujem",
    "radšej", "zvážte", "zváž", "voliteľné", "voliteľne", "nepovinné", "odporúčané",
    "odporúča sa", "odporúčame", "bolo by dobré", "bolo by fajn", "ak môžete", "ak môžeš",
    "najlepšie"]
  exception = ["okrem", "s výnimkou", "vynímajúc", "mimo", "ibaže", "iba ak", "jedine ak",
    "pokiaľ nie", "ak nie", "až na", "ale nie", "iný ako", "iné ako", "iná ako",
    "nepočítajúc"]
  condition = ["ak", "keď", "pokiaľ", "kedykoľvek", "zatiaľ čo", "počas", "v priebehu", "pri",
    "bez", "v prípade", "v prípade že", "za predpokladu", "za predpokladu že", "keby"]
  lift = ["zrušené", "zrušený", "zrušená", "zrušenie", "odvolané", "už nie", "už neplatí",
    "neplatí", "prestáva platiť", "už môžete", "už môžeš", "môžete už", "môžeš už",
    "teraz môžeš", "teraz môžete", "pustite sa do toho", "pusti sa do toho", "pokojne",
    "znova povolené", "opäť povolené", "zabudni na to", "zabudnite na to", "ignoruj to",
    "ignorujte to", "nevadí", "odstránené", "skončilo", "už netreba", "netreba",
    "nie je potrebné", "už nie je potrebné", "už nie je potrebný", "už nie je nutné"]
  replace = ["namiesto", "miesto", "namiesto toho", "miesto toho", "nahradené", "nahradený",
    "nahradená", "nahraď", "nahraďte", "nahradiť", "zmenené na", "zmeniť na",
    "presunuté na", "presunuté do", "preložené na", "prepni na", "prejdite na", "teraz",
    "odteraz", "nové", "nový", "nová", "nového", "oprava", "opravujem"]
  failed = ["zlyhalo", "zlyhal", "zlyhala", "zlyhanie", "nepodarilo sa", "nevydarilo sa",
    "neúspešné", "neúspešný", "neúspešne", "chyba", "chyby", "chybou", "nefungovalo",
    "nefunguje", "nefungoval", "nefungovala", "nepomohlo", "pokazené", "pokazený",
    "rozbité", "rozbitý", "spadlo", "spadol", "spadla", "padá", "crash",
    "vypršal časový limit", "timeout", "zamietnuté", "zamietnutý", "odmietnuté",
    "vrátené späť", "rollback", "bez úspechu", "márne", "nevyšlo"]
  report = ["spýtal sa", "spýtala sa", "pýtal sa", "pýtala sa", "pýta sa", "čakal", "čakala",
    "čakali", "trvalo", "zabralo", "sťažoval sa", "sťažovala sa", "povedal", "povedala",
    "povedali", "spomenul", "spomenula", "minule", "naposledy", "vlani", "minulý rok",
    "včera", "minulý týždeň",
    "pre tvoju informáciu", "pre vašu informáciu", "len aby si vedel", "len aby si vedela",
    "visel som na linke", "volali mi", "zobudili ma", "včera večer", "včera v noci", "minulý mesiac",
    "už dva týždne", "už týždeň", "už niekoľko týždňov"]
  ask = ["pýta sa, či", "pýta sa či", "pýtal sa, či", "pýtala sa, či", "pýtal sa či",
    "pýtala sa či", "sťažuje sa", "sťažoval sa", "sťažovala sa", "povedz mi, že",
    "povedz, že", "nehovor mi, že",
    "povedz mi že", "povedzte mi, že", "povedzte mi že",
    "nehovorte mi, že", "povedz mi, ze", "povedz mi ze",
    "keby tak", "keby len", "keby sme tak", "kiež by", "kiez by", "dúfajme", "dufajme",
    "bolo by fajn, keby", "bolo by fajn keby", "bolo by super, keby", "bolo by super keby",
    "bolo by pekné, keby", "snívam o", "prial by som si", "priala by som si"]
  concession = ["aj keď", "i keď", "aj keby", "ani keď", "hoci"]
  consequence = ["inak", "v opačnom prípade"]
  reason = ["pretože", "lebo", "keďže"]
  minus = ["mínus"]
  summary = ["zhrnutie", "zhrň", "zhrňte", "zhrnúť", "súhrn"]
  neutral = ["nie je rozhodnuté", "nie je ešte rozhodnuté", "nie je to rozhodnuté", "nič nie je rozhodnuté", "nič nebolo rozhodnuté", "nič sme nerozhodli", "nič sme ešte nerozhodli", "nie je dohodnuté", "nič nie je dohodnuté", "žiadne rozhodnutie nepadlo", "zatiaľ žiadne rozhodnutie", "neviem", "nemám tušenie", "nemám potuchy", "žiadny problém", "žiaden problém",
    "ešte nie", "neboj sa", "nebojte sa", "nestresuj sa", "nemám chuť"]

  coordinators = ["a", "ale", "aj", "tiež", "takisto", "plus", "potom", "alebo", "či"]

  numbers = {
    "nula" = 0, "jeden" = 1, "jedna" = 1, "jedno" = 1, "jedného" = 1, "jednej" = 1,
    "jednu" = 1, "jedným" = 1, "jednému" = 1, "jednom" = 1,
    "dva" = 2, "dve" = 2, "dvaja" = 2, "dvoch" = 2, "dvom" = 2, "dvoma" = 2, "dvomi" = 2,
    "tri" = 3, "traja" = 3, "troch" = 3, "trom" = 3, "tromi" = 3,
    "štyri" = 4, "štyria" = 4, "štyroch" = 4, "štyrom" = 4, "štyrmi" = 4,
    "päť" = 5, "piati" = 5, "piatich" = 5, "piatim" = 5, "piatimi" = 5,
    "šesť" = 6, "šiestich" = 6, "sedem" = 7, "siedmich" = 7, "osem" = 8, "ôsmich" = 8,
    "deväť" = 9, "deviatich" = 9, "desať" = 10, "desiatich" = 10,
    "jedenásť" = 11, "jedenástich" = 11, "dvanásť" = 12, "dvanástich" = 12,
    "trinásť" = 13, "trinástich" = 13, "štrnásť" = 14, "štrnástich" = 14,
    "pätnásť" = 15, "pätnástich" = 15, "šestnásť" = 16, "šestnástich" = 16,
    "sedemnásť" = 17, "sedemnástich" = 17, "osemnásť" = 18, "osemnástich" = 18,
    "devätnásť" = 19, "devätnástich" = 19, "dvadsať" = 20, "dvadsiatich" = 20,
    "dvadsaťštyri" = 24, "tridsať" = 30, "tridsiatich" = 30, "štyridsať" = 40,
    "štyridsiatich" = 40, "päťdesiat" = 50, "päťdesiatich" = 50, "šesťdesiat" = 60,
    "šesťdesiatich" = 60, "sedemdesiat" = 70, "sedemdesiatich" = 70,
    "osemdesiat" = 80, "osemdesiatich" = 80, "deväťdesiat" = 90,
    "deväťdesiatich" = 90, "dvesto" = 200, "tristo" = 300, "päťsto" = 500,
    "pol" = 0.5, "polovica" = 0.5, "polovicu" = 0.5, "polovice" = 0.5,
    "polovicou" = 0.5, "tucet" = 12, "tuctu" = 12, "oba" = 2, "obe" = 2, "obaja" = 2,
    "oboch" = 2, "jedenkrát" = 1, "raz" = 1, "dvakrát" = 2, "trikrát" = 3,
    "štyrikrát" = 4, "päťkrát" = 5, "dvojnásobok" = 2, "trojnásobok" = 3
  }
  scales = {
    "sto" = 100, "stovky" = 100, "stoviek" = 100,
    "tisíc" = 1000, "tisíce" = 1000, "tisícov" = 1000, "tis." = 1000, "tis" = 1000,
    "k" = 1000, "milión" = 1000000, "milióny" = 1000000, "miliónov" = 1000000,
    "milióna" = 1000000, "mil." = 1000000, "miliarda" = 1000000000,
    "miliardy" = 1000000000, "miliárd" = 1000000000, "mld" = 1000000000,
    "mld." = 1000000000, "bilión" = 1000000000000
  }

  units = {
    "milisekunda" = "ms", "milisekundy" = "ms", "milisekúnd" = "ms",
    "sekunda" = "s", "sekundy" = "s", "sekúnd" = "s", "sekundu" = "s", "sek" = "s",
    "sek." = "s",
    "minúta" = "min", "minúty" = "min", "minút" = "min", "minútu" = "min",
    "min." = "min",
    "hodina" = "h", "hodiny" = "h", "hodín" = "h", "hodinu" = "h", "hodinách" = "h",
    "deň" = "d", "dni" = "d", "dní" = "d", "dňa" = "d", "dňoch" = "d", "dňu" = "d",
    "týždeň" = "wk", "týždne" = "wk", "týždňov" = "wk", "týždňa" = "wk", "týždni" = "wk",
    "mesiac" = "mo", "mesiace" = "mo", "mesiacov" = "mo", "mesiaca" = "mo",
    "mesiaci" = "mo",
    "rok" = "yr", "roky" = "yr", "rokov" = "yr", "roka" = "yr", "roku" = "yr",
    "rokoch" = "yr",
    "percent" = "%", "percento" = "%", "percentá" = "%", "percenta" = "%",
    "meter" = "m", "metre" = "m", "metrov" = "m", "metra" = "m",
    "kilometer" = "km", "kilometre" = "km", "kilometrov" = "km", "kilometra" = "km",
    "kilogram" = "kg", "kilogramy" = "kg", "kilogramov" = "kg", "kilo" = "kg",
    "kilá" = "kg", "kíl" = "kg", "gram" = "g", "gramy" = "g", "gramov" = "g",
    "tona" = "t", "tony" = "t", "ton" = "t", "tonu" = "t",
    "liter" = "l", "litre" = "l", "litrov" = "l", "litra" = "l",
    "kubický meter" = "m3", "kubické metre" = "m3", "kubických metrov" = "m3",
    "kubík" = "m3", "kubíky" = "m3", "kubíkov" = "m3",
    "stupeň" = "deg", "stupne" = "deg", "stupňov" = "deg", "stupňa" = "deg",
    "euro" = "EUR", "eur" = "EUR", "eurá" = "EUR",
    "koruna" = "CZK", "koruny" = "CZK", "korún" = "CZK", "korunu" = "CZK",
    "dolár" = "USD", "doláre" = "USD", "dolárov" = "USD", "dolára" = "USD",
    "libra" = "GBP", "libry" = "GBP", "libier" = "GBP",
    "švajčiarskych frankov" = "CHF", "švajčiarske franky" = "CHF"
  }
  per = ["za", "na", "každý", "každú", "každé", "každých", "za každý"]
  every = ["každých", "každé", "každú"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["pravidlo", "pravidlá", "obmedzenie", "obmedzenia", "požiadavky", "podmienky", "limity", "zásady"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["do"]
  without = ["bez"]
  periods = { "mesačne" = "mo", "denne" = "d", "týždenne" = "wk", "ročne" = "yr", "mesačný" = "mo", "mesačná" = "mo", "mesačné" = "mo", "denný" = "d", "denná" = "d", "ročný" = "yr", "ročná" = "yr" }

  months = {
    "január" = 1, "januára" = 1, "januári" = 1, "januáru" = 1, "januar" = 1, "januara" = 1,
    "február" = 2, "februára" = 2, "februári" = 2, "februáru" = 2, "februar" = 2,
    "februara" = 2,
    "marec" = 3, "marca" = 3, "marci" = 3, "marcu" = 3,
    "apríl" = 4, "apríla" = 4, "apríli" = 4, "aprílu" = 4, "aprila" = 4,
    "máj" = 5, "mája" = 5, "máji" = 5, "máju" = 5,
    "jún" = 6, "júna" = 6, "júni" = 6, "júnu" = 6,
    "júl" = 7, "júla" = 7, "júli" = 7, "júlu" = 7,
    "august" = 8, "augusta" = 8, "auguste" = 8, "augustu" = 8,
    "september" = 9, "septembra" = 9, "septembri" = 9, "septembru" = 9,
    "október" = 10, "októbra" = 10, "októbri" = 10, "októbru" = 10, "oktober" = 10,
    "oktobra" = 10,
    "november" = 11, "novembra" = 11, "novembri" = 11, "novembru" = 11,
    "december" = 12, "decembra" = 12, "decembri" = 12, "decembru" = 12,
    "jan" = 1, "jan." = 1, "feb" = 2, "feb." = 2, "mar." = 3, "apr" = 4, "apr." = 4,
    "jún." = 6, "júl." = 7, "aug" = 8, "aug." = 8, "sep" = 9, "sep." = 9, "sept." = 9,
    "okt" = 10, "okt." = 10, "nov" = 11, "nov." = 11, "dec" = 12, "dec." = 12
  }
  weekdays = {
    "pondelok" = 1, "pondelka" = 1, "pondelku" = 1, "pondelkom" = 1, "pondelky" = 1,
    "utorok" = 2, "utorka" = 2, "utorku" = 2, "utorkom" = 2, "utorky" = 2,
    "streda" = 3, "stredu" = 3, "stredy" = 3, "strede" = 3, "stredou" = 3,
    "štvrtok" = 4, "štvrtka" = 4, "štvrtku" = 4, "štvrtkom" = 4, "štvrtky" = 4,
    "stvrtok" = 4,
    "piatok" = 5, "piatka" = 5, "piatku" = 5, "piatkom" = 5, "piatky" = 5,
    "sobota" = 6, "sobotu" = 6, "soboty" = 6, "sobote" = 6, "sobotou" = 6,
    "nedeľa" = 7, "nedeľu" = 7, "nedele" = 7, "nedeli" = 7, "nedeľou" = 7, "nedela" = 7,
    "nedelu" = 7,
    "po." = 1, "ut." = 2, "st." = 3, "št." = 4, "pi." = 5, "so." = 6, "ne." = 7
  }
  clock_words = { "poludnie" = 12, "poludní" = 12, "polnoc" = 0, "polnoci" = 0 }
  clock = ["hod."]
  pm    = ["popoludní", "poobede", "večer"]
  am    = ["ráno", "dopoludnia", "doobeda"]

  # Letters that mark the language, for a text with no function word: its
  # own (ľ ĺ ŕ ô ä) and those it shares with Czech, so a line is told by the
  # letters only one of them writes.

  letters = "ľĺŕôäčšžýťďň"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["no", "a", "aj", "v", "vo", "na", "s", "z", "zo", "k", "ku", "o", "u", "pre",
    "za", "pri", "pod", "nad", "je", "sú", "som", "si", "sme", "ste", "bol", "bola",
    "bolo", "boli", "byť", "má", "majú", "to", "ten", "tá", "tie", "tento", "táto",
    "toto", "tieto", "ktoré", "ktorý", "ktorá", "ktorí", "čo", "ako", "že", "aby", "tak",
    "ešte", "už", "ty", "on", "ona", "ono", "my", "vy", "oni", "mi", "mňa", "ti", "ťa",
    "mu", "ho", "jej", "nám", "vám", "im", "nás", "vás", "jeho", "môj", "moja", "moje",
    "náš", "naša", "naše", "váš", "vaša", "vaše", "svoj", "svoje", "sa", "tu", "tam",
    "veľmi", "preto", "pretože", "lebo", "prosím", "ďakujem", "vďaka", "bude", "budú",
    "budem", "tiež", "kde", "nie", "alebo", "keď", "ak"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "ing.", "mgr.", "napr.", "tzn.", "t. j.", "tj.", "cca.", "atď.", "max.", "vr.", "resp.", "a pod.", "č.", "min.", "p.", "str."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["alebo", "ani"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["kedysi", "voľakedy", "za starých čias", "predtým platilo"]
}
