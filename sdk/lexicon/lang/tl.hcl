# Tagalog (Filipino). Schema and meaning of every list: see en.hcl.
#
# People write Tagalog to an agent mixed with English ("Huwag i-deploy sa
# production tuwing Friday"): English cues are read too when its function
# words are there, so this file lists the Tagalog ones. Spanish loans
# name the months, weekdays and money (Marso, Biyernes, piso).
#
# Phrases with an apostrophe are listed with ' and ’, as people type both.

language "tl" {
  name    = "Tagalog"
  stemmer = "" # no Snowball stemmer for Tagalog

  # "Hindi" is also the language's name in English ("reply in Hindi"):
  # kept, since it is Tagalog's everyday "not".
  # Negations that forbid by themselves (see en.hcl).
  prohibitive = ["huwag", "bawal", "hindi dapat", "hindi puwede", "hindi pwede", "kailanman", "ipinagbabawal", "hindi pinapayagan"]
  negation = ["hindi", "di", "huwag", "wag", "huwag na huwag", "wag na wag",
    "huwag mong", "wag mong", "huwag ninyong", "huwag kailanman", "hindi kailanman",
    "kailanman ay hindi", "hindi dapat", "di dapat", "hindi pwede", "hindi puwede",
    "di pwede", "di puwede", "hindi pwedeng", "hindi puwedeng", "hindi maaari",
    "hindi maaaring", "bawal", "bawal na bawal", "ipinagbabawal", "pinagbabawal",
    "ipinagbawal", "pagbabawal", "hindi pinapayagan", "hindi pinahihintulutan",
    "hindi pinapahintulutan", "wala", "walang", "walang sinuman", "walang kahit sino",
    "walang kahit ano", "iwasan", "iwasang", "umiwas", "huwag galawin", "wag galawin",
    "huwag hawakan", "wag hawakan", "huwag baguhin", "wag baguhin", "huwag burahin",
    "wag burahin", "read-only", "read only", "naka-lock", "naka-freeze", "naka-block",
    "tanggihan", "sa anumang dahilan ay hindi", "kahit kailan ay hindi"]
  # "lang" (just, only) also softens a request ("sandali lang"): those
  # phrases are neutral.
  only = ["lang", "lamang", "tanging", "tangi", "tanging ang", "puro", "eksklusibo",
    "para lamang sa", "para lang sa", "limitado sa", "wala nang iba", "wala nang ibang",
    "wala nang iba pa", "wala nang ibang tao", "walang iba kundi", "walang ibang"]
  upper = ["hindi hihigit sa", "hindi lalampas sa", "hindi lalagpas sa", "hindi lalabis sa",
    "hindi dapat lumampas sa", "hindi dapat lumagpas sa", "huwag lumampas sa",
    "hanggang", "hanggang sa", "pinakamarami", "pinakamataas", "maximum", "max",
    "mas mababa sa", "mas mababa kaysa", "mas kaunti sa", "mas kaunti kaysa",
    "kulang sa", "wala pang", "sa loob ng", "o mas kaunti", "o mas mababa", "o pababa",
    "limitasyon", "limitasyong", "limit", "takda", "hindi hihigit ng", "hindi lalampas ng"]
  # Bare "kahit" (even; "kahit 2", at least 2) is left out: it opens a
  # concession as often ("kahit na"). "man lang" is the bound.
  lower = ["hindi bababa sa", "hindi kukulangin sa", "hindi kulang sa", "kahit man lang",
    "man lang", "pinakamababa", "pinakakaunti", "minimum", "min", "mahigit",
    "mahigit sa", "higit sa", "higit pa sa", "lampas sa", "lagpas sa", "o higit pa",
    "o mahigit", "o mas marami", "o mas mataas", "o pataas", "lumampas", "lumalampas",
    "lumagpas", "lumalagpas", "lumabis"]
  # "bago" is also "new" ("bagong server", with its linker): only bare
  # "bago" is before.
  firm = ["maximum", "max", "kahit man lang", "minimum", "min"]
  before = ["bago", "bago ang", "bago ang ika", "bago mag", "hanggang", "hanggang sa",
    "sa o bago", "hindi lalampas sa", "hindi lalagpas sa", "deadline", "takdang petsa",
    "takdang oras", "palugit", "huling araw", "pinakahuli", "hindi lalampas ng"]
  after = ["pagkatapos", "pagkatapos ng", "pagkatapos ng ika", "matapos", "matapos ang",
    "hindi bago", "hindi bago ang", "simula", "simula sa", "simula ng", "simula ngayon",
    "mula", "mula sa", "mula noong", "magmula", "magmula sa", "sa sandaling",
    "pagsapit ng"]
  must = ["dapat", "dapat na", "dapat ay", "kailangan", "kailangang", "kinakailangan",
    "kailangan mong", "kailangan ninyong", "kailangan nating", "palagi", "palaging",
    "lagi", "laging", "siguraduhin", "siguraduhing", "siguruhin", "siguruhing",
    "tiyakin", "tiyaking", "sapilitan", "obligado", "obligatoryo", "required",
    "huwag kalimutan", "wag kalimutan", "huwag kalimutang", "wag kalimutang",
    "hindi dapat kalimutan", "magtanong muna", "magtanong ka muna", "magpaalam muna",
    "humingi ng pahintulot", "humingi muna ng pahintulot", "kailangan ng approval",
    "kailangan ng pahintulot", "walang pagbabago", "hindi babaguhin", "hindi nagbabago",
    "manatili", "mananatili", "nananatili", "mananatiling", "as is"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["palagi", "palaging", "lagi", "laging", "parati", "sa lahat ng oras", "tuwing", "mula ngayon", "simula ngayon", "magmula ngayon", "bilang default", "by default"]
  # "sana" (ideally, hopefully) is Turkish "to you", a Turkish function
  # word: where Turkish is the text's main language it keeps that meaning.
  weaken = ["kung maaari", "kung puwede", "kung pwede", "kung kaya", "kung kaya mo",
    "hangga't maaari", "hangga’t maaari", "hangga't posible", "hangga’t posible", "hangga't kaya", "hangga’t kaya", "mas mabuti",
    "mas mabuti kung", "mas maganda kung", "mas mainam", "mas mainam kung", "mainam",
    "sana", "subukan", "subukang", "subukan mong", "subukan ninyong", "subukan na",
    "iminumungkahi", "inirerekomenda", "rekomendado", "opsyonal", "karaniwan",
    "kadalasan", "sa abot ng makakaya", "kung okay lang"]
  exception = ["maliban", "maliban sa", "maliban kung", "maliban na lang kung", "bukod sa",
    "bukod kung", "liban sa", "liban kung", "pero hindi", "ngunit hindi",
    "hindi kasama", "hindi kasali"]
  condition = ["kung", "kapag", "pag", "kung sakali", "kung sakaling", "sakaling",
    "habang", "sa panahon ng", "sa oras ng", "nang walang", "kung walang", "basta",
    "basta't", "basta’t", "hangga't", "hangga’t"]
  lift = ["hindi na kailangan", "di na kailangan", "hindi na kailangang", "hindi na",
    "di na", "hindi na bawal", "di na bawal", "puwede na", "pwede na", "maaari na",
    "pwede mo na", "puwede mo na", "pwede mo nang", "puwede mo nang", "pwede nang",
    "puwede nang", "pwede na ninyong", "pinapayagan na", "pinahihintulutan na",
    "inalis na", "tinanggal na", "binawi", "binawi na", "kinansela", "kinansela na",
    "kanselado", "wala nang bisa", "hindi na epektibo", "hindi na ipinapatupad",
    "kalimutan mo na", "kalimutan na", "kalimutan mo iyon", "huwag mo nang pansinin",
    "wag mo nang pansinin", "huwag nang pansinin", "balewalain", "sige na", "go na",
    "tuloy na", "ituloy mo na", "malaya kang", "malaya kayong"]
  replace = ["sa halip", "sa halip na", "sa halip ay", "imbes", "imbes na", "pinalitan",
    "pinalitan ng", "palitan ng", "ginawang", "inilipat sa", "ililipat sa",
    "lumipat sa", "ngayon", "mula ngayon", "bagong", "pagtutuwid", "pagwawasto",
    "itatama ko", "itinatama ko", "inurong sa", "iniurong sa"]
  failed = ["nabigo", "pumalya", "pumalpak", "palpak", "hindi gumana", "di gumana",
    "hindi umubra", "di umubra", "ayaw gumana", "hindi nagtagumpay", "error",
    "nag-error", "nagka-error", "may error", "nagkaroon ng error", "nag-crash",
    "nagcrash", "nag-timeout", "na-timeout", "timeout", "naubusan ng oras",
    "tinanggihan", "na-reject", "ni-reject", "ni-rollback", "na-rollback", "rollback",
    "ibinalik", "sira", "nasira", "hindi nakatulong", "di nakatulong", "walang nangyari",
    "bumagsak", "bigo"]
  report = ["nagtanong", "tinanong", "nagtatanong", "naghintay", "naghihintay", "hinintay",
    "tumagal", "nagreklamo", "nagrereklamo", "sinabi", "sabi niya", "sabi nila",
    "sabi ni", "ayon kay", "ayon sa", "nabanggit", "binanggit", "kahapon",
    "noong isang linggo", "noong nakaraang linggo", "noong nakaraang buwan",
    "noong isang buwan", "noong isang taon", "noong nakaraang taon", "huling beses",
    "nung huli", "isinulat", "ipinasa", "nag-email",
    "para sa iyong kaalaman", "para sa kaalaman mo", "para lang alam mo", "fyi lang", "naka-hold ako",
    "tinawagan ako", "ginising ako", "kagabi", "dalawang linggo na", "ilang linggo na"]
  ask = ["nagtatanong kung", "nagtanong kung", "tinanong kung", "tinatanong kung",
    "tanong niya kung", "gustong malaman kung", "gusto niyang malaman kung",
    "gusto nilang malaman kung", "nagrereklamo na", "nagreklamo na",
    "nagreklamo tungkol sa", "nagrereklamo tungkol sa", "sabihin mo sa akin na",
    "sabihin mo kung", "ipaalam mo kung", "pakisabi kung",
    "sabihin mo sakin na", "sabihin mo saking",
    "kung sana", "sana nga", "nangangarap ako", "pangarap ko", "ang ganda sana kung"]
  concession = ["kahit na", "kahit pa", "kahit kung", "bagaman", "bagama't", "bagama’t", "kahit man"]
  # "kung hindi" is also "if not" ("kung hindi gumana"); only the forms
  # that open an outcome are listed.
  consequence = ["kung hindi ay", "dahil kung hindi", "kapag hindi ay", "kundi ay"]
  reason = ["dahil", "kasi"]
  minus = ["minus", "negatibo"]
  summary = ["buod", "ibuod", "pagbubuod", "lagom", "lagumin", "buurin"]
  neutral = ["wala pa kaming desisyon", "wala pa tayong desisyon", "wala pa akong desisyon", "wala pa ring desisyon", "wala pa kaming napagdesisyunan", "wala pa tayong napagdesisyunan", "wala pa kaming napagkasunduan", "wala pa tayong napagkasunduan", "wala pa ring napagkasunduan", "walang desisyon pa", "hindi ko alam", "di ko alam", "ewan", "ewan ko", "hindi ako sigurado",
    "di ako sigurado", "walang problema", "walang anuman", "hindi pa", "di pa",
    "huwag kang mag-alala", "wag kang mag-alala", "huwag mag-alala", "wag mag-alala",
    "walang pagmamadali", "sandali lang", "saglit lang", "teka lang", "isa lang",
    "hindi naman masama", "salamat na lang", "walang bayad", "hindi ba", "di ba",
    "diba"]

  coordinators = ["at", "pero", "ngunit", "subalit", "tapos", "saka", "at saka", "pati",
    "o"]

  numbers = {
    "isa" = 1, "isang" = 1, "dalawa" = 2, "dalawang" = 2, "tatlo" = 3, "tatlong" = 3,
    "apat" = 4, "apat na" = 4, "lima" = 5, "limang" = 5, "anim" = 6, "anim na" = 6,
    "pito" = 7, "pitong" = 7, "walo" = 8, "walong" = 8, "siyam" = 9, "siyam na" = 9,
    "sampu" = 10, "sampung" = 10, "labing-isa" = 11, "labindalawa" = 12,
    "labintatlo" = 13, "labing-apat" = 14, "labinlima" = 15, "labinlimang" = 15,
    "dalawampu" = 20, "dalawampung" = 20, "tatlumpu" = 30, "tatlumpung" = 30,
    "apatnapu" = 40, "limampu" = 50, "limampung" = 50, "animnapu" = 60,
    "pitumpu" = 70, "walumpu" = 80, "siyamnapu" = 90, "sandaan" = 100,
    "isandaan" = 100, "sanlibo" = 1000, "kalahati" = 0.5, "kalahating" = 0.5,
    "dosena" = 12, "dalawang beses" = 2, "tatlong beses" = 3, "makalawa" = 2,
    "makatlo" = 3
  }
  # Tagalog writes the scale after its multiplier ("limang daan", 500;
  # "tatlong libo", 3000), as a scale word reads it.
  scales = {
    "daan" = 100, "daang" = 100, "raan" = 100, "raang" = 100, "libo" = 1000,
    "libong" = 1000, "k" = 1000, "milyon" = 1000000, "milyong" = 1000000,
    "bilyon" = 1000000000
  }

  units = {
    "millisecond" = "ms", "segundo" = "s", "segundos" = "s", "minuto" = "min",
    "minutos" = "min", "oras" = "h", "araw" = "d", "linggo" = "wk", "buwan" = "mo",
    "taon" = "yr", "porsiyento" = "%", "porsyento" = "%", "porsiento" = "%",
    "metro" = "m", "kilometro" = "km", "kilo" = "kg", "kilogramo" = "kg",
    "gramo" = "g", "tonelada" = "t", "litro" = "l", "metro kubiko" = "m3",
    "digri" = "deg", "grado" = "deg", "piso" = "PHP", "pesos" = "PHP", "peso" = "PHP",
    "dolyar" = "USD", "dolyares" = "USD", "euro" = "EUR", "yuro" = "EUR"
  }
  per = ["kada", "bawat", "isang", "sa isang", "kada isang"]
  every = ["bawat", "kada", "tuwing"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["patakaran", "panuntunan", "alituntunin", "tuntunin", "limitasyon",
    "restriksyon", "kondisyon", "mga patakaran", "mga alituntunin"]
  periods = { "buwanan" = "mo", "buwan-buwan" = "mo", "araw-araw" = "d", "arawan" = "d",
    "lingguhan" = "wk", "linggo-linggo" = "wk", "taunan" = "yr", "taon-taon" = "yr",
    "oras-oras" = "h" }

  months = {
    "enero" = 1, "pebrero" = 2, "febrero" = 2, "marso" = 3, "abril" = 4, "mayo" = 5,
    "hunyo" = 6, "hulyo" = 7, "agosto" = 8, "setyembre" = 9, "septiyembre" = 9,
    "oktubre" = 10, "nobyembre" = 11, "disyembre" = 12,
    "ene" = 1, "peb" = 2, "abr" = 4, "hun" = 6, "hul" = 7, "ago" = 8, "okt" = 10,
    "nob" = 11, "dis" = 12
  }
  # "Linggo" is Sunday and "linggo" a week: after a number it is the unit.
  weekdays = {
    "lunes" = 1, "martes" = 2, "miyerkules" = 3, "miyerkoles" = 3, "huwebes" = 4,
    "biyernes" = 5, "sabado" = 6, "linggo" = 7
  }
  clock_words = { "tanghali" = 12, "tanghaling-tapat" = 12, "hatinggabi" = 0 }
  clock = []
  pm    = ["ng hapon", "nang hapon", "ng gabi", "nang gabi", "pm", "p.m."]
  am    = ["ng umaga", "nang umaga", "ng madaling-araw", "ng madaling araw", "am", "a.m."]

  # Tagalog writes no letter of its own; its function words tell it. Left
  # out are words common in another language's texts that it does not
  # count, which would tell a short one as Tagalog: "ay" (Turkish month),
  # "po" (Polish "after") with its variant "ho", "ano" (Portuguese year),
  # "sino" (Spanish), "raw", "nasa", "noon", "naming", "kong" (Hong Kong:
  # English). "sana" is a Turkish function word.
  stopwords = ["ang", "ng", "mga", "sa", "na", "at", "ito", "iyan", "iyon", "yan", "yun",
    "yung", "ung", "niya", "siya", "kami", "tayo", "kayo", "sila", "namin", "natin",
    "ninyo", "nila", "ko", "mo", "ka", "din", "rin", "kasi", "dahil", "nang",
    "dito", "doon", "diyan", "kay", "ni", "nina", "si", "sina", "pa", "ba", "naman",
    "ako", "ikaw", "akin", "iyo", "kanila", "amin", "atin", "inyo", "nito",
    "may", "mayroon", "meron", "upang", "tungkol", "lahat", "iba", "ibang", "salamat",
    "opo", "oo", "talaga", "muna", "pala", "daw", "nga", "kaya", "saan", "bakit", "paano", "kailan", "para", "pero", "pakiusap", "paki", "kayong", "ninyong", "mong", "nating", "nilang",
    "niyang", "itong", "iyong", "ating", "aming"]

  abbreviations = ["gng.", "bb.", "g.", "dr.", "atbp.", "hal."]
  disjunctions = ["o", "o kaya"]
}
