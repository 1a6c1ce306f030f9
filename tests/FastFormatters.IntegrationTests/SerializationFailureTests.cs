using System.Net;
using System.Runtime.CompilerServices;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A model, or an app's converter, that throws while it is being serialized: a clean 500 problem while nothing has been sent, an aborted
/// connection once part of the body is on the wire — never a 200 that looks whole — and a server error in diagnostics.
/// </summary>
public sealed class SerializationFailureTests : IClassFixture<SerializationFailureTests.FailureServer>
{
    private readonly FailureServer _server;

    public SerializationFailureTests(FailureServer server) => _server = server;

    private const int LateFailure = Payloads.LargeCount;

    public static TheoryData<string, string> BeforeAnythingIsSent => new()
    {
        { "/mvc/one", "application/json" },
        { "/mvc/one", "application/x-msgpack" },
        { "/mvc/one", "application/jsonc" },
        { "/minimal/one", "application/json" },
        { "/minimal/one", "application/x-msgpack" },
        { "/mvc/stream-fails-early", "application/json" },
        { "/minimal/stream-fails-early", "application/jsonc" },
        { "/mvc/converter-fails", "application/json" },
        { "/mvc/converter-fails", "application/x-msgpack" },
        { "/mvc/converter-fails", "application/jsonc" },
        { "/minimal/converter-fails", "application/json" },
        { "/minimal/converter-fails", "application/x-msgpack" },
        { "/minimal/converter-fails", "application/jsonc" },
    };

    public static TheoryData<string, string> AfterPartOfTheBody => new()
    {
        { "/mvc/large-list", "application/json" },
        { "/minimal/large-list", "application/x-msgpack" },
        { "/mvc/stream-fails-late", "application/json" },
        { "/mvc/stream-fails-late", "application/jsonc" },
        { "/minimal/stream-fails-late", "application/json" },
        { "/minimal/stream-fails-late", "application/x-msgpack" },
    };

    [Theory]
    [MemberData(nameof(BeforeAnythingIsSent))]
    public async Task Failure_before_the_first_byte_is_a_clean_500_problem(string path, string accept)
    {
        long before = await ServerErrorsAsync(Format(accept));
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd(accept);
        using var response = await _server.Client.SendAsync(request);

        string body = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.InternalServerError, $"{response.StatusCode}: {body}");
        Assert.DoesNotContain(FailingModel.Marker, body, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        // problem+json (RFC 9457) whatever the client asked for, as MVC does; ASP.NET Core alone sends minimal-API
        // clients that accept no JSON an empty 500.
        Problem.AssertBody(body, 500);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);

        Assert.Equal(before + 1, await ServerErrorsAsync(Format(accept)));
    }

    [Theory]
    [MemberData(nameof(AfterPartOfTheBody))]
    public async Task Failure_after_part_of_the_body_aborts_the_connection(string path, string accept)
    {
        long before = await ServerErrorsAsync(Format(accept));
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd(accept);
        using var response = await _server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);

        // The status line went out with the first chunk; the body must not end as if it were complete.
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var stream = await response.Content.ReadAsStreamAsync();
        var error = await Assert.ThrowsAnyAsync<Exception>(() => stream.CopyToAsync(Stream.Null));
        Assert.True(error is IOException or HttpRequestException, error.ToString());
        Assert.Equal(before + 1, await ServerErrorsAsync(Format(accept)));

        // The server goes on serving.
        using var next = await _server.Client.GetAsync("/mvc/fine");
        Assert.Equal(HttpStatusCode.OK, next.StatusCode);
    }

    private static string Format(string accept) => accept switch
    {
        "application/x-msgpack" => "msgpack",
        "application/jsonc" => "jsonc",
        _ => "json",
    };

    private async Task<long> ServerErrorsAsync(string format)
    {
        using var report = JsonDocument.Parse(await _server.Client.GetStringAsync("/_formatters"));
        foreach (var entry in report.RootElement.GetProperty("formats").EnumerateArray())
        {
            if (entry.GetProperty("format").GetString() == format && entry.GetProperty("direction").GetString() == "write")
            {
                return entry.GetProperty("serverErrors").GetInt64();
            }
        }

        return 0;
    }

    /// <summary>A model whose getter throws, as a broken lazy-loading proxy or a bug would.</summary>
    public sealed class FailingModel
    {
        public const string Marker = "secret-state-of-the-model";

        public bool Fails { get; init; } = true;

        // Settable, so every contract writes it: MessagePack-CSharp's contractless rule leaves get-only members out.
        public string Name
        {
            get => Fails ? throw new InvalidOperationException(Marker) : "fine";
            init { }
        }
    }

    /// <summary>
    /// A model with a member whose type the app writes with converters of its own, which throw: System.Text.Json's
    /// (<see cref="FaultyJsonConverter"/>) for JSON and JMC1, FastFormatters' (<see cref="FaultyMessagePackConverter"/>)
    /// for MessagePack, whose contract follows MessagePack-CSharp's and so does not use System.Text.Json's converters.
    /// </summary>
    public sealed class FaultyConverterModel
    {
        public string Name { get; set; } = "fine";

        public FaultyValue Value { get; set; } = new();
    }

    /// <summary>Written by <see cref="FaultyJsonConverter"/>, the app's converter for it.</summary>
    [System.Text.Json.Serialization.JsonConverter(typeof(FaultyJsonConverter))]
    public sealed class FaultyValue
    {
        public int Amount { get; set; } = 1;
    }

    /// <summary>An app converter with a bug: it throws whenever it writes.</summary>
    public sealed class FaultyJsonConverter : System.Text.Json.Serialization.JsonConverter<FaultyValue>
    {
        public override FaultyValue Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            => throw new NotSupportedException(FailingModel.Marker);

        public override void Write(Utf8JsonWriter writer, FaultyValue value, JsonSerializerOptions options)
            => throw new InvalidOperationException(FailingModel.Marker);
    }

    /// <summary>An app's MessagePack converter with a bug: it throws whenever it writes.</summary>
    public sealed class FaultyMessagePackConverter : FastFormatters.MessagePack.Converters.MessagePackValueConverter<FaultyValue>
    {
        public override void Write(ref FastFormatters.MessagePack.FastMessagePackWriter writer, FaultyValue value)
            => throw new InvalidOperationException(FailingModel.Marker);

        public override FaultyValue Read(ref FastFormatters.MessagePack.FastMessagePackReader reader)
            => throw new NotSupportedException(FailingModel.Marker);
    }

    /// <summary>The endpoints, shared by the MVC controller and the minimal routes.</summary>
    public static class Payloads
    {
        // Past the first chunk in every format: JSON's 28 KiB, and MessagePack's and JMC1's 896 KiB (about 1.8 MB in
        // MessagePack, the smallest).
        public const int LargeCount = 100_000;

        public static FailingModel One() => new();

        public static List<FailingModel> LargeList()
            => [.. Enumerable.Range(0, LargeCount).Select(i => new FailingModel { Fails = i == LargeCount - 1 })];

        /// <summary>
        /// A sequence whose element <paramref name="failAt"/> fails; MessagePack gathers it first to count it. It waits
        /// after every hundred elements, as a source does for its next page: what is written before a wait is sent, so
        /// an early failure is one before the first wait.
        /// </summary>
        public static async IAsyncEnumerable<FailingModel> Stream(int failAt, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            for (int i = 0; i <= failAt; i++)
            {
                if (i % 100 == 99)
                {
                    await Task.Yield();
                }

                cancellationToken.ThrowIfCancellationRequested();
                yield return new FailingModel { Fails = i == failAt };
            }
        }
    }

    /// <summary>MVC and minimal APIs with the usual error handling (problem details, exception handler) and diagnostics.</summary>
    public sealed class FailureServer : IAsyncLifetime
    {
        private WebApplication? _app;

        public HttpClient Client { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            var builder = WebApplication.CreateBuilder(["--urls", "http://127.0.0.1:0"]);
            builder.Logging.ClearProviders();
            builder.Services.AddProblemDetails();
            builder.Services.AddControllers().AddApplicationPart(typeof(SerializationFailureController).Assembly)
                .AddFastFormatters(options => options.Converters.Add(new FaultyMessagePackConverter()));
            _app = builder.Build();
            _app.UseExceptionHandler();
            _app.MapControllers();
            _app.MapGet("/minimal/one", () => FastResults.Negotiated(Payloads.One()));
            _app.MapGet("/minimal/converter-fails", () => FastResults.Negotiated(new FaultyConverterModel()));
            _app.MapGet("/minimal/large-list", () => FastResults.Negotiated(Payloads.LargeList()));
            _app.MapGet("/minimal/stream-fails-early", () => FastResults.Negotiated(Payloads.Stream(failAt: 3)));
            _app.MapGet("/minimal/stream-fails-late", () => FastResults.Negotiated(Payloads.Stream(failAt: LateFailure)));
            _app.MapFastFormattersDiagnostics("/_formatters");
            await _app.StartAsync();
            var address = _app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
            Client = new HttpClient { BaseAddress = new Uri(address) };
        }

        public async Task DisposeAsync()
        {
            Client.Dispose();
            if (_app is not null)
            {
                await _app.DisposeAsync();
            }
        }
    }
}

/// <summary>The MVC side of <see cref="SerializationFailureTests"/>.</summary>
[ApiController]
[Route("mvc")]
public sealed class SerializationFailureController : ControllerBase
{
    [HttpGet("one")]
    public SerializationFailureTests.FailingModel One() => SerializationFailureTests.Payloads.One();

    [HttpGet("converter-fails")]
    public SerializationFailureTests.FaultyConverterModel ConverterFails() => new();

    [HttpGet("fine")]
    public SerializationFailureTests.FailingModel Fine() => new() { Fails = false };

    [HttpGet("large-list")]
    public List<SerializationFailureTests.FailingModel> LargeList() => SerializationFailureTests.Payloads.LargeList();

    [HttpGet("stream-fails-early")]
    public IAsyncEnumerable<SerializationFailureTests.FailingModel> StreamFailsEarly() => SerializationFailureTests.Payloads.Stream(failAt: 3);

    [HttpGet("stream-fails-late")]
    public IAsyncEnumerable<SerializationFailureTests.FailingModel> StreamFailsLate() => SerializationFailureTests.Payloads.Stream(failAt: SerializationFailureTests.Payloads.LargeCount);
}
