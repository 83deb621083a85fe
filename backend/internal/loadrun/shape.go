package loadrun

import (
	"math/rand/v2"
	"time"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/firmdata"
)

// Shape is how the sessions' traffic arrives, as a firm's users would bring it: they do not all
// log in at the same instant and do not click without pause. Every figure of the report is
// measured under it, and the report says what it was.
type Shape struct {
	// Ramp spreads the sessions' starts: each starts at a time drawn uniformly from [0, Ramp)
	// after the traffic phase begins, logs in once, and stays signed in until the end.
	Ramp time.Duration
	// ThinkMin and ThinkMax bound the pause before each of a session's requests after its first
	// (drawn uniformly): a user reading the page before the next click.
	ThinkMin, ThinkMax time.Duration
	// Seed makes the draws repeatable: the same seed gives every session the same start and
	// pauses in every run.
	Seed uint64
}

// DefaultShape is `make load`'s: sessions starting over the first 12 s, 0.5–2 s between a
// session's requests, seed 1.
func DefaultShape() Shape {
	return Shape{Ramp: 12 * time.Second, ThinkMin: 500 * time.Millisecond, ThinkMax: 2 * time.Second, Seed: 1}
}

// pacer draws one session's start and pauses (Shape), from its own generator: the draws of a
// session do not depend on how the others' requests interleave.
type pacer struct {
	shape Shape
	rng   *rand.Rand
}

func newPacer(shape Shape, session int) *pacer {
	return &pacer{shape: shape, rng: rand.New(rand.NewPCG(shape.Seed, uint64(session)))}
}

// start is the session's start after the traffic phase begins.
func (p *pacer) start() time.Duration {
	return time.Duration(p.rng.Float64() * float64(p.shape.Ramp))
}

// think is the pause before the session's next request.
func (p *pacer) think() time.Duration {
	return p.shape.ThinkMin + time.Duration(p.rng.Float64()*float64(p.shape.ThinkMax-p.shape.ThinkMin))
}

// PasswordCosts are the bcrypt cost of the synthetic logins' password (what each login of the
// run pays) and the portal's default cost for stored passwords (what a firm's logins pay).
func PasswordCosts() (synthetic, portal int) {
	synthetic, _ = bcrypt.Cost([]byte(firmdata.SyntheticPasswordHash))
	return synthetic, config.Defaults().PasswordHashCost
}
