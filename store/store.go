// Package store keeps lockdrill's state in one SQLite file: learners, their
// reading progress, practice attempts, sandbox timelines and mock rounds.
//
// Writes go through a single connection (SQLite allows one writer at a time,
// and one connection turns contention into an orderly queue); reads use a
// separate pool opened read-only. Every method that writes owns one
// transaction.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-sqlite3" // also registers the "sqlite3" driver
	"github.com/pressly/goose/v3"

	"lockdrill/migrations"
)

// ErrNotFound is returned when a requested row does not exist or does not
// belong to the learner asking for it: the two are indistinguishable on
// purpose, so ids cannot be probed.
var ErrNotFound = errors.New("not found")

// Store is the SQLite-backed state of the app.
type Store struct {
	w  *sql.DB // one connection: the only writer
	r  *sql.DB // read-only pool
	cp *checkpointer

	limitsMu sync.Mutex
	limits   Limits
	// writeSlot is the turn at the writer: held for a whole transaction.
	writeSlot chan struct{}
	// attempts are the answers waiting to be stored in the next group.
	attempts attemptQueue
}

// Open opens (creating if needed) the database file at path, applies pending
// migrations and returns a Store. The store has no clock of its own: every
// method that records a time takes it from the caller, so that one clock
// (the web server's) stamps every row.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("open store: empty database path")
	}
	// Pragmas are per connection, so they live in the DSN and apply to
	// every connection the pool opens.
	base := "file:" + (&url.URL{Path: path}).EscapedPath()
	// Each connection keeps its prepared statements (_stmt_cache_size):
	// preparing the attempt INSERT anew was a tenth of an answer's CPU.
	// The writer checkpoints only as a backstop (checkpoint.go); the
	// checkpointer's own connection does it in the background.
	wdsn := base + "?_journal_mode=WAL&_busy_timeout=" + strconv.Itoa(busyTimeoutMS) + "&_foreign_keys=on&_synchronous=NORMAL&_txlock=immediate&_stmt_cache_size=" + strconv.Itoa(stmtCacheSize)
	w := sql.OpenDB(newHookConnector(wdsn, "PRAGMA wal_autocheckpoint = "+strconv.Itoa(writerAutoCheckpoint)))
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite3", base+"?_busy_timeout=5000&_foreign_keys=on&_query_only=1&_stmt_cache_size="+strconv.Itoa(stmtCacheSize))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open store %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(8)
	cp, err := sql.Open("sqlite3", base+"?_busy_timeout="+strconv.Itoa(busyTimeoutMS)+"&_synchronous=NORMAL")
	if err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("open store %s for checkpoints: %w", path, err)
	}
	cp.SetMaxOpenConns(1)
	return &Store{w: w, r: r, cp: startCheckpointer(cp), limits: DefaultLimits(), writeSlot: make(chan struct{}, 1),
		attempts: attemptQueue{arrived: make(chan struct{}, 1), gatherWait: maxGather}}, nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.FS)
	if err != nil {
		return fmt.Errorf("prepare migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("apply migrations: %w", err)
	}
	return nil
}

// Close closes both pools.
func (s *Store) Close() error {
	return errors.Join(s.cp.close(), s.r.Close(), s.w.Close())
}

// Ping checks that the database answers a query on both pools.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.r.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("ping reader: %w", err)
	}
	if err := s.w.PingContext(ctx); err != nil {
		return fmt.Errorf("ping writer: %w", err)
	}
	return nil
}

// SchemaVersion returns the highest applied migration.
func (s *Store) SchemaVersion(ctx context.Context) (int64, error) {
	var v sql.NullInt64
	err := s.r.QueryRowContext(ctx, "SELECT max(version_id) FROM goose_db_version WHERE is_applied").Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	return v.Int64, nil
}

// ErrBusy is returned by a write that could not start in time because the
// database's write lock is held (by a long write here, or by another
// process such as a backup). Nothing was written; the write can be retried.
var ErrBusy = errors.New("database busy")

// writeWait bounds how long a write waits for its turn at the single writer
// connection, and busyTimeoutMS how long that connection waits for another
// process's lock: a held lock fails fast with ErrBusy rather than piling up
// requests until their deadlines.
const (
	writeWait     = 2 * time.Second
	busyTimeoutMS = 1000
)

// stmtCacheSize is how many prepared statements each connection keeps:
// more than the store's distinct statements on any hot path.
const stmtCacheSize = 64

// withTx runs fn inside one write transaction, committing when fn returns nil.
func (s *Store) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return s.write(ctx, true, fn)
}

// write runs fn in a write transaction, committing when commit is set and
// fn returns nil, rolling back otherwise. It returns an error wrapping
// ErrBusy when the write lock could not be had in time.
func (s *Store) write(ctx context.Context, commit bool, fn func(tx *sql.Tx) error) error {
	t := time.NewTimer(writeWait)
	select {
	case s.writeSlot <- struct{}{}:
		t.Stop()
	case <-t.C:
		return fmt.Errorf("%w: waited %v for the writer", ErrBusy, writeWait)
	case <-ctx.Done():
		t.Stop()
		return ctx.Err()
	}
	defer func() { <-s.writeSlot }()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return busy(err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return busy(err)
	}
	if !commit {
		return nil
	}
	if err := tx.Commit(); err != nil {
		return busy(err)
	}
	s.cp.committed()
	return nil
}

// busy marks SQLite's "database is locked" errors as ErrBusy.
func busy(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked) {
		return fmt.Errorf("%w: %w", ErrBusy, err)
	}
	return err
}

// CheckWritable checks that a write would succeed now: it starts a write
// transaction, writes a row and rolls it back. It fails on a read-only
// database, and with ErrBusy when the write lock is held.
func (s *Store) CheckWritable(ctx context.Context) error {
	err := s.write(ctx, false, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO learners (id, created_ms) VALUES (?, 0)", strings.Repeat("0", 32))
		return err
	})
	if err != nil {
		return fmt.Errorf("check writable: %w", err)
	}
	return nil
}

// NewID returns a random 128-bit identifier as 32 lowercase hex digits: long
// enough that ids can be shared in links without being guessed.
func NewID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported platforms.
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b[:])
}

// ValidID reports whether id has the shape NewID produces, so malformed ids
// from cookies or URLs are refused before any query.
func ValidID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
