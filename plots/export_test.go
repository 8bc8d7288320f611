package plots

// SpectrumRange and PeriodSpectrumWithin (periodSpectrum, with a budget of
// pairs) are for the tests.
var (
	SpectrumRange        = spectrumRange
	PeriodSpectrumWithin = periodSpectrum
)
