# Romanian. Schema and meaning of every list: see en.hcl. Romanian is
# written with ș and ț (comma below), with the older ş and ţ (cedilla) that
# many keyboards and documents still produce, and often without any
# diacritics in chat ("nu reporniti inainte de ora 22"): every phrase with
# ă, â, î, ș or ț is listed in all three spellings. Clitics join their word
# with a hyphen (n-a, nu-l, într-o), and one token is read for each, so
# such forms are listed whole. Numbers from twenty up put "de" before the
# noun ("20 de minute", "100 de lei"), so the unit words are listed with it.

language "ro" {
  name    = "Română"
  stemmer = "romanian"

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["niciodată", "niciodata", "interzis", "interzisă", "interzise", "este interzis", "nu este permis", "nu aveți voie", "nu ai voie", "nu are voie", "să nu", "nu se", "în niciun caz"]

  negation = ["nu", "niciodată", "niciodata", "nicicând", "nicicand", "nici", "nici un", "nici o",
    "niciun", "nicio", "niciunul", "niciuna", "nimic", "nimeni", "nicăieri", "nicaieri",
    "deloc", "nicidecum", "în niciun caz", "in niciun caz", "în nici un caz", "in nici un caz",
    "sub nicio formă", "sub nicio forma", "sub nici o formă", "sub nici o forma",
    "cu niciun chip", "pentru nimic în lume", "pentru nimic in lume", "n-ai", "n-are", "n-au",
    "n-am", "n-avem", "n-o", "nu-l", "nu-i", "nu-mi", "nu-ți", "nu-ţi", "nu-ti", "nu-și",
    "nu-şi", "nu-si", "nu-s", "să nu", "sa nu", "nici măcar", "nici macar", "nu ar trebui",
    "n-ar trebui", "nu ar trebui să", "nu ar trebui sa", "n-ar trebui să", "n-ar trebui sa",
    "nu trebuie", "nu trebuie să", "nu trebuie sa", "nu se poate", "nu poate", "nu pot",
    "nu puteți", "nu puteţi", "nu puteti", "nu poți", "nu poţi", "nu poti", "nu mai",
    "niciodată să nu", "niciodata sa nu", "interzis", "interzisă", "interzisa", "interziși",
    "interzişi", "interzisi", "interzise", "este interzis", "este interzisă", "este interzisa",
    "sunt interzise", "sunt interziși", "sunt interzişi", "sunt interzisi", "e interzis",
    "e interzisă", "e interzisa", "se interzice", "se interzic", "interzicem", "interdicție",
    "interdicţie", "interdictie", "interdicția", "interdicţia", "interdictia",
    "strict interzis", "nu este permis", "nu este permisă", "nu este permisa", "nu e permis",
    "nu e permisă", "nu e permisa", "nu sunt permise", "nu se permite", "nu se permit",
    "nu permitem", "nepermis", "nu este voie", "nu e voie", "nu-i voie", "n-ai voie",
    "nu ai voie", "nu aveți voie", "nu aveţi voie", "nu aveti voie", "nu are voie",
    "nu au voie", "nu avem voie", "nu se admite", "nu se admit", "nu se acceptă",
    "nu se accepta", "neautorizat", "neautorizată", "neautorizata", "nu este autorizat",
    "fără autorizare", "fara autorizare", "evitați", "evitaţi", "evitati", "evită", "evita",
    "evitam", "a se evita", "de evitat", "să evitați", "să evitaţi", "sa evitati",
    "abțineți-vă", "abţineţi-vă", "abtineti-va", "abține-te", "abţine-te", "abtine-te",
    "exclus", "exclusă", "exclusa", "excluși", "excluşi", "exclusi", "excluse", "este exclus",
    "e exclus", "blocat", "blocată", "blocata", "blocate", "înghețat", "îngheţat", "inghetat",
    "înghețată", "îngheţată", "inghetata", "înghețate", "îngheţate", "inghetate", "îngheț",
    "îngheţ", "inghet", "doar citire", "numai citire", "doar în citire", "doar in citire",
    "read-only", "nu atinge", "nu atingeți", "nu atingeţi", "nu atingeti", "nu vă atingeți",
    "nu vă atingeţi", "nu va atingeti", "nu te atinge", "nu umbla", "nu umblați", "nu umblaţi",
    "nu umblati", "nu modificați", "nu modificaţi", "nu modificati", "nu modifica",
    "lăsați în pace", "lăsaţi în pace", "lasati in pace", "lasă în pace", "lasa in pace",
    "nu are ce căuta", "nu are ce cauta", "închis", "inchis", "închisă", "inchisa",
    "indisponibil", "indisponibilă", "indisponibila", "suspendat", "suspendată", "suspendata",
    "refuzați", "refuzaţi", "refuzati", "refuză", "refuza"]
  only = ["doar", "numai", "exclusiv", "în exclusivitate", "in exclusivitate", "strict pentru",
    "nimic altceva decât", "nimic altceva decat", "nimic altceva", "nimic în afară de",
    "nimic in afara de", "limitat la", "limitată la", "limitata la", "limitate la",
    "restricționat la", "restricţionat la", "restrictionat la", "restricționată la",
    "restricţionată la", "restrictionata la", "restrâns la", "restrans la", "rezervat pentru",
    "rezervată pentru", "rezervata pentru", "rezervat exclusiv", "niciun alt", "nicio altă",
    "nicio alta", "nici un alt", "nici o altă", "nici o alta", "singurul", "singura", "unicul",
    "unica"]
  upper = ["cel mult", "maxim", "maximum", "max", "max.", "maximul", "nu mai mult de",
    "nu mai mult decât", "nu mai mult decat", "nu mai multe de", "nu peste", "nu mai mare de",
    "nu mai mare decât", "nu mai mare decat", "nu mai mult", "nu depășiți", "nu depăşiţi",
    "nu depasiti", "nu depășește", "nu depăşeşte", "nu depaseste", "nu depășesc",
    "nu depăşesc", "nu depasesc", "nu depăși", "nu depăşi", "nu depasi", "să nu depășească",
    "să nu depăşească", "sa nu depaseasca", "fără a depăși", "fără a depăşi", "fara a depasi",
    "fără să depășească", "fără să depăşească", "fara sa depaseasca",
    "nu trebuie să depășească", "nu trebuie să depăşească", "nu trebuie sa depaseasca",
    "nu poate depăși", "nu poate depăşi", "nu poate depasi", "nu pot depăși", "nu pot depăşi",
    "nu pot depasi", "nu va depăși", "nu va depăşi", "nu va depasi", "mai puțin de",
    "mai puţin de", "mai putin de", "mai puțin decât", "mai puţin decât", "mai putin decat",
    "mai puține de", "mai puţine de", "mai putine de", "mai puține decât", "mai puţine decât",
    "mai putine decat", "mai mic de", "mai mic decât", "mai mic decat", "mai mică de",
    "mai mica de", "mai mică decât", "mai mica decat", "mai mici de", "mai mici decât",
    "mai mici decat", "inferior lui", "inferioară", "inferioara", "sub", "sub pragul de",
    "limita", "limită", "limita de", "limita maximă", "limita maxima", "limită maximă",
    "plafon", "plafonul", "plafonat la", "plafonată la", "plafonata la", "în limita",
    "in limita", "în limita a", "in limita a", "sau mai puțin", "sau mai puţin",
    "sau mai putin", "sau mai puține", "sau mai puţine", "sau mai putine", "sau mai mic",
    "sau mai puțin de atât", "sau mai puţin de atât", "sau mai putin de atat", "sau sub",
    "în cel mult", "in cel mult", "în maxim", "in maxim", "în maximum", "in maximum",
    "în termen de", "in termen de", "în decurs de", "in decurs de", "în mai puțin de",
    "în mai puţin de", "in mai putin de", "redus la", "redusă la", "redusa la", "scăzut la",
    "scazut la", "limitat la", "limitată la", "limitata la", "ridicat la", "crescut la",
    "cel mult egal cu", "nu mai sus de", "tavan"]
  lower = ["cel puțin", "cel puţin", "cel putin", "minim", "minimum", "min", "min.", "minimul",
    "măcar", "macar", "nu mai puțin de", "nu mai puţin de", "nu mai putin de",
    "nu mai puțin decât", "nu mai puţin decât", "nu mai putin decat", "nu mai puține de",
    "nu mai puţine de", "nu mai putine de", "nu sub", "nu mai mic de", "nu mai mic decât",
    "nu mai mic decat", "mai mult de", "mai mult decât", "mai mult decat", "mai multe de",
    "mai multe decât", "mai multe decat", "mai mare de", "mai mare decât", "mai mare decat",
    "mai mari de", "mai mari decât", "mai mari decat", "peste", "superior lui", "superioară",
    "superioara", "sau mai mult", "sau mai multe", "sau mai mare", "sau peste", "depășește",
    "depăşeşte", "depaseste", "depășesc", "depăşesc", "depasesc", "depăși", "depăşi", "depasi",
    "depășească", "depăşească", "depaseasca", "depășind", "depăşind", "depasind", "depășirea",
    "depăşirea", "depasirea", "prag minim", "pragul minim", "limita minimă", "limita minima",
    "limită minimă", "nu mai jos de"]
  firm = ["cel mult", "maxim", "maximum", "max", "max.", "maximul", "cel mult egal cu", "cel puțin", "cel puţin", "cel putin", "minim", "minimum", "min", "min.", "minimul", "măcar", "macar"]
  before = ["înainte de", "inainte de", "înainte", "inainte", "înaintea", "inaintea", "înainte de ora",
    "inainte de ora", "înainte de orele", "inainte de orele", "până la", "pana la", "până",
    "pana", "până pe", "pana pe", "până în", "pana in", "până la ora", "pana la ora",
    "până la orele", "pana la orele", "până cel târziu", "pana cel tarziu", "cel târziu",
    "cel tarziu", "cel târziu la", "cel tarziu la", "cel târziu pe", "cel tarziu pe",
    "cel târziu până la", "cel tarziu pana la", "cel târziu la ora", "cel tarziu la ora",
    "nu mai târziu de", "nu mai tarziu de", "nu mai târziu decât", "nu mai tarziu decat",
    "nu mai târziu de ora", "nu mai tarziu de ora", "termen", "termenul", "termen limită",
    "termen limita", "termenul limită", "termenul limita", "deadline", "scadent", "scadentă",
    "scadenta", "scadența", "scadenţa", "anterior datei de", "mai devreme de",
    "mai devreme decât", "mai devreme decat"]
  after = ["după", "dupa", "după ora", "dupa ora", "după orele", "dupa orele", "nu înainte de",
    "nu inainte de", "nu înainte de ora", "nu inainte de ora", "nu mai devreme de",
    "nu mai devreme decât", "nu mai devreme decat", "nu mai devreme de ora", "cel mai devreme",
    "cel mai devreme la", "începând cu", "incepand cu", "începând de la", "incepand de la",
    "începând din", "incepand din", "începând de", "incepand de", "începând", "incepand",
    "de la ora", "de la orele", "de la data de", "din data de", "odată ce", "odata ce",
    "imediat ce", "îndată ce", "indata ce", "de îndată ce", "de indata ce",
    "ulterior datei de", "mai târziu de", "mai tarziu de", "mai târziu decât",
    "mai tarziu decat", "după ce", "dupa ce"]
  must = ["trebuie", "trebuie să", "trebuie sa", "va trebui", "e necesar", "este necesar",
    "este necesară", "este necesara", "necesar", "necesară", "necesara", "necesare",
    "obligatoriu", "obligatorie", "obligatorii", "în mod obligatoriu", "in mod obligatoriu",
    "este obligatoriu", "e obligatoriu", "obligat", "obligată", "obligata", "obligați",
    "obligaţi", "obligati", "sunt obligați", "sunt obligaţi", "sunt obligati",
    "obligativitate", "mereu", "întotdeauna", "intotdeauna", "totdeauna", "de fiecare dată",
    "de fiecare data", "în toate cazurile", "in toate cazurile", "neapărat", "neaparat",
    "musai", "e musai", "asigurați-vă", "asiguraţi-vă", "asigurati-va", "asigurați-vă că",
    "asiguraţi-vă că", "asigurati-va ca", "asigură-te", "asigura-te", "asigură-te că",
    "asigura-te ca", "să vă asigurați", "să vă asiguraţi", "sa va asigurati", "nu uitați",
    "nu uitaţi", "nu uitati", "nu uita", "să nu uitați", "să nu uitaţi", "sa nu uitati",
    "țineți minte", "ţineţi minte", "tineti minte", "ține minte", "ţine minte", "tine minte",
    "întrebați înainte", "întrebaţi înainte", "intrebati inainte", "întreabă înainte",
    "intreaba inainte", "întrebați mai întâi", "întrebaţi mai întâi", "intrebati mai intai",
    "întreabă mai întâi", "intreaba mai intai", "cereți aprobare", "cereţi aprobare",
    "cereti aprobare", "cere aprobare", "cu aprobarea", "necesită aprobare",
    "necesita aprobare", "necesită aprobarea", "necesita aprobarea", "necesită", "necesita",
    "este nevoie de", "e nevoie de", "aveți nevoie de", "aveţi nevoie de", "aveti nevoie de",
    "se impune", "se cere", "cerință", "cerinţă", "cerinta", "cerința", "cerinţa", "rămâne",
    "ramane", "rămân", "raman", "să rămână", "sa ramana", "neschimbat", "neschimbată",
    "neschimbata", "neschimbate", "neatins", "neatinsă", "neatinsa", "neatinse"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["mereu", "întotdeauna", "intotdeauna", "totdeauna", "de fiecare dată", "de fiecare data", "de acum înainte", "de acum inainte", "pe viitor", "în mod implicit", "in mod implicit", "în permanență"]
  weaken = ["încercați să", "încercaţi să", "incercati sa", "încearcă să", "incearca sa", "încercați",
    "încercaţi", "incercati", "încearcă", "incearca", "încercați să nu", "încercaţi să nu",
    "incercati sa nu", "încearcă să nu", "incearca sa nu", "ideal ar fi", "în mod ideal",
    "in mod ideal", "dacă e posibil", "daca e posibil", "dacă este posibil",
    "daca este posibil", "pe cât posibil", "pe cat posibil", "pe cât se poate",
    "pe cat se poate", "dacă se poate", "daca se poate", "în măsura posibilului",
    "in masura posibilului", "de preferință", "de preferinţă", "de preferinta", "preferabil",
    "preferat", "prefer", "preferăm", "preferam", "ar fi bine", "ar fi bine să",
    "ar fi bine sa", "ar fi ideal", "ar fi frumos", "dacă puteți", "dacă puteţi",
    "daca puteti", "dacă poți", "dacă poţi", "daca poti", "luați în considerare",
    "luaţi în considerare", "luati in considerare", "ia în considerare", "ia in considerare",
    "opțional", "opţional", "optional", "opțională", "opţională", "optionala", "opționale",
    "opţionale", "optionale", "facultativ", "facultativă", "facultativa", "recomandat",
    "recomandată", "recomandata", "recomandate", "se recomandă", "se recomanda", "recomandăm",
    "recomandam", "vă recomandăm", "va recomandam", "de obicei", "de regulă", "de regula",
    "pe cât de mult", "pe cat de mult", "când e posibil", "cand e posibil",
    "atunci când e posibil", "atunci cand e posibil"]
  exception = ["cu excepția", "cu excepţia", "cu exceptia", "cu excepția cazului în care",
    "cu excepţia cazului în care", "cu exceptia cazului in care", "excepție", "excepţie",
    "exceptie", "excepția", "excepţia", "exceptia", "exceptând", "exceptand", "excluzând",
    "excluzand", "în afară de", "in afara de", "în afara", "in afara",
    "în afara cazului în care", "in afara cazului in care", "decât dacă", "decat daca",
    "doar dacă nu", "doar daca nu", "numai dacă nu", "numai daca nu", "dacă nu cumva",
    "daca nu cumva", "dar nu", "însă nu", "insa nu", "altul decât", "altul decat",
    "alta decât", "alta decat", "alții decât", "alţii decât", "altii decat", "altele decât",
    "altele decat"]
  condition = ["dacă", "daca", "când", "cand", "atunci când", "atunci cand", "ori de câte ori",
    "ori de cate ori", "cât timp", "cat timp", "câtă vreme", "cata vreme", "în timp ce",
    "in timp ce", "în timpul", "in timpul", "pe durata", "pe perioada", "pe parcursul",
    "în cursul", "in cursul", "fără", "fara", "fără să", "fara sa", "fără a", "fara a",
    "în caz de", "in caz de", "în cazul în care", "in cazul in care", "în cazul", "in cazul",
    "în caz că", "in caz ca", "cu condiția", "cu condiţia", "cu conditia", "cu condiția ca",
    "cu condiţia ca", "cu conditia ca", "cu condiția să", "cu condiţia să", "cu conditia sa",
    "doar dacă", "doar daca", "numai dacă", "numai daca", "numai când", "numai cand",
    "doar când", "doar cand", "la nevoie"]
  lift = ["nu mai", "nu mai e nevoie", "nu mai este nevoie", "nu mai e necesar",
    "nu mai este necesar", "nu mai trebuie", "nu mai e valabil", "nu mai este valabil",
    "nu mai e valabilă", "nu mai e valabila", "nu mai este valabilă", "nu mai este valabila",
    "nu mai e cazul", "nu mai este cazul", "nu mai contează", "nu mai conteaza",
    "nu mai e interzis", "nu mai este interzis", "nu mai e în vigoare", "nu mai e in vigoare",
    "nu mai este în vigoare", "nu mai este in vigoare", "nu se mai aplică", "nu se mai aplica",
    "nu mai se aplică", "nu mai se aplica", "nu mai aplicăm", "nu mai aplicam", "ridicat",
    "ridicată", "ridicata", "ridicăm", "ridicam", "am ridicat", "a fost ridicat",
    "a fost ridicată", "a fost ridicata", "anulat", "anulată", "anulata", "anulăm", "anulam",
    "am anulat", "revocat", "revocată", "revocata", "retras", "retrasă", "retrasa", "eliminat",
    "eliminată", "eliminata", "scos", "scoasă", "scoasa", "puteți acum", "puteţi acum",
    "puteti acum", "acum puteți", "acum puteţi", "acum puteti", "acum poți", "acum poţi",
    "acum poti", "poți acum", "poţi acum", "poti acum", "puteți continua", "puteţi continua",
    "puteti continua", "poți continua", "poţi continua", "poti continua", "mergeți înainte",
    "mergeţi înainte", "mergeti inainte", "dați drumul", "daţi drumul", "dati drumul",
    "dă-i drumul", "da-i drumul", "cale liberă", "cale libera", "undă verde", "unda verde",
    "din nou permis", "permis din nou", "este din nou permis", "e din nou voie", "iar e voie",
    "uitați de", "uitaţi de", "uitati de", "uită de", "uita de", "uitați asta", "uitaţi asta",
    "uitati asta", "uită asta", "uita asta", "ignorați", "ignoraţi", "ignorati", "ignoră",
    "ignora", "lăsați baltă", "lăsaţi baltă", "lasati balta", "lasă baltă", "lasa balta",
    "nu contează", "nu conteaza", "s-a terminat", "s-a încheiat", "s-a incheiat",
    "a expirat restricția", "a expirat restricţia", "a expirat restrictia",
    "simțiți-vă liberi", "simţiţi-vă liberi", "simtiti-va liberi", "liber să", "liber sa",
    "nu e nevoie să", "nu e nevoie sa", "nu este nevoie să", "nu este nevoie sa",
    "nu trebuie neapărat", "nu trebuie neaparat"]
  replace = ["în loc de", "in loc de", "în locul", "in locul", "în schimb", "in schimb", "înlocuit",
    "inlocuit", "înlocuită", "inlocuita", "înlocuiți", "înlocuiţi", "inlocuiti", "înlocuiește",
    "înlocuieşte", "inlocuieste", "înlocuim", "inlocuim", "înlocuiți cu", "înlocuiţi cu",
    "inlocuiti cu", "schimbat în", "schimbat in", "schimbat la", "schimbată la",
    "schimbata la", "schimbăm la", "schimbam la", "modificat la", "modificată la",
    "modificata la", "mutat la", "mutat pe", "mutată pe", "mutata pe", "mutat în", "mutat in",
    "amânat pe", "amanat pe", "amânat la", "amanat la", "amânată pe", "amanata pe",
    "amânată la", "amanata la", "reprogramat", "reprogramată", "reprogramata", "trecut la",
    "trecem la", "acum", "de acum", "de acum înainte", "de acum inainte", "de acum încolo",
    "de acum incolo", "de-acum", "de-acum înainte", "de-acum inainte", "nou", "noul", "noile",
    "corectez", "corectare", "corecție", "corecţie", "corectie", "rectific", "rectificare",
    "mai degrabă decât", "mai degraba decat", "revin cu"]
  failed = ["a eșuat", "a eşuat", "a esuat", "au eșuat", "au eşuat", "au esuat", "eșuat", "eşuat",
    "esuat", "eșuată", "eşuată", "esuata", "eșuate", "eşuate", "esuate", "eșec", "eşec",
    "esec", "eșuează", "eşuează", "esueaza", "nu a mers", "n-a mers", "nu merge", "nu mergea",
    "nu a funcționat", "nu a funcţionat", "nu a functionat", "n-a funcționat",
    "n-a funcţionat", "n-a functionat", "nu funcționează", "nu funcţionează",
    "nu functioneaza", "nu a reușit", "nu a reuşit", "nu a reusit", "n-a reușit", "n-a reuşit",
    "n-a reusit", "nu am reușit", "nu am reuşit", "nu am reusit", "n-am reușit", "n-am reuşit",
    "n-am reusit", "nu reușește", "nu reuşeşte", "nu reuseste", "nu s-a putut", "eroare",
    "erori", "a dat eroare", "dă eroare", "da eroare", "a crăpat", "a crapat", "a căzut",
    "a cazut", "a picat", "picat", "căzut", "cazut", "stricat", "stricată", "stricata",
    "timeout", "a expirat", "a dat timeout", "respins", "respinsă", "respinsa",
    "a fost respins", "a fost respinsă", "a fost respinsa", "rollback", "am făcut rollback",
    "am facut rollback", "s-a făcut rollback", "s-a facut rollback", "revenit la",
    "am revenit la", "fără succes", "fara succes", "fără rezultat", "fara rezultat",
    "nu a ajutat", "n-a ajutat", "degeaba", "în zadar", "in zadar", "s-a blocat",
    "s-a prăbușit", "s-a prăbuşit", "s-a prabusit", "a dat crash", "nereușit", "nereuşit",
    "nereusit", "nereușită", "nereuşită", "nereusita"]
  report = ["a întrebat", "a intrebat", "au întrebat", "au intrebat", "m-a întrebat", "m-a intrebat",
    "ne-a întrebat", "ne-a intrebat", "a așteptat", "a aşteptat", "a asteptat", "am așteptat",
    "am aşteptat", "am asteptat", "au așteptat", "au aşteptat", "au asteptat", "a durat",
    "au durat", "a luat", "s-a plâns", "s-a plans", "s-au plâns", "s-au plans", "a spus",
    "au spus", "a zis", "au zis", "zicea", "spunea", "a menționat", "a menţionat",
    "a mentionat", "a pomenit", "a raportat", "a scris", "ne-a scris", "a sunat", "a trimis",
    "a redirecționat", "a redirecţionat", "a redirectionat", "a citat", "data trecută",
    "data trecuta", "ultima dată", "ultima data", "ultima oară", "ultima oara", "ieri",
    "alaltăieri", "alaltaieri", "aseară", "aseara", "săptămâna trecută", "saptamana trecuta",
    "luna trecută", "luna trecuta", "anul trecut", "vara trecută", "vara trecuta",
    "iarna trecută", "iarna trecuta", "am petrecut", "am stat", "am tot", "doar ca să știi", "doar ca sa stii", "am stat în așteptare",
    "am stat in asteptare", "m-au ținut în așteptare", "m-au tinut in asteptare", "m-au sunat",
    "m-au trezit"]
  ask = ["întreabă dacă", "intreaba daca", "a întrebat dacă", "a intrebat daca", "întreba dacă",
    "intreba daca", "întrebă dacă", "vrea să știe dacă", "vrea să ştie dacă",
    "vrea sa stie daca", "voia să știe dacă", "voia să ştie dacă", "voia sa stie daca",
    "ar vrea să știe", "ar vrea să ştie", "ar vrea sa stie", "se întreabă dacă",
    "se intreaba daca", "mă întreb dacă", "ma intreb daca", "se plânge că", "se plange ca",
    "s-a plâns că", "s-a plans ca", "se plângea că", "se plangea ca", "se plânge de",
    "se plange de", "s-a plâns de", "s-a plans de", "spune-mi că", "spune-mi ca",
    "spuneți-mi că", "spuneţi-mi că", "spuneti-mi ca", "nu-mi spune că", "nu-mi spune ca",
    "să nu-mi spui că", "sa nu-mi spui ca", "spune-mi dacă", "spune-mi daca",
    "spuneți-mi dacă", "spuneţi-mi dacă", "spuneti-mi daca", "anunțați-mă dacă",
    "anunţaţi-mă dacă", "anuntati-ma daca", "anunță-mă dacă", "anunţă-mă dacă",
    "anunta-ma daca", "aș vrea să știu dacă", "aş vrea să ştiu dacă", "as vrea sa stiu daca",
    "aș vrea să știu", "aş vrea să ştiu", "as vrea sa stiu",
    "zi-mi că", "zi-mi ca", "ziceți-mi că", "ziceti-mi ca", "nu-mi zice că", "nu-mi zice ca",
    "să nu-mi zici că", "sa nu-mi zici ca", "ce bine ar fi", "ar fi frumos dacă", "ar fi frumos daca",
    "ar fi super dacă", "ar fi super daca", "ar fi minunat dacă", "ar fi minunat daca", "să sperăm că",
    "sa speram ca", "sperăm că", "speram ca", "visez la", "visez că", "visez sa", "visez să"]
  concession = ["chiar dacă", "chiar daca", "chiar și dacă", "chiar şi dacă", "chiar si daca",
    "chiar și când", "chiar şi când", "chiar si cand", "chiar când", "chiar cand", "deși",
    "deşi", "desi", "cu toate că", "cu toate ca", "indiferent dacă", "indiferent daca",
    "oricât de", "oricat de"]
  consequence = ["altfel", "în caz contrar", "in caz contrar", "altminteri", "că altfel", "ca altfel"]
  reason = ["pentru că", "deoarece", "fiindcă", "căci"]
  minus = ["minus"]
  summary = ["rezumat", "rezumatul", "rezumă", "rezuma", "rezumați", "rezumaţi", "rezumati", "sumar",
    "sumarul", "sinteză", "sinteza", "recapitulare", "recapitularea"]
  neutral = ["nu s-a decis", "nu s-a decis nimic", "s-a decis nimic", "nu e decis", "nu este decis", "nimic nu e decis", "nu am decis", "nu am decis nimic", "n-am decis", "nu am hotărât", "nu s-a hotărât", "nu s-a luat nicio decizie", "a doua zi", "nu știu", "nu ştiu", "nu stiu", "n-am idee", "nu am idee", "habar n-am", "nicio problemă",
    "nicio problema", "nici o problemă", "nici o problema", "nu-i problemă", "nu-i problema",
    "nu e problemă", "nu e problema", "nu e nicio problemă", "nu e nicio problema",
    "nu vă faceți griji", "nu vă faceţi griji", "nu va faceti griji", "nu-ți face griji",
    "nu-ţi face griji", "nu-ti face griji", "nu te îngrijora", "nu te ingrijora",
    "nu vă îngrijorați", "nu vă îngrijoraţi", "nu va ingrijorati", "nu vă grăbiți",
    "nu vă grăbiţi", "nu va grabiti", "nu te grăbi", "nu te grabi", "nu e grabă", "nu e graba",
    "nu-i grabă", "nu-i graba", "nu este grabă", "nu este graba", "încă nu", "inca nu",
    "nu încă", "nu inca", "nu sunt sigur", "nu sunt sigură", "nu sunt sigura",
    "nu suntem siguri", "n-am chef", "nu am chef", "nu-i rău", "nu-i rau", "nu e rău",
    "nu e rau", "nu, mulțumesc", "nu, mulţumesc", "nu, multumesc", "nu mulțumesc",
    "nu mulţumesc", "nu multumesc", "doar întreb", "doar intreb", "doar ca să știi",
    "doar ca să ştii", "doar ca sa stii", "doar o întrebare", "doar o intrebare", "nu-i așa",
    "nu-i aşa", "nu-i asa", "nu e așa", "nu e aşa", "nu e asa", "nu-i bai", "nu e bai",
    "nu mai pot de", "nu doar", "nu numai"]

  coordinators = ["și", "şi", "si", "dar", "iar", "însă", "insa", "apoi", "de asemenea", "plus", "sau", "ci",
    "totodată", "totodata", "precum și", "precum şi", "precum si", "după aceea", "dupa aceea",
    "după care", "dupa care", "pe lângă asta", "pe langa asta"]

  numbers = {
    "zero" = 0, "unu" = 1, "una" = 1, "un" = 1, "o" = 1, "doi" = 2, "două" = 2, "doua" = 2,
    "trei" = 3, "patru" = 4, "cinci" = 5, "șase" = 6, "şase" = 6, "sase" = 6, "șapte" = 7,
    "şapte" = 7, "sapte" = 7, "opt" = 8, "nouă" = 9, "noua" = 9, "zece" = 10,
    "unsprezece" = 11, "unșpe" = 11, "unşpe" = 11, "unspe" = 11, "doisprezece" = 12,
    "douăsprezece" = 12, "douasprezece" = 12, "doișpe" = 12, "doişpe" = 12, "doispe" = 12,
    "treisprezece" = 13, "treișpe" = 13, "treişpe" = 13, "treispe" = 13, "paisprezece" = 14,
    "paișpe" = 14, "paişpe" = 14, "paispe" = 14, "cincisprezece" = 15, "cinșpe" = 15,
    "cinşpe" = 15, "cinspe" = 15, "șaisprezece" = 16, "şaisprezece" = 16, "saisprezece" = 16,
    "șaișpe" = 16, "şaişpe" = 16, "saispe" = 16, "șaptesprezece" = 17, "şaptesprezece" = 17,
    "saptesprezece" = 17, "șaptișpe" = 17, "şaptişpe" = 17, "saptispe" = 17,
    "optsprezece" = 18, "optișpe" = 18, "optişpe" = 18, "optispe" = 18, "nouăsprezece" = 19,
    "nouasprezece" = 19, "nouășpe" = 19, "nouăşpe" = 19, "nouaspe" = 19, "douăzeci" = 20,
    "douazeci" = 20, "treizeci" = 30, "patruzeci" = 40, "cincizeci" = 50, "șaizeci" = 60,
    "şaizeci" = 60, "saizeci" = 60, "șaptezeci" = 70, "şaptezeci" = 70, "saptezeci" = 70,
    "optzeci" = 80, "nouăzeci" = 90, "nouazeci" = 90, "jumătate" = 0.5, "jumatate" = 0.5,
    "jumate" = 0.5, "sfert" = 0.25, "duzină" = 12, "duzina" = 12, "ambii" = 2, "ambele" = 2,
    "amândoi" = 2, "amandoi" = 2, "amândouă" = 2, "amandoua" = 2, "dublu" = 2, "triplu" = 3,
    "o dată" = 1, "o data" = 1, "o singură dată" = 1, "o singura data" = 1, "de două ori" = 2,
    "de doua ori" = 2, "de trei ori" = 3
  }
  scales = {
    "sută" = 100, "suta" = 100, "sute" = 100, "mie" = 1000, "mii" = 1000, "de mii" = 1000,
    "k" = 1000, "milion" = 1000000, "milioane" = 1000000, "de milioane" = 1000000,
    "mil." = 1000000, "miliard" = 1000000000, "miliarde" = 1000000000,
    "de miliarde" = 1000000000, "mld." = 1000000000, "mld" = 1000000000
  }

  units = {
    "milisecundă" = "ms", "milisecunda" = "ms", "milisecunde" = "ms", "de milisecunde" = "ms",
    "secundă" = "s", "secunda" = "s", "secunde" = "s", "de secunde" = "s", "sec" = "s",
    "sec." = "s", "minut" = "min", "minute" = "min", "minutul" = "min", "de minute" = "min",
    "oră" = "h", "ora" = "h", "ore" = "h", "de ore" = "h", "zi" = "d", "zile" = "d",
    "ziua" = "d", "de zile" = "d", "zile lucrătoare" = "d", "zile lucratoare" = "d",
    "săptămână" = "wk", "saptamana" = "wk", "săptămâni" = "wk", "saptamani" = "wk",
    "săptămâna" = "wk", "de săptămâni" = "wk", "de saptamani" = "wk", "lună" = "mo",
    "luna" = "mo", "luni" = "mo", "an" = "yr", "ani" = "yr", "anul" = "yr", "de ani" = "yr",
    "la sută" = "%", "la suta" = "%", "procent" = "%", "procente" = "%", "de procente" = "%",
    "metru" = "m", "metri" = "m", "de metri" = "m", "kilometru" = "km", "kilometri" = "km",
    "de kilometri" = "km", "kilogram" = "kg", "kilograme" = "kg", "de kilograme" = "kg",
    "kilogramul" = "kg", "gram" = "g", "grame" = "g", "de grame" = "g", "tonă" = "t",
    "tona" = "t", "tone" = "t", "de tone" = "t", "litru" = "l", "litri" = "l",
    "de litri" = "l", "metru cub" = "m3", "metri cubi" = "m3", "de metri cubi" = "m3",
    "grad" = "deg", "grade" = "deg", "de grade" = "deg", "leu" = "RON", "lei" = "RON",
    "de lei" = "RON", "leul" = "RON", "ron" = "RON", "euro" = "EUR", "de euro" = "EUR",
    "dolar" = "USD", "dolari" = "USD", "de dolari" = "USD", "liră sterlină" = "GBP",
    "lira sterlina" = "GBP", "lire sterline" = "GBP", "de lire sterline" = "GBP",
    "franc elvețian" = "CHF", "franc elveţian" = "CHF", "franc elvetian" = "CHF",
    "franci elvețieni" = "CHF", "franci elveţieni" = "CHF", "franci elvetieni" = "CHF",
    "picior" = "ft", "picioare" = "ft"
  }
  per = ["pe", "per", "pe fiecare", "la fiecare", "fiecare"]
  every = ["la fiecare"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["regulă", "reguli", "regulile", "restricții", "cerințe", "condiții", "limite"]
  without = ["fără", "fara"]
  # "pe zi", "pe oră" are read as per and a unit: "o dată pe zi" is once a day.
  periods = {
    "lunar" = "mo", "lunară" = "mo", "lunara" = "mo", "lunare" = "mo", "zilnic" = "d",
    "zilnică" = "d", "zilnica" = "d", "zilnice" = "d", "săptămânal" = "wk",
    "saptamanal" = "wk", "săptămânală" = "wk", "saptamanala" = "wk", "săptămânale" = "wk",
    "saptamanale" = "wk", "anual" = "yr", "anuală" = "yr", "anuala" = "yr", "anuale" = "yr",
    "orar" = "h"
  }

  months = {
    "ianuarie" = 1, "februarie" = 2, "martie" = 3, "aprilie" = 4, "mai" = 5, "iunie" = 6,
    "iulie" = 7, "august" = 8, "septembrie" = 9, "octombrie" = 10, "noiembrie" = 11,
    "decembrie" = 12, "ian" = 1, "ian." = 1, "feb" = 2, "feb." = 2, "febr." = 2, "mar" = 3,
    "mar." = 3, "apr" = 4, "apr." = 4, "iun" = 6, "iun." = 6, "iul" = 7, "iul." = 7, "aug" = 8,
    "aug." = 8, "sep" = 9, "sep." = 9, "sept" = 9, "sept." = 9, "oct" = 10, "oct." = 10,
    "nov" = 11, "nov." = 11, "dec" = 12, "dec." = 12
  }
  weekdays = {
    "luni" = 1, "marți" = 2, "marţi" = 2, "marti" = 2, "miercuri" = 3, "joi" = 4, "vineri" = 5,
    "sâmbătă" = 6, "sambata" = 6, "sîmbătă" = 6, "simbata" = 6, "duminică" = 7, "duminica" = 7,
    "lunea" = 1, "marțea" = 2, "marţea" = 2, "martea" = 2, "miercurea" = 3, "joia" = 4,
    "vinerea" = 5, "sâmbăta" = 6, "sîmbăta" = 6
  }
  clock_words = {
    "prânz" = 12, "pranz" = 12, "amiază" = 12, "amiaza" = 12, "miezul zilei" = 12,
    "miezul nopții" = 0, "miezul nopţii" = 0, "miezul noptii" = 0, "miez de noapte" = 0
  }
  clock = ["h"]
  pm = ["seara", "de seară", "de seara", "după-amiaza", "dupa-amiaza", "după-amiază",
    "după amiaza", "dupa amiaza", "după amiază", "după-masa", "dupa-masa", "după masa",
    "dupa masa", "p.m.", "pm"]
  am = ["dimineața", "dimineaţa", "dimineata", "de dimineață", "de dimineaţă", "de dimineata",
    "dimineață", "dimineaţă", "a.m."]

  # Letters that mark the language, for a text with no function word.
  letters = "ășțţăâî"

  # Function words. Those Romanian writes as Dutch, the Scandinavian
  # languages, Finnish or English do ("nu" is "now" in Dutch, Swedish and
  # Danish, "de" and "in" Dutch function words, "ei" the Finnish "not",
  # "are" English) are left out, so that a text in one of them does not
  # count for Romanian and read its cues; the ones it shares with Italian,
  # Spanish and French ("a", "la", "un", "e", "o", "se") are kept, or
  # Romanian would not be read at all in a short rule, and they make a
  # Romanian text read its own words as Romanian ("e" and "o" join in
  # Italian, "se" is Italian "if", "mai" Italian "never", "ne" the
  # Hungarian "don't", "pe" the Finnish Friday, "am" the English a.m.).
  # Cue words that are also English or Spanish words ("strict", "ideal",
  # "superior", "anterior") are listed only in phrases for the same reason.
  # Dates as day and month with dots, no year: "18.12.".
  day_month_dots = true
  stopwords = ["și", "şi", "si", "să", "sa", "că", "ca", "în", "pe", "cu", "din", "dintre", "pentru",
    "prin", "spre", "despre", "între", "intre", "către", "catre", "fără", "fara", "până",
    "pana", "după", "dupa", "lângă", "langa", "sau", "dar", "iar", "însă", "insa", "mai",
    "este", "e", "sunt", "fost", "fiind", "am", "avem", "aveți", "aveţi", "aveti", "au", "ale",
    "o", "unei", "unui", "unor", "niște", "nişte", "niste", "acest", "această", "aceasta",
    "acesta", "aceste", "acești", "aceşti", "acesti", "aceștia", "aceştia", "acestia",
    "acestea", "acel", "acea", "acele", "acei", "același", "acelaşi", "acelasi", "aceeași",
    "aceeaşi", "aceeasi", "cel", "cea", "cei", "cele", "lor", "ea", "ele", "meu", "mea", "mei",
    "mele", "tău", "tau", "tale", "său", "sale", "nostru", "noastră", "noastra", "noștri",
    "noştri", "nostri", "vostru", "voastră", "voastra", "îi", "ii", "îl", "îmi", "imi", "îți",
    "îţi", "iti", "își", "îşi", "isi", "ne", "vă", "va", "se", "și-a", "şi-a", "si-a", "s-a",
    "s-au", "l-am", "mi-a", "într-un", "intr-un", "într-o", "intr-o", "dintr-un", "dintr-o",
    "printr-un", "printr-o", "care", "cum", "unde", "cine", "câte", "cate", "câți", "câţi",
    "cati", "foarte", "deja", "încă", "inca", "aici", "acolo", "tot", "toată", "toata", "toți",
    "toţi", "toti", "toate", "totul", "oricare", "orice", "vreun", "vreo", "deci", "adică",
    "adica", "fiindcă", "fiindca", "deoarece", "pentru că", "pentru ca", "vor", "vom", "veți",
    "veţi", "veti", "vei", "poate", "pot", "putem", "puteți", "puteţi", "puteti", "vă rog",
    "va rog", "mulțumesc", "mulţumesc", "multumesc", "mersi", "asta", "ăsta", "aia", "ăla",
    "ala", "ceva", "cineva", "aș", "aş", "ar", "ați", "aţi", "ati", "atât", "atat", "atunci",
    "chiar", "așa", "aşa", "asa", "dacă", "daca", "când", "cand", "doar", "acum", "trebuie",
    "niciodată", "niciodata", "interzis", "interzisă", "interzisa", "obligatoriu", "mult",
    "puțin", "puţin", "putin", "fiecare", "înainte", "inainte", "nimic", "nimeni", "vreme",
    "decât", "decat", "dumneavoastră", "dumneavoastra", "oare", "nici", "a", "la", "un", "lui",
    "ai", "le", "mi", "te", "el", "ce", "ora", "orele"]

  # A dot after these does not end a sentence.
  abbreviations = ["dl.", "dna.", "d-l.", "d-na.", "dr.", "prof.", "ing.", "str.", "nr.", "ex.", "etc.",
    "aprox.", "art.", "alin.", "lit.", "pct.", "cca.", "ș.a.", "ş.a.", "s.a.", "ș.a.m.d.",
    "ş.a.m.d.", "s.a.m.d.", "tel.", "jud.", "sect.", "bd.", "bl.", "ap.", "sc.", "max.",
    "min.", "s.r.l."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["sau", "nici"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["pe vremuri", "odinioară", "altădată", "înainte era", "pe vremea mea"]
}
