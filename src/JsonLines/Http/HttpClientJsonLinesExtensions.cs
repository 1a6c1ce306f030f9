using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using FastFormatters.JsonLines;

namespace FastFormatters.Http;

/// <summary>
/// Reads a JSON Lines feed with <see cref="HttpClient"/>, in the spirit of <c>System.Net.Http.Json</c>'s
/// <c>GetFromJsonAsAsyncEnumerable</c>: each value as its line arrives, through
/// <see cref="HttpContentJsonLinesExtensions.ReadFromJsonLinesAsAsyncEnumerable"/>.
/// </summary>
public static class HttpClientJsonLinesExtensions
{
    /// <summary>
    /// GETs <paramref name="requestUri"/> asking for JSON Lines (<c>Accept: application/jsonl, application/x-ndjson;q=0.9</c>)
    /// and yields each line's <typeparamref name="T"/> as soon as it has arrived. The request is sent when the
    /// enumeration starts; the response is disposed when it ends. A 204 No Content response is an empty sequence.
    /// </summary>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI, relative to the client's base address or absolute.</param>
    /// <param name="serializer">Reads each line; one with ASP.NET Core's web defaults when null.</param>
    /// <param name="cancellationToken">Stops the request and the reading.</param>
    /// <exception cref="HttpRequestException">The response status is not a success.</exception>
    /// <exception cref="NotSupportedException">The response is not JSON Lines in UTF-8.</exception>
    /// <exception cref="FormatReadException">A line is empty or not one valid JSON <typeparamref name="T"/>; the message names the line.</exception>
    public static IAsyncEnumerable<T?> GetFromJsonLinesAsAsyncEnumerable<T>(this HttpClient client, string? requestUri, FastFormattersSerializer? serializer = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return GetLinesAsync<T>(client, CreateUri(requestUri), serializer, cancellationToken);
    }

    /// <inheritdoc cref="GetFromJsonLinesAsAsyncEnumerable{T}(HttpClient, string?, FastFormattersSerializer?, CancellationToken)"/>
    public static IAsyncEnumerable<T?> GetFromJsonLinesAsAsyncEnumerable<T>(this HttpClient client, Uri? requestUri, FastFormattersSerializer? serializer = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return GetLinesAsync<T>(client, requestUri, serializer, cancellationToken);
    }

    private static async IAsyncEnumerable<T?> GetLinesAsync<T>(HttpClient client, Uri? requestUri, FastFormattersSerializer? serializer, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, requestUri);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(JsonLinesWire.Definition.CanonicalMediaType));

        // NDJSON servers that do not know application/jsonl still answer.
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/x-ndjson", 0.9));
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();

        // No content is no lines: an MVC action whose result is null answers 204, whatever the Accept.
        if (response.StatusCode == System.Net.HttpStatusCode.NoContent)
        {
            yield break;
        }

        await foreach (var item in response.Content.ReadFromJsonLinesAsAsyncEnumerable<T>(serializer, cancellationToken).ConfigureAwait(false))
        {
            yield return item;
        }
    }

    private static Uri? CreateUri(string? uri) => string.IsNullOrEmpty(uri) ? null : new Uri(uri, UriKind.RelativeOrAbsolute);
}
