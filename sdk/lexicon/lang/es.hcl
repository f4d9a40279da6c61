# Spanish. Schema and meaning of every list: see en.hcl.

language "es" {
  name    = "Español"
  stemmer = "spanish"

  negation = ["deja … en paz", "dejá … en paz", "dejen … en paz", "no", "nunca", "jamás", "jamas", "ni", "tampoco", "ningún", "ninguno",
    "ninguna", "ningunos", "ningunas", "nada", "nadie", "no debe", "no deben", "no debes",
    "no debéis", "no puede", "no pueden", "no puedes", "no se puede", "no se debe",
    "no hay que", "no hagas", "no haga", "no hagan", "prohibido", "prohibida",
    "prohibidos", "prohibidas", "prohibición", "se prohíbe", "queda prohibido",
    "está prohibido", "vetado", "vetada", "evitar", "evita", "evite", "eviten",
    "no permitido", "no está permitido", "no se permite", "no autorizado",
    "de ninguna manera", "de ningún modo", "en ningún caso", "bajo ningún concepto",
    "ni hablar", "solo lectura", "sólo lectura", "de solo lectura", "bloqueado",
    "bloqueada", "congelado", "congelada", "congelar", "no tocar", "no toques",
    "no toquen", "rechazar", "se niega", "abstenerse", "absténgase", "excluido", "excluida", "excluidos", "excluidas", "queda excluido", "queda excluida"]
  only = ["solo", "sólo", "solamente", "únicamente", "unicamente", "exclusivamente",
    "nada más que", "nada más", "limitado a", "limitada a", "restringido a",
    "restringida a", "reservado a", "reservada a", "nada salvo", "en ningún otro sitio", "en ningún otro lugar", "nadie más", "ningún otro", "ninguna otra"]
  upper = ["como máximo", "como maximo", "máximo", "maximo", "máx", "max", "a lo sumo",
    "como mucho", "no más de", "no mas de", "hasta", "no superar", "sin superar",
    "no debe superar", "no exceder", "sin exceder", "no debe exceder", "no sobrepasar",
    "menos de", "menos que", "por debajo de", "inferior a", "bajo", "tope", "límite",
    "limite", "o menos", "dentro de", "en menos de", "no mayor que", "no mayor a",
    "no por encima de"]
  lower = ["al menos", "por lo menos", "como mínimo", "como minimo", "mínimo", "minimo",
    "mín", "min", "no menos de", "no menos que", "o más", "o mas", "más de", "mas de",
    "más que", "por encima de", "superior a", "mayor que", "mayor a",
    "no por debajo de", "no inferior a"]
  firm = ["como máximo", "como maximo", "máximo", "maximo", "máx", "max", "a lo sumo", "al menos", "por lo menos", "como mínimo", "como minimo", "mínimo", "minimo", "mín", "min"]
  relative = ["quienes"]
  approx = ["unos", "unas", "alrededor de", "aproximadamente", "casi", "~"]
  before = ["antes de", "como muy tarde", "a lo sumo para", "antes del", "antes", "antes de que", "para el", "hasta",
    "hasta el", "a más tardar", "no más tarde de", "no más tarde que", "fecha límite",
    "plazo", "vence", "vencimiento", "más temprano que"]
  after = ["después de", "como muy pronto", "después del", "despues de", "después", "no antes de",
    "no antes del", "a partir de", "a partir del", "desde", "desde el", "una vez que",
    "tras", "en cuanto", "más tarde de", "más tarde que"]
  must = ["debe", "deben", "debes", "debo", "debemos", "debéis", "deberá", "deberán",
    "tiene que", "tienen que", "tienes que", "tengo que", "tenemos que", "hay que",
    "siempre", "obligatorio", "obligatoria", "obligatoriamente", "requerido", "requerida",
    "requiere", "se requiere", "es necesario", "necesario", "necesaria", "necesita",
    "necesitan", "imprescindible", "asegúrate de", "asegúrese de", "asegúrense de",
    "asegurarse de", "cada vez", "sin falta", "no olvides", "no olvide", "no olviden",
    "no olvidar", "recuerda", "recuerde", "sin cambios", "intacto", "intacta", "tal cual", "tal como está"]
  weaken = ["desaconsejado", "desaconsejada", "no se recomienda", "no recomendado", "intenta", "intente", "intenten", "intentar", "trata de", "trate de",
    "traten de", "procura", "procure", "intenta no", "procura no", "idealmente",
    "si es posible", "si se puede", "en lo posible", "en la medida de lo posible",
    "preferiblemente", "de preferencia", "preferentemente", "preferir", "prefiero",
    "si puedes", "si pueden", "si puede", "considera", "considere", "opcional",
    "opcionalmente", "recomendado", "recomendable", "se recomienda", "sería bueno",
    "estaría bien"]
  exception = ["excepto", "salvo", "menos", "a menos que", "a no ser que",
    "con excepción de", "a excepción de", "excepto si", "salvo que", "salvo si",
    "aparte de", "fuera de", "exceptuando", "quitando", "pero no", "sin contar",
    "que no sea", "distinto de", "distinta de"]
  condition = ["si", "cuando", "siempre que", "cada vez que", "mientras", "mientras que",
    "durante", "sin", "en caso de", "en caso de que", "en el caso de", "con tal de que",
    "siempre y cuando", "a condición de que"]
  lift = ["levantado", "levantada", "ya no", "ya no es necesario", "ya no aplica",
    "se acabó", "ya puedes", "ya pueden", "ya puede", "ahora puedes", "ahora pueden",
    "ahora puede", "adelante", "dale", "vía libre", "permitido de nuevo",
    "otra vez permitido", "cancelado", "cancelada", "anulado", "anulada", "revocado",
    "revocada", "olvida eso", "olvídalo", "olvídate de", "ignora eso", "ignoren eso",
    "no importa", "eliminado", "eliminada", "quitado", "retirado", "sin efecto",
    "deja sin efecto"]
  replace = ["en lugar de", "en vez de", "en su lugar", "reemplazado", "reemplazada",
    "reemplazar", "reemplaza", "sustituido", "sustituida", "sustituir", "cambiado a",
    "cambia a", "cambiar a", "movido a", "trasladado a", "pasado a", "pospuesto a",
    "pasa a", "ahora", "nuevo", "nueva", "nuevos", "nuevas", "en cambio", "más bien", "corrijo", "corrección", "rectifico"]
  failed = ["falló", "fallo", "fallido", "fallida", "falla", "fallan", "error", "errores",
    "no funcionó", "no funciona", "no ha funcionado", "no sirvió", "roto", "rota",
    "se rompió", "se cayó", "caído", "se colgó", "tiempo de espera agotado", "timeout",
    "rechazado", "rechazada", "revertido", "revertida", "se revirtió", "sin éxito",
    "sin suerte", "no ayudó", "no resultó", "fracasó", "fracaso", "infructuoso"]
  report = ["me dijeron", "alguien dijo", "según dicen", "al parecer", "supuestamente", "rumor", "rumores", "oí que", "escuché que", "juró que", "jura que",
    "para tu información", "para su información", "a título informativo", "para que sepas", "preguntó", "preguntaron", "esperó", "esperé", "esperamos", "esperaron",
    "tardó", "tomó", "llevó", "se quejó", "se quejaron", "queja", "dijo", "dijeron",
    "mencionó", "la última vez", "la vez pasada", "el año pasado", "el verano pasado", "ayer", "la semana pasada", "dice que", "dicen que",
    "para que lo sepas", "para que lo sepan", "para que lo sepáis", "solo para que sepas", "para tu info",
    "para su conocimiento", "llevo dos semanas", "llevo tres semanas", "llevo una semana", "llevo semanas",
    "llevo días", "llevo meses", "llevo horas", "llevamos semanas", "llevamos dos semanas",
    "estuve en espera", "me tuvieron en espera", "me dejaron en espera", "me hicieron esperar",
    "me llamaron", "me despertaron", "anoche", "ayer por la noche", "el mes pasado"]
  ask = ["solo pensando en voz alta", "pensando en voz alta", "hipotéticamente", "en teoría", "teóricamente", "sugiere", "sugirió", "sugerido", "propone", "propuso", "propuesto", "sugerencia", "corazonada", "pregunta si", "preguntó si", "preguntaba si", "preguntando si", "quiere saber si", "quería saber si", "se queja de", "se quejó de", "se queja que", "se quejó que", "dime que", "dime si", "dígame que", "no me digas que", "no me diga que", "me gustaría saber si",
    "díganme que", "diganme que", "digame que", "decime que", "dime q",
    "no me digáis que", "no me digan que", "ojalá", "ojala", "me encantaría que", "me encantaria que",
    "sueño con", "sueño que", "sueño con que", "sería bueno que", "seria bueno que", "sería genial que",
    "seria genial que", "estaría bien que", "estaria bien que", "qué bueno sería que", "que bueno seria que",
    "sería lindo que", "si tan solo", "si tan sólo", "esperemos que", "con suerte", "cruzo los dedos",
    "crucemos los dedos"]
  concession = ["aunque", "incluso si", "aun si", "aun cuando"]
  consequence = ["de lo contrario", "en caso contrario", "de otro modo", "para que no", "para evitar", "a fin de no", "para que nadie"]
  reason = ["porque", "ya que", "puesto que", "dado que"]
  minus = ["menos"]
  summary = ["resumen", "resúmeme", "resumir", "resumirlo", "recapitulación"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["todavía no estamos ahí", "aún no estamos ahí", "ignóralo", "ignóralos", "ignora eso", "ignorar", "olvídalo", "su problema", "puedes verificar", "puedes comprobar", "solo un rumor"]
  neutral = ["nada que ver con", "nada que ver", "nada está decidido", "no está decidido", "no hay nada decidido", "nada decidido", "no hemos decidido", "no hemos decidido nada", "hemos decidido nada", "no se ha decidido", "no está definido", "no hay nada definido", "no hay decisión", "no hay nada cerrado", "no sé", "ni idea", "no estoy seguro", "no estoy segura", "no hay problema", "no pasa nada", "todavía no", "aún no", "no te preocupes", "no se preocupe", "no hay prisa", "sin prisa", "no tengo ganas"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["sin excepciones", "sin excepción", "ninguna excepción", "no hay excepciones"]

  # What makes a duty hold at all times, not once (a task).
  standing = ["siempre", "cada vez", "cada vez que", "en todo momento", "a partir de ahora", "de ahora en adelante", "de aquí en adelante", "en lo sucesivo", "por defecto", "por regla general", "sistemáticamente", "constantemente"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["yo mismo", "yo misma", "él mismo", "ella misma", "ellos mismos", "manualmente", "a mano"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["yo lo", "lo haré", "me encargo", "yo me encargo", "voy a", "yo mismo", "yo misma"]
  coordinators = ["y", "e", "pero", "también", "además", "luego", "entonces", "o", "u",
    "sino"]

  numbers = {
    "cero" = 0, "uno" = 1, "una" = 1, "un" = 1, "dos" = 2, "tres" = 3, "cuatro" = 4,
    "cinco" = 5, "seis" = 6, "siete" = 7, "ocho" = 8, "nueve" = 9, "diez" = 10,
    "once" = 11, "doce" = 12, "trece" = 13, "catorce" = 14, "quince" = 15,
    "dieciséis" = 16, "dieciseis" = 16, "diecisiete" = 17, "dieciocho" = 18,
    "diecinueve" = 19, "veinte" = 20, "veintiuno" = 21, "veintiún" = 21, "veintiuna" = 21,
    "veintidós" = 22, "veintidos" = 22, "veintitrés" = 23, "veintitres" = 23,
    "veinticuatro" = 24, "veinticinco" = 25, "veintiséis" = 26, "veintiseis" = 26,
    "veintisiete" = 27, "veintiocho" = 28, "veintinueve" = 29, "treinta" = 30,
    "cuarenta" = 40, "cincuenta" = 50, "sesenta" = 60, "setenta" = 70, "ochenta" = 80,
    "noventa" = 90, "doscientos" = 200, "doscientas" = 200, "trescientos" = 300,
    "trescientas" = 300, "cuatrocientos" = 400, "cuatrocientas" = 400,
    "quinientos" = 500, "quinientas" = 500, "seiscientos" = 600, "seiscientas" = 600,
    "setecientos" = 700, "setecientas" = 700, "ochocientos" = 800, "ochocientas" = 800,
    "novecientos" = 900, "novecientas" = 900, "medio" = 0.5, "media" = 0.5,
    "mitad" = 0.5, "docena" = 12, "decena" = 10, "ambos" = 2, "ambas" = 2, "doble" = 2,
    "triple" = 3
  }
  scales = {
    "cien" = 100, "ciento" = 100, "cientos" = 100, "mil" = 1000, "miles" = 1000,
    "k" = 1000, "millón" = 1000000, "millon" = 1000000, "millones" = 1000000,
    "mil millones" = 1000000000, "millardo" = 1000000000, "millardos" = 1000000000,
    "billón" = 1000000000000, "billon" = 1000000000000, "billones" = 1000000000000
  }

  units = {

    # Imperial lengths, as a summary translated from English writes them.

    "pie" = "ft", "pies" = "ft", "milla" = "mi", "millas" = "mi",
    "milisegundo" = "ms", "milisegundos" = "ms",
    "segundo" = "s", "segundos" = "s", "seg" = "s", "seg." = "s", "minuto" = "min",
    "minutos" = "min", "hora" = "h", "horas" = "h", "hs" = "h", "día" = "d", "días" = "d",
    "dia" = "d", "dias" = "d", "semana" = "wk", "semanas" = "wk", "mes" = "mo",
    "meses" = "mo", "año" = "yr", "años" = "yr", "por ciento" = "%", "porciento" = "%",
    "metro" = "m", "metros" = "m", "kilómetro" = "km", "kilómetros" = "km",
    "kilometro" = "km", "kilometros" = "km", "kilogramo" = "kg", "kilogramos" = "kg",
    "kilo" = "kg", "kilos" = "kg", "gramo" = "g", "gramos" = "g", "tonelada" = "t",
    "toneladas" = "t", "litro" = "l", "litros" = "l", "metro cúbico" = "m3",
    "metros cúbicos" = "m3", "grado" = "deg", "grados" = "deg",
    "euro" = "EUR", "euros" = "EUR", "dólar" = "USD", "dólares" = "USD", "dolar" = "USD",
    "dolares" = "USD", "libra esterlina" = "GBP", "libras esterlinas" = "GBP",
    # The peso of Mexico, where most Spanish-speaking sessions with pesos
    # are; "pesos mexicanos" says so outright.
    "peso" = "MXN", "pesos" = "MXN", "pesos mexicanos" = "MXN",
    "franco suizo" = "CHF", "francos suizos" = "CHF", "reales" = "BRL"
  }
  per = ["por", "por cada", "cada", "al", "a la"]
  every = ["cada"] # the number after it is an interval: a bound before it bounds how often
  day_words        = ["día", "dia"]
  ordinal_suffixes = ["º", "ª"]
  rule_words = ["reglamento", "protocolo", "regla", "reglas", "norma", "normas", "restricción", "restricciones", "requisitos", "límites", "condiciones"]
  topic = ["respecto a", "respecto de", "con respecto a", "en cuanto a", "acerca de"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["a", "hasta"]
  without = ["sin"]
  periods = { "mensual" = "mo", "mensuales" = "mo", "diario" = "d", "diaria" = "d", "diarios" = "d", "semanal" = "wk", "anual" = "yr" }

  months = {
    "enero" = 1, "febrero" = 2, "marzo" = 3, "abril" = 4, "mayo" = 5, "junio" = 6,
    "julio" = 7, "agosto" = 8, "septiembre" = 9, "setiembre" = 9, "octubre" = 10,
    "noviembre" = 11, "diciembre" = 12,
    "ene" = 1, "ene." = 1, "feb" = 2, "feb." = 2, "mar" = 3, "mar." = 3, "abr" = 4,
    "abr." = 4, "may" = 5, "jun" = 6, "jul" = 7, "ago" = 8, "ago." = 8, "sep" = 9,
    "sep." = 9, "sept" = 9, "sept." = 9, "oct" = 10, "oct." = 10, "nov" = 11, "nov." = 11,
    "dic" = 12, "dic." = 12
  }
  weekdays = {
    "lunes" = 1, "martes" = 2, "miércoles" = 3, "miercoles" = 3, "jueves" = 4,
    "viernes" = 5, "sábado" = 6, "sabado" = 6, "sábados" = 6, "sabados" = 6,
    "domingo" = 7, "domingos" = 7, "lun" = 1, "lun." = 1, "mié" = 3, "mie" = 3,
    "mié." = 3, "jue" = 4, "jue." = 4, "vie" = 5, "vie." = 5, "sáb" = 6, "sáb." = 6,
    "sab" = 6, "dom" = 7, "dom." = 7
  }
  clock_words = { mediodía = 12, medianoche = 0 }
  clock = ["h", "en punto"]
  pm    = ["p. m.", "p.m.", "pm", "de la tarde", "de la noche"]
  am    = ["a. m.", "a.m.", "am", "de la mañana", "de la madrugada"]

  # Letters that mark the language, for a text with no function word.

  letters = "ñ¿¡áéíóú"

  stopwords = ["el", "la", "los", "las", "un", "una", "unos", "unas", "de", "del", "al",
    "a", "en", "con", "por", "para", "sobre", "entre", "hacia", "y", "o", "pero", "que",
    "qué", "como", "cómo", "es", "son", "está", "están", "esta", "ser", "estar", "fue",
    "era", "ha", "han", "he", "hay", "haber", "yo", "tú", "tu", "él", "ella", "nosotros",
    "nosotras", "ustedes", "vosotros", "ellos", "ellas", "usted", "me", "te", "se", "nos",
    "le", "les", "lo", "mi", "mis", "su", "sus", "nuestro", "nuestra", "este", "esto",
    "estos", "estas", "ese", "esa", "eso", "aquí", "allí", "muy", "porque", "todo",
    "todos", "puede", "puedes", "por favor", "gracias", "cual", "cuál", "donde", "dónde",
    "también", "ya", "hacer", "otra", "otro", "otras", "otros", "aquella", "aquel", "aquello", "cuales"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "dra.", "sr.", "sra.", "srta.", "núm.", "p. ej.", "etc.", "aprox.", "ud.", "uds.", "máx.", "incl.", "excl.", "pág.", "art.", "cap.", "s.", "av.", "avda.", "pza.", "ctra."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["o", "u", "ni"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["antiguamente", "en aquella época", "en aquel entonces", "en mis tiempos", "cuando era joven", "hace años", "solíamos", "antes teníamos", "antes había"]
}
