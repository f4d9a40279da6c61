package rules

// cueSet is an Aho-Corasick automaton over ASCII-case-folded bytes. It finds
// every occurrence of every cue literal in one pass over a text, which is
// the prefilter that decides which rules' regexps run on which sentence.
// Bytes that occur in no cue share one class, so the transition table stays
// small (states x classes) and a scan is one table lookup per byte.
type cueSet struct {
	class   [256]uint16
	nclass  int
	next    []int32   // state*nclass + class -> state
	out     [][]int32 // cue ids that end in each state (fail links merged)
	hasOut  []bool
	ncues   int
	cueLens []int
}

// cueHit is one occurrence of cue Cue ending (exclusive) at End.
type cueHit struct {
	End int
	Cue int32
}

func foldByte(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + ('a' - 'A')
	}
	return b
}

// asciiLower lowers the ASCII letters of s and leaves every other rune as
// it is: the form the cue automaton compares.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = foldByte(c)
	}
	return string(b)
}

// newCueSet builds the automaton. Cues are matched case-insensitively for
// ASCII letters; other bytes (UTF-8 of accented letters) match exactly.
func newCueSet(cues []string) *cueSet {
	c := &cueSet{ncues: len(cues), cueLens: make([]int, len(cues))}
	// Byte classes: class 0 is "occurs in no cue".
	c.nclass = 1
	for _, cue := range cues {
		for i := 0; i < len(cue); i++ {
			b := foldByte(cue[i])
			if c.class[b] == 0 {
				c.class[b] = uint16(c.nclass)
				c.nclass++
			}
		}
	}
	for b := 'A'; b <= 'Z'; b++ {
		c.class[b] = c.class[b+('a'-'A')]
	}
	// Trie.
	type node struct {
		child map[uint16]int32
		out   []int32
	}
	nodes := []node{{child: map[uint16]int32{}}}
	for id, cue := range cues {
		c.cueLens[id] = len(cue)
		s := int32(0)
		for i := 0; i < len(cue); i++ {
			k := c.class[foldByte(cue[i])]
			n, ok := nodes[s].child[k]
			if !ok {
				n = int32(len(nodes))
				nodes = append(nodes, node{child: map[uint16]int32{}})
				nodes[s].child[k] = n
			}
			s = n
		}
		nodes[s].out = append(nodes[s].out, int32(id))
	}
	n := len(nodes)
	c.next = make([]int32, n*c.nclass)
	c.out = make([][]int32, n)
	c.hasOut = make([]bool, n)
	fail := make([]int32, n)
	// BFS to fill the full transition table.
	queue := make([]int32, 0, n)
	for k := 0; k < c.nclass; k++ {
		if ch, ok := nodes[0].child[uint16(k)]; ok {
			c.next[k] = ch
			fail[ch] = 0
			queue = append(queue, ch)
		}
	}
	c.out[0] = nodes[0].out
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		c.out[s] = append(append([]int32(nil), nodes[s].out...), c.out[fail[s]]...)
		c.hasOut[s] = len(c.out[s]) > 0
		for k := 0; k < c.nclass; k++ {
			if ch, ok := nodes[s].child[uint16(k)]; ok {
				fail[ch] = c.next[int(fail[s])*c.nclass+k]
				c.next[int(s)*c.nclass+k] = ch
				queue = append(queue, ch)
			} else {
				c.next[int(s)*c.nclass+k] = c.next[int(fail[s])*c.nclass+k]
			}
		}
	}
	return c
}

// scan appends every cue occurrence in text to hits, in order of End.
func (c *cueSet) scan(text string, hits []cueHit) []cueHit {
	if c.ncues == 0 {
		return hits
	}
	s := int32(0)
	next, class, nclass := c.next, &c.class, int32(c.nclass)
	for i := 0; i < len(text); i++ {
		s = next[s*nclass+int32(class[text[i]])]
		if c.hasOut[s] {
			for _, id := range c.out[s] {
				hits = append(hits, cueHit{End: i + 1, Cue: id})
			}
		}
	}
	return hits
}
