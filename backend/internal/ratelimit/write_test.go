package ratelimit

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func spendOnce(l *Limiter, k Key) (http.Header, error) {
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	err := l.Spend(c, k)
	return rec.Header(), err
}

// Spend counts every write, successful or not: the 31st in the window is refused with a 429
// and Retry-After; another user's writes count apart; the lock ends after LockFor.
func TestSpendCountsEveryWrite(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		gin.SetMode(gin.TestMode)
		clk := &clock{t: t0}
		l := newLimiter(t, testdb.Open(t, dialect), clk, nil)
		for i := 1; i <= 30; i++ {
			if _, err := spendOnce(l, WriteKey(7)); err != nil {
				t.Fatalf("write %d: %v", i, err)
			}
		}
		h, err := spendOnce(l, WriteKey(7))
		var ae *apierr.Error
		if !errors.As(err, &ae) || ae.Status != http.StatusTooManyRequests || ae.APIMessage != MsgTooManyChanges || h.Get("Retry-After") != "900" {
			t.Fatalf("31st write: %v %v", err, h)
		}
		if _, err := spendOnce(l, WriteKey(8)); err != nil {
			t.Fatalf("another user: %v", err)
		}
		clk.Advance(15*time.Minute + time.Second)
		if _, err := spendOnce(l, WriteKey(7)); err != nil {
			t.Fatalf("after the lock-out: %v", err)
		}
	})
}

// A limiter that was never wired refuses writes rather than letting them through unlimited.
func TestSpendWithoutLimiterRefuses(t *testing.T) {
	gin.SetMode(gin.TestMode)
	var l *Limiter
	if _, err := spendOnce(l, WriteKey(7)); err == nil {
		t.Fatal("a nil limiter let a write through")
	}
}
