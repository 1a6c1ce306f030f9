namespace FastFormatters.Fuzzing;

/// <summary>Reads an input through one public entry point into one type.</summary>
internal delegate object? SpanReader(ReadOnlySpan<byte> input);

/// <summary>One way of reading a fuzz input: an entry point and a target type.</summary>
internal sealed record FuzzTarget(string Name, SpanReader Read)
{
    public override string ToString() => Name;
}
