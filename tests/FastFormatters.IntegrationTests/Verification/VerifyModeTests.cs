using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using System.Net;
using System.Text;
using System.Text.Json;
using FastFormatters.Diagnostics;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack.Converters;
using FastFormatters.MessagePackCSharp;
using MessagePack.Resolvers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using FastFormatters.MessagePack;

namespace FastFormatters.IntegrationTests.Verification;

/// <summary>
/// Over real Kestrel, the verify mode (<see cref="FastFormattersOptions.Verification"/>): a difference planted with an app
/// converter the ecosystem's serializer does not know is caught in every format, logged with its type, path and both
/// values, counted in the report and the meter, and, when asked, that type is served by System.Text.Json or
/// MessagePack-CSharp from then on; values that agree are counted and checked only as often as configured; off, nothing
/// is checked.
/// </summary>
public sealed class VerifyModeTests
{
    private static readonly Shipment s_shipment = new() { Id = "S-1", Weight = new Weight(1500) };

    // Past 64 bytes of MessagePack, below which a body is sent plain whatever the compression asked.
    private static readonly Shipment s_longShipment = new() { Id = "S-2, an identifier long enough that the MessagePack body is compressed", Weight = new Weight(2500) };

    public static TheoryData<string> MediaTypes => ["application/json", "application/jsonc", "application/x-msgpack"];

    [Theory]
    [MemberData(nameof(MediaTypes))]
    public async Task A_difference_is_logged_counted_and_the_type_served_by_the_ecosystems_serializer_from_then_on(string mediaType)
    {
        var logs = new LogCapture();
        using var meter = new MeterCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ServeReferenceOnDifference = true);

        var (status, first) = await app.SendAsync(HttpMethod.Get, "/shipment", mediaType);
        var (_, second) = await app.SendAsync(HttpMethod.Get, "/shipment", mediaType);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(Reference(mediaType), Data(mediaType, first));
        Assert.Equal(Data(mediaType, first), Data(mediaType, second));

        string error = Assert.Single(logs.Errors);
        Assert.Contains(typeof(Shipment).ToString(), error, StringComparison.Ordinal);
        Assert.Contains(mediaType == "application/x-msgpack" ? "$.Weight" : "$.weight", error, StringComparison.Ordinal);
        Assert.Contains("FastFormatters wrote 1500", error, StringComparison.Ordinal);
        Assert.Contains($"in {Format(mediaType)} from now on", error, StringComparison.Ordinal);

        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal(Format(mediaType), verification.Format);
        Assert.Equal(1, verification.Different);
        Assert.Equal(0, verification.Same);
        Assert.Equal([typeof(Shipment).ToString()], verification.ServedByReference);
        Assert.Equal(1, meter.Count(Format(mediaType), "different"));
    }

    [Theory]
    [InlineData("lz4blockarray")]
    [InlineData("lz4block")]
    public async Task A_compressed_MessagePack_response_falls_back_to_the_references_bytes_compressed_as_asked(string compression)
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ServeReferenceOnDifference = true);

        using var request = new HttpRequestMessage(HttpMethod.Get, "/long-shipment");
        request.Headers.TryAddWithoutValidation("Accept", $"application/x-msgpack; compression={compression}");
        using var response = await app.Client.SendAsync(request);
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var options = ContractlessStandardResolver.Options.WithCompression(
            compression == "lz4block" ? global::MessagePack.MessagePackCompression.Lz4Block : global::MessagePack.MessagePackCompression.Lz4BlockArray);
        var read = global::MessagePack.MessagePackSerializer.Deserialize<Shipment>(body, options);
        Assert.Equal(ReferenceOf("application/x-msgpack", s_longShipment), global::MessagePack.MessagePackSerializer.SerializeToJson(read, ContractlessStandardResolver.Options));
        Assert.NotEqual(global::MessagePack.MessagePackSerializer.Serialize(read, ContractlessStandardResolver.Options), body);
        Assert.Contains("$.Weight", Assert.Single(logs.Errors), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(MediaTypes))]
    public async Task Without_the_fallback_a_difference_is_reported_for_the_first_values_and_FastFormatters_keeps_writing(string mediaType)
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ValuesPerType = 2);

        var bodies = new List<string>();
        for (int i = 0; i < 4; i++)
        {
            var (status, body) = await app.SendAsync(HttpMethod.Get, "/shipment", mediaType);
            Assert.Equal(HttpStatusCode.OK, status);
            bodies.Add(Data(mediaType, body));
        }

        Assert.All(bodies, body => Assert.Equal(Ours(mediaType), body));
        Assert.Equal(2, logs.Errors.Count);
        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal(2, verification.Different);
        Assert.Empty(verification.ServedByReference);
    }

    [Theory]
    [MemberData(nameof(MediaTypes))]
    public async Task Values_that_agree_are_counted_and_checked_only_as_often_as_configured(string mediaType)
    {
        var logs = new LogCapture();
        using var meter = new MeterCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ValuesPerType = 3);

        for (int i = 0; i < 5; i++)
        {
            var (status, body) = await app.SendAsync(HttpMethod.Get, "/parcels", mediaType);
            Assert.Equal(HttpStatusCode.OK, status);
            Assert.Equal(ReferenceOf(mediaType, Parcels()), Data(mediaType, body));
        }

        Assert.Empty(logs.Errors);
        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal(3, verification.Same);
        Assert.Equal(0, verification.Different);
        Assert.Equal(3, meter.Count(Format(mediaType), "same"));
    }

    [Fact]
    public async Task Off_by_default_nothing_is_checked()
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, o =>
        {
            o.Verification.Enabled = false;
            o.Verification.MessagePackReference = null;
        });

        var (_, body) = await app.SendAsync(HttpMethod.Get, "/shipment", "application/json");

        Assert.Equal(Ours("application/json"), Data("application/json", body));
        Assert.Empty(logs.Errors);
        Assert.Empty(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
    }

    [Fact]
    public async Task An_MVC_action_is_verified_under_MVCs_JsonOptions()
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ServeReferenceOnDifference = true);

        var (status, body) = await app.SendAsync(HttpMethod.Get, "/mvc/shipment", "application/json");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"ID":"S-1","WEIGHT":{"GRAMS":1500}}""", Encoding.UTF8.GetString(body));
        Assert.Contains("$.WEIGHT", Assert.Single(logs.Errors), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Options_that_do_nothing_without_the_mode_fail_at_startup()
    {
        var exception = await Assert.ThrowsAsync<OptionsValidationException>(() => StartAsync(new LogCapture(), o =>
        {
            o.Verification.Enabled = false;
            o.Verification.MessagePackReference = null;
            o.Verification.ServeReferenceOnDifference = true;
        }));
        Assert.Contains("apply only when Verification.Enabled is true", exception.Message, StringComparison.Ordinal);

        exception = await Assert.ThrowsAsync<OptionsValidationException>(() => StartAsync(new LogCapture(), o => o.Verification.ValuesPerType = 0));
        Assert.Contains("ValuesPerType must be at least 1", exception.Message, StringComparison.Ordinal);
    }

    private static Task<KestrelApp> StartAsync(LogCapture logs, Action<FastFormattersOptions> configure) => KestrelApp.StartAsync(
        builder =>
        {
            builder.Logging.AddProvider(logs);
            builder.Services.AddControllers().AddJsonOptions(o => o.JsonSerializerOptions.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseUpper)
                .AddApplicationPart(typeof(VerifyModeTests).Assembly);
            builder.Services.AddFastFormatters(o =>
            {
                o.Converters.Add(new WeightAsGramsJsonConverter());
                o.Converters.Add(new WeightAsGramsMessagePackConverter());
                o.Verification.Enabled = true;
                o.Verification.MessagePackReference = new MessagePackCSharpSerializer(ContractlessStandardResolver.Options, MessagePackCSharpTypes.All);
                configure(o);
            });
        },
        app =>
        {
            app.MapGet("/shipment", () => FastResults.Negotiated(s_shipment));
            app.MapGet("/long-shipment", () => FastResults.Negotiated(s_longShipment));
            app.MapGet("/parcels", () => FastResults.Negotiated(Parcels()));
            app.MapControllers();
        });

    private static List<Parcel> Parcels() =>
    [
        new() { Label = "Ünïcode & <escapes>", Weight = 1.0m, Tags = ["a", "b"] },
        new() { Label = "plain", Weight = 2.25m, Tags = [] },
    ];

    private static string Format(string mediaType) => mediaType switch
    {
        "application/json" => "json",
        "application/jsonc" => "jsonc",
        _ => "msgpack",
    };

    // What the ecosystem's serializer writes for the shipment, and what FastFormatters' planted converter writes.
    private static string Reference(string mediaType) => ReferenceOf(mediaType, s_shipment);

    private static string Ours(string mediaType)
        => mediaType == "application/x-msgpack" ? """{"Id":"S-1","Weight":1500}""" : """{"id":"S-1","weight":1500}""";

    private static string ReferenceOf<T>(string mediaType, T value)
        => mediaType == "application/x-msgpack"
            ? global::MessagePack.MessagePackSerializer.SerializeToJson(value, ContractlessStandardResolver.Options)
            : Normalize(JsonSerializer.Serialize(value, JsonSerializerOptions.Web));

    // A body's data as compact JSON: MessagePack through MessagePack-CSharp, JSON and JMC1 (comments skipped) re-written.
    private static string Data(string mediaType, byte[] body)
        => mediaType == "application/x-msgpack"
            ? global::MessagePack.MessagePackSerializer.ConvertToJson(body)
            : Normalize(Encoding.UTF8.GetString(body));

    private static string Normalize(string json)
    {
        using var document = JsonDocument.Parse(json, new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip });
        return JsonSerializer.Serialize(document.RootElement);
    }

    public readonly record struct Weight(int Grams);

    public sealed class Shipment
    {
        public string Id { get; init; } = string.Empty;

        public Weight Weight { get; init; }
    }

    public sealed class Parcel
    {
        public string Label { get; init; } = string.Empty;

        public decimal Weight { get; init; }

        public List<string> Tags { get; init; } = [];
    }

    // The planted difference: FastFormatters writes a weight as its grams, which the ecosystem's serializers do not know.
    private sealed class WeightAsGramsJsonConverter : JsonValueConverter<Weight>
    {
        public override void Write(ref FastJsonWriter writer, Weight value) => writer.WriteNumber(value.Grams);

        public override Weight Read(ref FastJsonReader reader) => new(int.Parse(reader.ReadNumberSpan(), System.Globalization.CultureInfo.InvariantCulture));
    }

    private sealed class WeightAsGramsMessagePackConverter : MessagePackValueConverter<Weight>
    {
        public override void Write(ref FastMessagePackWriter writer, Weight value) => writer.WriteInt64(value.Grams);

        public override Weight Read(ref FastMessagePackReader reader) => new(reader.ReadInteger<int>());
    }

    private sealed class LogCapture : ILoggerProvider
    {
        private readonly ConcurrentQueue<string> _errors = new();

        public IReadOnlyList<string> Errors => [.. _errors];

        public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

        public void Dispose()
        {
        }

        private sealed class Logger(LogCapture capture, string category) : ILogger
        {
            public IDisposable? BeginScope<TState>(TState state)
                where TState : notnull
                => null;

            public bool IsEnabled(LogLevel logLevel) => true;

            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
            {
                if (logLevel >= LogLevel.Error && category == "FastFormatters.Verification")
                {
                    capture._errors.Enqueue(formatter(state, exception));
                }
            }
        }
    }

    private sealed class MeterCapture : IDisposable
    {
        private readonly MeterListener _listener = new();
        private readonly ConcurrentQueue<(string Format, string Result)> _values = new();

        public MeterCapture()
        {
            _listener.InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == FormatterMetrics.MeterName && instrument.Name == "fastformatters.verification.values")
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            };
            _listener.SetMeasurementEventCallback<long>((_, value, tags, _) =>
            {
                string format = string.Empty, result = string.Empty;
                foreach (var tag in tags)
                {
                    if (tag.Key == "fastformatters.format")
                    {
                        format = (string)tag.Value!;
                    }
                    else if (tag.Key == "fastformatters.verification.result")
                    {
                        result = (string)tag.Value!;
                    }
                }

                for (long i = 0; i < value; i++)
                {
                    _values.Enqueue((format, result));
                }
            });
            _listener.Start();
        }

        public int Count(string format, string result) => _values.Count(entry => entry.Format == format && entry.Result == result);

        public void Dispose() => _listener.Dispose();
    }
}

/// <summary>The shipment from a controller, whose JSON follows MVC's JsonOptions (upper snake case in these tests).</summary>
[ApiController]
public sealed class VerifiedShipmentController : ControllerBase
{
    [HttpGet("/mvc/shipment")]
    public VerifyModeTests.Shipment Get() => new() { Id = "S-1", Weight = new VerifyModeTests.Weight(1500) };
}
