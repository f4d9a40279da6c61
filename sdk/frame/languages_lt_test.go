package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestLithuanianRulesRead pins how rules written in Lithuanian read: the
// modality of the first clause, every bound (op, value in the base unit,
// dimension) and, where the rule is softened, excepted or lifted, that
// cue. Lithuanian negates a verb with a glued "ne-" ("nediekite",
// "netrinkite"), writes a date month first with "d." after the day
// ("gruodžio 18 d.") and "iki" for both "until" and "up to"; its short
// lines hold few function words, so a rule's language must be among those
// the line is read in. Rows are typed with and without diacritics.
func TestLithuanianRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"lt", "Niekada nediekite į produkciją penktadieniais.", MustNot, "=5 weekday", 0},
		{"lt", "Draudžiama trinti produkcijos duomenų bazę.", MustNot, "", 0},
		{"lt", "Negalima naudoti asmeninių kompiuterių prie mokėjimų serverio.", MustNot, "", 0},
		{"lt", "Nekeisk failo config.yaml, aš pats jį sutvarkysiu.", MustNot, "", 0},
		{"lt", "Furgoną vairuoja tik Petras, nes jis turi vairuotojo pažymėjimą.", Only, "", 0},
		{"lt", "Prieš diegimą visada paleiskite visus testus.", Must, "", 0},
		{"lt", "Salėje gali būti daugiausia 8 žmonės per dieną.", Limit, fmt.Sprintf("<=%g count/time", 8.0/86400), 0},
		{"lt", "Atsarginė kopija negali trukti ilgiau nei tris valandas.", Limit, "<=10800 time", 0},
		{"lt", "Atsakymo laikas turi būti mažesnis nei 200 ms.", Limit, "<=0.2 time", 0},
		{"lt", "Biudžetas – daugiausia 1 200 € per mėnesį.", Limit, fmt.Sprintf("<=%g money:EUR/time", 1200.0/2592000), 0},
		{"lt", "Biudžetas neturi viršyti 5 000 eurų per mėnesį.", Limit, fmt.Sprintf("<=%g money:EUR/time", 5000.0/2592000), 0},
		{"lt", "Turi veikti bent 2 replikos bet kuriuo metu.", Limit, ">=2 count", 0},
		{"lt", "Atsarginę kopiją darykite bent kartą per dieną.", Limit, fmt.Sprintf(">=%g count/time", 1.0/86400), 0},
		{"lt", "Užsakymą turite atsiųsti iki penktadienio, gruodžio 18 d., ne vėliau kaip 17:00.", Limit, "<=5 weekday; <=1218 date; before1020 clock", 0},
		{"lt", "Paraiškas siųskite ne vėliau kaip kovo 15 d.", Limit, "before315 date", 0},
		{"lt", "Mokėjimai apdorojami tik po gruodžio 20 d.", Limit, "after1220 date", 0},
		{"lt", "Montavimas prasidės ne anksčiau kaip nuo pirmadienio.", Limit, "after1 weekday", 0},
		{"lt", "Neperkraukite serverio db-2 prieš 22:00.", Limit, "after1320 clock", 0},
		{"lt", "Prasau nesiuskite laisku klientams po 20 val.", Limit, "before1200 clock", 0},
		{"lt", "Darbus galima atlikti tik nuo 9 iki 17 val.", Limit, "after540 clock; <=1020 clock", 0},
		{"lt", "Jei įmanoma, venkite duomenų bazės pakeitimų pirmadieniais.", MustNot, "=1 weekday", lexicon.Weaken},
		{"lt", "Netrinkite žurnalų, išskyrus atvejus, kai diskas pilnas.", MustNot, "", lexicon.Exception},
		{"lt", "Nediekite penktadieniais, nebent tai skubus pataisymas.", MustNot, "=5 weekday", lexicon.Exception},
		{"lt", "Vadovo patvirtinimas diegimui nebereikalingas.", "*", "", lexicon.Lift},
		{"lt", "Šis apribojimas nebegalioja, galite diegti.", "*", "", lexicon.Lift},
		{"lt", "Migracija šią savaitę nepavyko du kartus.", Failed, "*", 0},
		{"lt", "Jis klausia, ar galima diegti penktadienį.", "", "=5 weekday", lexicon.Ask},
	})
}

// TestLithuanianStealsNoNeighbour: a Lithuanian text is told by the words
// only Lithuanian writes so ("yra", "nes", "jūsų", "prašau", "turime"),
// with or without diacritics; a Polish, Russian, Turkish (whose "iki",
// two, is Lithuanian "until") or English text keeps its language.
func TestLithuanianStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Prašau, nediekite nieko penktadienį, nes turime daug klientų.", "lt"},
		{"Jūsų užsakymas turi būti išsiųstas iki pirmadienio, nes sandėlis yra uždarytas.", "lt"},
		{"Prasau nesiuskite laisku klientams, nes jie yra labai pikti.", "lt"},
		{"Nie wdrażaj na produkcję w piątki, bo to jest ryzykowne.", "pl"},
		{"Proszę nie usuwać tych kopii zapasowych, które są na dysku.", "pl"},
		{"Никогда не выкатывай в прод по пятницам, это слишком рискованно.", "ru"},
		{"Lütfen iki saatten fazla bekleme, çünkü müşteri bekliyor.", "tr"},
		{"Please store the raw logs in the archive bucket until Friday.", "en"},
	})
}
