package auth

import (
	"context"
	"crypto/rand"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// countingHasher is bcrypt, counting the hashes made and recording the cost of every hash
// compared against.
type countingHasher struct {
	mu           sync.Mutex
	generated    int
	comparedCost []int
}

func (h *countingHasher) Generate(password []byte, cost int) ([]byte, error) {
	h.mu.Lock()
	h.generated++
	h.mu.Unlock()
	return bcrypt.GenerateFromPassword(password, cost)
}

func (h *countingHasher) Compare(hash, password []byte) error {
	cost, err := bcrypt.Cost(hash)
	if err != nil {
		cost = -1
	}
	h.mu.Lock()
	h.comparedCost = append(h.comparedCost, cost)
	h.mu.Unlock()
	return bcrypt.CompareHashAndPassword(hash, password)
}

// counts answers the hashes made so far and the costs compared since the last call.
func (h *countingHasher) counts() (generated int, compared []int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	generated, compared = h.generated, h.comparedCost
	h.comparedCost = nil
	return generated, compared
}

// Building the service computes no hash: the timing-equaliser hash used to be made at start-up,
// most of a cold start at the default cost.
func TestNewServiceComputesNoHash(t *testing.T) {
	h := &countingHasher{}
	if _, err := newService(nil, nil, time.Now, rand.Reader, bcrypt.DefaultCost, h); err != nil {
		t.Fatal(err)
	}
	if n, _ := h.counts(); n != 0 {
		t.Errorf("%d hashes made while building the service, want none", n)
	}
	s, err := NewService(nil, nil, time.Now, rand.Reader, bcrypt.DefaultCost)
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := s.hasher.(limitedHasher); !ok || l.hasher != (bcryptHasher{}) {
		t.Errorf("NewService's hasher is %T, want bcrypt behind the hash slots", s.hasher)
	}
}

// A cost bcrypt cannot use still stops start-up, as it did when the hash was made there.
func TestNewServiceRefusesAnUnusableCost(t *testing.T) {
	if _, err := NewService(nil, nil, time.Now, rand.Reader, bcrypt.MaxCost+1); err == nil {
		t.Error("a cost above bcrypt's maximum was accepted")
	}
}

// An unknown username, and a login without a password, still cost one bcrypt comparison of the
// same cost as a known user's wrong password, so timing does not tell which usernames exist; the
// equaliser hash is made once, on first need.
func TestUnknownUsernameStillComparesAtTheSameCost(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		const cost = 5 // the fixture's users have cost-4 hashes; the service's cost is what matters
		h := &countingHasher{}
		svc, err := newService(SQLStore{DB: f.db}, f.sender, func() time.Time { return f.now }, rand.Reader, cost, h)
		if err != nil {
			t.Fatal(err)
		}
		if generated, _ := h.counts(); generated != 0 {
			t.Fatalf("%d hashes made before any login", generated)
		}
		ctx := context.Background()
		calls := []struct {
			name string
			call func() error
		}{
			{"Authenticate unknown", func() error { _, err := svc.Authenticate(ctx, "nobody", "Correct#Horse1"); return err }},
			{"Authenticate no password", func() error { _, err := svc.Authenticate(ctx, "ada.new", "x"); return err }},
			{"CheckPassword unknown", func() error { _, err := svc.CheckPassword(ctx, "nobody", "Correct#Horse1"); return err }},
			{"Authenticate unknown again", func() error { _, err := svc.Authenticate(ctx, "someone", "y"); return err }},
		}
		for _, c := range calls {
			if err := c.call(); apiMessage(err) != apierr.BadCredentials {
				t.Fatalf("%s: %v", c.name, err)
			}
			generated, compared := h.counts()
			if generated != 1 {
				t.Errorf("%s: %d equaliser hashes made in all, want exactly 1", c.name, generated)
			}
			if len(compared) != 1 || compared[0] != cost {
				t.Errorf("%s: compared against hashes of cost %v, want one of cost %d", c.name, compared, cost)
			}
		}
	})
}

// Many first logins at once make the equaliser hash once and all compare against it.
func TestEqualiserHashMadeOnceUnderConcurrency(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		h := &countingHasher{}
		svc, err := newService(SQLStore{DB: f.db}, f.sender, func() time.Time { return f.now }, rand.Reader, 4, h)
		if err != nil {
			t.Fatal(err)
		}
		const logins = 8
		start, errs := make(chan struct{}), make(chan error, logins)
		for range logins {
			go func() {
				<-start // all at once, as far as the scheduler allows
				_, err := svc.Authenticate(context.Background(), "nobody", "guess")
				errs <- err
			}()
		}
		close(start)
		for range logins {
			if err := <-errs; apiMessage(err) != apierr.BadCredentials {
				t.Errorf("unknown username: %v", err)
			}
		}
		generated, compared := h.counts()
		if generated != 1 || len(compared) != logins {
			t.Errorf("%d hashes made and %d compared, want 1 and %d", generated, len(compared), logins)
		}
	})
}
