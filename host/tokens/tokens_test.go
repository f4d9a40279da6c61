package tokens

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		enc  string
		text string
		want int
	}{
		{"o200k_base", "", 0},
		{"o200k_base", "hello world", 2},
		{"cl100k_base", "hello world", 2},
		{"o200k_base", "do not run DROP TABLE on legacy_orders", 8},
	}
	for _, tt := range tests {
		c, err := New(tt.enc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.Count(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s Count(%q) = %d, want %d", tt.enc, tt.text, got, tt.want)
		}
	}
}

func TestUnknownEncoding(t *testing.T) {
	if _, err := New("gpt2-ish"); err == nil {
		t.Fatal("want error for unknown encoding")
	}
}

func BenchmarkCount(b *testing.B) {
	c, _ := New("")
	text := "The partner API allows at most 5 requests per second per key; going over gets the key suspended for 24 hours. "
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := c.Count(text); err != nil {
			b.Fatal(err)
		}
	}
}
