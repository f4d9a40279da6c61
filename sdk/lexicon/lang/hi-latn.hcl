# Hindi written in Latin letters ("Hinglish"). Schema and meaning of every
# list: see en.hcl; the Devanagari forms are in hi.hcl.
#
# Many Indian users write to an agent in romanized Hindi mixed with
# English ("prod server ko kabhi restart mat karna", "har din maximum 50
# refunds approve karo"): the English words are read by en.hcl, this file
# lists the Hindi ones. Spelling is not fixed ("nahi", "nahin", "nhi";
# "zyada", "jyada"), so common variants are listed. Like hi.hcl the verb
# comes last and postpositions follow their noun ("3 se zyada nahi").
#
# Left out because they are words of English or of another language of
# these files, which would tell a short text as Hinglish or read a cue in
# it (a text of one function word or none is read in every language):
# "hi" (only; English "hi"), "to"/"toh" (then), "me" (in), "par" (on),
# "na", "ya" (or), "mat" (don't) alone (English "mat": only its phrases,
# "mat karna", are listed), "se" (from; Spanish, Czech), "mein" (in;
# German), "wo" (Dutch), "ko", "ka", "ki", "ke" (of, to; Tagalog,
# Indonesian, Hungarian), "agar" (Malay, Indonesian; only in "agar ho
# sake"), "tak" (until; Czech, Polish, Danish, Slovak), "har" (every;
# Swedish, Danish, Norwegian: only in "har din" and its kin), "din" (day;
# Romanian, Swedish: only "dino", "dinon" and "har din"), "sau" (hundred;
# Romanian "or"), "bola", "boli" (Slovak), "wala", "wale" (Swahili), "bata"
# (Tagalog), "bas" (French), "kal", "compulsory" (English); and the
# number words that are words elsewhere or in Hindi itself: "do" (two),
# "teen", "bees", "tees", "char", "das" (German), "saat" (Turkish),
# "saath" (sixty, and "with").

language "hi-Latn" {
  name          = "Hindi (Latin script)"
  stemmer       = ""
  verb_final    = true
  bounds_follow = true

  prohibitive = ["mat karna", "mat karo", "mat kijiye", "mat kijie", "mat karein", "mat kare",
    "kabhi nahi", "kabhi nahin", "kabhi bhi nahi", "kabhi mat", "kabhi bhi mat",
    "mana hai", "manaa hai", "allowed nahi", "allowed nahin", "bilkul nahi", "bilkul mat"]
  negation = ["nahi", "nahin", "nhi", "mat karna", "mat karo", "mat kijiye", "mat kijie",
    "mat karein", "mat kare", "kabhi nahi", "kabhi nahin", "kabhi bhi nahi",
    "kabhi mat", "kabhi bhi mat", "bilkul nahi", "bilkul nahin", "bilkul mat",
    "mana hai", "manaa hai", "allowed nahi", "allowed nahin", "koi nahi",
    "kuch nahi", "kuch bhi nahi", "haath mat lagana", "haath mat lagao", "chhedna mat",
    "mat chhedna", "mat chhedo", "na karein", "na karen", "na kare"]
  only = ["sirf", "sirf aur sirf", "keval", "kewal", "matra", "ke alawa kuch nahi",
    "ke alawa koi nahi", "aur koi nahi", "aur kuch nahi"]
  upper = ["maximum", "max", "zyada se zyada", "jyada se jyada", "adhik se adhik", "adhiktam",
    "se zyada nahi", "se jyada nahi", "se zyada nahin", "se jyada nahin", "se kam",
    "se upar nahi", "ki limit", "limit", "seema"]
  lower = ["minimum", "min", "kam se kam", "kam-se-kam", "nyuntam", "se zyada", "se jyada",
    "se kam nahi", "se kam nahin", "se upar"]
  firm = ["maximum", "max", "zyada se zyada", "jyada se jyada", "adhiktam", "minimum", "min",
    "kam se kam", "kam-se-kam", "nyuntam"]
  before = ["se pehle", "ke pehle", "pehle", "se pahle", "ke pahle", "deadline"]
  after = ["ke baad", "baad", "baad mein", "se pehle nahi", "se shuru", "se lekar"]
  must = ["zaroor", "zarur", "jaroor", "jarur", "hamesha", "chahiye", "karna hoga",
    "karna padega", "karna hi hai", "zaroori", "zaruri", "jaroori",
    "pehle poochna", "pehle puchna", "pehle pooch lena", "pehle puch lena"]
  standing = ["hamesha", "har baar", "har samay", "ab se", "aaj se"]
  weaken = ["koshish karo", "koshish karna", "koshish karein", "ho sake to", "ho sake toh",
    "agar ho sake", "behtar hoga", "shayad"]
  exception = ["ke alawa", "ke siva", "ke siwa", "chhodkar", "ko chhodkar", "siwaye", "sivay"]
  condition = ["yadi", "jab", "jab bhi", "jabki", "ke dauran", "dauran", "bina"]
  lift = ["hata diya", "hata do", "hata lo", "ab zaroorat nahi", "ab zarurat nahi",
    "ab kar sakte ho", "ab kar sakte hain", "ab allowed hai", "ab chalega", "bhool jao",
    "ignore karo", "cancel kar diya", "cancel kar do", "khatam"]
  replace = ["ke bajaye", "ke bajay", "bajaye", "ki jagah", "badal kar", "badalkar",
    "badal diya", "naya", "nayi"]
  failed = ["fail ho gaya", "fail ho gayi", "fail hua", "fail hui", "nahi chala", "nahin chala",
    "kaam nahi kiya", "kaam nahin kiya", "error aaya", "error aa raha", "crash ho gaya",
    "atak gaya", "timeout ho gaya", "reject ho gaya", "rollback kiya"]
  consequence = ["warna", "varna", "nahi to", "nahi toh", "nahin to"]
  reason = ["kyunki", "kyonki", "kyuki", "isliye"]
  report = ["poocha", "pucha", "poochha", "bole", "bataya", "batayi", "kaha",
    "intezaar kiya", "wait kiya", "pichhle hafte", "pichle hafte", "pichhle mahine",
    "pichle mahine", "pichhle saal", "pichle saal"]
  ask = ["pooch raha", "pooch rahi", "pooch rahe", "puch raha", "puch rahi", "puch rahe",
    "pooch raha hai ki", "jaanna chahta", "jaanna chahti", "bolo na", "batao na"]
  concession = ["bhale hi", "chahe"]
  summary = ["summary", "saransh"]
  neutral = ["pata nahi", "pata nahin", "koi baat nahi", "koi baat nahin", "tay nahi hua",
    "tay nahin hua", "abhi nahi pata", "koi problem nahi", "tension mat lo", "tension nahi"]
  coordinators = ["aur", "lekin", "magar", "phir", "ya phir"]
  disjunctions = ["ya phir"]

  numbers = {
    "ek" = 1, "chaar" = 4, "paanch" = 5, "panch" = 5,
    "chhe" = 6, "chhah" = 6, "aath" = 8, "nau" = 9,
    "gyarah" = 11, "barah" = 12, "pandrah" = 15, "pachees" = 25,
    "pachchis" = 25, "chalis" = 40, "chaalis" = 40, "pachaas" = 50,
    "pachas" = 50, "sattar" = 70, "assi" = 80, "nabbe" = 90,
    "aadha" = 0.5, "aadhi" = 0.5, "dedh" = 1.5, "dhai" = 2.5, "darjan" = 12
  }
  scales = {
    "hazaar" = 1000, "hazar" = 1000, "hajar" = 1000, "lakh" = 100000,
    "lac" = 100000, "crore" = 10000000, "karod" = 10000000
  }

  units = {
    "second" = "s", "minute" = "min", "ghanta" = "h", "ghante" = "h", "ghanton" = "h",
    "dino" = "d", "dinon" = "d", "hafta" = "wk", "hafte" = "wk",
    "mahina" = "mo", "mahine" = "mo", "saal" = "yr", "varsh" = "yr",
    "pratishat" = "%", "percent" = "%", "rupaye" = "INR", "rupaiye" = "INR",
    "rupees" = "INR", "rupee" = "INR", "rs" = "INR", "rs." = "INR", "kilo" = "kg"
  }
  per = ["prati", "pratyek"]
  rule_words = ["niyam", "rules", "shartein", "pratibandh"]
  periods = { "rozana" = "d", "roz" = "d", "rojana" = "d", "har mahine" = "mo",
    "har hafte" = "wk", "har saal" = "yr", "har din" = "d" }

  months = {
    "janvari" = 1, "farvari" = 2, "march" = 3, "aprail" = 4, "mayi" = 5, "joon" = 6,
    "julai" = 7, "agast" = 8, "sitambar" = 9, "aktubar" = 10, "navambar" = 11,
    "disambar" = 12
  }
  weekdays = {
    "somvar" = 1, "somwar" = 1, "mangalvar" = 2, "mangalwar" = 2, "budhvar" = 3,
    "budhwar" = 3, "guruvar" = 4, "guruwar" = 4, "shukravar" = 5, "shukrawar" = 5,
    "shanivar" = 6, "shaniwar" = 6, "ravivar" = 7, "raviwar" = 7, "itvaar" = 7,
    "itwar" = 7
  }
  # "shaam 6 baje": the half of the day comes before the hour.
  clock = ["baje", "bajey"]
  pm    = ["shaam", "shaam ko", "raat", "raat ko", "dopahar", "dopahar ko"]
  am    = ["subah", "subah ko", "savere", "tadke"]

  # Romanized Hindi writes no letter of its own; its function words tell
  # it (see the words left out above).
  stopwords = ["hai", "hain", "nahi", "nahin", "nhi", "kya", "kyun", "kyon", "kyunki",
    "aur", "bhi", "yeh", "woh", "isko", "usko", "iska", "uska", "iski", "uski",
    "karo", "karna", "karein", "kijiye", "kiya", "kiye", "tha", "thi", "raha", "rahi",
    "rahe", "wali", "abhi", "sab", "kuch", "lekin", "phir",
    "hum", "tum", "aap", "mujhe", "humein", "hamein", "unko", "yahan", "wahan",
    "haan", "accha", "acha", "theek", "thik", "chahiye", "dena",
    "hona", "hoga", "hogi", "wahi", "yahi", "mera", "meri", "mere", "apna",
    "apne", "batao", "dekho", "matlab", "yaar", "liye", "waise", "sirf", "bilkul",
    "kabhi", "zyada", "jyada"]
}
