# Estonian. Schema and meaning of every list: see en.hcl. Estonian is
# Finnic, like Finnish (fi.hcl), and inflected: cases are suffixes, so the
# forms a rule is written with are listed whole (reedel "on Friday",
# reedeks "by Friday", reedeni "until Friday", reedeti "on Fridays",
# märtsist "from March"). A case suffix on a figure is joined with a
# hyphen ("kella 17-ni", "5-ni") and read as its own phrase after the
# number: "-ni" (until, up to) is an upper bound and a time bound, as
# Hungarian "-ig" is. Bound words stand before their value ("enne reedet",
# "pärast kella 18", "kuni 3", "alates esmaspäevast"), so bounds_follow is
# not set; a postposition of amount ("24 tunni jooksul", "5 või vähem")
# is an upper or lower word, read after its value.
#
# Negation: "ei" (statements: ma ei tee, seda ei tohi), the imperative
# "ära" (2sg: ära kustuta) and "ärge" (2pl: ärge kustutage). "ära" is also
# the particle "away, done" after a verb ("tee see ära", get it done;
# "kustuta vanad logid ära", delete the old logs): the common verbs with
# the particle, together or one to four words apart, are neutral phrases,
# so a duty written so is no prohibition. "jäta … ära" (leave out) is a
# negation.
#
# Left out of the stopwords, as shared with a neighbour: "ja", "on",
# "ei", "olen", "siis", "oma", "mulle", "sulle" (Finnish, and Finnish chat),
# "et" (French, Danish, Norwegian), "ta", "ma", "me", "te", "sa", "mu", "su",
# "nad" (Slavic, Romance, Finnish), "mis", "tema", "tal" (Spanish), "mina",
# "sina" (Swedish, Tagalog), "ka" (Tagalog), "kuna" (Swahili), "ju"
# (Swedish), "mitte" (German "Mitte"). Estonian comes before Finnish in
# file order and would win their ties: no function word here is Finnish.
# Chat is often typed without õ ä ö ü: the main cues are also listed so.

language "et" {
  name    = "Eesti"
  stemmer = "" # no Snowball stemmer for Estonian in sdk/frame/stem.go

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["ära", "ärge", "ärgu", "ärme", "ärgem", "arge", "ei tohi", "ei tohiks", "ei tohi kunagi",
    "mitte kunagi", "mitte iial", "ära kunagi", "ärge kunagi", "ara kunagi", "arge kunagi",
    "keelatud", "on keelatud", "rangelt keelatud", "mitte mingil juhul", "mingil juhul",
    "ühelgi juhul", "mitte ühelgi juhul", "ei ole lubatud", "pole lubatud", "ei lubata",
    "väldi", "vältige", "hoidu", "hoiduge"]

  negation = ["ei", "ära", "ärge", "ärgu", "ärme", "ärgem", "arge", "ära kunagi", "ärge kunagi",
    "ara kunagi", "arge kunagi", "ära iial", "ärge iial", "ära mitte", "ära mitte kunagi",
    "ara tee", "ara kustuta", "ara muuda", "ara kasuta", "ara kaivita", "ara puutu", "ara saada",
    "ara pane", "ara luba", "ara anna",
    "ei tohi", "ei tohiks", "ei tohi kunagi", "ei tohi mitte", "ei või", "ei saa", "ei saa kunagi",
    "ei ole", "pole", "polnud", "ei olnud",
    "mitte kunagi", "mitte iial", "mitte mingil juhul", "mingil juhul", "mitte ühelgi juhul",
    "ühelgi juhul", "mitte mingil tingimusel", "mingil tingimusel", "mitte mingil moel",
    "mitte midagi", "mitte keegi", "mitte kellelegi", "mitte ühtegi", "mitte ükski", "ei mingit",
    "ei mingeid", "mitte mingit", "mitte mingeid", "mitte sammugi", "keegi ei",
    "keelatud", "on keelatud", "keelatud on", "rangelt keelatud", "keeld", "keelu", "keelan",
    "keelame", "keela", "keelake", "ei ole lubatud", "pole lubatud", "ei lubata",
    "mitte lubatud", "lubamatu", "väldi", "vältige", "vältida", "tuleb vältida", "hoidu",
    "hoiduge", "hoiduda", "valdi", "valtige",
    "ainult lugemiseks", "ainult loetav", "kirjutuskaitstud", "read-only", "lukus", "lukustatud",
    "külmutatud", "külmutus", "külmutame", "blokeeritud", "puutumatu", "käed eemale",
    "käed küljest", "jäta rahule", "jätke rahule", "jäta … rahule", "jätke … rahule",
    "jäta … ära", "jätke … ära", "jäta ära", "jätke ära", "jäetakse välja", "välja jätta",
    "välistatud", "suletud", "pole saadaval", "ei ole saadaval", "keeldu", "keelduge", "keeldus",
    "keelduti", "lükkas tagasi"]
  # The clause allows one thing and excludes the rest.
  only = ["ainult", "vaid", "üksnes", "ainuüksi", "ainult ja ainult", "kõigest", "ainsana",
    "mitte midagi muud", "mitte keegi teine", "ei keegi teine", "mitte keegi muu",
    "piiratud", "piiratud ainult", "mõeldud ainult", "uksnes"]
  # An upper bound on the quantity that follows (or precedes) it.
  upper = ["maksimaalselt", "maksimum", "maksimaalne", "max", "max.", "maks", "maks.",
    "kõige rohkem", "kõige enam", "koige rohkem", "ülimalt", "mitte rohkem kui",
    "mitte enam kui", "mitte üle", "ei tohi ületada", "mitte ületada", "ei ületa",
    "ületamata", "alla", "vähem kui", "väiksem kui", "madalam kui", "lühem kui",
    "vahem kui", "mitte kauem kui", "mitte pikem kui", "mitte kõrgem kui", "mitte suurem kui",
    "kuni", "ülempiir", "ülempiiriga", "lagi", "limiit", "limiidiga", "piirang", "jooksul",
    "sees", "piires", "või vähem", "või alla", "või lühem", "või madalam", "-ni", "-ks",
    "tõstetud", "langetatud", "vähendatud", "piiratud"]
  # A lower bound; a bare "exceed" is one too.
  lower = ["ületab", "ületama", "ületada", "ületavad", "ületav", "vähemalt", "vahemalt",
    "vähemasti", "minimaalselt", "miinimum", "minimaalne", "min", "min.", "kõige vähem",
    "mitte vähem kui", "mitte alla", "mitte vähem", "rohkem kui", "enam kui", "üle",
    "suurem kui", "kõrgem kui", "pikem kui", "kauem kui", "või rohkem", "või enam", "või üle",
    "või kauem", "alampiir", "alampiiriga"]
  firm = ["maksimaalselt", "maksimum", "max", "max.", "maks", "maks.", "kõige rohkem",
    "kõige enam", "koige rohkem", "ülimalt", "vähemalt", "vahemalt", "vähemasti", "minimaalselt",
    "miinimum", "min", "min.", "kõige vähem"]
  relative = ["kes", "kelle", "keda", "kellel", "kellele", "kellest", "kellega"]
  approx = ["umbes", "ligikaudu", "umbkaudu", "ligi", "peaaegu", "orienteeruvalt", "u.", "umb.",
    "kuskil", "~", "≈"]
  # A time bound: done by then.
  before = ["enne", "enne kui", "hiljemalt", "mitte hiljem kui", "kuni", "-ni", "-ks", "tähtaeg",
    "tähtajaga", "tähtajaks", "tähtaeg on", "deadline", "varem kui"]
  # A time bound: not earlier than.
  after = ["pärast", "parast", "peale", "mitte enne", "mitte varem kui", "kõige varem",
    "koige varem", "varaseimalt", "alates", "alates sellest", "hiljem kui", "niipea kui",
    "pärast seda kui", "pärast seda, kui", "peale seda kui", "-st alates"]
  # An obligation.
  must = ["peab", "pead", "peame", "peate", "peavad", "pean", "tuleb", "tuleks", "on vaja",
    "vaja", "kohustuslik", "kohustuslikult", "kohustus", "kohustatud", "on kohustatud",
    "alati", "nõutav", "nõutud", "nõuab", "nõutakse", "vajalik", "hädavajalik", "veendu",
    "veenduge", "veenduma", "kindlasti", "tingimata", "iga kord", "ära unusta", "ärge unustage",
    "ara unusta", "pea meeles", "pidage meeles", "jäta meelde", "küsi enne", "küsige enne",
    "küsi kõigepealt", "kooskõlasta", "kooskõlastage", "vajab kinnitust", "vajab heakskiitu",
    "nõuab kinnitust", "nõuab heakskiitu", "kinnitusega", "jääb", "jäävad", "jääb samaks",
    "jäävad samaks", "jääb muutmata", "jäävad muutmata", "muutmata", "puutumata",
    "nii nagu on", "hoolitse", "hoolitsege", "jälgi, et", "jälgige, et",
    "peab alati", "tuleb alati"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["alati", "iga kord", "igal korral", "kogu aeg", "pidevalt", "edaspidi", "nüüdsest",
    "nüüdsest peale", "nüüdsest alates", "tänasest", "tänasest alates", "vaikimisi", "reeglina",
    "alati kui", "järjekindlalt", "igal juhul"]
  weaken = ["proovi", "proovige", "püüa", "püüdke", "püüame", "võimalusel", "kui võimalik",
    "kui on võimalik", "kui see on võimalik", "võimaluse korral", "võimaluste piires",
    "ideaalis", "ideaaljuhul", "eelistatult", "eelistatavalt", "eelistan", "eelistame",
    "eelistatud", "pigem", "parem oleks", "oleks parem", "soovitatav", "soovitatavalt",
    "soovitan", "soovitame", "soovituslik", "kaalu", "kaaluge", "valikuline", "vabatahtlik",
    "kui saad", "kui saate", "tavaliselt", "üldiselt", "üldjuhul", "oleks tore", "oleks hea",
    "ei ole soovitatav", "pole soovitatav", "ei soovita", "ei soovitata", "mitte soovitatav",
    "voimalusel", "kui voimalik"]
  # An exception to the rule it follows.
  exception = ["välja arvatud", "valja arvatud", "v.a", "v.a.", "välja arvatud juhul",
    "välja arvatud juhul kui", "välja arvatud juhul, kui", "erandina", "erandiks", "erand",
    "kui just", "kui just ei", "kui just mitte", "juhul kui ei", "arvestamata", "muu kui",
    "muud kui", "aga mitte", "kuid mitte", "ent mitte", "peale selle", "v. a."]
  # A condition under which the rule holds.
  condition = ["kui", "juhul kui", "juhul, kui", "siis kui", "ajal", "ilma", "ilma et",
    "seni kuni", "senikaua kui", "nii kaua kui", "niikaua kui", "tingimusel", "tingimusel et",
    "tingimusel, et", "eeldusel et", "eeldusel, et"]
  # A later message lifting a rule.
  lift = ["ei kehti enam", "enam ei kehti", "pole enam", "ei ole enam", "enam pole",
    "enam ei", "pole enam vaja", "ei ole enam vaja", "enam pole vaja", "pole vaja",
    "ei ole vaja", "pole tarvis", "pole enam tarvis", "ei pea enam", "enam ei pea",
    "tühistatud", "tühistati", "tühistame", "tühistan", "kaotatud", "kaotati", "eemaldatud",
    "eemaldati", "kõrvaldatud", "on läbi", "võid nüüd", "võite nüüd", "nüüd võid", "nüüd võite",
    "nüüd tohib", "nüüd tohid", "nüüd tohite", "tohid nüüd", "tohite nüüd", "nüüd on lubatud",
    "jälle lubatud", "taas lubatud", "uuesti lubatud", "on jälle lubatud", "on taas lubatud",
    "lase käia", "laske käia", "võid julgelt", "võite julgelt", "julgelt", "võid vabalt",
    "unusta see", "unustage see", "unusta see ära", "unusta ära", "unustage ära", "ignoreeri",
    "ignoreeri seda", "ignoreerige", "vahet pole", "pole vahet", "jääb ära", "jäi ära",
    "jäävad ära", "kehtetu", "kehtetuks", "keeld on tühistatud",
    "piirang on eemaldatud", "piirang kaob", "keeld kaob", "keeld lõpeb", "piirang lõpeb"]
  # A replacement: the new state replaces the old one.
  replace = ["selle asemel", "asemel", "hoopis", "asendatud", "asendati", "asenda", "asendage",
    "asendame", "muudetud", "muudeti", "muutsime", "muudame", "üle viidud", "viidi üle",
    "nihutatud", "nihutati", "lükatud edasi", "edasi lükatud", "lükkasime edasi", "nüüd",
    "nüüdsest", "uus", "uue", "uut", "uued", "parandus", "parandan", "vaheta",
    "vahetage", "vahetatud", "nuud"]
  # A failed attempt.
  failed = ["ebaõnnestus", "ebaõnnestunud", "ebaõnnestub", "ebaõnnestusid", "ebaõnnestumine",
    "ebaonnestus", "nurjus", "nurjunud", "läks nurja", "viga", "vea", "vead", "veaga",
    "vigane", "ei töötanud", "ei tööta", "ei toota", "ei õnnestunud", "ei õnnestu",
    "ei onnestunud", "katki", "jooksis kokku", "kukkus kokku", "kokku jooksnud", "crashis",
    "crash", "aegus", "ajalõpp", "timeout", "lükati tagasi", "tagasi lükatud", "keerati tagasi",
    "tagasi keeratud", "tagasi pööratud", "pöörati tagasi", "rollback", "edutult", "tulutult",
    "asjatult", "ei aidanud", "ei läinud läbi", "jäi kinni", "kinni jäänud", "hangus"]
  # Cue words that name a kind of thing before a word.
  kind_words = ["vea", "valikuline", "külmutatud"]
  # Words that report rather than commit.
  report = ["küsis", "küsisid", "ootas", "ootasin", "ootasime", "ootasid", "kestis", "võttis",
    "kaebas", "kaebasid", "kurtis", "ütles", "ütlesid", "mainis", "mainisid", "kirjutas",
    "edastas", "kuulsin", "väidetavalt", "kuuldavasti", "helistas", "eelmisel korral",
    "viimati", "eile", "üleeile", "eelmisel nädalal", "eelmisel kuul", "eelmisel aastal",
    "möödunud nädalal", "möödunud aastal", "mullu", "eile õhtul", "eile öösel",
    "teadmiseks", "lihtsalt teadmiseks", "infoks", "teie teadmiseks", "sinu teadmiseks",
    "olin ootel", "ootasin liinil", "mind äratati", "mulle helistati", "mind häiriti",
    "juba kaks nädalat", "juba nädal", "juba nädalaid", "nädalaid", "juba päevi"]
  # Words that make what follows them a question, complaint or suggestion.
  ask = ["küsib, kas", "küsib kas", "küsis, kas", "küsis kas", "küsisid, kas", "tahab teada",
    "tahtis teada", "uurib, kas", "uuris, kas", "uuris kas", "kaebab", "kurdab", "kaebas, et",
    "kurtis, et", "ütle mulle, et", "ütle mulle et", "ütle, et", "ütle palun, et",
    "ära ütle mulle, et", "ära ütle, et", "ärge öelge, et", "soovitas", "soovitab",
    "soovitasid", "pakkus välja", "pakkusid välja", "tegi ettepaneku", "minu aimdus",
    "mõtlen valjult", "valjult mõeldes", "hüpoteetiliselt", "teoreetiliselt", "teoorias",
    "oleks tore, kui", "oleks tore kui", "oleks hea, kui", "oleks hea kui", "oleks äge, kui",
    "oleks vahva, kui", "loodetavasti", "loodame", "pöidlad pihus", "hoian pöidlaid",
    "ma soovin, et", "soovin, et", "kui ainult", "kui vaid", "unistan", "huvitav, kas",
    "huvitav kas", "anna teada, kas", "andke teada, kas", "anna teada, kui", "andke teada, kui"]
  concession = ["isegi kui", "isegi siis kui", "isegi siis, kui", "ka siis, kui", "ka siis kui",
    "kuigi", "olgugi et", "olgugi, et", "ehkki", "hoolimata sellest, et", "vaatamata sellele, et",
    "olenemata sellest, kas"]
  consequence = ["muidu", "vastasel juhul", "vastasel korral", "et mitte", "et vältida",
    "nii et keegi ei", "et keegi ei"]
  reason = ["sest", "kuna", "sellepärast et", "sellepärast, et", "kuivõrd", "arvestades, et"]
  minus = ["miinus"]
  summary = ["kokkuvõte", "kokkuvõtte", "kokkuvõtet", "võta kokku", "võtke kokku", "kokku võtta",
    "resümee"]
  # What a speaker sets aside of what they just reported.
  dismiss = ["ignoreeri", "ignoreeri seda", "ignoreerige", "ära pane tähele", "ärge pange tähele",
    "see pole oluline", "nende probleem", "kas saad kontrollida", "kas saaksid kontrollida",
    "kas saate kontrollida", "palun kontrolli", "lihtsalt kuulujutt"]
  # Phrases that hold a cue word and carry no cue.
  neutral = ["ei tea", "ma ei tea", "ei teagi", "pole kindel", "ei ole kindel", "pole kindlalt",
    "pole aimugi", "ei mingit probleemi", "pole probleemi", "ei ole probleemi", "pole hullu",
    "pole midagi", "pole probleem", "ei ole probleem", "pole mingi probleem", "pole hea mõte",
    "ära muretse", "ärge muretsege", "ara muretse", "ära karda", "ärge kartke",
    "ära pabista", "ära stressa", "ära vabanda", "ei ole otsustatud", "pole otsustatud",
    "pole veel otsustatud", "ei ole veel otsustatud", "midagi pole otsustatud",
    "midagi ei ole otsustatud", "otsust pole", "otsust pole veel", "pole veel kokku lepitud",
    "ei ole kokku lepitud", "ei ole veel kokku lepitud", "veel mitte", "mitte veel", "pole veel",
    "pole paha", "ei viitsi", "ei aitäh", "ei, aitäh", "pole tänu väärt", "kas pole",
    "ei pea muretsema", "pole vaja muretseda", "mitte ainult", "ei ainult",
    # The particle "ära" (away, done) after a verb, or before its
    # infinitive and participle: no negation.
    "tee ära", "tehke ära", "tee … ära", "tehke … ära", "teeb … ära", "teeme … ära",
    "teen … ära", "tegi … ära", "tegime … ära", "teeb ära", "teen ära", "teeme ära", "tegi ära",
    "ära teha", "ära tehtud", "ära teinud", "ära tehakse",
    "kustuta ära", "kustutage ära", "kustuta … ära", "kustutage … ära", "kustutas … ära",
    "ära kustutada", "ära kustutatud", "ära kustutanud", "ära kustutatakse",
    "vii ära", "viige ära", "vii … ära", "viige … ära", "ära viia", "ära viidud",
    "võta ära", "võtke ära", "võta … ära", "võtke … ära", "ära võtta", "ära võetud",
    "maksa ära", "makske ära", "maksa … ära", "makske … ära", "ära maksta", "ära makstud",
    "saada ära", "saatke ära", "saada … ära", "saatke … ära", "ära saata", "ära saadetud",
    "osta ära", "ostke ära", "osta … ära", "ostke … ära", "ära osta", "ära ostetud",
    "ütle ära", "öelge ära", "ütle … ära", "ära öelda", "ära öeldud",
    "lõpeta ära", "lõpetage ära", "lõpeta … ära", "lõpetage … ära", "ära lõpetada",
    "ära lõpetatud",
    "paranda ära", "parandage ära", "paranda … ära", "parandage … ära", "ära parandada",
    "ära parandatud",
    "oota ära", "oodake ära", "oota … ära", "oodake … ära", "ära oodata", "ootame ära",
    "ootame … ära",
    "anna ära", "andke ära", "anna … ära", "andke … ära", "ära anda", "ära antud",
    "too ära", "tooge ära", "too … ära", "tooge … ära", "ära tuua", "ära toodud",
    "pane ära", "pange ära", "pane … ära", "pange … ära", "ära panna", "ära pandud",
    "lahenda ära", "lahendage ära", "lahenda … ära", "lahendage … ära", "ära lahendada",
    "ära lahendatud",
    "vaheta ära", "vahetage ära", "vaheta … ära", "vahetage … ära", "ära vahetada",
    "ära vahetatud",
    "märgi ära", "märkige ära", "märgi … ära", "märkige … ära", "ära märkida", "ära märgitud",
    "kinnita ära", "kinnitage ära", "kinnita … ära", "ära kinnitada",
    "registreeri ära", "registreerige ära", "registreeri … ära", "ära registreerida",
    "broneeri ära", "broneerige ära", "broneeri … ära", "ära broneerida", "ära broneeritud",
    "kontrolli ära", "kontrollige ära", "kontrolli … ära", "kontrollige … ära", "ära kontrollida",
    "täida ära", "täitke ära", "täida … ära", "täitke … ära", "ära täita", "ära täidetud",
    "allkirjasta ära", "allkirjastage ära", "allkirjasta … ära", "ära allkirjastada",
    "tapa ära", "tapke ära", "tapa … ära", "ära tappa",
    "korista ära", "koristage ära", "korista … ära", "ära koristada",
    "loe ära", "lugege ära", "loe … ära", "ära lugeda", "vaata ära", "vaadake ära",
    "vaata … ära", "kuula ära", "kuula … ära", "tunne ära", "tunneb ära", "ära tunda",
    "kasuta ära", "kasutage ära", "kasuta … ära", "ära kasutada",
    "eemalda ära", "eemalda … ära", "kaota ära", "kaotage ära", "kaota … ära", "ära kaotada",
    "tühista ära", "tühista … ära", "ära tühistada", "söö ära", "söö … ära", "ära süüa",
    "läks ära", "läksid ära", "ära minna", "ära sõita", "ära olla", "sõitis ära"]
  # Phrases that insist on the rule before them.
  stress = ["ilma eranditeta", "erandeid pole", "erandeid ei ole", "erandeid ei tehta",
    "ei mingeid erandeid", "mitte mingeid erandeid", "ühtegi erandit"]

  # Clause separators between two rules in one sentence.
  coordinators = ["ja", "ning", "aga", "kuid", "ent", "pluss", "seejärel", "või"]
  # Words that join what one negation forbids.
  disjunctions = ["või", "ega", "ehk"]

  numbers = {
    "poolteist" = 1.5, "pooleteise" = 1.5,
    "null" = 0, "üks" = 1, "ühe" = 1, "üht" = 1, "ühte" = 1, "uhe" = 1,
    "kaks" = 2, "kahe" = 2, "kahte" = 2, "kaht" = 2,
    "kolm" = 3, "kolme" = 3,
    "neli" = 4, "nelja" = 4,
    "viis" = 5, "viie" = 5, "viit" = 5, "viite" = 5,
    "kuus" = 6, "kuue" = 6, "kuut" = 6, "kuute" = 6,
    "seitse" = 7, "seitsme" = 7, "seitset" = 7, "seitsmet" = 7,
    "kaheksa" = 8, "kaheksat" = 8,
    "üheksa" = 9, "üheksat" = 9, "uheksa" = 9,
    "kümme" = 10, "kümne" = 10, "kümmet" = 10, "kümnet" = 10,
    "üksteist" = 11, "üheteist" = 11, "ühteteist" = 11, "üheteistkümne" = 11,
    "kaksteist" = 12, "kaheteist" = 12, "kahteteist" = 12, "kaheteistkümne" = 12,
    "kolmteist" = 13, "kolmeteist" = 13, "kolmeteistkümne" = 13,
    "neliteist" = 14, "neljateist" = 14, "neljateistkümne" = 14,
    "viisteist" = 15, "viieteist" = 15, "viitteist" = 15, "viieteistkümne" = 15,
    "kuusteist" = 16, "kuueteist" = 16, "kuueteistkümne" = 16,
    "seitseteist" = 17, "seitsmeteist" = 17, "seitsmeteistkümne" = 17,
    "kaheksateist" = 18, "kaheksateistkümne" = 18,
    "üheksateist" = 19, "üheksateistkümne" = 19,
    "kakskümmend" = 20, "kahekümne" = 20, "kahtkümmend" = 20, "kolmkümmend" = 30, "kolmekümne" = 30,
    "nelikümmend" = 40, "neljakümne" = 40, "viiskümmend" = 50, "viiekümne" = 50,
    "kuuskümmend" = 60, "kuuekümne" = 60, "seitsekümmend" = 70, "seitsmekümne" = 70,
    "kaheksakümmend" = 80, "kaheksakümne" = 80, "üheksakümmend" = 90, "üheksakümne" = 90,
    "kakssada" = 200, "kolmsada" = 300, "viissada" = 500,
    "tosin" = 12, "tosina" = 12, "mõlemad" = 2, "mõlema" = 2,
    "kahekordne" = 2, "kolmekordne" = 3
  }
  scales = {
    "sada" = 100, "saja" = 100, "sadat" = 100, "tuhat" = 1000, "tuhande" = 1000,
    "tuhandet" = 1000, "tuh" = 1000, "tuh." = 1000, "k" = 1000,
    "miljon" = 1000000, "miljoni" = 1000000, "miljonit" = 1000000, "mln" = 1000000,
    "mln." = 1000000, "milj" = 1000000, "milj." = 1000000,
    "miljard" = 1000000000, "miljardi" = 1000000000, "miljardit" = 1000000000,
    "mld" = 1000000000, "mld." = 1000000000, "mrd" = 1000000000
  }

  units = {
    "millisekund" = "ms", "millisekundi" = "ms", "millisekundit" = "ms",
    "sekund" = "s", "sekundi" = "s", "sekundit" = "s", "sekundiga" = "s", "sekundiks" = "s",
    "sek" = "s", "sek." = "s",
    "minut" = "min", "minuti" = "min", "minutit" = "min", "minutiga" = "min",
    "minutiks" = "min", "minutini" = "min", "minuteid" = "min",
    "tund" = "h", "tunni" = "h", "tundi" = "h", "tunniga" = "h", "tunniks" = "h", "tunnini" = "h",
    "tunde" = "h", "tundide" = "h",
    "päev" = "d", "päeva" = "d", "päevaks" = "d", "päevaga" = "d", "päevani" = "d", "päevi" = "d",
    "päevade" = "d", "päevad" = "d", "paev" = "d", "paeva" = "d",
    "ööpäev" = "d", "ööpäeva" = "d", "ööpäevaks" = "d",
    "nädal" = "wk", "nädala" = "wk", "nädalat" = "wk", "nädalaks" = "wk", "nädalaga" = "wk",
    "nädalad" = "wk", "nädalaid" = "wk", "nädalani" = "wk", "nadal" = "wk", "nadalat" = "wk",
    "kuu" = "mo", "kuud" = "mo", "kuuks" = "mo", "kuuga" = "mo", "kuude" = "mo", "kuuni" = "mo",
    "aasta" = "yr", "aastat" = "yr", "aastaks" = "yr", "aastaga" = "yr", "aastad" = "yr",
    "aastaid" = "yr", "aastani" = "yr",
    "protsent" = "%", "protsenti" = "%", "protsendi" = "%", "protsendini" = "%",
    "meeter" = "m", "meetrit" = "m", "meetri" = "m", "kilomeeter" = "km", "kilomeetrit" = "km",
    "kilomeetri" = "km", "kilogramm" = "kg", "kilogrammi" = "kg", "kilo" = "kg", "kilot" = "kg",
    "kilost" = "kg", "gramm" = "g", "grammi" = "g", "tonn" = "t", "tonni" = "t",
    "liiter" = "l", "liitrit" = "l", "liitri" = "l", "kuupmeeter" = "m3", "kuupmeetrit" = "m3",
    "kuupmeetri" = "m3", "kraad" = "deg", "kraadi" = "deg",
    "tk" = "pcs", "tk." = "pcs", "tükki" = "pcs",
    "euro" = "EUR", "eurot" = "EUR", "eurost" = "EUR", "euroni" = "EUR", "eurone" = "EUR", "dollar" = "USD", "dollarit" = "USD", "dollari" = "USD",
    "naela" = "GBP", "naelsterlingit" = "GBP", "rubla" = "RUB", "jeeni" = "JPY", "šveitsi franki" = "CHF"
  }
  per = ["per", "kohta", "iga", "igas", "igal"]
  every = ["iga"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["reeglid", "reegel", "reeglite", "reegleid", "piirangud", "piirang", "piirangute",
    "nõuded", "nõue", "tingimused", "juhised", "põhimõtted", "kodukord", "eeskiri", "eeskirjad",
    "reeglistik", "poliitika"]
  topic = ["seoses", "puudutavalt", "mis puutub", "teemal"]
  # The words joining the two ends of a range ("10 kuni 16").
  range_words = ["kuni"]
  without = ["ilma"]
  periods = { "kuus" = "mo", "päevas" = "d", "tunnis" = "h", "nädalas" = "wk", "aastas" = "yr",
    "minutis" = "min", "sekundis" = "s", "ööpäevas" = "d", "igakuiselt" = "mo",
    "igakuine" = "mo", "igapäevaselt" = "d", "igapäevane" = "d", "iganädalaselt" = "wk",
    "iganädalane" = "wk", "igaaastane" = "yr", "kuutasu" = "mo", "paevas" = "d",
    "nadalas" = "wk" }

  months = {
    "jaanuar" = 1, "jaanuari" = 1, "jaanuarit" = 1, "jaanuaril" = 1, "jaanuaris" = 1, "jaanuarist" = 1, "jaanuarini" = 1, "jaanuariks" = 1,
    "veebruar" = 2, "veebruari" = 2, "veebruarit" = 2, "veebruaril" = 2, "veebruaris" = 2, "veebruarist" = 2, "veebruarini" = 2, "veebruariks" = 2,
    "märts" = 3, "märtsi" = 3, "märtsil" = 3, "märtsis" = 3, "märtsist" = 3, "märtsini" = 3, "märtsiks" = 3,
    "marts" = 3, "martsi" = 3, "martsil" = 3, "martsis" = 3, "martsist" = 3, "martsini" = 3, "martsiks" = 3,
    "aprill" = 4, "aprilli" = 4, "aprillil" = 4, "aprillis" = 4, "aprillist" = 4, "aprillini" = 4, "aprilliks" = 4,
    "mai" = 5, "maist" = 5, "maini" = 5, "maiks" = 5,
    "juuni" = 6, "juunil" = 6, "juunis" = 6, "juunist" = 6, "juunini" = 6, "juuniks" = 6,
    "juuli" = 7, "juulil" = 7, "juulis" = 7, "juulist" = 7, "juulini" = 7, "juuliks" = 7,
    "august" = 8, "augusti" = 8, "augustit" = 8, "augustil" = 8, "augustis" = 8, "augustist" = 8, "augustini" = 8, "augustiks" = 8,
    "september" = 9, "septembri" = 9, "septembrit" = 9, "septembril" = 9, "septembris" = 9, "septembrist" = 9, "septembrini" = 9, "septembriks" = 9,
    "oktoober" = 10, "oktoobri" = 10, "oktoobrit" = 10, "oktoobril" = 10, "oktoobris" = 10, "oktoobrist" = 10, "oktoobrini" = 10, "oktoobriks" = 10,
    "november" = 11, "novembri" = 11, "novembrit" = 11, "novembril" = 11, "novembris" = 11, "novembrist" = 11, "novembrini" = 11, "novembriks" = 11,
    "detsember" = 12, "detsembri" = 12, "detsembrit" = 12, "detsembril" = 12, "detsembris" = 12, "detsembrist" = 12, "detsembrini" = 12, "detsembriks" = 12,
    "jaan" = 1, "jaan." = 1, "veebr" = 2, "veebr." = 2, "apr" = 4, "apr." = 4, "aug" = 8, "aug." = 8,
    "sept" = 9, "sept." = 9, "sep" = 9, "sep." = 9, "okt" = 10, "okt." = 10, "nov" = 11, "nov." = 11,
    "dets" = 12, "dets." = 12
  }
  # Weekdays: the nominative, genitive/partitive (enne reedet), "on"
  # (reedel), "until" (reedeni), "by" (reedeks), "from" (reedest),
  # "on ...days" (reedeti) and "into" (reedesse).
  weekdays = {
    "esmaspäev" = 1, "esmaspäeva" = 1, "esmaspäeval" = 1, "esmaspäevani" = 1, "esmaspäevaks" = 1, "esmaspäevast" = 1, "esmaspäeviti" = 1, "esmaspäevasse" = 1,
    "esmaspaev" = 1, "esmaspaeva" = 1, "esmaspaeval" = 1, "esmaspaevani" = 1, "esmaspaevaks" = 1, "esmaspaevast" = 1, "esmaspaeviti" = 1,
    "teisipäev" = 2, "teisipäeva" = 2, "teisipäeval" = 2, "teisipäevani" = 2, "teisipäevaks" = 2, "teisipäevast" = 2, "teisipäeviti" = 2, "teisipäevasse" = 2,
    "teisipaev" = 2, "teisipaeva" = 2, "teisipaeval" = 2, "teisipaevani" = 2, "teisipaevaks" = 2, "teisipaevast" = 2, "teisipaeviti" = 2,
    "kolmapäev" = 3, "kolmapäeva" = 3, "kolmapäeval" = 3, "kolmapäevani" = 3, "kolmapäevaks" = 3, "kolmapäevast" = 3, "kolmapäeviti" = 3, "kolmapäevasse" = 3,
    "kolmapaev" = 3, "kolmapaeva" = 3, "kolmapaeval" = 3, "kolmapaevani" = 3, "kolmapaevaks" = 3, "kolmapaevast" = 3, "kolmapaeviti" = 3,
    "neljapäev" = 4, "neljapäeva" = 4, "neljapäeval" = 4, "neljapäevani" = 4, "neljapäevaks" = 4, "neljapäevast" = 4, "neljapäeviti" = 4, "neljapäevasse" = 4,
    "neljapaev" = 4, "neljapaeva" = 4, "neljapaeval" = 4, "neljapaevani" = 4, "neljapaevaks" = 4, "neljapaevast" = 4, "neljapaeviti" = 4,
    "reede" = 5, "reedet" = 5, "reedel" = 5, "reedeni" = 5, "reedeks" = 5, "reedest" = 5, "reedeti" = 5, "reedesse" = 5,
    "laupäev" = 6, "laupäeva" = 6, "laupäeval" = 6, "laupäevani" = 6, "laupäevaks" = 6, "laupäevast" = 6, "laupäeviti" = 6, "laupäevasse" = 6,
    "laupaev" = 6, "laupaeva" = 6, "laupaeval" = 6, "laupaevani" = 6, "laupaevaks" = 6, "laupaevast" = 6, "laupaeviti" = 6,
    "pühapäev" = 7, "pühapäeva" = 7, "pühapäeval" = 7, "pühapäevani" = 7, "pühapäevaks" = 7, "pühapäevast" = 7, "pühapäeviti" = 7, "pühapäevasse" = 7,
    "puhapaev" = 7, "puhapaeva" = 7, "puhapaeval" = 7, "puhapaevani" = 7, "puhapaevaks" = 7, "puhapaevast" = 7, "puhapaeviti" = 7
  }
  clock_words = { "keskpäev" = 12, "keskpäeval" = 12, "keskpäevaks" = 12, "keskpäevani" = 12,
    "kesköö" = 0, "keskööl" = 0, "keskööks" = 0, "keskööni" = 0, "südaöö" = 0, "südaööl" = 0 }
  # "kell 17", "kl 17": written before the hour (see the README's limits).
  clock = ["kell", "kella", "kl", "kl."]
  pm    = ["õhtul", "pärastlõunal", "ohtul"]
  am    = ["hommikul", "ennelõunal"]

  self_words = ["ise", "käsitsi", "omal käel", "kasitsi"]
  own_action = ["ma teen", "ma teen selle", "mina teen", "ma ise teen", "teen ise", "ma tegelen",
    "ma tegelen sellega", "ma hoolitsen", "ma võtan selle", "me teeme", "teeme ise", "ma vaatan ise"]
  # Subject pronouns opening a statement of how things are; not "sa",
  # "sina", "te", "teie", whom a rule addresses.
  aside = ["me", "meie", "nad", "nemad", "ta", "tema", "ma", "mina", "see on", "seal on",
    "meil on", "neil on"]

  # Letters that mark the language, for a text with no function word: õ
  # is Estonian's own (Portuguese, which writes it too, has more of its
  # own), ü it shares with German and Turkish. Not ä and ö, which Finnish
  # writes: a Finnish line keeps its language.
  letters = "õü"

  # Dates as day and month with dots, no year: "18.12.".
  day_month_dots = true

  stopwords = ["ning", "aga", "kuid", "ega", "või", "ehk", "kui", "sest", "nagu", "see", "seda",
    "selle", "sellest", "selles", "sellel", "sellele", "sellega", "neid", "nende",
    "mida", "mille", "kes", "keda", "kelle", "kas", "pole", "oled", "oleme", "olete", "olid",
    "olnud", "oleks", "olema", "minu", "mul", "sinu", "talle", "meie", "meil", "meile",
    "teie", "teil", "teile", "nemad", "neil", "neile", "veel", "juba", "väga", "palun",
    "aitäh", "tänan", "siin", "seal", "kus", "kuidas", "miks", "millal", "kõik", "kõiki",
    "ikka", "küll", "nüüd", "kohe", "koos", "jaoks", "poolt", "juures", "midagi", "keegi",
    "nii", "seega", "muidugi", "lihtsalt", "tegelikult", "jah", "samuti", "selline", "sellised",
    "mingi", "mingit", "kõigile", "võib", "saab", "eks", "vist", "äkki", "koik", "aitah",
    "vaga", "nuud", "et", "liiga", "kedagi", "kellegi", "kõike", "kõigi", "mõni", "mõned", "mitu",
    "palju", "enda", "endale", "ennast", "temal", "minul", "meid", "teid", "teda", "siia", "sinna",
    "sealt", "siit", "praegu", "täna", "muud", "muu", "teine", "teised", "kogu", "siiski", "ometi",
    "isegi", "noh", "tere", "ikkagi", "sellepärast", "selleks", "seepärast", "niisiis", "samas",
    # Cue words that only Estonian writes: a short rule holds few other
    # function words, and "kell" (o'clock) is a Hungarian one ("must").
    "tuleb", "peab", "pead", "peate", "peame", "peavad", "ära", "ärge", "enne", "pärast", "kuni",
    "alates", "hiljemalt", "ainult", "alati", "vähemalt", "ilma", "kõige", "rohkem", "vaja"]

  # A dot after these does not end a sentence.
  abbreviations = ["nt.", "nn.", "jne.", "jm.", "jms.", "st.", "s.t.", "v.a.", "u.", "umb.", "kl.",
    "tk.", "lk.", "dr.", "prof.", "hr.", "pr.", "mln.", "mld.", "max.", "min.", "maks.", "tel.",
    "nr.", "vt.", "jt.", "s.h.", "k.a.", "näit.", "sek.", "tuh.", "jaan.", "veebr.", "apr.",
    "aug.", "sept.", "okt.", "nov.", "dets."]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["vanasti", "vanal ajal", "omal ajal"]
}
