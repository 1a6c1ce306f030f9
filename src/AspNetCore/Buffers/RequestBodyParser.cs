using System.Diagnostics;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Buffers;

/// <summary>
/// Reads a whole request body and deserializes it in one format: the shared input path of MVC and minimal APIs. Each
/// read is recorded in <see cref="FormatterMetrics"/> when one is given.
/// </summary>
internal static class RequestBodyParser
{
    /// <summary>The outcome of reading a body; <paramref name="Unsupported"/> says why it cannot be read at all (a 415).</summary>
    /// <param name="IsEmpty">The body was empty.</param>
    /// <param name="Value">What was read.</param>
    /// <param name="Error">Why the body was refused.</param>
    /// <param name="Unsupported">Why the body's encoding is not one the format reads (a 415).</param>
    /// <param name="IsInvalidValue">
    /// A converter that is not ours (an app's calling <c>short.Parse</c>, System.Text.Json's, an external serializer's)
    /// refused a value with a <see cref="FormatException"/> or <see cref="OverflowException"/>: a client error, as
    /// ASP.NET Core's own input formatter takes it, keyed at the model with MVC's message rather than at a path.
    /// </param>
    public readonly record struct Result(bool IsEmpty, object? Value, FormatReadException? Error, string? Unsupported = null, bool IsInvalidValue = false);

    /// <summary>ASP.NET Core's message for a value a converter refused with a <see cref="FormatException"/> or <see cref="OverflowException"/>.</summary>
    public const string InvalidValueMessage = "The supplied value is invalid.";

    public static async ValueTask<Result> ReadAsync(HttpContext httpContext, FormatSerializer format, Type type, FormatterMetrics? metrics)
    {
        long start = Stopwatch.GetTimestamp();
        long bytes = 0;
        var request = httpContext.Request;
        var (charset, unsupported) = format.IsUtf8Text ? RequestEncoding.NonUtf8Charset(request) : (null, null);
        if ((RequestEncoding.UnsupportedContentCoding(request) ?? unsupported) is { } reason)
        {
            metrics?.Record(format.Definition, FormatterDirection.Read, request.ContentType, FormatterOutcome.ClientError, 0, start, start, start);
            return new Result(false, null, null, reason);
        }

        try
        {
            using var body = await RequestBodyReader.ReadAsync(request, format.MaxRequestBodySize, httpContext.RequestAborted).ConfigureAwait(false);
            bytes = body.Length;
            long received = Stopwatch.GetTimestamp();
            var result = body.Length == 0 ? new Result(true, null, null)
                : charset is null ? Parse(body.Span, format, type)
                : ParseTranscoded(body.Span, charset, format, type);
            long parsed = Stopwatch.GetTimestamp();

            // The processing time is the parse alone: shift the start past the time spent receiving.
            metrics?.Record(format.Definition, FormatterDirection.Read, httpContext.Request.ContentType, result.Error is null ? FormatterOutcome.Ok : FormatterOutcome.ClientError, bytes, received, parsed, parsed + received - start);
            return result;
        }
        catch (Exception ex) when (Record(ex, bytes))
        {
            throw;
        }

        // In an exception filter: records without catching, so the exception goes on untouched.
        bool Record(Exception exception, long received)
        {
            var outcome = exception switch
            {
                OperationCanceledException or IOException when httpContext.RequestAborted.IsCancellationRequested => FormatterOutcome.Aborted,
                BadHttpRequestException or OperationCanceledException or IOException => FormatterOutcome.ClientError,
                _ => FormatterOutcome.ServerError,
            };
            long now = Stopwatch.GetTimestamp();
            metrics?.Record(format.Definition, FormatterDirection.Read, httpContext.Request.ContentType, outcome, received, start, now, now);
            return false;
        }
    }

    private static Result ParseTranscoded(ReadOnlySpan<byte> body, System.Text.Encoding charset, FormatSerializer format, Type type)
    {
        byte[] utf8 = RequestEncoding.ToUtf8(body, charset, out int length);
        try
        {
            return Parse(utf8.AsSpan(0, length), format, type);
        }
        finally
        {
            System.Buffers.ArrayPool<byte>.Shared.Return(utf8);
        }
    }

    private static Result Parse(ReadOnlySpan<byte> body, FormatSerializer format, Type type)
    {
        try
        {
            return new Result(false, format.Deserialize(body, type), null);
        }
        catch (FormatReadException ex)
        {
            return new Result(false, null, ex);
        }
        catch (Exception ex) when (ex is FormatException or OverflowException)
        {
            // A converter that is not ours refused the value (an app's converter calling short.Parse): bad input, as
            // ASP.NET Core's own input formatter takes it.
            return new Result(false, null, new FormatReadException(format.Definition.Name, InvalidValueMessage, -1, ex), IsInvalidValue: true);
        }
    }
}
