package sdk

import (
	"encoding/json"
	"testing"
)

func TestConfigNumberReadsNumbersAndNumericStrings(t *testing.T) {
	for _, tt := range []struct {
		raw    string
		want   float64
		ok     bool
		hasErr bool
	}{
		{``, 0, false, false},
		{`null`, 0, false, false},
		{`0.75`, 0.75, true, false},
		{`"0.75"`, 0.75, true, false},
		{`" 3 "`, 3, true, false},
		{`"high"`, 0, false, true},
		{`true`, 0, false, true},
		{`"NaN"`, 0, false, true},
	} {
		f, ok, err := ConfigNumber(json.RawMessage(tt.raw))
		if f != tt.want || ok != tt.ok || (err != nil) != tt.hasErr {
			t.Errorf("ConfigNumber(%s) = %v, %v, %v; want %v, %v, err %v", tt.raw, f, ok, err, tt.want, tt.ok, tt.hasErr)
		}
	}
}
