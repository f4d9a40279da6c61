# Polish. Schema and meaning of every list: see en.hcl.

language "pl" {
  name    = "Polski"
  stemmer = "" # no Snowball stemmer for Polish

  negation = ["nie", "nigdy", "żaden", "żadna", "żadne", "żadnych", "żadnego", "żadnej",
    "żadnym", "żadnymi", "nic", "niczego", "niczym", "nikt", "nikogo", "nikomu", "ani",
    "zakaz", "zakazu", "zakazane", "zakazany", "zakazana", "zabronione", "zabroniony",
    "zabroniona", "zabrania się", "nie wolno", "nie można", "nie możesz", "nie możecie",
    "nie może", "nie mogą", "nie należy", "nie powinien", "nie powinna", "nie powinno",
    "nie powinieneś", "nie powinnaś", "nie powinniście", "nie powinni",
    "niedozwolone", "niedozwolony", "niedozwolona", "nie jest dozwolone",
    "unikaj", "unikajcie", "unikać", "w żadnym wypadku", "pod żadnym pozorem",
    "w żadnym razie", "absolutnie nie", "broń boże", "tylko do odczytu",
    "tylko odczyt", "zablokowane", "zablokowany", "zablokowana", "zamrożone",
    "zamrożony", "zamrożona", "zamrożenie", "zamroź", "nie ruszaj", "nie ruszajcie",
    "nie ruszać", "nie dotykaj", "nie dotykać", "nie rób", "nie róbcie", "odmowa",
    "odmawiam", "odmów", "wykluczony", "wykluczona", "wykluczone"]
  only = ["tylko", "jedynie", "wyłącznie", "nic poza", "nic oprócz", "ograniczone do",
    "ograniczony do", "ograniczona do", "zarezerwowane dla", "zarezerwowany dla"]
  upper = ["maksymalnie", "maks", "maks.", "max", "maksimum", "co najwyżej", "najwyżej",
    "nie więcej niż", "nie więcej jak", "do", "aż do", "maksymalnie do",
    "nie przekraczać", "nie przekraczaj", "nie przekraczajcie", "nie może przekroczyć",
    "nie może przekraczać", "nie powinien przekraczać", "nie przekraczając",
    "poniżej", "mniej niż", "mniej od", "limit", "limitem", "pułap", "górny limit",
    "górna granica", "w ciągu", "lub mniej", "albo mniej", "nie wyżej niż",
    "nie powyżej", "nie dłużej niż", "najdłużej"]
  lower = ["co najmniej", "przynajmniej", "minimum", "minimalnie", "min", "min.",
    "nie mniej niż", "nie mniej jak", "nie poniżej", "lub więcej", "albo więcej",
    "ponad", "powyżej", "więcej niż", "więcej od", "dolny limit", "dolna granica",
    "nie krócej niż", "najmniej"]
  firm = ["maksymalnie", "maks", "maks.", "max", "maksimum", "co najwyżej", "najwyżej", "co najmniej", "przynajmniej", "minimum", "min", "min.", "najmniej"]
  relative = ["który", "którzy", "która", "które", "których"]
  approx = ["około", "ok.", "prawie", "mniej więcej", "~"]
  before = ["przed", "do", "najpóźniej", "najpóźniej do", "nie później niż", "termin",
    "terminem", "deadline", "do dnia", "aż do", "zanim", "przed upływem",
    "w terminie do", "wcześniej niż"]
  after = ["po", "po tym jak", "nie wcześniej niż", "najwcześniej", "od", "począwszy od",
    "od dnia", "dopiero po", "dopiero od", "od momentu", "gdy tylko", "jak tylko",
    "od kiedy", "później niż"]
  must = ["musi", "muszą", "musisz", "musicie", "musimy", "muszę", "trzeba", "należy",
    "zawsze", "wymagane", "wymagany", "wymagana", "wymaga", "obowiązkowo",
    "obowiązkowe", "obowiązkowy", "obowiązkowa", "obowiązek", "konieczne", "konieczny",
    "konieczna", "koniecznie", "niezbędne", "niezbędny", "niezbędna", "upewnij się",
    "upewnijcie się", "zadbaj", "zadbaj o to", "dopilnuj", "dopilnujcie",
    "za każdym razem", "każdorazowo", "ma być", "mają być", "nie zapomnij",
    "nie zapomnijcie", "pamiętaj", "pamiętajcie", "bezwzględnie", "bez zmian", "nietknięty", "nietknięta", "nietknięte"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["zawsze", "za każdym razem", "każdorazowo", "cały czas", "stale", "od teraz", "od tej pory", "odtąd", "na przyszłość", "domyślnie", "z zasady", "konsekwentnie"]
  weaken = ["spróbuj", "spróbujcie", "postaraj się", "postarajcie się", "staraj się",
    "starajcie się", "staraj się nie", "najlepiej", "idealnie", "w miarę możliwości",
    "jeśli to możliwe", "jeżeli to możliwe", "jeśli możliwe", "o ile to możliwe",
    "o ile możliwe", "preferowane", "preferowany", "preferowana", "wolę", "wolałbym",
    "wolałabym", "lepiej", "jeśli możesz", "jeżeli możesz", "jeśli możecie", "rozważ",
    "rozważcie", "opcjonalnie", "opcjonalne", "opcjonalny", "zalecane", "zalecany",
    "zalecana", "zaleca się", "rekomendowane", "byłoby dobrze", "byłoby miło",
    "dobrze by było", "fajnie by było", "mile widziane", "warto"]
  exception = ["oprócz", "poza", "z wyjątkiem", "za wyjątkiem", "wyjąwszy", "chyba że",
    "pominąwszy", "nie licząc", "ale nie", "inne niż", "inny niż", "inna niż",
    "wyłączając", "z wyłączeniem"]
  condition = ["jeśli", "jeżeli", "gdy", "kiedy", "kiedykolwiek", "zawsze gdy",
    "zawsze kiedy", "podczas", "w trakcie", "w czasie", "bez", "w przypadku", "w razie",
    "o ile", "dopóki", "pod warunkiem", "pod warunkiem że", "jesli", "jezeli"]
  lift = ["zniesiony", "zniesione", "zniesiona", "zniesienie", "uchylony", "uchylone",
    "już nie", "nie obowiązuje", "już nie obowiązuje", "przestaje obowiązywać",
    "nieaktualne", "nieaktualny", "możesz już", "możecie już", "teraz możesz",
    "teraz możecie", "można już", "już można", "śmiało", "działaj", "dawaj",
    "ponownie dozwolone", "znowu można", "anulowane", "anulowany", "anulowana",
    "odwołane", "odwołany", "odwołana", "cofnięte", "zapomnij o tym", "zapomnij",
    "zignoruj to", "zignoruj", "nieważne", "usunięte", "usunięty", "koniec z",
    "skończone"]
  replace = ["zamiast", "zamiast tego", "w zamian", "zastąpione", "zastąpiony",
    "zastąpiona", "zastąp", "zastąpić", "zmienione na", "zmieniony na", "zmieniona na",
    "zmień na", "przeniesione na", "przeniesiony na", "przesunięte na",
    "przesunięty na", "przełącz na", "przejdź na", "teraz", "od teraz", "nowy", "nowa",
    "nowe", "nowego", "nowej", "nowych", "raczej niż", "poprawka", "korekta", "poprawiam"]
  failed = ["nie udało się", "nieudane", "nieudany", "nieudana", "niepowodzenie", "błąd",
    "błędy", "błędem", "błędu", "nie zadziałało", "nie działa", "nie działało",
    "nie pomogło", "zepsute", "zepsuty", "zepsuła się", "zepsuł się", "padło", "padł",
    "wywaliło się", "wysypało się", "wysypał się", "crash", "przekroczono limit czasu",
    "timeout", "odrzucone", "odrzucony", "odrzucona", "wycofane", "wycofany",
    "cofnięto", "bez powodzenia", "bez skutku", "bezskutecznie", "porażka"]
  report = ["podobno", "ponoć", "plotka", "plotki", "słyszałem", "słyszałam", "słyszał", "ktoś mówił", "ktoś powiedział", "twierdzi", "przysięga",
    "dla informacji", "do wiadomości", "tak dla informacji", "zapytał", "zapytała", "zapytali", "pytał", "pytała", "pyta", "czekał",
    "czekała", "czekaliśmy", "czekałem", "czekałam", "zajęło", "trwało", "narzekał",
    "narzekała", "skarżył się", "skarżyła się", "powiedział", "powiedziała",
    "wspomniał", "wspomniała", "ostatnim razem", "poprzednio", "ostatnio", "w zeszłym roku", "zeszłego lata", "wczoraj", "w zeszłym tygodniu",
    "tylko żebyś wiedział", "dla twojej informacji", "dla waszej informacji", "wisiałem na linii",
    "wisiałam na linii", "wisialem na linii", "czekałem na linii", "czekałam na linii", "dzwonili do mnie",
    "zadzwonili do mnie", "obudzili mnie", "wczoraj wieczorem", "wczoraj w nocy", "w zeszłym miesiącu",
    "już od dwóch tygodni", "już od tygodni", "od tygodni"]
  ask = ["hipotetycznie", "teoretycznie", "pyta, czy", "pyta czy", "pytał, czy", "pytała, czy", "pytał czy", "pytała czy", "chce wiedzieć, czy", "skarży się", "skarżył się", "skarżyła się", "powiedz mi, że", "powiedz, że", "powiedz mi, czy", "nie mów mi, że",
    "powiedz mi że", "powiedzcie mi, że",
    "powiedzcie mi że",
    "proszę mi powiedzieć, że", "nie mów mi że",
    "powiedz mi ze", "powiedz mi, ze", "nie mow mi ze", "oby", "obyśmy", "obysmy",
    "gdyby tylko", "gdybyśmy tylko", "marzę o", "marzę, żeby", "marzę żeby", "marze o", "byłoby miło, gdyby",
    "byłoby miło gdyby", "byłoby fajnie, gdyby", "byłoby fajnie gdyby", "byłoby super, gdyby",
    "byłoby super gdyby", "byloby fajnie gdyby", "byloby milo gdyby", "miejmy nadzieję", "miejmy nadzieje"]
  concession = ["nawet jeśli", "nawet gdy", "nawet jeżeli"]
  consequence = ["w przeciwnym razie", "bo inaczej", "żeby nie", "aby nie", "by nie", "żeby nikt", "aby uniknąć", "żeby uniknąć"]
  reason = ["ponieważ", "gdyż", "bo"]
  minus = ["minus"]
  summary = ["podsumowanie", "podsumowania", "podsumuj", "podsumować", "streszczenie", "streść"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["zignoruj", "zignoruj to", "ignoruj", "olej to", "ich problem", "możesz sprawdzić", "tylko plotka"]
  neutral = ["nie zdecydowaliśmy", "nie zdecydowano", "nic nie jest ustalone", "nic nie jest jeszcze ustalone", "nic jeszcze nie jest ustalone", "nic nie zostało ustalone", "nic nie ustaliliśmy", "nie jest ustalone", "nie ustaliliśmy", "nie zapadła decyzja", "decyzja nie zapadła", "nie ma jeszcze decyzji", "nie wiem", "nie mam pojęcia", "nie ma problemu", "jeszcze nie", "nie jestem pewien", "nie jestem pewna", "nie mam siły", "nie martw się", "nie stresuj się", "się nie stresuj", "nie przejmuj się", "nie mam ochoty"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["bez wyjątków", "bez wyjątku", "żadnych wyjątków"]

  coordinators = ["i", "oraz", "a", "ale", "też", "także", "również", "plus", "potem",
    "następnie", "lub", "albo"]

  numbers = {
    # One and a half, written as one word.
    "półtora" = 1.5, "półtorej" = 1.5,
    "zero" = 0, "jeden" = 1, "jedna" = 1, "jedno" = 1, "jednego" = 1, "jednej" = 1,
    "jednym" = 1, "jedną" = 1, "jednemu" = 1,
    "dwa" = 2, "dwie" = 2, "dwóch" = 2, "dwoch" = 2, "dwoma" = 2, "dwom" = 2,
    "dwiema" = 2, "dwaj" = 2,
    "trzy" = 3, "trzech" = 3, "trzem" = 3, "trzema" = 3, "trzej" = 3,
    "cztery" = 4, "czterech" = 4, "czterem" = 4, "czterema" = 4, "czterej" = 4,
    "pięć" = 5, "pięciu" = 5, "pięcioma" = 5, "sześć" = 6, "szesc" = 6,
    "sześciu" = 6, "sześcioma" = 6, "siedem" = 7, "siedmiu" = 7, "siedmioma" = 7,
    "osiem" = 8, "ośmiu" = 8, "osmiu" = 8, "ośmioma" = 8, "dziewięć" = 9,
    "dziewiec" = 9, "dziewięciu" = 9, "dziewięcioma" = 9, "dziesięć" = 10,
    "dziesiec" = 10, "dziesięciu" = 10, "dziesięcioma" = 10,
    "jedenaście" = 11, "jedenastu" = 11, "dwanaście" = 12, "dwunastu" = 12,
    "trzynaście" = 13, "trzynastu" = 13, "czternaście" = 14, "czternastu" = 14,
    "piętnaście" = 15, "piętnastu" = 15, "szesnaście" = 16, "szesnastu" = 16,
    "siedemnaście" = 17, "siedemnastu" = 17, "osiemnaście" = 18, "osiemnastu" = 18,
    "dziewiętnaście" = 19, "dziewiętnastu" = 19, "dwadzieścia" = 20,
    "dwudziestu" = 20, "trzydzieści" = 30, "trzydziestu" = 30, "czterdzieści" = 40,
    "czterdziestu" = 40, "pięćdziesiąt" = 50, "pięćdziesięciu" = 50,
    "sześćdziesiąt" = 60, "sześćdziesięciu" = 60, "siedemdziesiąt" = 70,
    "siedemdziesięciu" = 70, "osiemdziesiąt" = 80, "osiemdziesięciu" = 80,
    "dziewięćdziesiąt" = 90, "dziewięćdziesięciu" = 90,
    "dwieście" = 200, "dwustu" = 200, "trzysta" = 300, "trzystu" = 300,
    "czterysta" = 400, "pięćset" = 500, "pięciuset" = 500, "sześćset" = 600,
    "siedemset" = 700, "osiemset" = 800, "dziewięćset" = 900,
    "pół" = 0.5, "połowa" = 0.5, "połowę" = 0.5, "połowy" = 0.5,
    "tuzin" = 12, "tuzina" = 12, "oba" = 2, "obie" = 2, "obu" = 2, "obydwa" = 2,
    "obydwie" = 2, "raz" = 1, "dwukrotnie" = 2, "trzykrotnie" = 3, "podwójny" = 2,
    "podwójnie" = 2, "potrójny" = 3
  }
  scales = {
    "sto" = 100, "stu" = 100, "setki" = 100, "setek" = 100, "tysiąc" = 1000,
    "tysiące" = 1000, "tysięcy" = 1000, "tysiącem" = 1000, "tysiąca" = 1000,
    "tys." = 1000, "tys" = 1000, "k" = 1000, "milion" = 1000000, "miliony" = 1000000,
    "milionów" = 1000000, "milionem" = 1000000, "miliona" = 1000000, "mln" = 1000000,
    "mln." = 1000000, "miliard" = 1000000000, "miliardy" = 1000000000,
    "miliardów" = 1000000000, "miliarda" = 1000000000, "mld" = 1000000000,
    "mld." = 1000000000, "bilion" = 1000000000000, "biliony" = 1000000000000,
    "bilionów" = 1000000000000
  }

  units = {
    "milisekunda" = "ms", "milisekundy" = "ms", "milisekund" = "ms",
    "sekunda" = "s", "sekundy" = "s", "sekund" = "s", "sekundę" = "s",
    "sekundach" = "s", "sek" = "s", "sek." = "s",
    "minuta" = "min", "minuty" = "min", "minut" = "min", "minutę" = "min",
    "minutach" = "min", "min." = "min",
    "godzina" = "h", "godziny" = "h", "godzin" = "h", "godzinę" = "h",
    "godzinach" = "h", "godzinami" = "h",
    "dzień" = "d", "dni" = "d", "dnia" = "d", "dniach" = "d", "doba" = "d", "doby" = "d",
    "dób" = "d", "dobę" = "d",
    "tydzień" = "wk", "tygodnie" = "wk", "tygodni" = "wk", "tygodnia" = "wk",
    "tygodniu" = "wk", "tygodniach" = "wk", "tyg." = "wk",
    "miesiąc" = "mo", "miesiące" = "mo", "miesięcy" = "mo", "miesiąca" = "mo",
    "miesiącu" = "mo", "mies." = "mo",
    "rok" = "yr", "lata" = "yr", "lat" = "yr", "roku" = "yr", "latach" = "yr",
    "procent" = "%", "procenty" = "%", "procentów" = "%", "proc." = "%",
    "metr" = "m", "metry" = "m", "metrów" = "m", "metra" = "m",
    "kilometr" = "km", "kilometry" = "km", "kilometrów" = "km", "kilometra" = "km",
    "kilogram" = "kg", "kilogramy" = "kg", "kilogramów" = "kg", "kilograma" = "kg",
    "kilo" = "kg", "gram" = "g", "gramy" = "g", "gramów" = "g",
    "tona" = "t", "tony" = "t", "ton" = "t", "tonę" = "t",
    "litr" = "l", "litry" = "l", "litrów" = "l", "litra" = "l",
    "metr sześcienny" = "m3", "metry sześcienne" = "m3", "metrów sześciennych" = "m3",
    "stopień" = "deg", "stopnie" = "deg", "stopni" = "deg", "stopnia" = "deg",
    "złoty" = "PLN", "złote" = "PLN", "złotych" = "PLN", "złotego" = "PLN",
    "zlotych" = "PLN", "złotówka" = "PLN", "złotówki" = "PLN", "złotówek" = "PLN",
    "euro" = "EUR", "dolar" = "USD", "dolary" = "USD", "dolarów" = "USD",
    "dolara" = "USD", "funt" = "GBP", "funty" = "GBP", "funtów" = "GBP",
    "franków szwajcarskich" = "CHF", "franki szwajcarskie" = "CHF"
  }
  per = ["na", "za", "co", "każdy", "każdego", "każdą", "w"]
  every = ["co"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["zasada", "zasady", "reguła", "reguły", "ograniczenia", "wymagania", "warunki", "limity", "wytyczne"]
  topic = ["w sprawie", "odnośnie", "dotyczy"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["do"]
  without = ["bez"]
  periods = { "miesięcznie" = "mo", "dziennie" = "d", "tygodniowo" = "wk", "rocznie" = "yr", "miesięczny" = "mo", "dzienny" = "d", "roczny" = "yr" }

  months = {
    "styczeń" = 1, "styczen" = 1, "stycznia" = 1, "styczniu" = 1,
    "luty" = 2, "lutego" = 2, "lutym" = 2,
    "marzec" = 3, "marca" = 3, "marcu" = 3,
    "kwiecień" = 4, "kwiecien" = 4, "kwietnia" = 4, "kwietniu" = 4,
    "maj" = 5, "maja" = 5, "maju" = 5,
    "czerwiec" = 6, "czerwca" = 6, "czerwcu" = 6,
    "lipiec" = 7, "lipca" = 7, "lipcu" = 7,
    "sierpień" = 8, "sierpien" = 8, "sierpnia" = 8, "sierpniu" = 8,
    "wrzesień" = 9, "wrzesien" = 9, "września" = 9, "wrzesnia" = 9, "wrześniu" = 9,
    "wrzesniu" = 9,
    "październik" = 10, "pazdziernik" = 10, "października" = 10,
    "pazdziernika" = 10, "październiku" = 10, "pazdzierniku" = 10,
    "listopad" = 11, "listopada" = 11, "listopadzie" = 11,
    "grudzień" = 12, "grudzien" = 12, "grudnia" = 12, "grudniu" = 12,
    "sty" = 1, "sty." = 1, "lut" = 2, "lut." = 2, "mar" = 3, "mar." = 3, "kwi" = 4,
    "kwi." = 4, "cze" = 6, "cze." = 6, "lip" = 7, "lip." = 7, "sie." = 8,
    "wrz" = 9, "wrz." = 9, "paź" = 10, "paź." = 10, "paz" = 10, "lis" = 11, "lis." = 11,
    "gru" = 12, "gru." = 12
  }
  weekdays = {
    "poniedziałek" = 1, "poniedzialek" = 1, "poniedziałku" = 1, "poniedzialku" = 1,
    "poniedziałki" = 1, "wtorek" = 2, "wtorku" = 2, "wtorki" = 2,
    "środa" = 3, "sroda" = 3, "środę" = 3, "srode" = 3, "środy" = 3, "srody" = 3,
    "środzie" = 3, "srodzie" = 3, "czwartek" = 4, "czwartku" = 4, "czwartki" = 4,
    "piątek" = 5, "piatek" = 5, "piątku" = 5, "piatku" = 5, "piątki" = 5,
    "sobota" = 6, "sobotę" = 6, "sobote" = 6, "soboty" = 6, "sobocie" = 6,
    "niedziela" = 7, "niedzielę" = 7, "niedziele" = 7, "niedzieli" = 7,
    "pon" = 1, "pon." = 1, "wt" = 2, "wt." = 2, "śr" = 3, "śr." = 3, "czw" = 4,
    "czw." = 4, "pt" = 5, "pt." = 5, "sob" = 6, "sob." = 6, "nd" = 7, "nd." = 7,
    "niedz." = 7
  }
  clock = ["godz.", "godz", "o godzinie"]
  pm    = ["po południu", "wieczorem"]
  am    = ["rano", "przed południem"]

  # Letters that mark the language, for a text with no function word.

  letters = "łąęśźżćń"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["no", "i", "w", "na", "z", "do", "to", "nie", "że", "się", "jest", "są", "był", "była",
    "było", "być", "ma", "mają", "jak", "co", "o", "za", "dla", "przez", "przy", "pod",
    "nad", "ten", "ta", "te", "tego", "tej", "tym", "który", "która", "które", "jego",
    "jej", "ich", "ja", "ty", "on", "ona", "ono", "my", "wy", "oni", "mnie", "mi", "cię",
    "ci", "go", "mu", "nam", "was", "nas", "mój", "moja", "moje", "twój", "nasz",
    "nasza", "nasze", "wasz", "tak", "już", "jeszcze", "tu", "tutaj", "tam", "bardzo",
    "czy", "bo", "więc", "oraz", "aby", "żeby", "proszę", "dzięki", "będzie", "będą",
    "jako", "sobie", "ze", "we", "jestem", "jesteśmy", "może", "można", "gdzie"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "inż.", "np.", "tj.", "tzn.", "ok.", "nr.", "godz.", "ul.", "mgr.", "maks.", "wł.", "ww.", "itd.", "itp."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["lub", "albo", "ani"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["dawniej", "niegdyś", "za moich czasów", "jak byłem młody", "kiedy byłem młody", "jak byłam młoda", "kiedy byłam młoda", "przed laty", "lata temu", "kiedyś było"]
}
