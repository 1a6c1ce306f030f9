using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Verification;

/// <summary>
/// The verify mode of one format (<see cref="FormatVerificationOptions"/>): the first values of each type are written
/// by FastFormatters and by the format's <see cref="FormatReference"/> and compared; a difference is logged, counted,
/// and, when the options say so, the type is served by the reference from then on. A format serializer holds one only
/// when the mode is on, so off it costs a null check.
/// </summary>
internal sealed class ResponseVerifier
{
    private readonly ConcurrentDictionary<Type, TypeVerification> _types = new();
    private readonly FormatDefinition _format;
    private readonly FormatReference _reference;
    private readonly int _valuesPerType;
    private readonly bool _serveReferenceOnDifference;
    private readonly FormatterMetrics _metrics;
    private readonly ILogger _logger;

    public ResponseVerifier(FormatDefinition format, FormatReference reference, FormatVerificationOptions options, FormatterMetrics metrics, ILogger logger)
    {
        _format = format;
        _reference = reference;
        _valuesPerType = options.ValuesPerType;
        _serveReferenceOnDifference = options.ServeReferenceOnDifference;
        _metrics = metrics;
        _logger = logger;
    }

    /// <summary>
    /// Whether a value of <paramref name="type"/> goes through <see cref="Serialize"/>: its type is still being
    /// verified, or is served by the reference. A sequence whose type is intercepted is written whole, not streamed.
    /// </summary>
    /// <remarks>
    /// Never the diagnostics endpoint's <see cref="FormattersReport"/>: the library's own figures, which would otherwise
    /// count themselves.
    /// </remarks>
    public bool Intercepts(Type type)
        => type != typeof(FormattersReport) && (!_types.TryGetValue(type, out var state) || state.Intercepts(_valuesPerType));

    /// <summary>Writes <paramref name="value"/> through <paramref name="format"/> or the reference, verifying it while its type is counted.</summary>
    public void Serialize(IBufferWriter<byte> output, object? value, Type type, IVerifiedFormat format)
    {
        var state = _types.GetOrAdd(type, static _ => new TypeVerification());
        if (state.ServedByReference)
        {
            WriteReferenceOrOwn(output, value, type, format);
            return;
        }

        if (!state.TryTakeCheck(_valuesPerType))
        {
            format.SerializeOwn(output, value, type);
            return;
        }

        byte[] ours;
        using (var body = new PooledBufferWriter(4096))
        {
            format.SerializeForComparison(body, value, type);
            ours = body.ToArray();
        }

        byte[] reference;
        BodyDifference? difference;
        try
        {
            reference = _reference.Serialize(value, type);
            difference = _reference.Compare(ours, reference);
        }
        catch (Exception ex)
        {
            // Whatever the reference throws, writing the value or reading its own body back (no metadata for the type, a
            // type it refuses, a formatter's fault), is no fault of this response: ours is already written, and sent.
            VerificationLog.Unverifiable(_logger, _format.Name, type, _reference.Name, ex.Message);
            _metrics.RecordVerification(_format, VerificationResult.Unverifiable);
            WriteOwn(output, value, type, format, ours);
            return;
        }

        if (difference is not { } found)
        {
            _metrics.RecordVerification(_format, VerificationResult.Same);
            WriteOwn(output, value, type, format, ours);
            return;
        }

        _metrics.RecordVerification(_format, VerificationResult.Different);
        if (_serveReferenceOnDifference)
        {
            state.ServeReference();
            VerificationLog.DifferenceServedByReference(_logger, _format.Name, type, _reference.Name, found.Path, found.Ours, found.Reference);
            _metrics.RecordServedByReference(_format, type);
            format.WriteReference(output, reference);
            return;
        }

        VerificationLog.Difference(_logger, _format.Name, type, _reference.Name, found.Path, found.Ours, found.Reference);
        WriteOwn(output, value, type, format, ours);
    }

    // A type served by the reference since a difference: a value it then fails to write is written by FastFormatters,
    // as it would be without the mode, rather than failing the response.
    private void WriteReferenceOrOwn(IBufferWriter<byte> output, object? value, Type type, IVerifiedFormat format)
    {
        byte[] reference;
        try
        {
            reference = _reference.Serialize(value, type);
        }
        catch (Exception ex)
        {
            VerificationLog.ReferenceFailed(_logger, _format.Name, type, _reference.Name, ex.Message);
            format.SerializeOwn(output, value, type);
            return;
        }

        format.WriteReference(output, reference);
    }

    // The body already written for the comparison, when it is what this response sends (uncompressed); else written again.
    private static void WriteOwn(IBufferWriter<byte> output, object? value, Type type, IVerifiedFormat format, byte[] compared)
    {
        if (format.SendsComparedBody)
        {
            output.Write(compared);
        }
        else
        {
            format.SerializeOwn(output, value, type);
        }
    }

    // How far one type's verification has come.
    private sealed class TypeVerification
    {
        private int _checked;
        private volatile bool _servedByReference;

        public bool ServedByReference => _servedByReference;

        public bool Intercepts(int valuesPerType) => _servedByReference || Volatile.Read(ref _checked) < valuesPerType;

        public bool TryTakeCheck(int valuesPerType) => Interlocked.Increment(ref _checked) <= valuesPerType;

        public void ServeReference() => _servedByReference = true;
    }
}
