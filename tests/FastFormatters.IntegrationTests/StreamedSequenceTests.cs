using System.Buffers;
using System.Net;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A client that asks for a sequence streamed (<c>stream=true</c> on the MessagePack or JMC1 media type) gets each chunk
/// of elements while the sequence is still being produced: the server never holds the whole sequence. Each test's
/// sequence stops half-way at a gate that only the client opens, once it has read an element; a server that gathered
/// the sequence first would never send one, and the test would time out.
/// </summary>
public sealed class StreamedSequenceTests : IAsyncLifetime
{
    // Enough bytes before the gate to fill more than one flushed chunk (28 KB by default).
    private const int BeforeGate = 100;
    private const int AfterGate = 100;

    private readonly TaskCompletionSource _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(),
            app => app.MapGet("/readings", (CancellationToken cancellationToken) => FastResults.Negotiated(Gated(cancellationToken))));

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task The_message_pack_client_reads_elements_while_the_server_still_produces_them()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        int read = 0;
        await foreach (var reading in _app.Client.GetFromMessagePackAsAsyncEnumerable<Reading>("/readings", cancellationToken: timeout.Token))
        {
            Assert.Equal(Reading.Create(read), reading);
            read++;
            _gate.TrySetResult();
        }

        Assert.Equal(BeforeGate + AfterGate, read);
    }

    [Fact]
    public async Task JMC1_arrives_in_chunks_as_one_array_without_its_count()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        using var response = await GetReadingsAsync("application/jsonc; stream=true", timeout.Token);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("true", response.Content.Headers.ContentType!.Parameters.Single(parameter => parameter.Name == "stream").Value);
        var body = new MemoryStream();
        var stream = await response.Content.ReadAsStreamAsync(timeout.Token);
        byte[] buffer = new byte[4096];
        int count;
        while ((count = await stream.ReadAsync(buffer, timeout.Token)) > 0)
        {
            body.Write(buffer, 0, count);
            if (body.Length > 64)
            {
                _gate.TrySetResult();
            }
        }

        string text = Encoding.UTF8.GetString(body.ToArray());
        Assert.StartsWith("/*JMC1*/[{", text, StringComparison.Ordinal);
        using var document = JsonDocument.Parse(text, new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip });
        Assert.Equal(BeforeGate + AfterGate, document.RootElement.GetArrayLength());
        Assert.Equal(Reading.Create(150).Text, document.RootElement[150].GetProperty("text").GetString());
    }

    [Fact]
    public async Task MessagePack_CSharps_stream_reader_reads_the_values()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        using var response = await GetReadingsAsync("application/x-msgpack; stream=true", timeout.Token);
        Assert.Equal("true", response.Content.Headers.ContentType!.Parameters.Single(parameter => parameter.Name == "stream").Value);

        using var reader = new global::MessagePack.MessagePackStreamReader(await response.Content.ReadAsStreamAsync(timeout.Token));
        int read = 0;
        while (await reader.ReadAsync(timeout.Token) is ReadOnlySequence<byte> value)
        {
            var reading = global::MessagePack.MessagePackSerializer.Deserialize<Reading>(value, cancellationToken: timeout.Token);
            Assert.Equal(Reading.Create(read), reading);
            read++;
            _gate.TrySetResult();
        }

        Assert.Equal(BeforeGate + AfterGate, read);
    }

    [Fact]
    public async Task A_client_that_does_not_ask_gets_the_counted_array()
    {
        _gate.SetResult();
        using var response = await GetReadingsAsync("application/x-msgpack", CancellationToken.None);

        Assert.DoesNotContain(response.Content.Headers.ContentType!.Parameters, parameter => parameter.Name == "stream");
        var readings = global::MessagePack.MessagePackSerializer.Deserialize<Reading[]>(await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(BeforeGate + AfterGate, readings.Length);

        // The helper reads a whole array as well as a stream.
        var whole = await response.Content.ReadFromMessagePackAsAsyncEnumerable<Reading>().ToListAsync();
        Assert.Equal(readings, whole);
    }

    [Fact]
    public async Task A_compressed_response_is_framed_whole_even_when_streaming_is_asked()
    {
        _gate.SetResult();
        using var response = await GetReadingsAsync("application/x-msgpack; compression=lz4blockarray; stream=true", CancellationToken.None);

        var parameters = response.Content.Headers.ContentType!.Parameters;
        Assert.DoesNotContain(parameters, parameter => parameter.Name == "stream");
        Assert.Contains(parameters, parameter => parameter.Name == "compression");
        var whole = await response.Content.ReadFromMessagePackAsAsyncEnumerable<Reading>().ToListAsync();
        Assert.Equal(BeforeGate + AfterGate, whole.Count);
    }

    [Fact]
    public async Task A_stream_cut_short_is_a_read_error_not_a_shorter_sequence()
    {
        var values = new MemoryStream();
        foreach (int i in new[] { 0, 1 })
        {
            global::MessagePack.MessagePackSerializer.Serialize(values, Reading.Create(i));
        }

        byte[] cut = values.ToArray()[..^3];
        using var content = new ByteArrayContent(cut);
        content.Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse("application/x-msgpack; stream=true");

        var read = new List<Reading?>();
        await Assert.ThrowsAsync<FormatReadException>(async () =>
        {
            await foreach (var reading in content.ReadFromMessagePackAsAsyncEnumerable<Reading>())
            {
                read.Add(reading);
            }
        });
        Assert.Equal([Reading.Create(0)], read);
    }

    [Fact]
    public async Task A_wrong_byte_between_elements_fails_at_once_while_the_stream_is_still_open()
    {
        // One element, then a byte no MessagePack value starts with, and the stream left open: the error cannot wait
        // for its end.
        var pipe = new System.IO.Pipelines.Pipe();
        await pipe.Writer.WriteAsync(global::MessagePack.MessagePackSerializer.Serialize(Reading.Create(0)));
        await pipe.Writer.WriteAsync(new byte[] { 0xc1, 0x01 });
        using var content = new StreamContent(pipe.Reader.AsStream());
        content.Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse("application/x-msgpack; stream=true");

        var read = new List<Reading?>();
        var error = await Assert.ThrowsAsync<FormatReadException>(async () =>
        {
            await foreach (var reading in content.ReadFromMessagePackAsAsyncEnumerable<Reading>())
            {
                read.Add(reading);
            }
        }).WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal([Reading.Create(0)], read);
        Assert.Equal(0, error.BytePosition);
        await pipe.Writer.CompleteAsync();
    }

    // The headers only: the body is read by the test, as it arrives.
    private async Task<HttpResponseMessage> GetReadingsAsync(string accept, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/readings");
        request.Headers.Accept.ParseAdd(accept);
        return await _app.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
    }

    private async IAsyncEnumerable<Reading> Gated([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 0; i < BeforeGate + AfterGate; i++)
        {
            if (i == BeforeGate)
            {
                await _gate.Task.WaitAsync(cancellationToken);
            }

            yield return Reading.Create(i);
        }
    }

    /// <summary>A reading, with MessagePack-CSharp's attributes so its own serializer reads what ours writes.</summary>
    [global::MessagePack.MessagePackObject]
    public sealed record Reading
    {
        [global::MessagePack.Key("id")]
        public int Id { get; init; }

        [global::MessagePack.Key("text")]
        public string Text { get; init; } = "";

        public static Reading Create(int i) => new() { Id = i, Text = $"reading {i} " + new string((char)('a' + (i % 26)), 500) };
    }
}
