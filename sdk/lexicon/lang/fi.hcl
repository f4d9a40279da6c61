# Finnish. Schema and meaning of every list: see en.hcl. Finnish negates
# with the verb ei (en, et, ei, emme, ette, eivät; imperative älä, älkää).

language "fi" {
  name    = "Suomi"
  stemmer = "finnish"
  bounds_follow = true

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["älä", "älkää", "ei saa", "eikä saa", "ei koskaan", "koskaan", "kielletty", "kielletään", "kiellettyä", "ei pidä", "ei tule", "ei missään tapauksessa"]

  negation = ["ei", "en", "et", "emme", "ette", "eivät", "älä", "älkää", "älköön",
    "eikä", "ei saa", "ei saa koskaan", "ei pidä", "ei tule", "ei voi", "ei koskaan",
    "koskaan", "ei mitään", "ei kukaan", "ei yhtään", "kielletty", "kielletään",
    "kiellettyä", "kielletyt", "kielto", "ei sallittu", "ei ole sallittu", "ei sallita",
    "vältä", "välttäkää", "vältettävä", "ei missään tapauksessa",
    "missään tapauksessa", "ei missään nimessä", "ehdottomasti ei", "vain luku",
    "vain lukuoikeus", "lukittu", "lukittuna", "estetty", "jäädytetty", "jäädytys",
    "jäädytä", "älä koske", "älkää koskeko", "kieltäydy"]
  only = ["vain", "ainoastaan", "pelkästään", "yksinomaan", "pelkkä", "pelkkää",
    "vain ja ainoastaan", "ei muuta kuin", "rajoitettu", "rajattu"]
  upper = ["enintään", "korkeintaan", "maksimissaan", "maksimi", "max", "maks",
    "maks.", "ei yli", "ei enempää kuin", "ei enemmän kuin", "ei saa ylittää",
    "ylittämättä", "saa olla enintään", "alle", "vähemmän kuin", "pienempi kuin",
    "alempi kuin", "katto", "raja", "yläraja", "sisällä", "kuluessa", "tai vähemmän",
    "tai alle", "ei korkeampi kuin", "ei pidempi kuin"]
  lower = ["vähintään", "vähintäänkin", "ainakin", "min", "min.", "minimi",
    "minimissään", "ei alle", "ei vähempää kuin", "ei vähemmän kuin", "tai enemmän",
    "tai yli", "yli", "enemmän kuin", "suurempi kuin", "korkeampi kuin", "alaraja"]
  firm = ["enintään", "korkeintaan", "maksimissaan", "maksimi", "max", "maks", "maks.", "saa olla enintään", "vähintään", "vähintäänkin", "ainakin", "min", "min.", "minimi", "minimissään"]
  approx = ["noin", "lähes", "melkein", "suunnilleen", "~"]
  before = ["määräpäivä", "määräpäivänä", "määräpäivään", "takaraja", "takarajana", "ennen", "ennen kuin", "mennessä", "viimeistään", "asti", "saakka",
    "ei myöhemmin kuin", "määräaika", "määräaikaan", "deadline", "eräpäivä",
    "erääntyy"]
  after = ["jälkeen", "ei ennen", "aikaisintaan", "alkaen", "lähtien", "jälkeen kun",
    "heti kun", "siitä lähtien", "ei aiemmin kuin", "sen jälkeen kun"]
  must = ["täytyy", "pitää", "on pakko", "pakko", "pakollinen", "pakollista",
    "pakollisesti", "aina", "vaaditaan", "vaatii", "vaadittu", "vaadittava", "tarvitaan",
    "tarvitsee", "on tehtävä", "on oltava", "on välttämätöntä", "välttämätön",
    "varmista", "varmistakaa", "varmistaa", "huolehdi", "huolehtikaa", "joka kerta",
    "jokaisella kerralla", "muista", "muistakaa", "älä unohda", "älkää unohtako",
    "ehdottomasti", "on velvollinen"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["aina", "joka kerta", "jokaisella kerralla", "aina kun", "koko ajan", "tästä lähtien", "tästä eteenpäin", "jatkossa", "oletuksena", "oletusarvoisesti", "johdonmukaisesti"]
  weaken = ["yritä", "yrittäkää", "yritä olla", "pyri", "pyrkikää", "pyritään",
    "mieluiten", "mieluummin", "ihanteellisesti", "ihannetapauksessa", "jos mahdollista",
    "mikäli mahdollista", "jos suinkin mahdollista", "mahdollisuuksien mukaan",
    "mielellään", "suositeltava", "suositeltavaa", "suositellaan", "harkitse",
    "harkitkaa", "valinnainen", "valinnaista", "vapaaehtoinen", "vapaaehtoista",
    "jos voit", "jos pystyt", "jos voitte", "olisi kiva", "olisi hyvä"]
  exception = ["paitsi", "lukuun ottamatta", "lukuunottamatta", "poikkeuksena", "ellei",
    "elleivät", "muuta kuin", "muu kuin", "mutta ei", "pois lukien", "poislukien",
    "poikkeus"]
  condition = ["jos", "kun", "aina kun", "silloin kun", "sillä aikaa kun", "aikana",
    "ilman", "mikäli", "siinä tapauksessa", "tapauksessa", "niin kauan kuin", "kunhan",
    "sillä ehdolla", "edellyttäen", "edellyttäen että"]
  lift = ["kumottu", "kumotaan", "poistettu", "ei enää", "ei ole enää voimassa",
    "ei enää voimassa", "nyt saa", "saat nyt", "saatte nyt", "voit nyt", "voitte nyt",
    "nyt voit", "anna mennä", "jatka vain", "mene vain", "sallittu taas",
    "taas sallittu", "jälleen sallittu", "peruttu", "peruutettu", "peruttiin",
    "unohda se", "unohtakaa se", "unohda", "älä välitä", "ohita se", "ei väliä",
    "sama se", "lakkautettu", "on ohi"]
  replace = ["sen sijaan", "sijaan", "sijasta", "tilalle", "tilalla", "korvattu",
    "korvaa", "korvataan", "vaihdettu", "vaihda", "muutettu", "siirretty", "siirretään",
    "nyt", "nykyään", "tästä lähtien", "uusi", "uuden", "uutta", "uudet", "korjaus", "korjaan"]
  failed = ["epäonnistui", "epäonnistunut", "epäonnistuneet", "epäonnistuu", "virhe",
    "virheen", "virheitä", "virheellinen", "ei toiminut", "ei toimi", "ei onnistunut",
    "ei onnistu", "rikki", "kaatui", "kaatunut", "kaatuu", "aikakatkaisu",
    "aikakatkaistiin", "timeout", "hylätty", "hylättiin", "hylkäsi", "palautettu",
    "palautettiin", "rollback", "tuloksetta", "turhaan", "ei auttanut", "ei tehonnut",
    "jumittui", "jumissa"]
  consequence = ["muuten", "muussa tapauksessa"]
  reason = ["koska"]
  minus = ["miinus"]
  summary = ["yhteenveto", "yhteenvedon", "yhteenvetoa", "tiivistelmä", "tiivistelmän", "tiivistä"]
  report = ["kysyi", "kysyivät", "kysyy", "kysytty", "odotti", "odotin", "odotimme",
    "kesti", "vei", "valitti", "valittivat", "sanoi", "sanoivat", "mainitsi",
    "mainitsivat", "viime kerralla", "edellisellä kerralla", "viimeksi", "viime vuonna", "eilen", "viime viikolla", "olin jonossa", "jonotin",
    "olin puhelinjonossa", "minut herätettiin", "herätettiin", "minulle soitettiin", "mulle soitettiin",
    "eilen illalla", "viime yönä", "viime kuussa", "jo kaksi viikkoa", "jo viikon", "jo viikkoja",
    "viikkokausia", "päiväkausia"]
  ask = ["kysyy", "kysyi", "kysyivät", "haluaa tietää", "valittaa", "valitti", "valittivat",
    "sano mulle että", "sano mulle, että", "kerro mulle että", "kerro mulle, että",
    "sano minulle, että", "sano minulle että", "kerro minulle, että", "kerro minulle että",
    "sano mulle et", "kunpa", "kunpa vain", "jospa",
    "toivottavasti", "olisipa", "olispa", "olisi kiva jos", "olisi kiva, jos", "ois kiva jos",
    "olisi mukavaa jos", "olisi mukavaa, jos", "olisi hienoa jos", "olisi hienoa, jos", "unelmoin",
    "haaveilen", "peukut pystyyn"]
  neutral = ["ei ole päätetty", "ei ole vielä päätetty", "emme ole päättäneet", "emme ole vielä päättäneet", "en ole päättänyt", "ei ole sovittu", "ei ole vielä sovittu", "päätöstä ei ole tehty", "ei ole lyöty lukkoon", "ei ole vielä lyöty lukkoon", "ei ole varmaa", "en tiedä", "ei hätää", "ei vielä", "älä huoli"]

  coordinators = ["ja", "mutta", "myös", "lisäksi", "plus", "sitten", "sen jälkeen",
    "tai", "sekä", "vaan"]

  numbers = {
    # One and a half, written as one word.
    "puolitoista" = 1.5,
    "nolla" = 0, "yksi" = 1, "yhden" = 1, "yhdellä" = 1, "yhteen" = 1,
    "kaksi" = 2, "kahden" = 2, "kahta" = 2, "kahdella" = 2, "kahteen" = 2,
    "kolme" = 3, "kolmen" = 3, "kolmea" = 3, "kolmella" = 3, "kolmeen" = 3,
    "neljä" = 4, "neljän" = 4, "neljää" = 4, "neljällä" = 4, "neljään" = 4,
    "viisi" = 5, "viiden" = 5, "viittä" = 5, "viidellä" = 5, "viiteen" = 5,
    "kuusi" = 6, "kuuden" = 6, "kuutta" = 6, "kuudella" = 6, "kuuteen" = 6,
    "seitsemän" = 7, "seitsemää" = 7, "seitsemällä" = 7, "seitsemään" = 7,
    "kahdeksan" = 8, "kahdeksaa" = 8, "kahdeksalla" = 8, "kahdeksaan" = 8,
    "yhdeksän" = 9, "yhdeksää" = 9, "yhdeksällä" = 9, "yhdeksään" = 9,
    "kymmenen" = 10, "kymmentä" = 10, "kymmenellä" = 10, "kymmeneen" = 10,
    "yksitoista" = 11, "yhdentoista" = 11, "yhtätoista" = 11, "kaksitoista" = 12,
    "kahdentoista" = 12, "kahtatoista" = 12, "kolmetoista" = 13, "kolmentoista" = 13,
    "kolmeatoista" = 13, "neljätoista" = 14, "neljäntoista" = 14, "neljäätoista" = 14,
    "viisitoista" = 15, "viidentoista" = 15, "viittätoista" = 15, "kuusitoista" = 16,
    "kuudentoista" = 16, "kuuttatoista" = 16, "seitsemäntoista" = 17,
    "seitsemäätoista" = 17, "kahdeksantoista" = 18, "kahdeksaatoista" = 18,
    "yhdeksäntoista" = 19, "yhdeksäätoista" = 19, "kaksikymmentä" = 20,
    "kahdenkymmenen" = 20, "kaksikymmentäneljä" = 24, "kolmekymmentä" = 30,
    "kolmenkymmenen" = 30, "neljäkymmentä" = 40, "neljänkymmenen" = 40,
    "viisikymmentä" = 50, "viidenkymmenen" = 50, "kuusikymmentä" = 60,
    "kuudenkymmenen" = 60, "seitsemänkymmentä" = 70, "kahdeksankymmentä" = 80,
    "yhdeksänkymmentä" = 90, "puoli" = 0.5, "puolet" = 0.5, "puolen" = 0.5,
    "puolikas" = 0.5, "tusina" = 12, "tusinaa" = 12, "molemmat" = 2, "kumpikin" = 2,
    "kerran" = 1, "kahdesti" = 2, "kolmesti" = 3, "kaksinkertainen" = 2,
    "kolminkertainen" = 3
  }
  scales = {
    "sata" = 100, "sadan" = 100, "tuhat" = 1000, "tuhatta" = 1000, "tuhannen" = 1000,
    "tuh." = 1000, "k" = 1000, "miljoona" = 1000000, "miljoonaa" = 1000000,
    "miljoonan" = 1000000, "milj" = 1000000, "milj." = 1000000,
    "miljardi" = 1000000000, "miljardia" = 1000000000, "miljardin" = 1000000000,
    "mrd" = 1000000000, "mrd." = 1000000000, "biljoona" = 1000000000000,
    "biljoonaa" = 1000000000000
  }

  units = {
    "millisekunti" = "ms", "millisekuntia" = "ms", "millisekunnin" = "ms",
    "sekunti" = "s", "sekuntia" = "s", "sekunnin" = "s", "sekunnissa" = "s",
    "sekunniksi" = "s", "sek" = "s",
    "minuutti" = "min", "minuuttia" = "min", "minuutin" = "min", "minuutissa" = "min",
    "minuutiksi" = "min",
    "tunti" = "h", "tuntia" = "h", "tunnin" = "h", "tunnissa" = "h", "tunniksi" = "h",
    "tunnit" = "h",
    "päivä" = "d", "päivää" = "d", "päivän" = "d", "päivässä" = "d", "päiväksi" = "d",
    "päivät" = "d", "päivien" = "d", "pv" = "d", "pv." = "d", "vuorokausi" = "d",
    "vuorokautta" = "d", "vuorokauden" = "d", "vrk" = "d",
    "viikko" = "wk", "viikkoa" = "wk", "viikon" = "wk", "viikossa" = "wk",
    "viikoksi" = "wk", "vk" = "wk", "vko" = "wk",
    "kuukausi" = "mo", "kuukautta" = "mo", "kuukauden" = "mo", "kuukaudessa" = "mo",
    "kuukaudeksi" = "mo", "kk" = "mo",
    "vuosi" = "yr", "vuotta" = "yr", "vuoden" = "yr", "vuodessa" = "yr",
    "vuodeksi" = "yr",
    "prosentti" = "%", "prosenttia" = "%", "prosentin" = "%",
    "metri" = "m", "metriä" = "m", "metrin" = "m", "kilometri" = "km",
    "kilometriä" = "km", "kilometrin" = "km", "kilo" = "kg", "kiloa" = "kg",
    "kilon" = "kg", "kilogramma" = "kg", "kilogrammaa" = "kg", "gramma" = "g",
    "grammaa" = "g", "tonni" = "t", "tonnia" = "t", "tonnin" = "t", "litra" = "l",
    "litraa" = "l", "litran" = "l", "kuutiometri" = "m3", "kuutiometriä" = "m3",
    "kuutio" = "m3", "kuutiota" = "m3", "aste" = "deg", "astetta" = "deg",
    "asteen" = "deg",
    "euro" = "EUR", "euroa" = "EUR", "euron" = "EUR", "dollari" = "USD",
    "dollaria" = "USD", "dollarin" = "USD", "punta" = "GBP", "puntaa" = "GBP",
    "sveitsin frangia" = "CHF"
  }
  per = ["per", "kohti", "joka", "jokaista"]
  every = ["joka"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["sääntö", "säännöt", "rajoitukset", "vaatimukset", "ehdot", "rajat", "ohjeet"]
  without = ["ilman"]
  periods = { "tunnissa" = "h", "päivässä" = "d", "viikossa" = "wk", "kuukaudessa" = "mo", "vuodessa" = "yr", "minuutissa" = "min", "sekunnissa" = "s", "kuukausittain" = "mo", "päivittäin" = "d", "viikoittain" = "wk", "vuosittain" = "yr" }

  months = {
    "tammikuu" = 1, "tammikuuta" = 1, "tammikuussa" = 1, "tammikuun" = 1, "tammikuuhun" = 1,
    "helmikuu" = 2, "helmikuuta" = 2, "helmikuussa" = 2, "helmikuun" = 2, "helmikuuhun" = 2,
    "maaliskuu" = 3, "maaliskuuta" = 3, "maaliskuussa" = 3, "maaliskuun" = 3,
    "maaliskuuhun" = 3,
    "huhtikuu" = 4, "huhtikuuta" = 4, "huhtikuussa" = 4, "huhtikuun" = 4, "huhtikuuhun" = 4,
    "toukokuu" = 5, "toukokuuta" = 5, "toukokuussa" = 5, "toukokuun" = 5, "toukokuuhun" = 5,
    "kesäkuu" = 6, "kesäkuuta" = 6, "kesäkuussa" = 6, "kesäkuun" = 6, "kesäkuuhun" = 6,
    "heinäkuu" = 7, "heinäkuuta" = 7, "heinäkuussa" = 7, "heinäkuun" = 7, "heinäkuuhun" = 7,
    "elokuu" = 8, "elokuuta" = 8, "elokuussa" = 8, "elokuun" = 8, "elokuuhun" = 8,
    "syyskuu" = 9, "syyskuuta" = 9, "syyskuussa" = 9, "syyskuun" = 9, "syyskuuhun" = 9,
    "lokakuu" = 10, "lokakuuta" = 10, "lokakuussa" = 10, "lokakuun" = 10, "lokakuuhun" = 10,
    "marraskuu" = 11, "marraskuuta" = 11, "marraskuussa" = 11, "marraskuun" = 11,
    "marraskuuhun" = 11,
    "joulukuu" = 12, "joulukuuta" = 12, "joulukuussa" = 12, "joulukuun" = 12,
    "joulukuuhun" = 12,
    "tammi" = 1, "maalis" = 3, "huhti" = 4, "touko" = 5, "syys" = 9, "loka" = 10,
    "marras" = 11
  }
  weekdays = {
    "maanantai" = 1, "maanantaina" = 1, "maanantaihin" = 1, "maanantain" = 1,
    "maanantaisin" = 1,
    "tiistai" = 2, "tiistaina" = 2, "tiistaihin" = 2, "tiistain" = 2, "tiistaisin" = 2,
    "keskiviikko" = 3, "keskiviikkona" = 3, "keskiviikkoon" = 3, "keskiviikon" = 3,
    "keskiviikkoisin" = 3,
    "torstai" = 4, "torstaina" = 4, "torstaihin" = 4, "torstain" = 4, "torstaisin" = 4,
    "perjantai" = 5, "perjantaina" = 5, "perjantaihin" = 5, "perjantain" = 5,
    "perjantaisin" = 5,
    "lauantai" = 6, "lauantaina" = 6, "lauantaihin" = 6, "lauantain" = 6,
    "lauantaisin" = 6,
    "sunnuntai" = 7, "sunnuntaina" = 7, "sunnuntaihin" = 7, "sunnuntain" = 7,
    "sunnuntaisin" = 7,
    "ma" = 1, "ti" = 2, "ke" = 3, "to" = 4, "pe" = 5, "la" = 6, "su" = 7
  }
  clock = ["klo", "klo.", "kello"]
  pm    = ["illalla", "iltapäivällä", "ip.", "ip"]
  am    = ["aamulla", "aamupäivällä", "ap.", "ap"]

  # Letters that mark the language, for a text with no function word.

  letters = "äö"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["ja", "on", "se", "että", "oli", "hän", "ovat", "olla", "ole", "olen",
    "olet", "olemme", "olette", "kuin", "niin", "sen", "sitä", "siitä", "siinä", "tämä",
    "tämän", "tätä", "tässä", "tästä", "nämä", "ne", "niitä", "me", "te", "he", "minä",
    "sinä", "mä", "sä", "meidän", "teidän", "heidän", "minun", "sinun", "hänen",
    "meille", "teille", "minulle", "sinulle", "mitä", "mikä", "miten", "missä",
    "jotka", "jonka", "joita", "kanssa", "kuten", "vielä", "jo", "olisi", "voi", "voit",
    "kiitos", "siis", "eli", "koska", "jotta", "noin", "myös", "mutta", "tai", "hyvä",
    "tuo", "tuon", "joten", "sekä", "ovatko", "onko"]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["tai", "eikä", "äläkä", "eivätkä", "älkääkä"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["ennen vanhaan", "aikoinaan", "ennen oli", "ennen meillä"]
}
