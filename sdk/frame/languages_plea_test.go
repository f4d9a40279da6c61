package frame

import "testing"

// TestEachLanguageReadsAPleaOrAWishAsNoRule: a plea to be told something
// good ("Tell me that we'll get over 500 euros, please") holds a bound,
// and a wish ("If only nobody called at night") a negation, but neither
// sets a rule: each lexicon's ask cues (tell me that, I wish, if only,
// hopefully) make the clause asked for, with no modality. The plea names
// its teller's listener, me: a bare "say that …" is an errand (see
// TestEachLanguageReadsARelayedBoundAsARule). The control, a plain bound
// ("At most 500 euros per stall"), must still read as a rule, so the
// table cannot pass by reading nothing.
func TestEachLanguageReadsAPleaOrAWishAsNoRule(t *testing.T) {
	tests := []struct {
		lang, plea, wish, rule string
	}{
		{"en", "Tell me that we'll get over 500 euros, please.", "If only nobody called at night.", "At most 500 euros per stall."},
		{"fi", "Kerro minulle, että saamme yli 500 euroa, ole kiltti.", "Kunpa kukaan ei soittaisi yöllä.", "Enintään 500 euroa per koju."},
		{"nl", "Zeg me dat we meer dan 500 euro krijgen, alsjeblieft.", "Hopelijk hoeven we nooit meer op vrijdag te deployen.", "Maximaal 500 euro per kraam."},
		{"el", "Πες μου ότι θα πάρουμε πάνω από 500 ευρώ, σε παρακαλώ.", "Μακάρι να μη χρειαστεί να δουλέψουμε το Σάββατο.", "Το πολύ 500 ευρώ ανά πάγκο."},
		{"uk", "Скажи мені, що ми отримаємо понад 500 євро, будь ласка.", "Було б добре, якби ніхто не дзвонив уночі.", "Не більше 500 євро на один кіоск."},
		{"es", "Dime que vamos a sacar más de 500 euros, por favor.", "Ojalá no tuviéramos que desplegar los viernes.", "Como máximo 500 euros por puesto."},
		{"pt", "Diz-me que vamos ganhar mais de 500 euros, por favor.", "Quem me dera não ter de trabalhar aos sábados.", "No máximo 500 euros por barraca."},
		{"de", "Sag mir, dass wir über 500 Euro bekommen, bitte.", "Ich wünschte, wir müssten freitags nicht deployen.", "Höchstens 500 Euro pro Stand."},
		{"fr", "Dis-moi qu'on aura plus de 500 euros, s'il te plaît.", "Si seulement on n'avait pas de réunion le lundi.", "Au maximum 500 euros par stand."},
		{"it", "Dimmi che prenderemo più di 500 euro, per favore.", "Speriamo che nessuno chiami stanotte.", "Al massimo 500 euro per bancarella."},
		{"pl", "Powiedz mi, że dostaniemy ponad 500 euro, proszę.", "Oby nikt nie dzwonił w nocy.", "Maksymalnie 500 euro na stoisko."},
		{"ru", "Скажите мне, что мы получим больше 500 евро, пожалуйста.", "Вот бы никто не звонил ночью.", "Не более 500 евро на один ларёк."},
		{"tr", "Bana söyle ki 500 eurodan fazla kazanacağız, lütfen.", "Keşke hiç kimse gece aramasa.", "Stand başına en fazla 500 euro."},
		{"ja", "500ユーロ以上もらえるって私に言ってください。", "誰も夜中に電話してこないといいな。", "1店舗あたり最大500ユーロ。"},
		{"zh", "告诉我我们能拿到500欧元以上吧，拜托。", "真希望今晚没有人打电话。", "每个摊位最多500欧元。"},
		{"ko", "500유로 넘게 받는다고 저한테 말해 주세요.", "금요일에 배포 안 해도 되면 좋을 텐데.", "매대당 최대 500유로."},
		{"ar", "قل لي إننا سنحصل على أكثر من 500 يورو، من فضلك.", "ليتنا لا نعمل يوم السبت.", "500 يورو كحد أقصى لكل كشك."},
		{"he", "תגיד לי שאנחנו נקבל מעל 500 יורו, בבקשה.", "הלוואי שאף אחד לא יתקשר בלילה.", "לכל היותר 500 יורו לכל דוכן."},
		{"hi", "मुझसे कह दो कि हमें 500 यूरो से ज़्यादा मिलेंगे, प्लीज़।", "काश हमें शनिवार को काम न करना पड़े।", "प्रति स्टॉल अधिकतम 500 यूरो।"},
		{"id", "Tolong bilang ke saya bahwa kita dapat lebih dari 500 euro.", "Semoga tidak ada yang menelepon malam ini.", "Maksimal 500 euro per lapak."},
		{"sv", "Berätta för mig att vi får över 500 euro, snälla.", "Förhoppningsvis ringer ingen i natt.", "Högst 500 euro per stånd."},
		{"da", "Fortæl mig nu at vi får over 500 euro, tak.", "Gid vi ikke skulle arbejde om lørdagen.", "Højst 500 euro per bod."},
		{"nb", "Fortell meg at vi får over 500 euro, vær så snill.", "Jeg skulle ønske ingen ringte i natt.", "Høyst 500 euro per bod."},
		{"cs", "Řekněte mi, že dostaneme přes 500 eur, prosím.", "Kéž by nikdo nevolal v noci.", "Nejvýše 500 eur za stánek."},
		{"sk", "Povedzte mi, že dostaneme viac ako 500 eur, prosím.", "Keby tak nikto nevolal v noci.", "Najviac 500 eur na stánok."},
		{"hr", "Reci mi da ćemo dobiti više od 500 eura, molim te.", "Kamo sreće da nitko ne zove noću.", "Najviše 500 eura po štandu."},
		{"hu", "Mondd nekem, hogy több mint 500 eurót kapunk.", "Bárcsak senki ne hívna éjjel.", "Legfeljebb 500 euró standonként."},
		{"ro", "Zi-mi că o să luăm peste 500 de euro, te rog.", "Ce bine ar fi dacă nimeni nu ar suna noaptea.", "Maximum 500 de euro pe tarabă."},
		{"ca", "Digues-me que tindrem més de 500 euros, si us plau.", "", "Màxim 500 euros per parada."},
		{"vi", "Nói với tôi là chúng ta sẽ được hơn 500 euro đi mà.", "Ước gì không ai gọi vào ban đêm.", "Tối đa 500 euro mỗi quầy."},
		{"th", "บอกฉันหน่อยว่าเราจะได้มากกว่า 500 ยูโร", "คงจะดีถ้าไม่มีใครโทรมาตอนกลางคืน", "ไม่เกิน 500 ยูโรต่อแผง"},
		{"ms", "Beritahu saya bahawa kita akan dapat lebih daripada 500 euro.", "Harapnya tiada siapa telefon malam ini.", "Maksimum 500 euro setiap gerai."},
		{"fa", "به من بگویید که بیشتر از 500 یورو می‌گیریم، لطفاً.", "کاش هیچ‌کس شب زنگ نزند.", "حداکثر 500 یورو برای هر غرفه."},
		{"ur", "مجھے بتا دو کہ ہمیں 500 یورو سے زیادہ ملیں گے، پلیز۔", "کاش کوئی رات کو فون نہ کرے۔", "فی اسٹال زیادہ سے زیادہ 500 یورو۔"},
		{"bn", "আমাকে বলো যে আমরা 500 ইউরোর বেশি পাব, প্লিজ।", "ইশ, কেউ যদি রাতে ফোন না করত।", "প্রতি স্টলে সর্বোচ্চ 500 ইউরো।"},
		{"ta", "நமக்கு 500 யூரோவுக்கு மேல் கிடைக்கும் என்று என்னிடம் சொல்லுங்கள்.", "", "ஒரு கடைக்கு அதிகபட்சம் 500 யூரோ."},
		{"sw", "Niambie kwamba tutapata zaidi ya euro 500, tafadhali.", "", "Si zaidi ya euro 500 kwa kila kibanda."},
		{"tl", "Sabihin mo sa akin na makakakuha tayo ng higit sa 500 euro, please.", "", "Hindi hihigit sa 500 euro bawat puwesto."},
	}
	r := reader(t)
	noRule := func(t *testing.T, text string) {
		t.Helper()
		d := r.Read(text)
		if len(d.Clauses) == 0 {
			t.Fatalf("no clause read")
		}
		for _, c := range d.Clauses {
			if c.Modality != "" {
				t.Errorf("clause read as %q, want no modality: %v", c.Modality, describeAll(d))
			}
		}
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/plea", func(t *testing.T) {
			// The plea's bound is read, and still sets nothing.
			d := r.Read(tt.plea)
			bound := false
			for _, q := range d.Quants {
				bound = bound || q.Op != OpEq
			}
			if !bound {
				t.Errorf("no bound read: %v", describeAll(d))
			}
			noRule(t, tt.plea)
		})
		if tt.wish != "" {
			t.Run(tt.lang+"/wish", func(t *testing.T) { noRule(t, tt.wish) })
		}
		// The control: a plain bound in the same language is a rule.
		t.Run(tt.lang+"/rule", func(t *testing.T) {
			d := r.Read(tt.rule)
			for _, c := range d.Clauses {
				if c.Modality != "" {
					return
				}
			}
			t.Errorf("no clause read with a modality: %v", describeAll(d))
		})
	}
}

// TestEachLanguageReadsARelayedBoundAsARule: an errand to pass a bound and
// a negation on to someone else ("Tell Sara that the advance is 50% only,
// no discount") is a rule the agent keeps, no plea: only "tell me that"
// asks to be told something. Neither a named listener ("tell Sara that")
// nor none ("say that", "please say that", "sano, että", "zeg dat", "بتا
// دیں کہ") makes an ask cue, so some clause must read with a modality.
func TestEachLanguageReadsARelayedBoundAsARule(t *testing.T) {
	tests := []struct{ lang, relay, bare string }{
		{"en", "Tell Sara that the advance is 50% only, no discount.", "Please say that the advance is 50% only, no discount."},
		{"fi", "Kerro Saralle, että ennakko on vain 50 %, ei alennusta.", "Sano, että ennakko on vain 50 %, ei alennusta."},
		{"nl", "Zeg tegen Sara dat het voorschot maar 50% is, geen korting.", "Zeg alsjeblieft dat het voorschot maar 50% is, geen korting."},
		{"ur", "سارہ کو بتا دیں کہ ایڈوانس 50 فیصد ہی ہے، کوئی رعایت نہیں۔", "بتا دیں کہ ایڈوانس 50 فیصد ہی ہے، کوئی رعایت نہیں۔"},
		{"ar", "قل لسارة إن الدفعة المقدمة 50% فقط، بلا خصم.", "قل إن الدفعة المقدمة 50% فقط، بلا خصم."},
		{"de", "Sag Sara, dass die Anzahlung nur 50 % beträgt, kein Rabatt.", "Sag, dass die Anzahlung nur 50 % beträgt, kein Rabatt."},
		{"es", "Dile a Sara que el anticipo es solo del 50 %, sin descuento.", "Di que el anticipo es solo del 50 %, sin descuento."},
		{"fr", "Dis à Sara que l'acompte est de 50 % seulement, pas de remise.", "Dis que l'acompte est de 50 % seulement, pas de remise."},
		{"ru", "Скажи Саре, что аванс только 50%, никаких скидок.", "Скажите, пожалуйста, что аванс только 50%, никаких скидок."},
		{"ja", "サラに、前金は50%だけで、値引きはなしと伝えてください。", "前金は50%だけで、値引きはなしって言ってください。"},
		{"zh", "告诉萨拉，预付款只收50%，没有折扣。", "就说我们只收50%的预付款，没有折扣。"},
		{"tr", "Sara'ya avansın sadece %50 olduğunu söyleyin, indirim yok.", "Avansın sadece %50 olacağını söyle, indirim yok."},
		{"el", "Πες στη Σάρα ότι η προκαταβολή είναι μόνο 50%, καμία έκπτωση.", "Πες ότι η προκαταβολή είναι μόνο 50%, καμία έκπτωση."},
		{"uk", "Скажи Сарі, що аванс лише 50%, жодних знижок.", "Скажіть, будь ласка, що аванс лише 50%, жодних знижок."},
		{"pt", "Diz à Sara que o sinal é só 50%, sem desconto.", "Diz que o sinal é só 50%, sem desconto."},
		{"it", "Di' a Sara che l'anticipo è solo del 50%, nessuno sconto.", "Di' che l'anticipo è solo del 50%, nessuno sconto."},
		{"pl", "Powiedz Sarze, że zaliczka to tylko 50%, bez rabatu.", "Powiedzcie, że zaliczka to tylko 50%, bez rabatu."},
		{"ko", "사라에게 선금은 50%만이고 할인은 안 된다고 전해 주세요.", "선금은 50%만이고 할인은 안 된다고 해 주세요."},
		{"he", "תגיד לשרה שהמקדמה היא 50% בלבד, בלי הנחה.", ""},
		{"hi", "सारा को बता दो कि एडवांस सिर्फ़ 50% है, कोई छूट नहीं।", "कह दो कि एडवांस सिर्फ़ 50% है, कोई छूट नहीं।"},
		{"id", "Bilang ke Sara bahwa uang mukanya cuma 50%, tidak ada diskon.", "Tolong bilang bahwa uang mukanya cuma 50%, tidak ada diskon."},
		{"sv", "Säg till Sara att förskottet bara är 50 %, ingen rabatt.", "Säg bara att förskottet bara är 50 %, ingen rabatt."},
		{"da", "Sig til Sara at forskuddet kun er 50 %, ingen rabat.", "Sig lige at forskuddet kun er 50 %, ingen rabat."},
		{"nb", "Si til Sara at forskuddet bare er 50 %, ingen rabatt.", "Si bare at forskuddet bare er 50 %, ingen rabatt."},
		{"cs", "Řekni Sáře, že záloha je jen 50 %, žádná sleva.", "Řekněte, že záloha je jen 50 %, žádná sleva."},
		{"sk", "Povedz Sare, že záloha je len 50 %, žiadna zľava.", "Povedzte, že záloha je len 50 %, žiadna zľava."},
		{"hr", "Reci Sari da je predujam samo 50 %, bez popusta.", "Recite da je predujam samo 50 %, bez popusta."},
		{"hu", "Mondd meg Sarának, hogy az előleg csak 50%, kedvezmény nincs.", "Mondjátok, hogy az előleg csak 50%, kedvezmény nincs."},
		{"ro", "Spune-i Sarei că avansul e doar 50%, fără reducere.", "Zi că avansul e doar 50%, fără reducere."},
		{"ca", "Digues a la Sara que la bestreta és només del 50 % i que no hi ha descompte.", "Digues que la bestreta és només del 50 % i que no hi ha descompte."},
		{"vi", "Nói với Sara là tiền đặt cọc chỉ 50%, không giảm giá.", "Hãy nói là tiền đặt cọc chỉ 50%, không giảm giá."},
		{"th", "บอกซาร่าว่าเงินมัดจำแค่ 50% ไม่มีส่วนลด", "ช่วยบอกว่าเงินมัดจำแค่ 50% ไม่มีส่วนลด"},
		{"ms", "Beritahu Sara bahawa deposit hanya 50%, tiada diskaun.", "Cakaplah yang deposit hanya 50%, tiada diskaun."},
		{"fa", "به سارا بگویید که پیش‌پرداخت فقط 50 درصد است، هیچ تخفیفی نیست.", "بگویید که پیش‌پرداخت فقط 50 درصد است، هیچ تخفیفی نیست."},
		{"bn", "সারাকে বলে দাও যে অগ্রিম মাত্র 50%, কোনো ছাড় নেই।", "বলে দাও যে অগ্রিম মাত্র 50%, কোনো ছাড় নেই।"},
		{"ta", "சாராவிடம் முன்பணம் 50% மட்டுமே, தள்ளுபடி இல்லை என்று சொல்லுங்கள்.", "முன்பணம் 50% மட்டுமே, தள்ளுபடி இல்லை என்று சொல்லுங்கள்."},
		{"sw", "Mwambie Sara kwamba malipo ya awali ni asilimia 50 tu, hakuna punguzo.", "Sema kwamba malipo ya awali ni asilimia 50 tu, hakuna punguzo."},
		{"tl", "Sabihin mo kay Sara na ang paunang bayad ay 50% lang, walang diskwento.", "Sabihin mo na ang paunang bayad ay 50% lang, walang diskwento."},
	}
	r := reader(t)
	rule := func(t *testing.T, text string) {
		t.Helper()
		d := r.Read(text)
		for _, c := range d.Clauses {
			if c.Modality != "" {
				return
			}
		}
		t.Errorf("no clause read with a modality: %v", describeAll(d))
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/relay", func(t *testing.T) { rule(t, tt.relay) })
		if tt.bare != "" {
			t.Run(tt.lang+"/bare", func(t *testing.T) { rule(t, tt.bare) })
		}
	}
}
