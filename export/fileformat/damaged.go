package fileformat

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
)

// recoverCorrupt turns a panic inside arrow-go, which some damaged inputs
// cause, into an error, worded by damaged. Use it as `defer
// recoverCorrupt(&err)`.
func recoverCorrupt(err *error) {
	if p := recover(); p != nil {
		if e, ok := p.(error); ok {
			*err = fmt.Errorf("damaged file: %w", e)
		} else {
			*err = fmt.Errorf("damaged file: %v", p)
		}
	}
	*err = damaged(*err)
}

// damaged words err, when a damaged file made the Go runtime fail inside
// arrow-go (which recovers from some such failures itself and returns
// them as errors, "runtime error: slice bounds out of range …"), as what
// it means of the file: the runtime's words name no part of it.
func damaged(err error) error {
	if err == nil {
		return nil
	}
	var re runtime.Error
	msg := err.Error()
	switch {
	case !errors.As(err, &re) && !strings.Contains(msg, "runtime error: "):
		return err
	case strings.Contains(msg, "nil pointer"):
		return errors.New("damaged file: a part of it that another part refers to is missing")
	}
	return errors.New("damaged file: a length or an offset in it points outside its data")
}
