package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/health"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
)

// Limits of the readiness checks, so /readyz answers promptly whatever hangs: each check has
// readyCheckTimeout, and the write check waits readyWriteWait for SQLite's write lock (the
// store's own busy time-out is far longer, and a context cannot cut it short).
const (
	readyCheckTimeout = 2 * time.Second
	readyWriteWait    = 500 * time.Millisecond
)

// States a readiness check reports; "ok" and "maintenance" leave the portal ready.
const (
	readyOK          = "ok"
	readyMaintenance = "maintenance" // the platform's switch: the portal serves the maintenance page
	readyTimeout     = "timeout"
	readyUnreachable = "unreachable"
	readyReadOnly    = "read-only"
	readyWriteLocked = "write-locked"
	readyFailed      = "failed"
)

// readiness runs the checks side by side: the store answers a read ("store") and commits a
// write ("store_write"), and the platform answers its health check ("platform"). It returns
// each check's state and whether the portal is ready; failures are logged with their cause.
func readiness(ctx context.Context, log *slog.Logger, db *store.DB, p platform.API) (map[string]string, bool) {
	checks := map[string]func(context.Context) (string, error){
		"store": func(ctx context.Context) (string, error) {
			_, err := db.Version(ctx)
			return storeState(err), err
		},
		"store_write": func(ctx context.Context) (string, error) {
			err := db.CheckWrite(ctx, readyWriteWait)
			return storeState(err), err
		},
		"platform": func(ctx context.Context) (string, error) {
			status, err := health.Ask(ctx, p)
			return platformState(status, err), err
		},
	}
	states := make(map[string]string, len(checks))
	ready := true
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, check := range checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(ctx, readyCheckTimeout)
			defer cancel()
			state, err := check(ctx)
			mu.Lock()
			defer mu.Unlock()
			states[name] = state
			if state != readyOK && state != readyMaintenance {
				ready = false
				log.WarnContext(ctx, "not ready", "check", name, "state", state, "err", err)
			}
		}()
	}
	wg.Wait()
	return states, ready
}

func storeState(err error) string {
	switch {
	case err == nil:
		return readyOK
	case errors.Is(err, store.ErrReadOnly):
		return readyReadOnly
	case errors.Is(err, store.ErrWriteLocked):
		return readyWriteLocked
	case errors.Is(err, context.DeadlineExceeded):
		return readyTimeout
	}
	return readyFailed
}

func platformState(status string, err error) string {
	switch {
	case errors.Is(err, health.ErrEndpointDisabled):
		return readyOK // it answered; only its health check is switched off
	case err == nil && status == health.StatusBAD:
		return readyMaintenance
	case err == nil:
		return readyOK
	case errors.Is(err, platform.ErrPlatformTimeout) || errors.Is(err, context.DeadlineExceeded):
		return readyTimeout
	case errors.Is(err, platform.ErrPlatformUnavailable):
		return readyUnreachable
	}
	return readyFailed
}

// GET /readyz: 200 {"status":"ok","database":"sqlite","checks":{...}} when the store reads and
// writes and the platform answers; otherwise 503 {"status":"unavailable",...} naming what is
// wrong. "database" is the store's dialect (sqlite or postgres), never a host or credential.
func (a *App) readyz(c *gin.Context) {
	checks, ready := readiness(c.Request.Context(), a.Log, a.DB, a.Platform)
	c.Header("Cache-Control", "no-store")
	status, code := "ok", http.StatusOK
	if !ready {
		status, code = "unavailable", http.StatusServiceUnavailable
	}
	apierr.JSON(c, code, gin.H{"status": status, "database": string(a.DB.Dialect), "checks": checks})
}
