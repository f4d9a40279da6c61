package frame

import (
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

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
