using System.Net.Sockets;
using System.Text;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// HTTP/1.1 over a plain socket, for what HttpClient will not send: a body shorter than its Content-Length, or two
/// requests on one connection with exact control over the bytes.
/// </summary>
public sealed class RawHttp : IAsyncDisposable
{
    private readonly TcpClient _client = new();
    private NetworkStream _stream = null!;

    public static async Task<RawHttp> ConnectAsync(Uri baseAddress)
    {
        var raw = new RawHttp();
        await raw._client.ConnectAsync(baseAddress.Host, baseAddress.Port);
        raw._stream = raw._client.GetStream();
        return raw;
    }

    public async Task SendAsync(string method, string path, string contentType, byte[] body, long? declaredLength = null, string accept = "application/json")
    {
        var head = $"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {contentType}\r\n" +
                   $"Content-Length: {declaredLength ?? body.Length}\r\nAccept: {accept}\r\n\r\n";
        await _stream.WriteAsync(Encoding.ASCII.GetBytes(head));
        await _stream.WriteAsync(body);
        await _stream.FlushAsync();
    }

    /// <summary>Closes the sending side, as a client that gives up mid-body does, while still reading the answer.</summary>
    public void EndSending() => _client.Client.Shutdown(SocketShutdown.Send);

    /// <summary>Reads one response (status, headers, Content-Length body).</summary>
    public async Task<(int Status, Dictionary<string, string> Headers, string Body)> ReadResponseAsync()
        => await TryReadResponseAsync() ?? throw new IOException("The server closed the connection before sending a response.");

    /// <summary>Reads one response, or returns null when the server closes the connection without sending one.</summary>
    public async Task<(int Status, Dictionary<string, string> Headers, string Body)?> TryReadResponseAsync()
    {
        var buffer = new List<byte>();
        var chunk = new byte[8192];
        int headerEnd;
        while ((headerEnd = IndexOf(buffer, "\r\n\r\n"u8)) < 0)
        {
            int read;
            try
            {
                read = await _stream.ReadAsync(chunk);
            }
            catch (IOException) when (buffer.Count == 0)
            {
                return null;
            }

            if (read == 0)
            {
                return buffer.Count == 0 ? null : throw new IOException("The server closed the connection in the middle of a response.");
            }

            buffer.AddRange(chunk.AsSpan(0, read));
        }

        var head = Encoding.ASCII.GetString(buffer.GetRange(0, headerEnd).ToArray()).Split("\r\n");
        int status = int.Parse(head[0].Split(' ')[1], System.Globalization.CultureInfo.InvariantCulture);
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var line in head.Skip(1))
        {
            int colon = line.IndexOf(':', StringComparison.Ordinal);
            headers[line[..colon].Trim()] = line[(colon + 1)..].Trim();
        }

        int bodyStart = headerEnd + 4;
        if (headers.TryGetValue("Transfer-Encoding", out var encoding) && encoding.Equals("chunked", StringComparison.OrdinalIgnoreCase))
        {
            return (status, headers, await ReadChunkedAsync(buffer, bodyStart, chunk));
        }

        int length = headers.TryGetValue("Content-Length", out var value) ? int.Parse(value, System.Globalization.CultureInfo.InvariantCulture) : 0;
        while (buffer.Count - bodyStart < length)
        {
            int read = await _stream.ReadAsync(chunk);
            if (read == 0)
            {
                throw new IOException("The server closed the connection in the middle of a response.");
            }

            buffer.AddRange(chunk.AsSpan(0, read));
        }

        var body = Encoding.UTF8.GetString(buffer.GetRange(bodyStart, length).ToArray());
        return (status, headers, body);
    }

    /// <summary>Decodes a chunked body (RFC 9112 §7.1) that starts at <paramref name="position"/>, reading more as needed.</summary>
    private async Task<string> ReadChunkedAsync(List<byte> buffer, int position, byte[] chunk)
    {
        var body = new List<byte>();
        while (true)
        {
            int lineEnd;
            while ((lineEnd = IndexOf(buffer.GetRange(position, buffer.Count - position), "\r\n"u8)) < 0)
            {
                await ReadMoreAsync(buffer, chunk);
            }

            string sizeLine = Encoding.ASCII.GetString(buffer.GetRange(position, lineEnd).ToArray()).Split(';')[0];
            int size = int.Parse(sizeLine, System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture);
            position += lineEnd + 2;
            while (buffer.Count - position < size + 2)
            {
                await ReadMoreAsync(buffer, chunk);
            }

            if (size == 0)
            {
                return Encoding.UTF8.GetString(body.ToArray());
            }

            body.AddRange(buffer.GetRange(position, size));
            position += size + 2;
        }
    }

    private async Task ReadMoreAsync(List<byte> buffer, byte[] chunk)
    {
        int read = await _stream.ReadAsync(chunk);
        if (read == 0)
        {
            throw new IOException("The server closed the connection in the middle of a chunked response.");
        }

        buffer.AddRange(chunk.AsSpan(0, read));
    }

    public async ValueTask DisposeAsync()
    {
        await _stream.DisposeAsync();
        _client.Dispose();
    }

    private static int IndexOf(List<byte> buffer, ReadOnlySpan<byte> pattern)
    {
        for (int i = 0; i + pattern.Length <= buffer.Count; i++)
        {
            bool match = true;
            for (int j = 0; j < pattern.Length && match; j++)
            {
                match = buffer[i + j] == pattern[j];
            }

            if (match)
            {
                return i;
            }
        }

        return -1;
    }
}
