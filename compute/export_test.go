package compute

// RingRuleForTest is ringRule, for the tests of package compute_test.
var RingRuleForTest = ringRule
