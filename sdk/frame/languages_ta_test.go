package frame

import (
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestTamilRulesRead: Tamil rules as people write them to an agent, with
// the negated verb as one word (நீக்காதீர்கள், இருக்கக்கூடாது) and the bound
// after its value (50-க்கு மேல், 2 மணி நேரம் வரை, மாலை 6 மணிக்குப் பிறகு).
func TestTamilRulesRead(t *testing.T) {
	checkScriptRules(t, []scriptRule{
		{"ta", "சர்வர் அறையில் பென் டிரைவ் பயன்படுத்த தடை.", MustNot, "", lexicon.Negation},
		{"ta", "ஆப்ஸ் குழு மட்டுமே ஃபயர்வாலை மாற்றலாம்.", Only, "", lexicon.Only},
		{"ta", "மறுதொடக்கங்களுக்கு இடையே குறைந்தது 20 நிமிடங்கள் இடைவெளி வேண்டும்.", Limit, ">=1200 time", 0},
		{"ta", "டேட்டாபேஸ் இணைப்புகள் 50-க்கு மேல் இருக்கக்கூடாது.", Limit, "<=50 number", 0},
		{"ta", "அறிக்கையை டிசம்பர் 15-க்கு முன் சமர்ப்பிக்கவும்.", Limit, "before1215 date", 0},
		{"ta", "மாலை 6 மணிக்குப் பிறகு டிப்ளாய் செய்யாதீர்கள்.", Limit, "before1080 clock", 0},
		{"ta", "பராமரிப்பு 2 மணி நேரம் வரை நீடிக்கலாம்.", Limit, "<=7200 time", 0},
		{"ta", "முடிந்தால் ஒவ்வொரு டிப்ளாய்க்கும் முன் சோதனைகளை இயக்கவும்.", "*", "*", lexicon.Weaken},
		{"ta", "தற்காலிக அட்டவணைகள் தவிர வேறு எந்த அட்டவணையையும் நீக்காதீர்கள்.", MustNot, "", lexicon.Exception},
		{"ta", "டிப்ளாய் செய்ய இனி ஒப்புதல் தேவையில்லை.", "*", "*", lexicon.Lift},
		{"ta", "நேற்று இரவு மைக்ரேஷன் தோல்வியடைந்தது.", Failed, "", 0},
		// A verb negated by its suffix, four words after the bound it flips.
		{"ta", "19:00-க்குப் பிறகு எந்தப் புதிய அமர்வும் தொடங்காது.", Limit, "before1140 clock", 0},
		{"ta", "தயவுசெய்து பகல் நேரத்தில் புரொடக்ஷன் சர்வரை மறுதொடக்கம் செய்யாதீர்கள், ஏனெனில் அதிக வாடிக்கையாளர்கள் இணைப்பில் உள்ளனர்.", MustNot, "", lexicon.Negation},
	})
}
