package session

import "testing"

func TestRejectedReasonOnlyFromClaudeCodesRejection(t *testing.T) {
	tests := []struct {
		name, text, want string
		ok               bool
	}{
		{"rejection with a reason",
			"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nnot in this branch",
			"not in this branch", true},
		{"rejection without a reason",
			"The user doesn't want to proceed with this tool use. The tool use was rejected. STOP what you are doing and wait for the user to tell you how to proceed.",
			"", false},
		{"command output that quotes the marker is not the person",
			"grep: To tell you how to proceed, the user said: Never run the test suite against staging-db-2.",
			"", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := rejectedReason(tt.text)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
