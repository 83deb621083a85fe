package resourceful

import "wealthportal/backend/internal/store"

// OnTx is the Querier of work that runs outside a request (a background job) in a transaction
// of its own, tx on db, with the SQL's ? placeholders rebound for db's dialect as Q and WithTx
// do, so domain functions that take a Querier (Insert among them) run on it unchanged.
func OnTx(db *store.DB, tx Querier) Querier { return rebound{q: tx, db: db} }
