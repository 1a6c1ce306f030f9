using FastFormatters.Negotiation;

namespace FastFormatters.Jmc;

/// <summary>
/// JMC1 ("JSON with Metadata Comments v1"): compact JSON that starts with <c>/*JMC1*/</c> and carries a length comment
/// before every string, key, array and dictionary, so readers can pre-size and skip scanning. Valid JSONC. Bytes, not
/// text: it takes no charset and is never transcoded. See docs/jmc1.md.
/// </summary>
public static class JmcFormat
{
    /// <summary>The short name of the format.</summary>
    public const string Name = "jsonc";

    /// <summary>The JMC1 media type, <c>application/jsonc</c>; files use the <c>.jsonc</c> extension.</summary>
    public static FormatDefinition Definition { get; } = new(Name, "application/jsonc");
}
