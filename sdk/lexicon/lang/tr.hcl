# Turkish. Schema and meaning of every list: see en.hcl. Turkish negates
# verbs with the suffix -me/-ma, so common negated and obligation forms
# (yapma, etmeyin, yapılmamalı, ...) are listed whole; case suffixes are
# listed on the number, month and weekday words that bounds attach to
# (cumaya kadar, üçten fazla).

language "tr" {
  name    = "Türkçe"
  stemmer = "turkish"
  verb_final = true
  bounds_follow = true

  negation = ["değil", "yok", "hayır", "asla", "hiç", "hiçbir", "hiçbir zaman",
    "hiçbir şekilde", "hiçbir koşulda", "hiçbir durumda", "hiç kimse", "kimse",
    "hiçbiri", "hiçbir şey", "yasak", "yasaktır", "yasaklandı", "yasaklanmıştır",
    "yasaklı", "izin verilmez", "izin verilmiyor", "izin yok", "olmaz", "olmamalı",
    "olmamalıdır", "olmasın", "yapma", "yapmayın", "yapmayınız", "yapmamalı",
    "yapmamalısın", "yapmamalısınız", "yapılmamalı", "yapılmamalıdır", "yapılmasın",
    "yapmayalım", "etme", "etmeyin", "etmeyiniz", "etmemeli", "etmemelisin",
    "etmemelisiniz", "edilmemeli", "edilmemelidir", "edilmesin", "etmeyelim",
    "kullanma", "kullanmayın", "kullanılmamalı", "çalıştırma", "çalıştırmayın",
    "çalıştırılmamalı", "değiştirme", "değiştirmeyin", "değiştirilmemeli", "silmeyin",
    "silinmemeli", "gönderme", "göndermeyin", "dokunma", "dokunmayın", "elleme",
    "ellemeyin", "kaçının", "kaçın", "kaçınılmalı", "sakın", "sakın ha",
    "kesinlikle olmaz", "salt okunur", "sadece okunur", "kilitli", "dondurulmuş",
    "donduruldu", "dondur", "reddet"]
  # Turkish negates a verb by a suffix ("verilmez" is not given,
  # "göndermeyin" do not send): the aorist, imperative and "must not"
  # negatives.
  negative_words = ["*mez", "*maz", "*meyin", "*mayın", "*meyiniz", "*mayınız", "*memeli", "*mamalı",
    "*memelidir", "*mamalıdır", "*mesin", "*masın"]
  only = ["sadece", "yalnızca", "yalnız", "sırf", "bir tek", "ile sınırlı",
    "sınırlı", "münhasıran", "başka hiçbir"]
  upper = ["en fazla", "en çok", "azami", "maksimum", "maks", "max", "kadar", "dek",
    "aşmamalı", "aşmamalıdır", "aşmasın", "aşmadan", "aşmayacak", "aşmayacak şekilde",
    "geçmemeli", "geçmemelidir", "geçmesin", "geçmeyecek", "fazla olmamalı",
    "daha az", "az", "altında", "sınır", "üst sınır", "limit", "tavan",
    "içinde", "içerisinde", "zarfında", "veya daha az", "ya da daha az", "ve altı",
    "ve altında", "daha fazla değil"]
  lower = ["en az", "en azından", "asgari", "minimum", "min", "daha fazla", "fazla",
    "üzerinde", "üstünde", "ve üzeri", "ve üstü", "veya daha fazla", "ya da daha fazla",
    "alt sınır", "altına düşmemeli", "düşmemeli", "az olmamalı", "daha az değil"]
  firm = ["en fazla", "en çok", "azami", "maksimum", "maks", "max", "en az", "en azından", "asgari", "minimum", "min"]
  before = ["önce", "öncesinde", "kadar", "dek", "değin", "en geç", "son tarih",
    "son teslim", "son teslim tarihi", "teslim tarihi", "vadesi", "deadline",
    "tarihine kadar"]
  after = ["sonra", "sonrasında", "itibaren", "itibariyle", "itibarıyla", "en erken",
    "önce değil", "beri", "başlayarak", "başlamak üzere"]
  must = ["zorunlu", "zorunludur", "mecburi", "gerekli", "gereklidir", "gerekir",
    "gerekiyor", "lazım", "şart", "şarttır", "her zaman", "daima", "mutlaka",
    "yapmalı", "yapmalısın", "yapmalısınız", "yapılmalı", "yapılmalıdır", "etmeli",
    "etmelisin", "etmelisiniz", "edilmeli", "edilmelidir", "olmalı", "olmalıdır",
    "zorunda", "zorundasın", "zorundasınız", "zorundayız", "emin ol", "emin olun",
    "sağla", "sağlayın", "sağlanmalı", "sağlanmalıdır", "her seferinde",
    "her defasında", "unutma", "unutmayın", "unutmayınız", "değiştirilmeden", "olduğu gibi", "dokunulmadan"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["her zaman", "daima", "her daim", "her seferinde", "her defasında", "her koşulda", "sürekli", "bundan böyle", "şu andan itibaren", "varsayılan olarak", "kural olarak"]
  weaken = ["dene", "deneyin", "deneyiniz", "mümkünse", "mümkün olduğunca",
    "mümkün olursa", "olabildiğince", "ideal olarak", "tercihen", "tercih et",
    "tercih edin", "tercih edilir", "yapabilirsen", "yapabilirseniz", "isteğe bağlı",
    "opsiyonel", "önerilir", "önerilen", "tavsiye edilir", "tavsiye edilen", "iyi olur",
    "güzel olur", "olursa iyi olur", "elinden geldiğince"]
  exception = ["hariç", "dışında", "haricinde", "dışındaki", "olmadıkça",
    "gerekmedikçe", "istisna", "istisnası", "istisna olarak", "ama değil",
    "hariç tutularak"]
  condition = ["eğer", "ise", "olursa", "durumunda", "halinde", "takdirde", "iken",
    "sırasında", "esnasında", "boyunca", "sürece", "olmadan", "olmaksızın", "şartıyla",
    "koşuluyla", "kaydıyla", "her ne zaman", "ne zaman"]
  lift = ["kaldırıldı", "kaldırılmıştır", "artık geçerli değil", "geçerli değil",
    "artık gerek yok", "gerek yok", "artık yasak değil", "serbest", "serbestsin",
    "serbesttir", "artık yapabilirsin", "şimdi yapabilirsin", "devam edebilirsin",
    "devam edebilirsiniz", "devam et", "buyur", "izin verildi", "tekrar izin verildi",
    "iptal edildi", "iptal", "unut bunu", "boş ver", "boşver", "yok say",
    "görmezden gel", "bitti", "sona erdi", "kalktı"]
  replace = ["yerine", "bunun yerine", "onun yerine", "değiştirildi",
    "ile değiştirildi", "olarak değiştirildi", "taşındı", "ertelendi", "geçildi",
    "artık", "şimdi", "bundan sonra", "yeni", "yenisi", "düzeltme", "düzeltiyorum"]
  failed = ["başarısız", "başarısız oldu", "hata", "hatası", "hata verdi", "hatalı",
    "çalışmadı", "çalışmıyor", "olmadı", "işe yaramadı", "işe yaramıyor", "bozuk",
    "bozuldu", "çöktü", "çöküyor", "zaman aşımı", "zaman aşımına uğradı", "timeout",
    "reddedildi", "geri alındı", "geri döndürüldü", "rollback", "sonuçsuz",
    "başarılamadı", "yapılamadı", "tamamlanamadı", "yardımcı olmadı"]
  report = ["sordu", "soruyor", "sormuştu", "bekledi", "bekledik", "bekledim", "sürdü",
    "şikayet etti", "şikâyet etti", "yakındı", "dedi", "söyledi", "bahsetti", "belirtti",
    "geçen sefer", "son seferde", "geçen defa", "geçen yıl", "geçen sene", "dün", "geçen hafta",
    "bilgin olsun", "bilginiz olsun", "bilgine", "bilginize", "haberin olsun", "haberiniz olsun",
    "beklemede kaldım", "hatta bekledim", "beni aradılar", "beni uyandırdılar", "dün gece", "dün akşam",
    "geçen ay", "iki haftadır", "haftalardır", "günlerdir", "aylardır"]
  ask = ["diye soruyor", "diye sordu", "diye soruyorlar", "diye sordular", "diye merak ediyor", "şikayet ediyor", "şikayet etti", "şikâyet ediyor", "şikâyet etti", "olduğunu söyle", "diye söyle",
    "bana söyle ki", "keşke", "keske", "hayal ediyorum", "hayalim", "ne güzel olurdu", "umalım ki"]
  concession = ["olsa bile", "bile olsa"]
  consequence = ["aksi takdirde", "aksi halde", "yoksa"]
  reason = ["çünkü"]
  minus = ["eksi"]
  summary = ["özet", "özeti", "özetle", "özetini"]
  neutral = ["belli değil", "kesin değil", "net değil", "karar yok", "kesin bir şey yok", "belli bir şey yok", "hiçbir şey kesin değil", "hiçbir şey belli değil", "hiçbir karar alınmadı", "kesinleşmiş değil", "bilmiyorum", "hiç fikrim yok", "sorun yok", "henüz değil", "merak etme", "endişelenme", "canım istemiyor"]

  coordinators = ["ve", "ama", "fakat", "ancak", "ayrıca", "artı", "ardından",
    "veya", "ya da", "veyahut"]

  numbers = {
    "sıfır" = 0, "bir" = 1, "iki" = 2, "üç" = 3, "dört" = 4, "beş" = 5, "altı" = 6,
    "yedi" = 7, "sekiz" = 8, "dokuz" = 9, "on" = 10, "on bir" = 11, "onbir" = 11,
    "on iki" = 12, "oniki" = 12, "on üç" = 13, "onüç" = 13, "on dört" = 14,
    "ondört" = 14, "on beş" = 15, "onbeş" = 15, "on altı" = 16, "onaltı" = 16,
    "on yedi" = 17, "onyedi" = 17, "on sekiz" = 18, "onsekiz" = 18, "on dokuz" = 19,
    "ondokuz" = 19, "yirmi" = 20, "yirmi dört" = 24, "yirmidört" = 24, "otuz" = 30,
    "kırk" = 40, "elli" = 50, "altmış" = 60, "yetmiş" = 70, "seksen" = 80,
    "doksan" = 90, "yarım" = 0.5, "yarı" = 0.5, "yarısı" = 0.5, "buçuk" = 0.5,
    "düzine" = 12, "her ikisi" = 2, "ikisi de" = 2, "tek" = 1, "çift" = 2,
    "ikiden" = 2, "üçten" = 3, "dörtten" = 4, "beşten" = 5, "altıdan" = 6,
    "yediden" = 7, "sekizden" = 8, "dokuzdan" = 9, "yirmiden" = 20, "otuzdan" = 30,
    "kırktan" = 40, "elliden" = 50, "ikiye" = 2, "üçe" = 3, "dörde" = 4, "beşe" = 5,
    "altıya" = 6, "yediye" = 7, "sekize" = 8, "dokuza" = 9, "yirmiye" = 20,
    "otuza" = 30, "elliye" = 50
  }
  scales = {
    "yüz" = 100, "yüze" = 100, "bin" = 1000, "bine" = 1000, "binden" = 1000,
    "k" = 1000, "milyon" = 1000000, "milyona" = 1000000, "milyondan" = 1000000,
    "mn" = 1000000, "milyar" = 1000000000, "milyara" = 1000000000,
    "milyardan" = 1000000000, "mlr" = 1000000000, "trilyon" = 1000000000000
  }

  units = {
    "milisaniye" = "ms",
    "saniye" = "s", "saniyede" = "s", "saniyeden" = "s", "saniyelik" = "s",
    "sn" = "s", "dakika" = "min", "dakikada" = "min", "dakikadan" = "min",
    "dakikaya" = "min", "dakikalık" = "min", "dk" = "min", "dk." = "min",
    "saat" = "h", "saatte" = "h", "saatten" = "h", "saate" = "h", "saatlik" = "h",
    "gün" = "d", "günde" = "d", "günden" = "d", "güne" = "d", "günlük" = "d",
    "hafta" = "wk", "haftada" = "wk", "haftadan" = "wk", "haftalık" = "wk",
    "ay" = "mo", "ayda" = "mo", "aydan" = "mo", "aya" = "mo", "aylık" = "mo",
    "yıl" = "yr", "yılda" = "yr", "yıldan" = "yr", "yıla" = "yr", "yıllık" = "yr",
    "sene" = "yr", "senede" = "yr", "seneden" = "yr", "senelik" = "yr",
    "yüzde" = "%", "metre" = "m", "kilometre" = "km", "kilogram" = "kg", "kilo" = "kg",
    "gram" = "g", "ton" = "t", "litre" = "l", "metreküp" = "m3", "metre küp" = "m3",
    "derece" = "deg", "lira" = "TRY", "türk lirası" = "TRY", "euro" = "EUR",
    "avro" = "EUR", "dolar" = "USD", "sterlin" = "GBP", "isviçre frangı" = "CHF"
  }
  per = ["başına", "başı", "her"]
  every = ["her"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["kural", "kurallar", "kısıtlar", "kısıtlamalar", "gereksinimler", "koşullar", "sınırlar"]
  periods = { "saatte" = "h", "günde" = "d", "haftada" = "wk", "ayda" = "mo", "yılda" = "yr", "dakikada" = "min", "saniyede" = "s", "aylık" = "mo", "günlük" = "d", "haftalık" = "wk", "yıllık" = "yr" }

  months = {
    "ocak" = 1, "şubat" = 2, "mart" = 3, "nisan" = 4, "mayıs" = 5, "haziran" = 6,
    "temmuz" = 7, "ağustos" = 8, "eylül" = 9, "ekim" = 10, "kasım" = 11, "aralık" = 12,
    "ocağa" = 1, "ocaktan" = 1, "ocakta" = 1, "şubata" = 2, "şubattan" = 2,
    "şubatta" = 2, "marta" = 3, "marttan" = 3, "martta" = 3, "nisana" = 4,
    "nisandan" = 4, "nisanda" = 4, "mayısa" = 5, "mayıstan" = 5, "mayısta" = 5,
    "hazirana" = 6, "hazirandan" = 6, "haziranda" = 6, "temmuza" = 7, "temmuzdan" = 7,
    "temmuzda" = 7, "ağustosa" = 8, "ağustostan" = 8, "ağustosta" = 8, "eylüle" = 9,
    "eylülden" = 9, "eylülde" = 9, "ekime" = 10, "ekimden" = 10, "ekimde" = 10,
    "kasıma" = 11, "kasımdan" = 11, "kasımda" = 11, "aralığa" = 12, "aralıktan" = 12,
    "aralıkta" = 12,
    "oca" = 1, "şub" = 2, "nis" = 4, "haz" = 6, "tem" = 7, "ağu" = 8, "eyl" = 9,
    "eki" = 10, "kas" = 11
  }
  weekdays = {
    "pazartesi" = 1, "salı" = 2, "çarşamba" = 3, "perşembe" = 4, "cuma" = 5,
    "cumartesi" = 6, "pazar" = 7,
    "pazartesiye" = 1, "pazartesiden" = 1, "pazartesi günü" = 1, "salıya" = 2,
    "salıdan" = 2, "salı günü" = 2, "çarşambaya" = 3, "çarşambadan" = 3,
    "çarşamba günü" = 3, "perşembeye" = 4, "perşembeden" = 4, "perşembe günü" = 4,
    "cumaya" = 5, "cumadan" = 5, "cuma günü" = 5, "cumartesiye" = 6,
    "cumartesiden" = 6, "cumartesi günü" = 6, "pazara" = 7, "pazardan" = 7,
    "pazar günü" = 7,
    "pzt" = 1, "sal" = 2, "çrş" = 3, "çar" = 3, "perş" = 4, "cum" = 5,
    "cmt" = 6, "paz" = 7
  }
  clock = ["saat"]
  pm    = ["öğleden sonra", "akşam"]
  am    = ["sabah", "öğleden önce"]

  # Letters that mark the language, for a text with no function word.

  letters = "ışğçöü"

  # Dates as day and month with dots, no year: "18.12.".

  day_month_dots = true

  stopwords = ["bir", "ve", "bu", "da", "de", "için", "ile", "ne", "o", "şu", "ben",
    "sen", "biz", "siz", "onlar", "bunu", "bunlar", "şey", "gibi", "daha", "çok", "ama",
    "veya", "mi", "mı", "mu", "mü", "ki", "var", "olan", "olarak", "diye", "en", "benim",
    "senin", "bizim", "sizin", "onun", "bana", "sana", "bize", "size", "ona", "onu",
    "burada", "orada", "nasıl", "neden", "çünkü", "hem", "yani", "lütfen",
    "teşekkürler", "zaten", "bile", "tüm", "bütün", "hepsi", "olur", "oldu", "etti",
    "bunun", "nerede", "göre", "hangi"]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["veya", "ya da", "ne de"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["eskiden", "bir zamanlar", "yıllar önce"]
}
