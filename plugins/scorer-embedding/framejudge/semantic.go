package framejudge

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk/frame"
)

// Options tune a Judge.
type Options struct {
	// Embedder, when set, pairs an atom that shares too few words with
	// every clause of the candidate (a paraphrase, another language) with
	// the window whose embedding is nearest to it, when their cosine
	// reaches Threshold and the window restricts as the atom does. A pair
	// found this way goes through every check a word-paired one does:
	// bounds, modality, objects, qualifiers, and the host's floor after.
	// A multilingual embedding model is what makes this worth it; a
	// hashed embedder adds nothing the words do not already give, so the
	// scorer sets none for its hashed backend.
	Embedder embed.Embedder
	// Threshold is the cosine a semantic pair needs (default 0.75).
	Threshold float64
	// Workers is how many goroutines read the originals and judge the
	// items of one call (default: one per CPU the process may use). A
	// decision waits on its judge, and on an idle machine the other CPUs
	// would wait with it.
	Workers int
}

// PairingError reports that the embedder failed during a Judge call. The
// verdicts returned with it were reached without semantic pairing, by
// words alone, and are complete.
type PairingError struct{ Err error }

func (e *PairingError) Error() string { return fmt.Sprintf("semantic pairing: %v", e.Err) }
func (e *PairingError) Unwrap() error { return e.Err }

// semantic holds one Judge call's embeddings of the candidate's windows,
// computed on the first atom that needs them.
type semantic struct {
	ctx       context.Context
	emb       embed.Embedder
	threshold float64
	windows   []window
	vecs      [][]float32
	err       error
}

// nearest returns the window of the candidate nearest to the atom whose
// cosine reaches the threshold and that fits (restricts as the atom
// does), with the cosine; ok is false when there is none or the embedder
// failed (s.err says so).
func (s *semantic) nearest(od *frame.Doc, a frame.Clause, cd *cand, fits func(window) bool) (window, float64, bool) {
	if s == nil || s.emb == nil || s.err != nil || len(cd.Clauses) == 0 {
		return window{}, 0, false
	}
	if s.vecs == nil {
		s.windows = windows(cd)
		texts := make([]string, len(s.windows))
		for i, w := range s.windows {
			texts[i] = cd.Text[cd.Clauses[w.a].Start:cd.Clauses[w.b].End]
		}
		vecs, err := s.emb.Embed(s.ctx, texts)
		if err == nil && len(vecs) != len(texts) {
			err = fmt.Errorf("%d vectors for %d texts", len(vecs), len(texts))
		}
		if err != nil {
			s.err = err
			return window{}, 0, false
		}
		s.vecs = vecs
	}
	av, err := s.emb.Embed(s.ctx, []string{od.Text[a.Start:a.End]})
	if err != nil || len(av) != 1 {
		if err == nil {
			err = fmt.Errorf("%d vectors for 1 text", len(av))
		}
		s.err = err
		return window{}, 0, false
	}
	best, bestCos := -1, s.threshold
	for i, v := range s.vecs {
		if c := embed.Cosine(av[0], v); c >= bestCos && fits(s.windows[i]) {
			best, bestCos = i, c
		}
	}
	if best < 0 {
		return window{}, 0, false
	}
	return s.windows[best], bestCos, true
}
