package store

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/klauspost/compress/s2"
)

// Attempts' answers and results are stored compressed (migration 00010).
// The largest answer and its result are ~21 KB of JSON, which filled five
// or six pages the single writer had to commit and the checkpointer to
// copy; compressed they fill two or three. The compressing is done by the
// goroutine that stores the answer, before it queues for the writer.
//
// The codec is S2 (github.com/klauspost/compress/s2, pure Go, a faster
// superset of Snappy), in its block format. Measured on learners' answers
// and results (the blind corpus), a 21 KB attempt takes 11 µs to 8.9 KB
// with S2, 48 µs to 6.0 KB with zstd at its fastest level and ~80 µs to
// 6.1 KB with the standard library's compress/flate at BestSpeed. On a
// machine whose cores the writer shares with the goroutines that encode,
// CPU is what a write costs: the extra page zstd or flate saves costs the
// commit less than their 40-70 µs more of compressing (zstd made the write
// benchmark slower than storing the JSON as text; S2 made it faster), and
// S2 decodes several times faster still, for every feedback page and
// export.
//
// A compressed value starts with a format byte, so that another codec can
// be added later without guessing what a stored blob holds.
const formatS2 = 0x01

// minCompressed is the shortest JSON worth compressing: below it the gain
// is a few bytes (a choice answer is a few dozen).
const minCompressed = 128

// maxDecompressed bounds what one value may decompress to: far more than
// any answer or result (quiz.MaxAnswerBytes is 20,000), so that a damaged
// blob cannot ask for gigabytes.
const maxDecompressed = 8 << 20

// compressJSON appends js compressed to dst and reports whether it did:
// false (dst unchanged) when js is too short to gain or compressing did
// not make it smaller, and the row then keeps js as text.
func compressJSON(dst, js []byte) ([]byte, bool) {
	m := s2.MaxEncodedLen(len(js))
	if len(js) < minCompressed || m < 0 {
		return dst, false
	}
	n := len(dst)
	out := slices.Grow(dst, 1+m)[:n+1+m]
	out[n] = formatS2
	// out has room for the largest encoding, so Encode writes into it.
	enc := s2.Encode(out[n+1:], js)
	if 1+len(enc) >= len(js) {
		return dst, false
	}
	return out[:n+1+len(enc)], true
}

// encodeColumn is the text and compressed value an answer or result
// column pair stores for js: exactly one of them is set.
func encodeColumn(js []byte) (text string, z []byte) {
	if z, ok := compressJSON(nil, js); ok {
		return "", z
	}
	return string(js), nil
}

// errNoJSON is returned for a row that holds neither form of a value.
var errNoJSON = errors.New("neither text nor compressed value")

// decodeBufs are the buffers compressed values are decompressed into,
// kept while json.Unmarshal reads them (it copies what it keeps).
var decodeBufs = sync.Pool{New: func() any { return new([]byte) }}

// columnJSON calls use with the JSON a column pair stores: text when it is
// non-empty (rows written before migration 00010, and short values), else
// z decompressed. use must not keep the bytes.
func columnJSON(text string, z []byte, use func([]byte) error) error {
	if text != "" {
		return use([]byte(text))
	}
	if len(z) == 0 {
		return errNoJSON
	}
	if z[0] != formatS2 {
		return fmt.Errorf("unknown compressed format %#x", z[0])
	}
	n, err := s2.DecodedLen(z[1:])
	if err != nil {
		return fmt.Errorf("decompress: %w", err)
	}
	if n > maxDecompressed {
		return fmt.Errorf("decompress: %d bytes, more than any answer or result", n)
	}
	bp := decodeBufs.Get().(*[]byte)
	defer decodeBufs.Put(bp)
	buf := slices.Grow((*bp)[:0], n)[:n]
	if n <= maxPooledBuf {
		*bp = buf
	}
	js, err := s2.Decode(buf, z[1:])
	if err != nil {
		return fmt.Errorf("decompress: %w", err)
	}
	return use(js)
}
