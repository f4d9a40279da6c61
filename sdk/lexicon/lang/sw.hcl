# Swahili (Kiswahili). Schema and meaning of every list: see en.hcl.
#
# Swahili marks negation, tense and person in verb prefixes: "usifute"
# (do not delete), "msifute" (you all, do not delete), "hairuhusiwi" (it is
# not allowed). A negative imperative is usi-/msi- + stem + -e, but the
# pattern cannot be a negative_words entry: the word is said of the thing
# after it ("usifute faili"), and si- stems make affirmative subjunctives
# fit it ("usimamie", supervise). So the everyday ones of an agent's work
# are listed one by one.
#
# Bare "si" (is not) is left out of negation: it is "if" in Spanish,
# Italian and Romanian, and a terse text is read with every language's
# cues. "sio"/"siyo" and phrases with "si" are kept.

language "sw" {
  name    = "Kiswahili"
  stemmer = "" # no Snowball stemmer for Swahili in snowballstem

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["kamwe", "marufuku", "hairuhusiwi", "haziruhusiwi", "hauruhusiwi", "usi", "msi", "haipaswi", "usije"]

  negation = ["sio", "siyo", "hapana", "kamwe", "katu", "usiwahi", "msiwahi",
    "usiwahi kamwe", "kamwe usi", "hata siku moja", "marufuku", "ni marufuku",
    "imepigwa marufuku", "zimepigwa marufuku", "umepigwa marufuku", "yamepigwa marufuku",
    "hairuhusiwi", "hauruhusiwi", "haziruhusiwi", "haruhusiwi", "haviruhusiwi",
    "hayaruhusiwi", "hamruhusiwi", "hawaruhusiwi", "hatuwaruhusiwi", "sikuruhusiwi", "si ruhusa", "hakuna ruhusa", "bila ruhusa",
    "usifanye", "msifanye", "usitume", "msitume", "usifute", "msifute", "usiguse",
    "msiguse", "usibadilishe", "msibadilishe", "usiendeshe", "msiendeshe", "usianzishe",
    "msianzishe", "usizime", "msizime", "usiwashe", "msiwashe", "usitumie", "msitumie",
    "usiweke", "msiweke", "usiongeze", "msiongeze", "usipeleke", "msipeleke",
    "usisakinishe", "msisakinishe", "usiandike", "msiandike", "usiondoe", "msiondoe",
    "usisukume", "msisukume", "usiunganishe", "msiunganishe", "usitoe", "msitoe",
    "usihamishe", "msihamishe", "usizidishe", "msizidishe", "usiruhusu", "msiruhusu",
    "usishiriki", "msishiriki", "usichapishe", "msichapishe", "usipakie", "msipakie",
    "usilipe", "msilipe", "usinunue", "msinunue", "usiuze", "usituma",
    "usiwasiliane", "usiwasha", "usiache", "msiache", "usije", "usiende", "msiende",
    "usifungue", "msifungue", "usifunge", "msifunge", "usizindue", "msizindue",
    "usiwashirikishe", "usiupdate", "usideploy", "msideploy", "usicommit", "usipush",
    "usiandikie", "usiharibu", "usiguse kabisa",
    "hupaswi", "hampaswi", "hatupaswi", "hawapaswi", "haipaswi", "hazipaswi",
    "haupaswi", "hapaswi", "haifai", "hazifai", "haiwezekani", "huwezi", "hamwezi",
    "hatuwezi", "epuka", "epukeni", "kuepuka", "jiepushe", "jiepusheni",
    "hakuna", "hamna", "hakuna mtu", "hakuna yeyote", "hakuna chochote", "si mtu yeyote",
    "imefungwa", "imezuiwa", "zimezuiwa", "imezuiliwa", "marufuku kabisa",
    "kusoma tu", "ya kusoma tu", "isiguswe", "zisiguswe", "visiguswe", "lisiguswe",
    "isifutwe", "zisifutwe", "isibadilishwe", "zisibadilishwe"]
  # "tu" (only) follows what it restricts ("tumia Python tu"). It is also
  # "you" in French and Portuguese and "here" in Polish and Czech, but a
  # function word of a text's main language is read as that language reads
  # it, so it counts as "only" where Swahili is read.
  only = ["tu", "pekee", "peke yake", "peke yao", "pekee yake", "pekee yao",
    "hakuna kingine", "hakuna mwingine", "si kingine",
    "isipokuwa tu", "tu basi", "tu na si", "imewekewa kikomo kwa", "imebanwa kwa"]
  upper = ["si zaidi ya", "isiyozidi", "zisizozidi", "kisichozidi", "wasiozidi",
    "usiozidi", "lisilozidi", "yasiyozidi", "visivyozidi", "isizidi", "zisizidi",
    "kisizidi", "wasizidi", "usizidi", "lisizidi", "yasizidi", "visizidi",
    "hadi", "mpaka", "kiwango cha juu", "kiwango cha juu kabisa", "upeo",
    "upeo wa", "kikomo", "kikomo cha", "kima cha juu", "chini ya", "pungufu ya",
    "au chini", "au pungufu", "au chini yake", "ndani ya", "kwa kiwango cha juu",
    "isiyopita", "zisizopita", "isipite", "zisipite", "max", "maks", "maksimamu"]
  # "juu ya" (above) is left out: it is also "about, on" ("ripoti juu ya
  # bajeti").
  lower = ["angalau", "walau", "si chini ya", "isiyopungua", "zisizopungua",
    "kisichopungua", "wasiopungua", "usiopungua", "yasiyopungua", "visivyopungua",
    "isipungue", "zisipungue", "wasipungue", "kiwango cha chini", "kima cha chini",
    "zaidi ya", "au zaidi", "kuzidi", "inazidi", "zinazidi", "ikizidi", "zikizidi",
    "imezidi", "zimezidi", "kupita", "inapita", "min", "minimamu"]
  firm = ["max", "maks", "maksimamu", "angalau", "min", "minimamu"]
  before = ["kabla ya", "kabla", "hadi", "mpaka", "kufikia", "si zaidi ya tarehe",
    "si baada ya", "tarehe ya mwisho", "muda wa mwisho", "mwisho wa kuwasilisha",
    "deadline", "ifikapo"]
  after = ["baada ya", "baada", "si kabla ya", "kuanzia", "kuanzia tarehe", "tangu",
    "kuanzia sasa", "mara baada ya", "punde baada ya"]
  must = ["lazima", "ni lazima", "sharti", "ni sharti", "inabidi", "itabidi",
    "unapaswa", "mnapaswa", "tunapaswa", "inapaswa", "zinapaswa", "wanapaswa",
    "anapaswa", "yapaswa", "unatakiwa", "mnatakiwa", "tunatakiwa", "inatakiwa",
    "zinatakiwa", "wanatakiwa", "inahitajika", "zinahitajika", "inahitaji",
    "hakikisha", "hakikisheni", "kuhakikisha", "daima", "kila mara",
    "mara zote", "usisahau", "msisahau", "kumbuka", "kumbukeni", "ni wajibu",
    "wajibu", "kwa lazima", "omba ruhusa kwanza", "uliza kwanza", "pata idhini",
    "inahitaji idhini", "ibaki", "zibaki", "vibaki", "ibaki kama ilivyo",
    "kama ilivyo", "bila kubadilishwa", "bila mabadiliko", "haibadiliki",
    "inabaki", "zinabaki", "wakati wote", "kila wakati"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["daima", "kila mara", "kila wakati", "wakati wote", "mara zote", "siku zote", "kuanzia sasa", "tangu sasa", "kuanzia leo", "kuanzia sasa na kuendelea", "kwa chaguo-msingi", "kwa chaguomsingi"]
  weaken = ["ikiwezekana", "kama inawezekana", "ikiwa inawezekana", "kadiri iwezekanavyo",
    "kwa kadiri iwezekanavyo", "ni bora", "ingekuwa bora", "ingependeza", "bora zaidi",
    "afadhali", "jaribu", "jaribuni", "jaribu kutoku", "jaribu kuepuka", "jitahidi",
    "jitahidini", "inapendekezwa", "tunapendekeza", "napendekeza", "pendekezo",
    "hiari", "kwa hiari", "si lazima sana", "kwa kawaida", "mara nyingi", "vyema"]
  exception = ["isipokuwa", "ila", "isipokuwa kama", "ila kama", "ila tu", "mbali na",
    "bila kujumuisha", "pasipo", "ukiondoa", "ukitoa"]
  # "mradi" (provided that) is left out: it is "project" in every tech
  # text. "ilimradi" is kept.
  condition = ["kama", "ikiwa", "endapo", "iwapo", "wakati", "wakati wa", "wakati wowote",
    "kila unapo", "bila", "ilimradi", "pindi", "pale ambapo", "katika hali ya",
    "ukiwa", "mkiwa", "ikitokea", "ikishindikana"]
  lift = ["haihitajiki tena", "hazihitajiki tena", "si lazima tena", "si lazima",
    "hakuna haja", "hakuna haja tena", "hamna haja", "sasa unaweza", "sasa mnaweza",
    "unaweza sasa", "mnaweza sasa", "sasa inaruhusiwa", "inaruhusiwa tena",
    "zinaruhusiwa tena", "imeruhusiwa", "marufuku imeondolewa", "imeondolewa",
    "zimeondolewa", "imefutwa", "zimefutwa", "imebatilishwa", "puuza", "puuza hilo",
    "puuzeni", "sahau hilo", "sahau kuhusu", "achana na", "endelea", "endeleeni",
    "haitumiki tena", "haifanyi kazi tena", "jisikie huru", "kuwa huru"]
  replace = ["badala yake", "badala ya", "imebadilishwa kuwa", "imebadilishwa hadi",
    "imebadilishwa", "zimebadilishwa", "badilisha kuwa", "hamia", "imehamishiwa",
    "imehamishwa", "imesogezwa", "imeahirishwa hadi", "sasa", "kuanzia sasa",
    "mpya", "marekebisho", "nasahihisha", "sahihisho", "kurekebisha"]
  failed = ["imeshindwa", "ilishindwa", "zimeshindwa", "zilishindwa", "ameshindwa",
    "alishindwa", "tumeshindwa", "tulishindwa", "nimeshindwa", "nilishindwa",
    "ulishindwa", "umeshindwa", "walishindwa", "wameshindwa", "kushindwa",
    "imefeli", "ilifeli", "zilifeli", "ilikataa", "imekataa", "haikufanya kazi", "hazikufanya kazi",
    "haifanyi kazi", "hazifanyi kazi", "haikufanikiwa", "hazikufanikiwa", "hitilafu",
    "kosa", "makosa", "error", "muda umeisha", "muda ulikwisha", "muda umekwisha",
    "timeout", "imekataliwa", "zimekataliwa", "ilikataliwa", "imerudishwa nyuma",
    "ilirudishwa nyuma", "rollback", "imeanguka", "ilianguka", "imeharibika",
    "imekwama", "ilikwama", "haikusaidia", "bila mafanikio", "bila kufanikiwa"]
  report = ["aliuliza", "waliuliza", "aliniuliza", "anauliza", "wanauliza", "alisema",
    "walisema", "anasema", "wanasema", "alitaja", "alieleza", "aliandika",
    "alilalamika", "walilalamika", "analalamika", "nilisubiri", "tulisubiri",
    "alisubiri", "tumesubiri", "nimesubiri", "ilichukua", "jana", "juzi",
    "wiki iliyopita", "mwezi uliopita", "mwaka jana", "mwaka uliopita",
    "mara ya mwisho", "usiku wa jana", "aliomba", "walipiga simu", "alipiga simu",
    "kwa taarifa yako", "kwa taarifa tu", "kwa ufahamu wako", "ujue tu", "nilingoja", "tulingoja",
    "nilipigiwa simu", "niliamshwa", "jana usiku", "kwa wiki mbili sasa", "kwa wiki kadhaa"]
  ask = ["anauliza kama", "aliuliza kama", "wanauliza kama", "waliuliza kama",
    "anauliza ikiwa", "aliuliza ikiwa", "anataka kujua kama", "alitaka kujua kama",
    "wanataka kujua kama", "analalamika kwamba", "alilalamika kwamba",
    "walilalamika kwamba", "analalamika kuhusu", "alilalamika kuhusu",
    "niambie kama", "nijulishe kama", "nijulishe ikiwa",
    "niambie kwamba", "niambie ya kwamba", "niambie kuwa", "tuambie kwamba", "niambieni kwamba",
    "usiniambie kwamba", "usiniambie kuwa", "usiniambie", "natamani", "laiti",
    "ingekuwa vizuri kama", "ingekuwa vizuri ikiwa", "ingependeza kama", "ndoto yangu"]
  concession = ["hata kama", "hata ikiwa", "ingawa", "japo", "japokuwa", "ingawaje",
    "licha ya"]
  consequence = ["la sivyo", "vinginevyo", "ama sivyo"]
  reason = ["kwa sababu"]
  minus = ["hasi"]
  summary = ["muhtasari", "mukhtasari", "fupisha", "fupisheni", "ufupisho"]
  neutral = ["hakuna kilichoamuliwa", "hamna kilichoamuliwa", "hakuna kitu kimeamuliwa", "hakuna uamuzi bado", "bado hakuna uamuzi", "bado hamna uamuzi", "hakuna uamuzi uliofanywa", "hakuna uamuzi uliofikiwa", "hakuna kilichokubaliwa", "hakuna uhakika", "hamna uhakika", "sijui", "hatujui", "sina uhakika", "hakuna shida", "hakuna tatizo",
    "hamna shida", "hamna tatizo", "usijali", "msijali", "hakuna haraka",
    "hakuna neno", "si mbaya", "hakuna noma",
    "kwa wakati mmoja", "kwa wakati", "kwa sasa"]

  # "tena" (again) and "ila" (except) do not join two rules.
  coordinators = ["na", "lakini", "pia", "kisha", "halafu", "au", "ama", "wala"]

  # Swahili writes the scale before its multiplier ("elfu tatu", 3000;
  # "mia tano", 500), which a scale word after the number cannot say: "mia"
  # and "elfu" are left out rather than read as 100 and 1000 beside the
  # number.
  numbers = {
    "sifuri" = 0, "moja" = 1, "mbili" = 2, "tatu" = 3, "nne" = 4, "tano" = 5,
    "sita" = 6, "saba" = 7, "nane" = 8, "tisa" = 9, "kumi" = 10,
    "kumi na moja" = 11, "kumi na mbili" = 12, "kumi na tano" = 15,
    "ishirini" = 20, "thelathini" = 30, "arobaini" = 40, "hamsini" = 50,
    "sitini" = 60, "sabini" = 70, "themanini" = 80, "tisini" = 90,
    "nusu" = 0.5, "mara moja" = 1, "mara mbili" = 2, "mara tatu" = 3,
    "dazeni" = 12, "dazani" = 12
  }
  scales = { "k" = 1000 }

  # "saa" is hour, and also the clock word before an hour in Swahili time
  # (saa tatu asubuhi = 9:00): the hour is read as a unit only.
  units = {
    "milisekunde" = "ms", "sekunde" = "s", "sek" = "s", "dakika" = "min", "dk" = "min",
    "saa" = "h", "masaa" = "h", "siku" = "d", "wiki" = "wk", "juma" = "wk",
    "mwezi" = "mo", "miezi" = "mo", "mwaka" = "yr", "miaka" = "yr",
    "asilimia" = "%", "mita" = "m", "kilomita" = "km", "kilo" = "kg",
    "kilogramu" = "kg", "gramu" = "g", "tani" = "t", "lita" = "l",
    "mita za ujazo" = "m3", "nyuzi" = "deg", "digrii" = "deg",
    "dola" = "USD", "dola za kimarekani" = "USD", "euro" = "EUR", "yuro" = "EUR",
    "pauni" = "GBP", "shilingi za kenya" = "KES", "shilingi za tanzania" = "TZS",
    "shilingi za uganda" = "UGX"
    # Bare "shilingi" is left out: Kenya, Tanzania and Uganda each have one.
  }
  per = ["kwa", "kila"]
  every = ["kila"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["sheria", "kanuni", "masharti", "vikwazo", "miongozo", "taratibu"]
  without = ["bila"]

  months = {
    "januari" = 1, "februari" = 2, "machi" = 3, "aprili" = 4, "mei" = 5, "juni" = 6,
    "julai" = 7, "agosti" = 8, "septemba" = 9, "oktoba" = 10, "novemba" = 11,
    "desemba" = 12, "jan" = 1, "feb" = 2, "apr" = 4, "ago" = 8, "sep" = 9, "okt" = 10,
    "nov" = 11, "des" = 12
  }
  weekdays = {
    "jumatatu" = 1, "jumanne" = 2, "jumatano" = 3, "alhamisi" = 4, "ijumaa" = 5,
    "jumamosi" = 6, "jumapili" = 7
  }
  clock_words = { "adhuhuri" = 12 }
  # Swahili counts the hours from 6:00 (saa moja asubuhi is 7:00), so an
  # hour with "asubuhi", "mchana", "jioni" or "usiku" is not a 12-hour
  # clock's: no am/pm marks, an hour in digits (18:00) is read as written.
  clock = []
  pm    = []
  am    = []

  # Swahili writes no letter of its own; its function words tell it.
  # "wake" (his) and "lake" are left out: they are English words.
  # "sana" (very) and "ama" (or) are left out: they are Turkish function
  # words, and Swahili comes first in a tie.
  # "na" (and), "la", "za" are left out: they are Polish, Czech,
  # Portuguese, French function words, and would read those texts in
  # Swahili. "ya" (of) is kept: it is also Spanish and Indonesian, which
  # come earlier and win a tie.
  stopwords = ["ya", "wa", "kwa", "katika", "ni", "hii", "hiyo", "huu", "huo", "hizi",
    "hizo", "hili", "hilo", "kwamba", "kuwa", "lakini", "pia", "yako", "yetu",
    "wetu", "zetu", "yangu", "wangu", "zangu", "lako", "letu", "langu", "tafadhali",
    "hapa", "huko", "sisi", "wewe", "mimi", "yeye", "wao", "ninyi", "nini", "gani",
    "vipi", "ili", "ambayo", "ambao", "ambapo", "ambalo", "ambacho", "ambazo", "kwenye",
    "cha", "vya", "yake", "zake", "chake", "hivyo", "hivi", "kuna",
    "pamoja", "kwani", "kwa sababu", "sababu", "bado", "tayari", "zote", "yote", "wote",
    "kabisa", "asante", "tunahitaji", "unaweza", "naomba", "tafadhalini", "halafu",
    "kisha", "wala", "ndiyo", "ndio", "haya", "hayo", "hao", "hiki", "hicho", "ile",
    "kile", "yale", "wale", "kwenda", "kutoka", "wakati huu"]

  abbreviations = ["k.m.", "n.k.", "bw.", "bi.", "dkt.", "prof."]
  disjunctions = ["au", "ama", "wala"]
}
