package conformance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"

	_ "github.com/mattn/go-sqlite3" // the real SQLite, through database/sql

	"lockdrill/sandbox"
)

// SQLite plays the database model against a real SQLite file: the claim
// is a conditional UPDATE of the resource row, judged by the database's
// own clock; each claim bumps the row's epoch; the write guard is the
// UPDATE's WHERE (holder, epoch and an unexpired claim).
type SQLite struct {
	// Dir holds one database file per run; empty means a new temporary
	// directory per run, removed when the run ends.
	Dir  string
	runs atomic.Int64
}

// Scale returns 0.1: a 10 s TTL lasts 1 s.
func (t *SQLite) Scale(sandbox.Scenario) float64 { return 0.1 }

// Name returns "sqlite".
func (t *SQLite) Name() string { return "sqlite" }

// OutOfReach lists what of sc SQLite cannot play.
func (t *SQLite) OutOfReach(sc sandbox.Scenario, scale float64) []string {
	if sc.Lock.Model != sandbox.ModelDatabase {
		return []string{"model " + sc.Lock.Model.String() + " is not played against SQLite"}
	}
	return nodeOpsReach(sc, func(a sandbox.Action) string {
		if a.Op == sandbox.OpHeal {
			return ""
		}
		return "SQLite is a library inside the client's process, not a server: there is no database process to stop, restart or cut off from one client"
	})
}

// nowMS is the database's clock in milliseconds.
const nowMS = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`

const schema = `CREATE TABLE resource (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  holder TEXT,
  epoch INTEGER NOT NULL DEFAULT 0,
  held_until INTEGER NOT NULL DEFAULT 0,
  value TEXT NOT NULL DEFAULT ''
);
INSERT INTO resource (id) VALUES (1);`

// Open creates the run's database with its one row.
func (t *SQLite) Open(ctx context.Context, sc sandbox.Scenario, scale float64) (Backend, error) {
	dir, cleanup := t.Dir, func() {}
	if dir == "" {
		d, err := os.MkdirTemp("", "lockdrill-conform-")
		if err != nil {
			return nil, err
		}
		dir, cleanup = d, func() { os.RemoveAll(d) }
	}
	path := filepath.Join(dir, "run-"+strconv.FormatInt(t.runs.Add(1), 10)+".db")
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_busy_timeout=5000&_txlock=immediate&_synchronous=NORMAL")
	if err != nil {
		cleanup()
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		cleanup()
		return nil, fmt.Errorf("create the row: %w", err)
	}
	return &sqliteRow{db: db, ttl: max(int64(float64(sc.Lock.TTLMS)*scale), 1), uncond: sc.Lock.Release == sandbox.ReleaseUnconditionalDel,
		epochToken: sc.Lock.TokenSource == sandbox.TokenEpoch, epochs: map[string]int64{}, cleanup: cleanup}, nil
}

type sqliteRow struct {
	db     *sql.DB
	ttl    int64
	uncond bool
	// epochToken: the claim's epoch is the client's fencing token
	// (token_source epoch); the guard compares it either way.
	epochToken bool
	epochs     map[string]int64 // the epoch each owner's claim got
	cleanup    func()
}

func (b *sqliteRow) Close() error {
	err := b.db.Close()
	b.cleanup()
	return err
}

func (b *sqliteRow) holder(ctx context.Context) (string, error) {
	var h sql.NullString
	err := b.db.QueryRowContext(ctx, `SELECT holder FROM resource WHERE id = 1`).Scan(&h)
	return ownerClient(h.String), err
}

// Acquire is the claim: UPDATE the row if it is free or its claim has
// lapsed by the database's clock.
func (b *sqliteRow) Acquire(ctx context.Context, client, owner string) (Grant, error) {
	var epoch int64
	err := b.db.QueryRowContext(ctx, `UPDATE resource SET holder = ?, epoch = epoch + 1, held_until = `+nowMS+` + ?
		WHERE id = 1 AND (holder IS NULL OR held_until <= `+nowMS+`) RETURNING epoch`, owner, b.ttl).Scan(&epoch)
	if errors.Is(err, sql.ErrNoRows) {
		h, err := b.holder(ctx)
		return Grant{Holder: h, Reason: "held"}, err
	}
	if err != nil {
		return Grant{}, err
	}
	b.epochs[owner] = epoch
	if !b.epochToken {
		return Grant{OK: true}, nil
	}
	return Grant{OK: true, Token: epoch}, nil
}

func (b *sqliteRow) Expire(context.Context, string, string) error {
	return errors.New("set-then-expire does not apply to the database model")
}

func (b *sqliteRow) Release(ctx context.Context, client, owner string) ([]Removed, error) {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var h sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT holder FROM resource WHERE id = 1`).Scan(&h); err != nil {
		return nil, err
	}
	var res sql.Result
	if b.uncond {
		res, err = tx.ExecContext(ctx, `UPDATE resource SET holder = NULL WHERE id = 1 AND holder IS NOT NULL`)
	} else {
		res, err = tx.ExecContext(ctx, `UPDATE resource SET holder = NULL WHERE id = 1 AND holder = ? AND epoch = ?`, owner, b.epochs[owner])
	}
	if err != nil {
		return nil, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	switch {
	case n == 1:
		return []Removed{{Holder: ownerClient(h.String)}}, nil
	case b.uncond:
		return []Removed{{}}, nil
	}
	return nil, nil
}

// Extend renews the client's own claim, if it has not lapsed: a lapsed
// claim is not revived.
func (b *sqliteRow) Extend(ctx context.Context, client, owner string) (bool, []int, error) {
	res, err := b.db.ExecContext(ctx, `UPDATE resource SET held_until = `+nowMS+` + ?
		WHERE id = 1 AND holder = ? AND epoch = ? AND held_until > `+nowMS, b.ttl, owner, b.epochs[owner])
	if err != nil {
		return false, nil, err
	}
	n, err := res.RowsAffected()
	return n == 1, nil, err
}

// Write is the guarded UPDATE of the value: the row must still name the
// writer's claim (holder and epoch) and the claim must not have lapsed.
func (b *sqliteRow) Write(ctx context.Context, client, owner, value string, guarded bool) (bool, error) {
	var res sql.Result
	var err error
	if guarded {
		res, err = b.db.ExecContext(ctx, `UPDATE resource SET value = ?
			WHERE id = 1 AND holder = ? AND epoch = ? AND held_until > `+nowMS, value, owner, b.epochs[owner])
	} else {
		res, err = b.db.ExecContext(ctx, `UPDATE resource SET value = ? WHERE id = 1`, value)
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (b *sqliteRow) Value(ctx context.Context) (string, error) {
	var v string
	err := b.db.QueryRowContext(ctx, `SELECT value FROM resource WHERE id = 1`).Scan(&v)
	return v, err
}

func (b *sqliteRow) Failover(context.Context, int) (string, error) {
	return "", errors.New("failover does not apply to the database model")
}

// SQLiteVersion is the version of the SQLite library linked in.
func SQLiteVersion() (string, error) {
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		return "", err
	}
	defer db.Close()
	var v string
	err = db.QueryRow(`SELECT sqlite_version()`).Scan(&v)
	return v, err
}
