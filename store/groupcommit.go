package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// Group commit for answers. Each answer used to be a transaction of its
// own, and the commit (the WAL frames of the table and index pages, the
// wal-index, the occasional checkpoint) cost more than the insert. Answers
// that arrive while the writer is busy now wait in a queue; whoever gets
// the writer next stores the whole queue (up to maxGroup) in one
// transaction, each answer inside its own savepoint so that one answer's
// quota or constraint error touches no other, and tells each waiter its
// outcome only after the commit: an answer is acknowledged only once it is
// on disk as durably as before.

// maxGroup bounds the answers stored in one transaction, so that a group
// holds the writer for a few milliseconds at most.
const maxGroup = 64

// attemptWrite is one answer waiting to be stored.
type attemptWrite struct {
	ctx  context.Context
	row  attemptRow
	lim  Limits
	now  time.Time
	done chan error // buffered: the outcome, sent once the group committed or failed
	// encoding reports that w counts in attemptQueue.encoding until it is
	// queued.
	encoding bool
	// once, when positive, makes the write a no-op if the learner's latest
	// attempt at the question is younger than once and has the same
	// answer; existing is then set to that attempt's id.
	once     time.Duration
	existing string
}

// maxGather bounds how long a group waits for answers still being
// encoded (see gather).
const maxGather = 500 * time.Microsecond

// attemptQueue holds the answers waiting for the writer.
type attemptQueue struct {
	mu      sync.Mutex
	pending []*attemptWrite
	// encoding counts the answers being encoded (newAttemptRow), which
	// will be queued in a few tens of microseconds.
	encoding int
	// arrived is signalled when an answer is queued or an encoding ends.
	arrived chan struct{}
	// gatherWait is maxGather, or longer in tests that need no deadline.
	gatherWait time.Duration
}

// startEncoding records an answer about to be encoded: it counts in
// encoding until storeAttempt queues it (attemptWrite.encoding) or
// stopEncoding is called because it never will be.
func (q *attemptQueue) startEncoding() {
	q.mu.Lock()
	q.encoding++
	q.mu.Unlock()
}

func (q *attemptQueue) stopEncoding() {
	q.mu.Lock()
	q.encoding--
	q.mu.Unlock()
	q.signal()
}

func (q *attemptQueue) signal() {
	select {
	case q.arrived <- struct{}{}:
	default:
	}
}

// gather waits, for gatherWait at most, while answers are being encoded
// and the queue has room for them, so that they join this group rather
// than each costing a commit of its own. A commit's fixed cost (the
// transaction, the WAL's header and locks) was most of a small group's:
// under load groups averaged ~3 answers, because the writer was back for
// the queue before the goroutines it had just answered had encoded their
// next answer. An idle store encodes nothing else and does not wait.
func (q *attemptQueue) gather() {
	var t *time.Timer
	for {
		q.mu.Lock()
		waiting := q.encoding > 0 && len(q.pending) < maxGroup
		q.mu.Unlock()
		if !waiting {
			break
		}
		if t == nil {
			t = time.NewTimer(q.gatherWait)
			defer t.Stop()
		}
		select {
		case <-q.arrived:
		case <-t.C:
			return
		}
	}
}

// remove takes w out of the queue; false when a group already took it.
func (q *attemptQueue) remove(w *attemptWrite) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, p := range q.pending {
		if p == w {
			q.pending = append(q.pending[:i], q.pending[i+1:]...)
			return true
		}
	}
	return false
}

// take removes up to maxGroup answers from the head of the queue.
func (q *attemptQueue) take() []*attemptWrite {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := min(len(q.pending), maxGroup)
	if n == 0 {
		return nil
	}
	batch := make([]*attemptWrite, n)
	copy(batch, q.pending)
	rest := copy(q.pending, q.pending[n:])
	clear(q.pending[rest:])
	q.pending = q.pending[:rest]
	return batch
}

// storeAttempt queues w and waits until a group holding it has committed
// (nil), or failed, or w's turn did not come within writeWait (ErrBusy) or
// before ctx ended: then w was never written.
func (s *Store) storeAttempt(ctx context.Context, w *attemptWrite) error {
	w.ctx, w.done = ctx, make(chan error, 1)
	s.attempts.mu.Lock()
	s.attempts.pending = append(s.attempts.pending, w)
	if w.encoding {
		s.attempts.encoding--
	}
	s.attempts.mu.Unlock()
	s.attempts.signal()
	t := time.NewTimer(writeWait)
	defer t.Stop()
	for {
		// A group that took w sent its outcome before it let go of the
		// writer, so once w is done it is never taken again.
		select {
		case err := <-w.done:
			return err
		default:
		}
		select {
		case err := <-w.done:
			return err
		case s.writeSlot <- struct{}{}:
			s.commitGroup()
		case <-t.C:
			if s.attempts.remove(w) {
				return fmt.Errorf("%w: waited %v for the writer", ErrBusy, writeWait)
			}
			return <-w.done // its group is being written: wait for the outcome
		case <-ctx.Done():
			if s.attempts.remove(w) {
				return ctx.Err()
			}
			return <-w.done
		}
	}
}

// commitGroup stores the queued answers in one transaction and sends each
// its outcome. The caller holds the writer slot; commitGroup releases it,
// after every outcome is sent.
func (s *Store) commitGroup() {
	defer func() { <-s.writeSlot }()
	s.attempts.gather()
	batch := s.attempts.take()
	if len(batch) == 0 {
		return
	}
	errs := make([]error, len(batch))
	if err := insertGroup(s.w, batch, errs); err != nil {
		for i := range errs {
			errs[i] = err
		}
	} else {
		s.cp.committed()
	}
	for i, w := range batch {
		w.done <- errs[i]
	}
}

// insertGroup inserts batch in one transaction, setting errs[i] for an
// answer that was not stored; an error return means none was.
func insertGroup(db *sql.DB, batch []*attemptWrite, errs []error) error {
	// The transaction outlives any one waiter's context: each statement
	// runs under its answer's context instead, so a waiter that gives up
	// loses only its own answer.
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		return busy(err)
	}
	defer tx.Rollback()
	one := len(batch) == 1
	stored := 0
	for i, w := range batch {
		if err := w.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if !one {
			if _, err := tx.ExecContext(w.ctx, "SAVEPOINT answer"); err != nil {
				errs[i] = busy(err)
				continue
			}
		}
		var err error
		if w.once > 0 {
			w.existing, err = sameRecentAttemptTx(w.ctx, tx, w.row, w.now.Add(-w.once).UnixMilli())
		}
		if err == nil && w.existing == "" {
			err = checkQuota(w.ctx, tx, w.now, "answers", "attempts", "created_ms", w.row.learner, w.lim.AttemptsPerDay, w.lim.AttemptsTotal)
			if err == nil {
				err = insertAttemptTx(w.ctx, tx, w.row)
			}
		}
		if one {
			if err != nil {
				return busy(err)
			}
			stored++
			continue
		}
		if err != nil {
			errs[i] = busy(err)
			// Undo this answer only; if SQLite already rolled the whole
			// transaction back (a full disk, an I/O error), nothing of
			// the group stays, and every answer gets the error.
			if _, rerr := tx.Exec("ROLLBACK TO answer"); rerr != nil {
				return busy(fmt.Errorf("%w (and undoing it: %v)", err, rerr))
			}
		} else {
			stored++
		}
		if _, err := tx.Exec("RELEASE answer"); err != nil {
			return busy(err)
		}
	}
	if stored == 0 {
		return nil // nothing to commit; the deferred Rollback ends the transaction
	}
	return busy(tx.Commit())
}
