package clientcontext

import (
	"testing"
	"time"

	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The handler cannot be built without any of its dependencies: without the store there would be
// no audit trail, so the portal does not start rather than serve advisers unrecorded.
func TestNewHandlerRefusesAMissingDependency(t *testing.T) {
	db := testdb.Open(t, store.SQLite)
	pc, sm, sa := &platform.Client{}, &session.Manager{}, &siteaccess.Source{}
	for name, build := range map[string]func() (*Handler, error){
		"platform client": func() (*Handler, error) { return NewHandler(nil, sm, db, sa, time.Now) },
		"sessions":        func() (*Handler, error) { return NewHandler(pc, nil, db, sa, time.Now) },
		"store":           func() (*Handler, error) { return NewHandler(pc, sm, nil, sa, time.Now) },
		"site access":     func() (*Handler, error) { return NewHandler(pc, sm, db, nil, time.Now) },
		"clock":           func() (*Handler, error) { return NewHandler(pc, sm, db, sa, nil) },
	} {
		if h, err := build(); err == nil || h != nil {
			t.Errorf("without the %s: %v, %v", name, h, err)
		}
	}
	if _, err := NewHandler(pc, sm, db, sa, time.Now); err != nil {
		t.Fatal(err)
	}
}
