package frame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// scriptRule is one rule of a language table test: the language the
// message is told as (its primary language; "" for a line its letters
// cannot tell), the modality of its first clause, its bounds (op,
// value in the base unit, dimension; "*" for any; a modality "*" is any too) and a cue class its
// first clause must carry (0 for none asked).
type scriptRule struct {
	lang, text, modality, bounds string
	cue                          lexicon.Class
}

// checkScriptRules reads each rule alone and checks what scriptRule pins.
func checkScriptRules(t *testing.T, tests []scriptRule) {
	t.Helper()
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 {
				t.Fatal("no clause")
			}
			if want := r.Lexicon().Bit(tt.lang); tt.lang != "" && d.Language() != want {
				t.Errorf("language bit %b, want %s (%b)", d.Language(), tt.lang, want)
			}
			var bounds []string
			for _, q := range d.Quants {
				bounds = append(bounds, fmt.Sprintf("%s%g %s", q.Op, q.Value, q.Dim))
			}
			c := d.Clauses[0]
			if tt.modality != "*" && c.Modality != tt.modality || tt.bounds != "*" && strings.Join(bounds, "; ") != tt.bounds {
				t.Errorf("modality %q bounds %q, want %q %q: %v", c.Modality, strings.Join(bounds, "; "), tt.modality, tt.bounds, describeAll(d))
			}
			if tt.cue != 0 && c.Cues&tt.cue == 0 {
				t.Errorf("cues %b lack %b: %v", c.Cues, tt.cue, describeAll(d))
			}
			if tt.cue == lexicon.Exception && len(c.Exceptions) == 0 {
				t.Errorf("no exception read: %v", describeAll(d))
			}
		})
	}
}

// TestPersianRulesRead: Persian rules as people write them to an agent,
// with the zero-width non-joiner (ری‌استارت, سه‌شنبه) and without.
func TestPersianRulesRead(t *testing.T) {
	checkScriptRules(t, []scriptRule{
		{"fa", "استفاده از فلش دیسک در اتاق سرور ممنوع است.", MustNot, "", lexicon.Negation},
		{"fa", "فقط تیم عملیات می‌تواند فایروال را تغییر دهد.", Only, "", lexicon.Only},
		{"fa", "بین ری‌استارت‌ها حداقل 20 دقیقه فاصله باشد.", Limit, ">=1200 time", 0},
		{"fa", "حجم لاگ‌ها نباید از 500 مگابایت بیشتر شود.", Limit, "<=5e+08 bytes", 0},
		{"fa", "گزارش را تا 15 دسامبر ارسال کنید.", Limit, "before1215 date", 0},
		{"fa", "قبل از ساعت 18:00 ری‌استارت نکنید.", Limit, "after1080 clock", 0},
		{"fa", "سه‌شنبه‌ها دیپلوی نکنید.", MustNot, "=2 weekday", 0},
		{"fa", "ترجیحاً تست‌ها را قبل از هر دیپلوی اجرا کنید.", "*", "*", lexicon.Weaken},
		{"fa", "هیچ جدولی را حذف نکنید به جز جدول‌های موقت.", MustNot, "", lexicon.Exception},
		{"fa", "دیگر لازم نیست قبل از دیپلوی تأیید بگیرید.", "*", "*", lexicon.Lift},
		// No function word and no ه: Persian and Urdu letters tie, and the
		// line is read with every language.
		{"", "مایگریشن دیشب شکست خورد.", Failed, "", 0},
		// Told from Arabic, both ways: by function words, and by letters
		// in a line without any (پ ک ی are not Arabic's; ه is not Urdu's).
		{"fa", "لطفاً در طول روز سرور پروداکشن را ری‌استارت نکنید، چون مشتری‌های زیادی داریم.", MustNot, "", lexicon.Negation},
		{"fa", "پاک‌کردن پایگاه داده ممنوع.", MustNot, "", lexicon.Negation},
		{"ar", "يرجى عدم إعادة تشغيل الخادم أثناء النهار لأن لدينا الكثير من العملاء.", MustNot, "", lexicon.Negation},
		{"ar", "حذف قاعدة البيانات ممنوع.", MustNot, "", lexicon.Negation},
	})
}
