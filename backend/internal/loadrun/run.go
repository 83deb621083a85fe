package loadrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"sync"
	"time"

	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/store"
)

// MaxDuration bounds the traffic phase: sessions stop starting requests after Options.Duration
// (at most MaxDuration − drainTime), and whatever is still in flight at MaxDuration is cut off
// and counted as an error.
const MaxDuration = 60 * time.Second

// drainTime is what requests in flight get after the sessions stop.
const drainTime = 10 * time.Second

// Options set up a run.
type Options struct {
	// Portal is the portal binary (bin/portal).
	Portal string
	// ServerURL is a loopback PostgreSQL server on which the run creates (and at the end
	// drops) a database of its own: postgres://user@127.0.0.1:port/postgres.
	ServerURL string
	// Clients is the size of the synthetic firm.
	Clients int
	// Sessions is how many sessions run at once.
	Sessions int
	// Instances is how many portal processes share the database.
	Instances int
	// Duration is how long sessions keep starting requests (at most MaxDuration − 10 s).
	Duration time.Duration
	// Shape is how the sessions' traffic arrives; the zero Shape is DefaultShape.
	Shape Shape
	// Progress hears what the run is doing.
	Progress io.Writer
}

func (o Options) validate() error {
	switch {
	case o.Portal == "":
		return errors.New("loadrun: no portal binary")
	case o.Clients < 1, o.Sessions < 1, o.Instances < 1:
		return errors.New("loadrun: clients, sessions and instances must be at least 1")
	case o.Duration <= 0 || o.Duration > MaxDuration-drainTime:
		return fmt.Errorf("loadrun: duration %s: want more than 0 and at most %s", o.Duration, MaxDuration-drainTime)
	case o.Shape.Ramp < 0 || o.Shape.Ramp >= o.Duration || o.Shape.ThinkMin < 0 || o.Shape.ThinkMax < o.Shape.ThinkMin ||
		o.Shape.ThinkMax > drainTime/2:
		return fmt.Errorf("loadrun: shape %+v: want 0 ≤ ramp < duration and 0 ≤ think min ≤ think max ≤ %s", o.Shape, drainTime/2)
	}
	if _, err := os.Stat(o.Portal); err != nil {
		return fmt.Errorf("loadrun: portal binary: %w (make build)", err)
	}
	return checkLoopback(o.ServerURL)
}

// Run loads the firm, starts the instances, drives the sessions and reports. The report is
// returned whenever traffic ran, also when some requests failed (Report.Errors).
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Shape == (Shape{}) {
		o.Shape = DefaultShape()
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	progress := o.Progress
	if progress == nil {
		progress = io.Discard
	}
	r := &Report{Clients: o.Clients, Sessions: o.Sessions, Instances: o.Instances, RateLimits: RateLimits,
		Cores: runtime.NumCPU(), Shape: o.Shape}
	r.PasswordCost, r.PortalPasswordCost = PasswordCosts()

	db, err := createDatabase(ctx, o.ServerURL)
	if err != nil {
		return nil, err
	}
	defer db.drop()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	firm := firmdata.Synthetic(o.Clients, 2026, today)
	who, err := visitors(firm, o.Sessions)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(progress, "loadrun: loading %d clients into PostgreSQL...\n", o.Clients)
	started := time.Now()
	if err := loadFirm(ctx, db.url, firm); err != nil {
		return nil, err
	}
	r.LoadTime = time.Since(started)

	dir, err := os.MkdirTemp("", "portal-loadrun-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	keys := sessionKeys()
	var instances []*instance
	defer func() {
		for _, in := range instances {
			in.stop()
		}
	}()
	for i := range o.Instances {
		name := fmt.Sprintf("portal-%c", 'a'+i)
		in, err := startInstance(ctx, o.Portal, name, dir, db.urlFor(name), keys)
		if err != nil {
			return nil, err
		}
		instances = append(instances, in)
	}
	urls := make([]string, len(instances))
	for i, in := range instances {
		urls[i] = in.url
	}
	fmt.Fprintf(progress, "loadrun: %d instances up (%v); %d sessions for %s...\n", len(instances), urls, o.Sessions, o.Duration)

	before := make([]procStat, len(instances))
	for i, in := range instances {
		before[i], _ = readStat(in.pid)
	}
	pgBefore, _ := db.stats(ctx)
	pgCPUBefore, pgCPUOK := db.serverCPU(ctx)

	samplerCtx, stopSampler := context.WithCancel(ctx)
	var conns connections
	sampled := make(chan struct{})
	go func() { db.sample(samplerCtx, 250*time.Millisecond, &conns); close(sampled) }()

	transport := &http.Transport{MaxIdleConns: 4 * o.Sessions, MaxIdleConnsPerHost: 2 * o.Sessions, IdleConnTimeout: time.Minute}
	defer transport.CloseIdleConnections()
	bound, cancel := context.WithTimeout(ctx, o.Duration+drainTime)
	defer cancel()
	stop := make(chan struct{})
	sessions := make([]*session, o.Sessions)
	var wg sync.WaitGroup
	trafficStart := time.Now()
	for i := range sessions {
		sessions[i] = newSession(i, who[i], urls, transport, today, o.Shape, stop)
		wg.Go(func() { sessions[i].run(bound) })
	}
	select {
	case <-time.After(o.Duration):
	case <-ctx.Done():
	}
	close(stop)
	wg.Wait()
	r.Elapsed = time.Since(trafficStart)
	stopSampler()
	<-sampled

	for i, in := range instances {
		st := InstanceStats{Name: in.name}
		st.PeakRSS, _ = peakRSS(in.pid)
		if after, err := readStat(in.pid); err == nil {
			st.CPU = after.cpu - before[i].cpu
		}
		st.PeakConnections, st.PeakActive = conns.peak[in.name], conns.active[in.name]
		r.PerInstance = append(r.PerInstance, st)
	}
	if pgAfter, err := db.stats(ctx); err == nil {
		r.Commits = pgAfter.commits - pgBefore.commits
		r.Rollbacks = pgAfter.rollbacks - pgBefore.rollbacks
	}
	if after, ok := db.serverCPU(ctx); ok && pgCPUOK {
		r.PostgresCPU = after - pgCPUBefore
	}
	r.summarise(sessions)
	return r, nil
}

// loadFirm migrates the run's database and loads the firm through the import path
// (firmdata.Load, as `portal seed` does).
func loadFirm(ctx context.Context, databaseURL string, f firmdata.Firm) error {
	db, err := store.OpenPostgres(ctx, databaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	if _, err := firmdata.Load(ctx, db, f, firmdata.LoadOptions{HashCost: 4}); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `ANALYZE`)
	return err
}

// summarise folds the sessions' samples into the report.
func (r *Report) summarise(sessions []*session) {
	byKind := map[string][]time.Duration{}
	var all, notLogins []time.Duration
	r.Errors = map[ErrorKey]int{}
	for _, s := range sessions {
		for _, sm := range s.samples {
			r.Requests++
			if sm.failure != "" {
				r.Errors[ErrorKey{Kind: sm.kind, Status: sm.failure}]++
				continue
			}
			byKind[sm.kind] = append(byKind[sm.kind], sm.elapsed)
			all = append(all, sm.elapsed)
			if sm.kind != kindLogin {
				notLogins = append(notLogins, sm.elapsed)
			}
		}
	}
	for _, k := range kinds {
		if len(byKind[k]) > 0 {
			r.Kinds = append(r.Kinds, summarise(k, byKind[k]))
		}
	}
	r.AllButLogins = summarise("all but logins", notLogins)
	r.Overall = summarise("all", all)
}
