namespace FastFormatters.Diagnostics;

/// <summary>The reads or writes of one format.</summary>
public sealed class FormatStatistics
{
    /// <summary>The format, e.g. <c>json</c>.</summary>
    public required string Format { get; init; }

    /// <summary><c>read</c> (request bodies) or <c>write</c> (response bodies).</summary>
    public required string Direction { get; init; }

    /// <summary>How many reads or writes, whatever their outcome.</summary>
    public long Count { get; init; }

    /// <summary>Reads that the format rejected (400s).</summary>
    public long ClientErrors { get; init; }

    /// <summary>Writes that failed on the server.</summary>
    public long ServerErrors { get; init; }

    /// <summary>Reads or writes the client abandoned.</summary>
    public long Aborted { get; init; }

    /// <summary>Body bytes read or written in all.</summary>
    public long BytesTotal { get; init; }

    /// <summary>Body bytes per read or write.</summary>
    public double BytesMean { get; init; }

    /// <summary>Reads or writes per second since counting started.</summary>
    public double PerSecond { get; init; }

    /// <summary>Body bytes per second since counting started.</summary>
    public double BytesPerSecond { get; init; }

    /// <summary>The whole operation: reading the body and deserializing, or serializing, sending and flushing.</summary>
    public required DurationSummary Microseconds { get; init; }

    /// <summary>Deserializing or serializing alone.</summary>
    public required DurationSummary ProcessingMicroseconds { get; init; }
}
