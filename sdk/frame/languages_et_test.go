package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestEstonianRulesRead pins how rules written in Estonian read: the
// modality of the first clause, every bound (op, value in the base unit,
// dimension) and, where the rule is softened, excepted or lifted, that
// cue. Estonian is inflected: the weekday, month and unit forms a rule
// uses (reedel, reedeks, märtsiks, detsembrit, tundi) and the imperative
// negation "ära"/"ärge" are what these rows pin.
func TestEstonianRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"et", "Ära kunagi juuruta reedeti toodangusse.", MustNot, "=5 weekday", 0},
		{"et", "Ärge kustutage palun varukoopiaid, mis on kettal.", MustNot, "", 0},
		{"et", "Toodangu andmebaasi ei tohi käsitsi muuta.", MustNot, "", 0},
		{"et", "Serveriruumis on suitsetamine rangelt keelatud.", MustNot, "", 0},
		{"et", "Kaubikut juhib ainult Peeter, sest tal on juhiload.", Only, "", 0},
		{"et", "Enne juurutamist käivita alati kõik testid.", Must, "", 0},
		{"et", "Varundus ei tohi kesta kauem kui kolm tundi.", Limit, "<=10800 time", 0},
		{"et", "Saalis võib olla kõige rohkem 8 inimest päevas.", Limit, fmt.Sprintf("<=%g count/time", 8.0/86400), 0},
		{"et", "Eelarve on maksimaalselt 1200 eurot kuus.", Limit, fmt.Sprintf("<=%g money:EUR/time", 1200.0/2592000), 0},
		{"et", "Parool peab olema vähemalt 12 märki pikk.", Limit, ">=12 count", 0},
		{"et", "Tellimus tuleb meile saata hiljemalt reedel, 18. detsembril kella 17:00-ks.", Limit, "before5 weekday; before1218 date; <=1020 clock", 0},
		{"et", "Avaldused saatke hiljemalt 15. märtsiks.", Limit, "before315 date", 0},
		{"et", "Makseid töödeldakse mitte enne 20. detsembrit.", Limit, "after1220 date", 0},
		{"et", "Paigaldus algab kõige varem esmaspäeval.", Limit, "after1 weekday", 0},
		{"et", "Kõne peab lõppema enne kella 18:00.", Limit, "before1080 clock", 0},
		{"et", "Protsessori koormus ei tohi ületada 80%.", Limit, "<=80 ratio", 0},
		{"et", "Võimalusel väldi esmaspäeviti andmebaasi muudatusi.", MustNot, "=1 weekday", lexicon.Weaken},
		{"et", "Ära kustuta logisid, välja arvatud juhul, kui ketas on täis.", MustNot, "", lexicon.Exception},
		{"et", "Juhi kinnitust pole enam vaja.", "*", "", lexicon.Lift},
		{"et", "See piirang ei kehti enam.", "*", "", lexicon.Lift},
		{"et", "Migratsioon ebaõnnestus sel nädalal kaks korda.", Failed, "*", 0},
		// "ära" after a verb, or before its infinitive, is the particle
		// "away, done": a duty or a deadline, no prohibition.
		{"et", "Kõik arved tuleb ära maksta.", Must, "", 0},
		{"et", "Kustuta vanad logid enne reedet ära.", Limit, "before5 weekday", 0},
		{"et", "Raport tuleb hiljemalt reedeks ära saata.", Limit, "before5 weekday", 0},
		{"et", "Kuni 3 protsessi korraga, mitte rohkem.", Limit, "<=3 count", 0},
		// Set phrases that hold a negation and forbid nothing.
		{"et", "Ära muretse, see pole probleem.", "", "", 0},
		{"et", "Päringuid võib olla kuni 100 sekundis.", Limit, "<=100 count/time", 0},
	})
}

// TestEstonianStealsNoNeighbour: Estonian lists no function word that
// Finnish lists (it comes first in file order and would win their ties),
// so a Finnish text stays Finnish; Swedish, Russian and English texts
// keep their language, and an Estonian text is told as Estonian.
func TestEstonianStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Palun ärge kustutage neid varukoopiaid, mis on kettal, sest meil on neid veel vaja.", "et"},
		{"Ära kunagi juuruta reedeti toodangusse, see on liiga riskantne ja meil pole siis kedagi valves.", "et"},
		{"Älä koskaan julkaise tuotantoon perjantaina, koska se on liian riskialtista.", "fi"},
		{"Älä poista niitä varmuuskopioita, jotka ovat levyllä, kiitos.", "fi"},
		{"Ei saa ajaa enempää kuin kolme prosessia kerrallaan.", "fi"},
		{"Deploya aldrig till produktion på fredagar, det är för riskabelt.", "sv"},
		{"Никогда не выкатывай в прод по пятницам, это слишком рискованно.", "ru"},
		// "et" (that) is a French, Danish and Norwegian word too, and
		// "kell" (o'clock) a Hungarian one ("must"): their texts keep
		// their language.
		{"Ne jamais déployer et redémarrer le vendredi, merci.", "fr"},
		{"Deploy aldrig et nyt modul om fredagen, tak.", "da"},
		{"Jóváhagyás kell a telepítéshez.", "hu"},
		{"Please store the raw logs in the archive bucket.", "en"},
	})
}
