package sdk

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ConfigNumber decodes one attribute of a ConfigureRequest's JSON config as
// a number: a JSON number, or a numeric string (HCL hands some values over
// as strings), or absent/null (ok false). A plugin reports err as a
// diagnostic naming the attribute.
func ConfigNumber(raw json.RawMessage) (f float64, ok bool, err error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, false, nil
	}
	var str string
	if err := json.Unmarshal(raw, &str); err == nil {
		s = strings.TrimSpace(str)
	}
	f, err = strconv.ParseFloat(s, 64)
	if err != nil || f != f {
		return 0, false, fmt.Errorf("%s is not a number", string(raw))
	}
	return f, true, nil
}
