using System.Buffers;
using System.Diagnostics;
using System.Text.Json;
using MessagePack;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The MessagePack decoder and JSONC stripper of the API reference script, run by Node.js (on the development and CI
/// machines) on bytes that MessagePack-CSharp wrote: every MessagePack format family, at the sizes that make the
/// writer pick each 8/16/32-bit form. The script is the one embedded in the library, as served.
/// </summary>
public sealed class ApiReferenceDecoderTests
{
    [MessagePackObject]
    public sealed class Typed
    {
        [Key(0)]
        public int Id { get; set; }

        [Key(1)]
        public string Name { get; set; } = "";

        [Key(2)]
        public DateTime When { get; set; }
    }

    [Fact]
    public async Task The_script_decodes_every_messagepack_format_messagepack_csharp_writes()
    {
        var bin32 = Enumerable.Range(0, 70_000).Select(i => (byte)(i * 7)).ToArray();
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        int key = 0;
        void Key(ref MessagePackWriter w) => w.Write("v" + key++);

        writer.WriteMapHeader(38);
        Key(ref writer); writer.Write(7);                                   // positive fixint
        Key(ref writer); writer.Write(-5);                                  // negative fixint
        Key(ref writer); writer.Write(200);                                 // uint8
        Key(ref writer); writer.Write(60_000);                              // uint16
        Key(ref writer); writer.Write(4_000_000_000L);                      // uint32
        Key(ref writer); writer.Write(9_007_199_254_740_993UL);             // uint64, past 2^53
        Key(ref writer); writer.Write(ulong.MaxValue);                      // uint64
        Key(ref writer); writer.Write(-100);                                // int8
        Key(ref writer); writer.Write(-30_000);                             // int16
        Key(ref writer); writer.Write(-2_000_000_000);                      // int32
        Key(ref writer); writer.Write(-9_007_199_254_740_993L);             // int64, past -2^53
        Key(ref writer); writer.Write(long.MinValue);                       // int64
        Key(ref writer); writer.Write(1.5f);                                // float32
        Key(ref writer); writer.Write(0.1f);                                // float32, inexact
        Key(ref writer); writer.Write(Math.PI);                             // float64
        Key(ref writer); writer.Write(-1e300);                              // float64
        Key(ref writer); writer.Write("héllo");                             // fixstr, UTF-8
        Key(ref writer); writer.Write(new string('é', 100) + "🚀");        // str8
        Key(ref writer); writer.Write(new string('ü', 1000));               // str16
        Key(ref writer); writer.Write(new string('x', 70_000));             // str32
        Key(ref writer); writer.Write(new byte[] { 0, 1, 2, 253, 254, 255 });  // bin8
        Key(ref writer); writer.Write(Enumerable.Range(0, 300).Select(i => (byte)i).ToArray()); // bin16
        Key(ref writer); writer.Write(bin32);                               // bin32
        Key(ref writer); writer.WriteExtensionFormat(new ExtensionResult(5, new byte[] { 0xAB }));     // fixext1
        Key(ref writer); writer.WriteExtensionFormat(new ExtensionResult(42, new byte[] { 1, 2, 3 })); // ext8
        Key(ref writer); writer.WriteExtensionFormat(new ExtensionResult(7, new byte[300]));           // ext16
        Key(ref writer); writer.Write(new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc));            // timestamp32
        Key(ref writer); writer.Write(new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc).AddTicks(1_234_567)); // timestamp64
        Key(ref writer); writer.Write(new DateTime(1500, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddTicks(5));         // timestamp96
        Key(ref writer); writer.WriteNil();
        Key(ref writer); writer.Write(true);
        Key(ref writer); writer.Write(false);

        Key(ref writer); // nested arrays and maps, a non-string key
        writer.WriteArrayHeader(3);
        writer.Write(1);
        writer.WriteArrayHeader(2);
        writer.Write(2);
        writer.WriteArrayHeader(0);
        writer.WriteMapHeader(2);
        writer.Write(10);
        writer.Write("ten");
        writer.Write("list");
        writer.WriteArrayHeader(1);
        writer.WriteMapHeader(0);

        Key(ref writer); // array16
        writer.WriteArrayHeader(20);
        for (int i = 0; i < 20; i++)
        {
            writer.Write(i);
        }

        Key(ref writer); // array32
        writer.WriteArrayHeader(70_000);
        for (int i = 0; i < 70_000; i++)
        {
            writer.Write(i % 3);
        }

        Key(ref writer); // map16
        writer.WriteMapHeader(20);
        for (int i = 0; i < 20; i++)
        {
            writer.Write("k" + i);
            writer.Write(i * i);
        }

        Key(ref writer); // map32
        writer.WriteMapHeader(70_000);
        for (int i = 0; i < 70_000; i++)
        {
            writer.Write(i);
            writer.Write(-i);
        }

        Key(ref writer); // an object as MessagePackSerializer writes it
        writer.WriteRaw(MessagePackSerializer.Serialize(new Typed { Id = 42, Name = "名前", When = new DateTime(2020, 2, 29, 12, 0, 0, DateTimeKind.Utc) }));
        Assert.Equal(38, key);

        writer.Flush();
        byte[] bytes = buffer.WrittenSpan.ToArray();
        Assert.Equal(0xDE, bytes[0]); // map16 at the top: 38 entries

        string text = await RunScriptAsync("messagePackToText", bytes, "application/x-msgpack");
        string[] lines = text.Split('\n', 3);
        Assert.Equal($"// Decoded from {bytes.Length} bytes of MessagePack (application/x-msgpack) for display.", lines[0]);
        using var document = JsonDocument.Parse(lines[2], new JsonDocumentOptions { MaxDepth = 16 });
        var v = document.RootElement;
        JsonElement At(int index) => v.GetProperty("v" + index);

        Assert.Equal(38, v.EnumerateObject().Count());
        Assert.Equal(7, At(0).GetInt32());
        Assert.Equal(-5, At(1).GetInt32());
        Assert.Equal(200, At(2).GetInt32());
        Assert.Equal(60_000, At(3).GetInt32());
        Assert.Equal(4_000_000_000L, At(4).GetInt64());
        Assert.Equal(9_007_199_254_740_993UL, At(5).GetUInt64());
        Assert.Equal(ulong.MaxValue, At(6).GetUInt64());
        Assert.Equal(-100, At(7).GetInt32());
        Assert.Equal(-30_000, At(8).GetInt32());
        Assert.Equal(-2_000_000_000, At(9).GetInt32());
        Assert.Equal(-9_007_199_254_740_993L, At(10).GetInt64());
        Assert.Equal(long.MinValue, At(11).GetInt64());
        Assert.Equal(1.5, At(12).GetDouble());
        Assert.Equal((double)0.1f, At(13).GetDouble());
        Assert.Equal(Math.PI, At(14).GetDouble());
        Assert.Equal(-1e300, At(15).GetDouble());
        Assert.Equal("héllo", At(16).GetString());
        Assert.Equal(new string('é', 100) + "🚀", At(17).GetString());
        Assert.Equal(new string('ü', 1000), At(18).GetString());
        Assert.Equal(new string('x', 70_000), At(19).GetString());
        Assert.Equal(Convert.ToBase64String([0, 1, 2, 253, 254, 255]), At(20).GetProperty("$bin").GetString());
        Assert.Equal(Enumerable.Range(0, 300).Select(i => (byte)i), Convert.FromBase64String(At(21).GetProperty("$bin").GetString()!));
        Assert.Equal(bin32, Convert.FromBase64String(At(22).GetProperty("$bin").GetString()!));
        Assert.Equal(5, At(23).GetProperty("$ext").GetInt32());
        Assert.Equal("qw==", At(23).GetProperty("base64").GetString());
        Assert.Equal(42, At(24).GetProperty("$ext").GetInt32());
        Assert.Equal("AQID", At(24).GetProperty("base64").GetString());
        Assert.Equal(7, At(25).GetProperty("$ext").GetInt32());
        Assert.Equal(new byte[300], Convert.FromBase64String(At(25).GetProperty("base64").GetString()!));
        Assert.Equal("2024-01-02T03:04:05Z", At(26).GetProperty("$timestamp").GetString());
        Assert.Equal("2024-01-02T03:04:05.1234567Z", At(27).GetProperty("$timestamp").GetString());
        Assert.Equal("1500-01-01T00:00:00.0000005Z", At(28).GetProperty("$timestamp").GetString());
        Assert.Equal(JsonValueKind.Null, At(29).ValueKind);
        Assert.True(At(30).GetBoolean());
        Assert.False(At(31).GetBoolean());
        Assert.Equal("""[1,[2,[]],{"10":"ten","list":[{}]}]""", JsonSerializer.Serialize(At(32)));
        Assert.Equal(Enumerable.Range(0, 20), At(33).EnumerateArray().Select(e => e.GetInt32()));
        Assert.Equal(Enumerable.Range(0, 70_000).Select(i => i % 3), At(34).EnumerateArray().Select(e => e.GetInt32()));
        Assert.Equal(Enumerable.Range(0, 20).Select(i => ("k" + i, i * i)), At(35).EnumerateObject().Select(p => (p.Name, p.Value.GetInt32())));
        Assert.Equal(Enumerable.Range(0, 70_000).Select(i => (i.ToString(System.Globalization.CultureInfo.InvariantCulture), -i)),
            At(36).EnumerateObject().Select(p => (p.Name, p.Value.GetInt32())));
        Assert.Equal("""[42,"名前",{"$timestamp":"2020-02-29T12:00:00Z"}]""", JsonSerializer.Serialize(At(37), new JsonSerializerOptions { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
    }

    [Fact]
    public async Task The_script_names_lz4_compressed_messagepack_without_decompressing_it()
    {
        var options = MessagePackSerializerOptions.Standard.WithCompression(MessagePackCompression.Lz4BlockArray);
        byte[] bytes = MessagePackSerializer.Serialize(Enumerable.Repeat("compress me please", 200).ToArray(), options);
        string text = await RunScriptAsync("messagePackToText", bytes, "application/x-msgpack; compression=lz4blockarray");
        Assert.StartsWith($"// LZ4-compressed, {bytes.Length} bytes of MessagePack (application/x-msgpack; compression=lz4blockarray): not decompressed here.\n", text, StringComparison.Ordinal);
        Assert.Contains("\"lz4\": \"LZ4-compressed, ", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_script_reports_truncated_or_empty_messagepack_instead_of_throwing()
    {
        byte[] bytes = MessagePackSerializer.Serialize(new[] { "a string long enough to be cut" });
        string text = await RunScriptAsync("messagePackToText", bytes[..^5], "application/x-msgpack");
        Assert.StartsWith($"// Could not decode {bytes.Length - 5} bytes of MessagePack (application/x-msgpack): MessagePack ends early", text, StringComparison.Ordinal);
        Assert.Equal("// No body: 0 bytes of MessagePack (application/x-msgpack).\n", await RunScriptAsync("messagePackToText", [], "application/x-msgpack"));
    }

    [Fact]
    public async Task The_script_removes_jmc1_length_comments_even_when_their_bytes_are_not_utf8()
    {
        // A JMC1 document as the writer lays it out: header, then a 6-byte comment before each string and collection,
        // some with payload bytes that are not UTF-8 (0x80..0xFF) or read as '/' and '*'.
        static byte[] Comment(int n) => [(byte)'/', (byte)'*', (byte)((n + 0x130) & 0xFF), (byte)((n + 0x130) >> 8), (byte)'*', (byte)'/'];
        var jmc = new List<byte>();
        jmc.AddRange("/*JMC1*/"u8.ToArray());
        jmc.AddRange(Comment(2));
        jmc.AddRange("{"u8.ToArray());
        jmc.AddRange(Comment(0x4F));   // payload 7F 01
        jmc.AddRange("\"big\":12345678901234567890,"u8.ToArray());
        jmc.AddRange(Comment(0xD0));   // payload 00 02
        jmc.AddRange("\"s\":"u8.ToArray());
        jmc.AddRange(Comment(0xCF));   // payload FF 01: not UTF-8
        jmc.AddRange(Comment(0xFF));   // payload 2F 02: '/'
        jmc.AddRange(Comment(0xFA));   // payload 2A 02: '*'
        jmc.AddRange(Comment(0x28D0)); // payload D0 2A: not UTF-8, then '*'
        jmc.AddRange("\"/* not a comment */ é\\\"\"}"u8.ToArray());
        string text = await RunScriptAsync("jsoncToText", [.. jmc], "application/jsonc");
        Assert.Equal(
            $"// JMC1 (application/jsonc), {jmc.Count} bytes, shown without comments.\n{{\n  \"big\": 12345678901234567890,\n  \"s\": \"/* not a comment */ é\\\"\"\n}}\n",
            text);
    }

    /// <summary>Runs <c>FastFormattersApiReference[function](bytes, contentType)</c> in Node.js and returns what it printed.</summary>
    private static async Task<string> RunScriptAsync(string function, byte[] bytes, string contentType)
    {
        string work = Directory.CreateTempSubdirectory("api-reference-").FullName;
        try
        {
            string script = Path.Combine(work, "fastformatters-api-reference.js");
            await using (var resource = typeof(Microsoft.AspNetCore.Builder.FastFormattersApiReferenceEndpointRouteBuilderExtensions).Assembly.GetManifestResourceStream("FastFormatters.ApiReference.fastformatters-api-reference.js")!)
            await using (var file = File.Create(script))
            {
                await resource.CopyToAsync(file);
            }

            string input = Path.Combine(work, "body.bin");
            await File.WriteAllBytesAsync(input, bytes);
            var start = new ProcessStartInfo("node") { RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (string argument in (string[])["-e", """
                const [script, fn, input, contentType] = process.argv.slice(1);
                require(script);
                process.stdout.write(globalThis.FastFormattersApiReference[fn](require('fs').readFileSync(input), contentType));
                """, script, function, input, contentType])
            {
                start.ArgumentList.Add(argument);
            }

            using var process = Process.Start(start) ?? throw new InvalidOperationException("node did not start.");
            var stdout = process.StandardOutput.ReadToEndAsync();
            var stderr = process.StandardError.ReadToEndAsync();
            using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(1));
            await process.WaitForExitAsync(timeout.Token);
            Assert.True(process.ExitCode == 0, $"node failed ({process.ExitCode}): {await stderr}");
            return await stdout;
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }
}
