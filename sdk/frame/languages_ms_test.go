package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestMalayRulesRead pins how rules written in Malay read: the modality of
// the first clause, every bound (op, value in the base unit, dimension)
// and, where the rule is softened, excepted or lifted, that cue. Malay
// shares most cues with Indonesian; its months, weekdays, units and
// "daripada" are its own.
func TestMalayRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"ms", "Jangan guna kacang tanah langsung dalam mana-mana hidangan kerana pengantin alah.", MustNot, "", 0},
		{"ms", "Penghantaran mesti sampai sebelum 19 Disember.", Limit, "before1219 date", 0},
		{"ms", "Tempahan ditutup pada 15 Ogos.", "*", "=815 date", 0},
		{"ms", "Tidak lebih daripada 40 tetamu di dewan kecil.", Limit, "<=40 count", 0},
		{"ms", "Rehat sekurang-kurangnya 15 minit antara sesi.", Limit, ">=900 time", 0},
		{"ms", "Bajet tidak boleh melebihi RM 5,000 sebulan.", Limit, fmt.Sprintf("<=%g money:MYR/time", 5000.0/2592000), 0},
		{"ms", "Dewan hanya untuk ahli kelab sahaja pada hari Khamis.", Only, "=4 weekday", 0},
		{"ms", "Kalau boleh, elakkan mesyuarat pada hari Isnin.", MustNot, "=1 weekday", lexicon.Weaken},
		{"ms", "Jangan buka gudang, melainkan pengurus ada di tapak.", MustNot, "", lexicon.Exception},
		{"ms", "Larangan itu tidak terpakai lagi.", "*", "", lexicon.Lift},
		{"ms", "Pemindahan data gagal dua kali semalam.", Failed, "*", 0},
	})
}

// TestMalayStealsNoNeighbour: Malay lists the function words it shares
// with Indonesian, and Indonesian keeps every tie; a Malay text is told
// by the words only Malay uses.
func TestMalayStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Jangan pernah deploy ke produksi pada hari Jumat karena kami sibuk.", "id"},
		{"Jangan guna kacang tanah kerana pengantin ialah pesakit alahan, sahaja itu yang penting.", "ms"},
		{"Please store the raw logs in the archive bucket.", "en"},
	})
}
