# French. Schema and meaning of every list: see en.hcl.

language "fr" {
  name    = "Français"
  stemmer = "french"

  negation = ["laisse … tranquille", "laissez … tranquille", "ne", "n'", "n’", "pas", "ne pas", "ne jamais", "jamais", "aucun", "aucune",
    "rien", "personne ne", "nul ne", "ni", "non", "interdit", "interdite", "interdits",
    "interdites", "interdiction", "il est interdit", "défendu", "défense de", "prohibé",
    "proscrit", "éviter", "évitez", "évite", "à éviter", "il ne faut pas", "ne faut pas",
    "ne doit pas", "ne doivent pas", "ne dois pas", "ne devez pas", "ne peut pas",
    "ne pouvez pas", "ne peux pas", "non autorisé", "non autorisée", "pas autorisé",
    "pas autorisée", "non permis", "pas le droit", "hors de question", "surtout pas",
    "en aucun cas", "sous aucun prétexte", "en lecture seule", "lecture seule",
    "bloqué", "bloquée", "gelé", "gelée", "gel", "figé", "ne touchez pas", "ne touche pas",
    "pas touche", "refuser", "refusez", "s'abstenir", "abstenez-vous", "exclu", "exclue", "exclus", "exclues"]
  only = ["seulement", "uniquement", "exclusivement", "ne que", "rien que", "seul",
    "seule", "seuls", "seules", "juste", "limité à", "limitée à", "limités à",
    "restreint à", "restreinte à", "réservé à", "réservée à", "rien d'autre que", "nulle part ailleurs", "personne d'autre", "personne sauf"]
  upper = ["au maximum", "au plus", "tout au plus", "maximum", "max", "maximal",
    "maximale", "pas plus de", "pas plus que", "jusqu'à", "jusqu’à", "ne pas dépasser",
    "ne doit pas dépasser", "sans dépasser", "ne pas excéder", "n'excédant pas",
    "moins de", "moins que", "inférieur à", "inférieure à", "en dessous de",
    "au-dessous de", "sous", "plafond", "plafonné", "plafonnée", "limite", "ou moins",
    "dans les", "dans un délai de", "en moins de", "pas au-delà de"]
  lower = ["au moins", "au minimum", "minimum", "min", "minimal", "minimale",
    "pas moins de", "pas moins que", "plus de", "plus que", "supérieur à", "supérieure à",
    "au-dessus de", "ou plus", "au-delà de", "pas en dessous de", "plancher", "a minima"]
  firm = ["au maximum", "au plus", "maximum", "max", "au moins", "au minimum", "minimum", "min"]
  relative = ["qui"]
  approx = ["environ", "à peu près", "quelque", "presque", "~"]
  before = ["avant", "avant le", "d'ici", "d’ici", "jusqu'à", "jusqu’à", "jusqu'au",
    "jusqu’au", "au plus tard", "pas plus tard que", "date limite", "échéance", "délai",
    "dernier délai", "avant que", "pour le", "plus tôt que"]
  after = ["après", "pas avant", "au plus tôt", "pas plus tôt que", "à partir de",
    "à partir du", "dès", "dès que", "depuis", "à compter de", "à compter du",
    "une fois que", "après que", "plus tard que"]
  must = ["doit", "doivent", "dois", "devez", "devons", "devra", "devront", "il faut",
    "faut", "il faudra", "toujours", "obligatoire", "obligatoirement", "requis", "requise",
    "exigé", "exigée", "exige", "nécessaire", "nécessite", "impératif", "impérativement",
    "veillez à", "veille à", "assurez-vous", "assure-toi", "s'assurer", "à chaque fois",
    "chaque fois", "systématiquement", "est tenu de", "sont tenus de",
    "n'oubliez pas", "n'oublie pas", "ne pas oublier", "sans faute", "inchangé", "inchangée", "inchangés", "inchangées", "intact", "intacte", "tel quel", "telle quelle"]
  weaken = ["déconseillé", "déconseillée", "déconseillés", "déconseillées", "pas recommandé", "essayez de", "essaie de", "essaye de", "essayer de", "essayez de ne pas",
    "tâchez de", "idéalement", "si possible", "dans la mesure du possible",
    "autant que possible", "de préférence", "préférer", "préférez", "préférablement",
    "si tu peux", "si vous pouvez", "envisager", "envisagez", "optionnel", "optionnelle",
    "facultatif", "facultative", "recommandé", "recommandée", "conseillé", "conseillée",
    "il vaudrait mieux", "mieux vaut", "ce serait bien", "éventuellement"]
  exception = ["sauf", "sauf si", "à moins que", "à moins de", "excepté", "hormis",
    "à l'exception de", "à l’exception de", "en dehors de", "mis à part", "hors",
    "autre que", "autres que", "mais pas", "non compris", "exception faite de"]
  condition = ["si", "s'il", "s’il", "quand", "lorsque", "lorsqu'", "chaque fois que",
    "pendant", "durant", "tant que", "sans", "en cas de", "au cas où", "pourvu que",
    "à condition que", "à condition de", "dans le cas où"]
  lift = ["levé", "levée", "lever", "ne plus", "n'est plus", "plus maintenant",
    "ne s'applique plus", "n'est plus d'actualité", "à nouveau autorisé",
    "de nouveau autorisé", "désormais autorisé", "vous pouvez maintenant",
    "tu peux maintenant", "tu peux y aller", "vous pouvez y aller", "allez-y", "vas-y",
    "c'est bon", "annulé", "annulée", "révoqué", "révoquée", "oubliez ça", "oublie ça",
    "ignorez ça", "ignore ça", "laisse tomber", "laissez tomber", "supprimé", "supprimée",
    "retiré", "retirée", "c'est fini", "terminé"]
  replace = ["au lieu de", "à la place", "à la place de", "plutôt que", "remplacé",
    "remplacée", "remplacer", "remplace", "changé en", "changé pour", "passé à",
    "déplacé à", "déplacé au", "reporté à", "reporté au", "décalé à", "décalé au",
    "désormais", "maintenant", "nouveau", "nouvelle", "nouveaux", "nouvelles",
    "basculer vers", "passer à", "dorénavant", "je corrige", "correction", "rectification"]
  failed = ["échoué", "a échoué", "échec", "échoue", "n'a pas marché", "n'a pas fonctionné",
    "ne marche pas", "ne fonctionne pas", "marche pas", "cassé", "cassée", "planté",
    "a planté", "plantage", "crash", "erreur", "en erreur", "délai dépassé",
    "délai d'attente dépassé", "expiré", "timeout", "rejeté", "rejetée", "refusé",
    "refusée", "revenu en arrière", "rollback", "sans succès", "n'a pas aidé", "raté",
    "infructueux", "infructueuse"]
  report = ["paraît-il", "paraît qu", "il paraît", "apparemment", "rumeur", "rumeurs", "a entendu", "j'ai entendu", "on m'a dit", "quelqu'un a dit", "prétend", "jure que", "soi-disant",
    "pour info", "pour information", "à titre d'information", "pour ton information", "pour votre information", "demandé", "a demandé", "attendu", "a attendu", "j'ai attendu", "a pris",
    "s'est plaint", "s'est plainte", "se plaint", "a dit", "dit", "mentionné",
    "la dernière fois", "la fois dernière", "l'an dernier", "l'année dernière", "l'été dernier", "l'hiver dernier", "hier", "la semaine dernière",
    "juste pour info", "pour ta gouverne", "juste pour que tu saches", "histoire que tu saches",
    "on a attendu", "nous avons attendu", "j'ai été mis en attente", "j'ai été mise en attente",
    "j’ai été mis en attente", "j’ai été mise en attente", "on m'a mis en attente", "on m’a mis en attente",
    "j'étais en attente", "j’étais en attente", "on m'a appelé", "on m’a appelé", "on m'a bipé",
    "on m’a bipé", "j'ai été bipé", "j’ai été bipé", "on m'a réveillé", "on m’a réveillé", "hier soir",
    "le mois dernier", "ça fait deux semaines que", "ça fait des semaines que", "ça fait une semaine que",
    "ça fait des jours que", "ca fait deux semaines que", "ca fait des semaines que", "j’ai attendu"]
  ask = ["je réfléchis à voix haute", "je pense à voix haute", "je réfléchis tout haut", "hypothétiquement", "en théorie", "théoriquement", "suggère", "a suggéré", "suggéré", "propose de", "a proposé", "proposé", "suggestion", "intuition", "demande si", "demandé si", "demandait si", "se demande si", "veut savoir si", "voulait savoir si", "se plaint que", "se plaint de", "s'est plaint", "s'est plainte", "dis-moi que", "dites-moi que", "dis-moi qu'", "dites-moi qu'", "dis-moi si", "dites-moi si", "ne me dis pas que", "ne me dites pas que", "j'aimerais savoir si",
    "dis moi que", "dites moi que",
    "dis moi qu'", "dites moi qu'", "dis-moi qu’", "dites-moi qu’", "dis moi qu’", "dites moi qu’",
    "me dis pas que", "me dis pas qu'", "ne me dis pas qu'", "ne me dites pas qu'", "dis-moi pas que",
    "si seulement", "espérons que", "espérons qu'", "esperons que", "je rêve que", "je rêve qu'",
    "je rêve de", "je reve que", "j'aurais aimé que", "j’aurais aimé que", "j'aimerais tant que",
    "ce serait bien que", "ce serait bien qu'", "ce serait bien si", "ce serait bien qu’",
    "ça serait bien que", "ça serait bien si", "ca serait bien que", "ca serait bien si",
    "ce serait génial si", "ce serait génial que", "ce serait top si", "ce serait super si",
    "ce serait cool si", "vivement que", "vivement qu'", "vivement qu’", "croisons les doigts"]
  concession = ["même si", "même quand", "quand bien même"]
  consequence = ["sinon", "faute de quoi", "à défaut", "pour ne pas", "afin de ne pas", "pour éviter", "afin d'éviter", "pour qu'on ne", "pour que personne ne"]
  reason = ["parce que", "parce qu'", "parce qu’", "puisque", "vu que", "étant donné que", "étant donné qu'"]
  minus = ["moins"]
  summary = ["résumé", "résume", "résumer", "résume-moi", "récapitulatif", "récap"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["on n'en est pas là", "on n’en est pas là", "on n'en est pas encore là", "on n’en est pas encore là", "ignore", "ignore-le", "ignore-la", "ignore ça", "ignorez", "laisse tomber", "oublie ça", "leur problème", "tu peux vérifier", "peux-tu vérifier", "juste une rumeur"]
  neutral = ["rien à voir avec", "rien à voir", "rien n'est décidé", "rien n’est décidé", "rien n'est encore décidé", "rien n'a été décidé", "pas décidé", "pas encore décidé", "pas encore tranché", "rien n'est tranché", "aucune décision n'a été prise", "aucune décision pour l'instant", "je ne sais pas", "je sais pas", "pas sûr", "pas sûre", "aucune idée", "pas de problème", "pas de souci", "pas encore", "j'ai hâte", "ne t'inquiète pas", "t'inquiète", "ne vous inquiétez pas", "pas de panique", "pas de stress", "pas envie"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["pas d'exception", "pas d’exception", "aucune exception", "sans exception"]

  # What makes a duty hold at all times, not once (a task).
  standing = ["toujours", "systématiquement", "à chaque fois", "chaque fois", "chaque fois que", "en permanence", "désormais", "dorénavant", "à partir de maintenant", "par défaut", "en règle générale"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["moi-même", "lui-même", "elle-même", "eux-mêmes", "elles-mêmes", "manuellement", "à la main"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["je vais", "je m'en occupe", "je le ferai", "je ferai", "je m'en charge", "je les appellerai"]
  coordinators = ["et", "mais", "aussi", "ainsi que", "puis", "ensuite", "ou",
    "également", "de plus"]

  numbers = {
    "zéro" = 0, "zero" = 0, "un" = 1, "une" = 1, "deux" = 2, "trois" = 3, "quatre" = 4,
    "cinq" = 5, "six" = 6, "sept" = 7, "huit" = 8, "neuf" = 9, "dix" = 10, "onze" = 11,
    "douze" = 12, "treize" = 13, "quatorze" = 14, "quinze" = 15, "seize" = 16,
    "dix-sept" = 17, "dix-huit" = 18, "dix-neuf" = 19, "vingt" = 20,
    "vingt-quatre" = 24, "trente" = 30, "quarante" = 40, "cinquante" = 50,
    "soixante" = 60, "soixante-dix" = 70, "septante" = 70, "quatre-vingt" = 80,
    "quatre-vingts" = 80, "huitante" = 80, "octante" = 80, "quatre-vingt-dix" = 90,
    "nonante" = 90, "demi" = 0.5, "demie" = 0.5, "moitié" = 0.5, "douzaine" = 12,
    "dizaine" = 10, "vingtaine" = 20, "double" = 2, "triple" = 3
  }
  scales = {
    "cent" = 100, "cents" = 100, "centaines" = 100, "mille" = 1000, "milliers" = 1000,
    "k" = 1000, "million" = 1000000, "millions" = 1000000, "milliard" = 1000000000,
    "milliards" = 1000000000, "md" = 1000000000, "mds" = 1000000000, "mrd" = 1000000000
  }

  units = {

    # Imperial lengths, as a summary translated from English writes them.

    "pied" = "ft", "pieds" = "ft",
    "milliseconde" = "ms", "millisecondes" = "ms",
    "seconde" = "s", "secondes" = "s", "sec" = "s", "minute" = "min", "minutes" = "min",
    "mn" = "min", "heure" = "h", "heures" = "h", "jour" = "d", "jours" = "d", "j" = "d",
    "journée" = "d", "journées" = "d", "semaine" = "wk", "semaines" = "wk", "sem." = "wk",
    "mois" = "mo", "an" = "yr", "ans" = "yr", "année" = "yr", "années" = "yr",
    "pour cent" = "%", "pourcent" = "%", "pour-cent" = "%",
    "mètre" = "m", "mètres" = "m", "metre" = "m", "metres" = "m", "kilomètre" = "km",
    "kilomètres" = "km", "kilogramme" = "kg", "kilogrammes" = "kg", "kilo" = "kg",
    "kilos" = "kg", "gramme" = "g", "grammes" = "g", "tonne" = "t", "tonnes" = "t",
    "litre" = "l", "litres" = "l", "mètre cube" = "m3", "mètres cubes" = "m3",
    "degré" = "deg", "degrés" = "deg",
    "euro" = "EUR", "euros" = "EUR", "dollar" = "USD", "dollars" = "USD",
    "livre sterling" = "GBP", "livres sterling" = "GBP", "franc suisse" = "CHF",
    "francs suisses" = "CHF"
  }
  per = ["par", "chaque", "tous les", "toutes les", "le", "la"]
  every = ["tous les", "toutes les"] # the number after it is an interval: a bound before it bounds how often
  day_words        = ["jour"]
  ordinal_suffixes = ["er", "ème", "eme"]
  rule_words = ["règlement", "règlements", "règlement intérieur", "protocole", "règle", "règles", "contrainte", "contraintes", "restriction", "restrictions", "consigne", "consignes", "exigences", "limites", "interdits"]
  topic = ["concernant", "au sujet de", "quant à", "à propos de"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["à", "au"]
  without = ["sans"]
  periods = { "mensuel" = "mo", "mensuelle" = "mo", "mensuellement" = "mo", "quotidien" = "d", "quotidienne" = "d", "quotidiennement" = "d", "hebdomadaire" = "wk", "annuel" = "yr", "annuelle" = "yr" }

  months = {
    "janvier" = 1, "février" = 2, "fevrier" = 2, "mars" = 3, "avril" = 4, "mai" = 5,
    "juin" = 6, "juillet" = 7, "août" = 8, "aout" = 8, "septembre" = 9, "octobre" = 10,
    "novembre" = 11, "décembre" = 12, "decembre" = 12,
    "janv" = 1, "janv." = 1, "févr" = 2, "févr." = 2, "fév" = 2, "fév." = 2, "avr" = 4,
    "avr." = 4, "juil" = 7, "juil." = 7, "sept." = 9, "oct" = 10, "oct." = 10, "nov" = 11,
    "nov." = 11, "déc" = 12, "déc." = 12
  }
  weekdays = {
    "lundis" = 1, "mardis" = 2, "mercredis" = 3, "jeudis" = 4, "vendredis" = 5, "samedis" = 6, "dimanches" = 7,
    "lundi" = 1, "mardi" = 2, "mercredi" = 3, "jeudi" = 4, "vendredi" = 5, "samedi" = 6,
    "dimanche" = 7, "lun" = 1, "lun." = 1, "mar." = 2, "mer." = 3, "jeu." = 4, "ven" = 5,
    "ven." = 5, "sam" = 6, "sam." = 6, "dim" = 7, "dim." = 7
  }
  clock_words = { midi = 12, minuit = 0 }
  clock = ["h"]
  pm    = ["du soir", "de l'après-midi", "de l’après-midi", "de l'aprem"]
  am    = ["du matin"]

  # Letters that mark the language, for a text with no function word.

  letters = "éèêàùçœâîôûëïÿ"

  stopwords = ["le", "la", "les", "à", "l'", "un", "une", "des", "du", "de", "d'", "et", "ou",
    "mais", "donc", "car", "est", "sont", "était", "être", "été", "a", "ont", "avait",
    "avoir", "je", "j'", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "me",
    "te", "se", "moi", "toi", "lui", "leur", "leurs", "mon", "ma", "mes", "ton", "ta",
    "tes", "son", "sa", "ses", "notre", "nos", "votre", "vos", "ce", "cet", "cette", "ces",
    "ça", "cela", "ceci", "qui", "que", "qu'", "quoi", "dont", "où", "dans", "en", "sur",
    "pour", "par", "avec", "au", "aux", "chez", "vers", "entre", "comme", "très", "tout",
    "tous", "toute", "toutes", "y", "il y a", "c'est", "peut", "fait", "faire", "merci",
    "svp", "stp", "s'il vous plaît", "s'il te plaît", "aussi", "déjà", "encore", "autre", "autres", "celle", "celui", "ceux", "celles", "lequel", "laquelle"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "pr.", "m.", "mme.", "n°.", "p. ex.", "etc.", "cf.", "env.", "max.", "incl.", "excl.", "resp.", "coeff.", "coef.", "av.", "bd.", "réf.", "tél."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["ou", "ni"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["autrefois", "à l'époque", "dans le temps", "jadis", "naguère", "quand j'étais jeune", "il y a des années"]
}
