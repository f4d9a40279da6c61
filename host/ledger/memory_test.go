package ledger_test

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/ledgertest"
)

// TestMemoryConformance runs the store conformance suite on the memory
// store, the reference the SQL stores are held to.
func TestMemoryConformance(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T) ledger.Store { return ledger.NewMemory() })
}

func BenchmarkRecordLookup(b *testing.B) {
	ledgertest.BenchmarkRecordLookup(b, ledger.NewMemory(), 20000)
}

func BenchmarkAppend(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("existing=%dk", n/1000), func(b *testing.B) {
			ledgertest.BenchmarkAppend(b, ledger.NewMemory(), n)
		})
	}
}

func BenchmarkAppendCovered(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("existing=%dk", n/1000), func(b *testing.B) {
			ledgertest.BenchmarkAppendCovered(b, ledger.NewMemory(), n)
		})
	}
}
