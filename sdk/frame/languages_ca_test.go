package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestCatalanRulesRead pins how rules written in Catalan read: the
// modality of the first clause, every bound (op, value in the base unit,
// dimension) and, where the rule is softened, excepted or lifted, that
// cue. Each text holds Catalan's own function words (els, amb, és), which
// is what makes Catalan's cues read beside Spanish's.
func TestCatalanRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"ca", "Està prohibit esborrar els fitxers de configuració amb scripts automàtics.", MustNot, "", 0},
		{"ca", "Prohibició total d'accedir als servidors de pagaments amb comptes personals.", MustNot, "", 0},
		{"ca", "Només els membres de l'equip d'operacions poden tocar el tallafoc.", Only, "", 0},
		{"ca", "Cal mantenir almenys 2 rèpliques actives en tot moment, també els caps de setmana.", Limit, ">=2 count", 0},
		{"ca", "Els informes s'han d'enviar abans del 15 de març, sense excepcions.", Limit, "before315 date", 0},
		{"ca", "No reinicieu els servidors abans de les 22:00, perquè hi ha clients connectats.", Limit, "after1320 clock", 0},
		{"ca", "Si és possible, eviteu fer canvis a la base de dades els dilluns.", MustNot, "=1 weekday", lexicon.Weaken},
		{"ca", "No toqueu els fitxers de configuració del clúster, excepte si hi ha una incidència greu.", MustNot, "", lexicon.Exception},
		{"ca", "Ja no cal l'aprovació del responsable per als desplegaments, ara ho podeu fer vosaltres.", "", "", lexicon.Lift},
		{"ca", "El pressupost no pot superar els 5.000 euros al mes, tots els costos inclosos.", Limit, fmt.Sprintf("<=%g money:EUR/time", 5000.0/2592000), 0},
	})
}

// TestCatalanStealsNoNeighbour: Catalan comes first in file order and wins
// a tie of function words, so it lists only its own; a Spanish, French,
// Portuguese or Italian text keeps its language, and a Catalan text is
// told as Catalan.
func TestCatalanStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Nunca despliegues en producción los viernes.", "es"},
		{"Solo el equipo de operaciones puede tocar el firewall.", "es"},
		{"El presupuesto es de 500 euros al mes.", "es"},
		{"Hay que enviar el informe antes del 15 de marzo.", "es"},
		{"Ne touchez pas à la configuration du cluster.", "fr"},
		{"Le rapport doit être envoyé avant le 15 mars.", "fr"},
		{"O orçamento é de 500 euros por mês.", "pt"},
		{"Per i clienti del piano base.", "it"},
		{"Està prohibit esborrar els fitxers de configuració amb scripts automàtics.", "ca"},
		{"Si és possible, eviteu fer canvis a la base de dades els dilluns.", "ca"},
	})
}
