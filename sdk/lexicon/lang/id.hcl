# Indonesian. Schema and meaning of every list: see en.hcl.

language "id" {
  name    = "Bahasa Indonesia"
  stemmer = "" # no Snowball stemmer for Indonesian in snowballstem

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["jangan", "jangan pernah", "dilarang", "larangan", "terlarang", "tidak boleh", "tak boleh", "tidak diizinkan", "tidak diperbolehkan", "tidak diperkenankan", "hindari", "jangan sentuh"]

  negation = ["tidak", "tak", "jangan", "jangan pernah", "bukan", "tidak boleh",
    "tak boleh", "tidak pernah", "tak pernah", "nggak", "ngga", "gak", "ga", "enggak",
    "nggak boleh", "gak boleh", "ga boleh", "dilarang", "larangan", "terlarang",
    "tidak diizinkan", "tidak diperbolehkan", "tidak diperkenankan", "tidak dapat",
    "tidak bisa", "hindari", "hindarilah", "menghindari", "sama sekali tidak",
    "dalam keadaan apa pun", "hanya baca", "hanya-baca", "read-only", "dikunci",
    "terkunci", "diblokir", "dibekukan", "bekukan", "pembekuan", "jangan sentuh",
    "jangan diubah", "jangan dihapus", "jangan dijalankan", "menolak", "tidak ada",
    "tak ada", "tiada", "tak seorang pun", "tidak seorang pun"]
  only = ["hanya", "cuma", "cuman", "saja", "semata", "semata-mata", "hanyalah",
    "khusus", "eksklusif", "terbatas pada", "dibatasi", "tidak lain"]
  upper = ["paling banyak", "maksimal", "maksimum", "maks", "max", "tidak lebih dari",
    "tak lebih dari", "sampai", "hingga", "tidak melebihi", "tidak boleh melebihi",
    "jangan melebihi", "di bawah", "kurang dari", "lebih sedikit dari", "batas",
    "batas atas", "dalam waktu", "atau kurang", "paling lama", "sebanyak-banyaknya",
    "setinggi-tingginya", "paling tinggi"]
  lower = ["paling sedikit", "setidaknya", "sekurang-kurangnya", "minimal", "minimum",
    "min", "tidak kurang dari", "atau lebih", "lebih dari", "di atas", "paling tidak",
    "sedikitnya", "batas bawah"]
  firm = ["paling banyak", "maksimal", "maksimum", "maks", "max", "sebanyak-banyaknya", "paling sedikit", "setidaknya", "sekurang-kurangnya", "minimal", "minimum", "min", "sedikitnya"]
  before = ["sebelum", "paling lambat", "selambat-lambatnya", "sampai", "hingga",
    "sampai dengan", "s.d.", "s/d", "tenggat", "tenggat waktu", "batas waktu",
    "deadline", "jatuh tempo"]
  after = ["setelah", "sesudah", "sehabis", "tidak sebelum", "paling cepat", "mulai",
    "mulai dari", "sejak", "terhitung", "terhitung mulai", "selepas"]
  must = ["harus", "wajib", "mesti", "perlu", "diperlukan", "dibutuhkan", "selalu",
    "diwajibkan", "keharusan", "pastikan", "memastikan", "setiap kali", "tiap kali",
    "jangan lupa", "harap", "mutlak", "mohon pastikan"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["selalu", "senantiasa", "setiap kali", "tiap kali", "setiap saat", "mulai sekarang", "mulai saat ini", "ke depannya", "untuk seterusnya", "secara default", "secara bawaan"]
  weaken = ["coba", "cobalah", "usahakan", "usahakan tidak", "usahakan jangan",
    "sebaiknya", "sebaiknya tidak", "sebaiknya jangan", "idealnya", "jika memungkinkan",
    "kalau bisa", "bila memungkinkan", "kalau memungkinkan", "sebisa mungkin",
    "sedapat mungkin", "diutamakan", "lebih baik", "lebih disukai", "pertimbangkan",
    "opsional", "tidak wajib", "disarankan", "dianjurkan", "direkomendasikan",
    "akan lebih baik"]
  exception = ["kecuali", "selain", "terkecuali", "dengan pengecualian",
    "pengecualian", "kecuali jika", "kecuali kalau", "tapi tidak", "tetapi tidak",
    "di luar", "tidak termasuk"]
  condition = ["jika", "kalau", "apabila", "bila", "jikalau", "ketika", "saat",
    "sewaktu", "selama", "sambil", "tanpa", "dalam hal", "jika terjadi", "seandainya",
    "asalkan", "asal", "dengan syarat", "selagi", "manakala"]
  lift = ["dicabut", "sudah dicabut", "tidak lagi", "tak lagi", "sudah tidak",
    "sudah tidak berlaku", "tidak berlaku lagi", "sekarang boleh", "sudah boleh",
    "boleh lagi", "silakan", "silahkan", "lanjutkan", "diizinkan lagi",
    "dibolehkan lagi", "dibatalkan", "batal", "lupakan", "lupakan itu", "abaikan",
    "abaikan itu", "tidak apa-apa", "dihapus", "dihilangkan", "sudah selesai",
    "berakhir"]
  replace = ["sebagai gantinya", "alih-alih", "ganti", "diganti", "diganti dengan",
    "menggantikan", "mengganti", "diubah menjadi", "diubah ke", "pindah ke",
    "dipindah ke", "dipindahkan ke", "beralih ke", "ditunda ke", "sekarang", "kini",
    "mulai sekarang", "baru", "daripada", "ketimbang", "koreksi", "ralat"]
  failed = ["gagal", "kegagalan", "error", "galat", "kesalahan", "tidak berhasil",
    "tidak jalan", "tidak bekerja", "tidak berfungsi", "nggak jalan", "gak jalan",
    "rusak", "crash", "macet", "hang", "mogok", "waktu habis", "timeout", "ditolak",
    "di-rollback", "rollback", "dikembalikan", "tidak membantu", "sia-sia",
    "tanpa hasil"]
  consequence = ["jika tidak", "kalau tidak"]
  reason = ["karena", "sebab"]
  summary = ["ringkasan", "rangkuman", "ringkas", "rangkum", "ringkaskan", "rangkumkan"]
  report = ["bertanya", "menanyakan", "tanya", "menunggu", "nunggu", "memakan waktu",
    "butuh waktu", "mengeluh", "mengeluhkan", "keluhan", "bilang", "berkata",
    "mengatakan", "menyebutkan", "terakhir kali", "kali terakhir", "tahun lalu", "kemarin", "minggu lalu",
    "saya ditelepon", "aku ditelepon", "dibangunkan", "tadi malam", "kemarin malam", "semalam", "bulan lalu",
    "sudah dua minggu", "sudah berminggu-minggu", "berminggu-minggu", "berhari-hari"]
  ask = ["bertanya apakah", "tanya apakah", "menanyakan apakah", "nanya apakah", "bertanya bisakah", "mengeluh", "mengeluhkan", "komplain", "bilang kalau", "katakan bahwa",
    "katakan padaku bahwa", "katakan pada saya bahwa", "bilang ke aku bahwa", "bilang ke saya bahwa",
    "bilang sama aku kalau", "semoga", "mudah-mudahan", "moga-moga", "kalau saja",
    "andai saja", "seandainya saja", "akan menyenangkan jika", "aku bermimpi", "saya bermimpi", "aku mimpi",
    "impianku"]
  neutral = ["tidak ada yang pasti", "tak ada yang pasti", "nggak ada yang pasti", "gak ada yang pasti", "tidak ada kepastian", "nggak ada kepastian", "tidak ada yang diputuskan", "tidak tahu", "nggak tahu", "gak tahu", "tidak masalah", "belum", "jangan khawatir", "santai saja"]

  coordinators = ["dan", "tapi", "tetapi", "namun", "juga", "serta", "plus", "lalu",
    "kemudian", "atau", "maupun"]

  numbers = {
    "nol" = 0, "satu" = 1, "dua" = 2, "tiga" = 3, "empat" = 4, "lima" = 5, "enam" = 6,
    "tujuh" = 7, "delapan" = 8, "sembilan" = 9, "sepuluh" = 10, "sebelas" = 11,
    "dua belas" = 12, "tiga belas" = 13, "empat belas" = 14, "lima belas" = 15,
    "enam belas" = 16, "tujuh belas" = 17, "delapan belas" = 18,
    "sembilan belas" = 19, "dua puluh" = 20, "dua puluh empat" = 24,
    "tiga puluh" = 30, "empat puluh" = 40, "lima puluh" = 50, "enam puluh" = 60,
    "tujuh puluh" = 70, "delapan puluh" = 80, "sembilan puluh" = 90,
    "seratus" = 100, "seribu" = 1000, "sejuta" = 1000000, "semiliar" = 1000000000,
    "setengah" = 0.5, "separuh" = 0.5, "lusin" = 12, "selusin" = 12, "keduanya" = 2,
    "dua kali" = 2, "tiga kali" = 3, "ganda" = 2
  }
  scales = {
    "puluh" = 10, "ratus" = 100, "ribu" = 1000, "rb" = 1000, "k" = 1000,
    "juta" = 1000000, "jt" = 1000000, "miliar" = 1000000000, "milyar" = 1000000000,
    "triliun" = 1000000000000
  }

  units = {
    "milidetik" = "ms",
    "detik" = "s", "dtk" = "s", "menit" = "min", "mnt" = "min", "jam" = "h",
    "hari" = "d", "minggu" = "wk", "pekan" = "wk", "bulan" = "mo", "bln" = "mo",
    "tahun" = "yr", "thn" = "yr", "persen" = "%", "meter" = "m", "kilometer" = "km",
    "kilo" = "kg", "kilogram" = "kg", "gram" = "g", "ton" = "t", "liter" = "l",
    "meter kubik" = "m3", "kubik" = "m3", "derajat" = "deg", "rupiah" = "IDR",
    "dolar" = "USD", "euro" = "EUR", "pound sterling" = "GBP", "poundsterling" = "GBP",
    "franc swiss" = "CHF"
  }
  per = ["per", "setiap", "tiap"]
  every = ["setiap", "tiap"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["aturan", "ketentuan", "batasan", "syarat", "larangan"]
  without = ["tanpa"]
  periods = { "bulanan" = "mo", "harian" = "d", "mingguan" = "wk", "tahunan" = "yr", "sehari" = "d", "sebulan" = "mo", "seminggu" = "wk", "setahun" = "yr", "sejam" = "h" }

  months = {
    "januari" = 1, "februari" = 2, "pebruari" = 2, "maret" = 3, "april" = 4, "mei" = 5,
    "juni" = 6, "juli" = 7, "agustus" = 8, "september" = 9, "oktober" = 10,
    "november" = 11, "nopember" = 11, "desember" = 12,
    "jan" = 1, "feb" = 2, "peb" = 2, "mar" = 3, "apr" = 4, "jun" = 6, "jul" = 7,
    "agu" = 8, "agt" = 8, "ags" = 8, "agst" = 8, "sep" = 9, "sept" = 9, "okt" = 10,
    "nov" = 11, "nop" = 11, "des" = 12
  }
  weekdays = {
    "senin" = 1, "selasa" = 2, "rabu" = 3, "kamis" = 4, "jumat" = 5, "jum'at" = 5,
    "sabtu" = 6, "hari minggu" = 7, "ahad" = 7,
    "sen" = 1, "sel" = 2, "rab" = 3, "kam" = 4, "jum" = 5, "sab" = 6
  }
  clock = ["pukul", "jam"]
  pm    = ["sore", "malam", "siang"]
  am    = ["pagi", "dini hari", "subuh"]

  stopwords = ["yang", "dan", "di", "ke", "dari", "ini", "itu", "dengan", "untuk",
    "pada", "adalah", "dalam", "akan", "ada", "oleh", "sudah", "saya", "aku", "kamu",
    "anda", "kami", "kita", "mereka", "dia", "ia", "bisa", "dapat", "karena", "jadi",
    "agar", "supaya", "seperti", "tersebut", "para", "sebagai", "bahwa", "masih",
    "sangat", "hal", "apa", "siapa", "bagaimana", "kenapa", "mengapa", "sini", "sana",
    "tolong", "mohon", "terima kasih", "ya", "sih", "dong", "kok", "lah", "pun",
    "kalian", "beliau", "punya", "telah", "sedang", "belum", "juga", "atau", "lebih",
    "nya", "gue", "lo", "udah", "aja", "banget"]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["atau"]
}
