// Sgtab computes Sprague-Grundy tables of impartial games and writes them as
// Parquet and Arrow files.
//
// Usage:
//
//	sgtab <command> [flags] [arguments]
//
// The commands are:
//
//	run       compute the tables of games described in config files
//	validate  check config files without computing anything
//	sweep     compute a family of games into a census
//	merge     join the censuses of a sweep's shards
//	query     who wins a position, and with which moves
//	quotient  compute the misère quotient of a game's heaps
//	solve     the nimber of one large position (Cram, Chomp, node Kayles)
//	inspect   print what stored tables hold
//	plot      draw the plots of stored tables
//	report    write a folder's tables as a web page to open in a browser
//	export    write a stored table as code to paste into a program
//	list      list the bundled games
//	show      print a bundled game's config
//	bench     time the engines on fixed workloads
//	version   print sgtab's version
//
// Run "sgtab help <command>" (or "sgtab <command> -h") for a command's
// flags. The command comes first, then its flags and arguments.
//
// # Examples
//
// Compute every bundled config into ./sgtab-out, then the nimber of the
// empty 5×7 Cram board with its winning moves:
//
//	$ sgtab run
//	$ sgtab solve -moves cram 5x7
//
// Each command's usage ends with its own examples.
//
// # The manual
//
// The manual is built in: "sgtab help topics" lists its pages (configs,
// commands, periods and proofs, misère play, scripted games, graphs,
// sweeps and clusters, output files, speed), "sgtab help TOPIC" prints
// one; they are the files of the repository's docs folder. A config is a
// YAML file holding one game, a games: list, or several YAML documents
// (package rules documents every key); run writes each game's table as
// Parquet and Arrow IPC files with the analysis in their metadata, signed
// with the user's key, its plots, a summary table and a report to open in
// a browser (report/index.html). The exit status is 0 on success, 1 on an
// error and 2 on a usage mistake.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/interrupt"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

// version is the sgtab version recorded in every output file.
const version = "0.2.0"

// A command is one subcommand.
type command struct {
	name  string
	short string
	run   func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = []command{
	{"run", "compute the tables of games described in config files", runRun},
	{"validate", "check config files without computing anything", runValidate},
	{"sweep", "compute a family of games into a census", runSweep},
	{"merge", "join the censuses of a sweep's shards", runMerge},
	{"query", "who wins a position, and with which moves", runQuery},
	{"quotient", "compute the misère quotient of a game's heaps", runQuotient},
	{"solve", "find the nimber of one large position (Cram, Chomp, node Kayles, a script) by search", runSolve},
	{"inspect", "print what stored tables hold", runInspect},
	{"plot", "draw the plots of stored tables", runPlot},
	{"report", "write a folder's tables as a web page to open in a browser", runReport},
	{"export", "write a stored table as code to paste into a program", runExport},
	{"list", "list the bundled games", runList},
	{"show", "print a bundled game's config", runShow},
	{"bench", "time the engines on fixed workloads", runBench},
	{"version", "print sgtab's version", runVersion},
}

func main() {
	rules.TuneGC()
	os.Exit(run(interrupt.Context(), os.Args[1:], os.Stdout, os.Stderr))
}

// An output is a command's standard output. It remembers the first write
// that fails, and fails every later write at once with the same error, so
// that commands may print without checking each write: run reports the
// failure when the command ends, and a command that prints much may stop
// as soon as err is set.
type output struct {
	w   io.Writer
	err error
}

func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// errUsage marks a usage mistake, already explained on stderr: exit status 2.
var errUsage = errors.New("usage")

// run runs sgtab with args and returns the exit status. A write to stdout
// that fails (a full disk, a closed pipe) is an error, exit status 1, even
// when the command itself succeeded.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &output{w: stdout}
	code := runCommand(ctx, args, out, stderr)
	if out.err != nil && code == 0 {
		fmt.Fprintf(stderr, "sgtab: write standard output: %v\n", out.err)
		return 1
	}
	return code
}

// runCommand runs the command args names, printing to stdout and stderr,
// and returns the exit status.
func runCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help":
		if len(args) > 1 && args[1] != "help" {
			if findCommand(args[1]) == nil {
				return help(args[1:], stdout, stderr)
			}
			// sgtab help run: run's usage, as sgtab run -h prints it.
			args = []string{args[1], "-h"}
			break
		}
		fallthrough
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	case "-version", "--version":
		args = []string{"version"}
	}
	c := findCommand(args[0])
	if c == nil {
		return unknownCommand(args, stderr)
	}
	if err := rules.CheckMemoryEnv(); err != nil {
		// A mistake in how sgtab was called, as a bad flag is.
		fmt.Fprintf(stderr, "sgtab: %v\n", err)
		return 2
	}
	if err := heap.KernelError(); err != nil {
		fmt.Fprintf(stderr, "sgtab: %v\n", err)
		return 2
	}
	if w := rules.MemoryEnvWarning(); w != "" && c.name != "version" {
		fmt.Fprintf(stderr, "sgtab: warning: %s\n", w)
	}
	return exitStatus(ctx, c.run(ctx, args[1:], stdout, stderr), stderr)
}

// findCommand returns the command called name, or nil.
func findCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// unknownCommand explains that args do not start with a command: flags
// that come before it ("sgtab -heaps 100 run": the command comes first),
// or a misspelt command (with the nearest), and returns exit status 2.
func unknownCommand(args []string, stderr io.Writer) int {
	if strings.HasPrefix(args[0], "-") {
		for i, a := range args {
			if findCommand(a) != nil {
				reordered := append(append([]string{a}, args[:i]...), args[i+1:]...)
				fmt.Fprintf(stderr, "sgtab: the command comes first, then its flags: sgtab %s\n", strings.Join(reordered, " "))
				return 2
			}
		}
		fmt.Fprintf(stderr, "sgtab: %s: no command given; the command comes first, then its flags\n", args[0])
		usage(stderr)
		return 2
	}
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	fmt.Fprintf(stderr, "sgtab: unknown command %q%s\n", args[0], didYouMean(args[0], names))
	usage(stderr)
	return 2
}

// didYouMean returns " (did you mean NAME?)" for the name closest to word
// (rules.Suggest), or "".
func didYouMean(word string, names []string) string {
	if g := rules.Suggest(word, names); g != "" {
		return " (did you mean " + g + "?)"
	}
	return ""
}

// exitStatus prints a command's error, if any, and returns the exit status: 0,
// 2 for a usage mistake (already explained), 1 for an error, with every
// problem of a config on its own line, or 128 plus the signal that
// interrupted the command.
func exitStatus(ctx context.Context, err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	if p, ok := errors.AsType[tabulate.Problems](err); ok {
		for _, e := range p {
			if _, unread := errors.AsType[family.FileProblem](e); unread {
				fmt.Fprintf(stderr, "sgtab: %v\n", e)
			} else {
				fmt.Fprintln(stderr, e) // FILE:LINE:COL: KEY: …
			}
		}
		n := p.Count()
		fmt.Fprintf(stderr, "sgtab: %d %s in config files\n", n, family.Plural(n, "problem"))
		return 1
	}
	fmt.Fprintf(stderr, "sgtab: %v\n", err)
	if status, ok := interrupt.Status(ctx); ok {
		return status
	}
	return 1
}

// runVersion prints sgtab's version, and the Go version and platform it
// was built for.
func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "sgtab version", "  sgtab version\n", stdout, stderr)
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fs.usageError("version takes no arguments")
	}
	_, err = fmt.Fprintf(stdout, "sgtab %s (%s, %s/%s)\ncpu: %s\nkernels: %s (this CPU runs %s; $SGTAB_KERNEL chooses)\n",
		version, runtime.Version(), runtime.GOOS, runtime.GOARCH, compute.KernelCPU(), compute.Kernels(), strings.Join(compute.KernelsAvailable(), ", "))
	return err
}

// A flagSet is a subcommand's flags. Its usage text goes to standard
// output when asked for (-h) and to standard error after a mistake.
type flagSet struct {
	*flag.FlagSet
	usageLine, examples string
	stdout, stderr      io.Writer
	buf                 bytes.Buffer // what the flag package prints while parsing
}

// newFlagSet returns the flags of the subcommand name.
func newFlagSet(name, usageLine, examples string, stdout, stderr io.Writer) *flagSet {
	f := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), usageLine: usageLine, examples: examples, stdout: stdout, stderr: stderr}
	f.SetOutput(&f.buf)
	f.Usage = func() {} // printed by parse, to the right place
	return f
}

// usage prints the subcommand's usage to w: its usage line, its flags
// (when it has any) and examples.
func (f *flagSet) usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: %s\n", f.usageLine)
	hasFlags := false
	f.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		f.SetOutput(w)
		f.PrintDefaults()
		f.SetOutput(&f.buf)
	}
	fmt.Fprintf(w, "\nExamples:\n%s", f.examples)
}

// parse parses args and returns the arguments that are not flags. Flags
// may come before, between or after the other arguments; after "--"
// everything is an argument. A mistake is explained on standard error with
// the usage (errUsage); -h prints the usage on standard output
// (flag.ErrHelp).
func (f *flagSet) parse(args []string) ([]string, error) {
	var rest []string
	for {
		// A negative number is an argument, never a flag (no flag's name
		// starts with a digit): the flags before it are parsed first.
		if i := f.negativeAt(args); i == 0 {
			rest, args = append(rest, args[0]), args[1:]
			continue
		} else if i > 0 {
			rest2, err := f.parse(args[:i])
			if err != nil {
				return nil, err
			}
			rest, args = append(append(rest, rest2...), args[i]), args[i+1:]
			continue
		}
		f.buf.Reset()
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				f.usage(f.stdout)
				return nil, err
			}
			f.explain(err)
			f.usage(f.stderr)
			return nil, errUsage
		}
		left := f.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), nil
		}
		// The arguments up to the next that may be a flag are taken at
		// once: a query of 10^5 heaps is parsed in one pass, not 10^5.
		k := 1
		for k < len(left) && !strings.HasPrefix(left[k], "-") {
			k++
		}
		rest = append(rest, left[:k]...)
		args = left[k:]
	}
}

// explain prints the flag package's message about err on standard error,
// and for a flag it does not know, the nearest one it does ("-heap": did
// you mean -heaps?).
func (f *flagSet) explain(err error) {
	name, unknown := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !unknown {
		io.Copy(f.stderr, &f.buf) // a buffer never fails
		return
	}
	var names []string
	f.VisitAll(func(fl *flag.Flag) { names = append(names, "-"+fl.Name) })
	fmt.Fprintf(f.stderr, "%s%s\n", err, didYouMean("-"+strings.TrimLeft(name, "-"), names))
}

// negativeAt returns the index of the first argument of args that is a
// negative number ("-5", "-3,2") where the flag package would read a flag:
// not the value of a flag before it, nor after "--". It returns -1 if
// there is none.
func (f *flagSet) negativeAt(args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return -1
		case len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9':
			return i
		case len(a) > 1 && a[0] == '-' && !strings.Contains(a, "="):
			if fl := f.Lookup(strings.TrimLeft(a, "-")); fl != nil && !isBool(fl) {
				i++ // its value
			}
		}
	}
	return -1
}

// isBool reports whether fl is a flag that takes no value.
func isBool(fl *flag.Flag) bool {
	b, ok := fl.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// usageError prints a usage mistake about a flag or argument, and the
// usage, to standard error, and returns errUsage.
func (f *flagSet) usageError(format string, args ...any) error {
	fmt.Fprintf(f.stderr, "sgtab %s: %s\n", f.Name(), fmt.Sprintf(format, args...))
	f.usage(f.stderr)
	return errUsage
}
