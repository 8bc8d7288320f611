// Package plots draws Sprague-Grundy tables with gonum/plot.
//
// Plots never touch files: each function builds and returns a *plot.Plot,
// and the caller chooses the size, format and path with p.Save. A plot of N
// values costs O(N) to build and O(width) to draw, whatever N is: values are
// bucketed per drawing column (see Grundy).
package plots
