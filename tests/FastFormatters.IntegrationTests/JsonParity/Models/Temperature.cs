namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A value the converter registered in the options' Converters (option set 8) writes as "21.5C".</summary>
public readonly record struct Temperature(double Celsius);
