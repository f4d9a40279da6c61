# Malay (Bahasa Melayu). Schema and meaning of every list: see en.hcl.
#
# Malay and Indonesian share most function words and many cues; a Malay
# text is read in both. This file holds what Malay writes its own way:
# its months (Ogos, Disember), weekdays (Isnin, Khamis, Jumaat), units
# (minit, saat, peratus), "daripada" where Indonesian writes "dari", and
# the ringgit. Its stopwords list the shared words too, so a Malay text
# is told as Malay by the words only Malay uses (kerana, ialah, sahaja);
# Indonesian comes first in file order and keeps every tie.

language "ms" {
  name    = "Bahasa Melayu"
  stemmer = "" # no Snowball stemmer for Malay in snowballstem

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["jangan", "jangan sesekali", "jangan sekali-kali", "dilarang", "larangan", "tidak boleh", "tak boleh", "tidak dibenarkan", "tak dibenarkan", "tidak dibolehkan", "elakkan", "haram"]

  negation = ["tidak", "tak", "jangan", "jangan sesekali", "jangan sekali-kali", "bukan",
    "tidak boleh", "tak boleh", "tidak pernah", "tak pernah", "dilarang", "larangan",
    "terlarang", "tidak dibenarkan", "tak dibenarkan", "tidak dibolehkan",
    "tak dibolehkan", "tidak diizinkan", "elak", "elakkan", "mengelak", "mengelakkan",
    "langsung tidak", "sama sekali tidak", "dalam apa jua keadaan", "tiada", "tidak ada",
    "tak ada", "haram", "baca sahaja", "read-only", "dikunci", "disekat", "dibekukan",
    "jangan sentuh", "jangan ubah", "jangan padam", "menolak"]
  only = ["hanya", "sahaja", "saja", "cuma", "semata-mata", "khas untuk", "terhad kepada",
    "dihadkan kepada"]
  upper = ["paling banyak", "maksimum", "maksima", "maks", "max", "tidak lebih daripada",
    "tak lebih daripada", "tidak melebihi", "tak melebihi", "tidak boleh melebihi",
    "jangan melebihi", "di bawah", "kurang daripada", "had", "had maksimum",
    "paling lama", "paling tinggi", "sehingga", "hingga"]
  lower = ["paling sedikit", "sekurang-kurangnya", "sekurangnya", "paling kurang", "minimum",
    "minima", "min", "tidak kurang daripada", "tak kurang daripada", "lebih daripada",
    "di atas", "atau lebih", "had minimum"]
  firm = ["paling banyak", "maksimum", "maksima", "maks", "max", "paling sedikit", "sekurang-kurangnya", "sekurangnya", "paling kurang", "minimum", "minima", "min"]
  before = ["sebelum", "paling lewat", "selewat-lewatnya", "sehingga", "hingga", "sampai",
    "tarikh akhir", "tarikh tutup", "tempoh akhir"]
  after = ["selepas", "setelah", "sesudah", "tidak sebelum", "paling awal",
    "seawal-awalnya", "mulai", "bermula", "bermula dari", "sejak"]
  must = ["mesti", "mestilah", "wajib", "perlu", "harus", "hendaklah", "diwajibkan",
    "pastikan", "memastikan", "sentiasa", "setiap kali", "jangan lupa", "dikehendaki"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["sentiasa", "selalu", "setiap kali", "setiap masa", "mulai sekarang", "mulai dari sekarang", "mulai kini", "untuk seterusnya", "secara lalai", "secara default"]
  weaken = ["cuba", "cubalah", "cuba untuk", "sebaik-baiknya", "sebaiknya", "jika boleh",
    "kalau boleh", "kalau dapat", "seboleh-bolehnya", "sedapat mungkin", "digalakkan",
    "disyorkan", "dicadangkan", "lebih baik", "pilihan", "tidak wajib", "idealnya"]
  exception = ["kecuali", "melainkan", "selain", "selain daripada", "kecuali jika",
    "melainkan jika", "tidak termasuk", "dengan pengecualian"]
  condition = ["jika", "kalau", "apabila", "bila", "sekiranya", "ketika", "semasa",
    "sewaktu", "selagi", "selama", "tanpa", "dengan syarat", "asalkan", "dalam hal"]
  lift = ["dibatalkan", "batal", "tidak lagi", "tak lagi", "sudah tidak", "tidak terpakai lagi",
    "tak terpakai lagi", "sekarang boleh", "sudah boleh", "dibenarkan semula",
    "dibolehkan semula", "silakan", "teruskan", "lupakan", "lupakan itu", "abaikan",
    "abaikan itu", "tak apa", "tidak mengapa", "tak mengapa", "ditarik balik"]
  replace = ["sebaliknya", "sebagai ganti", "sebagai gantinya", "gantikan", "diganti dengan",
    "digantikan dengan", "tukar ke", "tukar kepada", "ditukar kepada", "ditukar ke",
    "dipindahkan ke", "ditangguhkan ke", "beralih ke", "sekarang", "kini",
    "mulai sekarang", "baru", "pembetulan", "betulkan"]
  failed = ["gagal", "kegagalan", "ralat", "tidak berjaya", "tak berjaya", "rosak",
    "tergendala", "tamat masa", "ditolak", "tidak berfungsi", "tak berfungsi",
    "tak jalan", "tidak jalan", "sia-sia", "tanpa hasil"]
  consequence = ["jika tidak", "kalau tidak", "supaya tidak", "agar tidak"]
  reason = ["kerana", "sebab", "oleh kerana"]
  summary = ["ringkasan", "rumusan", "ringkaskan", "rumuskan"]
  report = ["bertanya", "menanyakan", "tanya", "menunggu", "tunggu", "mengambil masa",
    "mengadu", "aduan", "kata", "berkata", "mengatakan", "menyebut", "semalam",
    "minggu lepas", "tahun lepas", "bulan lepas", "kali terakhir", "saya ditelefon",
    "malam tadi", "dah dua minggu", "sudah dua minggu", "berminggu-minggu"]
  ask = ["bertanya sama ada", "tanya sama ada", "menanyakan sama ada", "bertanya boleh",
    "mengadu", "komplen", "cadangkan", "mencadangkan", "saya rasa", "mungkin patut",
    "beritahu saya bahawa", "beritahu aku bahawa", "jangan beritahu saya bahawa",
    "harapnya", "harap-harap", "mudah-mudahan", "semoga", "kalaulah", "kan bagus kalau", "saya berangan",
    "impian saya"]
  neutral = ["tak pasti lagi", "tidak pasti lagi", "tak confirm lagi", "tiada yang pasti", "tak ada yang pasti", "tidak ada yang pasti", "tiada kepastian", "tak ada kepastian", "tiada keputusan dibuat", "tiada keputusan dibuat lagi", "tidak tahu", "tak tahu", "tiada masalah", "tak ada masalah", "tidak ada masalah",
    "jangan risau", "belum"]

  coordinators = ["dan", "tetapi", "tapi", "namun", "juga", "serta", "lalu", "kemudian",
    "atau"]

  numbers = {
    "kosong" = 0, "sifar" = 0, "satu" = 1, "dua" = 2, "tiga" = 3, "empat" = 4, "lima" = 5,
    "enam" = 6, "tujuh" = 7, "lapan" = 8, "sembilan" = 9, "sepuluh" = 10, "sebelas" = 11,
    "dua belas" = 12, "tiga belas" = 13, "empat belas" = 14, "lima belas" = 15,
    "enam belas" = 16, "tujuh belas" = 17, "lapan belas" = 18, "sembilan belas" = 19,
    "dua puluh" = 20, "dua puluh empat" = 24, "tiga puluh" = 30, "empat puluh" = 40,
    "lima puluh" = 50, "enam puluh" = 60, "tujuh puluh" = 70, "lapan puluh" = 80,
    "sembilan puluh" = 90, "seratus" = 100, "seribu" = 1000, "sejuta" = 1000000,
    "setengah" = 0.5, "separuh" = 0.5, "suku" = 0.25, "dozen" = 12, "sedozen" = 12,
    "kedua-dua" = 2, "dua kali" = 2, "tiga kali" = 3
  }
  scales = {
    "puluh" = 10, "ratus" = 100, "ribu" = 1000, "k" = 1000, "juta" = 1000000,
    "bilion" = 1000000000, "trilion" = 1000000000000
  }

  units = {
    "milisaat" = "ms", "saat" = "s", "minit" = "min", "jam" = "h", "hari" = "d",
    "minggu" = "wk", "bulan" = "mo", "tahun" = "yr", "peratus" = "%", "meter" = "m",
    "kilometer" = "km", "kilo" = "kg", "kilogram" = "kg", "gram" = "g", "tan" = "t",
    "liter" = "l", "darjah" = "deg", "ringgit" = "MYR"
  }
  per = ["per", "setiap", "tiap", "bagi setiap"]
  every = ["setiap", "tiap"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["peraturan", "syarat", "larangan", "sekatan"]
  without = ["tanpa"]
  periods = { "harian" = "d", "mingguan" = "wk", "bulanan" = "mo", "tahunan" = "yr",
    "sehari" = "d", "seminggu" = "wk", "sebulan" = "mo", "setahun" = "yr", "sejam" = "h" }

  months = {
    "januari" = 1, "februari" = 2, "mac" = 3, "april" = 4, "mei" = 5, "jun" = 6,
    "julai" = 7, "ogos" = 8, "september" = 9, "oktober" = 10, "november" = 11,
    "disember" = 12,
    "jan" = 1, "feb" = 2, "apr" = 4, "jul" = 7, "ogo" = 8, "sep" = 9, "sept" = 9,
    "okt" = 10, "nov" = 11, "dis" = 12
  }
  weekdays = {
    "isnin" = 1, "selasa" = 2, "rabu" = 3, "khamis" = 4, "jumaat" = 5, "sabtu" = 6,
    "ahad" = 7
  }
  clock = ["pukul", "jam"]
  pm    = ["petang", "malam", "tengah hari"]
  am    = ["pagi"]

  stopwords = ["yang", "dan", "di", "ke", "dari", "daripada", "ini", "itu", "dengan", "untuk",
    "pada", "dalam", "akan", "ada", "oleh", "sudah", "telah", "saya", "kami", "kita",
    "mereka", "dia", "ia", "boleh", "kerana", "ialah", "iaitu", "sahaja", "supaya",
    "agar", "seperti", "tersebut", "para", "sebagai", "bahawa", "masih", "sangat",
    "awak", "hendak", "nak", "semasa", "kepada", "bagi", "encik", "puan", "sila",
    "juga", "atau", "lebih", "punya", "sedang", "belum"]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["atau"]
}
