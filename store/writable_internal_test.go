package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// TestCheckWritableOnAReadOnlyDatabase: a database the server can read but
// not write (a read-only file or mount) is reported, where a ping alone
// said all was well.
func TestCheckWritableOnAReadOnlyDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ro.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CheckWritable(ctx); err != nil {
		t.Fatalf("CheckWritable on a writable database: %v", err)
	}
	// Tests may run as root, for whom file modes do not stop a write, so
	// the writer is reopened read-only as a read-only mount would make it.
	ro, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	s.w.Close()
	s.w = ro
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping on a read-only database: %v (a ping is expected to pass; that is the problem)", err)
	}
	if err := s.CheckWritable(ctx); err == nil {
		t.Fatalf("CheckWritable on a read-only database = nil, want an error")
	}
	var n int
	if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM learners").Scan(&n); err != nil || n != 0 {
		t.Fatalf("the check left %d learners behind (%v), want none", n, err)
	}
}
