# English. One file per language: the cues a frame is read by. Every list
# holds phrases as a person writes them, lower case; a phrase matches at
# word boundaries (scripts without spaces between words match anywhere).
# Adding a language is adding a file like this one and a table test.

language "en" {
  name    = "English"
  stemmer = "english" # a Snowball stemmer, or "" when Snowball has none

  # A restriction: the clause forbids what it names.
  negation = ["stops being", "stop being", "not", "never", "no", "don't", "do not", "does not", "doesn't",
    "must not", "mustn't", "cannot", "can't", "shall not", "should not",
    "shouldn't", "won't", "forbidden", "prohibited", "banned", "ban", "avoid",
    "nobody", "no one", "none", "nothing", "neither", "nor", "off-limits",
    "is off limits", "are off limits", "was off limits", "were off limits", "stays off limits", "stay off limits",
    "off limits", "not allowed", "disallowed", "refuse", "refused",
    "read-only", "read only", "hands off", "hands-off", "leave alone", "leave it alone", "leave them alone", "leave … alone", "stay away", "freeze",
    "on hold", "hold off", "keep off", "kept off", "stay off", "keep out of", "stay out of",
    "closed", "out of service", "unavailable", "not available", "excluded", "exclude", "barred",
    "no-go", "must never", "may not", "is not to", "are not to", "untouchable", "not to be touched",
    "frozen", "blocked", "do-not", "keep out", "free of", "free from", "out of bounds",
    "declined", "turned down"]
  # Words that negate the word inside them, said of something ("the
  # lines stay untranslated"): prefix*suffix, at least four letters between.
  negative_words = ["un*ed"]
  # The clause allows one thing and excludes the rest.
  only = ["only", "solely", "exclusively", "just", "nothing but", "limited to", "restricted to",
    "nothing else", "and nothing else", "no other", "none other than", "nowhere else", "and nowhere else", "no one else", "nobody else", "no one but", "nobody but"]
  # An upper bound on the quantity that follows (or precedes) it.
  upper = ["at most", "max", "maximum", "no more than", "not more than", "up to",
    "not exceed", "not to exceed", "must not exceed", "never exceed", "under",
    "below", "less than", "fewer than", "cap", "capped", "ceiling", "limit",
    "no higher than", "not above", "within", "or less", "or fewer", "tops", "not over", "or younger", "and younger", "and under",
    "at or under", "at or below", "up to and including", "or lower", "or below", "or under",
    "raised to", "increased to", "reduced to", "lowered to", "capped at", "limited to", "cap of", "limit of", "allowance of", "quota of", "quota", "maxes out at", "max out at", "tops out at"]
  # A lower bound. A bare "exceed" is one too ("exceeds 10 k" is more than
  # 10 k); a negation in the same clause flips it ("may not exceed").
  lower = ["exceed", "exceeds", "exceeding", "exceeded", "at least", "min", "minimum", "no less than", "not less than",
    "no fewer than", "not below", "or more", "or above", "floor", "above",
    "more than", "over", "not under", "no lower than", "at or above", "at or over", "or higher", "or greater",
    "or older", "and older", "and over", "or over"]
  # A time bound: done by then.
  firm = ["at least", "at most", "min", "minimum", "max", "maximum"]
  relative = ["who", "whom", "whose"]
  approx = ["about", "around", "roughly", "approximately", "approx.", "approx", "circa", "ca.", "some", "nearly", "almost", "~", "≈"]
  before = ["before", "by", "until", "till", "til", "no later than", "not later than", "deadline", "due", "prior to", "ahead of", "earlier than", "at the latest"]
  # A time bound: not earlier than.
  after = ["after", "not before", "no earlier than", "not earlier than", "from", "starting", "as of", "once", "since", "later than", "at the earliest"]
  # An obligation.
  must = ["must", "always", "required", "require", "requires", "need to", "needs to",
    "have to", "has to", "shall", "mandatory", "make sure", "ensure", "every time",
    "ask before", "ask first", "check with", "needs approval", "need approval", "requires approval", "sign-off", "sign off",
    "stays", "remains", "unchanged", "untouched", "needs a", "needs an", "need a", "need an",
    "stay as they are", "stay as it is", "stays as it is", "stay the same", "stays the same",
    "remain the same", "remains the same", "as-is", "left as is", "left alone"]
  # Turns an obligation or prohibition into a preference.
  weaken = ["discouraged", "not encouraged", "not recommended", "best avoided", "frowned upon", "try to", "try not to", "ideally", "if possible", "preferably", "prefer", "preferred",
    "where possible", "when possible", "should try", "consider", "if you can",
    "optional", "optionally", "recommended", "nice to have", "generally", "usually",
    "where practical", "as a rule of thumb", "when feasible", "if feasible"]
  # An exception to the rule it follows.
  exception = ["except", "unless", "other than", "apart from", "besides", "excluding",
    "but not", "save for", "with the exception of", "outside of"]
  # A condition under which the rule holds.
  condition = ["if", "when", "whenever", "while", "during", "without", "in case", "as long as", "provided"]
  # A later message lifting a rule.
  lift = ["lifted", "lifting", "lifts", "no longer", "not anymore", "any more", "anymore", "is over",
    "can now", "may now", "you can go ahead", "go ahead", "allowed again", "ok to",
    "okay to", "fine to", "cancelled", "canceled", "revoked", "scrap that", "ignore that",
    "disregard", "never mind", "removed", "lift", "feel free", "drop that", "drop this",
    "drop the restriction", "you can drop", "you may drop", "can be dropped", "can be lifted", "no longer applies", "forget about", "forget the", "forget that", "forget what i said", "forget what i told you", "ignore what i said", "scratch that", "no need to", "is off", "are off", "fine now", "ok now", "okay now", "allowed now", "permitted now"]
  # A replacement: the new state replaces the old one.
  replace = ["instead", "replaced", "replace", "changed to", "moved to", "now", "switch to", "rather than", "new", "correction", "correcting", "to correct", "i correct", "corrected", "scratch that", "strike that"]
  # A failed attempt.
  # What makes a duty hold at all times, not once (a task).
  standing = ["always", "at all times", "every time", "each time", "from now on", "whenever", "as a rule", "by default", "going forward", "in general", "constantly", "consistently"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["myself", "yourself", "himself", "herself", "themselves", "themself", "ourselves", "manually", "by hand", "on their own", "on his own", "on her own"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["i'll", "i will", "i'm going to", "i am going to", "we'll", "we will", "i'll do it", "i'll handle"]
  # Words that open a statement of how things are (subject pronouns, and
  # "there's", "that's"): behind a rule's comma or dash, with no negation,
  # duty or bound of its own, why the rule holds ("contract tests never
  # hit the sandbox, they bill 40 cents a call"). Not "you", whom a rule
  # addresses.
  aside = ["we", "they", "he", "she", "it", "i", "it's", "it’s", "they're", "they’re", "we're", "we’re",
    "he's", "he’s", "she's", "she’s", "i'm", "i’m", "there's", "there’s", "that's", "that’s"]
  # Cue words that name a kind of thing before a word: "error traces",
  # "frozen packs", "an optional extra".
  kind_words = ["error", "failure", "frozen", "optional"]
  failed = ["failed", "fails", "fatal", "failure", "didn't work", "did not work", "doesn't work",
    "broke", "broken", "crashed", "error", "errored", "timed out", "rejected",
    "reverted", "rolled back", "no luck", "didn't help", "did not help", "bounced", "unsuccessful",
    "did not go through", "didn't go through", "never went through", "not gone through", "did not succeed", "didn't succeed"]
  # Words that report rather than commit: a question asked, a wait endured.
  report = ["i have spent", "we have spent", "we've spent", "swore", "swears", "heard", "has heard", "moaned", "moans", "apparently", "supposedly", "rumour", "rumor", "rumours", "rumors", "somebody told", "someone told",
    "fyi", "just fyi", "for your information", "for info", "just so you know", "asked", "asks", "asking", "wondered", "waited", "waiting", "wait", "took", "complained",
    "complaining", "said", "says", "mentioned", "last time", "called", "rang", "ringing",
    "told us", "reported", "pleaded", "begged", "yesterday", "last week", "last month", "last night",
    "pasted", "forwarded", "quoted", "wrote", "writes", "email from", "last year", "last summer", "last winter", "last season", "the year before",
    "i've been", "i have been", "we've been", "we have been", "i spent", "i've spent", "we spent",
    "just so you're aware", "just so you’re aware", "just so you are aware", "for your info", "was on hold",
    "i was on hold", "we were on hold", "been on hold", "i've been on hold", "i’ve been on hold",
    "stuck on hold", "sat on hold", "sitting on hold", "kept me on hold", "kept us on hold", "put me on hold", "put us on hold", "on hold with support", "on hold with their support", "got paged", "i got paged", "was paged", "were paged", "paged me", "i waited",
    "we waited", "i've had", "i’ve had", "i have had", "for weeks now", "for days now", "for months now",
    "i’ve been", "we’ve been", "keeps saying", "kept saying", "what to do", "ridiculous"]
  # Words that make what follows (or, verb-final, precedes) them a question,
  # a complaint, a suggestion someone put, a hypothetical ("hypothetically,
  # …") or a musing ("thinking out loud"): a negation there is asked
  # about, proposed or imagined, not set. Not a bare "if we ever": real
  # rules open with it too ("if we ever lose the primary, never fail over
  # by hand").
  ask = ["just thinking out loud", "thinking out loud", "thinking aloud", "just musing", "hypothetically", "in theory", "theoretically", "suggested", "suggests", "suggestion", "proposed", "proposes", "my hunch", "just a hunch", "tempted to say", "i'm tempted", "reckons", "thinks we should", "floated", "asks whether", "asks if", "asked whether", "asked if", "asking whether", "asking if", "keeps asking", "wants to know", "wanted to know", "wondering whether", "wondering if", "wonders whether", "wonders if", "wondered whether", "wondered if", "complained that", "complains that", "complaining that", "complained about", "complains about", "tell me that", "please tell me that", "tell me it's", "tell me it is", "let me know if", "let me know whether", "i'd love to know", "i would love to know", "i wonder if", "i wonder whether", "don't tell me", "please don't tell me",
    "tell me we",
    "tell me we're", "tell me we'll", "please tell me we", "please tell me it's", "tell me you",
    "please tell me you", "tell me it’s", "tell me we’re", "tell me we’ll",
    "i wish we", "i wish i", "i wish you", "i wish they", "i wish it", "i wish that", "i wish the",
    "i wish there", "i wish nobody", "i wish no one", "i wish someone", "i wish somebody", "i wish people",
    "i wish everyone", "i wish he", "i wish she", "i wish this", "i wish my", "i wish all", "i wish things",
    "i wish our", "i wish we'd", "i wish we’d", "i wish i'd", "i wish i’d", "i wish you'd", "i wish you’d",
    "wish we could", "wish i could", "wish we had", "if only we", "if only i", "if only you", "if only they",
    "if only it", "if only there", "if only someone", "if only nobody", "if only people", "hopefully",
    "fingers crossed", "let's hope", "let’s hope", "here's hoping", "here’s hoping", "i dream of",
    "i dream that", "i'm dreaming of", "i’m dreaming of", "dreaming of", "it would be nice if",
    "it'd be nice if", "it’d be nice if", "would be nice if", "it would be great if", "it'd be great if",
    "it’d be great if", "would be great if", "wouldn't it be nice if", "wouldn’t it be nice if"]
  concession = ["even if", "even when", "even though", "regardless of whether", "not even", "not even if", "not even when"]
  consequence = ["otherwise", "or else", "failing that", "so that", "so as not to", "so we don't", "so we do not", "so we won't", "so you don't", "so you do not", "so they don't", "so it doesn't", "so it does not", "so it won't", "so nobody", "so no one", "so that nobody", "in order not to", "lest"]
  reason = ["because", "'cause", "cuz", "given that", "seeing as", "seeing that"]
  minus = ["minus"]
  summary = ["summary", "summarise", "summarize", "summarising", "summarizing", "recap", "sum it up", "sum it all up"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["we're not there yet", "we’re not there yet", "we are not there yet", "ignore", "ignore it", "ignore them", "ignore that", "ignore this", "disregard", "disregard it", "irrelevant", "their problem", "their thing", "can you check", "could you check", "just a rumour", "just a rumor", "grain of salt"]
  # Phrases that hold a cue word and carry no cue: read as one phrase, they
  # keep "not sure" from negating and "just in case" from restricting.
  # prohibitive (optional): the negations that forbid by themselves (an
  # imperative "don't", "never", "forbidden"), not a "not" that also says
  # what is not so. The extractor's rule "lexicon_prohibition" reads them
  # in the languages its own patterns do not read; English has those
  # patterns, so the list is left out here.
  neutral = ["just had", "just got", "just finished", "just heard", "just told", "just spoke", "just talked", "just called", "just came", "just saw", "just found", "just noticed", "just realised", "just realized", "just now", "just arrived", "just landed", "just wanted", "just a heads up", "just fyi", "has nothing to do with", "had nothing to do with", "nothing to do with this", "nothing to do with that", "nothing to do with it", "not decided", "nothing is decided", "nothing's decided", "nothing decided", "nothing has been decided", "haven't decided", "have not decided", "hasn't been decided", "has not been decided", "not been decided", "no decision yet", "no decision has been made", "not yet decided", "undecided", "nothing is settled", "nothing's settled", "not settled yet", "at a time", "at one time", "that one", "this one", "which one", "the other one", "either one", "any one of them", "not sure", "no idea", "one who", "ones who", "one that", "might not", "may or may not", "might or might not", "don't know", "do not know", "dunno", "no problem", "no worries", "no rush", "just in case", "no doubt", "not yet", "never mind me", "can't wait", "cannot wait", "not bad", "no thanks", "no thank you", "i can't believe", "not a problem", "don't worry", "do not worry", "not worry", "not to worry", "don't stress", "don't panic", "no stress", "i don't feel like", "not in the mood", "free of charge", "free from charge", "don't care", "do not care", "dont care", "doesn't need", "does not need", "don't need", "do not need", "no need"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["no exceptions", "no exception", "without exception"]

  # Clause separators between two rules in one sentence.
  coordinators = ["and", "but", "also", "plus", "then", "or"]

  # Number words: value of each word; scales multiply what precedes them.
  numbers = {
    zero = 0, one = 1, two = 2, three = 3, four = 4, five = 5, six = 6, seven = 7,
    eight = 8, nine = 9, ten = 10, eleven = 11, twelve = 12, thirteen = 13,
    fourteen = 14, fifteen = 15, sixteen = 16, seventeen = 17, eighteen = 18,
    nineteen = 19, twenty = 20, thirty = 30, forty = 40, fifty = 50, sixty = 60,
    seventy = 70, eighty = 80, ninety = 90, half = 0.5, dozen = 12, once = 1, twice = 2
  }
  scales = { hundred = 100, thousand = 1000, million = 1000000, billion = 1000000000, k = 1000, m = 1000000, bn = 1000000000, mn = 1000000,
    lakh = 100000, lakhs = 100000, crore = 10000000, crores = 10000000 }

  # Unit words of this language, to the canonical unit of units.hcl.
  units = {
    millisecond = "ms", milliseconds = "ms",
    second = "s", seconds = "s", sec = "s", secs = "s",
    minute = "min", minutes = "min", mins = "min",
    hour = "h", hours = "h", hr = "h", hrs = "h",
    day = "d", days = "d", week = "wk", weeks = "wk", month = "mo", months = "mo",
    year = "yr", years = "yr",
    percent = "%", "per cent" = "%",
    dollar = "USD", dollars = "USD", euro = "EUR", euros = "EUR", pound = "GBP", pounds = "GBP",
    # "$" in English is the US dollar; read alone elsewhere it is any
    # dollar or the Mexican peso (units.hcl).
    "$" = "USD",
    # Other currencies by their English names; "won" after a number is the
    # Korean currency, not the verb.
    yen = "JPY", yuan = "CNY", renminbi = "CNY", won = "KRW", rupee = "INR", rupees = "INR",
    baht = "THB", shekel = "ILS", shekels = "ILS", hryvnia = "UAH", hryvnias = "UAH",
    ringgit = "MYR", rupiah = "IDR", dong = "VND", zloty = "PLN", zlotys = "PLN", forint = "HUF",
    koruna = "CZK", lira = "TRY", rouble = "RUB", roubles = "RUB", ruble = "RUB", rubles = "RUB",
    krona = "SEK", kronor = "SEK", dirham = "AED", dirhams = "AED", riyal = "SAR", riyals = "SAR",
    metre = "m", metres = "m", meter = "m", meters = "m", kilometre = "km", kilometres = "km",
    kilometer = "km", kilometers = "km", kilogram = "kg", kilograms = "kg", gram = "g", grams = "g",
    tonne = "t", tonnes = "t", ton = "t", tons = "t", litre = "l", litres = "l", liter = "l", liters = "l",
    "cubic metres" = "m3", "cubic meters" = "m3", degrees = "deg", degree = "deg"
  }
  # "per" between a quantity and a period: 5 per second.
  per = ["per", "a", "an", "each", "every"]
  every = ["every"] # the number after it is an interval: a bound before it bounds how often
  # Words that name a list of rules: a heading or a topic before a colon
  # with one ("Constraints: cron unchanged at 11:30 UTC", "Repo rules:"
  # over a table) makes what it heads a rule. Optional.
  # A word naming a day of the month before its number ("day 21"), and
  # the suffixes written glued to a number to make it an ordinal ("the
  # 20th"): such a number from 1 to 31 is a day of the month, which a date
  # of that day keeps ("20 December"). Both optional.
  day_words        = ["day"]
  ordinal_suffixes = ["st", "nd", "rd", "th"]
  rule_words = ["request and intent", "regulations", "bylaws", "by-laws", "code of conduct", "rule", "rules", "constraint", "constraints", "restriction", "restrictions", "requirement", "requirements", "limits", "guardrails", "policy", "policies", "ground rules", "house rules", "conventions"]
  topic = ["regarding", "concerning", "as regards", "with regard to", "with respect to"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["to", "through", "thru"]
  # The condition words meaning "without" (listed under condition too): a
  # sentence or list item they open, with no negation of its own and no
  # comma leaving a main clause, forbids what it names ("Without
  # exceptions." reads as "no exceptions"). Optional.
  without = ["without"]
  periods = { "monthly" = "mo", "daily" = "d", "weekly" = "wk", "hourly" = "h", "yearly" = "yr", "annual" = "yr", "annually" = "yr", "nightly" = "d" }

  months = {
    january = 1, february = 2, march = 3, april = 4, may = 5, june = 6, july = 7,
    august = 8, september = 9, october = 10, november = 11, december = 12,
    jan = 1, feb = 2, mar = 3, apr = 4, jun = 6, jul = 7, aug = 8, sep = 9, sept = 9,
    oct = 10, nov = 11, dec = 12
  }
  weekdays = {
    monday = 1, tuesday = 2, wednesday = 3, thursday = 4, friday = 5, saturday = 6, sunday = 7,
    mon = 1, tue = 2, wed = 3, thu = 4, fri = 5, sat = 6, sun = 7,
    mondays = 1, tuesdays = 2, wednesdays = 3, thursdays = 4, fridays = 5, saturdays = 6, sundays = 7
  }
  clock_words = { noon = 12, midday = 12, midnight = 0 }
  # Marks after a clock hour ("6 pm", "18 Uhr", "6時").
  clock = ["o'clock", "oclock"]
  pm    = ["pm", "p.m."]
  am    = ["am", "a.m."]

  # Function words: they tell the language and carry no object.
  stopwords = ["pls", "plz", "ll", "though", "obviously", "clearly", "honestly", "basically", "actually", "really", "seriously", "literally", "frankly", "anyway", "anyways", "towards", "toward", "onto", "the", "a", "an", "of", "to", "in", "on", "for", "with", "at", "from", "per",
    "is", "are", "was", "were", "be", "been", "it", "this", "that", "these", "those",
    "we", "you", "i", "he", "she", "they", "our", "your", "my", "their", "its", "as",
    "so", "because", "any", "all", "there", "here", "will", "would", "can", "could",
    "should", "may", "might", "do", "does", "did", "has", "have", "had", "please",
    "about", "into", "than", "also", "which", "who", "what", "let's", "let", "us",
    "them", "him", "her", "me", "and", "or", "but", "if", "then", "not", "no", "after",
    "before", "up", "out", "just", "only", "some", "each", "every", "other", "such", "own", "another", "others", "whose", "whom",
    # Discourse words open a reply and name no object: "Right, don't
    # switch anything" is about switching.
    "right", "alright", "yes", "well"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "prof.", "mr.", "mrs.", "ms.", "st.", "no.", "e.g.", "i.e.", "etc.", "approx.", "vs.", "inc.", "ltd.", "jr.", "sr.", "fig.", "dept.", "incl.", "excl.", "esp.", "cf.", "max.", "avg.", "est."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["or", "nor", "either", "neither"]
  # Words a rule and its summary use for the same act or thing.
  synonyms = [
    ["touch", "change", "modify", "edit", "alter", "tweak"],
    ["delete", "remove", "erase", "purge", "wipe"],
    ["deploy", "ship", "release"],
    ["run", "execute", "launch", "trigger", "invoke"],
    ["send", "mail", "email"],
    ["money", "payment", "cash"],
    ["price", "quote", "charge"],
    ["give", "offer", "provide"],
    ["book", "reserve"],
    ["buy", "purchase"],
    ["restart", "reboot"],
    ["cancel", "scrap"],
    ["bill", "invoice"],
    ["photo", "picture", "image", "photograph"],
    ["kid", "child", "minor"],
    ["customer", "client"],
    ["car", "vehicle"],
    ["mention", "disclose", "reveal"],
    ["finish", "complete"],
    ["upgrade", "bump"],
  ]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["used to be", "used to say", "used to insist", "used to require", "used to tell", "used to have", "we used to", "i used to", "they used to", "there used to be", "back then", "in the old days", "back in the day", "formerly", "in my day", "when i was young", "once upon a time", "years ago"]
}
