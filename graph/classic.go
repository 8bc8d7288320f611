package graph

import (
	"fmt"
	"strconv"
	"time"
)

// Calendar returns the graph of the Calendar game (HDU 1079): a position is
// a date from first to last; a move goes to the next day, or to the same
// day of the next month when that date exists; no move goes past last, so
// whoever reaches last wins (its node has no move). Nodes are named
// YYYY-MM-DD.
func Calendar(first, last time.Time) (*Named, error) {
	first, last = day(first), day(last)
	if last.Before(first) {
		return nil, fmt.Errorf("calendar: the last date %s is before the first %s", last.Format(time.DateOnly), first.Format(time.DateOnly))
	}
	if days := last.Sub(first).Hours() / 24; days > maxCalendarDays {
		return nil, fmt.Errorf("calendar: %.0f days, more than %d", days, maxCalendarDays)
	}
	b := newBuilder()
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		name := d.Format(time.DateOnly)
		if _, err := b.node(name); err != nil {
			return nil, err
		}
		if next := d.AddDate(0, 0, 1); !next.After(last) {
			if err := b.edge(name, next.Format(time.DateOnly)); err != nil {
				return nil, err
			}
		}
		// The same day of the next month, when it exists: AddDate
		// normalizes January 31 + 1 month to March 3, which is not it.
		if next := d.AddDate(0, 1, 0); next.Day() == d.Day() && !next.After(last) {
			if err := b.edge(name, next.Format(time.DateOnly)); err != nil {
				return nil, err
			}
		}
	}
	return b.graph(), nil
}

// maxCalendarDays bounds a Calendar game's dates.
const maxCalendarDays = 10_000_000

// day returns t's date at midnight UTC.
func day(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }

// Boxes returns the graph of the boxes of HDU 3389: boxes 1..n, and a move
// from box A to box B when B < A, A + B is odd and A + B is divisible by 3
// (A + B ≡ 3 mod 6). Nodes are named by their numbers.
func Boxes(n int) (*Named, error) {
	if n < 1 || n > maxBoxes {
		return nil, fmt.Errorf("boxes: %d boxes, want 1 to %d", n, maxBoxes)
	}
	b := newBuilder()
	for a := 1; a <= n; a++ {
		name := strconv.Itoa(a)
		if _, err := b.node(name); err != nil {
			return nil, err
		}
		// B < A with A + B ≡ 3 (mod 6): B ≡ 3 − A (mod 6).
		for c := ((3-a)%6 + 6) % 6; c < a; c += 6 {
			if c >= 1 {
				if err := b.edge(name, strconv.Itoa(c)); err != nil {
					return nil, err
				}
			}
		}
	}
	return b.graph(), nil
}

// maxBoxes bounds HDU 3389's boxes: each has about a sixth of the others
// as moves, so the edges grow as n²/12.
const maxBoxes = 20000
