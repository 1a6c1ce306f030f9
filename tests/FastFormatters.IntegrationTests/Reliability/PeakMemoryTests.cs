using System.Diagnostics;
using System.Net.Http.Headers;
using Xunit.Abstractions;

namespace FastFormatters.IntegrationTests.Reliability;

/// <summary>A theory that is skipped, not failed, where /proc is absent (not Linux): peak RSS is read from it.</summary>
public sealed class ProcTheoryAttribute : TheoryAttribute
{
    public ProcTheoryAttribute()
    {
        if (!SampleProcess.ProcAvailable)
        {
            Skip = "Peak memory is read from /proc/<pid>/status, which this platform does not have.";
        }
    }
}

/// <summary>
/// The server's peak memory for one large adversarial body: the built sample runs as a child process (fresh for each
/// case, so no earlier body's memory is reused), is warmed up with small bodies of the same kinds, has its peak RSS
/// (VmHWM) reset to its current RSS, receives the body, and its peak is read again. The growth must stay within
/// 4 × the body size + 8 MiB.
/// </summary>
/// <remarks>
/// The 8 MiB of slack is for what one large request costs whatever its size: Kestrel's pipe and memory-pool blocks,
/// the pooled arrays of the response, stacks of thread-pool threads woken by the request, code jitted for paths the
/// warm-up did not take, and the GC's own bookkeeping when it grows a heap. The sample runs as built (Server GC, as
/// the Web SDK sets it).
/// </remarks>
public sealed class PeakMemoryTests(ITestOutputHelper output) : IDisposable
{
    private const long Slack = 8L * 1024 * 1024;
    private const int Large = AdversarialCorpus.TenMegabytes;

    private SampleProcess? _sample;

    private sealed record MemoryCase(string Format, Func<int, byte[]> Body, int Status)
    {
        /// <summary>
        /// Bytes the budget allows on top of 4 x body + slack for what is not the formatter's to save: the model the
        /// body materializes when it is far larger than the body, or the decompressed copy of an LZ4 body.
        /// </summary>
        public long Allowance { get; init; }
    }

    /// <summary>Each case's body at a given scale: the measured one at <see cref="Large"/>, the warm-up's at a small one.</summary>
    private static readonly Dictionary<string, MemoryCase> s_cases = BuildCases();

    public static TheoryData<string> Cases => [.. s_cases.Keys];

    [ProcTheory]
    [MemberData(nameof(Cases))]
    public Task Peak_memory_stays_within_four_times_the_body_plus_slack(string name) => MeasureAsync(name);

    private async Task MeasureAsync(string name)
    {
        var memoryCase = s_cases[name];
        _sample = await SampleProcess.StartAsync(TimeSpan.FromSeconds(90));
        using var client = new HttpClient { BaseAddress = _sample.BaseAddress, Timeout = TimeSpan.FromMinutes(2) };

        // Warm-up: the same kinds of body, small, twice, so the code is jitted and the pools hold small arrays.
        for (int round = 0; round < 2; round++)
        {
            foreach (var (otherName, other) in s_cases.Where(c => c.Value.Format == memoryCase.Format))
            {
                var (status, _) = await PostAsync(client, other.Format, other.Body(Scale(otherName, small: true)));
                Assert.True(status == other.Status, $"Warm-up {otherName}: {status}");
            }
        }

        bool reset = _sample.TryResetPeak();
        long before = reset ? _sample.ReadStatusBytes("VmRSS") : _sample.ReadStatusBytes("VmHWM");
        byte[] body = memoryCase.Body(Scale(name, small: false));
        var stopwatch = Stopwatch.StartNew();
        var (actual, responseLength) = await PostAsync(client, memoryCase.Format, body);
        stopwatch.Stop();
        long peak = _sample.ReadStatusBytes("VmHWM");
        long growth = peak - before;
        long limit = (4L * body.Length) + Slack + memoryCase.Allowance;

        output.WriteLine(
            $"{name}: body {Mb(body.Length)} -> {actual}, response {Mb(responseLength)}, {stopwatch.ElapsedMilliseconds} ms; " +
            $"RSS before {Mb(before)} (peak {(reset ? "reset by clear_refs" : "not resettable, previous peak used")}), " +
            $"peak {Mb(peak)}, growth {Mb(growth)} = {(double)growth / body.Length:F2} x body; limit {Mb(limit)}");

        Assert.Equal(memoryCase.Status, actual);
        Assert.True(growth <= limit, $"{name}: the peak grew by {Mb(growth)}, more than 4 x {Mb(body.Length)} + {Mb(Slack)} + {Mb(memoryCase.Allowance)}.");

        // Still serving.
        using var after = await client.GetAsync("/api/orders/1");
        Assert.Equal(200, (int)after.StatusCode);
        Assert.False(_sample.HasExited);
    }

    public void Dispose() => _sample?.Dispose();

    private static async Task<(int Status, long Length)> PostAsync(HttpClient client, string format, byte[] body)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/echo") { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(Wire.ContentType(format));
        request.Headers.Accept.ParseAdd(Wire.Accept(format == Fmt.MsgPackLz4 ? Fmt.MsgPack : format));
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        await using var stream = await response.Content.ReadAsStreamAsync();
        long length = 0;
        var buffer = new byte[81920];
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            length += read;
        }

        return ((int)response.StatusCode, length);
    }

    private static int Scale(string name, bool small) => (name.Split('/')[1], small) switch
    {
        ("ten-megabyte-string" or "str32-claims-2gb" or "array32-claims-4g-elements" or "frame-claims-2gb", false) => Large,
        ("ten-megabyte-string" or "str32-claims-2gb" or "array32-claims-4g-elements" or "frame-claims-2gb", true) => 100_000,
        ("deep-arrays-100000" or "deep-objects-100000", false) => 100_000,
        ("deep-arrays-100000" or "deep-objects-100000", true) => 1_000,
        ("keys-100000", false) => 100_000,
        (_, _) => 1_000,
    };

    private static Dictionary<string, MemoryCase> BuildCases()
    {
        var cases = new Dictionary<string, MemoryCase>();
        foreach (var format in new[] { Fmt.Json, Fmt.Jsonc, Fmt.MsgPack, Fmt.MsgPackLz4 })
        {
            cases[$"{format}/ten-megabyte-string"] = new(format, size => Wire.Encode(format, new string('s', size)), 200);
            cases[$"{format}/deep-arrays-100000"] = new(format, depth => Deep(format, depth, objects: false), 400);
            cases[$"{format}/deep-objects-100000"] = new(format, depth => Deep(format, depth, objects: true), 400);
            cases[$"{format}/keys-100000"] = new(format, count => Wire.Encode(format, Enumerable.Range(0, count)
                .Select(i => new KeyValuePair<string, object?>("k" + i.ToString("x", System.Globalization.CultureInfo.InvariantCulture), (long)i)).ToList()), 200)
            {
                // Read as object, each key is a Dictionary<string, object?> entry, a string and a boxed long: about 140
                // bytes of model (measured) per 10 to 19 bytes of body.
                Allowance = 160L * 100_000,
            };
        }

        // A 39 KB body that decompresses to 10 MB: the budget is the plain body's, plus the decompressed copy parsed
        // from (bounded by MessagePackOptions.MaxDecompressedSize).
        cases[$"{Fmt.MsgPackLz4}/ten-megabyte-string"] = cases[$"{Fmt.MsgPackLz4}/ten-megabyte-string"] with
        {
            Allowance = 5L * Large,
        };

        // A header claiming 2 GB (str32 0x7fffffff) or 4 G elements (array32), then 10 MB of data.
        cases[$"{Fmt.MsgPack}/str32-claims-2gb"] = new(Fmt.MsgPack, size => [0xdb, 0x7f, 0xff, 0xff, 0xff, .. new byte[size]], 400);
        cases[$"{Fmt.MsgPack}/array32-claims-4g-elements"] = new(Fmt.MsgPack, size => [0xdd, 0xff, 0xff, 0xff, 0xff, .. Enumerable.Repeat((byte)0xc0, size)], 400);

        // An LZ4 frame declaring 2 GB once decompressed, with 10 MB of literal blocks.
        cases[$"{Fmt.MsgPackLz4}/frame-claims-2gb"] = new(Fmt.MsgPackLz4, size =>
        {
            byte[] payload = Wire.EncodeMessagePack(new string('f', size));
            int count = (payload.Length + Wire.Lz4.BlockSize - 1) / Wire.Lz4.BlockSize;
            var blocks = Enumerable.Range(0, count)
                .Select(i => (Declared: (1L << 31) / count, Block: Wire.Lz4.LiteralBlock(payload.AsSpan(i * Wire.Lz4.BlockSize, Math.Min(Wire.Lz4.BlockSize, payload.Length - (i * Wire.Lz4.BlockSize))))))
                .ToList();
            return Wire.Lz4.Frame(blocks);
        }, 400);
        return cases;
    }

    // The LZ4 cases frame the MessagePack ones.
    private static byte[] Deep(string format, int depth, bool objects)
        => format == Fmt.MsgPackLz4 ? Wire.Lz4.Frame(AdversarialCorpus.Deep(Fmt.MsgPack, depth, objects)) : AdversarialCorpus.Deep(format, depth, objects);

    private static string Mb(long bytes) => $"{bytes / (1024.0 * 1024.0):F1} MiB";
}
