package session

import (
	"bytes"
	"encoding/gob"
	"errors"

	"github.com/gorilla/securecookie"
)

// idLen is the length of a session id (Issue).
const idLen = 32

// errNotAnID is a cookie whose signature and encryption are good but whose value is no session
// id: no session, like a cookie that does not decode.
var errNotAnID = errors.New("session cookie holds no session id")

// decodeID reads the session id from a cookie value. Cookies carry the raw id (Codecs sets
// securecookie's NopEncoder), which costs no gob decoder per request. Cookies issued before
// that carry the id gob-encoded, which is never idLen bytes long: they still decode, until
// they expire.
func decodeID(name, raw string, codecs []securecookie.Codec) ([]byte, error) {
	var v []byte
	if err := securecookie.DecodeMulti(name, raw, &v, codecs...); err != nil {
		return nil, err
	}
	if len(v) == idLen {
		return v, nil
	}
	var id []byte
	if err := gob.NewDecoder(bytes.NewReader(v)).Decode(&id); err != nil || len(id) != idLen {
		return nil, errNotAnID
	}
	return id, nil
}
