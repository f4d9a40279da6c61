package frame

import (
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestUrduRulesRead: Urdu rules as people write them to an agent, with
// the bound after its value ("15 دسمبر تک", "50 سے زیادہ نہیں") as in
// Hindi, and Urdu told from Persian and Arabic.
func TestUrduRulesRead(t *testing.T) {
	checkScriptRules(t, []scriptRule{
		{"ur", "سرور روم میں فلیش ڈرائیو کے استعمال پر پابندی ہے۔", MustNot, "", lexicon.Negation},
		{"ur", "صرف آپس ٹیم فائر وال میں تبدیلی کر سکتی ہے۔", Only, "", lexicon.Only},
		{"ur", "ری اسٹارٹ کے درمیان کم از کم 20 منٹ کا وقفہ رکھیں۔", Limit, ">=1200 time", 0},
		{"ur", "ڈیٹابیس کنکشن 50 سے زیادہ نہیں ہونے چاہئیں۔", Limit, "<=50 number", 0},
		{"ur", "رپورٹ 15 دسمبر تک جمع کرائیں۔", Limit, "before1215 date", 0},
		{"ur", "شام 6 بجے کے بعد ڈیپلائے نہ کریں۔", Limit, "before1080 clock", 0},
		{"ur", "اگر ممکن ہو تو ہر ڈیپلائے سے پہلے ٹیسٹ چلائیں۔", "*", "*", lexicon.Weaken},
		{"ur", "کوئی ٹیبل ڈیلیٹ نہ کریں، سوائے عارضی ٹیبلز کے۔", MustNot, "", lexicon.Exception},
		{"ur", "ڈیپلائے کے لیے منظوری کی اب ضرورت نہیں۔", "*", "*", lexicon.Lift},
		{"ur", "کل رات مائیگریشن ناکام ہو گئی۔", Failed, "", 0},
		{"ur", "براہ کرم دن کے وقت پروڈکشن سرور کو ری اسٹارٹ نہ کریں کیونکہ بہت سے کسٹمر آن لائن ہوتے ہیں۔", MustNot, "", lexicon.Negation},
		{"ur", "ڈیٹابیس ڈیلیٹ کرنا منع۔", MustNot, "", lexicon.Negation},
		{"fa", "لطفاً این فایل‌ها را حذف نکنید چون برای گزارش لازم است.", MustNot, "", lexicon.Negation},
	})
}
