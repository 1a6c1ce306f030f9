namespace FastFormatters.CoverageFuzzing;

/// <summary>Both readers accepted an input and read different values: what the fuzzer reports as a crash.</summary>
public sealed class OracleViolation(string message) : Exception(message);
