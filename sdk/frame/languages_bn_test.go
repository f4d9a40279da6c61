package frame

import (
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestBengaliRulesRead: Bengali rules as people write them to an agent,
// with the negation after the verb (করবেন না), the bound after its value
// (50টির বেশি, 15 ডিসেম্বরের মধ্যে) and the danda ending the sentence.
func TestBengaliRulesRead(t *testing.T) {
	checkScriptRules(t, []scriptRule{
		{"bn", "সার্ভার রুমে পেনড্রাইভ ব্যবহার নিষিদ্ধ।", MustNot, "", lexicon.Negation},
		{"bn", "শুধু অপস টিম ফায়ারওয়াল পরিবর্তন করতে পারবে।", Only, "", lexicon.Only},
		{"bn", "রিস্টার্টের মাঝে কমপক্ষে 20 মিনিটের বিরতি রাখুন।", Limit, ">=1200 time", 0},
		{"bn", "ডাটাবেস কানেকশন 50টির বেশি হবে না।", Limit, "<=50 count", 0},
		// "মধ্যে" is "within" and "by": an upper bound, on a date too.
		{"bn", "রিপোর্ট 15 ডিসেম্বরের মধ্যে জমা দিন।", Limit, "<=1215 date", 0},
		{"bn", "15 ডিসেম্বরের আগে রিপোর্ট জমা দিন।", Limit, "before1215 date", 0},
		{"bn", "সন্ধ্যা 6টার পরে ডিপ্লয় করবেন না।", Limit, "before1080 clock", 0},
		{"bn", "কাজটা 2 ঘণ্টার মধ্যে শেষ করুন।", Limit, "<=7200 time", 0},
		{"bn", "সম্ভব হলে প্রতিটি ডিপ্লয়ের আগে টেস্ট চালান।", "*", "*", lexicon.Weaken},
		{"bn", "অস্থায়ী টেবিল ছাড়া কোনো টেবিল মুছবেন না।", MustNot, "", lexicon.Exception},
		{"bn", "কোনো টেবিল মুছবেন না, অস্থায়ী টেবিল ছাড়া।", MustNot, "", lexicon.Exception},
		{"bn", "ডিপ্লয়ের জন্য আর অনুমোদনের প্রয়োজন নেই।", "*", "*", lexicon.Lift},
		{"bn", "গত রাতে মাইগ্রেশন ব্যর্থ হয়েছে।", Failed, "", 0},
		{"bn", "দয়া করে দিনের বেলায় প্রোডাকশন সার্ভার রিস্টার্ট করবেন না, কারণ অনেক গ্রাহক অনলাইনে থাকেন।", MustNot, "", lexicon.Negation},
	})
}
