package frame

import (
	"strings"
	"sync"
	"testing"

	"github.com/blevesearch/snowballstem"
)

// TestStemmerRemembersWhatSnowballSays: a remembered stem is the one the
// algorithm gives, the first time and every time after, from any number
// of goroutines; a full stemmer forgets what it kept and starts again,
// and a long word is stemmed but not kept.
func TestStemmerRemembersWhatSnowballSays(t *testing.T) {
	fresh := func(name, w string) string {
		env := snowballstem.NewEnv(w)
		snowball(name)(env)
		return env.Current()
	}
	tests := []struct{ name, word string }{
		{"english", "deployments"},
		{"english", "running"},
		{"german", "überschreiten"},
		{"finnish", "tiistaille"},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.word, func(t *testing.T) {
			st := newStemmer(tt.name)
			want := fresh(tt.name, tt.word)
			var wg sync.WaitGroup
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if got := st.stem(tt.word); got != want {
						t.Errorf("stem(%q) = %q, want %q", tt.word, got, want)
					}
				}()
			}
			wg.Wait()
			if got := st.n.Load(); got != 1 {
				t.Errorf("%d stems kept, want 1", got)
			}
		})
	}
	t.Run("full: starts again", func(t *testing.T) {
		st := newStemmer("english")
		st.stem("deployments")
		st.n.Store(maxStems)
		if got, want := st.stem("migrations"), fresh("english", "migrations"); got != want {
			t.Errorf("stem past the bound = %q, want %q", got, want)
		}
		if _, ok := st.memo.Load("deployments"); ok {
			t.Error("a full stemmer kept its old stems")
		}
		if _, ok := st.memo.Load("migrations"); !ok || st.n.Load() != 1 {
			t.Errorf("after starting again: kept %d stems, want the new word's alone", st.n.Load())
		}
	})
	t.Run("a long word is stemmed, not kept", func(t *testing.T) {
		st := newStemmer("english")
		long := strings.Repeat("abcdefgh", 9) + "ing"
		if got, want := st.stem(long), fresh("english", long); got != want {
			t.Errorf("stem(long) = %q, want %q", got, want)
		}
		if st.n.Load() != 0 {
			t.Error("a long word's stem was kept")
		}
	})
	t.Run("no stemmer", func(t *testing.T) {
		var st *stemmer // a language Snowball has no algorithm for
		if got := st.stem("ठीक"); got != "ठीक" {
			t.Errorf("stem without a stemmer = %q, want the word", got)
		}
		if newStemmer("klingon") != nil {
			t.Error("a stemmer for a name Snowball does not know")
		}
	})
}
