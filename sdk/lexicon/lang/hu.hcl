# Hungarian. Schema and meaning of every list: see en.hcl. Hungarian is
# agglutinative: case endings are suffixes, so the inflected forms a bound
# or a rate is written with are listed whole (napig, órán belül, óránként,
# háromnál). A suffix on a figure is joined with a hyphen ("22:00-ig",
# "3-nál több", "15-étől") and read as its own phrase after the number:
# "-ig" (up to, until) is an upper bound and a time bound as Turkish
# "kadar" is, and the postpositions "előtt" (before) and "után" (after)
# are bounds too, since they follow the value they bound. Negation is
# "nem" (statements) and "ne" (commands, wishes); "sem"/"se" is "nor".
# Chat is sometimes typed without accents, so the main cues are also listed
# without them.

language "hu" {
  name    = "Magyar"
  stemmer = "hungarian"
  bounds_follow = true

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["ne", "soha", "sose", "tilos", "nem szabad", "nem lehet", "semmiképp", "semmiképpen", "semmi esetre", "ne legyen"]

  negation = ["nem", "ne", "soha", "sose", "sosem", "soha ne", "soha nem", "semmi", "semmit",
    "semmilyen", "semmiféle", "senki", "senkinek", "sehol", "sehova", "sem szabad", "sem lehet",
    "se szabad", "se lehet", "egyáltalán nem",
    "egyaltalan nem", "semmiképp", "semmiképpen", "semmiképp se", "semmiképpen se",
    "semmiképpen sem", "semmikepp", "semmikeppen", "semmi esetre sem", "semmi esetben",
    "semmilyen körülmények között", "semmi szín alatt", "tilos", "tilosak", "tiltott",
    "tiltottak", "tiltva", "megtiltva", "megtiltjuk", "megtiltom", "letiltva", "le van tiltva",
    "tiltás", "tilalom", "tilalma", "nem szabad", "ne legyen", "nem lehet", "nem lehetséges",
    "nem engedélyezett", "nem engedelyezett", "nincs engedélyezve", "nem megengedett",
    "nem megengedett", "nem engedjük", "nem engedélyezzük", "nem kellene", "nem kéne",
    "nem szabadna", "nem használható", "nem futtatható", "nem indítható", "nem módosítható",
    "nem törölhető", "nincs", "nincsen", "nincsenek", "kerülendő", "kerüld", "kerülje",
    "kerüljük", "kerüljétek", "kerülni kell", "kerülni", "tartózkodj", "tartózkodjon",
    "kizárt", "kizárva", "ki van zárva", "zárolva", "zárolt", "zárolás", "befagyasztva",
    "befagyasztott", "fagyasztás", "befagyasztás", "csak olvasható", "csak olvasási",
    "read-only", "ne nyúlj", "ne nyúljon", "ne nyúljatok", "ne nyúljanak", "hozzá ne nyúlj",
    "ne érintsd", "ne piszkáld", "hagyd békén", "hagyja békén", "hagyjátok békén", "tabu",
    "felfüggesztve", "szünetel", "lezárva", "elérhetetlen", "nem elérhető", "megtagad",
    "megtagadja",
    # "ne" and a command, whole: "ne" alone is also a function word of
    # Finnish, Italian, Romanian and Turkish, and a text that one of them
    # tells reads it as that language does. A phrase of two words counts in
    # every language read.
    "ne futtasd", "ne futtassa", "ne futtassátok", "ne futtass", "ne fusson", "ne fussanak",
    "ne indítsd", "ne indítsa", "ne indítsátok", "ne indíts", "ne induljon",
    "ne töröld", "ne törölje", "ne töröljétek", "ne törölj", "ne telepítsd", "ne telepítse",
    "ne telepíts", "ne telepítsétek", "ne módosítsd", "ne módosítsa", "ne módosíts",
    "ne változtasd", "ne változtassa", "ne változtass", "ne használd", "ne használja",
    "ne használj", "ne használjátok", "ne küldd", "ne küldje", "ne küldj", "ne küldjétek",
    "ne állítsd", "ne állítsa", "ne kapcsold", "ne kapcsolja", "ne frissítsd", "ne frissítse",
    "ne frissíts", "ne írd", "ne írja", "ne írj", "ne tedd", "ne tegye", "ne tegyél",
    "ne csináld", "ne csinálja", "ne csinálj", "ne add", "ne adja", "ne adj", "ne nyisd",
    "ne nyissa", "ne nyiss", "ne oszd", "ne ossza", "ne említsd", "ne említse", "ne hívd",
    "ne hívja", "ne fizess", "ne fizessen", "ne engedélyezd", "ne engedélyezze",
    "ne pusholj", "ne pushold", "ne deployolj", "ne commitolj", "ne mergeld", "ne mergelj"]
  only = ["csak", "csakis", "kizárólag", "kizarolag", "kizárólagosan", "egyedül", "pusztán",
    "csupán", "semmi más", "semmi mást", "semmi mással", "más nem", "mást nem", "korlátozva",
    "-ra korlátozva", "-re korlátozva", "fenntartva", "egyetlen", "egyedüli"]
  upper = ["legfeljebb", "legföljebb", "maximum", "max", "max.", "maximálisan", "maximalisan",
    "maximum annyi", "nem több mint", "nem több, mint", "nem tobb mint", "nem több",
    "nem lehet több", "nem lehet több mint", "ne legyen több", "ne legyen több mint",
    "kevesebb mint", "kevesebb, mint", "kevesebb", "kevesebbet", "kisebb mint", "kisebb, mint",
    "kisebb", "rövidebb mint", "rövidebb", "alacsonyabb mint", "alacsonyabb", "alatt",
    "alatti", "alá", "vagy kevesebb", "vagy annál kevesebb", "vagy kevesebbet", "vagy alatta",
    "vagy kisebb", "nem haladhatja meg", "nem haladja meg", "ne haladja meg",
    "ne haladja meg a", "ne lépje túl", "nem lépheti túl", "nem lépi túl", "nem lépheti át",
    "felső határ", "felső határa", "felső korlát", "limit",
    "limitje", "plafon", "belül", "-ig", "-éig", "-áig", "-jéig", "-jáig", "-nál kevesebb",
    "-nél kevesebb", "-nál kisebb", "-nél kisebb", "-nál nem több", "-nél nem több",
    "-nál rövidebb", "-nél rövidebb", "-nál alacsonyabb", "-nél alacsonyabb", "előtt",
    "elott", "-ra csökkentve", "-re csökkentve", "-ra csökkentjük", "-re csökkentjük",
    "-ra emelve", "-re emelve", "-ra emeljük", "-re emeljük", "-ra korlátozva",
    "-re korlátozva", "-ra limitálva", "-re limitálva"]
  lower = ["legalább", "legalabb", "legkevesebb", "minimum", "min", "min.", "minimálisan",
    "minimalisan", "nem kevesebb mint", "nem kevesebb, mint", "nem kevesebb",
    "nem lehet kevesebb", "ne legyen kevesebb", "több mint", "több, mint", "tobb mint", "több",
    "többet", "nagyobb mint", "nagyobb, mint", "nagyobb", "hosszabb mint", "hosszabb",
    "magasabb mint", "magasabb", "felett", "fölött", "feletti", "fölötti", "fölé", "fölé",
    "vagy több", "vagy annál több", "vagy többet", "vagy nagyobb", "vagy felette",
    "meghaladja", "meghaladó", "meghaladhatja", "meghaladni", "haladja meg", "túllépi",
    "túllép", "túllépheti", "túllépése", "alsó határ", "alsó határa", "alsó korlát",
    "-nál több", "-nél több", "-nál nagyobb", "-nél nagyobb", "-nál nem kevesebb",
    "-nél nem kevesebb", "-nál hosszabb", "-nél hosszabb", "-nál magasabb", "-nél magasabb",
    "után", "utan", "-tól", "-től", "-ától", "-étől", "-jétől", "-jától"]
  firm = ["legfeljebb", "legföljebb", "maximum", "max", "max.", "maximálisan", "maximalisan", "maximum annyi", "legalább", "legalabb", "legkevesebb", "minimum", "min", "min.", "minimálisan", "minimalisan"]
  before = ["előtt", "elott", "mielőtt", "mielott", "-ig", "-éig", "-áig", "-jéig", "-jáig",
    "legkésőbb", "legkesobb", "legkésőbb -ig", "nem később mint", "nem később, mint",
    "nem később", "nem kesobb mint", "határidő", "határideje", "határidőig", "határidővel",
    "hatarido", "deadline", "lejárat", "lejárata", "lejáratig", "esedékes",
    "korábban mint", "korábban, mint", "addig", "eddig"]
  after = ["után", "utan", "miután", "miutan", "azután", "ezután", "-tól", "-től", "-ától",
    "-étől", "-jétől", "-jától", "-tól kezdve", "-től kezdve", "-tól kezdődően",
    "-től kezdődően", "kezdve", "kezdődően", "óta", "legkorábban", "legkorabban",
    "nem korábban mint", "nem korábban, mint", "nem korábban", "nem előbb mint", "nem előbb",
    "követően", "azt követően", "ezt követően", "később mint", "később, mint", "mihelyt",
    "amint", "amikor már"]
  must = ["kell", "kell hogy", "kell, hogy", "kellene hogy", "muszáj", "muszaj", "kötelező",
    "kotelezo", "kötelezően", "kötelezoen", "kötelező jelleggel", "kötelessége", "köteles",
    "kötelesek", "szükséges", "szukseges", "szükség van", "szükség van rá", "elengedhetetlen",
    "nélkülözhetetlen", "mindig", "minden esetben", "minden alkalommal", "mindenkor",
    "mindenképp", "mindenképpen", "mindenkeppen", "feltétlenül", "feltetlenul", "okvetlenül",
    "biztosítsd", "biztosítsa", "biztosítsátok", "biztosítani kell", "győződj meg",
    "győződjön meg", "győződjetek meg", "bizonyosodj meg", "ügyelj", "ügyeljen", "ügyeljetek",
    "ügyelni kell", "figyelj arra", "figyeljen arra", "ne felejtsd el", "ne felejtse el",
    "ne felejtsétek el", "el ne felejtsd", "ne feledd", "ne feledje", "emlékezz", "emlékezzen",
    "előbb kérdezz", "kérdezz előbb", "előbb kérdezd meg", "előbb egyeztess", "egyeztess",
    "egyeztessen", "egyeztetni kell", "jóváhagyás szükséges", "jóváhagyást igényel",
    "jóváhagyással", "jóváhagyás után", "engedély szükséges", "engedéllyel", "előírt",
    "előírás", "elvárt", "változatlan", "változatlanul", "változatlanul marad", "marad",
    "maradjon", "maradjanak", "maradnia kell", "érintetlen", "érintetlenül"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["mindig", "mindenkor", "minden alkalommal", "minden esetben", "állandóan", "mostantól", "mostantol", "ezentúl", "ezentul", "a jövőben", "alapértelmezetten", "alapértelmezés szerint"]
  weaken = ["próbáld", "próbálja", "próbáljuk", "próbáljátok", "próbálj", "próbálja meg",
    "próbáld meg", "próbáld meg nem", "igyekezz", "igyekezzen", "igyekezzünk", "igyekezzetek",
    "lehetőleg", "lehetoleg", "ha lehet", "ha lehetséges", "ha lehetseges",
    "amennyiben lehetséges", "lehetőség szerint", "lehetőleg ne", "ideális esetben",
    "ideálisan", "inkább", "előnyben részesítendő", "előnyös", "érdemes", "ajánlott",
    "ajanlott", "javasolt", "javasoljuk", "javaslom", "ajánlatos", "ajánljuk", "opcionális",
    "opcionálisan", "opcionalis", "nem kötelező", "nem kotelezo", "nem muszáj", "ha tudod",
    "ha tudja", "ha tudsz", "ha tudtok", "jó lenne", "jó volna", "célszerű", "általában",
    "rendszerint", "fontold meg", "fontolja meg", "megfontolandó", "amennyire lehet",
    "amennyire csak lehet"]
  exception = ["kivéve", "kiveve", "kivéve ha", "kivéve, ha", "kivételével", "kivetelevel",
    "kivétel", "kivételt képez", "hacsak", "hacsak nem", "leszámítva", "leszamitva",
    "nem számítva", "kívül", "azon kívül", "ezen kívül", "de nem", "viszont nem", "ám nem",
    "más mint", "más, mint", "eltekintve"]
  condition = ["ha", "amikor", "mikor", "amennyiben", "valahányszor", "ahányszor", "míg",
    "amíg", "mialatt", "miközben", "során", "idején", "közben", "folyamán", "nélkül",
    "anélkül", "anélkül, hogy", "esetén", "esetében", "abban az esetben", "abban az esetben, ha",
    "ha esetleg", "feltéve, hogy", "feltéve hogy", "azzal a feltétellel", "szükség esetén",
    "szükség szerint", "ameddig"]
  lift = ["már nem", "mar nem", "többé nem", "már nem kell", "többé nem kell", "nem kell",
    "nem kell már", "már nem szükséges", "nem szükséges", "nincs szükség", "nincs rá szükség",
    "nincs már szükség", "már nem érvényes", "nem érvényes", "nem érvényes többé",
    "már nem tilos", "nem tilos", "hatályát veszti", "hatályon kívül", "hatálytalan",
    "feloldva", "feloldjuk", "feloldottuk", "feloldották", "feloldás", "feloldható", "feloldom",
    "megszűnt", "megszűnik", "megszüntettük", "visszavonva", "visszavonjuk", "visszavontuk",
    "visszavonták", "visszavonom", "nyugodtan", "mehet", "mehet a", "mehetsz", "mehettek",
    "mehet tovább", "most már lehet", "most már szabad", "már lehet", "már szabad",
    "újra lehet", "újra szabad", "ismét lehet", "ismét szabad", "ismét engedélyezett",
    "újra engedélyezett", "újra engedélyezve", "felejtsd el", "felejtsük el", "felejtse el",
    "felejtsétek el", "hagyd", "hagyjuk", "tárgytalan", "nem számít", "mégsem", "lefújva",
    "lefújtuk", "érvénytelen", "érvénytelenítve",
    "véget ért", "nincs már"]
  replace = ["helyett", "ehelyett", "ahelyett", "helyette", "helyébe", "helyére", "lecserélve",
    "lecseréltük", "lecseréljük", "kicserélve", "kicseréltük", "cserélve", "módosítva",
    "módosult", "módosítottuk", "megváltozott", "megváltoztattuk", "változott",
    "áthelyezve", "áthelyeztük", "átköltözött", "áttettük", "áttesszük", "átraktuk",
    "elhalasztva", "elhalasztottuk", "elhalasztjuk", "átütemezve", "átütemeztük",
    "most már", "mostantól", "ezentúl", "mától", "mostanától", "innentől", "innentől kezdve",
    "új", "újat", "az új", "helyesbítés", "helyesbítek", "helyesbítem", "pontosítás",
    "pontosítok", "pontosítom", "korrekció", "javítom magam", "inkább mint"]
  failed = ["nem sikerült", "nem sikerul", "nem sikerült", "sikertelen", "sikertelenül",
    "sikertelen volt", "nem sikerül", "hiba", "hibát", "hibával", "hibás", "hibára futott",
    "hibát dobott", "hibaüzenet", "elszállt", "összeomlott", "osszeomlott", "lefagyott",
    "nem működött", "nem mukodott", "nem működik", "nem mukodik", "nem ment", "nem jött össze",
    "elakadt", "megszakadt", "időtúllépés", "időtúllépéssel", "timeout", "elutasítva",
    "elutasította", "elutasították", "visszautasítva", "visszautasította", "visszaállítva",
    "visszaállítottuk", "visszaállították", "rollback", "visszagörgetve", "visszagörgettük",
    "nem segített", "hiába", "hiaba", "kudarc", "kudarcot vallott", "meghiúsult", "elbukott",
    "bukott", "nem futott le", "nem ment át", "nem fut", "leállt", "elhasalt"]
  report = ["kérdezte", "kérdezték", "megkérdezte", "megkérdezték", "kérdezett", "kérdeztem",
    "várt", "vártunk", "vártam", "vártak", "várakoztunk", "tartott", "eltartott", "panaszkodott",
    "panaszkodtak", "panaszkodik", "mondta", "mondták", "mondott", "említette", "említették",
    "említett", "szólt", "jelezte", "jelezték", "jelentette", "írta", "írták", "továbbította",
    "idézte", "legutóbb", "múltkor", "a múltkor", "tavaly", "tegnap", "tegnapelőtt",
    "tegnap este", "múlt héten", "a múlt héten", "múlt hónapban", "a múlt hónapban",
    "tavaly nyáron", "tavaly télen", "az előző évben", "előző alkalommal", "töltöttem",
    "töltöttünk", "eltöltöttünk",
    "csak hogy tudd", "csak hogy tudjátok", "csak hogy tudja", "tájékoztatásul", "tájékoztatásképpen",
    "infóként", "csak szólok", "várakoztattak", "sorban álltam", "felhívtak", "felkeltettek", "hetek óta",
    "napok óta", "két hete", "egy hete"]
  ask = ["kérdezi, hogy", "kérdezi hogy", "kérdezte, hogy", "kérdezte hogy", "megkérdezte, hogy",
    "azt kérdezi", "azt kérdezte", "azt kérdezik", "tudni szeretné", "tudni akarja",
    "szeretné tudni", "szeretném tudni", "tudni szeretném", "panaszkodik, hogy",
    "panaszkodott, hogy", "panaszkodik", "panaszkodott", "mondd, hogy", "mondd meg, hogy",
    "ne mondd, hogy", "ne mondd hogy", "kíváncsi vagyok, hogy", "kíváncsi, hogy",
    "szólj, ha", "szóljon, ha", "jelezd, ha", "jelezze, ha",
    "bárcsak", "barcsak", "remélhetőleg", "remelhetoleg",
    "reméljük", "jó lenne, ha", "jó lenne ha", "jo lenne ha", "de jó lenne, ha", "jó volna, ha",
    "jó volna ha", "szuper lenne, ha", "arról álmodom", "álmodom arról",
    "mondd nekem, hogy", "mondd nekem hogy", "mondd meg nekem, hogy"]
  concession = ["még ha", "még akkor is, ha", "akkor is, ha", "akkor is ha", "annak ellenére, hogy",
    "annak ellenére hogy", "noha", "bár", "habár", "függetlenül attól"]
  consequence = ["különben", "kulonben", "ellenkező esetben", "máskülönben", "mert különben"]
  reason = ["mert", "mivel"]
  minus = ["mínusz", "minusz"]
  summary = ["összefoglaló", "összefoglalót", "összefoglalás", "összefoglalást", "összegzés",
    "összegzést", "foglald össze", "foglalja össze", "foglaljátok össze", "összefoglalni",
    "összefoglalója", "összefoglalóban"]
  neutral = ["nincs eldöntve", "nincs még eldöntve", "semmi sincs eldöntve", "semmi sem dőlt el", "nem dőlt el", "nem döntöttünk", "nem döntöttük el", "nincs döntés", "nem született döntés", "nincs lefixálva", "nincs véglegesítve", "nem tudom", "nem tudjuk", "fogalmam sincs", "nem vagyok biztos",
    "nem vagyok benne biztos", "nem probléma", "nem gond", "semmi gond", "semmi baj",
    "nem baj", "nincs mit", "ne aggódj", "ne aggódjon", "ne aggódjatok", "ne izgulj",
    "ne izguljon", "ne stresszelj", "nem sürgős", "nem sietős", "még nem", "nem rossz",
    "nincs kedvem", "nem mintha", "nem csak", "nemcsak", "csak kérdezem", "csak kérdezném",
    "csak egy kérdés", "csak hogy tudd", "nem igaz", "ugye nem"]

  # "de" (but) is left out: it is a function word of half of Europe, and
  # Hungarian writes a comma before it, which cuts as well.
  coordinators = ["és", "valamint", "továbbá", "illetve", "azonban", "viszont", "pedig",
    "aztán", "majd", "utána", "vagy", "vagy pedig", "sőt", "plusz", "ezenkívül", "emellett",
    "ráadásul", "ugyanakkor", "ám"]

  numbers = {
    "nulla" = 0, "zéró" = 0, "egy" = 1, "egyet" = 1, "egynél" = 1, "egyig" = 1,
    "kettő" = 2, "két" = 2, "kettőt" = 2, "kettőnél" = 2, "kettőig" = 2, "ketto" = 2,
    "három" = 3, "hármat" = 3, "háromnál" = 3, "háromig" = 3, "harom" = 3,
    "négy" = 4, "négyet" = 4, "négynél" = 4, "négyig" = 4, "negy" = 4,
    "öt" = 5, "ötöt" = 5, "ötnél" = 5, "ötig" = 5,
    "hat" = 6, "hatot" = 6, "hatnál" = 6, "hatig" = 6,
    "hét" = 7, "hetet" = 7, "hétnél" = 7, "hétig" = 7,
    "nyolc" = 8, "nyolcat" = 8, "nyolcnál" = 8, "nyolcig" = 8,
    "kilenc" = 9, "kilencet" = 9, "kilencnél" = 9, "kilencig" = 9,
    "tíz" = 10, "tízet" = 10, "tíznél" = 10, "tízig" = 10, "tiz" = 10,
    "tizenegy" = 11, "tizenkettő" = 12, "tizenkét" = 12, "tizenhárom" = 13, "tizennégy" = 14,
    "tizenöt" = 15, "tizenhat" = 16, "tizenhét" = 17, "tizennyolc" = 18, "tizenkilenc" = 19,
    "húsz" = 20, "húszat" = 20, "húsznál" = 20, "húszig" = 20, "huszonegy" = 21,
    "huszonkettő" = 22, "huszonkét" = 22, "huszonhárom" = 23, "huszonnégy" = 24,
    "huszonöt" = 25, "harminc" = 30, "harmincat" = 30, "harmincnál" = 30, "negyven" = 40,
    "negyvenet" = 40, "negyvennél" = 40, "ötven" = 50, "ötvenet" = 50, "ötvennél" = 50,
    "hatvan" = 60, "hatvanat" = 60, "hetven" = 70, "nyolcvan" = 80, "kilencven" = 90,
    "kétszáz" = 200, "háromszáz" = 300, "négyszáz" = 400, "ötszáz" = 500, "hatszáz" = 600,
    "hétszáz" = 700, "nyolcszáz" = 800, "kilencszáz" = 900, "kétezer" = 2000,
    "háromezer" = 3000, "négyezer" = 4000, "ötezer" = 5000, "tízezer" = 10000,
    "százezer" = 100000,
    "fél" = 0.5, "másfél" = 1.5, "negyed" = 0.25, "háromnegyed" = 0.75, "tucat" = 12,
    "mindkét" = 2, "mindkettő" = 2, "egyszer" = 1, "kétszer" = 2, "háromszor" = 3,
    "négyszer" = 4, "ötször" = 5, "tízszer" = 10
  }
  scales = {
    "száz" = 100, "százat" = 100, "száznál" = 100, "ezer" = 1000, "ezret" = 1000,
    "ezernél" = 1000, "ezerig" = 1000, "k" = 1000, "millió" = 1000000,
    "milliót" = 1000000, "milliónál" = 1000000, "millióig" = 1000000,
    "mio" = 1000000, "mio." = 1000000, "milliárd" = 1000000000, "milliárdot" = 1000000000,
    "mrd" = 1000000000, "mrd." = 1000000000, "md" = 1000000000
  }

  units = {
    "ezredmásodperc" = "ms", "ezredmásodpercet" = "ms", "milliszekundum" = "ms",
    "másodperc" = "s", "másodpercet" = "s", "másodpercig" = "s", "másodpercen" = "s",
    "másodperccel" = "s", "másodpercre" = "s", "másodperces" = "s", "mp" = "s", "mp." = "s",
    "másodpercenként" = "s", "sec" = "s",
    "perc" = "min", "percet" = "min", "percig" = "min", "percen" = "min", "perccel" = "min",
    "percre" = "min", "perces" = "min", "percnyi" = "min", "percnél" = "min",
    "percenként" = "min",
    "óra" = "h", "órát" = "h", "óráig" = "h", "órán" = "h", "órával" = "h", "órára" = "h",
    "órás" = "h", "órányi" = "h", "órája" = "h", "órákig" = "h", "órákon" = "h",
    "óránál" = "h", "óránként" = "h", "ora" = "h", "orat" = "h", "oran" = "h",
    "nap" = "d", "napot" = "d", "napig" = "d", "napon" = "d", "nappal" = "d", "napra" = "d",
    "napos" = "d", "napja" = "d", "napnál" = "d", "napokig" = "d", "napokon" = "d",
    "munkanap" = "d", "munkanapot" = "d", "munkanapon" = "d", "munkanapig" = "d",
    "naponként" = "d",
    "hét" = "wk", "hetet" = "wk", "hétig" = "wk", "héten" = "wk", "héttel" = "wk",
    "hétre" = "wk", "hetes" = "wk", "hete" = "wk", "hetekig" = "wk", "hetenként" = "wk",
    "hónap" = "mo", "hónapot" = "mo", "hónapig" = "mo", "hónapon" = "mo",
    "hónappal" = "mo", "hónapra" = "mo", "hónapos" = "mo", "hónapja" = "mo",
    "hónapokig" = "mo", "havonként" = "mo", "honap" = "mo",
    "év" = "yr", "évet" = "yr", "évig" = "yr", "éven" = "yr", "évvel" = "yr", "évre" = "yr",
    "éves" = "yr", "éve" = "yr", "évekig" = "yr", "évenként" = "yr",
    "évesnél" = "yr", "évesek" = "yr", "évesnek" = "yr", "évesen" = "yr", "évnél" = "yr", "évesig" = "yr",
    "százalék" = "%", "százalékot" = "%", "százalékkal" = "%", "százalékig" = "%",
    "százalékos" = "%", "százaléknál" = "%", "szazalek" = "%",
    "méter" = "m", "métert" = "m", "méterre" = "m", "méteren" = "m", "méterig" = "m",
    "kilométer" = "km", "kilométert" = "km", "kilométerre" = "km", "kilométeren" = "km",
    "kilogramm" = "kg", "kilogrammot" = "kg", "kiló" = "kg", "kilót" = "kg", "gramm" = "g",
    "grammot" = "g", "tonna" = "t", "tonnát" = "t", "tonnánál" = "t", "liter" = "l",
    "litert" = "l", "literig" = "l", "köbméter" = "m3", "köbmétert" = "m3", "fok" = "deg",
    "fokot" = "deg", "fokos" = "deg", "fokig" = "deg", "fokkal" = "deg",
    "db" = "pcs", "db." = "pcs",
    "forint" = "HUF", "forintot" = "HUF", "forintig" = "HUF", "forintnál" = "HUF",
    "forinttal" = "HUF", "forintért" = "HUF", "forintos" = "HUF", "forintra" = "HUF",
    "forintból" = "HUF", "ft" = "HUF", "ft." = "HUF", "ft-ot" = "HUF", "ft-ig" = "HUF",
    "ft-nál" = "HUF", "ft-tal" = "HUF", "ft-ért" = "HUF", "ft-ra" = "HUF", "ft-os" = "HUF",
    "ft-ból" = "HUF", "huf" = "HUF",
    "euró" = "EUR", "eurót" = "EUR", "euróig" = "EUR", "eurónál" = "EUR", "euróval" = "EUR",
    "euróért" = "EUR", "euróra" = "EUR", "euro" = "EUR", "dollár" = "USD", "dollárt" = "USD",
    "dollárig" = "USD", "dollárnál" = "USD", "dollárral" = "USD", "font sterling" = "GBP",
    "font sterlinget" = "GBP", "svájci frank" = "CHF", "svájci frankot" = "CHF",
    "láb" = "ft", "lábat" = "ft", "mérföld" = "mi", "mérföldet" = "mi"
  }
  per = ["per"]
  every = ["minden"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["szabály", "szabályok", "korlátozások", "követelmények", "feltételek", "korlátok"]
  periods = { "óránként" = "h", "percenként" = "min", "másodpercenként" = "s",
    "naponta" = "d", "naponként" = "d", "hetente" = "wk", "hetenként" = "wk",
    "havonta" = "mo", "havonként" = "mo", "évente" = "yr", "évenként" = "yr",
    "napi" = "d", "heti" = "wk", "havi" = "mo", "évi" = "yr", "éves" = "yr", "óránkénti" = "h",
    "percenkénti" = "min" }

  months = {
    "január" = 1, "február" = 2, "március" = 3, "április" = 4, "május" = 5, "június" = 6,
    "július" = 7, "augusztus" = 8, "szeptember" = 9, "október" = 10, "november" = 11,
    "december" = 12,
    "januar" = 1, "februar" = 2, "marcius" = 3, "aprilis" = 4, "majus" = 5, "junius" = 6,
    "julius" = 7, "oktober" = 10,
    "januárban" = 1, "februárban" = 2, "márciusban" = 3, "áprilisban" = 4, "májusban" = 5,
    "júniusban" = 6, "júliusban" = 7, "augusztusban" = 8, "szeptemberben" = 9,
    "októberben" = 10, "novemberben" = 11, "decemberben" = 12,
    "januárig" = 1, "februárig" = 2, "márciusig" = 3, "áprilisig" = 4, "májusig" = 5,
    "júniusig" = 6, "júliusig" = 7, "augusztusig" = 8, "szeptemberig" = 9, "októberig" = 10,
    "novemberig" = 11, "decemberig" = 12,
    "januártól" = 1, "februártól" = 2, "márciustól" = 3, "áprilistól" = 4, "májustól" = 5,
    "júniustól" = 6, "júliustól" = 7, "augusztustól" = 8, "szeptembertől" = 9,
    "októbertől" = 10, "novembertől" = 11, "decembertől" = 12,
    "januári" = 1, "februári" = 2, "márciusi" = 3, "áprilisi" = 4, "májusi" = 5,
    "júniusi" = 6, "júliusi" = 7, "augusztusi" = 8, "szeptemberi" = 9, "októberi" = 10,
    "novemberi" = 11, "decemberi" = 12,
    "jan" = 1, "jan." = 1, "febr" = 2, "febr." = 2, "feb" = 2, "feb." = 2, "márc" = 3,
    "márc." = 3, "ápr" = 4, "ápr." = 4, "máj" = 5, "máj." = 5, "jún" = 6, "jún." = 6,
    "júl" = 7, "júl." = 7, "aug" = 8, "aug." = 8, "szept" = 9, "szept." = 9, "okt" = 10,
    "okt." = 10, "nov" = 11, "nov." = 11, "dec" = 12, "dec." = 12
  }
  weekdays = {
    "hétfő" = 1, "kedd" = 2, "szerda" = 3, "csütörtök" = 4, "péntek" = 5, "szombat" = 6,
    "vasárnap" = 7,
    "hétfőn" = 1, "kedden" = 2, "szerdán" = 3, "csütörtökön" = 4, "pénteken" = 5,
    "szombaton" = 6,
    "hétfőig" = 1, "keddig" = 2, "szerdáig" = 3, "csütörtökig" = 4, "péntekig" = 5,
    "szombatig" = 6, "vasárnapig" = 7,
    "hétfőtől" = 1, "keddtől" = 2, "szerdától" = 3, "csütörtöktől" = 4, "péntektől" = 5,
    "szombattól" = 6, "vasárnaptól" = 7,
    "hétfőnként" = 1, "keddenként" = 2, "szerdánként" = 3, "csütörtökönként" = 4,
    "péntekenként" = 5, "szombatonként" = 6, "vasárnaponként" = 7,
    "hétfői" = 1, "keddi" = 2, "szerdai" = 3, "csütörtöki" = 4, "pénteki" = 5,
    "szombati" = 6, "vasárnapi" = 7,
    "hetfo" = 1, "hetfon" = 1, "szerdan" = 3, "csutortok" = 4, "csutortokon" = 4,
    "pentek" = 5, "penteken" = 5, "vasarnap" = 7,
    "sze" = 3, "sze." = 3, "cs" = 4, "cs." = 4, "szo" = 6, "szo." = 6
  }
  clock_words = { "délben" = 12, "éjfél" = 0, "éjfélkor" = 0,
    "éjfélig" = 0, "éjféltől" = 0 }
  clock = ["órakor", "órától", "óráig", "óra előtt", "óra után", "-kor", "h"]
  pm    = ["délután", "este", "du."]
  am    = ["reggel", "délelőtt", "hajnalban", "hajnali", "reggeli", "de."]

  # Letters that mark the language, for a text with no function word: ő
  # and ű are Hungarian's own; á, é, ö, ü and the rest it shares.
  letters = "őű"

  # Function words. Those Hungarian writes as other languages do ("de",
  # "el", "le", "mi", "se", "ha", "is", "be", "most") are left out, so that a
  # Spanish, Italian, Romanian or English text does not count for
  # Hungarian and read its cues ("se" is Italian "if"); "a" and "ne" are
  # too common to leave out. Finnish and Turkish share none of these but
  # "ne".
  stopwords = ["a", "az", "egy", "és", "hogy", "nem", "ne", "van", "volt", "lesz", "lett",
    "vagy", "meg", "már", "még", "csak", "ez", "ezt", "ezek", "azt", "azok", "ami",
    "amit", "amely", "amelyek", "amelyet", "aki", "akik", "mint", "mert", "fel", "rá", "át",
    "nagyon", "itt", "ott", "majd", "én", "ő", "ők", "maga", "neki", "nekem", "neked", "nekünk", "nektek", "nekik", "velem",
    "vele", "benne", "rajta", "lehet", "legyen", "valami", "pedig", "viszont", "tehát",
    "azonban", "illetve", "szerint", "között", "mellett", "miatt", "során", "óta", "kérem",
    "kérlek", "köszönöm", "köszi", "ezért", "azért", "így", "úgy", "akkor", "milyen", "hol",
    "mikor", "miért", "hogyan", "mennyi", "melyik", "vagyok", "vagyunk", "vannak", "egyik",
    "másik", "saját", "ilyen", "olyan", "sok", "néhány", "ezzel", "azzal", "ennek", "annak",
    "erre", "arra", "ebben", "abban", "ide", "oda", "valamint", "hiszen", "persze", "talán",
    "minden", "mindig", "kell", "nincs", "nálunk", "ahol", "amikor", "aztán", "azonnal",
    "sem", "sincs", "senki", "semmi", "ugye", "igen", "hanem", "mindegyik", "bármi", "tilos",
    "soha", "sosem", "legfeljebb", "legalább", "kivéve", "muszáj", "kötelező", "szabad",
    "kizárólag", "előtt", "után", "nélkül", "alatt", "felett", "helyett", "kérjük", "ki",
    "több", "kevesebb", "legkésőbb", "legkorábban", "mindenképpen",
    "feltétlenül", "sehol", "senkinek"]

  # A dot after these does not end a sentence.
  abbreviations = ["pl.", "stb.", "kb.", "ill.", "ún.", "vö.", "dr.", "id.", "ifj.", "özv.",
    "u.", "krt.", "sz.", "ker.", "kft.", "zrt.", "bt.", "nyrt.", "ford.", "db.", "max.",
    "min.", "mp.", "évf.", "tel.", "ld.", "jan.", "febr.", "márc.",
    "ápr.", "máj.", "jún.", "júl.", "aug.", "szept.", "okt.", "nov.", "dec."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["vagy", "sem", "avagy"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["régen", "régebben", "annak idején", "egykor"]
}
