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

    public static TheoryData<string> ReferenceRefusals => ["/ledger", "/keyless"];

    [Theory]
    [MemberData(nameof(ReferenceRefusals))]
    public async Task A_value_the_reference_cannot_write_is_unverifiable_and_answered_as_without_the_mode(string path)
    {
        var logs = new LogCapture();
        using var meter = new MeterCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ServeReferenceOnDifference = true);
        await using var unverified = await StartAsync(new LogCapture(), Off);

        var (status, body) = await app.SendAsync(HttpMethod.Get, path, "application/x-msgpack");
        var (expectedStatus, expected) = await unverified.SendAsync(HttpMethod.Get, path, "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, expectedStatus);
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(expected, body);
        Assert.Empty(logs.Errors);
        Assert.Contains("was not verified", Assert.Single(logs.Warnings), StringComparison.Ordinal);
        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal((0, 0, 1), (verification.Same, verification.Different, verification.Unverifiable));
        Assert.Empty(verification.ServedByReference);
        Assert.Equal(1, meter.Count("msgpack", "unverifiable"));
    }

    [Fact]
    public async Task A_value_the_reference_cannot_write_after_it_took_over_the_type_is_written_by_FastFormatters()
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, o => o.Verification.ServeReferenceOnDifference = true);
        await using var unverified = await StartAsync(new LogCapture(), Off);

        var (firstStatus, _) = await app.SendAsync(HttpMethod.Get, "/envelope?extra=false", "application/x-msgpack");
        var (status, body) = await app.SendAsync(HttpMethod.Get, "/envelope?extra=true", "application/x-msgpack");
        var (_, expected) = await unverified.SendAsync(HttpMethod.Get, "/envelope?extra=true", "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, firstStatus);
        Assert.Contains("from now on", Assert.Single(logs.Errors), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(expected, body);
        Assert.Contains("could not write this value", Assert.Single(logs.Warnings), StringComparison.Ordinal);
    }

    public static TheoryData<string, string> TopLevelSequences => new()
    {
        { "/labels-select", "application/jsonc" },
        { "/labels-select", "application/x-msgpack" },
        { "/labels-iterator", "application/jsonc" },
        { "/labels-iterator", "application/x-msgpack" },
    };

    [Theory]
    [MemberData(nameof(TopLevelSequences))]
    public async Task A_top_level_LINQ_query_or_iterator_is_verified_and_written_as_its_declared_sequence(string path, string mediaType)
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, _ => { });
        await using var unverified = await StartAsync(new LogCapture(), Off);

        var (status, body) = await app.SendAsync(HttpMethod.Get, path, mediaType);
        var (_, expected) = await unverified.SendAsync(HttpMethod.Get, path, mediaType);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(expected, body);
        Assert.Equal(ReferenceOf(mediaType, Parcels().Select(parcel => parcel.Label).ToList()), Data(mediaType, body));
        Assert.Empty(logs.Errors);
        Assert.Empty(logs.Warnings);
        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal((1, 0, 0), (verification.Same, verification.Different, verification.Unverifiable));
    }

    [Theory]
    [InlineData("application/jsonc")]
    [InlineData("application/x-msgpack")]
    public async Task A_sequence_asked_for_in_its_streamed_form_is_streamed_as_without_the_mode(string mediaType)
    {
        await using var app = await StartAsync(new LogCapture(), _ => { });
        await using var unverified = await StartAsync(new LogCapture(), Off);

        var (contentType, body) = await GetStreamedAsync(app, mediaType);
        var (expectedContentType, expected) = await GetStreamedAsync(unverified, mediaType);

        Assert.Contains("stream=true", expectedContentType, StringComparison.Ordinal);
        Assert.Equal(expectedContentType, contentType);
        Assert.Equal(expected, body);
    }

    private static async Task<(string ContentType, byte[] Body)> GetStreamedAsync(KestrelApp app, string mediaType)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/labels-iterator");
        request.Headers.TryAddWithoutValidation("Accept", $"{mediaType}; stream=true");
        using var response = await app.Client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return (response.Content.Headers.ContentType!.ToString(), await response.Content.ReadAsByteArrayAsync());
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc")]
    public async Task Repeated_member_names_are_paired_in_order(string mediaType)
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, _ => { });

        var (status, body) = await app.SendAsync(HttpMethod.Get, "/repeated", mediaType);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"n":1,"n":2}""", Data(mediaType, body));
        Assert.Empty(logs.Errors);
        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal((1, 0), (verification.Same, verification.Different));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc")]
    public async Task Integers_beyond_decimals_range_are_compared_exactly(string mediaType)
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, _ => { });

        var (status, _) = await app.SendAsync(HttpMethod.Get, "/counter", mediaType);

        Assert.Equal(HttpStatusCode.OK, status);
        string error = Assert.Single(logs.Errors);
        Assert.Contains("at $.value: FastFormatters wrote 340282366920938463463374607431768211454, System.Text.Json writes 340282366920938463463374607431768211455", error, StringComparison.Ordinal);
        var verification = Assert.Single(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
        Assert.Equal((0, 1), (verification.Same, verification.Different));
    }

    [Fact]
    public async Task The_diagnostics_endpoints_own_responses_are_not_verified()
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, _ => { });

        foreach (string mediaType in MediaTypes)
        {
            var (status, _) = await app.SendAsync(HttpMethod.Get, "/_formatters", mediaType);
            Assert.Equal(HttpStatusCode.OK, status);
        }

        Assert.Empty(logs.Errors);
        Assert.Empty(logs.Warnings);
        Assert.Empty(app.App.Services.GetRequiredService<FormatterMetrics>().GetReport().Verification);
    }

    [Theory]
    [InlineData("/sealed", "$.Secret")]
    [InlineData("/sealed-last", "$.Secret")]
    [InlineData("/keyed", "$[2]")]
    public async Task A_MessagePack_member_FastFormatters_leaves_out_is_named(string path, string memberPath)
    {
        var logs = new LogCapture();
        await using var app = await StartAsync(logs, _ => { });

        var (status, _) = await app.SendAsync(HttpMethod.Get, path, "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Contains($"at {memberPath}: FastFormatters wrote (absent), MessagePackCSharpSerializer writes \"hidden\".", Assert.Single(logs.Errors), StringComparison.Ordinal);
    }

    private static void Off(FastFormattersOptions options)
    {
        options.Verification.Enabled = false;
        options.Verification.MessagePackReference = null;
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
                o.Converters.Add(new OneLessJsonConverter());
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
            app.MapGet("/ledger", () => FastResults.Negotiated(new Ledger { Id = "L-1", Balance = Int128.MaxValue }));
            app.MapGet("/keyless", () => FastResults.Negotiated(new Keyless { Name = "K-1" }));
            app.MapGet("/labels-select", () => FastResults.Negotiated(Parcels().Select(parcel => parcel.Label)));
            app.MapGet("/labels-iterator", () => FastResults.Negotiated(Labels()));
            app.MapGet("/repeated", () => FastResults.Negotiated(new Repeated()));
            app.MapGet("/counter", () => FastResults.Negotiated(new Counter { Value = UInt128.MaxValue }));
            app.MapGet("/sealed", () => FastResults.Negotiated(new Sealed { Id = "S-1", Secret = "hidden", Note = "n" }));
            app.MapGet("/sealed-last", () => FastResults.Negotiated(new SealedLast { Id = "S-1", Secret = "hidden" }));
            app.MapGet("/keyed", () => FastResults.Negotiated(new Keyed { Id = "S-1", Note = "n", Secret = "hidden" }));
            app.MapGet("/envelope", (bool extra) => FastResults.Negotiated(new Envelope { Weight = new Weight(1), Extra = extra ? Int128.MaxValue : null }));
            app.MapFastFormattersDiagnostics();
            app.MapControllers();
        });

    private static List<Parcel> Parcels() =>
    [
        new() { Label = "Ünïcode & <escapes>", Weight = 1.0m, Tags = ["a", "b"] },
        new() { Label = "plain", Weight = 2.25m, Tags = [] },
    ];

    private static IEnumerable<string> Labels()
    {
        foreach (var parcel in Parcels())
        {
            yield return parcel.Label;
        }
    }

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

    // A planted difference in Weight; an Extra MessagePack-CSharp cannot write in some values.
    public sealed class Envelope
    {
        public Weight Weight { get; init; }

        public object? Extra { get; init; }
    }

    public sealed class Ledger
    {
        public string Id { get; init; } = string.Empty;

        public Int128 Balance { get; init; }
    }

    // MessagePack-CSharp refuses a [MessagePackObject] whose members have no [Key]; FastFormatters writes their names.
    [global::MessagePack.MessagePackObject]
    public sealed class Keyless
    {
        public string Name { get; init; } = string.Empty;
    }

    // Both serializers write it with the one System.Text.Json converter: the same body, a name repeated.
    [System.Text.Json.Serialization.JsonConverter(typeof(RepeatedNamesConverter))]
    public sealed class Repeated;

    public sealed class Counter
    {
        public UInt128 Value { get; init; }
    }

    // [JsonIgnore] leaves a member out of FastFormatters' MessagePack too, which MessagePack-CSharp writes.
    public sealed class Sealed
    {
        public string Id { get; init; } = string.Empty;

        [System.Text.Json.Serialization.JsonIgnore]
        public string Secret { get; init; } = string.Empty;

        public string Note { get; init; } = string.Empty;
    }

    public sealed class SealedLast
    {
        public string Id { get; init; } = string.Empty;

        [System.Text.Json.Serialization.JsonIgnore]
        public string Secret { get; init; } = string.Empty;
    }

    [global::MessagePack.MessagePackObject]
    public sealed class Keyed
    {
        [global::MessagePack.Key(0)]
        public string Id { get; init; } = string.Empty;

        [global::MessagePack.Key(1)]
        public string Note { get; init; } = string.Empty;

        [global::MessagePack.Key(2)]
        [System.Text.Json.Serialization.JsonIgnore]
        public string Secret { get; init; } = string.Empty;
    }

    private sealed class RepeatedNamesConverter : System.Text.Json.Serialization.JsonConverter<Repeated>
    {
        public override Repeated Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

        public override void Write(Utf8JsonWriter writer, Repeated value, JsonSerializerOptions options)
        {
            writer.WriteStartObject();
            writer.WriteNumber("n", 1);
            writer.WriteNumber("n", 2);
            writer.WriteEndObject();
        }
    }

    // A planted difference in the last digit of a number beyond decimal's range.
    private sealed class OneLessJsonConverter : JsonValueConverter<UInt128>
    {
        public override void Write(ref FastJsonWriter writer, UInt128 value) => writer.WriteNumber(value - 1);

        public override UInt128 Read(ref FastJsonReader reader) => UInt128.Parse(reader.ReadNumberSpan(), System.Globalization.CultureInfo.InvariantCulture) + 1;
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
        private readonly ConcurrentQueue<string> _warnings = new();

        public IReadOnlyList<string> Errors => [.. _errors];

        public IReadOnlyList<string> Warnings => [.. _warnings];

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
                if (category == "FastFormatters.Verification" && logLevel >= LogLevel.Warning)
                {
                    (logLevel >= LogLevel.Error ? capture._errors : capture._warnings).Enqueue(formatter(state, exception));
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
