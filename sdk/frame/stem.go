package frame

import (
	"strings"
	"sync"
	"sync/atomic"

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

// snowball maps a lexicon's stemmer name to its Snowball algorithm. The
// names are the algorithms' own, not words of a language.
func snowball(name string) func(*snowballstem.Env) bool {
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

// stemmer is one Snowball algorithm with the stems it has worked out. A
// text repeats its words and a judge reads the same candidate for every
// item, so most words were stemmed before: stemming was a third of a
// decision's judging. A Reader holds one per algorithm, shared by every
// goroutine reading with it.
type stemmer struct {
	fn   func(*snowballstem.Env) bool
	memo sync.Map // folded word → its stem
	n    atomic.Int64
}

// maxStems bounds the stems a stemmer keeps: the words of every tenant's
// text pass through it, so when it is full it forgets them all and starts
// again from the words in use now. Goroutines racing at the bound may add
// a few more.
const maxStems = 1 << 16

// maxStemmedWord is the longest word (in bytes) whose stem is kept: a
// longer "word" (a hash, a run of letters in a log) rarely comes again,
// and keeping it would hold memory the bound does not count.
const maxStemmedWord = 64

// newStemmer returns the stemmer of a lexicon's stemmer name, or nil when
// Snowball has none for it.
func newStemmer(name string) *stemmer {
	fn := snowball(name)
	if fn == nil {
		return nil
	}
	return &stemmer{fn: fn}
}

// stem returns the Snowball stem of a folded word, or the word itself
// when the language has no stemmer (s is nil).
func (s *stemmer) stem(w string) string {
	if s == nil {
		return w
	}
	if v, ok := s.memo.Load(w); ok {
		return v.(string)
	}
	env := snowballstem.NewEnv(w)
	s.fn(env)
	out := env.Current()
	if len(w) > maxStemmedWord {
		return out
	}
	if s.n.Load() >= maxStems {
		s.memo.Clear()
		s.n.Store(0)
	}
	// A word is often a substring of a long text: cloned, the memo does
	// not keep the text alive.
	if _, loaded := s.memo.LoadOrStore(strings.Clone(w), strings.Clone(out)); !loaded {
		s.n.Add(1)
	}
	return out
}
