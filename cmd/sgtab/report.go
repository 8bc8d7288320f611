package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/report"
)

const reportUsage = "sgtab report [-out DIR] FOLDER"

const reportExamples = `  sgtab report sgtab-out                # the report of a run: sgtab-out/report/index.html
  sgtab report census/octal-4           # the report of a sweep's census
  sgtab report -out /tmp/r sgtab-out    # written somewhere else
`

// runReport writes the report of an output folder: a static site that a
// browser opens from the file system (package report).
func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", reportUsage, reportExamples, stdout, stderr)
	out := fs.String("out", "", "write the site into `DIR` (default FOLDER/report)")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return fs.usageError("name one folder that sgtab wrote into")
	}
	return writeReport(ctx, args[0], *out, stdout, stderr)
}

// reportFlag adds the flag -report to a command that writes a folder.
func reportFlag(fs *flagSet) *string {
	return fs.String("report", "html", "at the end, write the folder's report, DIR/report/index.html: html or none")
}

// writeReport writes the report of the folder dir into out ("" for
// dir/report), names its front page on stdout and warns of the files it
// does not present.
func writeReport(ctx context.Context, dir, out string, stdout, stderr io.Writer) error {
	key, _ := family.LoadKey(false) // none: no file is signed with it
	res, err := report.Write(ctx, dir, report.Options{Out: out, Key: key, Version: version})
	if err != nil {
		return err
	}
	for _, r := range res.Refused {
		fmt.Fprintf(stderr, "sgtab: warning: report: %s not presented: %s\n", r.File, r.Reason)
	}
	what := fmt.Sprintf("%d %s", res.Games, family.Plural(res.Games, "game"))
	if res.Boards > 0 && res.Games == 0 {
		what = fmt.Sprintf("%d %s", res.Boards, family.Plural(res.Boards, "board"))
	}
	fmt.Fprintf(stdout, "report: %s (%s)\n", res.Index, what)
	return nil
}

// checkReportFlag checks the value of -report.
func checkReportFlag(fs *flagSet, mode string) error {
	if mode != "html" && mode != "none" {
		return fs.usageError("-report must be html or none (got %q)", mode)
	}
	return nil
}
