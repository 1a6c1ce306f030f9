using System.Net;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.IntegrationTests.Packaging;
using FastFormatters.IntegrationTests.Reliability;

namespace FastFormatters.IntegrationTests.NativeAot;

/// <summary>
/// samples/MinimalAot, published with <c>-p:PublishAot=true</c> under the repository's own
/// settings (warnings as errors, no trim or AOT warning), started, and asked what samples/WebApi on the JIT is asked:
/// the same <c>/minimal</c> routes answer the same bytes in JSON, JMC1 and MessagePack, bad bodies the same 400s, and the
/// diagnostics endpoint answers.
/// </summary>
[Collection(PackagingCollection.Name)]
public sealed class MinimalAotSampleTests(MinimalAotSample sample) : IClassFixture<MinimalAotSample>
{
    public static TheoryData<string, string> Requests()
    {
        var requests = new TheoryData<string, string>();
        foreach (string mediaType in new[] { "application/json", "application/jsonc", "application/msgpack" })
        {
            requests.Add("/minimal/statuses?count=25", mediaType);
            requests.Add("/minimal/statuses/stream?count=300", mediaType);
            requests.Add("/minimal/orders/7", mediaType);
            requests.Add("/plain/statuses?count=25", mediaType);
            requests.Add("/plain/orders/7", mediaType);
        }

        return requests;
    }

    [Fact]
    public void The_sample_publishes_without_a_warning()
    {
        Assert.True(sample.PublishExitCode == 0, $"dotnet publish samples/MinimalAot exited {sample.PublishExitCode}:\n{sample.PublishOutput}");
        Assert.DoesNotContain("warning", sample.PublishOutput, StringComparison.OrdinalIgnoreCase);
    }

    [Theory]
    [MemberData(nameof(Requests))]
    public async Task The_native_binary_answers_what_the_JIT_sample_answers(string path, string mediaType)
    {
        using var native = await sample.SendAsync(sample.Native, HttpMethod.Get, path, mediaType);
        using var jit = await sample.SendAsync(sample.Jit, HttpMethod.Get, path, mediaType);

        Assert.Equal(HttpStatusCode.OK, jit.StatusCode);
        Assert.Equal(jit.StatusCode, native.StatusCode);
        Assert.Equal(jit.Content.Headers.ContentType?.ToString(), native.Content.Headers.ContentType?.ToString());
        Assert.Equal(Convert.ToHexString(await jit.Content.ReadAsByteArrayAsync()), Convert.ToHexString(await native.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData("application/json", """{"name":"Ada","tags":["a",1,true,null],"nested":{"ratio":1.5}}""")]
    [InlineData("application/json", """[{"a":1},[2,"three"]]""")]
    [InlineData("application/msgpack", "82A46E616D65A3416461A47461677393A161 01C3")]
    public async Task A_body_read_as_object_is_echoed_with_the_JITs_bytes(string mediaType, string body)
    {
        byte[] content = mediaType == "application/json" ? Encoding.UTF8.GetBytes(body) : Convert.FromHexString(body.Replace(" ", string.Empty, StringComparison.Ordinal));
        using var native = await sample.SendAsync(sample.Native, HttpMethod.Post, "/minimal/echo", mediaType, content);
        using var jit = await sample.SendAsync(sample.Jit, HttpMethod.Post, "/minimal/echo", mediaType, content);

        Assert.Equal(HttpStatusCode.OK, jit.StatusCode);
        Assert.Equal(jit.StatusCode, native.StatusCode);
        Assert.Equal(Convert.ToHexString(await jit.Content.ReadAsByteArrayAsync()), Convert.ToHexString(await native.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData("application/json", "7B22637573746F6D6572223A22416461222C226C696E6573223A5B7B22736B75223A22412D31222C227175616E74697479223A322C22756E69745072696365223A392E357D5D7D")]
    [InlineData("application/msgpack", "82A8437573746F6D6572A3416461A54C696E65739183A3536B75A3412D31A85175616E7469747902A9556E69745072696365A3392E35")]
    public async Task A_plain_handler_reads_a_body_in_any_format_as_the_JIT_does(string mediaType, string hex)
    {
        // {"customer":"Ada","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}]}, and the same order in MessagePack.
        byte[] body = Convert.FromHexString(hex);
        using var native = await sample.SendAsync(sample.Native, HttpMethod.Post, "/plain/orders", mediaType, body);
        using var jit = await sample.SendAsync(sample.Jit, HttpMethod.Post, "/plain/orders", mediaType, body);

        Assert.Equal(HttpStatusCode.Created, jit.StatusCode);
        Assert.Equal(jit.StatusCode, native.StatusCode);
        Assert.Equal(jit.Headers.Location?.PathAndQuery, native.Headers.Location?.PathAndQuery);
        Assert.Equal(jit.Content.Headers.ContentType?.ToString(), native.Content.Headers.ContentType?.ToString());
        Assert.Equal(await WithoutClockAsync(jit, mediaType), await WithoutClockAsync(native, mediaType));
    }

    // The placed order as JSON (MessagePack converted by MessagePack-CSharp), without the time each process placed it at.
    private static async Task<string> WithoutClockAsync(HttpResponseMessage response, string mediaType)
    {
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        var order = System.Text.Json.Nodes.JsonNode.Parse(mediaType == "application/json" ? Encoding.UTF8.GetString(body) : global::MessagePack.MessagePackSerializer.ConvertToJson(body))!.AsObject();
        Assert.True(order.Remove("placedAt") || order.Remove("PlacedAt"), order.ToJsonString());
        return order.ToJsonString();
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/msgpack")]
    public async Task A_bad_body_is_the_same_400(string mediaType)
    {
        byte[] body = mediaType == "application/json" ? "{\"customer\":"u8.ToArray() : [0x81, 0xc1];
        using var native = await sample.SendAsync(sample.Native, HttpMethod.Post, "/minimal/orders", mediaType, body);
        using var jit = await sample.SendAsync(sample.Jit, HttpMethod.Post, "/minimal/orders", mediaType, body);

        Assert.Equal(HttpStatusCode.BadRequest, jit.StatusCode);
        Assert.Equal(jit.StatusCode, native.StatusCode);
        Assert.Equal(jit.Content.Headers.ContentType?.MediaType, native.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("application/json", "libraryVersion")]
    [InlineData("application/msgpack", "LibraryVersion")]
    public async Task The_diagnostics_endpoint_answers(string mediaType, string member)
    {
        using var native = await sample.SendAsync(sample.Native, HttpMethod.Get, "/_formatters", mediaType, diagnosticsKey: true);

        Assert.Equal(HttpStatusCode.OK, native.StatusCode);
        Assert.Contains(member, Encoding.Latin1.GetString(await native.Content.ReadAsByteArrayAsync()), StringComparison.Ordinal);
    }
}

/// <summary>samples/MinimalAot published once with Native AOT and running, beside samples/WebApi on the JIT.</summary>
public sealed class MinimalAotSample : IAsyncLifetime
{
    private const string DiagnosticsKey = "native-aot-test";
    private readonly string _work = Path.Combine(Path.GetTempPath(), "ff-minimalaot-" + Guid.NewGuid().ToString("N")[..8]);
    private SampleProcess? _native;
    private SampleProcess? _jit;

    public int PublishExitCode { get; private set; } = -1;

    public string PublishOutput { get; private set; } = "";

    public HttpClient? Native { get; private set; }

    public HttpClient? Jit { get; private set; }

    public async Task InitializeAsync()
    {
        string project = Path.Combine(Dotnet.RepositoryRoot(), "samples", "MinimalAot", "MinimalAot.csproj");
        (PublishExitCode, PublishOutput) = await NativeAotPublish.PublishAsync(project, _work);
        string executable = Path.Combine(_work, "publish", "FastFormatters.Samples.MinimalAot");
        string[] key = ["--Diagnostics:Key", DiagnosticsKey];
        if (PublishExitCode == 0 && File.Exists(executable))
        {
            _native = await SampleProcess.StartAsync(executable, key, Path.Combine(_work, "publish"), TimeSpan.FromSeconds(60));
            Native = new HttpClient { BaseAddress = _native.BaseAddress };
        }

        _jit = await SampleProcess.StartAsync(TimeSpan.FromSeconds(90), key);
        Jit = new HttpClient { BaseAddress = _jit.BaseAddress };
    }

    public Task<HttpResponseMessage> SendAsync(HttpClient? client, HttpMethod method, string path, string mediaType, byte[]? body = null, bool diagnosticsKey = false)
    {
        Assert.True(client is not null, $"The native sample did not start; the publish exited {PublishExitCode}:\n{PublishOutput}\n{_native?.Output}");
        var request = new HttpRequestMessage(method, path);
        request.Headers.Accept.ParseAdd(mediaType);
        if (diagnosticsKey)
        {
            request.Headers.Add("X-Diagnostics-Key", DiagnosticsKey);
        }

        if (body is not null)
        {
            request.Content = new ByteArrayContent(body);
            request.Content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(mediaType);
        }

        return client.SendAsync(request);
    }

    public Task DisposeAsync()
    {
        Native?.Dispose();
        Jit?.Dispose();
        _native?.Dispose();
        _jit?.Dispose();
        NativeAotPublish.Delete(_work);
        return Task.CompletedTask;
    }
}
