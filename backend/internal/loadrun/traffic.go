package loadrun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"time"

	"wealthportal/backend/internal/firmdata"
)

// The kinds of call the report lists, in the order a visit makes them.
const (
	kindLogin         = "login"
	kindSessionUser   = "session/user"
	kindHome1         = "home batch 1"
	kindHome2         = "home batch 2"
	kindTransactions  = "transactions page"
	kindPositions     = "positions"
	kindTimeSeries    = "time series"
	kindProfit        = "profit analysis"
	kindClientSearch  = "client search"
	kindClientContext = "client in context"
	kindLogout        = "logout"
	statusUnfinished  = "unfinished at the bound"
	statusNetwork     = "network error"
	statusWrongAnswer = "unexpected answer"
)

// kinds is the report's order.
var kinds = []string{kindLogin, kindSessionUser, kindHome1, kindHome2, kindTransactions, kindPositions,
	kindTimeSeries, kindProfit, kindClientSearch, kindClientContext, kindLogout}

// pagesPerVisit is how many account pages (transactions, positions, series, analysis) a client
// opens between logging in and logging out.
const pagesPerVisit = 3

// visitor is who one session logs in as.
type visitor struct {
	username string
	adviser  bool
	surnames []string // an adviser's: surnames in their book, searched in turn
}

// visitors picks n logins of the synthetic firm: one in ten an adviser, the rest clients with
// Portfolio site access and no second factor (a second factor would need the code from the
// outbox), spread over the firm.
func visitors(f firmdata.Firm, n int) ([]visitor, error) {
	var clients []string
	books := map[string][]string{}
	for _, c := range f.Clients {
		books[c.Adviser] = append(books[c.Adviser], c.LastName)
		if l := c.Login; l != nil && !l.Disabled && l.MFAMethod == "" && c.ClientAccessLevel == "Client Portfolio" {
			clients = append(clients, l.Username)
		}
	}
	if len(clients) == 0 || len(f.Advisers) == 0 {
		return nil, fmt.Errorf("loadrun: the firm has no clients or advisers to log in as")
	}
	out := make([]visitor, 0, n)
	step := max(1, len(clients)/n)
	for i := range n {
		if i%10 == 9 {
			a := f.Advisers[(i/10)%len(f.Advisers)]
			out = append(out, visitor{username: a.Login.Username, adviser: true, surnames: books[a.Key]})
			continue
		}
		out = append(out, visitor{username: clients[(i*step)%len(clients)]})
	}
	return out, nil
}

// sample is one request's outcome.
type sample struct {
	kind    string
	elapsed time.Duration
	failure string // empty when the answer was the expected one; else the status or what went wrong
}

// session is one simulated user: a cookie jar (cookies are per host, not per port, so the
// session opened on one instance is sent to the other) and its own samples.
type session struct {
	index     int
	who       visitor
	instances []string
	client    *http.Client
	today     time.Time
	calls     int
	pages     int
	samples   []sample
	stop      <-chan struct{}
	pace      *pacer
}

func newSession(index int, who visitor, instances []string, transport http.RoundTripper, today time.Time, shape Shape, stop <-chan struct{}) *session {
	jar, _ := cookiejar.New(nil)
	return &session{index: index, who: who, instances: instances, today: today, stop: stop, pace: newPacer(shape, index),
		client: &http.Client{Jar: jar, Transport: transport}}
}

// wait pauses for d; false when stop came first.
func (s *session) wait(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-s.stop:
		return false
	case <-t.C:
		return true
	}
}

func (s *session) stopped() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// run is the session's life (Shape): it starts at its drawn time, logs in (again, after a
// pause, if that failed), then makes rounds of a client's or an adviser's pages, each request
// after a pause, until stop is closed, and logs out after one more pause. ctx bounds the
// requests in flight.
func (s *session) run(ctx context.Context) {
	if !s.wait(s.pace.start()) {
		return
	}
	entity, ok := s.login(ctx)
	for !ok { // a retry pauses first (call)
		if s.stopped() {
			return
		}
		entity, ok = s.login(ctx)
	}
	for !s.stopped() {
		if s.who.adviser {
			s.adviserRound(ctx)
		} else {
			s.clientRound(ctx, entity)
		}
	}
	// Users do not all log out at the same instant either; the drain time covers the pause.
	time.Sleep(s.pace.think())
	s.logout(ctx)
}

// call sends one request to the next instance in turn and records it; the answer's body is
// returned when the status was the expected one.
func (s *session) call(ctx context.Context, kind, method, path string, body any, want int) ([]byte, bool) {
	// Every request but a session's first (its login) and its logout follows a pause; when
	// the run ends during the pause the request is not made.
	if s.calls > 0 && kind != kindLogout && !s.wait(s.pace.think()) {
		return nil, false
	}
	base := s.instances[(s.index+s.calls)%len(s.instances)]
	s.calls++
	var reader io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, reader)
	if err != nil {
		s.samples = append(s.samples, sample{kind: kind, failure: statusWrongAnswer})
		return nil, false
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	started := time.Now()
	res, err := s.client.Do(req)
	var answer []byte
	if err == nil {
		answer, err = io.ReadAll(res.Body)
		res.Body.Close()
	}
	sm := sample{kind: kind, elapsed: time.Since(started)}
	switch {
	case err != nil && ctx.Err() != nil:
		sm.failure = statusUnfinished
	case err != nil:
		sm.failure = statusNetwork
	case res.StatusCode != want:
		sm.failure = strconv.Itoa(res.StatusCode)
	}
	s.samples = append(s.samples, sm)
	return answer, sm.failure == ""
}

// fail marks the session's last sample as failed (an answer of the wrong shape).
func (s *session) fail(failure string) {
	if n := len(s.samples); n > 0 && s.samples[n-1].failure == "" {
		s.samples[n-1].failure = failure
	}
}

func (s *session) login(ctx context.Context) (entityID int64, ok bool) {
	raw, ok := s.call(ctx, kindLogin, http.MethodPost, "/xplanapi/auth/login",
		map[string]string{"username": s.who.username, "password": firmdata.SyntheticPassword}, http.StatusOK)
	if !ok {
		return 0, false
	}
	var answer struct {
		LoginStatus string `json:"loginStatus"`
	}
	if json.Unmarshal(raw, &answer) != nil || answer.LoginStatus != "LoginSuccess" {
		s.fail(statusWrongAnswer + " (login status " + answer.LoginStatus + ")")
		return 0, false
	}
	raw, ok = s.call(ctx, kindSessionUser, http.MethodGet, "/xplanapi/session/user", nil, http.StatusOK)
	if !ok {
		return 0, false
	}
	var user struct {
		EntityID int64 `json:"entity_id"`
	}
	if json.Unmarshal(raw, &user) != nil || user.EntityID == 0 {
		s.fail(statusWrongAnswer)
		return 0, false
	}
	return user.EntityID, true
}

func (s *session) logout(ctx context.Context) {
	s.call(ctx, kindLogout, http.MethodDelete, "/xplanapi/session", nil, http.StatusNoContent)
}

// batchItem is one answer of POST /xplanapi/ (the resourceful batch).
type batchItem struct {
	Code int     `json:"code"`
	Body *string `json:"body"`
}

// batch sends the calls as one batch; it fails when the batch or any item fails.
func (s *session) batch(ctx context.Context, kind string, paths ...string) ([]batchItem, bool) {
	items := make([]map[string]string, len(paths))
	for i, p := range paths {
		items[i] = map[string]string{"method": http.MethodGet, "url": "/resourceful/" + p}
	}
	raw, ok := s.call(ctx, kind, http.MethodPost, "/xplanapi/", map[string]any{"batch": items}, http.StatusOK)
	if !ok {
		return nil, false
	}
	var answers []batchItem
	if json.Unmarshal(raw, &answers) != nil || len(answers) != len(paths) {
		s.fail(statusWrongAnswer)
		return nil, false
	}
	for _, a := range answers {
		if a.Code < 200 || a.Code > 299 {
			s.fail("batch item " + strconv.Itoa(a.Code))
			return nil, false
		}
	}
	return answers, true
}

// account is what a visit needs of one of the client's accounts.
type account struct {
	ID        int64 `json:"accountid"`
	Inception struct {
		Val string `json:"_val"` // a typed Date
	} `json:"inception_date"`
}

// clientRound: the home (two batch round trips, as the dashboard makes them), then a few
// account pages.
func (s *session) clientRound(ctx context.Context, entity int64) {
	e := strconv.FormatInt(entity, 10)
	day := func(t time.Time) string { return t.Format("2006-01-02") }
	yearAgo, today := day(s.today.AddDate(-1, 0, 0)), day(s.today)
	first, ok := s.batch(ctx, kindHome1, "entity/client-v3/"+e, "entity/client/"+e+"/client_group/member",
		"ufield/entity/client_access_level/choice", "entity/client/"+e+"/portfolio", "portfolio/account")
	if !ok || s.stopped() {
		return
	}
	var portfolios []struct {
		ID int64 `json:"portfolioid"`
	}
	var accounts []account
	if first[3].Body == nil || first[4].Body == nil ||
		json.Unmarshal([]byte(*first[3].Body), &portfolios) != nil || json.Unmarshal([]byte(*first[4].Body), &accounts) != nil {
		s.fail(statusWrongAnswer)
		return
	}
	// No start date: the platform's default, a year or since opening when that is later (a
	// start before the opening date is refused, and a household may be younger than a year).
	analysis := "portfolio/profit_analysis/detail?" + url.Values{"entityid": {e}, "end_date": {today},
		"grouping": {"portfolio,account"}, "include_twrr": {"1"}, "include_irr": {"1"}}.Encode()
	second := []string{analysis}
	if len(portfolios) > 0 {
		second = append(second, fmt.Sprintf("portfolio/portfolio/%d/profit_analysis/historic_time_series_twrr?%s",
			portfolios[0].ID, url.Values{"end_date": {today}}.Encode()))
	}
	if _, ok := s.batch(ctx, kindHome2, second...); !ok || len(accounts) == 0 {
		return
	}
	for range pagesPerVisit {
		if s.stopped() {
			return
		}
		s.pages++
		acc := accounts[(s.index+s.pages)%len(accounts)]
		a := strconv.FormatInt(acc.ID, 10)
		switch (s.index + s.pages) % 4 {
		case 0:
			s.call(ctx, kindTransactions, http.MethodGet, "/xplanapi/portfolio/transaction?"+url.Values{"accountid": {a},
				"start_date": {"1900-01-01"}, "page_size": {"50"}, "sort_type": {"1"}}.Encode(), nil, http.StatusOK)
		case 1:
			s.call(ctx, kindPositions, http.MethodGet, "/xplanapi/portfolio/position?"+url.Values{"accountid": {a},
				"as_at_date": {today}}.Encode(), nil, http.StatusOK)
		case 2: // the whole series since the account opened (up to five years)
			s.call(ctx, kindTimeSeries, http.MethodGet, "/xplanapi/portfolio/account/"+a+"/profit_analysis/historic_time_series_twrr?"+
				url.Values{"start_date": {acc.Inception.Val}, "end_date": {today}}.Encode(), nil, http.StatusOK)
		default:
			// A year, or since the account opened when that is later (earlier is refused).
			start := max(yearAgo, acc.Inception.Val)
			s.call(ctx, kindProfit, http.MethodGet, "/xplanapi/portfolio/profit_analysis/detail?"+url.Values{"accountid": {a},
				"start_date": {start}, "end_date": {today}, "include_twrr": {"1"}, "include_irr": {"1"}}.Encode(), nil, http.StatusOK)
		}
	}
}

// adviserRound: search the client list by two surnames of the adviser's book, open the first
// client found (put it in context, then a year's profit analysis).
func (s *session) adviserRound(ctx context.Context) {
	var found int64
	for i := range 2 {
		if s.stopped() {
			return
		}
		surname := s.who.surnames[(s.calls+i)%len(s.who.surnames)]
		raw, ok := s.call(ctx, kindClientSearch, http.MethodGet, "/xplanapi/entity/client-v3?"+
			url.Values{"quicksearch": {surname}, "page_size": {"20"}}.Encode(), nil, http.StatusOK)
		if !ok {
			return
		}
		var items []struct {
			ID int64 `json:"id"`
		}
		if json.Unmarshal(raw, &items) != nil || len(items) == 0 {
			s.fail(statusWrongAnswer + " (no client found)")
			return
		}
		found = items[0].ID
	}
	// Put the client in context, as the client list does, at the Portfolio level so a client
	// without a login opens in preview: without it the BFF refuses the adviser a client's data.
	if _, ok := s.call(ctx, kindClientContext, http.MethodPut, "/api/client-context",
		map[string]any{"client_id": found, "site_access_level": "Portfolio"}, http.StatusOK); !ok {
		return
	}
	day := func(t time.Time) string { return t.Format("2006-01-02") }
	s.call(ctx, kindProfit, http.MethodGet, "/xplanapi/portfolio/profit_analysis/detail?"+url.Values{
		"entityid": {strconv.FormatInt(found, 10)}, "end_date": {day(s.today)}, // default start, as on the home
		"grouping": {"portfolio,account"}, "include_twrr": {"1"}}.Encode(), nil, http.StatusOK)
}
