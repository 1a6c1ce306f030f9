using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.Core.Tests.Shapes;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.IntegrationTests.Packaging;
using FastFormatters.IntegrationTests.Reliability;

namespace FastFormatters.IntegrationTests.NativeAot;

/// <summary>
/// A minimal-API app on FastFormatters, published with <c>-p:PublishAot=true</c> under
/// warnings-as-errors, gets no trim or AOT warning from the library, and its native binary serves in JSON, JMC1 and
/// MessagePack the bytes the JIT-compiled library writes: the app's types from the shapes the source generator wrote
/// (<c>[FastSerializable]</c>), primitives, the app's own converters and the diagnostics report. It reads bodies,
/// answers bad ones with 400 problems, and refuses a type nothing describes, naming it: a 500 without data, never an
/// object written from members trimming removed.
/// </summary>
[Collection(PackagingCollection.Name)]
public sealed class NativeAotPublishTests(NativeAotApp app) : IClassFixture<NativeAotApp>
{
    [Fact]
    public void The_publish_raises_no_trim_or_AOT_warning()
    {
        Assert.True(app.PublishExitCode == 0, $"dotnet publish -p:PublishAot=true exited {app.PublishExitCode}:\n{app.PublishOutput}");
        Assert.DoesNotContain("warning", app.PublishOutput, StringComparison.OrdinalIgnoreCase);
        Assert.True(File.Exists(app.Executable), $"No native executable at {app.Executable}.");
    }

    [Theory]
    [InlineData("application/json", "42")]
    [InlineData("application/jsonc", "/*JMC1*/42")]
    [InlineData("application/msgpack", "*")]
    public async Task Primitives_are_served_in_every_format(string mediaType, string expected)
    {
        using var response = await app.SendAsync(HttpMethod.Get, "/count", mediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(mediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(expected, await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("application/json", "\"ada:3\"")]
    // JMC1's length comment: the 5 bytes of the string as 0x0135, little-endian.
    [InlineData("application/jsonc", "/*JMC1*//*\u0035\u0001*/\"ada:3\"")]
    [InlineData("application/msgpack", "\u0092\u00a3ada\u0003")]
    public async Task The_apps_own_converters_serve_its_type(string mediaType, string expected)
    {
        using var response = await app.SendAsync(HttpMethod.Get, "/item", mediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Convert.ToHexString(Encoding.Latin1.GetBytes(expected)), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData("application/json", "41", "42")]
    [InlineData("application/msgpack", "\u0029", "\u002a")]
    public async Task Bodies_are_read(string mediaType, string body, string expected)
    {
        using var response = await app.SendAsync(HttpMethod.Post, "/echo", mediaType, Encoding.Latin1.GetBytes(body));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expected, Encoding.Latin1.GetString(await response.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData("application/json", "oops")]
    [InlineData("application/msgpack", "\u00c1")]
    public async Task A_bad_body_is_a_400_problem(string mediaType, string body)
    {
        using var response = await app.SendAsync(HttpMethod.Post, "/echo", mediaType, Encoding.Latin1.GetBytes(body));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("\"status\":400", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(FastFormat.Json, "application/json")]
    [InlineData(FastFormat.Jsonc, "application/jsonc")]
    [InlineData(FastFormat.MessagePack, "application/msgpack")]
    public async Task The_apps_types_are_served_from_their_generated_shapes_as_the_JIT_writes_them(FastFormat format, string mediaType)
    {
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var expected = new ArrayBufferWriter<byte>();
        jit.Serialize(format, expected, new List<Item> { new("ada", 3, [1, 2], Kind.Second), new("bo", -1, [], Kind.First) });

        using var response = await app.SendAsync(HttpMethod.Get, "/items", mediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Convert.ToHexString(expected.WrittenSpan), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    public static TheoryData<string, FastFormat> CatalogValues()
    {
        var cases = new TheoryData<string, FastFormat>();
        foreach (var (name, _) in ShapeCatalog.Values)
        {
            foreach (var format in new[] { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack })
            {
                cases.Add(name, format);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(CatalogValues))]
    public async Task Every_value_of_the_shared_model_catalog_is_written_as_the_JIT_writes_it(string name, FastFormat format)
    {
        int index = ShapeCatalog.Values.ToList().FindIndex(entry => entry.Name == name);
        object value = ShapeCatalog.Values[index].Value;
        // The JIT by reflection, under the same System.Text.Json metadata as the native app's (see ShapeCatalogJsonContext).
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = ShapeCatalogJsonContext.Default });
        var expected = new ArrayBufferWriter<byte>();
        jit.Serialize(format, expected, value, value.GetType());

        using var response = await app.SendAsync(HttpMethod.Get, $"/catalog/{index}", MediaTypeOf(format));

        Assert.True(response.StatusCode == HttpStatusCode.OK, $"{name}, {format}: {(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");
        Assert.Equal(Convert.ToHexString(expected.WrittenSpan), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    private static string MediaTypeOf(FastFormat format) => format switch
    {
        FastFormat.Json => "application/json",
        FastFormat.Jsonc => "application/jsonc",
        _ => "application/msgpack",
    };

    [Theory]
    [InlineData(FastFormat.Json, "application/json")]
    [InlineData(FastFormat.MessagePack, "application/msgpack")]
    public async Task Init_and_required_members_of_a_generic_type_are_read_and_written(FastFormat format, string mediaType)
    {
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var body = new ArrayBufferWriter<byte>();
        jit.Serialize(format, body, new Envelope<int> { Id = "e-1", Payload = 5 });

        using var response = await app.SendAsync(HttpMethod.Post, "/envelope", mediaType, body.WrittenSpan.ToArray());

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Convert.ToHexString(body.WrittenSpan), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData(FastFormat.Json, "application/json")]
    [InlineData(FastFormat.MessagePack, "application/msgpack")]
    public async Task Init_and_required_members_of_a_generic_type_nested_in_a_generic_type_with_constraints_are_read_and_written(FastFormat format, string mediaType)
    {
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var body = new ArrayBufferWriter<byte>();
        jit.Serialize(format, body, new Holder<string>.Boxed<int> { Label = "b-1", Value = 9 });

        using var response = await app.SendAsync(HttpMethod.Post, "/boxed", mediaType, body.WrittenSpan.ToArray());

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Convert.ToHexString(body.WrittenSpan), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/msgpack")]
    public async Task A_described_type_is_read_from_its_shape(string mediaType)
    {
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var format = mediaType == "application/json" ? FastFormat.Json : FastFormat.MessagePack;
        var body = new ArrayBufferWriter<byte>();
        jit.Serialize(format, body, new List<Item> { new("ada", 3, [1, 2], Kind.Second) });

        using var response = await app.SendAsync(HttpMethod.Post, "/items", mediaType, body.WrittenSpan.ToArray());

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        // The count of items read: 1, as JSON text or as a MessagePack positive fixint.
        Assert.Equal(format == FastFormat.Json ? "31" : "01", Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    [Theory]
    [InlineData("application/json", "libraryVersion")]
    [InlineData("application/jsonc", "libraryVersion")]
    [InlineData("application/msgpack", "LibraryVersion")] // MessagePack-CSharp's contract keeps the declared names.
    public async Task The_diagnostics_report_is_served_in_every_format(string mediaType, string member)
    {
        using var response = await app.SendAsync(HttpMethod.Get, "/_formatters", mediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(mediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains(member, Encoding.Latin1.GetString(await response.Content.ReadAsByteArrayAsync()), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(FastFormat.Json, "application/json")]
    [InlineData(FastFormat.Jsonc, "application/jsonc")]
    [InlineData(FastFormat.MessagePack, "application/msgpack")]
    public async Task System_Text_Json_polymorphism_and_custom_converters_are_served_as_the_JIT_serves_them(FastFormat format, string mediaType)
    {
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var expected = new ArrayBufferWriter<byte>();
        jit.Serialize(format, expected, new Zoo([new Cat("Tom", 9), new Dog("Rex", true)], new Money(12.5m, "EUR")));

        using var response = await app.SendAsync(HttpMethod.Get, "/zoo", mediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Convert.ToHexString(expected.WrittenSpan), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
        Assert.Contains(format == FastFormat.MessagePack ? "A3636174" : "22636174", Convert.ToHexString(expected.WrittenSpan), StringComparison.Ordinal); // "cat", the discriminator
    }

    [Theory]
    [InlineData(FastFormat.Json, "application/json")]
    [InlineData(FastFormat.Jsonc, "application/jsonc")]
    [InlineData(FastFormat.MessagePack, "application/msgpack")]
    public async Task A_top_level_list_past_its_chunk_size_is_streamed_in_chunks_as_on_the_JIT(FastFormat format, string mediaType)
    {
        var jit = new FastFormattersSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var expected = new ArrayBufferWriter<byte>();
        jit.Serialize(format, expected, Enumerable.Range(0, 60_000).Select(i => new Item("item" + i, i, [i], Kind.First)).ToList());

        using var response = await app.SendAsync(HttpMethod.Get, "/items/many", mediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.True(expected.WrittenCount > 1024 * 1024, $"{expected.WrittenCount} B is within one chunk (896 KiB in MessagePack and JMC1).");
        Assert.True(response.Headers.TransferEncodingChunked, "Sent whole, with a Content-Length, instead of in flushed chunks.");
        Assert.Equal(Convert.ToHexString(expected.WrittenSpan), Convert.ToHexString(await response.Content.ReadAsByteArrayAsync()));
    }

    [Fact]
    public void A_body_type_nothing_describes_is_reported_when_the_app_starts()
        => Assert.True(app.ReportedAtStartup, $"No error naming Undescribed before the first request:\n{app.StartupOutput}");

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc")]
    [InlineData("application/msgpack")]
    public async Task A_type_nothing_describes_is_refused_by_name_not_written_empty(string mediaType)
    {
        using var response = await app.SendAsync(HttpMethod.Get, "/undescribed", mediaType);

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Empty(await response.Content.ReadAsByteArrayAsync());
        await app.WaitForOutputAsync("Undescribed needs a converter built by reflection");
    }

    public enum Kind
    {
        First,
        Second,
    }

    public sealed record Item(string Name, int Count, int[] Scores, Kind Kind);

    public sealed class Envelope<T>
    {
        public required string Id { get; init; }

        public T Payload { get; init; } = default!;
    }

#pragma warning disable CA1034 // The app's nested generic type, as the native app declares it.
    public static class Holder<TOuter>
    {
        public sealed class Boxed<TInner>
            where TInner : struct, IComparable<TInner>
        {
            public required TOuter Label { get; init; }

            public TInner Value { get; init; }
        }
    }
#pragma warning restore CA1034

    public sealed record Zoo(List<Animal> Animals, Money Price);

    [JsonDerivedType(typeof(Cat), "cat")]
    [JsonDerivedType(typeof(Dog), "dog")]
    public abstract record Animal(string Name);

    public sealed record Cat(string Name, int Lives) : Animal(Name);

    public sealed record Dog(string Name, bool Good) : Animal(Name);

    [JsonConverter(typeof(MoneyConverter))]
    public sealed record Money(decimal Amount, string Currency);

    // The app's System.Text.Json converter of the money: "12.5 EUR".
    public sealed class MoneyConverter : JsonConverter<Money>
    {
        public override Money Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new JsonException("Money is not read.");

        public override void Write(Utf8JsonWriter writer, Money value, JsonSerializerOptions options)
            => writer.WriteStringValue(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{value.Amount} {value.Currency}"));
    }
}

/// <summary>The app, published once with Native AOT into a temp folder, and its native binary running on 127.0.0.1:0.</summary>
public sealed class NativeAotApp : IAsyncLifetime
{
    private readonly string _work = Path.Combine(Path.GetTempPath(), "ff-nativeaot-" + Guid.NewGuid().ToString("N")[..8]);
    private SampleProcess? _process;
    private HttpClient? _client;

    public int PublishExitCode { get; private set; } = -1;

    public string PublishOutput { get; private set; } = "";

    public string Executable => Path.Combine(_work, "publish", "AotApp");

    /// <summary>Completes when the running binary has logged <paramref name="fragment"/>.</summary>
    public Task WaitForOutputAsync(string fragment)
    {
        Assert.True(_process is not null, $"The native app did not start; the publish exited {PublishExitCode}:\n{PublishOutput}");
        return _process.WaitForOutputAsync(fragment, TimeSpan.FromSeconds(30));
    }

    public async Task InitializeAsync()
    {
        string project = await NativeAotPublish.WriteAppAsync(_work, "AotApp", """
                <PublishAot>true</PublishAot>
                <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
            """, """
            using System.Text.Json.Serialization;
            using FastFormatters;
            using FastFormatters.Core.Tests.Shapes;
            using FastFormatters.Json;
            using FastFormatters.Json.Converters;
            using FastFormatters.MessagePack;
            using FastFormatters.MessagePack.Converters;
            using FastFormatters.Serialization.Shapes;

            var builder = WebApplication.CreateSlimBuilder(args);
            builder.Services.AddProblemDetails();
            builder.Services.ConfigureHttpJsonOptions(options =>
            {
                options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonContext.Default);
                options.SerializerOptions.TypeInfoResolverChain.Insert(1, ShapeCatalogJsonContext.Default);
            });
            builder.Services.AddFastFormatters(options =>
            {
                options.TypeShapeProviders.Add(AppShapes.Default);
                options.TypeShapeProviders.Add(TestShapes.Default);
                options.Converters.Add(new PairJsonConverter());
                options.Converters.Add(new PairMessagePackConverter());
            });

            var app = builder.Build();
            app.MapGet("/count", () => FastResults.Negotiated(42));
            app.MapGet("/item", () => FastResults.Negotiated(new Pair("ada", 3)));
            app.MapGet("/items", () => FastResults.Negotiated(new List<Item> { new("ada", 3, [1, 2], Kind.Second), new("bo", -1, [], Kind.First) }));
            app.MapPost("/items", (NegotiatedBody<List<Item>> body) => FastResults.Negotiated(body.Value.Count));
            app.MapGet("/undescribed", () => FastResults.Negotiated(new Undescribed(1)));
            app.MapPost("/echo", (NegotiatedBody<int> body) => FastResults.Negotiated(body.Value + 1));
            app.MapPost("/envelope", (NegotiatedBody<Envelope<int>> body) => FastResults.Negotiated(body.Value));
            app.MapPost("/boxed", (NegotiatedBody<Holder<string>.Boxed<int>> body) => FastResults.Negotiated(body.Value));
            app.MapGet("/zoo", () => FastResults.Negotiated(new Zoo([new Cat("Tom", 9), new Dog("Rex", true)], new Money(12.5m, "EUR"))));
            app.MapGet("/items/many", () => FastResults.Negotiated(Enumerable.Range(0, 60_000).Select(i => new Item("item" + i, i, [i], Kind.First)).ToList()));
            app.MapGet("/catalog/{index:int}", (int index) => ShapeCatalog.Values[index].Value switch
            {
                ShapedOrder value => (IResult)FastResults.Negotiated(value),
                List<ShapedOrder> value => FastResults.Negotiated(value),
                ShapedRequired value => FastResults.Negotiated(value),
                ShapedDerived value => FastResults.Negotiated(value),
                ShapedKeyed value => FastResults.Negotiated(value),
                ShapedDrawing value => FastResults.Negotiated(value),
                ShapedCounters value => FastResults.Negotiated(value),
                ShapedEnvelope<ShapedPoint> value => FastResults.Negotiated(value),
                ShapedZoo value => FastResults.Negotiated(value),
                ShapedNested<string>.Inner<int> value => FastResults.Negotiated(value),
                ShapedText value => FastResults.Negotiated(value),
                ShapedClaims value => FastResults.Negotiated(value),
                ShapedNodes value => FastResults.Negotiated(value),
                ShapedBuffers value => FastResults.Negotiated(value),
                ShapedReading value => FastResults.Negotiated(value),
                ReadOnlyMemory<int> value => FastResults.Negotiated(value),
                var value => Results.Problem($"No route serves the catalog's {value.GetType()}: add it to the test app."),
            });
            app.MapFastFormattersDiagnostics();
            app.Run();

            public enum Kind { First, Second }

            public sealed record Item(string Name, int Count, int[] Scores, Kind Kind);

            public sealed record Pair(string Name, int Count);

                    public sealed record Undescribed(int Value);

            public sealed class Envelope<T>
            {
                public required string Id { get; init; }

                public T Payload { get; init; } = default!;
            }

            public static class Holder<TOuter>
            {
                public sealed class Boxed<TInner>
                    where TInner : struct, IComparable<TInner>
                {
                    public required TOuter Label { get; init; }

                    public TInner Value { get; init; }
                }
            }

            public sealed record Zoo(List<Animal> Animals, Money Price);

            [JsonDerivedType(typeof(Cat), "cat")]
            [JsonDerivedType(typeof(Dog), "dog")]
            public abstract record Animal(string Name);

            public sealed record Cat(string Name, int Lives) : Animal(Name);

            public sealed record Dog(string Name, bool Good) : Animal(Name);

            [JsonConverter(typeof(MoneyConverter))]
            public sealed record Money(decimal Amount, string Currency);

            public sealed class MoneyConverter : JsonConverter<Money>
            {
                public override Money Read(ref System.Text.Json.Utf8JsonReader reader, Type typeToConvert, System.Text.Json.JsonSerializerOptions options)
                    => throw new System.Text.Json.JsonException("Money is not read.");

                public override void Write(System.Text.Json.Utf8JsonWriter writer, Money value, System.Text.Json.JsonSerializerOptions options)
                    => writer.WriteStringValue(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{value.Amount} {value.Currency}"));
            }

            [FastSerializable(typeof(List<Item>))]
            [FastSerializable(typeof(Envelope<int>))]
            [FastSerializable(typeof(Zoo))]
            [FastSerializable(typeof(Holder<string>.Boxed<int>))]
            internal sealed partial class AppShapes : TypeShapeProvider;

            [JsonSerializable(typeof(List<Item>))]
            [JsonSerializable(typeof(Undescribed))]
            [JsonSerializable(typeof(Envelope<int>))]
            [JsonSerializable(typeof(Zoo))]
            [JsonSerializable(typeof(Holder<string>.Boxed<int>))]
            internal sealed partial class AppJsonContext : JsonSerializerContext;

            sealed class PairJsonConverter : JsonValueConverter<Pair>
            {
                public override void Write(ref FastJsonWriter writer, Pair value) => writer.WriteString($"{value.Name}:{value.Count}");

                public override Pair Read(ref FastJsonReader reader) => throw reader.Error("Pairs are not read.");
            }

            sealed class PairMessagePackConverter : MessagePackValueConverter<Pair>
            {
                public override void Write(ref FastMessagePackWriter writer, Pair value)
                {
                    writer.WriteArrayHeader(2);
                    writer.WriteString(value.Name);
                    writer.WriteInt64(value.Count);
                }

                public override Pair Read(ref FastMessagePackReader reader) => throw reader.Error("Pairs are not read.");
            }

            """,
            "tests/FastFormatters.Core.Tests/Shapes/ShapeCatalog.cs",
            "tests/FastFormatters.Core.Tests/Shapes/UnionAttribute.cs");

        (PublishExitCode, PublishOutput) = await NativeAotPublish.PublishAsync(project, _work);
        if (PublishExitCode == 0 && File.Exists(Executable))
        {
            _process = await SampleProcess.StartAsync(Executable, [], Path.Combine(_work, "publish"), TimeSpan.FromSeconds(60));
            _client = new HttpClient { BaseAddress = _process.BaseAddress };

            // Before any request: the endpoints are built, and checked, when the app starts.
            await _process.WaitForOutputAsync("FastFormatters cannot write Undescribed as json in this app", TimeSpan.FromSeconds(30));
            ReportedAtStartup = true;
            StartupOutput = _process.Output;
        }
    }

    /// <summary>Whether the app logged, before any request, that it cannot write the type nothing describes.</summary>
    public bool ReportedAtStartup { get; private set; }

    public string StartupOutput { get; private set; } = "";

    public Task<HttpResponseMessage> SendAsync(HttpMethod method, string path, string mediaType, byte[]? body = null)
    {
        Assert.True(_client is not null, $"The native app did not start; the publish exited {PublishExitCode}:\n{PublishOutput}");
        return NativeAotPublish.SendAsync(_client, method, path, mediaType, body);
    }

    public Task DisposeAsync()
    {
        _client?.Dispose();
        _process?.Dispose();
        NativeAotPublish.Delete(_work);
        return Task.CompletedTask;
    }
}
