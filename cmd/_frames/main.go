package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

func main() {
	lex, err := lexicon.Default()
	if err != nil {
		panic(err)
	}
	r := frame.NewReader(lex)
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		d := r.Read(sc.Text())
		fmt.Println(">", sc.Text())
		for _, c := range d.Clauses {
			fmt.Println("  ", d.Describe(c))
		}
	}
}
