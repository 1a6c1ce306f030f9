using System.Globalization;
using System.Net.Sockets;
using System.Text;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// An HTTP/1.1 client over a plain socket that closes the connection as soon as it has what it wants, as curl does after
/// the last byte of a response: either the whole response (headers, and the body by its Content-Length or up to the
/// terminating chunk), or a given number of bytes of it.
/// </summary>
public static class ClosingClient
{
    /// <summary>
    /// Sends <c>GET <paramref name="path"/></c>, reads the whole response, closes the connection at once and returns
    /// the status, the headers and the body (still chunked when it was).
    /// </summary>
    public static async Task<(int Status, Dictionary<string, string> Headers, byte[] Body)> ReadWholeAsync(Uri baseAddress, string path, string accept)
    {
        var received = new MemoryStream();
        using (var client = await SendAsync(baseAddress, path, accept, receiveBufferSize: null))
        {
            var stream = client.GetStream();
            byte[] buffer = new byte[16 * 1024];
            while (true)
            {
                int read = await stream.ReadAsync(buffer);
                if (read == 0)
                {
                    throw new IOException($"The server closed the connection after {received.Length} bytes, before the end of the response.");
                }

                received.Write(buffer, 0, read);
                if (Parse(received.GetBuffer().AsSpan(0, (int)received.Length)) is { } response)
                {
                    client.Close();
                    return response;
                }
            }
        }
    }

    /// <summary>
    /// Sends <c>GET <paramref name="path"/></c> with a small receive buffer, reads <paramref name="bytes"/> bytes of the
    /// response and closes the connection, the rest unread.
    /// </summary>
    public static async Task CloseAfterAsync(Uri baseAddress, string path, string accept, int bytes)
    {
        using var client = await SendAsync(baseAddress, path, accept, receiveBufferSize: 4096);
        var stream = client.GetStream();
        byte[] buffer = new byte[4096];
        for (int total = 0; total < bytes;)
        {
            int read = await stream.ReadAsync(buffer);
            if (read == 0)
            {
                throw new IOException($"The server closed the connection after {total} bytes.");
            }

            total += read;
        }
    }

    private static async Task<TcpClient> SendAsync(Uri baseAddress, string path, string accept, int? receiveBufferSize)
    {
        var client = new TcpClient();
        if (receiveBufferSize is { } size)
        {
            client.ReceiveBufferSize = size;
        }

        await client.ConnectAsync(baseAddress.Host, baseAddress.Port);
        await client.GetStream().WriteAsync(Encoding.ASCII.GetBytes($"GET {path} HTTP/1.1\r\nHost: {baseAddress.Authority}\r\nAccept: {accept}\r\n\r\n"));
        return client;
    }

    // The response, once all of it is in received; null before.
    private static (int Status, Dictionary<string, string> Headers, byte[] Body)? Parse(ReadOnlySpan<byte> received)
    {
        int headEnd = received.IndexOf("\r\n\r\n"u8);
        if (headEnd < 0)
        {
            return null;
        }

        var lines = Encoding.ASCII.GetString(received[..headEnd]).Split("\r\n");
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (string line in lines.Skip(1))
        {
            int colon = line.IndexOf(':', StringComparison.Ordinal);
            headers[line[..colon].Trim()] = line[(colon + 1)..].Trim();
        }

        int status = int.Parse(lines[0].Split(' ')[1], CultureInfo.InvariantCulture);
        var body = received[(headEnd + 4)..];
        int length = headers.TryGetValue("Transfer-Encoding", out var coding) && coding.Equals("chunked", StringComparison.OrdinalIgnoreCase)
            ? ChunkedLength(body)
            : headers.TryGetValue("Content-Length", out var value) ? int.Parse(value, CultureInfo.InvariantCulture) : 0;
        return length >= 0 && body.Length >= length ? (status, headers, body[..length].ToArray()) : null;
    }

    // The length of a chunked body up to and including its terminating chunk, or -1 while that has not arrived.
    private static int ChunkedLength(ReadOnlySpan<byte> body)
    {
        int position = 0;
        while (true)
        {
            int lineEnd = body[position..].IndexOf("\r\n"u8);
            if (lineEnd < 0)
            {
                return -1;
            }

            string size = Encoding.ASCII.GetString(body.Slice(position, lineEnd)).Split(';')[0];
            int chunkEnd = position + lineEnd + 2 + int.Parse(size, NumberStyles.HexNumber, CultureInfo.InvariantCulture) + 2;
            if (body.Length < chunkEnd)
            {
                return -1;
            }

            if (size.TrimStart('0').Length == 0)
            {
                return chunkEnd;
            }

            position = chunkEnd;
        }
    }
}
