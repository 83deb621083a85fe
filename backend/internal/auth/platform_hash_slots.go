package auth

import "runtime"

// hashSlots is how many bcrypt hashes a process computes at once: one core is always left to
// the other requests (issue 13). A bcrypt check at the production cost takes a core for about
// a quarter of a second; with every core hashing, a burst of logins starved the pages of the
// users already signed in (the load run's p95 of 0.9-1.4 s on 2 cores). One core or fewer
// still hashes one at a time.
func hashSlots() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// limitedHasher is a hasher that lets at most cap(slots) hashes run at once. The others wait
// for a slot, without a deadline: a login queued behind others answers later, and the same as
// it would have, never an error because of the limit.
type limitedHasher struct {
	hasher
	slots chan struct{}
}

// limitHasher is h with at most n hashes at once (n at least 1).
func limitHasher(h hasher, n int) limitedHasher {
	return limitedHasher{hasher: h, slots: make(chan struct{}, max(1, n))}
}

// Generate hashes a password in a slot.
func (l limitedHasher) Generate(password []byte, cost int) ([]byte, error) {
	l.slots <- struct{}{}
	defer func() { <-l.slots }()
	return l.hasher.Generate(password, cost)
}

// Compare checks a password against a hash in a slot.
func (l limitedHasher) Compare(hash, password []byte) error {
	l.slots <- struct{}{}
	defer func() { <-l.slots }()
	return l.hasher.Compare(hash, password)
}
