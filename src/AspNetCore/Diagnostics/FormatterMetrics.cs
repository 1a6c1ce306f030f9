using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Reflection;
using System.Runtime.InteropServices;
using FastFormatters.Negotiation;

namespace FastFormatters.Diagnostics;

/// <summary>
/// Records every read and write of every FastFormatters formatter (MVC and minimal APIs) and the negotiation outcomes:
/// into lock-free counters and histograms for the diagnostics endpoint, and into the <c>FastFormatters</c>
/// <see cref="Meter"/> for dotnet-counters and OpenTelemetry. Registered as a singleton by <c>AddFastFormatters</c>.
/// </summary>
public sealed class FormatterMetrics : IDisposable
{
    /// <summary>The name of the meter.</summary>
    public const string MeterName = "FastFormatters";

    private static readonly double[] s_percentiles = [50, 90, 99];
    private static readonly double s_secondsPerTick = 1.0 / Stopwatch.Frequency;

    private readonly OperationStatistics[] _operations;
    private readonly Meter _meter;
    private readonly Histogram<double> _duration;
    private readonly Histogram<double> _processingDuration;
    private readonly Counter<long> _bytes;
    private readonly Counter<long> _errors;
    private readonly Counter<long> _negotiationOutcomes;
    private readonly Counter<long> _verifications;
    private readonly VerificationCounts[] _verificationCounts;
    private readonly long[] _negotiation = new long[Enum.GetValues<NegotiationRecord>().Length];
    private long _startedTimestamp = Stopwatch.GetTimestamp();
    private DateTimeOffset _startedAt = DateTimeOffset.UtcNow;

    private readonly bool _enabled;

    /// <summary>Creates the metrics for the given formats, with a meter from <paramref name="meterFactory"/>.</summary>
    /// <param name="meterFactory">Creates the <c>FastFormatters</c> meter.</param>
    /// <param name="formats">The format names to keep figures for.</param>
    /// <param name="enabled">Whether anything is recorded (<see cref="FastFormattersOptions.RecordMetrics"/>).</param>
    internal FormatterMetrics(IMeterFactory meterFactory, IEnumerable<string> formats, bool enabled = true)
    {
        _enabled = enabled;
        ArgumentNullException.ThrowIfNull(meterFactory);
        ArgumentNullException.ThrowIfNull(formats);
        _operations = [.. formats.SelectMany(format => new[] { new OperationStatistics(format, FormatterDirection.Read), new OperationStatistics(format, FormatterDirection.Write) })];
        _meter = meterFactory.Create(MeterName, LibraryVersion);
        _duration = _meter.CreateHistogram(
            "fastformatters.operation.duration", "s", "Time to read and deserialize a request body, or to serialize, send and flush a response body.", advice: s_durationAdvice);
        _processingDuration = _meter.CreateHistogram(
            "fastformatters.serialization.duration", "s", "Time spent deserializing or serializing alone.", advice: s_durationAdvice);
        _bytes = _meter.CreateCounter<long>("fastformatters.operation.bytes", "By", "Body bytes read or written.");
        _errors = _meter.CreateCounter<long>("fastformatters.operation.errors", "{error}", "Reads and writes that did not complete, by outcome.");
        _negotiationOutcomes = _meter.CreateCounter<long>("fastformatters.negotiation.outcomes", "{response}", "How response formats were chosen.");
        _verifications = _meter.CreateCounter<long>("fastformatters.verification.values", "{value}", "Response values compared with the ecosystem's serializer in the verify mode, by result.");
        _verificationCounts = [.. formats.Distinct().Select(format => new VerificationCounts(format))];
    }

    // Body operations take microseconds to seconds; exporters' default buckets (meant for milliseconds) would put
    // nearly every one in the first bucket. Exporters that honour advice (OpenTelemetry 1.10+) use these instead.
    private static readonly InstrumentAdvice<double> s_durationAdvice = new()
    {
        HistogramBucketBoundaries = [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    };

    internal static string LibraryVersion { get; } =
        typeof(FormatterMetrics).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "unknown";

    /// <summary>
    /// Records one read or write. <paramref name="contentType"/> is the body's <c>Content-Type</c>; the media type tag is
    /// the one of <paramref name="format"/>'s own media types it names. The timestamps come from
    /// <see cref="Stopwatch.GetTimestamp"/>.
    /// </summary>
    internal void Record(FormatDefinition format, FormatterDirection direction, string? contentType, FormatterOutcome outcome, long bytes, long startTimestamp, long processedTimestamp, long endTimestamp)
    {
        ArgumentNullException.ThrowIfNull(format);
        if (!_enabled)
        {
            return;
        }

        var operation = Find(format.Name, direction);
        long processingTicks = Math.Max(0, processedTimestamp - startTimestamp);
        long totalTicks = Math.Max(0, endTimestamp - startTimestamp);
        operation?.Record(outcome, bytes, TicksToNanoseconds(processingTicks), TicksToNanoseconds(totalTicks));

        var tags = new TagList
        {
            { "fastformatters.format", format.Name },
            { "fastformatters.direction", direction == FormatterDirection.Read ? "read" : "write" },
            { "fastformatters.media_type", MediaTypeTag.For(format, contentType) },
        };
        _bytes.Add(bytes, tags);
        _processingDuration.Record(processingTicks * s_secondsPerTick, tags);
        if (outcome != FormatterOutcome.Ok)
        {
            tags.Add("fastformatters.outcome", OutcomeName(outcome));
            _errors.Add(1, tags);
        }
        else
        {
            tags.Add("fastformatters.outcome", "ok");
        }

        _duration.Record(totalTicks * s_secondsPerTick, tags);
    }

    /// <summary>Records how a response format was chosen.</summary>
    internal void RecordNegotiation(NegotiationRecord outcome)
    {
        if (!_enabled)
        {
            return;
        }

        Interlocked.Increment(ref _negotiation[(int)outcome]);
        _negotiationOutcomes.Add(1, new KeyValuePair<string, object?>("fastformatters.negotiation.outcome", NegotiationName(outcome)));
    }

    /// <summary>Records what verifying one value found (the verify mode).</summary>
    internal void RecordVerification(FormatDefinition format, Verification.VerificationResult result)
    {
        if (!_enabled || FindVerification(format.Name) is not { } counts)
        {
            return;
        }

        Interlocked.Increment(ref counts.Results[(int)result]);
        _verifications.Add(
            1,
            new KeyValuePair<string, object?>("fastformatters.format", format.Name),
            new KeyValuePair<string, object?>("fastformatters.verification.result", result switch
            {
                Verification.VerificationResult.Same => "same",
                Verification.VerificationResult.Different => "different",
                _ => "unverifiable",
            }));
    }

    /// <summary>Records that <paramref name="type"/> is written by the ecosystem's serializer from now on (the verify mode).</summary>
    internal void RecordServedByReference(FormatDefinition format, Type type)
    {
        if (_enabled && FindVerification(format.Name) is { } counts)
        {
            counts.ServedByReference.TryAdd(type.ToString(), 0);
        }
    }

    /// <summary>The figures so far: counts, bytes, errors and duration percentiles per format and direction.</summary>
    public FormattersReport GetReport()
    {
        double uptime = Stopwatch.GetElapsedTime(Volatile.Read(ref _startedTimestamp)).TotalSeconds;
        var formats = new List<FormatStatistics>(_operations.Length);
        Span<long> percentiles = stackalloc long[s_percentiles.Length];
        foreach (var operation in _operations)
        {
            long count = operation.Count;
            long bytes = operation.Bytes;
            formats.Add(new FormatStatistics
            {
                Format = operation.Format,
                Direction = operation.Direction == FormatterDirection.Read ? "read" : "write",
                Count = count,
                ClientErrors = operation.ClientErrors,
                ServerErrors = operation.ServerErrors,
                Aborted = operation.Aborted,
                BytesTotal = bytes,
                BytesMean = count == 0 ? 0 : (double)bytes / count,
                PerSecond = uptime <= 0 ? 0 : count / uptime,
                BytesPerSecond = uptime <= 0 ? 0 : bytes / uptime,
                Microseconds = Summarize(operation.Total, percentiles),
                ProcessingMicroseconds = Summarize(operation.Processing, percentiles),
            });
        }

        return new FormattersReport
        {
            StartedAt = _startedAt,
            UptimeSeconds = uptime,
            LibraryVersion = LibraryVersion,
            RuntimeVersion = RuntimeInformation.FrameworkDescription,
            Formats = formats,
            Negotiation = new NegotiationStatistics
            {
                Negotiated = Volatile.Read(ref _negotiation[(int)NegotiationRecord.Negotiated]),
                Default = Volatile.Read(ref _negotiation[(int)NegotiationRecord.Default]),
                FellBackToDefault = Volatile.Read(ref _negotiation[(int)NegotiationRecord.FellBackToDefault]),
                NotAcceptable = Volatile.Read(ref _negotiation[(int)NegotiationRecord.NotAcceptable]),
                UnsupportedMediaType = Volatile.Read(ref _negotiation[(int)NegotiationRecord.UnsupportedMediaType]),
            },
            Verification = VerificationReport(),
        };
    }

    /// <summary>Starts the figures of the endpoint over (the meter's instruments are cumulative and are not reset).</summary>
    internal void Reset()
    {
        foreach (var operation in _operations)
        {
            operation.Reset();
        }

        Array.Clear(_negotiation);
        foreach (var counts in _verificationCounts)
        {
            Array.Clear(counts.Results);
        }

        Volatile.Write(ref _startedTimestamp, Stopwatch.GetTimestamp());
        _startedAt = DateTimeOffset.UtcNow;
    }

    /// <inheritdoc />
    public void Dispose() => _meter.Dispose();

    private static DurationSummary Summarize(LatencyHistogram histogram, Span<long> percentiles)
    {
        var (mean, max) = histogram.Summarize(s_percentiles, percentiles);
        return new DurationSummary
        {
            Mean = mean / 1000.0,
            P50 = percentiles[0] / 1000.0,
            P90 = percentiles[1] / 1000.0,
            P99 = percentiles[2] / 1000.0,
            Max = max / 1000.0,
        };
    }

    // The verify mode's figures, for the formats it has seen values in.
    private List<VerificationStatistics> VerificationReport()
    {
        var report = new List<VerificationStatistics>();
        foreach (var counts in _verificationCounts)
        {
            long same = Volatile.Read(ref counts.Results[(int)Verification.VerificationResult.Same]);
            long different = Volatile.Read(ref counts.Results[(int)Verification.VerificationResult.Different]);
            long unverifiable = Volatile.Read(ref counts.Results[(int)Verification.VerificationResult.Unverifiable]);
            if (same + different + unverifiable > 0 || !counts.ServedByReference.IsEmpty)
            {
                report.Add(new VerificationStatistics
                {
                    Format = counts.Format,
                    Same = same,
                    Different = different,
                    Unverifiable = unverifiable,
                    ServedByReference = [.. counts.ServedByReference.Keys.Order(StringComparer.Ordinal)],
                });
            }
        }

        return report;
    }

    private VerificationCounts? FindVerification(string format)
    {
        foreach (var counts in _verificationCounts)
        {
            if (string.Equals(counts.Format, format, StringComparison.Ordinal))
            {
                return counts;
            }
        }

        return null;
    }

    private OperationStatistics? Find(string format, FormatterDirection direction)
    {
        foreach (var operation in _operations)
        {
            if (operation.Direction == direction && string.Equals(operation.Format, format, StringComparison.Ordinal))
            {
                return operation;
            }
        }

        return null;
    }

    private static long TicksToNanoseconds(long ticks) => (long)(ticks * (1_000_000_000.0 / Stopwatch.Frequency));

    private static string OutcomeName(FormatterOutcome outcome) => outcome switch
    {
        FormatterOutcome.ClientError => "client_error",
        FormatterOutcome.ServerError => "server_error",
        FormatterOutcome.Aborted => "aborted",
        _ => "ok",
    };

    private static string NegotiationName(NegotiationRecord outcome) => outcome switch
    {
        NegotiationRecord.Negotiated => "negotiated",
        NegotiationRecord.Default => "default",
        NegotiationRecord.FellBackToDefault => "fallback",
        NegotiationRecord.NotAcceptable => "not_acceptable",
        _ => "unsupported_media_type",
    };

    // One format's verify-mode counts: by VerificationResult, and the types served by the reference since (kept across
    // resets: they stay served so).
    private sealed class VerificationCounts(string format)
    {
        public string Format { get; } = format;

        public long[] Results { get; } = new long[Enum.GetValues<Verification.VerificationResult>().Length];

        public System.Collections.Concurrent.ConcurrentDictionary<string, byte> ServedByReference { get; } = new(StringComparer.Ordinal);
    }
}
