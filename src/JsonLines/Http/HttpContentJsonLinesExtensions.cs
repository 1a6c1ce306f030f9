using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using FastFormatters.JsonLines;
using FastFormatters.Negotiation;

namespace FastFormatters.Http;

/// <summary>Reads JSON Lines from an <see cref="HttpContent"/>.</summary>
public static class HttpContentJsonLinesExtensions
{
    private static readonly FastFormattersSerializer s_defaultSerializer = new();

    /// <summary>
    /// Reads the content as JSON Lines and yields each line's <typeparamref name="T"/> as soon as the line has arrived,
    /// without waiting for the rest: the body is read through a <see cref="PipeReader"/> on pooled buffers that hold
    /// about one line at a time, however long the body. Each line is read by <paramref name="serializer"/>'s JSON, with
    /// the server's strict rules. A <c>\r</c> before a line's <c>\n</c> is allowed, and the last line may end without a
    /// <c>\n</c>; an empty or blank line is an error.
    /// </summary>
    /// <param name="content">The content, of type <c>application/jsonl</c>, <c>application/x-ndjson</c> or <c>application/jsonlines</c>, in UTF-8.</param>
    /// <param name="serializer">
    /// Reads each line (its contract, naming policy and converters); one with ASP.NET Core's web defaults when null. Keep
    /// one per set of options: it builds its converters once per type.
    /// </param>
    /// <param name="cancellationToken">Stops the reading.</param>
    /// <exception cref="NotSupportedException">The content's media type is not a JSON Lines one, or its charset is not UTF-8.</exception>
    /// <exception cref="FormatReadException">
    /// A line is empty, or not one valid JSON <typeparamref name="T"/>, or longer than one array can hold; the message
    /// names the line, and <see cref="FormatReadException.BytePosition"/> is the offset in the body.
    /// </exception>
    public static IAsyncEnumerable<T?> ReadFromJsonLinesAsAsyncEnumerable<T>(this HttpContent content, FastFormattersSerializer? serializer = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        EnsureJsonLines(content);
        return ReadLinesAsync<T>(content, serializer ?? s_defaultSerializer, cancellationToken);
    }

    private static async IAsyncEnumerable<T?> ReadLinesAsync<T>(HttpContent content, FastFormattersSerializer serializer, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var input = PipeReader.Create(stream);
        var lines = new JsonLineReader(serializer.Json);
        try
        {
            while (true)
            {
                var result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
                var buffer = result.Buffer;
                while (lines.TryTakeLine(ref buffer, result.IsCompleted, out var line))
                {
                    // Read before yielding: the consumer may take its time, and the pipe is not read meanwhile.
                    var item = lines.Read<T>(line);
                    yield return item;
                }

                if (result.IsCompleted)
                {
                    yield break;
                }

                if (buffer.Length >= Array.MaxLength)
                {
                    throw lines.LineTooLong(buffer.Length);
                }

                // The part of a line read so far stays; the next read waits for more than it.
                input.AdvanceTo(buffer.Start, buffer.End);
            }
        }
        finally
        {
            // Completing the reader disposes the response stream, as the end of the enumeration or an early break should.
            await input.CompleteAsync().ConfigureAwait(false);
        }
    }

    private static void EnsureJsonLines(HttpContent content)
    {
        var contentType = content.Headers.ContentType;
        if (contentType?.MediaType is not { } mediaType || !ParsedMediaType.TryParse(mediaType, out var parsed) || !JsonLinesWire.Definition.Accepts(parsed))
        {
            throw new NotSupportedException($"The content type '{contentType?.MediaType}' is not JSON Lines.");
        }

        if (contentType.CharSet is { } charset && !string.Equals(charset.Trim('"'), "utf-8", StringComparison.OrdinalIgnoreCase))
        {
            throw new NotSupportedException($"JSON Lines is read in UTF-8; the content's charset is '{charset}'.");
        }
    }
}
