# Czech. Schema and meaning of every list: see en.hcl. Czech negates verbs
# with the prefix ne-, so the common negated imperatives are listed whole.

language "cs" {
  name    = "Čeština"
  stemmer = "" # no Snowball stemmer for Czech

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["nikdy", "zakázáno", "zakázané", "zakázaný", "je zakázáno", "nesmí", "nesmíte", "nesmíš", "nesmějí", "nikdo", "žádné", "žádný", "žádná", "v žádném případě"]

  negation = ["ne", "nikdy", "žádný", "žádná", "žádné", "žádného", "žádnou", "žádným",
    "žádných", "žádnými", "nic", "ničeho", "nikdo", "nikoho", "nikomu", "ani", "zákaz",
    "zakázáno", "zakázané", "zakázaný", "zakázaná", "je zakázáno", "nesmí", "nesmíte",
    "nesmíš", "nesmějí", "nesmí se", "nemůže", "nemůžete", "nemůžeš", "nelze",
    "neměl by", "neměla by", "neměli by", "neměl bys", "neměli byste", "nepovoleno",
    "není povoleno", "není dovoleno", "nedovoleno", "vyhněte se", "vyhni se",
    "vyhýbejte se", "vyhýbat se", "v žádném případě", "za žádných okolností",
    "rozhodně ne", "určitě ne", "jen pro čtení", "pouze pro čtení", "zablokováno",
    "zablokovaný", "zablokované", "zamčeno", "zamčené", "zmrazeno", "zmrazit",
    "zmrazení", "nesahat", "nesahej", "nesahejte", "nedotýkat", "nedotýkejte",
    "nedělej", "nedělejte", "neměň", "neměňte", "neměnit", "nemaž", "nemažte",
    "nemazat", "nespouštěj", "nespouštějte", "nespouštět", "nepoužívej",
    "nepoužívejte", "nepoužívat", "neposílej", "neposílejte", "neposílat",
    "odmítnout", "odmítá", "vyloučen", "vyloučena", "vyloučeno"]
  # Czech negates a verb by a glued "ne-": "nerezervuje" (one does not
  # book), "nepoužívejte". Only the endings of verbs are patterns, so
  # "neděle" (Sunday) and "nejvýše" (at most) stay words.
  negative_words = ["ne*uje", "ne*ují", "ne*ujte", "ne*uj", "ne*ovat", "ne*ujeme", "ne*ujou"]
  only = ["jen", "jenom", "pouze", "výhradně", "výlučně", "jedině", "nic než",
    "nic jiného než", "omezeno na", "omezený na", "omezená na", "omezené na",
    "vyhrazeno pro"]
  upper = ["maximálně", "max", "max.", "maximum", "nejvýše", "nanejvýš", "nejvýš",
    "ne více než", "ne víc než", "až", "nepřekročit", "nepřekračovat", "nesmí překročit",
    "nepřekračujte", "nepřekračuj", "nepřesáhnout", "nesmí přesáhnout", "pod",
    "méně než", "míň než", "nižší než", "menší než", "strop", "limit", "do výše",
    "nebo méně", "či méně", "ne vyšší než", "ne delší než", "nejdéle", "během",
    "v rámci", "do"]
  lower = ["minimálně", "min", "min.", "minimum", "alespoň", "aspoň", "nejméně",
    "nejmíň", "ne méně než", "ne míň než", "nebo více", "či více", "nebo víc", "více než",
    "víc než", "přes", "nad", "vyšší než", "větší než", "ne nižší než", "ne pod"]
  firm = ["maximálně", "max", "max.", "maximum", "nejvýše", "nanejvýš", "nejvýš", "minimálně", "min", "min.", "minimum", "alespoň", "aspoň", "nejméně", "nejmíň"]
  relative = ["který", "kteří", "která", "které", "kterých"]
  approx = ["asi", "přibližně", "zhruba", "cca", "skoro", "~"]
  before = ["lhůta", "před", "do", "až do", "nejpozději", "nejpozději do", "ne později než",
    "termín", "uzávěrka", "deadline", "splatnost", "splatné", "dříve než", "než",
    "nejdéle do"]
  after = ["po", "ne dříve než", "nejdříve", "nejdřív", "od", "počínaje", "ode dne",
    "od doby", "jakmile", "až po", "teprve po", "teprve od", "od té doby"]
  must = ["musí", "musíte", "musíš", "musím", "musíme", "musejí", "je třeba", "je nutné",
    "nutné", "nutně", "nutno", "vždy", "vždycky", "povinné", "povinný", "povinná",
    "povinně", "povinnost", "vyžadováno", "vyžaduje", "vyžadované", "požadováno",
    "potřebné", "nezbytné", "nezbytný", "nezbytně", "ujistěte se", "ujisti se",
    "zajistěte", "zajisti", "zajistit", "dbejte", "dbej", "pokaždé",
    "za všech okolností", "nezapomeňte", "nezapomeň", "je potřeba", "beze změn", "nedotčený", "nedotčená", "nedotčené"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["vždy", "vždycky", "pokaždé", "za všech okolností", "neustále", "od teď", "odteď", "od nynějška", "napříště", "v budoucnu", "ve výchozím nastavení", "zpravidla"]
  weaken = ["zkuste", "zkus", "zkusit", "pokuste se", "pokus se", "snažte se", "snaž se",
    "ideálně", "pokud možno", "je-li to možné", "jestli je to možné", "když to jde",
    "pokud to jde", "podle možnosti", "podle možností", "přednostně", "preferujeme",
    "preferuji", "raději", "radši", "zvažte", "zvaž", "volitelné", "volitelně",
    "nepovinné", "doporučeno", "doporučené", "doporučuje se", "doporučujeme",
    "bylo by dobré", "bylo by fajn", "pokud můžete", "pokud můžeš", "jestli můžeš",
    "jestli můžete", "nejlépe"]
  exception = ["kromě", "vyjma", "s výjimkou", "mimo", "ledaže", "leda", "pokud ne",
    "až na", "ale ne", "jiný než", "jiné než", "jiná než", "nepočítaje"]
  condition = ["pokud", "jestli", "jestliže", "když", "kdykoli", "kdykoliv", "zatímco",
    "v průběhu", "při", "bez", "v případě", "v případě že", "za předpokladu",
    "za předpokladu že", "dokud", "pakliže"]
  lift = ["zrušeno", "zrušen", "zrušena", "zrušení", "odvoláno", "už ne", "již ne",
    "už neplatí", "již neplatí", "neplatí", "přestává platit", "můžete už", "už můžete",
    "už můžeš", "můžeš už", "teď můžeš", "teď můžete", "nyní můžete",
    "pusťte se do toho", "do toho", "klidně", "znovu povoleno", "opět povoleno",
    "zapomeň na to", "zapomeňte na to", "ignoruj to", "ignorujte to", "nevadí",
    "odstraněno", "odebráno", "skončilo"]
  replace = ["místo", "místo toho", "namísto", "nahrazeno", "nahrazen", "nahrazena",
    "nahraď", "nahraďte", "nahradit", "změněno na", "změnit na", "přesunuto na",
    "přesunuto do", "přeloženo na", "přepni na", "přejděte na", "teď", "nyní", "nově",
    "nový", "nová", "nové", "nového", "spíše než", "spíš než", "oprava", "opravuji"]
  failed = ["selhalo", "selhal", "selhala", "selhání", "nezdařilo se", "nepodařilo se",
    "neúspěšné", "neúspěšný", "neúspěšně", "chyba", "chyby", "chybou", "nefungovalo",
    "nefunguje", "nefungoval", "nepomohlo", "rozbité", "rozbitý", "spadlo", "spadl",
    "padá", "zhavarovalo", "crash", "vypršel časový limit", "timeout", "zamítnuto",
    "zamítnut", "odmítnuto", "vráceno zpět", "rollback", "bez úspěchu", "marně",
    "nevyšlo"]
  report = ["zeptal se", "zeptala se", "ptal se", "ptala se", "ptá se", "čekal",
    "čekala", "čekali", "trvalo", "zabralo", "stěžoval si", "stěžovala si", "řekl",
    "řekla", "řekli", "zmínil", "zmínila", "minule", "naposledy", "loni", "minulý rok", "včera", "minulý týden",
    "pro tvou informaci", "pro vaši informaci", "jen abys věděl", "jen abys věděla", "visel jsem na lince",
    "byl jsem ve frontě", "volali mi", "vzbudili mě", "včera večer", "včera v noci", "minulý měsíc",
    "už dva týdny", "už týden", "už několik týdnů"]
  ask = ["hypoteticky", "teoreticky", "ptá se, zda", "ptá se zda", "ptá se, jestli", "ptá se jestli", "ptal se, jestli", "ptala se, jestli", "ptal se, zda", "ptala se, zda", "stěžuje si", "stěžoval si", "stěžovala si", "řekni mi, že", "řekni, že", "neříkej mi, že",
    "řekni mi že", "řekněte mi, že", "řekněte mi že",
    "neříkej mi že", "neříkejte mi, že", "rekni mi, ze",
    "rekni mi ze", "nerikej mi, ze", "kéž by", "kez by", "kdyby tak", "kdyby jen",
    "kdybychom tak", "doufejme", "bylo by fajn, kdyby", "bylo by fajn kdyby", "bylo by hezké, kdyby",
    "bylo by hezké kdyby", "bylo by super, kdyby", "bylo by super kdyby", "sním o tom", "přál bych si",
    "přála bych si", "pral bych si"]
  concession = ["i když", "ani když"]
  consequence = ["jinak", "v opačném případě"]
  reason = ["protože", "jelikož", "poněvadž", "neboť"]
  minus = ["mínus"]
  summary = ["shrnutí", "shrň", "shrnout", "souhrn"]
  neutral = ["nic není rozhodnuto", "nic není rozhodnuté", "nic nebylo rozhodnuto", "nic jsme nerozhodli", "nic jsme ještě nerozhodli", "nic není domluveno", "nic není domluvené", "nic není jisté", "žádné rozhodnutí nepadlo", "zatím žádné rozhodnutí", "nevím", "nemám tušení", "žádný problém", "ještě ne", "neboj se", "nestresuj se", "nemám chuť"]

  coordinators = ["a", "ale", "také", "taky", "též", "plus", "pak", "potom", "nebo", "či"]

  numbers = {
    # One and a half, written as one word.
    "půldruhé" = 1.5,
    "nula" = 0, "jeden" = 1, "jedna" = 1, "jedno" = 1, "jednoho" = 1, "jedné" = 1,
    "jednu" = 1, "jedním" = 1, "jednomu" = 1,
    "dva" = 2, "dvě" = 2, "dvou" = 2, "dvěma" = 2, "tři" = 3, "tří" = 3, "třem" = 3,
    "třemi" = 3, "čtyři" = 4, "čtyř" = 4, "čtyřech" = 4, "čtyřem" = 4, "čtyřmi" = 4,
    "pět" = 5, "pěti" = 5, "šest" = 6, "šesti" = 6, "sedm" = 7, "sedmi" = 7, "osm" = 8,
    "osmi" = 8, "devět" = 9, "devíti" = 9, "deset" = 10, "deseti" = 10,
    "jedenáct" = 11, "jedenácti" = 11, "dvanáct" = 12, "dvanácti" = 12,
    "třináct" = 13, "třinácti" = 13, "čtrnáct" = 14, "čtrnácti" = 14, "patnáct" = 15,
    "patnácti" = 15, "šestnáct" = 16, "šestnácti" = 16, "sedmnáct" = 17,
    "sedmnácti" = 17, "osmnáct" = 18, "osmnácti" = 18, "devatenáct" = 19,
    "devatenácti" = 19, "dvacet" = 20, "dvaceti" = 20, "čtyřiadvacet" = 24,
    "třicet" = 30, "třiceti" = 30, "čtyřicet" = 40, "čtyřiceti" = 40, "padesát" = 50,
    "padesáti" = 50, "šedesát" = 60, "šedesáti" = 60, "sedmdesát" = 70,
    "sedmdesáti" = 70, "osmdesát" = 80, "osmdesáti" = 80, "devadesát" = 90,
    "devadesáti" = 90, "půl" = 0.5, "polovina" = 0.5, "polovinu" = 0.5,
    "poloviny" = 0.5, "tucet" = 12, "tuctu" = 12, "oba" = 2, "obě" = 2, "obou" = 2,
    "jednou" = 1, "dvakrát" = 2, "třikrát" = 3, "dvojnásobek" = 2,
    "trojnásobek" = 3
  }
  scales = {
    "sto" = 100, "stě" = 100, "sta" = 100, "set" = 100, "stovky" = 100,
    "tisíc" = 1000, "tisíce" = 1000, "tisícům" = 1000, "tis." = 1000, "tis" = 1000,
    "k" = 1000, "milion" = 1000000, "miliony" = 1000000, "milionů" = 1000000,
    "milionu" = 1000000, "mil." = 1000000, "miliarda" = 1000000000,
    "miliardy" = 1000000000, "miliard" = 1000000000, "mld" = 1000000000,
    "mld." = 1000000000, "bilion" = 1000000000000
  }

  units = {
    "milisekunda" = "ms", "milisekundy" = "ms", "milisekund" = "ms",
    "sekunda" = "s", "sekundy" = "s", "sekund" = "s", "sekundu" = "s", "sek" = "s",
    "sek." = "s", "vteřina" = "s", "vteřiny" = "s", "vteřin" = "s",
    "minuta" = "min", "minuty" = "min", "minut" = "min", "minutu" = "min",
    "min." = "min",
    "hodina" = "h", "hodiny" = "h", "hodin" = "h", "hodinu" = "h", "hodinách" = "h",
    "den" = "d", "dny" = "d", "dní" = "d", "dnů" = "d", "dne" = "d", "dnech" = "d",
    "dnu" = "d",
    "týden" = "wk", "týdny" = "wk", "týdnů" = "wk", "týdne" = "wk", "týdnu" = "wk",
    "měsíc" = "mo", "měsíce" = "mo", "měsíců" = "mo", "měsíci" = "mo",
    "rok" = "yr", "roky" = "yr", "let" = "yr", "roku" = "yr", "letech" = "yr",
    "procent" = "%", "procento" = "%", "procenta" = "%",
    "metr" = "m", "metry" = "m", "metrů" = "m", "metru" = "m",
    "kilometr" = "km", "kilometry" = "km", "kilometrů" = "km", "kilometru" = "km",
    "kilogram" = "kg", "kilogramy" = "kg", "kilogramů" = "kg", "kilo" = "kg",
    "kil" = "kg", "gram" = "g", "gramy" = "g", "gramů" = "g",
    "tuna" = "t", "tuny" = "t", "tun" = "t", "tunu" = "t",
    "litr" = "l", "litry" = "l", "litrů" = "l", "litru" = "l",
    "metr krychlový" = "m3", "metry krychlové" = "m3", "metrů krychlových" = "m3",
    "kubík" = "m3", "kubíky" = "m3", "kubíků" = "m3",
    "stupeň" = "deg", "stupně" = "deg", "stupňů" = "deg",
    "koruna" = "CZK", "koruny" = "CZK", "korun" = "CZK", "korunu" = "CZK",
    "euro" = "EUR", "eur" = "EUR", "dolar" = "USD", "dolary" = "USD", "dolarů" = "USD",
    "švýcarských franků" = "CHF", "švýcarské franky" = "CHF"
  }
  per = ["za", "na", "každý", "každou", "každé", "každých", "za každý"]
  every = ["každých", "každé", "každou"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["pravidlo", "pravidla", "omezení", "požadavky", "podmínky", "limity", "zásady"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["do"]
  without = ["bez"]
  periods = { "měsíčně" = "mo", "denně" = "d", "týdně" = "wk", "ročně" = "yr", "měsíční" = "mo", "denní" = "d", "roční" = "yr" }

  # A word naming a day before its number ("Štědrý den 24.", "dne 5.").
  day_words = ["den", "dne"]
  months = {
    "leden" = 1, "ledna" = 1, "lednu" = 1, "únor" = 2, "unor" = 2, "února" = 2,
    "unora" = 2, "únoru" = 2, "březen" = 3, "brezen" = 3, "března" = 3, "brezna" = 3,
    "březnu" = 3, "duben" = 4, "dubna" = 4, "dubnu" = 4, "květen" = 5, "kveten" = 5,
    "května" = 5, "kvetna" = 5, "květnu" = 5, "červen" = 6, "cerven" = 6, "června" = 6,
    "cervna" = 6, "červnu" = 6, "červenec" = 7, "cervenec" = 7, "července" = 7,
    "cervence" = 7, "červenci" = 7, "srpen" = 8, "srpna" = 8, "srpnu" = 8, "září" = 9,
    "zari" = 9, "říjen" = 10, "rijen" = 10, "října" = 10, "rijna" = 10, "říjnu" = 10,
    "listopad" = 11, "listopadu" = 11, "prosinec" = 12, "prosince" = 12,
    "prosinci" = 12,
    "led" = 1, "led." = 1, "úno" = 2, "úno." = 2, "bře" = 3, "bře." = 3, "dub" = 4,
    "dub." = 4, "kvě" = 5, "kvě." = 5, "čvn" = 6, "čvc" = 7, "srp" = 8, "srp." = 8,
    "zář" = 9, "zář." = 9, "říj" = 10, "říj." = 10, "lis" = 11, "lis." = 11,
    "pro." = 12
  }
  weekdays = {
    "pondělí" = 1, "pondeli" = 1, "úterý" = 2, "utery" = 2, "středa" = 3, "streda" = 3,
    "středu" = 3, "stredu" = 3, "středy" = 3, "středě" = 3, "čtvrtek" = 4,
    "ctvrtek" = 4, "čtvrtka" = 4, "čtvrtku" = 4, "pátek" = 5, "patek" = 5, "pátku" = 5,
    "patku" = 5, "sobota" = 6, "sobotu" = 6, "soboty" = 6, "sobotě" = 6, "neděle" = 7,
    "nedele" = 7, "neděli" = 7, "nedeli" = 7,
    "po." = 1, "út" = 2, "út." = 2, "st." = 3, "čt" = 4, "čt." = 4, "pá" = 5, "pá." = 5,
    "so" = 6, "so." = 6, "ne." = 7
  }
  clock = ["hod."]
  pm    = ["odpoledne", "večer"]
  am    = ["ráno", "dopoledne"]

  # Letters that mark the language, for a text with no function word.

  letters = "řěůčšžýťďň"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["no", "a", "i", "v", "ve", "na", "s", "se", "z", "ze", "k", "ke", "o", "u",
    "pro", "za", "při", "pod", "nad", "je", "jsou", "byl", "byla", "bylo", "být", "má",
    "mají", "to", "ten", "ta", "ty", "tento", "tato", "toto", "které", "který", "která",
    "co", "jak", "že", "jako", "tak", "ještě", "já", "on", "ona", "ono", "my", "vy",
    "oni", "mi", "mě", "mne", "ti", "tě", "mu", "ho", "jí", "nám", "vám", "jim", "nás",
    "vás", "jejich", "jeho", "její", "můj", "náš", "váš", "svůj", "si", "tady", "tam",
    "velmi", "moc", "protože", "aby", "prosím", "díky", "děkuji", "bude", "budou",
    "jsem", "jsme", "jste", "už", "také", "kde"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "ing.", "mgr.", "např.", "tj.", "cca.", "atd.", "max.", "vč.", "resp.", "apod."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["nebo", "ani"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["kdysi", "za starých časů", "dřív jsme", "dříve jsme", "dřív platilo", "dříve platilo"]
}
