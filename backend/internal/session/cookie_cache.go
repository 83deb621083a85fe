package session

import (
	"sync"
	"time"

	"github.com/gorilla/securecookie"
)

// decodedCookies remembers the session ids of cookie values it decoded, for CacheTTL: checking
// the signature and decrypting a cookie was a fifth of a signed-in request's CPU once its
// session was kept (issue 13), and a browser sends the same value on every request. Only values
// that decoded are kept, so a tampered or foreign value is checked every time. Reusing a
// decoding skips only securecookie's age check, which the session row's own absolute expiry
// (the same lifetime, from the same moment) enforces anyway. The zero value is ready.
type decodedCookies struct {
	mu  sync.Mutex
	ids map[cookieKey]decodedCookie
}

type cookieKey struct{ name, value string }

type decodedCookie struct {
	id []byte
	at time.Time
}

// decodedCookiesMax bounds the remembered values: a full memory starts again empty.
const decodedCookiesMax = 10000

// decode is decodeID, remembered.
func (d *decodedCookies) decode(name, raw string, codecs []securecookie.Codec, now time.Time) ([]byte, error) {
	key := cookieKey{name, raw}
	d.mu.Lock()
	e, ok := d.ids[key]
	d.mu.Unlock()
	if ok && !now.Before(e.at) && now.Sub(e.at) < CacheTTL {
		return e.id, nil
	}
	id, err := decodeID(name, raw, codecs)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	if d.ids == nil || len(d.ids) >= decodedCookiesMax {
		d.ids = map[cookieKey]decodedCookie{}
	}
	d.ids[key] = decodedCookie{id: id, at: now}
	d.mu.Unlock()
	return id, nil
}
