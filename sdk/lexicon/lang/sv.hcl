# Swedish. Schema and meaning of every list: see en.hcl.

language "sv" {
  name    = "Svenska"
  stemmer = "swedish"

  negation = ["inte", "icke", "ej", "aldrig", "ingen", "inget", "inga", "ingenting",
    "ingenstans", "varken", "nej", "får inte", "får ej", "ska inte", "skall inte",
    "bör inte", "kan inte", "förbjudet", "förbjuden", "förbjudna", "förbud",
    "inte tillåtet", "ej tillåtet", "inte tillåten", "otillåtet", "undvik", "undvika",
    "under inga omständigheter", "absolut inte", "i inget fall", "aldrig någonsin",
    "skrivskyddad", "skrivskyddat", "låst", "låsta", "spärrad", "spärrat", "blockerad",
    "blockerat", "fryst", "frysta", "frys", "rör inte", "låt bli", "låt vara",
    "håll dig borta", "vägra", "vägrar", "utesluten", "utesluts", "uteslutet"]
  only = ["bara", "endast", "enbart", "uteslutande", "enkom", "inget annat än",
    "ingenting annat än", "begränsat till", "begränsad till", "begränsade till",
    "förbehållet", "först när", "först efter", "först då"]
  upper = ["högst", "max", "maximalt", "maximum", "som mest", "inte mer än",
    "inte fler än", "upp till", "inte överstiga", "får inte överstiga", "ej överstiga",
    "under", "mindre än", "färre än", "lägre än", "tak", "taket", "gräns", "gränsen",
    "inom", "eller mindre", "eller färre", "inte över", "inte högre än", "inte längre än"]
  lower = ["minst", "min", "minimum", "minimalt", "som minst", "åtminstone",
    "inte mindre än", "inte färre än", "inte under", "får inte understiga",
    "eller mer", "eller fler", "mer än", "fler än", "över", "högre än",
    "inte lägre än"]
  firm = ["högst", "max", "maximalt", "maximum", "som mest", "minst", "minimum", "som minst", "åtminstone"]
  relative = ["som"]
  approx = ["ungefär", "cirka", "ca", "ca.", "nästan", "~"]
  before = ["före", "förrän", "innan", "senast", "tills", "fram till", "till och med", "t.o.m.",
    "inte senare än", "deadline", "sista dag", "sista datum", "förfaller", "senast den",
    "före den", "tidigare än"]
  after = ["efter", "inte före", "tidigast", "inte tidigare än", "från", "från och med",
    "fr.o.m.", "sedan", "så snart", "med start", "efter att", "när väl", "senare än"]
  must = ["måste", "ska", "skall", "alltid", "krävs", "kräver", "obligatoriskt",
    "obligatorisk", "nödvändigt", "behöver", "behövs", "se till", "se till att",
    "säkerställ", "säkerställa", "varje gång", "tvingande", "glöm inte",
    "är skyldig att", "är skyldiga att", "kom ihåg att", "oförändrad", "oförändrat", "orörd", "orört"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["alltid", "varje gång", "hela tiden", "jämt", "ständigt", "framöver", "hädanefter", "från och med nu", "i fortsättningen", "som standard", "som regel", "konsekvent"]
  weaken = ["försök", "försök att", "försök inte", "försöka", "helst", "helst inte",
    "om möjligt", "om det går", "i mån av möjlighet", "så långt det går",
    "företrädesvis", "föredra", "föredrar", "överväg", "överväga", "valfritt",
    "frivilligt", "rekommenderas", "rekommenderat", "om du kan", "om ni kan",
    "vore bra", "vore trevligt", "gärna", "idealt", "i bästa fall"]
  exception = ["utom", "förutom", "undantaget", "med undantag av", "med undantag för",
    "såvida inte", "om inte", "annat än", "bortsett från", "frånsett", "men inte",
    "exklusive", "utanför"]
  condition = ["om", "när", "närhelst", "medan", "utan", "ifall", "i fall",
    "i händelse av", "så länge", "så länge som", "förutsatt att", "vid", "under tiden",
    "varje gång som"]
  lift = ["du får gärna", "får gärna", "hävd", "hävt", "upphävd", "upphävt", "upphävs", "inte längre",
    "gäller inte längre", "gäller inte", "nu får du", "får nu", "ni får nu", "du kan nu",
    "kör på", "varsågod", "sätt igång", "åter tillåtet", "tillåtet igen", "ok att",
    "okej att", "går bra att", "inställd", "inställt", "struken", "struket",
    "återkallad", "återkallat", "glöm det", "strunta i det", "ignorera det",
    "bortse från", "borttagen", "borttaget", "slopad", "slopat", "är över"]
  replace = ["istället", "i stället", "istället för", "i stället för", "ersatt", "ersätt",
    "ersätter", "ersätts", "ändrat till", "ändrad till", "flyttat till", "flyttad till",
    "byt till", "bytt till", "nu", "numera", "hädanefter", "från och med nu", "ny", "nytt",
    "nya", "hellre än", "snarare än", "rättelse", "korrigering"]
  failed = ["misslyckades", "misslyckat", "misslyckad", "misslyckas", "fel", "felet",
    "fungerade inte", "fungerar inte", "funkade inte", "funkar inte", "gick inte",
    "trasig", "trasigt", "sönder", "kraschade", "kraschat", "krasch", "tidsgräns",
    "timeout", "timade ut", "avvisad", "avvisades", "avslogs", "nekad", "nekades",
    "återställd", "återställdes", "rullades tillbaka", "utan framgång", "hjälpte inte",
    "lyckades inte", "utan resultat"]
  report = ["tydligen", "påstås", "rykte", "ryktet", "rykten", "hörde", "har hört", "någon sa", "påstår", "svär på",
    "för kännedom", "för din kännedom", "frågade", "frågar", "undrade", "väntade", "väntat", "tog", "klagade",
    "klagat", "sa", "sade", "sagt", "nämnde", "nämnt", "förra gången", "senaste gången", "förra året", "i fjol", "i natt", "i går", "igår", "förra veckan",
    "bara så du vet", "bara så att du vet", "för din information", "för info", "jag väntade", "i telefonkö",
    "i telefonkön", "satt i telefonkö", "blev uppringd", "jag blev uppringd", "blev väckt", "igår kväll",
    "i går kväll", "förra månaden", "i flera veckor nu", "i veckor nu"]
  ask = ["frågar om", "frågade om", "undrar om", "undrade om", "vill veta om", "klagar på", "klagade på", "klagar över", "klagade över", "säg att", "säg inte att", "berätta att", "jag undrar om",
    "berätta för mig att",
    "jag önskar att vi", "jag önskar att det", "jag skulle önska att", "önskar att vi", "förhoppningsvis",
    "vi får hoppas", "jag drömmer om", "drömmer om att", "det vore skönt om", "det vore fint om",
    "det vore kul om", "vore skönt om", "det hade varit skönt om", "hade varit skönt om", "tänk om",
    "håller tummarna"]
  concession = ["även om", "till och med om"]
  consequence = ["annars", "i annat fall", "så att vi inte", "så att ingen", "för att inte", "för att undvika"]
  reason = ["eftersom"]
  minus = ["minus"]
  summary = ["sammanfattning", "sammanfatta", "sammanfattningen"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["ignorera", "ignorera det", "strunta i det", "deras problem", "kan du kolla", "bara ett rykte"]
  neutral = ["är inte bestämt", "inte bestämt än", "inte bestämt ännu", "har inte bestämt", "är inget bestämt", "inget är bestämt", "ingenting är bestämt", "inte beslutat", "inget beslut har fattats", "inte avgjort", "inget är avgjort", "inte spikat", "vet inte", "ingen aning", "inga problem", "inte än", "inte säker", "oroa dig inte", "ingen fara", "ingen stress", "ingen lust"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["inga undantag", "utan undantag"]

  coordinators = ["och", "men", "också", "även", "plus", "sen", "därefter",
    "eller", "samt"]

  numbers = {
    # One and a half, written as one word.
    "halvannan" = 1.5, "halvtannat" = 1.5,
    "noll" = 0, "en" = 1, "ett" = 1, "två" = 2, "tre" = 3, "fyra" = 4, "fem" = 5,
    "sex" = 6, "sju" = 7, "åtta" = 8, "nio" = 9, "tio" = 10, "elva" = 11, "tolv" = 12,
    "tretton" = 13, "fjorton" = 14, "femton" = 15, "sexton" = 16, "sjutton" = 17,
    "arton" = 18, "aderton" = 18, "nitton" = 19, "tjugo" = 20, "tjugofyra" = 24,
    "trettio" = 30, "fyrtio" = 40, "femtio" = 50, "sextio" = 60, "sjuttio" = 70,
    "åttio" = 80, "nittio" = 90, "halv" = 0.5, "halva" = 0.5, "halvt" = 0.5,
    "hälften" = 0.5, "dussin" = 12, "båda" = 2, "bägge" = 2, "dubbel" = 2, "dubbla" = 2,
    "dubbelt" = 2, "trippel" = 3
  }
  scales = {
    "hundra" = 100, "tusen" = 1000, "k" = 1000, "miljon" = 1000000,
    "miljoner" = 1000000, "milj" = 1000000, "milj." = 1000000, "mn" = 1000000,
    "miljard" = 1000000000, "miljarder" = 1000000000, "md" = 1000000000,
    "mdr" = 1000000000, "mdr." = 1000000000, "biljon" = 1000000000000,
    "biljoner" = 1000000000000
  }

  units = {
    "millisekund" = "ms", "millisekunder" = "ms",
    "sekund" = "s", "sekunder" = "s", "sek" = "s", "minut" = "min", "minuter" = "min",
    "timme" = "h", "timmar" = "h", "timmen" = "h", "dag" = "d", "dagar" = "d",
    # The genitive a duration takes before a noun: "72 timmars drift".
    "sekunders" = "s", "minuters" = "min", "timmars" = "h", "dagars" = "d", "dygns" = "d",
    "veckors" = "wk", "månaders" = "mo", "års" = "yr",
    "dygn" = "d", "vecka" = "wk", "veckor" = "wk", "månad" = "mo", "månader" = "mo",
    "år" = "yr", "procent" = "%", "meter" = "m", "kilometer" = "km", "kilo" = "kg",
    "kilogram" = "kg", "gram" = "g", "ton" = "t", "liter" = "l", "kubikmeter" = "m3",
    "grad" = "deg", "grader" = "deg", "krona" = "SEK", "kronor" = "SEK",
    "svenska kronor" = "SEK", "norska kronor" = "NOK", "danska kronor" = "DKK",
    "euro" = "EUR", "dollar" = "USD", "pund" = "GBP", "brittiska pund" = "GBP",
    "schweizerfranc" = "CHF", "schweiziska franc" = "CHF"
  }
  per = ["per", "varje", "i", "om", "à"]
  every = ["varje"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["reglemente", "föreskrift", "föreskrifter", "bestämmelser", "instruktion", "instruktioner", "regel", "regler", "begränsningar", "krav", "villkor", "gränser", "riktlinjer"]
  topic = ["angående", "beträffande", "gällande"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["till"]
  without = ["utan"]
  periods = { "månatlig" = "mo", "månadsvis" = "mo", "daglig" = "d", "dagligen" = "d", "veckovis" = "wk", "årlig" = "yr", "årligen" = "yr" }

  months = {
    "januari" = 1, "februari" = 2, "mars" = 3, "april" = 4, "maj" = 5, "juni" = 6,
    "juli" = 7, "augusti" = 8, "september" = 9, "oktober" = 10, "november" = 11,
    "december" = 12,
    "jan" = 1, "jan." = 1, "feb" = 2, "feb." = 2, "mar" = 3, "apr" = 4, "apr." = 4,
    "jun" = 6, "jul" = 7, "aug" = 8, "aug." = 8, "sep" = 9, "sep." = 9, "sept" = 9,
    "okt" = 10, "okt." = 10, "nov" = 11, "nov." = 11, "dec" = 12, "dec." = 12
  }
  weekdays = {
    "måndag" = 1, "tisdag" = 2, "onsdag" = 3, "torsdag" = 4, "fredag" = 5, "lördag" = 6,
    "söndag" = 7, "måndagen" = 1, "tisdagen" = 2, "onsdagen" = 3, "torsdagen" = 4,
    "fredagen" = 5, "lördagen" = 6, "söndagen" = 7, "måndagar" = 1, "tisdagar" = 2,
    "onsdagar" = 3, "torsdagar" = 4, "fredagar" = 5, "lördagar" = 6, "söndagar" = 7,
    "måndags" = 1, "tisdags" = 2, "onsdags" = 3, "torsdags" = 4, "fredags" = 5,
    "lördags" = 6, "söndags" = 7,
    "mån" = 1, "tis" = 2, "ons" = 3, "tors" = 4, "tor" = 4, "fre" = 5, "lör" = 6, "sön" = 7
  }
  clock_words = { midnatt = 0 }
  clock = ["kl", "kl.", "klockan"]
  pm    = ["på kvällen", "på eftermiddagen", "e.m.", "em"]
  am    = ["på morgonen", "på förmiddagen", "f.m.", "fm"]

  # Letters that mark the language, for a text with no function word.

  letters = "åäö"

  stopwords = ["och", "i", "att", "det", "som", "en", "ett", "på", "är", "av", "för",
    "med", "till", "den", "har", "de", "han", "hon", "vi", "ni", "jag", "du", "man",
    "var", "sig", "så", "kan", "skulle", "vara", "varit", "blir", "blev", "detta",
    "denna", "dessa", "där", "här", "vad", "vem", "hur", "min", "mitt", "mina", "din",
    "ditt", "dina", "vår", "våra", "vårt", "er", "ert", "deras", "hans", "hennes",
    "dess", "oss", "mig", "dig", "honom", "henne", "dem", "också", "upp", "ut", "mycket",
    "alla", "allt", "tack", "snälla", "hade", "kunde", "mot", "vid", "om", "men",
    "eller", "någon", "något", "några", "redan", "även", "sina", "sitt", "sin"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "t.ex.", "bl.a.", "ca.", "nr.", "kl.", "max.", "inkl.", "exkl.", "resp."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["eller", "varken"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["förr", "förr i tiden", "på den tiden", "förr i världen", "när jag var ung", "för länge sedan", "tidigare hade vi"]
}
