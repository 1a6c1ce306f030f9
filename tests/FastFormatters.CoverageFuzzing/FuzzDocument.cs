namespace FastFormatters.CoverageFuzzing;

/// <summary>
/// The type every fuzzed input is read as: numbers of several widths, text, a GUID, a decimal, bytes, an enum, a
/// nullable, a list, a dictionary, an array of objects, and recursion. No member is declared <see cref="object"/>, whose
/// values the two ecosystems read into different trees by design.
/// </summary>
public sealed class FuzzDocument
{
    public string? Name { get; set; }

    public int Count { get; set; }

    public long Big { get; set; }

    public byte Small { get; set; }

    public double Ratio { get; set; }

    public bool Flag { get; set; }

    public Guid Id { get; set; }

    public decimal Price { get; set; }

    public FuzzKind Kind { get; set; }

    public int? Maybe { get; set; }

    public byte[]? Data { get; set; }

    public List<int>? Numbers { get; set; }

    public Dictionary<string, string>? Labels { get; set; }

    public FuzzItem[]? Items { get; set; }

    public FuzzDocument? Child { get; set; }
}

/// <summary>An element of <see cref="FuzzDocument.Items"/>.</summary>
public sealed class FuzzItem
{
    public string? Label { get; set; }

    public short Value { get; set; }

    public List<FuzzItem>? Children { get; set; }
}

/// <summary>An enum member of <see cref="FuzzDocument"/>.</summary>
public enum FuzzKind
{
    None,
    Small,
    Large,
}
