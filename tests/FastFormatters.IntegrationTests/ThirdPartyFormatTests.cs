using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using FastFormatters.ApiDescriptions;
using FastFormatters.Diagnostics;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Negotiation;
using FastFormatters.Serialization.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A format registered by a package through the public seam alone (<see cref="WireFormat"/>,
/// <see cref="SequenceWriter{T}"/>, <see cref="FastFormattersOptions.AddFormat"/>) is served as the built-in ones are:
/// negotiated by <c>Accept</c> and <c>?format=</c>, written whole and streamed, read, refused with 406 and 415, counted
/// in the diagnostics, served by MVC's formatters as by minimal APIs, and, not described, left out of OpenAPI content.
/// </summary>
public sealed class ThirdPartyFormatTests : IAsyncLifetime
{
    private const string MediaType = "application/x-ndjson";

    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddControllers().AddApplicationPart(typeof(LinesController).Assembly);
                builder.Services.AddFastFormatters(options =>
                {
                    options.FormatQueryParameter = "format";
                    options.ReturnHttpNotAcceptable = true;
                    options.AddFormat(serializer => new LinesFormat(serializer.Json));
                });
            },
            app =>
            {
                app.MapControllers();
                var negotiated = app.MapGroup("").WithContentNegotiation();
                negotiated.MapGet("/lines/one", () => new Line(1, "one"));
                negotiated.MapGet("/lines/feed", () => Feed(3));
                negotiated.MapPost("/lines/echo", (Line line) => line);
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Theory]
    [InlineData("/lines/one", MediaType)]
    [InlineData("/lines/one?format=ndjson", "application/json")]
    [InlineData("/lines/mvc/one", MediaType)]
    [InlineData("/lines/mvc/one?format=ndjson", "application/json")]
    public async Task A_value_is_written_in_the_registered_format(string path, string accept)
    {
        using var response = await GetAsync(path, accept);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(MediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("utf-8", response.Content.Headers.ContentType?.CharSet);
        Assert.Equal("{\"id\":1,\"title\":\"one\"}\n", await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("/lines/feed")]
    [InlineData("/lines/mvc/feed")]
    public async Task A_streamed_sequence_is_written_one_value_per_line(string path)
    {
        using var response = await GetAsync(path, MediaType);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(MediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(
            "{\"id\":0,\"title\":\"line 0\"}\n{\"id\":1,\"title\":\"line 1\"}\n{\"id\":2,\"title\":\"line 2\"}\n",
            await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("/lines/echo")]
    [InlineData("/lines/mvc/echo")]
    public async Task A_body_in_the_registered_format_is_read(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new StringContent("{\"id\":7,\"title\":\"seven\"}\n", Encoding.UTF8, MediaType) };
        request.Headers.Accept.ParseAdd("application/json");
        using var response = await _app.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(new Line(7, "seven"), JsonSerializer.Deserialize<Line>(await response.Content.ReadAsStringAsync(), JsonSerializerOptions.Web));
    }

    [Theory]
    [InlineData("/lines/echo")]
    [InlineData("/lines/mvc/echo")]
    public async Task Malformed_input_in_the_registered_format_is_a_400(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new StringContent("{\"id\":7,\n", Encoding.UTF8, MediaType) };
        using var response = await _app.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Theory]
    [InlineData("/lines/one")]
    [InlineData("/lines/mvc/one")]
    public async Task An_unknown_accept_is_a_406_listing_the_registered_format(string path)
    {
        using var response = await GetAsync(path, "application/x-unknown");

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
        Assert.Contains(MediaType, await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/lines/echo")]
    [InlineData("/lines/mvc/echo")]
    public async Task An_unknown_content_type_is_a_415(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new StringContent("7", Encoding.UTF8, "application/x-unknown") };
        using var response = await _app.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task The_diagnostics_count_the_registered_format_by_its_name()
    {
        using (await GetAsync("/lines/one", MediaType))
        {
        }

        var report = _app.App.Services.GetRequiredService<FormatterMetrics>().GetReport();
        Assert.Contains(report.Formats, format => format.Format == "ndjson" && format.Direction == "write" && format.Count > 0);
    }

    [Fact]
    public void An_undescribed_format_is_left_out_of_the_openapi_content()
    {
        var services = _app.App.Services;
        var description = services.GetRequiredService<IApiDescriptionGroupCollectionProvider>().ApiDescriptionGroups.Items
            .SelectMany(group => group.Items)
            .Single(item => item.RelativePath == "lines/mvc/one");

        // Its formatter can write the type, but the format has no schema set: the description does not offer it, so no
        // OpenAPI generator gives it the schema of its own JSON reading.
        Assert.DoesNotContain(description.SupportedResponseTypes.Single(response => response.StatusCode == 200).ApiResponseFormats, format => format.MediaType == MediaType);
        var content = services.GetRequiredService<FormatSchemaProvider>().Describe(description).Responses.Single(response => response.StatusCode == 200).Content;
        Assert.Contains("application/json", content.Keys);
        Assert.Contains("application/jsonc", content.Keys);
        Assert.DoesNotContain(MediaType, content.Keys);
    }

    private async Task<HttpResponseMessage> GetAsync(string path, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(MediaTypeWithQualityHeaderValue.Parse(accept));
        return await _app.Client.SendAsync(request);
    }

    internal static async IAsyncEnumerable<Line> Feed(int count)
    {
        for (int i = 0; i < count; i++)
        {
            await Task.Yield();
            yield return new Line(i, $"line {i}");
        }
    }

    /// <summary>
    /// Newline-delimited JSON over the built-in JSON format, as a package would write it: one JSON value and a line feed
    /// per value, no header or footer and no count; not described in OpenAPI (its schema set is null).
    /// </summary>
    private sealed class LinesFormat(WireFormat json) : WireFormat(new FormatDefinition("ndjson", MediaType))
    {
        public override bool IsUtf8Text => true;

        public override bool CanSerialize(Type type) => json.CanSerialize(type);

        public override bool CanDeserialize(Type type) => json.CanDeserialize(type);

        public override string? GetUnsupportedReason(Type type, bool deserializing) => json.GetUnsupportedReason(type, deserializing);

        public override void Serialize<T>(IBufferWriter<byte> output, T value)
        {
            json.Serialize(output, value);
            output.Write("\n"u8);
        }

        public override void Serialize(IBufferWriter<byte> output, object? value, Type type)
        {
            json.Serialize(output, value, type);
            output.Write("\n"u8);
        }

        public override T Deserialize<T>(ReadOnlySpan<byte> data) => json.Deserialize<T>(OneLine(data));

        public override object? Deserialize(ReadOnlySpan<byte> data, Type type) => json.Deserialize(OneLine(data), type);

        public override TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
            where TResult : class
            => json.VisitSequenceElementType(type, visitor);

        protected override SequenceWriter<T> CreateSequenceWriterCore<T>(int count) => new LineWriter<T>(json, count);

        private static ReadOnlySpan<byte> OneLine(ReadOnlySpan<byte> data) => data is [.. var line, (byte)'\n'] ? line : data;
    }

    private sealed class LineWriter<T>(WireFormat json, int count) : SequenceWriter<T>(count)
    {
        protected override void WriteElement(IBufferWriter<byte> output, T value, int index)
        {
            json.Serialize(output, value);
            output.Write("\n"u8);
        }
    }
}

public sealed record Line(int Id, string Title);

[ApiController]
[Route("lines/mvc")]
public sealed class LinesController : ControllerBase
{
    [HttpGet("one")]
    public Line One() => new(1, "one");

    [HttpGet("feed")]
    public IAsyncEnumerable<Line> Feed() => ThirdPartyFormatTests.Feed(3);

    [HttpPost("echo")]
    public Line Echo(Line line) => line;
}
