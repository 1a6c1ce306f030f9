using FastFormatters.Negotiation;

namespace FastFormatters.Json;

/// <summary>The JSON format: RFC 8259 in UTF-8.</summary>
public static class JsonFormat
{
    /// <summary>The short name of the format.</summary>
    public const string Name = "json";

    /// <summary>
    /// The JSON media types: <c>application/json</c> (canonical), <c>text/json</c>, and every <c>application/*+json</c>
    /// type such as <c>application/problem+json</c>.
    /// </summary>
    public static FormatDefinition Definition { get; } = new(Name, "application/json", "text/json", "application/*+json");
}
