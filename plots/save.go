package plots

import (
	"fmt"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Save draws p at the given size into the file path, as format ("png" or
// "svg"). The file is written under a temporary name and renamed when
// complete, so a failed or interrupted save leaves nothing behind.
func Save(p *plot.Plot, width, height vg.Length, format, path string) error {
	w, err := p.WriterTo(width, height, format)
	if err != nil {
		return fmt.Errorf("draw %s: %w", path, err)
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = w.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp) // best effort: err already says what went wrong
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
