using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Headers;
using System.Text;
using System.Text.RegularExpressions;
using FastFormatters.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace FastFormatters.IntegrationTests.Reliability;

/// <summary>The sample on its own Kestrel, so the load meets no other test's requests.</summary>
public sealed class IsolationServer : SampleServer
{
}

/// <summary>
/// 10,000 requests from 64 concurrent clients over several connection pools, mixing valid, truncated, malformed and
/// wrongly typed bodies in every format, with Accept varying independently of the body's format. Every valid request
/// carries a unique marker and a payload of its own size (so pooled buffers of many sizes are rented, returned and
/// reused across requests) and must get exactly its own data back; every bad one its exact 4xx, as a problem that
/// names no other request's marker; no 5xx. The requests are a pure function of a seed and their index.
/// </summary>
public sealed partial class IsolationUnderLoadTests(IsolationServer server, ITestOutputHelper output) : IClassFixture<IsolationServer>
{
    private const int Requests = 10_000;
    private const int Clients = 64;
    private const int ConnectionPools = 4;
    private const int Seed = 20_240_501;

    // The GUID part of every marker, from the seed too, so a failing request can be generated again exactly.
    private static readonly string s_run = RunGuid();

    private static readonly string[] s_formats = [Fmt.Json, Fmt.Jsonc, Fmt.MsgPack, Fmt.MsgPackLz4];
    private static readonly string[] s_accepts = [Fmt.Json, Fmt.Jsonc, Fmt.MsgPack];

    private enum Kind
    {
        Valid,
        Truncated,
        TrailingBytes,
        InvalidUtf8,
        TooDeep,
        LyingLength,
        WrongContentType,
    }

    private sealed record LoadRequest(int Index, Kind Kind, string Format, string Accept, string Path, string? ContentType, byte[] Body, object? Expected, int Status);

    [Fact]
    public async Task Ten_thousand_mixed_requests_from_64_clients_each_get_exactly_their_own_answer()
    {
        var handlers = Enumerable.Range(0, ConnectionPools).Select(_ => new SocketsHttpHandler { MaxConnectionsPerServer = Clients }).ToArray();
        var clients = handlers.Select(handler => new HttpClient(handler) { BaseAddress = server.BaseAddress, Timeout = TimeSpan.FromMinutes(2) }).ToArray();
        var failures = new ConcurrentQueue<string>();
        var statuses = new ConcurrentDictionary<(Kind, int), int>();
        var combinations = new ConcurrentDictionary<(Kind, string, string, string), byte>();
        long bytesSent = 0;
        long bytesReceived = 0;
        int next = -1;

        var stopwatch = Stopwatch.StartNew();
        var workers = Enumerable.Range(0, Clients).Select(worker => Task.Run(async () =>
        {
            var client = clients[worker % ConnectionPools];
            int index;
            while ((index = Interlocked.Increment(ref next)) < Requests)
            {
                var request = Generate(index);
                combinations.TryAdd((request.Kind, request.Format, request.Accept, request.Path), 0);
                try
                {
                    var (status, received) = await SendAndCheckAsync(client, request);
                    statuses.AddOrUpdate((request.Kind, status), 1, (_, n) => n + 1);
                    Interlocked.Add(ref bytesSent, request.Body.Length);
                    Interlocked.Add(ref bytesReceived, received);
                }
                catch (Exception ex)
                {
                    failures.Enqueue($"#{index} {request.Kind} {request.Format}->{request.Accept} {request.Path} ({request.Body.Length} bytes): {ex.Message}");
                }
            }
        })).ToArray();
        await Task.WhenAll(workers);
        stopwatch.Stop();

        foreach (var client in clients)
        {
            client.Dispose();
        }

        output.WriteLine($"{Requests} requests, {Clients} clients over {ConnectionPools} connection pools: {stopwatch.Elapsed.TotalSeconds:F1} s " +
                         $"({Requests / stopwatch.Elapsed.TotalSeconds:F0} requests/s), {bytesSent / 1048576.0:F1} MiB sent, {bytesReceived / 1048576.0:F1} MiB received.");
        foreach (var ((kind, status), count) in statuses.OrderBy(s => s.Key.Item1).ThenBy(s => s.Key.Item2))
        {
            output.WriteLine($"  {kind,-16} {status}: {count}");
        }

        output.WriteLine($"  {combinations.Count} distinct (kind, body format, Accept, endpoint) combinations of {Enum.GetValues<Kind>().Length * s_formats.Length * s_accepts.Length * 2}.");

        Assert.True(failures.IsEmpty, $"{failures.Count} of {Requests} requests failed; the first ones:{Environment.NewLine}{string.Join(Environment.NewLine, failures.Take(20))}");
        Assert.DoesNotContain(statuses.Keys, key => key.Item2 >= 500);
        Assert.Equal(Requests, statuses.Values.Sum());
    }

    private static async Task<(int Status, long Received)> SendAndCheckAsync(HttpClient client, LoadRequest request)
    {
        using var message = new HttpRequestMessage(HttpMethod.Post, request.Path) { Content = new ByteArrayContent(request.Body) };
        if (request.ContentType is not null)
        {
            message.Content.Headers.ContentType = new MediaTypeHeaderValue(request.ContentType);
        }

        message.Headers.Accept.ParseAdd(Wire.Accept(request.Accept));
        using var response = await client.SendAsync(message);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        int status = (int)response.StatusCode;

        Assert.True(status == request.Status, $"expected {request.Status}, got {status}: {Encoding.UTF8.GetString(body[..Math.Min(300, body.Length)])}");
        if (request.Status >= 400)
        {
            // A problem, in problem+json whatever was accepted; ASP.NET Core's minimal-API problems leave traceId out
            // when Accept excludes JSON. It may name its own request's marker but no other.
            bool traceId = !request.Path.StartsWith("/minimal", StringComparison.Ordinal) || request.Accept == Fmt.Json;
            AdversarialCorpusTests.AssertProblem(response, body, request.Status, requireTraceId: traceId);
            foreach (Match match in MarkerPattern().Matches(Encoding.UTF8.GetString(body)))
            {
                Assert.True(match.Groups[1].Value == s_run && int.Parse(match.Groups[2].Value, CultureInfo.InvariantCulture) == request.Index,
                    $"The problem names another request's marker: {match.Value}");
            }

            return (status, body.Length);
        }

        Assert.Equal(Wire.Accept(request.Accept), response.Content.Headers.ContentType?.MediaType);
        Wire.AssertSame(request.Expected, Wire.Decode(request.Accept, body));
        return (status, body.Length);
    }

    /// <summary>Request <paramref name="index"/>: a pure function of the seed and the index.</summary>
    private static LoadRequest Generate(int index)
    {
        var random = new Random(Mix(Seed, index));
        string format = s_formats[random.Next(s_formats.Length)];
        string accept = s_accepts[random.Next(s_accepts.Length)];
        string path = random.Next(2) == 0 ? "/api/echo" : "/minimal/echo";
        int roll = random.Next(100);
        var kind = roll switch
        {
            < 60 => Kind.Valid,
            < 72 => Kind.Truncated,
            < 78 => Kind.TrailingBytes,
            < 84 => Kind.InvalidUtf8,
            < 90 => Kind.TooDeep,
            < 96 => Kind.LyingLength,
            _ => Kind.WrongContentType,
        };

        string marker = $"marker-{s_run}-{index:D5}";
        string payload = Payload(random);
        var document = Wire.Map(
            ("marker", marker),
            ("index", (long)index),
            ("payload", payload),
            ("numbers", Enumerable.Range(0, random.Next(0, 12)).Select(i => i % 3 == 0 ? (object?)((index * 1.5) + i) : (long)((index * 7) - i)).ToList()),
            ("nested", Wire.Map(("marker", marker), ("flag", index % 2 == 0), ("none", null))));
        byte[] valid = Wire.Encode(format, document);
        string contentType = Wire.ContentType(format);

        LoadRequest Bad(byte[] body, int status = 400, string? type = null)
            => new(index, kind, format, accept, path, type ?? contentType, body, null, status);

        switch (kind)
        {
            case Kind.Valid:
                return new(index, kind, format, accept, path, contentType, valid, document, 200);
            case Kind.Truncated:
                return Bad(valid[..random.Next(1, valid.Length)]);
            case Kind.TrailingBytes:
                return Bad(format is Fmt.MsgPack or Fmt.MsgPackLz4 ? [.. valid, 0xc0] : [.. valid, (byte)'x']);
            case Kind.InvalidUtf8:
            {
                // The payload with one byte that is never UTF-8 in the middle.
                byte[] utf8 = Encoding.UTF8.GetBytes(payload);
                int at = random.Next(utf8.Length + 1);
                var broken = Wire.Map(document.Select(e => e.Key == "payload" ? ("payload", (object?)new Utf8Raw([.. utf8[..at], 0xff, .. utf8[at..]])) : (e.Key, e.Value)).ToArray());
                return Bad(Wire.Encode(format, broken));
            }

            case Kind.TooDeep:
            {
                // One level past the format's limit: 64 for JSON and JMC1, 500 for MessagePack.
                int wrap = format is Fmt.MsgPack or Fmt.MsgPackLz4 ? AdversarialCorpus.MessagePackMaxDepth : AdversarialCorpus.JsonMaxDepth;
                object deep = document;
                for (int i = 0; i < wrap; i++)
                {
                    deep = Wire.Array(deep);
                }

                return Bad(Wire.Encode(format, deep));
            }

            case Kind.LyingLength:
                return Bad(format switch
                {
                    // JSON has no lengths: the nearest lie is an array that says more is coming, a trailing comma.
                    Fmt.Json => [(byte)'[', .. valid, (byte)',', (byte)']'],

                    // An array whose count comment says 2 around the one document.
                    Fmt.Jsonc => [.. Wire.JmcHeader, .. Wire.JmcComment(2), (byte)'[', .. valid[Wire.JmcHeader.Length..], (byte)']'],

                    // An array header claiming 2 elements before the one document.
                    Fmt.MsgPack => [0x92, .. valid],

                    // A frame whose one block declares a byte more than it holds.
                    _ => Wire.Lz4.Frame([(Wire.EncodeMessagePack(document).Length + 1, Wire.Lz4.LiteralBlock(Wire.EncodeMessagePack(document)))]),
                });
            default:
                // A type no formatter reads. The minimal endpoints' 415 comes from routing, whose body is a problem only
                // when Accept allows JSON (see KnownDeviationTests), so these ask for JSON.
                accept = Fmt.Json;
                return Bad(valid, 415, random.Next(2) == 0 ? "text/plain" : "application/octet-stream");
        }
    }

    /// <summary>Mostly short, sometimes tens or hundreds of KB, up to 1 MB; ASCII with multi-byte characters and characters that need escaping.</summary>
    private static string Payload(Random random)
    {
        int roll = random.Next(100);
        int length = roll switch
        {
            < 75 => random.Next(0, 1_024),
            < 95 => random.Next(1_024, 16_384),
            < 99 => random.Next(16_384, 262_144),
            _ => random.Next(262_144, 1_048_576),
        };
        const string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        string[] specials = ["é", "€", "😀", "\"", "\\", "\n", "\t", "\u0001", "/"];
        var builder = new StringBuilder(length + 2);
        while (builder.Length < length)
        {
            builder.Append(random.Next(40) == 0 ? specials[random.Next(specials.Length)] : alphabet[random.Next(alphabet.Length)].ToString());
        }

        return builder.ToString();
    }

    // SplitMix64 of (seed, index): seeded Randoms of neighbouring seeds start out correlated, so the index is mixed first.
    private static int Mix(int seed, int index)
    {
        ulong z = unchecked(((ulong)(uint)seed << 32 | (uint)index) + 0x9E3779B97F4A7C15);
        z = unchecked((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9);
        z = unchecked((z ^ (z >> 27)) * 0x94D049BB133111EB);
        return (int)(z ^ (z >> 31));
    }

    private static string RunGuid()
    {
        var bytes = new byte[16];
        new Random(Seed).NextBytes(bytes);
        return new Guid(bytes).ToString("N");
    }

    [GeneratedRegex("marker-([0-9a-f]{32})-([0-9]{5})")]
    private static partial Regex MarkerPattern();
}
