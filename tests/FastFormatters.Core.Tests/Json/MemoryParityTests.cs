using System.Buffers;
using System.Text;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// <see cref="Memory{T}"/> and <see cref="ReadOnlyMemory{T}"/> of elements other than bytes are arrays, byte for byte as
/// System.Text.Json writes them (web defaults), at top level and as members, and read back as it reads them (a JSON
/// null as an empty memory); of bytes they stay base64.
/// </summary>
public sealed class MemoryParityTests
{
    private static readonly FastFormattersSerializer s_fast = new(null, JsonSerializerOptions.Web);

    [Fact]
    public void Written_as_System_Text_Json_writes_them()
    {
        Same(new[] { 0, 7, -1, 42 }.AsMemory(1, 2), "[7,-1]");
        Same(new ReadOnlyMemory<int>([1, 2, 3]), "[1,2,3]");
        Same(new Memory<string?>(["a", null, "b"]), """["a",null,"b"]""");
        Same(ReadOnlyMemory<int>.Empty, "[]");
        Same(default(Memory<double>), "[]");
        Same(new ReadOnlyMemory<byte>([1, 2]), "\"AQI=\"");
        Same(Ledger(), """{"amounts":[10,-5],"entries":[{"name":"a","amounts":[1]},{"name":"b","amounts":[]}],"unset":[],"signature":"CQ=="}""");
    }

    [Fact]
    public void Read_back_as_System_Text_Json_reads_them()
    {
        Assert.Equal([7, -1], Read<ReadOnlyMemory<int>>("[7,-1]").ToArray());
        Assert.Equal(new string?[] { "a", null }, Read<Memory<string?>>("""["a",null]""").ToArray().AsEnumerable());
        Assert.True(Read<ReadOnlyMemory<int>>("[]").IsEmpty);

        var ledger = Read<MemoryLedger>("""{"amounts":[10,-5],"entries":[{"name":"a","amounts":[1]}],"unset":null}""");
        Assert.Equal([10m, -5m], ledger.Amounts.ToArray());
        Assert.Equal([1m], ledger.Entries.Span[0].Amounts.ToArray());
        Assert.True(ledger.Unset.IsEmpty);
    }

    [Fact]
    public void A_null_is_read_as_an_empty_memory_as_System_Text_Json_reads_it()
    {
        Assert.True(JsonSerializer.Deserialize<ReadOnlyMemory<int>>("null", JsonSerializerOptions.Web).IsEmpty);
        Assert.True(Read<ReadOnlyMemory<int>>("null").IsEmpty);
        Assert.True(Read<Memory<string>>("null").IsEmpty);
    }

    [Fact]
    public void What_is_not_an_array_of_its_elements_is_refused_as_System_Text_Json_refuses_it()
    {
        var differences = new List<string>();
        foreach (string json in new[] { "{}", "1", "\"AQI=\"", """[1,"x"]""", "[1,", "[null]" })
        {
            SystemTextJsonOracle.Compare<ReadOnlyMemory<int>>(s_fast, JsonSerializerOptions.Web, Encoding.UTF8.GetBytes(json), memory => string.Join(',', memory.ToArray()), differences);
        }

        Assert.Empty(differences);
    }

    [Fact]
    public void The_schema_is_an_array_of_the_elements()
    {
        var schema = s_fast.GetJsonSchema(FastFormat.Json, typeof(ReadOnlyMemory<int>));
        Assert.Equal("array", schema["type"]!.GetValue<string>());
        Assert.Equal("integer", schema["items"]!["type"]!.GetValue<string>());
    }

    private static MemoryLedger Ledger() => new()
    {
        Amounts = new[] { 10m, -5m },
        Entries = new MemoryEntry[] { new() { Name = "a", Amounts = new[] { 1m } }, new() { Name = "b" } },
        Signature = new byte[] { 9 },
    };

    private static void Same<T>(T value, string json)
    {
        Assert.Equal(json, JsonSerializer.Serialize(value, JsonSerializerOptions.Web));
        var output = new ArrayBufferWriter<byte>();
        s_fast.Serialize(FastFormat.Json, output, value);
        Assert.Equal(json, Encoding.UTF8.GetString(output.WrittenSpan));
    }

    private static T Read<T>(string json) => s_fast.Deserialize<T>(FastFormat.Json, Encoding.UTF8.GetBytes(json));
}

public sealed class MemoryLedger
{
    public ReadOnlyMemory<decimal> Amounts { get; set; }

    public Memory<MemoryEntry> Entries { get; set; }

    public ReadOnlyMemory<int> Unset { get; set; }

    public ReadOnlyMemory<byte> Signature { get; set; }
}

public sealed class MemoryEntry
{
    public string Name { get; set; } = "";

    public ReadOnlyMemory<decimal> Amounts { get; set; }
}
