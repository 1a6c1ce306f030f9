namespace FastFormatters.Diagnostics;

/// <summary>What the verify mode found in one format (<see cref="FastFormattersOptions.Verification"/>).</summary>
public sealed class VerificationStatistics
{
    /// <summary>The format's name.</summary>
    public required string Format { get; init; }

    /// <summary>Values whose body held the same data as the ecosystem serializer's.</summary>
    public long Same { get; init; }

    /// <summary>Values whose body differed from the ecosystem serializer's (each logged as an error).</summary>
    public long Different { get; init; }

    /// <summary>Values the ecosystem's serializer could not write, so nothing was compared.</summary>
    public long Unverifiable { get; init; }

    /// <summary>The types the ecosystem's serializer writes in this format since a difference was found.</summary>
    public required IReadOnlyList<string> ServedByReference { get; init; }
}
