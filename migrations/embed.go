// Package migrations holds the numbered SQL files that build lockdrill's
// SQLite schema, applied in order by goose when the store opens. An applied
// migration is never edited: a change is a new file with the next number.
package migrations

import "embed"

// FS holds every migration file.
//
//go:embed *.sql
var FS embed.FS
