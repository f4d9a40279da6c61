# Dutch. Schema and meaning of every list: see en.hcl.

language "nl" {
  name    = "Nederlands"
  stemmer = "dutch"
  verb_final = true

  negation = ["laat … met rust", "blijf van … af", "niet", "nooit", "geen", "niets", "niks", "niemand", "nergens", "noch",
    "nee", "mag niet", "mogen niet", "mag je niet", "moet niet", "moeten niet",
    "kan niet", "kunnen niet", "zal niet", "niet toegestaan", "niet toegelaten",
    "niet doen", "verboden", "verbod", "op geen enkele manier", "in geen geval",
    "onder geen beding", "absoluut niet", "zeker niet", "vermijd", "vermijden",
    "niet aankomen", "niet aanraken", "afblijven", "blijf af", "handen af",
    "alleen-lezen", "alleen lezen", "read-only", "geblokkeerd", "bevroren", "bevriezen",
    "weigeren", "weiger", "uitgesloten"]
  only = ["alleen", "enkel", "slechts", "uitsluitend", "alleen maar", "louter",
    "niets anders dan", "beperkt tot", "voorbehouden aan", "pas als", "pas na", "pas wanneer", "nergens anders", "niemand anders"]
  upper = ["hooguit", "hoogstens", "maximaal", "max", "maximum", "niet meer dan",
    "tot", "tot maximaal", "niet overschrijden", "mag niet overschrijden",
    "niet boven", "minder dan", "onder", "lager dan", "kleiner dan", "plafond", "limiet",
    "binnen", "of minder", "ten hoogste", "op zijn hoogst", "op z'n hoogst",
    "niet hoger dan", "niet groter dan", "niet langer dan"]
  lower = ["minstens", "ten minste", "tenminste", "minimaal", "min", "minimum",
    "niet minder dan", "niet onder", "of meer", "meer dan", "boven", "hoger dan",
    "groter dan", "op zijn minst", "op z'n minst", "niet lager dan", "ondergrens"]
  firm = ["hooguit", "hoogstens", "maximaal", "max", "maximum", "ten hoogste", "op zijn hoogst", "op z'n hoogst", "minstens", "ten minste", "tenminste", "minimaal", "minimum", "op zijn minst", "op z'n minst"]
  relative = ["die", "wie"]
  approx = ["ongeveer", "zo'n", "circa", "ca.", "bijna", "~"]
  before = ["uiterste datum", "voor", "vóór", "voordat", "alvorens", "uiterlijk", "uiterlijk op", "op zijn laatst", "ten laatste", "tot",
    "tot en met", "t/m", "niet later dan", "deadline", "ten laatste", "vervaldatum", "eerder dan"]
  after = ["na", "nadat", "niet voor", "niet vóór", "niet eerder dan", "vanaf", "op zijn vroegst", "ten vroegste",
    "pas na", "pas vanaf", "sinds", "zodra", "met ingang van", "ingaande", "beginnend", "later dan"]
  must = ["moet", "moeten", "moest", "dient", "dienen", "dient te", "altijd", "verplicht",
    "verplichte", "vereist", "nodig", "noodzakelijk", "zorg dat", "zorg ervoor dat",
    "zorg ervoor", "zorgen dat", "zeker stellen", "elke keer", "iedere keer", "telkens",
    "steeds", "hoe dan ook", "niet vergeten", "vergeet niet", "is verplicht", "ongewijzigd", "onaangeroerd", "zoals het is"]
  weaken = ["afgeraden", "wordt afgeraden", "niet aanbevolen", "probeer", "proberen", "probeer te", "probeer niet", "probeer niet te",
    "liefst", "liefst niet", "het liefst", "bij voorkeur", "indien mogelijk",
    "als het kan", "zo mogelijk", "waar mogelijk", "idealiter", "voorkeur", "overweeg",
    "overwegen", "optioneel", "aanbevolen", "aan te raden", "als je kunt", "als u kunt",
    "zou fijn zijn", "het zou mooi zijn", "nice to have"]
  exception = ["behalve", "uitgezonderd", "met uitzondering van", "tenzij",
    "afgezien van", "buiten", "maar niet", "anders dan", "behoudens"]
  condition = ["als", "indien", "wanneer", "telkens als", "terwijl", "tijdens",
    "gedurende", "zonder", "in geval van", "ingeval", "in het geval", "zolang", "mits",
    "op voorwaarde dat", "bij"]
  lift = ["opgeheven", "opheffen", "niet meer", "niet langer", "geldt niet meer", "vervalt",
    "vervallen", "mag nu", "mogen nu", "mag weer", "mogen weer", "kan nu", "kunnen nu",
    "je kunt nu", "ga je gang", "ga maar", "ga door", "is voorbij", "voorbij",
    "weer toegestaan", "geannuleerd", "ingetrokken", "vergeet dat", "vergeet het",
    "negeer dat", "negeer het", "laat maar", "maakt niet uit", "verwijderd",
    "afgeschaft", "geschrapt"]
  replace = ["in plaats van", "in plaats daarvan", "vervangen", "vervang",
    "vervangen door", "veranderd in", "gewijzigd in", "gewijzigd naar", "verplaatst naar",
    "verzet naar", "uitgesteld tot", "overgestapt naar", "overstappen naar", "nu",
    "voortaan", "vanaf nu", "nieuw", "nieuwe", "liever dan", "correctie", "ik corrigeer"]
  failed = ["mislukt", "faalde", "faalt", "gefaald", "fout", "fouten", "foutmelding",
    "error", "werkte niet", "werkt niet", "deed het niet", "doet het niet", "kapot",
    "stuk", "gecrasht", "crashte", "vastgelopen", "time-out", "timeout", "afgewezen",
    "geweigerd", "teruggedraaid", "teruggezet", "zonder succes", "hielp niet",
    "heeft niet geholpen", "niet gelukt", "is niet gelukt", "lukte niet", "onsuccesvol"]
  report = ["schijnt", "naar verluidt", "gerucht", "geruchten", "hoorde", "gehoord", "heeft gehoord", "iemand zei", "beweert", "zweert",
    "ter info", "ter informatie", "ter kennisgeving", "gevraagd", "vroeg of", "vraagt", "gewacht", "wachtte", "wachten", "duurde",
    "heeft geduurd", "klaagde", "geklaagd", "zei", "gezegd", "noemde", "genoemd",
    "vermeld", "vorige keer", "de vorige keer", "de laatste keer", "vorig jaar", "afgelopen zomer", "gisteren", "vorige week",
    "even ter info", "zodat je het weet", "zodat u het weet", "ik stond in de wacht", "stond in de wacht",
    "hing in de wacht", "ik hing in de wacht", "ik werd gebeld", "ik ben gebeld", "werd opgepiept",
    "ik werd wakker gebeld", "gisteravond", "vorige maand", "al twee weken", "al weken", "al dagen",
    "al maanden", "ik heb gewacht"]
  ask = ["hypothetisch", "in theorie", "theoretisch", "stelt voor", "stelde voor", "voorgesteld", "suggereert", "suggestie", "vindt dat we", "vraagt of", "vroeg of", "gevraagd of", "wil weten of", "wilde weten of", "klaagt dat", "klaagde dat", "klaagt over", "klaagde over", "zeg me dat", "zeg me of", "vertel me dat", "vertel me of", "zeg niet dat",
    "zeg me alsjeblieft dat",
    "vertel me alsjeblieft dat", "zeg me nou dat", "zeg me niet dat",
    "vertel me niet dat", "ik wou dat", "hopelijk", "had ik maar", "hadden we maar",
    "konden we maar", "was het maar", "ik droom ervan", "ik droom dat", "het zou mooi zijn als",
    "zou mooi zijn als", "het zou fijn zijn als", "zou fijn zijn als", "het zou leuk zijn als",
    "zou leuk zijn als", "zou top zijn als", "laten we hopen", "duimen dat"]
  concession = ["zelfs als", "ook al", "ook als"]
  consequence = ["zo niet", "anders wordt", "anders is", "anders zijn", "anders vervalt", "zodat we niet", "zodat het niet", "zodat niemand", "om te voorkomen"]
  reason = ["omdat", "aangezien"]
  minus = ["min"]
  summary = ["samenvatting", "vat samen", "samenvatten", "op een rijtje"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["negeer", "negeer het", "negeer dat", "negeren", "laat maar", "vergeet het", "hun probleem", "kun je checken", "kun je controleren", "alleen een gerucht"]
  neutral = ["niets te maken met", "niks te maken met", "niet besloten", "niets besloten", "niks besloten", "niets is besloten", "niks is besloten", "geen beslissing genomen", "geen besluit genomen", "niet beslist", "niets beslist", "niets ligt vast", "weet niet", "geen idee", "geen probleem", "nog niet", "niet zeker", "maak je geen zorgen", "geen zorgen", "geen zin", "geen paniek"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["geen uitzonderingen", "geen uitzondering", "zonder uitzondering"]

  # What makes a duty hold at all times, not once (a task).
  standing = ["altijd", "steeds", "telkens", "elke keer", "iedere keer", "te allen tijde", "voortaan", "vanaf nu", "van nu af aan", "als standaard"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["zelf", "handmatig", "met de hand"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["ik doe", "ik ga", "doe ik", "ik regel", "ik zal", "dat doe ik"]
  coordinators = ["en", "maar", "ook", "plus", "dan", "daarna", "of", "bovendien",
    "alsook"]

  numbers = {
    # One and a half, written as one word.
    "anderhalf" = 1.5, "anderhalve" = 1.5, "tweeënhalf" = 2.5,
    # The compounds up to 59 (times and minutes: "tweeëntwintig uur").
    "eenentwintig" = 21, "tweeëntwintig" = 22, "drieëntwintig" = 23, "vijfentwintig" = 25,
    "zesentwintig" = 26, "zevenentwintig" = 27, "achtentwintig" = 28, "negenentwintig" = 29,
    "eenendertig" = 31, "tweeëndertig" = 32, "drieëndertig" = 33, "vierendertig" = 34,
    "vijfendertig" = 35, "zesendertig" = 36, "zevenendertig" = 37, "achtendertig" = 38,
    "negenendertig" = 39, "eenenveertig" = 41, "tweeënveertig" = 42, "drieënveertig" = 43,
    "vierenveertig" = 44, "vijfenveertig" = 45, "zesenveertig" = 46, "zevenenveertig" = 47,
    "achtenveertig" = 48, "negenenveertig" = 49, "eenenvijftig" = 51, "tweeënvijftig" = 52,
    "drieënvijftig" = 53, "vierenvijftig" = 54, "vijfenvijftig" = 55, "zesenvijftig" = 56,
    "zevenenvijftig" = 57, "achtenvijftig" = 58, "negenenvijftig" = 59,
    "nul" = 0, "een" = 1, "één" = 1, "eén" = 1, "twee" = 2, "drie" = 3, "vier" = 4,
    "vijf" = 5, "zes" = 6, "zeven" = 7, "acht" = 8, "negen" = 9, "tien" = 10, "elf" = 11,
    "twaalf" = 12, "dertien" = 13, "veertien" = 14, "vijftien" = 15, "zestien" = 16,
    "zeventien" = 17, "achttien" = 18, "negentien" = 19, "twintig" = 20,
    "vierentwintig" = 24, "dertig" = 30, "veertig" = 40, "vijftig" = 50, "zestig" = 60,
    "zeventig" = 70, "tachtig" = 80, "negentig" = 90, "half" = 0.5, "halve" = 0.5,
    "helft" = 0.5, "dozijn" = 12, "beide" = 2, "allebei" = 2, "eenmaal" = 1,
    "tweemaal" = 2, "driemaal" = 3, "dubbel" = 2, "drievoudig" = 3
  }
  scales = {
    "honderd" = 100, "duizend" = 1000, "k" = 1000, "miljoen" = 1000000,
    "miljoenen" = 1000000, "mln" = 1000000, "mln." = 1000000, "miljard" = 1000000000,
    "miljarden" = 1000000000, "mld" = 1000000000, "mld." = 1000000000,
    "biljoen" = 1000000000000
  }

  units = {
    "milliseconde" = "ms", "milliseconden" = "ms",
    "seconde" = "s", "seconden" = "s", "sec" = "s", "minuut" = "min", "minuten" = "min",
    "uur" = "h", "uren" = "h", "dag" = "d", "dagen" = "d", "week" = "wk", "weken" = "wk",
    "maand" = "mo", "maanden" = "mo", "jaar" = "yr", "jaren" = "yr", "procent" = "%",
    "meter" = "m", "meters" = "m", "kilometer" = "km", "kilometers" = "km",
    "kilogram" = "kg", "kilo" = "kg", "kilo's" = "kg", "gram" = "g", "ton" = "t",
    "liter" = "l", "liters" = "l", "kubieke meter" = "m3", "graad" = "deg",
    "graden" = "deg", "euro" = "EUR", "euro's" = "EUR", "dollar" = "USD",
    "dollars" = "USD", "britse pond" = "GBP", "zwitserse frank" = "CHF"
  }
  per = ["per", "elke", "iedere", "ieder", "elk", "in de"]
  every = ["elke", "iedere", "om de"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["reglement", "regel", "regels", "voorwaarden", "beperkingen", "eisen", "afspraken", "grenzen", "richtlijnen", "huisregels"]
  topic = ["betreffende", "met betrekking tot", "wat betreft", "inzake"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["tot", "tot en met", "t/m"]
  without = ["zonder"]
  periods = { "maandelijks" = "mo", "maandelijkse" = "mo", "dagelijks" = "d", "dagelijkse" = "d", "wekelijks" = "wk", "jaarlijks" = "yr", "jaarlijkse" = "yr" }

  months = {
    "januari" = 1, "februari" = 2, "maart" = 3, "april" = 4, "mei" = 5, "juni" = 6,
    "juli" = 7, "augustus" = 8, "september" = 9, "oktober" = 10, "november" = 11,
    "december" = 12,
    "jan" = 1, "jan." = 1, "feb" = 2, "feb." = 2, "mrt" = 3, "mrt." = 3, "apr" = 4,
    "apr." = 4, "jun" = 6, "jul" = 7, "aug" = 8, "aug." = 8, "sep" = 9, "sep." = 9,
    "sept" = 9, "sept." = 9, "okt" = 10, "okt." = 10, "nov" = 11, "nov." = 11, "dec" = 12,
    "dec." = 12
  }
  weekdays = {
    "maandag" = 1, "dinsdag" = 2, "woensdag" = 3, "donderdag" = 4, "vrijdag" = 5,
    "zaterdag" = 6, "zondag" = 7, "maandagen" = 1, "dinsdagen" = 2, "woensdagen" = 3,
    "donderdagen" = 4, "vrijdagen" = 5, "zaterdagen" = 6, "zondagen" = 7,
    "ma" = 1, "ma." = 1, "di" = 2, "di." = 2, "wo" = 3, "wo." = 3, "do" = 4, "do." = 4,
    "vr" = 5, "vr." = 5, "za" = 6, "za." = 6, "zo." = 7
  }
  clock_words = { middernacht = 0 }
  clock = ["uur", "u"]
  pm    = ["'s avonds", "’s avonds", "'s middags", "’s middags"]
  am    = ["'s ochtends", "’s ochtends", "'s morgens", "’s morgens"]

  stopwords = ["de", "het", "een", "en", "of", "maar", "van", "in", "op", "te", "aan",
    "met", "voor", "bij", "naar", "uit", "over", "om", "door", "dat", "die", "dit", "deze",
    "is", "zijn", "was", "waren", "wordt", "worden", "werd", "heeft", "hebben", "had",
    "ik", "je", "jij", "u", "hij", "zij", "ze", "we", "wij", "jullie", "mij", "me", "ons",
    "onze", "mijn", "jouw", "jou", "hun", "haar", "er", "hier", "daar", "wat", "wie",
    "welke", "hoe", "ook", "nog", "al", "wel", "zo", "kan", "kunnen", "zou", "zal",
    "zullen", "even", "graag", "alstublieft", "aub", "a.u.b.", "alsjeblieft", "'t",
    "dus", "want", "omdat", "hebt", "heb", "dan", "andere", "ander", "welk"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "mr.", "dhr.", "mevr.", "bijv.", "nr.", "o.a.", "enz.", "ca.", "max.", "incl.", "excl.", "resp.", "bv."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["of", "noch"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["vroeger", "destijds", "toen ik jong was", "jaren geleden", "vanouds"]
}
