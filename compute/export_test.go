package compute

// RingRuleForTest is ringRule, for the tests of package compute_test.
var RingRuleForTest = ringRule

// LaskerSG is laskerSG, Lasker's Nim's published formula, for the tests of
// package compute_test.
var LaskerSG = laskerSG
