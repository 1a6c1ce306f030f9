using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using FastFormatters.MessagePack;

namespace FastFormatters.Http;

/// <summary>
/// Calls a FastFormatters (or any MessagePack) API with <see cref="HttpClient"/>, in the spirit of
/// <c>System.Net.Http.Json</c>: requests say <c>Accept: application/x-msgpack</c> (with
/// <c>compression=lz4blockarray</c> or <c>lz4block</c> when the options' <see cref="MessagePackOptions.Compression"/>
/// asks for a compressed response), bodies are sent as <see cref="MessagePackContent"/>, and responses are read with
/// <see cref="HttpContentMessagePackExtensions.ReadFromMessagePackAsync"/>, compressed or not.
/// </summary>
public static class HttpClientMessagePackExtensions
{

    /// <summary>GETs <paramref name="requestUri"/> as MessagePack and reads the body as <typeparamref name="T"/>.</summary>
    /// <exception cref="HttpRequestException">The response status is not a success.</exception>
    public static async Task<T?> GetFromMessagePackAsync<T>(this HttpClient client, string? requestUri, FastSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        using var request = new HttpRequestMessage(HttpMethod.Get, requestUri);
        request.Headers.Accept.Add(Accept(options));
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadFromMessagePackAsync<T>(options, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// GETs <paramref name="requestUri"/> as a MessagePack sequence streamed element by element
    /// (<see cref="StreamedSequenceRequest"/>) and yields each <typeparamref name="T"/> as it arrives, in flat memory
    /// however long the sequence. A server that sends the whole array instead (one that does not stream, or a compressed
    /// response) is read whole, then yielded.
    /// </summary>
    /// <exception cref="HttpRequestException">The response status is not a success.</exception>
    public static IAsyncEnumerable<T?> GetFromMessagePackAsAsyncEnumerable<T>(this HttpClient client, string? requestUri, FastSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return GetSequenceAsync<T>(client, requestUri, options, cancellationToken);
    }

    private static async IAsyncEnumerable<T?> GetSequenceAsync<T>(HttpClient client, string? requestUri, FastSerializerOptions? options, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, requestUri);
        var accept = Accept(options);
        accept.Parameters.Add(new NameValueHeaderValue(StreamedSequenceRequest.ParameterName, StreamedSequenceRequest.ParameterValue));
        request.Headers.Accept.Add(accept);
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
        await foreach (var item in response.Content.ReadFromMessagePackAsAsyncEnumerable<T>(options, cancellationToken).ConfigureAwait(false))
        {
            yield return item;
        }
    }

    /// <summary>POSTs <paramref name="value"/> as MessagePack, asking for a MessagePack response.</summary>
    public static Task<HttpResponseMessage> PostAsMessagePackAsync<T>(this HttpClient client, string? requestUri, T value, FastSerializerOptions? options = null, CancellationToken cancellationToken = default)
        => SendAsync(client, HttpMethod.Post, requestUri, value, options, cancellationToken);

    /// <summary>PUTs <paramref name="value"/> as MessagePack, asking for a MessagePack response.</summary>
    public static Task<HttpResponseMessage> PutAsMessagePackAsync<T>(this HttpClient client, string? requestUri, T value, FastSerializerOptions? options = null, CancellationToken cancellationToken = default)
        => SendAsync(client, HttpMethod.Put, requestUri, value, options, cancellationToken);

    private static async Task<HttpResponseMessage> SendAsync<T>(HttpClient client, HttpMethod method, string? requestUri, T value, FastSerializerOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        using var request = new HttpRequestMessage(method, requestUri) { Content = MessagePackContent.Create(value, options: options) };
        request.Headers.Accept.Add(Accept(options));
        return await client.SendAsync(request, cancellationToken).ConfigureAwait(false);
    }

    private static MediaTypeWithQualityHeaderValue Accept(FastSerializerOptions? options)
    {
        var accept = new MediaTypeWithQualityHeaderValue(MessagePackFormat.Definition.CanonicalMediaType);
        if (options?.MessagePack.Compression is { } compression && compression != MessagePackCompressionMode.None)
        {
            accept.Parameters.Add(new NameValueHeaderValue(MessagePackCompressionRequest.ParameterName, MessagePackCompressionRequest.ToParameterValue(compression)));
        }

        return accept;
    }
}
