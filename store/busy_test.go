package store_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"

	"lockdrill/store"
)

// TestHeldWriteLockFailsFastWithErrBusy: while another process holds the
// write lock, every write, however many at once, fails with ErrBusy (one
// retryable error) instead of a mix of errors after long waits; once the
// lock is released writes work again.
func TestHeldWriteLockFailsFastWithErrBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "busy.db")
	s := mustOpen(t, path)
	ctx := context.Background()
	release := func() {}
	func() {
		db, err := sql.Open("sqlite3", "file:"+path+"?_txlock=immediate")
		if err != nil {
			t.Fatal(err)
		}
		tx, err := db.Begin()
		if err != nil {
			t.Fatalf("take the write lock: %v", err)
		}
		release = func() { tx.Rollback(); db.Close() }
	}()
	var wg sync.WaitGroup
	errs := make([]error, 5)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.CreateLearner(ctx, t0)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if !errors.Is(err, store.ErrBusy) {
			t.Fatalf("write %d under a held lock: err = %v, want ErrBusy", i, err)
		}
	}
	if err := s.CheckWritable(ctx); !errors.Is(err, store.ErrBusy) {
		t.Fatalf("CheckWritable under a held lock: err = %v, want ErrBusy", err)
	}
	release()
	if _, err := s.CreateLearner(ctx, t0); err != nil {
		t.Fatalf("write after the lock is released: %v", err)
	}
	if err := s.CheckWritable(ctx); err != nil {
		t.Fatalf("CheckWritable: %v", err)
	}
}
