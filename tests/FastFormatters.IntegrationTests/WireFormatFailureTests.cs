using System.Buffers;
using System.Net;
using System.Runtime.CompilerServices;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Negotiation;
using FastFormatters.Serialization.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A format registered through the public seam that fails while it writes: a value it cannot write is a 500 with nothing
/// of it on the wire, and an element it cannot write after the first part of a streamed sequence was sent aborts the
/// connection, so the client never takes the part for a whole body; minimal APIs and MVC alike.
/// </summary>
public sealed class WireFormatFailureTests : IAsyncLifetime
{
    private const string MediaType = "application/x-failing";

    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddSingleton<FailureGates>();
                builder.Services.AddControllers().AddApplicationPart(typeof(FailingFormatController).Assembly);
                builder.Services.AddFastFormatters(options => options.AddFormat(serializer => new FailingFormat(serializer.Json)));
            },
            app =>
            {
                app.MapControllers();
                var negotiated = app.MapGroup("/failing").WithContentNegotiation();
                negotiated.MapGet("/one", () => new Piece(-1));
                negotiated.MapGet("/list", () => new List<Piece> { new(1), new(-1) });
                negotiated.MapGet("/feed", (string gate, FailureGates gates, CancellationToken cancellationToken) => FailureGates.Feed(gates, gate, cancellationToken));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Theory]
    [InlineData("/failing/one")]
    [InlineData("/failing/mvc/one")]
    [InlineData("/failing/list")]
    [InlineData("/failing/mvc/list")]
    public async Task A_value_the_format_fails_to_write_before_anything_is_sent_is_a_500(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd(MediaType);
        using var response = await _app.Client.SendAsync(request);
        string body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.DoesNotContain("\"id\"", body, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/failing/feed")]
    [InlineData("/failing/mvc/feed")]
    public async Task An_element_the_format_fails_to_write_after_the_first_was_sent_aborts_the_response(string path)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{path}?gate={gate}");
        request.Headers.Accept.ParseAdd(MediaType);
        using var response = await _app.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, timeout.Token);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var stream = await response.Content.ReadAsStreamAsync(timeout.Token);
        var received = new MemoryStream();
        byte[] buffer = new byte[256];
        while (Array.IndexOf(received.ToArray(), (byte)'\n') < 0)
        {
            int count = await stream.ReadAsync(buffer, timeout.Token);
            Assert.True(count > 0, "the body ended before its first element");
            received.Write(buffer, 0, count);
        }

        Assert.Equal("{\"id\":1}\n", Encoding.UTF8.GetString(received.ToArray()));
        _app.App.Services.GetRequiredService<FailureGates>().Open(gate);

        // The next element fails in the format's writer: the body must not end as if it were complete.
        await Assert.ThrowsAnyAsync<IOException>(() => stream.CopyToAsync(received, timeout.Token));
        Assert.Equal("{\"id\":1}\n", Encoding.UTF8.GetString(received.ToArray()));
    }

    /// <summary>One JSON value per line, over the built-in JSON format, that cannot write a <see cref="Piece"/> with a negative id.</summary>
    private sealed class FailingFormat(WireFormat json) : WireFormat(new FormatDefinition("failing", MediaType))
    {
        public override bool IsUtf8Text => true;

        public override bool CanSerialize(Type type) => json.CanSerialize(type);

        public override bool CanDeserialize(Type type) => json.CanDeserialize(type);

        public override string? GetUnsupportedReason(Type type, bool deserializing) => json.GetUnsupportedReason(type, deserializing);

        public override void Serialize<T>(IBufferWriter<byte> output, T value) => Serialize(output, value, typeof(T));

        public override void Serialize(IBufferWriter<byte> output, object? value, Type type)
        {
            if (value is IEnumerable<Piece> pieces)
            {
                foreach (var piece in pieces)
                {
                    WriteLine(json, output, piece);
                }

                return;
            }

            WriteLine(json, output, (Piece)value!);
        }

        public override T Deserialize<T>(ReadOnlySpan<byte> data) => json.Deserialize<T>(data);

        public override object? Deserialize(ReadOnlySpan<byte> data, Type type) => json.Deserialize(data, type);

        public override TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
            where TResult : class
            => json.VisitSequenceElementType(type, visitor);

        protected override SequenceWriter<T> CreateSequenceWriterCore<T>(int count) => new LineWriter<T>(json, count);

        public static void WriteLine(WireFormat json, IBufferWriter<byte> output, Piece piece)
        {
            json.Serialize(output, piece);
            if (piece.Id < 0)
            {
                throw new InvalidOperationException($"The format cannot write piece {piece.Id}.");
            }

            output.Write("\n"u8);
        }
    }

    private sealed class LineWriter<T>(WireFormat json, int count) : SequenceWriter<T>(count)
    {
        protected override void WriteElement(IBufferWriter<byte> output, T value, int index) => FailingFormat.WriteLine(json, output, (Piece)(object)value!);
    }
}

public sealed record Piece(int Id);

/// <summary>Gates the feeds of <see cref="WireFormatFailureTests"/> wait at, opened by the test: no sleeps.</summary>
public sealed class FailureGates
{
    private readonly System.Collections.Concurrent.ConcurrentDictionary<string, TaskCompletionSource> _gates = new();

    public void Open(string name) => Gate(name).TrySetResult();

    /// <summary>A piece the format writes, then, once the gate opens, one it fails to write.</summary>
    public static async IAsyncEnumerable<Piece> Feed(FailureGates gates, string gate, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        yield return new Piece(1);
        await gates.Gate(gate).Task.WaitAsync(cancellationToken);
        yield return new Piece(-1);
    }

    private TaskCompletionSource Gate(string name) => _gates.GetOrAdd(name, static _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
}

[ApiController]
[Route("failing/mvc")]
public sealed class FailingFormatController(FailureGates gates) : ControllerBase
{
    [HttpGet("one")]
    public Piece One() => new(-1);

    [HttpGet("list")]
    public List<Piece> List() => [new(1), new(-1)];

    [HttpGet("feed")]
    public IAsyncEnumerable<Piece> Feed(string gate) => FailureGates.Feed(gates, gate, HttpContext.RequestAborted);
}
