package rules

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestCompoundRuleIsCutIntoAtoms pins the atom blocks: a sentence joining
// two rules gives one item per rule; a list under one rule stays whole.
func TestCompoundRuleIsCutIntoAtoms(t *testing.T) {
	tests := []struct {
		name string
		kind string
		text string
		want []string // the prohibition items' texts
	}{
		{"comma and", "user", "Never run a migration during business hours, and do not touch the billing schema without a fresh backup.",
			[]string{"Never run a migration during business hours", "do not touch the billing schema without a fresh backup."}},
		{"bare but", "user", "Don't restart the ingest workers but never kill the scheduler.",
			[]string{"Don't restart the ingest workers", "never kill the scheduler."}},
		{"german", "user", "Nie während der Geschäftszeiten migrieren, und das Billing-Schema nicht ohne frisches Backup anfassen.",
			[]string{"Nie während der Geschäftszeiten migrieren", "das Billing-Schema nicht ohne frisches Backup anfassen."}},
		{"chinese", "user", "不要在工作时间迁移，也不要删除备份。",
			[]string{"不要在工作时间迁移", "不要删除备份。"}},
		{"a list under one rule stays whole", "user", "Do not run DROP TABLE, TRUNCATE or VACUUM FULL on legacy_orders.",
			[]string{"Do not run DROP TABLE, TRUNCATE or VACUUM FULL on legacy_orders."}},
		{"one rule and a plain clause", "user", "Do not deploy on Fridays, and tell me when the build is green.",
			[]string{"Do not deploy on Fridays, and tell me when the build is green."}},
		{"an English I after a comma is no coordinator", "user", "Do not push to main, I don't want a broken build on the release branch.",
			[]string{"Do not push to main, I don't want a broken build on the release branch."}},
		{"a range joins no clauses", "user", "Never text between 21:00 and 08:00, please stop sending reminders twice.",
			[]string{"Never text between 21:00 and 08:00, please stop sending reminders twice."}},
		{"a comma and after a number still joins two rules", "user", "Never use more than 4, and 2 of them must never share a disk.",
			[]string{"Never use more than 4", "2 of them must never share a disk."}},
		{"a cue inside a word cuts nothing", "user", "Reuse the one and not the old file.",
			[]string{"Reuse the one and not the old file."}},
		{"reported speech stays whole, and is noise", "assistant", "The vendor docs say clients must not exceed 50 requests per second and should not call /reset in production.",
			nil},
	}
	e := testEngine(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, it := range byCategory(e.Extract([]sdk.Span{{ID: "s", Kind: tt.kind, Text: tt.text}}), sdk.CategoryProhibition) {
				got = append(got, it.Text)
				if collapse(tt.text[it.Start:it.End]) != it.Text {
					t.Errorf("item text %q is not its range %q", it.Text, tt.text[it.Start:it.End])
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("atoms %q, want %q", got, tt.want)
			}
		})
	}
}
