package loadrun

import (
	"strings"
	"testing"
)

func TestOnlyLoopbackTargets(t *testing.T) {
	for _, ok := range []string{
		"postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable",
		"http://127.0.0.1:8080",
		"http://127.1.2.3:8080",
		"http://[::1]:8080",
		"postgres://u:p@localhost/db",
	} {
		if err := checkLoopback(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{
		"postgres://u:secret@db.example.com:5432/postgres",
		"http://10.0.0.5:8080",
		"http://0.0.0.0:8080",
		"http://[::]:8080",
		"http://127.0.0.1.example.com",
		"postgres:///postgres?host=/tmp",
		"not a url",
	} {
		err := checkLoopback(bad)
		if err == nil {
			t.Errorf("%s accepted", bad)
		} else if strings.Contains(err.Error(), "secret") {
			t.Errorf("the error shows the password: %v", err)
		}
	}
}
