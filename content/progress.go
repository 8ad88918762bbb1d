package content

import "time"

// ReadingProgress counts the guide sections in read (section slug to when
// it was marked read) and returns the first section not read yet, in guide
// order, or nil when every section is read. Slugs in read that are not in
// the guide are not counted.
func (c *Catalog) ReadingProgress(read map[string]time.Time) (count int, next *Section) {
	for _, sec := range c.Guide {
		if _, ok := read[sec.Slug]; ok {
			count++
		} else if next == nil {
			next = sec
		}
	}
	return count, next
}
