# Portuguese (European and Brazilian forms). Schema and meaning of every
# list: see en.hcl.

language "pt" {
  name    = "Português"
  stemmer = "portuguese"

  negation = ["deixa … em paz", "deixe … em paz", "deixem … em paz", "não", "nao", "nunca", "jamais", "nenhum", "nenhuma", "nenhuns", "nenhumas",
    "nada", "ninguém", "ninguem", "nem", "não deve", "não devem", "não deves", "não pode",
    "não podem", "não podes", "não se deve", "não se pode", "não é permitido",
    "não permitido", "não autorizado", "proibido", "proibida", "proibidos", "proibidas",
    "é proibido", "proibição", "vedado", "vedada", "interdito", "evitar", "evite", "evita",
    "evitem", "de jeito nenhum", "de maneira nenhuma", "de forma alguma",
    "de modo algum", "em hipótese alguma", "em caso algum", "sob nenhuma circunstância",
    "somente leitura", "só leitura", "apenas leitura", "bloqueado", "bloqueada",
    "congelado", "congelada", "congelar", "não mexa", "não mexer", "não mexam",
    "não mexas", "não toque", "não toques", "não toquem", "recusar", "abster-se", "excluído", "excluída", "excluídos", "excluídas"]
  only = ["só", "somente", "apenas", "unicamente", "exclusivamente", "nada além de",
    "limitado a", "limitada a", "restrito a", "restrita a", "reservado a", "reservada a", "em nenhum outro lugar", "mais ninguém", "ninguém mais", "nenhum outro", "nenhuma outra"]
  upper = ["no máximo", "no maximo", "máximo", "maximo", "máx", "max", "não mais de",
    "não mais que", "até", "em até", "não ultrapassar", "sem ultrapassar",
    "não deve ultrapassar", "não exceder", "sem exceder", "não deve exceder", "menos de",
    "menos que", "abaixo de", "inferior a", "teto", "tecto", "limite", "ou menos",
    "dentro de", "não superior a", "não acima de", "quando muito"]
  lower = ["pelo menos", "ao menos", "no mínimo", "no minimo", "mínimo", "minimo", "mín",
    "min", "não menos de", "não menos que", "ou mais", "mais de", "mais que", "acima de",
    "superior a", "maior que", "não abaixo de", "não inferior a", "piso"]
  firm = ["no máximo", "no maximo", "máximo", "maximo", "máx", "max", "pelo menos", "ao menos", "no mínimo", "no minimo", "mínimo", "minimo", "mín", "min"]
  approx = ["cerca de", "uns", "umas", "aproximadamente", "quase", "por volta de", "~"]
  before = ["antes de", "antes do", "antes da", "antes que", "antes", "até", "até o",
    "até ao", "até à", "até a", "o mais tardar", "não depois de", "prazo", "prazo final",
    "data limite", "data-limite", "vence", "vencimento", "mais cedo que", "mais cedo do que"]
  after = ["depois de", "o mais cedo", "no mínimo a partir de", "depois do", "depois da", "depois que", "depois", "após",
    "não antes de", "a partir de", "a partir do", "a partir da", "desde", "assim que",
    "logo que", "mais tarde que", "mais tarde do que"]
  must = ["deve", "devem", "deves", "devemos", "deverá", "deverão", "tem que", "têm que",
    "tem de", "têm de", "tens de", "tens que", "temos que", "temos de", "tenho que",
    "tenho de", "precisa", "precisam", "precisa de", "é preciso", "é necessário",
    "necessário", "necessária", "sempre", "obrigatório", "obrigatória",
    "obrigatoriamente", "exigido", "exigida", "exige", "requerido", "requer",
    "certifique-se de", "certifique-se", "certifica-te", "garanta", "garantir",
    "assegure", "assegurar", "toda vez", "todas as vezes", "cada vez", "sem falta",
    "não esqueça", "não esqueças", "não se esqueça", "não esquecer", "lembre-se de", "inalterado", "inalterada", "intocado", "intocada", "tal como está"]
  weaken = ["desaconselhado", "desaconselhada", "não é recomendado", "não recomendado", "tente", "tenta", "tentem", "tentar", "tente não", "procure", "procura",
    "idealmente", "se possível", "se possivel", "sempre que possível",
    "na medida do possível", "preferencialmente", "de preferência", "de preferencia",
    "preferir", "prefira", "se puder", "se conseguir", "se der", "considere", "considera",
    "opcional", "opcionalmente", "recomendado", "recomendável", "seria bom",
    "seria ótimo"]
  exception = ["exceto", "salvo", "a menos que", "a não ser que", "com exceção de",
    "à exceção de", "tirando", "menos", "mas não", "que não seja", "excluindo",
    "exceto se", "fora de"]
  condition = ["se", "quando", "sempre que", "toda vez que", "enquanto", "durante", "sem",
    "em caso de", "caso", "no caso de", "desde que", "contanto que",
    "com a condição de"]
  lift = ["levantado", "levantada", "revogado", "revogada", "já não", "não mais",
    "deixou de valer", "não vale mais", "não se aplica mais", "já pode", "já podem",
    "agora pode", "agora podem", "agora podes", "pode seguir", "podem seguir",
    "pode prosseguir", "vai em frente", "pode ir em frente", "liberado", "liberada",
    "permitido novamente", "cancelado", "cancelada", "anulado", "anulada", "esquece",
    "esqueça", "esquece isso", "ignore isso", "ignora isso", "deixa pra lá",
    "deixa para lá", "não importa", "removido", "removida", "acabou"]
  replace = ["em vez de", "ao invés de", "em lugar de", "no lugar de", "em seu lugar",
    "substituído", "substituída", "substituir", "substitua", "trocado por", "troca por",
    "troque por", "mudado para", "mudou para", "alterado para", "movido para",
    "passou para", "passa a", "adiado para", "agora", "a partir de agora", "novo", "nova",
    "novos", "novas", "corrijo", "correção", "retifico"]
  failed = ["falhou", "falha", "falhado", "falharam", "erro", "erros", "deu erro",
    "não funcionou", "não funciona", "não deu certo", "não resultou", "quebrado",
    "quebrada", "quebrou", "travou", "caiu", "crashou", "tempo esgotado", "timeout",
    "rejeitado", "rejeitada", "recusado", "recusada", "revertido", "revertida",
    "sem sucesso", "sem êxito", "não ajudou", "fracassou", "malsucedido", "mal sucedido"]
  report = ["dizem que", "me disseram", "alguém disse", "parece que", "pelo visto", "supostamente", "boato", "boatos", "ouvi dizer", "ouvi que", "jurou que", "jura que",
    "para sua informação", "para tua informação", "só para constar", "a título informativo", "perguntou", "perguntaram", "esperou", "esperei", "esperamos", "aguardou",
    "aguardei", "demorou", "levou", "reclamou", "reclamaram", "queixou-se", "disse",
    "disseram", "mencionou", "da última vez", "a última vez", "na última vez", "no ano passado", "o ano passado", "no verão passado", "ontem", "na semana passada",
    "só pra você saber", "so pra voce saber", "só para você saber", "so para voce saber", "só para saberes",
    "pra sua informação", "fiquei em espera", "fiquei na espera", "fiquei à espera", "fiquei a espera",
    "fiquei esperando", "me deixaram esperando", "me ligaram", "ligaram-me", "fui acionado", "fui acionada",
    "me acordaram", "acordaram-me", "ontem à noite", "ontem a noite", "no mês passado",
    "há duas semanas que", "faz duas semanas que", "faz semanas que", "há semanas que",
    "estou há duas semanas", "estou há semanas"]
  ask = ["estou só pensando", "só pensando alto", "pensando alto", "hipoteticamente", "em teoria", "teoricamente", "sugere", "sugeriu", "sugerido", "propõe", "propôs", "proposto", "sugestão", "palpite", "pergunta se", "perguntou se", "perguntava se", "quer saber se", "queria saber se", "reclama que", "reclamou que", "reclamou de", "reclama de", "diz-me que", "me diz que", "diga-me que", "diz-me se", "me diga que", "me diz se", "não me digas que", "não me diga que",
    "me fala que", "me conta que", "nao me diga que",
    "nao me digas que", "não me fala que", "nao me fala que", "quem me dera", "tomara que", "oxalá", "oxala",
    "seria bom que", "seria bom se", "seria ótimo se", "seria otimo se", "seria legal se", "seria ótimo que",
    "sonho com", "sonho que", "esperemos que", "torço para que", "torco para que", "vamos torcer para que",
    "vamos torcer pra que", "com sorte"]
  concession = ["mesmo que", "mesmo se", "ainda que"]
  consequence = ["senão", "caso contrário", "do contrário", "para não", "para evitar", "pra não", "para que não", "a fim de não"]
  reason = ["porque", "já que", "visto que", "dado que"]
  minus = ["menos"]
  summary = ["resumo", "resumir", "resume-me", "faz-me um resumo", "recapitulação"]
  # What a speaker sets aside, or holds for checking, of what they just
  # reported: a rule inside such a report is not theirs.
  dismiss = ["ainda não chegamos lá", "ainda não estamos lá", "ignora", "ignore", "ignora isso", "ignorar", "esquece", "esquece isso", "problema deles", "pode verificar", "podes verificar", "consegue verificar", "só boato"]
  neutral = ["nada a ver com", "nada a ver", "nada está decidido", "nada foi decidido", "não está decidido", "não foi decidido", "não foi decidido nada", "foi decidido nada", "nada decidido", "não há nada decidido", "não tem nada decidido", "nenhuma decisão foi tomada", "não está definido", "nada definido", "não sei", "não faço ideia", "não tenho certeza", "sem problema", "ainda não", "não vejo a hora", "não se preocupe", "não te preocupes", "não tenho vontade", "sem stress"]
  # Phrases that insist on the rule before them: alone in their clause
  # they set no rule of their own.
  stress = ["sem exceções", "sem exceção", "nenhuma exceção", "sem excepção"]

  # What makes a duty hold at all times, not once (a task).
  standing = ["sempre", "toda vez", "todas as vezes", "cada vez", "a todo momento", "a partir de agora", "de agora em diante", "daqui para a frente", "por padrão", "por defeito", "em regra", "sistematicamente"]
  # Someone doing a thing themselves: how a summary keeps a reserved action.
  self_words = ["eu mesmo", "eu mesma", "ele mesmo", "ela mesma", "eles mesmos", "manualmente", "à mão"]
  # What the speaker will do themselves: after a rule, their plan.
  own_action = ["eu vou", "vou eu", "eu mesmo", "eu mesma", "eu faço", "eu cuido", "eu trato"]
  coordinators = ["e", "mas", "também", "além disso", "em seguida", "então", "ou", "porém"]

  numbers = {
    "zero" = 0, "um" = 1, "uma" = 1, "dois" = 2, "duas" = 2, "três" = 3, "tres" = 3,
    "quatro" = 4, "cinco" = 5, "seis" = 6, "sete" = 7, "oito" = 8, "nove" = 9, "dez" = 10,
    "onze" = 11, "doze" = 12, "treze" = 13, "catorze" = 14, "quatorze" = 14,
    "quinze" = 15, "dezesseis" = 16, "dezasseis" = 16, "dezessete" = 17,
    "dezassete" = 17, "dezoito" = 18, "dezenove" = 19, "dezanove" = 19, "vinte" = 20,
    "trinta" = 30, "quarenta" = 40, "cinquenta" = 50, "cinqüenta" = 50, "sessenta" = 60,
    "setenta" = 70, "oitenta" = 80, "noventa" = 90, "duzentos" = 200, "duzentas" = 200,
    "trezentos" = 300, "trezentas" = 300, "quatrocentos" = 400, "quinhentos" = 500,
    "quinhentas" = 500, "meio" = 0.5, "meia" = 0.5, "metade" = 0.5, "dúzia" = 12,
    "duzia" = 12, "dezena" = 10, "ambos" = 2, "ambas" = 2, "dobro" = 2, "duplo" = 2,
    "triplo" = 3
  }
  scales = {
    "cem" = 100, "cento" = 100, "mil" = 1000, "milhares" = 1000, "k" = 1000,
    "milhão" = 1000000, "milhao" = 1000000, "milhões" = 1000000, "milhoes" = 1000000,
    "mi" = 1000000, "bilhão" = 1000000000, "bilhao" = 1000000000,
    "bilhões" = 1000000000, "bilhoes" = 1000000000, "bi" = 1000000000,
    "mil milhões" = 1000000000, "bilião" = 1000000000000, "biliões" = 1000000000000
  }

  units = {

    # Imperial lengths, as a summary translated from English writes them.

    "pé" = "ft", "pés" = "ft", "milha" = "mi", "milhas" = "mi",
    "milissegundo" = "ms", "milissegundos" = "ms",
    "segundo" = "s", "segundos" = "s", "seg" = "s", "minuto" = "min", "minutos" = "min",
    "hora" = "h", "horas" = "h", "dia" = "d", "dias" = "d", "semana" = "wk",
    "semanas" = "wk", "mês" = "mo", "mes" = "mo", "meses" = "mo", "ano" = "yr",
    "anos" = "yr", "por cento" = "%", "porcento" = "%", "metro" = "m", "metros" = "m",
    "quilômetro" = "km", "quilómetro" = "km", "quilômetros" = "km", "quilómetros" = "km",
    "quilometro" = "km", "quilometros" = "km", "quilograma" = "kg", "quilogramas" = "kg",
    "quilo" = "kg", "quilos" = "kg", "grama" = "g", "gramas" = "g", "tonelada" = "t",
    "toneladas" = "t", "litro" = "l", "litros" = "l", "metro cúbico" = "m3",
    "metros cúbicos" = "m3", "grau" = "deg", "graus" = "deg",
    "euro" = "EUR", "euros" = "EUR", "dólar" = "USD", "dólares" = "USD", "dolar" = "USD",
    "dolares" = "USD", "reais" = "BRL", "libra esterlina" = "GBP",
    "libras esterlinas" = "GBP", "franco suíço" = "CHF", "francos suíços" = "CHF"
  }
  per = ["por", "por cada", "cada", "a cada", "ao", "à"]
  every = ["a cada", "cada"] # the number after it is an interval: a bound before it bounds how often
  day_words        = ["dia"]
  ordinal_suffixes = ["º", "ª"]
  rule_words = ["regulamento", "protocolo", "regra", "regras", "norma", "normas", "restrição", "restrições", "requisitos", "limites", "condições"]
  topic = ["a respeito de", "quanto a", "em relação a", "relativamente a"]
  # The words joining two ends of a range ("10 to 4 pm").
  range_words = ["a", "às", "até"]
  without = ["sem"]
  periods = { "mensal" = "mo", "mensais" = "mo", "diário" = "d", "diária" = "d", "semanal" = "wk", "anual" = "yr" }

  months = {
    "janeiro" = 1, "fevereiro" = 2, "março" = 3, "abril" = 4, "maio" = 5, "junho" = 6,
    "julho" = 7, "agosto" = 8, "setembro" = 9, "outubro" = 10, "novembro" = 11,
    "dezembro" = 12,
    "jan" = 1, "jan." = 1, "fev" = 2, "fev." = 2, "mar" = 3, "mar." = 3, "abr" = 4,
    "abr." = 4, "mai" = 5, "mai." = 5, "jun" = 6, "jun." = 6, "jul" = 7, "jul." = 7,
    "ago" = 8, "ago." = 8, "set" = 9, "set." = 9, "out" = 10, "out." = 10, "nov" = 11,
    "nov." = 11, "dez." = 12
  }
  weekdays = {
    "segundas" = 1, "terças" = 2, "quartas" = 3, "quintas" = 4, "sextas" = 5, "sábados" = 6, "domingos" = 7,
    "segunda-feira" = 1, "segunda" = 1, "terça-feira" = 2, "terca-feira" = 2,
    "terça" = 2, "terca" = 2, "quarta-feira" = 3, "quarta" = 3, "quinta-feira" = 4,
    "quinta" = 4, "sexta-feira" = 5, "sexta" = 5, "sábado" = 6, "sabado" = 6,
    "domingo" = 7, "seg." = 1, "ter." = 2, "qua" = 3, "qua." = 3, "qui" = 4,
    "qui." = 4, "sex." = 5, "sáb" = 6, "sáb." = 6, "sab" = 6, "dom" = 7, "dom." = 7
  }
  clock_words = { "meio-dia" = 12, "meia-noite" = 0 }
  clock = ["h", "em ponto"]
  pm    = ["da tarde", "da noite", "pm", "p.m."]
  am    = ["da manhã", "da manha", "da madrugada", "am", "a.m."]

  # Letters that mark the language, for a text with no function word.

  letters = "ãõçáâêôà"

  stopwords = ["o", "a", "os", "as", "um", "uma", "uns", "umas", "de", "do", "da", "dos",
    "das", "em", "no", "na", "nos", "nas", "ao", "aos", "à", "às", "por", "pelo", "pela",
    "para", "pra", "com", "sobre", "entre", "e", "ou", "mas", "que", "como", "é", "são",
    "está", "estão", "foi", "era", "ser", "estar", "tem", "têm", "ter", "há", "eu", "tu",
    "você", "vocês", "ele", "ela", "nós", "eles", "elas", "me", "te", "lhe", "vos", "meu",
    "minha", "seu", "sua", "nosso", "nossa", "este", "esta", "isto", "esse", "essa",
    "isso", "aquele", "aquela", "aqui", "ali", "muito", "porque", "todo", "todos", "pode",
    "por favor", "obrigado", "obrigada", "também", "já", "ainda", "fazer", "onde", "outra", "outro", "outras", "outros", "aquilo", "qual"]

  # A dot after these does not end a sentence.
  abbreviations = ["dr.", "dra.", "sr.", "sra.", "prof.", "profa.", "n.º", "ex.", "etc.", "aprox.", "máx.", "incl.", "excl.", "séc.", "sécs.", "pág.", "art.", "cap.", "nº."]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["ou", "nem"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["antigamente", "naquela época", "no meu tempo", "há anos", "costumávamos", "antes tínhamos", "antes havia", "quando eu era jovem"]
}
