using MessagePack;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Posts request bodies and builds the <c>Accept</c> headers that ask for each response compression.</summary>
public static class MessagePackHttp
{
    public const string MediaType = "application/x-msgpack";

    /// <summary>The value of the <c>compression</c> media-type parameter for <paramref name="compression"/>, as the server names it.</summary>
    public static string ParameterValue(MessagePackCompression compression) => compression switch
    {
        MessagePackCompression.Lz4BlockArray => "lz4blockarray",
        MessagePackCompression.Lz4Block => "lz4block",
        _ => "none",
    };

    /// <summary><paramref name="mediaType"/>, with a <c>compression</c> parameter unless <paramref name="compression"/> is None.</summary>
    public static string Accept(MessagePackCompression compression, string mediaType = MediaType)
        => compression == MessagePackCompression.None ? mediaType : $"{mediaType}; compression={ParameterValue(compression)}";

    public static async Task<HttpReply> GetAsync(HttpClient client, string path, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.TryAddWithoutValidation("Accept", accept);
        return await SendAsync(client, request);
    }

    public static async Task<HttpReply> PostAsync(HttpClient client, string path, byte[] body, string accept, string contentType = MediaType)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
        request.Content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        request.Headers.TryAddWithoutValidation("Accept", accept);
        return await SendAsync(client, request);
    }

    private static async Task<HttpReply> SendAsync(HttpClient client, HttpRequestMessage request)
    {
        using var response = await client.SendAsync(request);
        return new HttpReply((int)response.StatusCode, response.Content.Headers.ContentType?.ToString(), await response.Content.ReadAsByteArrayAsync());
    }
}
