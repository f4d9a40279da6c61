# Norwegian Bokmål. Schema and meaning of every list: see en.hcl.

language "nb" {
  name    = "Norsk bokmål"
  stemmer = "norwegian"

  negation = ["ikke", "aldri", "ingen", "ikke noe", "ingenting", "intet", "verken",
    "nei", "må ikke", "skal ikke", "kan ikke", "bør ikke", "får ikke", "forbudt",
    "forbud", "ikke tillatt", "unngå", "under ingen omstendigheter", "på ingen måte",
    "absolutt ikke", "slett ikke", "skrivebeskyttet", "låst", "sperret", "blokkert",
    "frosset", "frys", "ikke rør", "la være", "la være å", "hold fingrene unna",
    "nekte", "nekter", "utelukket"]
  only = ["bare", "kun", "utelukkende", "alene", "ikke annet enn", "intet annet enn",
    "begrenset til", "forbeholdt",
    "først når", "først etter", "først da"]
  upper = ["høyst", "maks", "maks.", "max", "maksimalt", "maksimum", "ikke mer enn",
    "ikke flere enn", "opp til", "ikke overstige", "må ikke overstige",
    "ikke overskride", "under", "mindre enn", "færre enn", "lavere enn", "tak", "grense",
    "innen", "innenfor", "eller mindre", "eller færre", "ikke over", "ikke høyere enn",
    "på det meste", "ikke lengre enn"]
  lower = ["minst", "min", "min.", "minimum", "minimalt", "i det minste",
    "ikke mindre enn", "ikke færre enn", "ikke under", "eller mer", "eller flere",
    "mer enn", "flere enn", "over", "høyere enn", "ikke lavere enn", "som minimum"]
  firm = ["høyst", "maks", "maks.", "max", "maksimalt", "maksimum", "på det meste", "minst", "minimum", "i det minste", "som minimum"]
  relative = ["som"]
  approx = ["omkring", "cirka", "ca.", "nesten", "~"]
  before = ["siste frist", "før", "innen", "senest", "til og med", "t.o.m.", "inntil", "frem til",
    "fram til", "ikke senere enn", "frist", "tidsfrist", "deadline", "forfaller"]
  after = ["etter", "ikke før", "tidligst", "ikke tidligere enn", "fra", "fra og med",
    "f.o.m.", "siden", "så snart", "med virkning fra", "etter at"]
  must = ["må", "skal", "nødt til", "er nødt til", "alltid", "påkrevd", "krevd", "krever",
    "kreves", "obligatorisk", "nødvendig", "trenger å", "sørg for", "sørg for at",
    "sikre", "sikre at", "forsikre deg om", "hver gang", "husk", "husk å", "ikke glem",
    "glem ikke", "plikt", "pliktig", "er pålagt"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["alltid", "hver gang", "hele tiden", "til enhver tid", "fra nå av", "heretter", "fremover", "framover", "i fremtiden", "som standard", "som regel", "konsekvent"]
  weaken = ["prøv", "prøv å", "prøv å ikke", "forsøk", "forsøk å", "helst", "helst ikke",
    "hvis mulig", "om mulig", "hvis det er mulig", "så langt det er mulig",
    "der det er mulig", "fortrinnsvis", "foretrekk", "foretrekker", "vurder", "vurdere",
    "valgfritt", "valgfri", "anbefalt", "anbefales", "hvis du kan", "hvis dere kan",
    "hadde vært fint", "gjerne", "ideelt sett", "ideelt"]
  exception = ["unntatt", "bortsett fra", "med unntak av", "med mindre", "men ikke",
    "annet enn", "utenom", "utenfor", "eksklusive"]
  condition = ["hvis", "om", "når", "når som helst", "mens", "i løpet av", "uten",
    "i tilfelle", "dersom", "så lenge", "forutsatt at", "ved", "på betingelse av"]
  lift = ["du må gjerne", "må gjerne", "du kan gjerne", "opphevet", "oppheves", "ikke lenger", "gjelder ikke lenger", "ikke mer",
    "nå kan du", "du kan nå", "kan nå", "nå får du", "du får nå", "værsågod",
    "vær så god", "sett i gang", "bare kjør", "kjør på", "tillatt igjen",
    "igjen tillatt", "ok å", "greit å", "avlyst", "kansellert", "annullert",
    "trukket tilbake", "glem det", "se bort fra", "ignorer det", "fjernet", "er over",
    "er slutt", "droppet"]
  replace = ["i stedet", "i stedet for", "istedenfor", "istedet", "erstattet", "erstatt",
    "erstatter", "byttet ut", "endret til", "flyttet til", "bytt til", "byttet til",
    "nå", "heretter", "fremover", "ny", "nytt", "nye", "heller enn", "fremfor",
    "framfor", "rettelse", "korrigering"]
  failed = ["feilet", "feiler", "feil", "mislyktes", "mislykket", "virket ikke",
    "virker ikke", "fungerte ikke", "fungerer ikke", "gikk ikke", "ødelagt",
    "i stykker", "krasjet", "krasjer", "krasj", "tidsavbrudd", "timeout", "avvist",
    "avslått", "rullet tilbake", "tilbakestilt", "uten hell", "hjalp ikke",
    "lyktes ikke", "forgjeves", "uten suksess"]
  consequence = ["ellers", "i motsatt fall"]
  reason = ["fordi", "ettersom"]
  minus = ["minus"]
  summary = ["oppsummering", "sammendrag", "oppsummer"]
  report = ["til orientering", "til informasjon", "spurte", "spør", "spurt", "ventet", "tok", "klaget", "sa", "sagt",
    "nevnte", "nevnt", "forrige gang", "sist gang", "siste gang", "i fjor", "i går", "i natt", "forrige uke",
    "bare så du vet det", "bare så du vet", "til din informasjon", "jeg ventet", "i telefonkø",
    "i telefonkøen", "jeg ble ringt opp", "ble ringt opp", "ble vekket", "i går kveld", "forrige måned",
    "i flere uker", "i ukevis", "i dagevis"]
  ask = ["spør om", "spurte om", "lurer på om", "lurte på om", "vil vite om", "klager over", "klaget over", "si at", "ikke si at", "fortell meg at",
    "ikke fortell meg at",
    "jeg skulle ønske", "skulle ønske", "forhåpentligvis", "jeg drømmer om", "det hadde vært fint om",
    "det hadde vært fint hvis", "det hadde vært kjekt om", "det hadde vært deilig om",
    "det ville vært fint om", "det ville vært fint hvis", "la oss håpe", "krysser fingrene"]
  neutral = ["er ikke bestemt", "ikke bestemt ennå", "har ikke bestemt", "ingenting er bestemt", "er ikke noe bestemt", "ikke besluttet", "ingen beslutning er tatt", "ingen beslutning tatt", "ikke avgjort", "ingenting er avgjort", "ikke spikret", "ikke avklart", "vet ikke", "aner ikke", "ikke noe problem", "ikke ennå", "ikke tenk på det", "ingen stress", "ingen lyst"]

  coordinators = ["og", "men", "også", "pluss", "så", "deretter", "etterpå", "eller",
    "samt"]

  numbers = {
    # One and a half, written as one word.
    "halvannen" = 1.5, "halvannet" = 1.5,
    "null" = 0, "en" = 1, "ett" = 1, "én" = 1, "to" = 2, "tre" = 3, "fire" = 4,
    "fem" = 5, "seks" = 6, "sju" = 7, "syv" = 7, "åtte" = 8, "ni" = 9, "ti" = 10,
    "elleve" = 11, "tolv" = 12, "tretten" = 13, "fjorten" = 14, "femten" = 15,
    "seksten" = 16, "sytten" = 17, "atten" = 18, "nitten" = 19, "tjue" = 20, "tyve" = 20,
    "tjuefire" = 24, "tretti" = 30, "førti" = 40, "femti" = 50, "seksti" = 60,
    "sytti" = 70, "åtti" = 80, "nitti" = 90, "halv" = 0.5, "halvt" = 0.5,
    "halvparten" = 0.5, "dusin" = 12, "begge" = 2, "dobbel" = 2, "dobbelt" = 2,
    "trippel" = 3
  }
  scales = {
    "hundre" = 100, "tusen" = 1000, "k" = 1000, "million" = 1000000,
    "millioner" = 1000000, "mill" = 1000000, "mill." = 1000000, "mrd" = 1000000000,
    "mrd." = 1000000000, "milliard" = 1000000000, "milliarder" = 1000000000,
    "billion" = 1000000000000, "billioner" = 1000000000000
  }

  units = {
    "millisekund" = "ms", "millisekunder" = "ms",
    "sekund" = "s", "sekunder" = "s", "sek" = "s", "minutt" = "min",
    "minutter" = "min", "time" = "h", "timer" = "h", "døgn" = "d", "dag" = "d",
    # The genitive a duration takes before a noun: "72 timers drift".
    "sekunders" = "s", "minutters" = "min", "timers" = "h", "dagers" = "d", "døgns" = "d",
    "ukers" = "wk", "måneders" = "mo", "års" = "yr",
    "dager" = "d", "uke" = "wk", "uker" = "wk", "måned" = "mo", "måneder" = "mo",
    "mnd" = "mo", "mnd." = "mo", "år" = "yr", "prosent" = "%", "meter" = "m",
    "kilometer" = "km", "kilo" = "kg", "kilogram" = "kg", "gram" = "g", "tonn" = "t",
    "liter" = "l", "kubikkmeter" = "m3", "grad" = "deg", "grader" = "deg",
    "krone" = "NOK", "kroner" = "NOK", "norske kroner" = "NOK", "svenske kroner" = "SEK",
    "danske kroner" = "DKK", "euro" = "EUR", "dollar" = "USD", "pund" = "GBP",
    "britiske pund" = "GBP", "sveitsiske franc" = "CHF"
  }
  per = ["per", "pr.", "pr", "i", "om", "hver", "hvert"]
  every = ["hver", "hvert"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["instruks", "instruksen", "instrukser", "reglement", "forskrift", "forskrifter", "bestemmelser", "regel", "regler", "begrensninger", "krav", "vilkår", "grenser", "retningslinjer"]
  topic = ["angående", "vedrørende", "vedr", "når det gjelder"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["til"]
  without = ["uten"]
  periods = { "månedlig" = "mo", "månedlige" = "mo", "daglig" = "d", "daglige" = "d", "ukentlig" = "wk", "årlig" = "yr", "årlige" = "yr" }

  months = {
    "januar" = 1, "februar" = 2, "mars" = 3, "april" = 4, "mai" = 5, "juni" = 6,
    "juli" = 7, "august" = 8, "september" = 9, "oktober" = 10, "november" = 11,
    "desember" = 12,
    "jan" = 1, "jan." = 1, "feb" = 2, "feb." = 2, "mar" = 3, "apr" = 4, "apr." = 4,
    "jun" = 6, "jul" = 7, "aug" = 8, "aug." = 8, "sep" = 9, "sep." = 9, "sept" = 9,
    "okt" = 10, "okt." = 10, "nov" = 11, "nov." = 11, "des" = 12, "des." = 12
  }
  weekdays = {
    "mandager" = 1, "tirsdager" = 2, "onsdager" = 3, "torsdager" = 4, "fredager" = 5, "lørdager" = 6, "søndager" = 7,
    "mandag" = 1, "tirsdag" = 2, "onsdag" = 3, "torsdag" = 4, "fredag" = 5,
    "lørdag" = 6, "søndag" = 7, "mandagen" = 1, "tirsdagen" = 2, "onsdagen" = 3,
    "torsdagen" = 4, "fredagen" = 5, "lørdagen" = 6, "søndagen" = 7,
    "tir" = 2, "tirs" = 2, "ons" = 3, "tor" = 4, "tors" = 4, "fre" = 5, "lør" = 6, "søn" = 7
  }
  clock = ["kl", "kl.", "klokka", "klokken"]
  pm    = ["om ettermiddagen", "om kvelden", "på ettermiddagen", "på kvelden"]
  am    = ["om morgenen", "om formiddagen", "på morgenen", "på formiddagen"]

  # Letters that mark the language, for a text with no function word.

  letters = "æøå"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["og", "i", "jeg", "det", "at", "en", "et", "den", "til", "er", "som", "på",
    "de", "med", "han", "av", "for", "der", "var", "meg", "seg", "har", "om", "vi", "min",
    "mitt", "hadde", "ham", "hun", "da", "du", "ut", "sin", "dem", "oss", "opp", "man",
    "kan", "hans", "hvor", "hva", "selv", "her", "alle", "vil", "ble", "blir", "kunne",
    "inn", "være", "vært", "noe", "ville", "deres", "ned", "skulle", "denne", "dette",
    "enn", "også", "hennes", "mine", "dere", "deg", "din", "ditt", "hos", "mot", "takk",
    "vennligst", "veldig", "noen", "hvordan", "hvorfor", "fordi", "eller", "men", "bli"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "f.eks.", "bl.a.", "ca.", "nr.", "kl.", "maks.", "inkl.", "ekskl.", "hhv."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["eller", "verken"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["før i tiden", "i gamle dager", "den gang", "tidligere hadde vi", "før i verden"]
}
