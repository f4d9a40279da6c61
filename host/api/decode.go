package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
)

// decode reads a JSON request body into v. Nothing is written before it
// succeeds, so every problem here leaves the session untouched:
//   - a body over the limit is 413;
//   - a non-empty body that is not application/json is 415;
//   - malformed JSON, a value of the wrong type or a field the endpoint
//     does not know is 400 naming the field;
//   - a string that is not valid UTF-8 (or escapes half a surrogate
//     pair) is 400 naming the field, where encoding/json would have put
//     U+FFFD in its place (see checkUTF8);
//   - a field the OpenAPI schema named schema requires, absent or null,
//     is 400 naming it (checkRequired);
//   - an empty body is {} when allowEmpty, else 400.
//
// sizeChecks run on the decoded value before the UTF-8 and required-field
// checks, which read the whole body again (checkRequired decodes it once
// more into maps): a request over a count limit (api.max_spans_per_batch)
// is refused 413 at the cost of one decode. Measured on a loaded 2-CPU
// machine, a 100,000-span append refused after all three passes took
// 1.6 s at the median, CPU every other tenant was waiting for. So a
// request both over a count limit and otherwise malformed is answered
// 413, not 400: either way nothing is written.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any, schema string, allowEmpty bool, sizeChecks ...func() error) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errTooLarge("", "api.max_body_bytes", mbe.Limit, "request body over %d bytes (api.max_body_bytes): send fewer spans per request; nothing was written", mbe.Limit)
		}
		return errStatus(http.StatusBadRequest, "", "reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if allowEmpty {
			return nil
		}
		return errStatus(http.StatusBadRequest, "", "the request body is empty: send a JSON object")
	}
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return errStatus(http.StatusUnsupportedMediaType, "", "Content-Type %q: send application/json", ct)
	}
	// JSON is UTF-8 (RFC 8259); a body declared in another charset would
	// be read as UTF-8 anyway, and pinned as bytes it was not meant as.
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return errStatus(http.StatusUnsupportedMediaType, "", "Content-Type %q: JSON is UTF-8; send charset=utf-8 or none", ct)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return s.unknownFieldHint(jsonError(err), schema)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errStatus(http.StatusBadRequest, "", "the request body holds more than one JSON value")
	}
	for _, check := range sizeChecks {
		if err := check(); err != nil {
			return err
		}
	}
	if err := checkUTF8(body); err != nil {
		return err
	}
	return checkRequired(s.schemas[schema], body)
}

// unknownFieldHint adds "did you mean" to an unknown-field error when the
// schema has a field of a nearby name; any other error passes unchanged.
func (s *Server) unknownFieldHint(err error, schema string) error {
	var he *httpError
	if !errors.As(err, &he) || !strings.HasPrefix(he.body.Error, "unknown field ") {
		return err
	}
	if near := s.schemas[schema].suggestField(he.body.Field); near != "" {
		return errStatus(http.StatusBadRequest, he.body.Field, "unknown field %q: did you mean %q? (GET /v1/openapi.json lists this endpoint's fields)", he.body.Field, near)
	}
	return err
}

// jsonError turns a decoding error into a 400 naming the field.
func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return errStatus(http.StatusBadRequest, "", "malformed JSON at byte %d: %v", se.Offset, se)
	case errors.As(err, &te):
		return errStatus(http.StatusBadRequest, te.Field, "%s: must be %s, got a JSON %s", fieldOr(te.Field), jsonKind(te.Type.Kind().String()), te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errStatus(http.StatusBadRequest, "", "malformed JSON: the body ends early")
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, `json: unknown field "`); ok {
		name = strings.TrimSuffix(name, `"`)
		return errStatus(http.StatusBadRequest, name, "unknown field %q: see GET /v1/openapi.json for this endpoint's fields", name)
	}
	return errStatus(http.StatusBadRequest, "", "bad request body: %s", strings.TrimPrefix(msg, "json: "))
}

func fieldOr(f string) string {
	if f == "" {
		return "the body"
	}
	return f
}

func jsonKind(k string) string {
	switch k {
	case "string":
		return "a string"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	case "bool":
		return "true or false"
	case "ptr":
		return "a value"
	}
	return "a number"
}
