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
	"sync"
	"time"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
	"github.com/pressly/goose/v3"

	"lockdrill/migrations"
)

// ErrNotFound is returned when a requested row does not exist or does not
// belong to the learner asking for it: the two are indistinguishable on
// purpose, so ids cannot be probed.
var ErrNotFound = errors.New("not found")

// Store is the SQLite-backed state of the app.
type Store struct {
	w   *sql.DB // one connection: the only writer
	r   *sql.DB // read-only pool
	now func() time.Time

	limitsMu sync.Mutex
	limits   Limits
}

// Open opens (creating if needed) the database file at path, applies pending
// migrations and returns a Store. now supplies the time recorded on writes;
// nil means time.Now.
func Open(ctx context.Context, path string, now func() time.Time) (*Store, error) {
	if path == "" {
		return nil, errors.New("open store: empty database path")
	}
	if now == nil {
		now = time.Now
	}
	// Pragmas are per connection, so they live in the DSN and apply to
	// every connection the pool opens.
	base := "file:" + (&url.URL{Path: path}).EscapedPath()
	w, err := sql.Open("sqlite3", base+"?_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_synchronous=NORMAL&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
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
	r, err := sql.Open("sqlite3", base+"?_busy_timeout=5000&_foreign_keys=on&_query_only=1")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open store %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(8)
	return &Store{w: w, r: r, now: now, limits: DefaultLimits()}, nil
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
	return errors.Join(s.r.Close(), s.w.Close())
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

// withTx runs fn inside one write transaction, committing when fn returns nil.
func (s *Store) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *Store) nowMS() int64 { return s.now().UnixMilli() }

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
