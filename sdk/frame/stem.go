package frame

import (
	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/arabic"
	"github.com/blevesearch/snowballstem/danish"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/finnish"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/hungarian"
	"github.com/blevesearch/snowballstem/italian"
	"github.com/blevesearch/snowballstem/norwegian"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/romanian"
	"github.com/blevesearch/snowballstem/russian"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/blevesearch/snowballstem/swedish"
	"github.com/blevesearch/snowballstem/tamil"
	"github.com/blevesearch/snowballstem/turkish"
)

// stemmers maps a lexicon's stemmer name to its Snowball algorithm. The
// names are the algorithms' own, not words of a language.
func stemmer(name string) func(*snowballstem.Env) bool {
	switch name {
	case "english":
		return english.Stem
	case "german":
		return german.Stem
	case "french":
		return french.Stem
	case "spanish":
		return spanish.Stem
	case "italian":
		return italian.Stem
	case "portuguese":
		return portuguese.Stem
	case "dutch":
		return dutch.Stem
	case "swedish":
		return swedish.Stem
	case "danish":
		return danish.Stem
	case "norwegian":
		return norwegian.Stem
	case "finnish":
		return finnish.Stem
	case "russian":
		return russian.Stem
	case "turkish":
		return turkish.Stem
	case "hungarian":
		return hungarian.Stem
	case "romanian":
		return romanian.Stem
	case "arabic":
		return arabic.Stem
	case "tamil":
		return tamil.Stem
	}
	return nil
}

// stem returns the Snowball stem of a folded word, or the word itself
// when the language has no stemmer.
func stem(fn func(*snowballstem.Env) bool, w string) string {
	if fn == nil {
		return w
	}
	env := snowballstem.NewEnv(w)
	fn(env)
	return env.Current()
}
