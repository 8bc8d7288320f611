package family

import (
	"context"
	"errors"
	"fmt"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
)

// Which stored values a run goes on from. A reader checks every table's
// checksums, its first values and its proof (export.Read): that catches
// damage and a table of another game, not a writer that lies past the
// first values. A run that goes on from a table — its checkpoint, its
// table in the output folder, or -from — takes its values as final, so it
// takes them only when
//
//   - the file is signed with the user's key (export.File.Signed): sgtab
//     wrote it, under this user's key, as it is; or
//   - every value passes compute.Verify, the mex of its options from the
//     file's own values, which costs about what computing them costs.
//
// A checkpoint or table in the folder that fails is used below its first
// wrong value, which is said (with -resume it is refused); a -from table
// that fails is refused.

// A Voucher checks the tables a run goes on from.
type Voucher struct {
	Ctx context.Context
	// Key is the user's key (see LoadKey); nil when there is none, and
	// KeyErr says why.
	Key    []byte
	KeyErr error
	// Workers check the values of an unsigned table (0: one per CPU).
	Workers int
	// Say prints a message for the user; Meter starts a progress bar of
	// total values for a check named desc, and returns it and the
	// function that ends it. Neither is nil.
	Say   func(format string, args ...any)
	Meter func(total int64, desc string) (m Meter, end func())
}

// FirstWrong returns the first value of the table f, read from a file that
// what names, that its options do not give, or nil when there is none: at
// once when f is signed with the user's key, else after checking every
// value, said with a progress bar. It returns an error only when the
// context ends first.
func (v *Voucher) FirstWrong(f *export.File, what string) (*sg.MismatchError, error) {
	if f.Signed(v.Key) {
		return nil, nil
	}
	t := f.Table
	why := "it is not signed with your key"
	switch _, signed := f.Meta[export.KeyMAC]; {
	case v.Key == nil:
		why = fmt.Sprintf("there is no key to check its signature with (%v)", v.KeyErr)
	case !signed:
		why = "it is not signed"
	}
	v.Say("sgtab: %s: %s: %s, so each of its %d values is checked against its options\n", t.Game.Name, what, why, t.N()+1)
	m, end := v.Meter(int64(t.N()+1), "verifying "+t.Game.Name)
	_, err := compute.VerifyTable(v.Ctx, t, sg.VerifyOptions{Workers: v.Workers, Progress: m.Add})
	end()
	if bad, ok := errors.AsType[*sg.MismatchError](err); ok {
		return bad, nil
	}
	return nil, err
}

// Usable returns the values of the table f, read from a file that what
// names, that a resumed run may go on from: all of them when they pass
// (FirstWrong), else those below the first wrong one, said; with strict
// (-resume), a wrong value is an error instead.
func (v *Voucher) Usable(f *export.File, what string, strict bool) (*sg.Table, error) {
	bad, err := v.FirstWrong(f, what)
	switch {
	case err != nil:
		return nil, err
	case bad == nil:
		return f.Table, nil
	case strict:
		return nil, fmt.Errorf("%v: not the values sgtab computes", bad)
	}
	t := f.Table
	v.Say("sgtab: %s: %s: %v; its values below it are right\n", t.Game.Name, what, bad)
	if bad.N == 0 {
		return nil, nil
	}
	prefix := &sg.Table{Game: t.Game, G: t.G.Slice(0, bad.N)}
	if t.Ring.Len() > 0 {
		prefix.Ring = t.Ring.Slice(0, bad.N)
	}
	return prefix, nil
}

// Stopped reports whether err ends the run: the voucher's context is
// done, and err says so.
func (v *Voucher) Stopped(err error) bool {
	return err != nil && v.Ctx.Err() != nil && errors.Is(err, context.Cause(v.Ctx))
}

// Cause returns the cause of ctx's cancellation when ctx is done, else
// err.
func Cause(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}
