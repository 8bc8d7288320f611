package family_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/family"
)

// TestParseFormats checks the lists of formats -formats takes, and the
// mistakes it refuses.
func TestParseFormats(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{"parquet,arrow", []string{"parquet", "arrow"}, ""},
		{"csv, parquet", []string{"csv", "parquet"}, ""},
		{"parquet,json", nil, `"json" is not parquet, arrow or csv`},
		{"csv,csv", nil, "csv listed twice"},
		{"", nil, `"" is not parquet, arrow or csv`},
	} {
		got, err := family.ParseFormats(tc.in)
		if tc.err == "" && (err != nil || !slices.Equal(got, tc.want)) || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("ParseFormats(%q) = %v, %v; want %v, %q", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestReportWrite checks that a report is written as its text, or as one
// line of JSON.
func TestReportWrite(t *testing.T) {
	r := &family.Report{Summary: &family.Summary{Name: "kayles", Heaps: 10}, Text: "kayles: SG(0..10)\n"}
	var text, js bytes.Buffer
	if err := r.Write(&text, false); err != nil || text.String() != r.Text {
		t.Errorf("text %q, %v; want %q", text.String(), err, r.Text)
	}
	if err := r.Write(&js, true); err != nil || !bytes.HasPrefix(js.Bytes(), []byte(`{"name":"kayles","rule":"","start":"","heaps":10,`)) || bytes.Count(js.Bytes(), []byte("\n")) != 1 {
		t.Errorf("JSON %q, %v; want one line of the summary", js.String(), err)
	}
}
