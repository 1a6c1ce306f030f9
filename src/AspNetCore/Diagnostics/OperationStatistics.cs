namespace FastFormatters.Diagnostics;

/// <summary>The counters of one format in one direction: all interlocked, none allocating.</summary>
internal sealed class OperationStatistics
{
    private long _count;
    private long _bytes;
    private long _clientErrors;
    private long _serverErrors;
    private long _aborted;

    public OperationStatistics(string format, FormatterDirection direction)
    {
        Format = format;
        Direction = direction;
    }

    public string Format { get; }

    public FormatterDirection Direction { get; }

    /// <summary>Serialize or deserialize time alone.</summary>
    public LatencyHistogram Processing { get; } = new();

    /// <summary>The whole operation: reading the body and deserializing, or serializing, sending and flushing.</summary>
    public LatencyHistogram Total { get; } = new();

    public long Count => Volatile.Read(ref _count);

    public long Bytes => Volatile.Read(ref _bytes);

    public long ClientErrors => Volatile.Read(ref _clientErrors);

    public long ServerErrors => Volatile.Read(ref _serverErrors);

    public long Aborted => Volatile.Read(ref _aborted);

    public void Record(FormatterOutcome outcome, long bytes, long processingNanoseconds, long totalNanoseconds)
    {
        Interlocked.Increment(ref _count);
        Interlocked.Add(ref _bytes, bytes);
        switch (outcome)
        {
            case FormatterOutcome.ClientError:
                Interlocked.Increment(ref _clientErrors);
                break;
            case FormatterOutcome.ServerError:
                Interlocked.Increment(ref _serverErrors);
                break;
            case FormatterOutcome.Aborted:
                Interlocked.Increment(ref _aborted);
                break;
        }

        Processing.Record(processingNanoseconds);
        Total.Record(totalNanoseconds);
    }

    public void Reset()
    {
        Volatile.Write(ref _count, 0);
        Volatile.Write(ref _bytes, 0);
        Volatile.Write(ref _clientErrors, 0);
        Volatile.Write(ref _serverErrors, 0);
        Volatile.Write(ref _aborted, 0);
        Processing.Reset();
        Total.Reset();
    }
}
