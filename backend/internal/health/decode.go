package health

import (
	"encoding/json"
	"io"
	"net/http"
)

func jsonDecode(res *http.Response, v any) error {
	return json.NewDecoder(io.LimitReader(res.Body, 4096)).Decode(v)
}
