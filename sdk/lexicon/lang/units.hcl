# Units every language shares: symbols and abbreviations, each with its
# dimension and its factor to the dimension's base unit, so that 90 min
# and 1.5 h compare equal and 12 MW and 12,000 kW do too. Language files
# map their own unit words ("Stunden", "時間") to a symbol here.

# Time zones written after an hour ("between 1 and 4 UTC", "bis 18 MEZ"):
# the hour is a time of day in that zone. Names that are words of a
# language are left out: CET and EST are French ("cet", "est"), IST is
# German ("ist"), EET Dutch ("eet"), WET and ART English words, SGT a
# rank.
time_zones = ["utc", "gmt", "cest", "mez", "mesz", "bst", "eest", "edt", "cst", "cdt",
  "mst", "mdt", "pst", "pdt", "akst", "hst", "jst", "kst", "msk", "aest", "aedt",
  "acst", "awst", "nzst", "nzdt", "hkt", "wib"]

unit "s" {
  dimension = "time"
  factor = 1
}
unit "ms" {
  dimension = "time"
  factor = 0.001
}
unit "min" {
  dimension = "time"
  factor = 60
  aliases = ["mins"]
}
unit "h" {
  dimension = "time"
  factor = 3600
  aliases = ["hr", "hrs", "std", "tim"]
}
unit "d" {
  dimension = "time"
  factor = 86400
}
unit "wk" {
  dimension = "time"
  factor = 604800
  aliases = ["wks"]
}
unit "mo" {
  dimension = "time"
  factor = 2592000
  aliases = ["mos", "mths"]
}
unit "yr" {
  dimension = "time"
  factor = 31536000
  aliases = ["yrs"]
}

unit "%" {
  dimension = "ratio"
  factor = 1
  aliases = ["pct", "％", "٪"]
}

unit "mm" {
  dimension = "length"
  factor = 0.001
}
unit "cm" {
  dimension = "length"
  factor = 0.01
}
unit "m" {
  dimension = "length"
  factor = 1
}
unit "km" {
  dimension = "length"
  factor = 1000
}
unit "ft" {
  dimension = "length"
  factor = 0.3048
  aliases = ["feet", "foot"]
}
unit "mi" {
  dimension = "length"
  factor = 1609.344
  aliases = ["mile", "miles"]
}
unit "nm" {
  dimension = "length"
  factor = 1852
  aliases = ["nmi"]
}

unit "mg" {
  dimension = "mass"
  factor = 0.001
}
unit "g" {
  dimension = "mass"
  factor = 1
}
unit "kg" {
  dimension = "mass"
  factor = 1000
}
unit "t" {
  dimension = "mass"
  factor = 1000000
}
unit "lb" {
  dimension = "mass"
  factor = 453.59237
  aliases = ["lbs"]
}

unit "ml" {
  dimension = "volume"
  factor = 0.001
}
unit "l" {
  dimension = "volume"
  factor = 1
}
unit "m3" {
  dimension = "volume"
  factor = 1000
  aliases = ["m³"]
}

unit "m3/s" {
  dimension = "volume/time"
  factor = 1000
  aliases = ["m³/s", "cumecs"]
}
unit "km/h" {
  dimension = "length/time"
  factor = 0.2777777778
  aliases = ["kmh", "kph", "km/t"]
}
unit "m/s" {
  dimension = "length/time"
  factor = 1
}
unit "kn" {
  dimension = "length/time"
  factor = 0.5144444444
  aliases = ["kt", "kts", "knots", "knot"]
}
unit "mph" {
  dimension = "length/time"
  factor = 0.44704
}

unit "w" {
  dimension = "power"
  factor = 1
}
unit "kw" {
  dimension = "power"
  factor = 1000
}
unit "mw" {
  dimension = "power"
  factor = 1000000
}
unit "kwh" {
  dimension = "energy"
  factor = 1
}
unit "mwh" {
  dimension = "energy"
  factor = 1000
}

unit "deg" {
  dimension = "temperature"
  factor = 1
  aliases = ["°c", "°", "℃", "c"]
}
unit "°f" {
  dimension = "temperature_f"
  factor = 1
}

# Binary prefixes (KiB, MiB, GiB, TiB) are their own units: 1536 MiB is
# 1.5 GiB. A summary that writes "512 MB" for 512 MiB still keeps it: the
# comparison (frame.SameAmount) takes a decimal prefix for the binary one.
unit "b" {
  dimension = "bytes"
  aliases = ["byte", "bytes", "octet", "octets"]
  factor = 1
}
unit "kb" {
  dimension = "bytes"
  aliases = ["kilobyte", "kilobytes", "kilooctet", "kilooctets"]
  factor = 1000
}
unit "kib" {
  dimension = "bytes"
  aliases = ["kibibyte", "kibibytes"]
  factor = 1024
}
unit "mb" {
  dimension = "bytes"
  aliases = ["megabyte", "megabytes", "mégaoctet", "mégaoctets"]
  factor = 1000000
}
unit "mib" {
  dimension = "bytes"
  aliases = ["mebibyte", "mebibytes"]
  factor = 1048576
}
unit "gb" {
  dimension = "bytes"
  aliases = ["gigabyte", "gigabytes", "gigaoctet", "gigaoctets"]
  factor = 1000000000
}
unit "gib" {
  dimension = "bytes"
  aliases = ["gibibyte", "gibibytes"]
  factor = 1073741824
}
unit "tb" {
  dimension = "bytes"
  aliases = ["terabyte", "terabytes", "téraoctet", "téraoctets"]
  factor = 1000000000000
}
unit "tib" {
  dimension = "bytes"
  aliases = ["tebibyte", "tebibytes"]
  factor = 1099511627776
}

unit "hz" {
  dimension = "frequency"
  factor = 1
}
unit "khz" {
  dimension = "frequency"
  factor = 1000
}
unit "mhz" {
  dimension = "frequency"
  factor = 1000000
}
unit "ghz" {
  dimension = "frequency"
  factor = 1000000000
}

unit "v" {
  dimension = "voltage"
  factor = 1
}
unit "kv" {
  dimension = "voltage"
  factor = 1000
}
unit "amp" {
  # Not "a": that is a word in many languages ("Postgres 16 a échoué").
  dimension = "current"
  factor = 1
  aliases = ["amps", "ampere", "amperes"]
}
unit "pa" {
  dimension = "pressure"
  factor = 1
}
unit "kpa" {
  dimension = "pressure"
  factor = 1000
}
unit "bar" {
  dimension = "pressure"
  factor = 100000
}
unit "psi" {
  dimension = "pressure"
  factor = 6894.757
}
unit "ppm" {
  dimension = "concentration"
  factor = 1
}
unit "ppb" {
  dimension = "concentration"
  factor = 0.001
}
unit "lux" {
  dimension = "illuminance"
  factor = 1
  aliases = ["lx"]
}
unit "db" {
  dimension = "loudness"
  factor = 1
  aliases = ["dba", "db(a)"]
}
unit "nm_torque" {
  dimension = "torque"
  factor = 1
  aliases = ["n·m", "n-m"]
}
unit "rps" {
  dimension = "count/time"
  factor = 1
  aliases = ["req/s", "rq/s", "qps"]
}
unit "rpm" {
  dimension = "count/time"
  factor = 0.0166666667
  aliases = ["req/min"]
}
unit "px" {
  dimension = "pixels"
  factor = 1
}
unit "teu" {
  dimension = "teu"
  factor = 1
}
# Pieces, as a count with no noun: Hungarian writes "3 db" (darab) for
# "3 of them", and "db" would otherwise read as decibels.
unit "pcs" {
  dimension = "count"
  factor = 1
}

# Currencies: a symbol or code before or after the amount.
currency "USD" {
  symbols = ["$", "us$", "usd"]
}
currency "EUR" {
  symbols = ["€", "eur"]
}
currency "GBP" {
  symbols = ["£", "gbp"]
}
# "¥" is the yen's sign and the yuan's: read alone it is either, as
# "kr" is any crown; "円" and "元" tell them apart.
currency "JPY" {
  symbols = ["¥", "円", "jpy"]
}
currency "CNY" {
  symbols = ["¥", "元", "rmb", "cny", "人民币", "元人民币"]
}
currency "TWD" {
  symbols = ["nt$", "ntd", "twd", "新台幣", "新台币", "台幣"]
}
currency "HKD" {
  symbols = ["hk$", "hkd", "港幣", "港币"]
}
currency "INR" {
  symbols = ["₹", "rs", "rs.", "inr", "रुपये"]
}
currency "KRW" {
  symbols = ["₩", "원", "krw"]
}
currency "CHF" {
  symbols = ["chf", "fr."]
}
currency "SEK" {
  symbols = ["sek", "kr"]
}
currency "NOK" {
  symbols = ["nok", "kr"]
}
currency "DKK" {
  symbols = ["dkk", "kr"]
}
currency "ISK" {
  symbols = ["isk", "kr"]
}
currency "PLN" {
  symbols = ["zł", "zl", "pln"]
}
currency "CZK" {
  symbols = ["kč", "czk"]
}
currency "TRY" {
  symbols = ["₺", "tl", "try"]
}
currency "RUB" {
  symbols = ["₽", "руб", "rub"]
}
currency "BRL" {
  symbols = ["r$", "brl"]
}
currency "IDR" {
  symbols = ["rp", "idr"]
}
currency "MYR" {
  symbols = ["rm", "myr"]
}
currency "VND" {
  symbols = ["₫", "vnd", "đ"]
}
currency "AUD" {
  symbols = ["$", "a$", "aud"]
}
currency "CAD" {
  symbols = ["$", "c$", "cad"]
}
# East African shillings (sw.hcl names them "shilingi"), the Philippine
# peso (tl.hcl, "piso"): only the sign, since "php" is the language.
currency "KES" {
  symbols = ["kes", "ksh", "ksh."]
}
currency "TZS" {
  symbols = ["tzs", "tsh", "tsh."]
}
currency "UGX" {
  symbols = ["ugx"]
}
currency "PHP" {
  symbols = ["₱"]
}
# West African currencies: the Nigerian naira and the Ghanaian cedi.
currency "NGN" {
  symbols = ["₦", "ngn", "naira"]
}
currency "GHS" {
  symbols = ["₵", "gh₵", "ghs", "cedis"]
}
# "lei" and "Ft" are the languages' own unit words (ro.hcl, hu.hcl): "lei"
# is an Italian pronoun and "ft" the foot elsewhere.
currency "RON" {
  symbols = ["ron"]
}
currency "HUF" {
  symbols = ["huf"]
}
# Iranian rial and toman (ten rials; "IRT" is the code Iranian shops use,
# not ISO's): a price in tomans compares with tomans only. The words
# (ریال, تومان) are fa.hcl's. Pakistani rupee and Bangladeshi taka: the
# words are ur.hcl's and bn.hcl's; "rs" stays the Indian rupee's.
currency "IRR" {
  symbols = ["﷼", "irr"]
}
currency "IRT" {
  symbols = ["irt"]
}
currency "PKR" {
  symbols = ["pkr"]
}
currency "BDT" {
  symbols = ["৳", "bdt"]
}
currency "ILS" {
  # Not "ils" or "nis": French "ils" (they) and "nis" would read as shekels.
  symbols = ["₪"]
}
currency "THB" {
  symbols = ["฿", "thb"]
}
currency "UAH" {
  symbols = ["₴", "uah"]
}
# "$" alone is the dollar's sign and the peso's (Mexico writes "$650"):
# read as any of them, as "kr" is any crown.
currency "MXN" {
  symbols = ["$", "mx$", "mxn"]
}
currency "JOD" {
  symbols = ["jod"]
}
currency "EGP" {
  symbols = ["egp"]
}
currency "SAR" {
  symbols = ["ر.س"]
}
currency "AED" {
  symbols = ["aed"]
}

# Bit rates, in bytes per second so that they compare with MB/s: 6 Mbps is
# 0.75 MB/s, and a summary that writes 6 MB/s for it changed the rate
# eightfold.
unit "bps" {
  dimension = "bytes/time"
  factor = 0.125
  aliases = ["bit/s"]
}
unit "kbps" {
  dimension = "bytes/time"
  factor = 125
  aliases = ["kbit/s"]
}
unit "mbps" {
  dimension = "bytes/time"
  factor = 125000
  aliases = ["mbit/s"]
}
unit "gbps" {
  dimension = "bytes/time"
  factor = 125000000
  aliases = ["gbit/s"]
}
