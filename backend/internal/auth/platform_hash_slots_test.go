package auth

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// gateHasher is a hasher whose hashes each wait for a token on release, after saying so on
// entered; it records how many ran at once at most. A password matches a hash equal to it.
type gateHasher struct {
	entered       chan struct{}
	release       chan struct{}
	inside, most  atomic.Int32
	errMismatched error
}

func (g *gateHasher) run() {
	n := g.inside.Add(1)
	for {
		m := g.most.Load()
		if n <= m || g.most.CompareAndSwap(m, n) {
			break
		}
	}
	g.entered <- struct{}{}
	<-g.release
	g.inside.Add(-1)
}

func (g *gateHasher) Generate(password []byte, cost int) ([]byte, error) {
	g.run()
	return append([]byte(nil), password...), nil
}

func (g *gateHasher) Compare(hash, password []byte) error {
	g.run()
	if string(hash) != string(password) {
		return g.errMismatched
	}
	return nil
}

// A burst of password checks runs at most the slots' number at once; the rest queue, and every
// one answers what the hash says, never an error because it waited (issue 13: logins must not
// starve the pages of users already signed in).
func TestPasswordHashesQueueForTheirSlots(t *testing.T) {
	const slots, calls = 2, 12
	g := &gateHasher{entered: make(chan struct{}, calls), release: make(chan struct{}), errMismatched: errors.New("mismatched")}
	h := limitHasher(g, slots)

	var started, finished sync.WaitGroup
	results := make([]error, calls)
	for i := range calls {
		started.Add(1)
		finished.Go(func() {
			started.Done()
			switch {
			case i%3 == 0:
				_, results[i] = h.Generate([]byte("new"), 4)
			case i%2 == 0:
				results[i] = h.Compare([]byte("right"), []byte("right"))
			default:
				results[i] = h.Compare([]byte("right"), []byte("wrong"))
			}
		})
	}
	// Every call is on its way before any hash may finish: without the slots all of them would
	// be hashing at once.
	started.Wait()
	for range calls {
		runtime.Gosched()
	}
	for range calls {
		<-g.entered
		if n := g.inside.Load(); n > slots {
			t.Fatalf("%d hashes at once, want at most %d", n, slots)
		}
		g.release <- struct{}{}
	}
	finished.Wait()
	if m := g.most.Load(); m > slots || m < 1 {
		t.Errorf("at most %d hashes ran at once, want 1..%d", m, slots)
	}
	for i, err := range results {
		want := error(nil)
		if i%3 != 0 && i%2 != 0 {
			want = g.errMismatched
		}
		if err != want {
			t.Errorf("call %d answered %v, want %v", i, err, want)
		}
	}
}

// The slots leave one core to the other requests, and there is always at least one.
func TestHashSlotsLeaveACoreFree(t *testing.T) {
	want := max(1, runtime.GOMAXPROCS(0)-1)
	if got := hashSlots(); got != want {
		t.Errorf("hashSlots() = %d, want %d (GOMAXPROCS %d)", got, want, runtime.GOMAXPROCS(0))
	}
	if got := cap(limitHasher(bcryptHasher{}, 0).slots); got != 1 {
		t.Errorf("a limit of 0 gives %d slots, want 1", got)
	}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	if got := hashSlots(); got != 1 {
		t.Errorf("one core: %d slots, want 1", got)
	}
}
