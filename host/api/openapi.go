package api

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the committed OpenAPI 3 document of the API, served at
// GET /v1/openapi.json. A test checks it describes exactly the routes the
// server registers.
//
//go:embed openapi.json
var OpenAPI []byte

func (s *Server) openapi(w http.ResponseWriter, r *http.Request, _ caller) error {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(OpenAPI)
	return nil
}
