# Danish. Schema and meaning of every list: see en.hcl.

language "da" {
  name    = "Dansk"
  stemmer = "danish"

  negation = ["ikke", "aldrig", "ingen", "intet", "ingenting", "ingen steder", "hverken",
    "nej", "må ikke", "skal ikke", "kan ikke", "bør ikke", "forbudt", "forbud",
    "ikke tilladt", "ikke tilladte", "undgå", "under ingen omstændigheder",
    "på ingen måde", "absolut ikke", "slet ikke", "skrivebeskyttet", "låst", "spærret",
    "blokeret", "frosset", "frys", "rør ikke", "lad være", "lad være med",
    "hold fingrene fra", "nægt", "nægter", "udelukket"]
  only = ["kun", "alene", "udelukkende", "blot", "bare", "kun og alene", "intet andet end",
    "ikke andet end", "begrænset til", "forbeholdt",
    "først når", "først efter", "først da"]
  upper = ["højst", "maks", "maks.", "max", "maksimalt", "maksimum", "ikke mere end",
    "ikke flere end", "op til", "ikke overstige", "må ikke overstige", "under",
    "mindre end", "færre end", "lavere end", "loft", "grænse", "inden for", "indenfor",
    "eller mindre", "eller færre", "ikke over", "ikke højere end", "som højst",
    "i højden", "ikke længere end"]
  lower = ["mindst", "min", "min.", "minimum", "minimalt", "i det mindste",
    "ikke mindre end", "ikke færre end", "ikke under", "eller mere", "eller flere",
    "mere end", "flere end", "over", "højere end", "ikke lavere end", "som minimum",
    "som mindst"]
  firm = ["højst", "maks", "maks.", "max", "maksimalt", "maksimum", "som højst", "mindst", "minimum", "i det mindste", "som minimum", "som mindst"]
  relative = ["der", "som"]
  approx = ["omkring", "cirka", "ca.", "næsten", "rundt regnet", "~"]
  before = ["før", "inden", "senest", "til og med", "indtil", "frem til",
    "ikke senere end", "deadline", "frist", "tidsfrist", "forfalder", "sidste frist"]
  after = ["efter", "ikke før", "tidligst", "ikke tidligere end", "fra", "fra og med",
    "siden", "så snart", "når først", "med virkning fra"]
  must = ["skal", "nødt til", "er nødt til", "altid", "påkrævet", "krævet", "kræver",
    "obligatorisk", "nødvendigt", "nødvendig", "behøver", "sørg for", "sørg for at",
    "sikr", "sikre", "sikre at", "hver gang", "husk", "husk at", "glem ikke", "pligt",
    "pligtig", "er forpligtet til"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["altid", "hver gang", "hele tiden", "til enhver tid", "fra nu af", "fremover", "fremadrettet", "i fremtiden", "som standard", "som regel", "konsekvent"]
  weaken = ["prøv", "prøv at", "prøv at lade være", "forsøg", "forsøg at", "helst",
    "helst ikke", "hvis muligt", "om muligt", "hvis det er muligt", "så vidt muligt",
    "hvor det er muligt", "fortrinsvis", "foretræk", "foretrækker", "overvej",
    "overveje", "valgfrit", "valgfri", "anbefalet", "anbefales", "hvis du kan",
    "hvis i kan", "ville være rart", "gerne", "ideelt set", "ideelt"]
  exception = ["undtagen", "bortset fra", "med undtagelse af", "medmindre", "men ikke",
    "andet end", "eksklusive", "uden for", "undtaget"]
  condition = ["hvis", "når", "når som helst", "mens", "imens", "i løbet af", "uden",
    "i tilfælde af", "såfremt", "så længe", "forudsat at", "ved", "dersom",
    "på betingelse af"]
  lift = ["du må gerne", "må gerne", "ophævet", "ophæves", "ikke længere", "gælder ikke længere", "ikke mere",
    "nu må du", "du må nu", "må nu", "kan nu", "du kan nu", "værsgo", "kør bare",
    "gå bare i gang", "tilladt igen", "igen tilladt", "ok at", "okay at", "fint at",
    "aflyst", "annulleret", "tilbagekaldt", "glem det", "se bort fra", "ignorer det",
    "ignorér det", "pyt", "fjernet", "er slut", "er ovre", "droppet"]
  replace = ["i stedet", "i stedet for", "erstattet", "erstat", "erstatter", "udskiftet",
    "ændret til", "flyttet til", "skift til", "skiftet til", "nu", "fremover",
    "fremadrettet", "ny", "nyt", "nye", "hellere end", "frem for", "fremfor", "rettelse", "korrektion"]
  failed = ["fejlede", "fejlet", "fejler", "fejl", "mislykkedes", "mislykket",
    "virkede ikke", "virker ikke", "fungerede ikke", "fungerer ikke", "gik ikke",
    "i stykker", "ødelagt", "crashede", "crashet", "styrtede ned", "timeout",
    "tidsudløb", "afvist", "afvises", "rullet tilbage", "tilbagerullet", "uden held",
    "hjalp ikke", "lykkedes ikke", "forgæves", "uden succes"]
  report = ["til orientering", "til din orientering", "spurgte", "spørger", "spurgt", "ventede", "ventet", "tog", "klagede",
    "klaget", "sagde", "sagt", "nævnte", "nævnt", "sidste gang", "forrige gang", "sidste år", "i går", "i nat", "sidste uge",
    "bare så du ved det", "bare så du ved", "til din information", "jeg ventede", "i telefonkø",
    "i telefonkøen", "jeg blev ringet op", "blev ringet op", "blev vækket", "i går aftes", "sidste måned",
    "i flere uger", "i ugevis", "i dagevis"]
  ask = ["spørger om", "spurgte om", "vil vide om", "ville vide om", "klager over", "klagede over", "sig at", "sig ikke at", "fortæl mig at",
    "fortæl mig venligst at", "fortæl mig nu at",
    "fortæl mig ikke at", "jeg ville ønske", "gid vi", "gid ingen", "gid nogen", "gid de", "gid det",
    "gid jeg", "gid at", "forhåbentlig", "forhåbentligt", "jeg drømmer om", "det ville være rart hvis",
    "det ville være rart, hvis", "det ville være dejligt hvis", "det ville være dejligt, hvis",
    "det ville være fedt hvis", "det ville være fedt, hvis", "det havde været rart hvis",
    "det havde været rart, hvis", "lad os håbe", "krydser fingre"]
  concession = ["selv om", "selvom"]
  consequence = ["ellers", "i modsat fald"]
  reason = ["fordi", "eftersom"]
  minus = ["minus"]
  summary = ["opsummering", "resumé", "opsummer", "sammenfatning"]
  neutral = ["ikke besluttet", "ikke besluttet noget", "intet er besluttet", "ingenting er besluttet", "ingen beslutning endnu", "ikke afgjort", "intet er afgjort", "ved ikke", "ingen anelse", "intet problem", "ikke endnu", "bare rolig", "ingen stress", "ingen lyst"]

  coordinators = ["og", "men", "også", "plus", "så", "derefter", "bagefter", "eller",
    "samt"]

  numbers = {
    # One and a half, written as one word.
    "halvanden" = 1.5, "halvandet" = 1.5, "halvtredje" = 2.5,
    "nul" = 0, "en" = 1, "et" = 1, "én" = 1, "ét" = 1, "to" = 2, "tre" = 3, "fire" = 4,
    "fem" = 5, "seks" = 6, "syv" = 7, "otte" = 8, "ni" = 9, "ti" = 10, "elleve" = 11,
    "tolv" = 12, "tretten" = 13, "fjorten" = 14, "femten" = 15, "seksten" = 16,
    "sytten" = 17, "atten" = 18, "nitten" = 19, "tyve" = 20, "fireogtyve" = 24,
    "tredive" = 30, "fyrre" = 40, "fyrretyve" = 40, "halvtreds" = 50,
    "halvtredsindstyve" = 50, "tres" = 60, "tresindstyve" = 60, "halvfjerds" = 70,
    "halvfjerdsindstyve" = 70, "firs" = 80, "firsindstyve" = 80, "halvfems" = 90,
    "halvfemsindstyve" = 90, "halv" = 0.5, "halvt" = 0.5, "halvdelen" = 0.5,
    "dusin" = 12, "begge" = 2, "dobbelt" = 2, "tredobbelt" = 3
  }
  scales = {
    "hundrede" = 100, "hundred" = 100, "tusind" = 1000, "tusinde" = 1000, "k" = 1000,
    "million" = 1000000, "millioner" = 1000000, "mio" = 1000000, "mio." = 1000000,
    "milliard" = 1000000000, "milliarder" = 1000000000, "mia" = 1000000000,
    "mia." = 1000000000, "mrd" = 1000000000, "mrd." = 1000000000,
    "billion" = 1000000000000, "billioner" = 1000000000000
  }

  units = {
    "millisekund" = "ms", "millisekunder" = "ms",
    "sekund" = "s", "sekunder" = "s", "sek" = "s", "sek." = "s", "minut" = "min",
    "minutter" = "min", "min." = "min", "time" = "h", "timer" = "h",
    # The genitive a duration takes before a noun: "72 timers fejlfri drift".
    "sekunders" = "s", "minutters" = "min", "timers" = "h", "dages" = "d", "døgns" = "d",
    "ugers" = "wk", "måneders" = "mo", "års" = "yr",
    "dag" = "d", "dage" = "d", "døgn" = "d", "uge" = "wk", "uger" = "wk",
    "måned" = "mo", "måneder" = "mo", "md." = "mo", "mdr." = "mo", "mdr" = "mo",
    "år" = "yr", "procent" = "%", "pct" = "%", "pct." = "%", "meter" = "m",
    "kilometer" = "km", "kilo" = "kg", "kilogram" = "kg", "gram" = "g", "ton" = "t",
    "liter" = "l", "kubikmeter" = "m3", "grad" = "deg", "grader" = "deg",
    "krone" = "DKK", "kroner" = "DKK", "danske kroner" = "DKK", "kr." = "DKK",
    "svenske kroner" = "SEK", "norske kroner" = "NOK", "euro" = "EUR", "dollar" = "USD",
    "pund" = "GBP", "britiske pund" = "GBP", "schweizerfranc" = "CHF"
  }
  per = ["per", "pr.", "pr", "om", "hver", "hvert", "i"]
  every = ["hver", "hvert"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["instruks", "instruksen", "reglement", "forskrift", "forskrifter", "bestemmelser", "regel", "regler", "begrænsninger", "krav", "betingelser", "grænser", "retningslinjer"]
  topic = ["angående", "vedrørende", "vedr"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["til"]
  without = ["uden"]
  periods = { "månedlig" = "mo", "månedligt" = "mo", "daglig" = "d", "dagligt" = "d", "ugentlig" = "wk", "årlig" = "yr", "årligt" = "yr" }

  months = {
    "januar" = 1, "februar" = 2, "marts" = 3, "april" = 4, "maj" = 5, "juni" = 6,
    "juli" = 7, "august" = 8, "september" = 9, "oktober" = 10, "november" = 11,
    "december" = 12,
    "jan" = 1, "jan." = 1, "feb" = 2, "feb." = 2, "mar" = 3, "mar." = 3, "apr" = 4,
    "apr." = 4, "jun" = 6, "jul" = 7, "aug" = 8, "aug." = 8, "sep" = 9, "sep." = 9,
    "sept" = 9, "okt" = 10, "okt." = 10, "nov" = 11, "nov." = 11, "dec" = 12, "dec." = 12
  }
  weekdays = {
    "mandage" = 1, "tirsdage" = 2, "onsdage" = 3, "torsdage" = 4, "fredage" = 5, "lørdage" = 6, "søndage" = 7,
    "mandag" = 1, "tirsdag" = 2, "onsdag" = 3, "torsdag" = 4, "fredag" = 5,
    "lørdag" = 6, "søndag" = 7, "mandagen" = 1, "tirsdagen" = 2, "onsdagen" = 3,
    "torsdagen" = 4, "fredagen" = 5, "lørdagen" = 6, "søndagen" = 7,
    "tir" = 2, "tirs" = 2, "ons" = 3, "tor" = 4, "tors" = 4, "fre" = 5, "lør" = 6, "søn" = 7
  }
  clock_words = { midnat = 0 }
  clock = ["kl", "kl.", "klokken"]
  pm    = ["om eftermiddagen", "om aftenen"]
  am    = ["om morgenen", "om formiddagen"]

  # Letters that mark the language, for a text with no function word.

  letters = "æøå"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["og", "i", "at", "det", "en", "et", "den", "til", "er", "som", "på", "de",
    "med", "han", "af", "for", "der", "var", "mig", "sig", "har", "om", "vi", "min",
    "havde", "ham", "hun", "da", "du", "ud", "sin", "dem", "os", "op", "man", "hans",
    "hvor", "hvad", "selv", "her", "alle", "vil", "blev", "kunne", "ind", "være", "dog",
    "noget", "ville", "jo", "deres", "ned", "skulle", "denne", "end", "dette", "mit",
    "også", "hendes", "mine", "jeg", "jer", "dig", "din", "dit", "tak", "venligst",
    "meget", "bliver", "været", "nogle", "hvordan", "hvorfor", "fordi", "eller", "men"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "f.eks.", "bl.a.", "ca.", "nr.", "kl.", "max.", "inkl.", "ekskl.", "hhv."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["eller", "hverken"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["før i tiden", "i gamle dage", "dengang", "tidligere havde vi"]
}
