package policy

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

const basePolicy = `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`

func TestClassify(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want EditKind
	}{
		{"identical", basePolicy, EditNone},
		{"reformatted", `policy "explore" {
  # comments and layout are not edits
  top_k=40
  category "failures" {
    match = (regex("FAIL",
                   span.text))
    cap = 8e3
    score = 1
  }
  category "reads" {
    match = (span.kind == "tool_result") && (span.meta["tool"] == "read")
    cap = 12000
    score = (span.recency)
  }
}
`, EditNone},
		{"renamed policy", `policy "other" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`, EditNone},
		{"score changed", `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = min(1, span.recency * 2)
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`, EditScoreOnly},
		{"cap changed", `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 20000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`, EditStructural},
		{"match changed", `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`, EditStructural},
		{"top_k changed", `policy "explore" {
  top_k = 41
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`, EditStructural},
		{"category renamed", `policy "explore" {
  top_k = 40
  category "file_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
}
`, EditStructural},
		{"category added", `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = 1
  }
  category "more" {
    match = true
    cap   = 1
    score = 1
  }
}
`, EditStructural},
		{"category removed and score changed", `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = 0.5
  }
}
`, EditStructural},
		{"operator precedence is not formatting", `policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
  category "failures" {
    match = regex("FAIL", span.text)
    cap   = 8000
    score = (1 - 0.5) * 2
  }
}
`, EditScoreOnly},
	}
	old := mustParse(t, basePolicy)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(old, mustParse(t, tt.src)); got != tt.want {
				t.Errorf("Classify = %s, want %s", got, tt.want)
			}
		})
	}
	if Classify(nil, nil) != EditNone || Classify(old, nil) != EditStructural || Classify(nil, old) != EditStructural {
		t.Error("nil policies misclassified")
	}
}

func TestExprSourceNormalizes(t *testing.T) {
	tests := []struct{ a, b string }{
		{`a && b || c`, `((a && b)) || (c)`},
		{`a - (b - c)`, `a - ( b - c )`},
		{`"x${span.kind}y"`, `"x${ span.kind }y"`},
		{`[for t in span.tags : lower(t) if t != ""]`, `[ for t in span.tags: lower(t) if t != "" ]`},
		{`span.tags[*]`, `span.tags [*]`},
		{`{a = 1, "b" = 2}`, "{\n a = 1\n \"b\" = 2\n}"},
		{`x ? 1 : y ? 2 : 3`, `x ? 1 : (y ? 2 : 3)`},
		{`!(a == b)`, `! (a==b)`},
		{`-span.tokens`, `- span.tokens`},
	}
	for _, tt := range tests {
		ea, da := hclsyntax.ParseExpression([]byte(tt.a), "a", hcl.InitialPos)
		eb, db := hclsyntax.ParseExpression([]byte(tt.b), "b", hcl.InitialPos)
		if da.HasErrors() || db.HasErrors() {
			t.Fatalf("%s / %s: %s %s", tt.a, tt.b, da.Error(), db.Error())
		}
		sa, sb := exprSource(ea), exprSource(eb)
		if sa != sb {
			t.Errorf("%q prints %q but %q prints %q", tt.a, sa, tt.b, sb)
		}
		// The printed text parses back to itself.
		ec, dc := hclsyntax.ParseExpression([]byte(sa), "c", hcl.InitialPos)
		if dc.HasErrors() {
			t.Fatalf("printed %q does not parse: %s", sa, dc.Error())
		}
		if sc := exprSource(ec); sc != sa {
			t.Errorf("printed %q reprints as %q", sa, sc)
		}
	}
	// And distinct expressions stay distinct.
	for _, pair := range [][2]string{{`a - b - c`, `a - (b - c)`}, {`(a || b) && c`, `a || b && c`}, {`"a"`, `"b"`}, {`1`, `2`}} {
		ea, _ := hclsyntax.ParseExpression([]byte(pair[0]), "a", hcl.InitialPos)
		eb, _ := hclsyntax.ParseExpression([]byte(pair[1]), "b", hcl.InitialPos)
		if exprSource(ea) == exprSource(eb) {
			t.Errorf("%q and %q print the same: %q", pair[0], pair[1], exprSource(ea))
		}
	}
}
