package loadrun

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"wealthportal/backend/internal/store"
)

// database is the run's own database on the server, dropped when the run ends.
type database struct {
	admin *store.DB
	name  string
	url   string
}

// createDatabase makes a new, empty database on the server at serverURL (a role that may
// create databases).
func createDatabase(ctx context.Context, serverURL string) (*database, error) {
	admin, err := store.OpenPostgres(ctx, serverURL)
	if err != nil {
		return nil, err
	}
	suffix := make([]byte, 4)
	rand.Read(suffix)
	name := fmt.Sprintf("loadrun_%d_%s", os.Getpid(), hex.EncodeToString(suffix))
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		admin.Close()
		return nil, fmt.Errorf("loadrun: create the run's database: %w", err)
	}
	u, _ := url.Parse(serverURL)
	u.Path = "/" + name
	return &database{admin: admin, name: name, url: u.String()}, nil
}

// urlFor is the database's URL with an application name, so pg_stat_activity tells the
// instances' connections apart.
func (d *database) urlFor(application string) string {
	u, _ := url.Parse(d.url)
	q := u.Query()
	q.Set("application_name", application)
	u.RawQuery = q.Encode()
	return u.String()
}

// drop removes the database, ending whatever is still connected to it.
func (d *database) drop() {
	d.admin.Exec(`DROP DATABASE IF EXISTS ` + d.name + ` WITH (FORCE)`)
	d.admin.Close()
}

// connections is the peak number of PostgreSQL connections per application name, and of those
// running a statement at the sampled moment.
type connections struct {
	mu     sync.Mutex
	peak   map[string]int
	active map[string]int
}

// sample reads pg_stat_activity for the run's database every interval until ctx ends.
func (d *database) sample(ctx context.Context, interval time.Duration, into *connections) {
	into.peak, into.active = map[string]int{}, map[string]int{}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		rows, err := d.admin.QueryContext(ctx, `SELECT application_name, COUNT(*), COUNT(*) FILTER (WHERE state = 'active')
			FROM pg_stat_activity WHERE datname = $1 GROUP BY application_name`, d.name)
		if err == nil {
			into.mu.Lock()
			for rows.Next() {
				var app string
				var n, active int
				if rows.Scan(&app, &n, &active) == nil {
					into.peak[app] = max(into.peak[app], n)
					into.active[app] = max(into.active[app], active)
				}
			}
			into.mu.Unlock()
			rows.Close()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// serverStats are the database's counters from pg_stat_database.
type serverStats struct {
	commits, rollbacks, blocksRead, blocksHit int64
}

func (d *database) stats(ctx context.Context) (serverStats, error) {
	var s serverStats
	err := d.admin.QueryRowContext(ctx, `SELECT xact_commit, xact_rollback, blks_read, blks_hit FROM pg_stat_database WHERE datname = $1`, d.name).
		Scan(&s.commits, &s.rollbacks, &s.blocksRead, &s.blocksHit)
	return s, err
}

// serverCPU is the CPU time the whole PostgreSQL cluster has used: the postmaster, its live
// children, and the children it has already reaped. It needs the data directory's
// postmaster.pid to be readable (the run as root or as the cluster's owner); otherwise ok is
// false and the report says the figure is not available.
func (d *database) serverCPU(ctx context.Context) (cpu time.Duration, ok bool) {
	var dir string
	if err := d.admin.QueryRowContext(ctx, `SHOW data_directory`).Scan(&dir); err != nil {
		return 0, false
	}
	raw, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return 0, false
	}
	first, _, _ := strings.Cut(string(raw), "\n")
	postmaster, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return 0, false
	}
	st, err := readStat(postmaster)
	if err != nil {
		return 0, false
	}
	total := st.cpu + st.childrenCPU
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if child, err := readStat(pid); err == nil && child.ppid == postmaster {
			total += child.cpu
		}
	}
	return total, true
}
