package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"sync"
	"time"

	"github.com/mattn/go-sqlite3"
)

// Checkpoints off the writer's path. SQLite's automatic checkpoint runs in
// the connection that commits, once the WAL passes 1,000 pages: the writer
// then copies the WAL into the database file and syncs it while every
// other write waits. Here a goroutine of its own, on a connection of its
// own, checkpoints (PASSIVE: it never blocks the writer or a reader) a
// little after commits, so the copying and syncing overlap the next
// writes. The writer keeps an automatic checkpoint only as a backstop, at
// writerAutoCheckpoint pages: a PASSIVE checkpoint cannot finish while
// writes keep coming, and the writer's own, taken between two writes,
// lets SQLite start the WAL over, which bounds its size.

// writerAutoCheckpoint is the WAL size in pages (of 4 KB) at which the
// writer checkpoints itself.
const writerAutoCheckpoint = 4000

// checkpointEvery is the least time between two background checkpoints.
const checkpointEvery = 50 * time.Millisecond

// hookConnector opens connections of dsn that run init first: pragmas that
// the DSN cannot carry are set per connection, like those it can.
type hookConnector struct {
	drv *sqlite3.SQLiteDriver
	dsn string
}

func newHookConnector(dsn, init string) hookConnector {
	return hookConnector{dsn: dsn, drv: &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		_, err := c.Exec(init, nil)
		return err
	}}}
}

func (c hookConnector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c hookConnector) Driver() driver.Driver                        { return c.drv }

// checkpointer runs the background checkpoints.
type checkpointer struct {
	db   *sql.DB
	kick chan struct{}
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

func startCheckpointer(db *sql.DB) *checkpointer {
	c := &checkpointer{db: db, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	return c
}

// committed tells the checkpointer that the WAL grew; it never blocks.
func (c *checkpointer) committed() {
	select {
	case c.kick <- struct{}{}:
	default:
	}
}

func (c *checkpointer) run() {
	defer close(c.done)
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-c.kick:
		}
		// A failed checkpoint (a reader's snapshot, a busy lock) loses
		// nothing: the frames stay in the WAL for the next one.
		_, _ = c.db.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		t.Reset(checkpointEvery)
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
	}
}

// close stops the checkpointer and closes its connection; closing again
// does nothing, as closing a Store twice does.
func (c *checkpointer) close() error {
	c.once.Do(func() { close(c.stop) })
	<-c.done
	return c.db.Close()
}
