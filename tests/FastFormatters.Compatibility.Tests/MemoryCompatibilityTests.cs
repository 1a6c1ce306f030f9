using System.Buffers;
using FastFormatters.Compatibility.Tests.Models;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// <see cref="Memory{T}"/> and <see cref="ReadOnlyMemory{T}"/> of elements other than bytes are MessagePack arrays, as
/// MessagePack-CSharp 2.5.307's <c>MemoryFormatter&lt;T&gt;</c> and <c>ReadOnlyMemoryFormatter&lt;T&gt;</c> write them
/// (an empty or default one as an empty array), and a nil is read as an empty memory, as it reads one.
/// </summary>
public sealed class MemoryCompatibilityTests
{
    private static readonly FastFormattersSerializer s_fast = new();

    private static readonly MessagePackSerializerOptions s_standard = MessagePackSerializerOptions.Standard.WithResolver(StandardResolver.Instance);

    [Fact]
    public void Written_as_MessagePack_CSharp_writes_them()
    {
        Same(new[] { 0, 300, -1, 70000 }.AsMemory(1, 3));
        Same(new ReadOnlyMemory<long>([long.MinValue, 0]));
        Same(new Memory<string?>(["a", null]));
        Same(ReadOnlyMemory<double>.Empty);
        Same(default(Memory<int>));
        Same(new ReadOnlyMemory<OrderLine>([new OrderLine { Sku = "A-1", Quantity = 2, UnitPrice = 9.5m }]));
        Same(new ReadOnlyMemory<byte>([1, 2]));
    }

    [Fact]
    public void Read_as_MessagePack_CSharp_reads_them()
    {
        byte[] written = MessagePackSerializer.Serialize(new ReadOnlyMemory<int>([1, 300, -70000]), s_standard);

        Assert.Equal([1, 300, -70000], s_fast.Deserialize<ReadOnlyMemory<int>>(FastFormat.MessagePack, written).ToArray());
        Assert.Equal([1, 300, -70000], s_fast.Deserialize<Memory<int>>(FastFormat.MessagePack, written).ToArray());
    }

    [Fact]
    public void A_nil_is_read_as_an_empty_memory_as_MessagePack_CSharp_reads_it()
    {
        byte[] nil = [0xC0];

        Assert.True(MessagePackSerializer.Deserialize<ReadOnlyMemory<int>>(nil, s_standard).IsEmpty);
        Assert.True(s_fast.Deserialize<ReadOnlyMemory<int>>(FastFormat.MessagePack, nil).IsEmpty);
        Assert.True(MessagePackSerializer.Deserialize<Memory<string>>(nil, s_standard).IsEmpty);
        Assert.True(s_fast.Deserialize<Memory<string>>(FastFormat.MessagePack, nil).IsEmpty);
    }

    [Fact]
    public void What_is_not_an_array_of_its_elements_is_refused()
    {
        Assert.Throws<FormatReadException>(() => s_fast.Deserialize<ReadOnlyMemory<int>>(FastFormat.MessagePack, [0x80]));
        Assert.Throws<FormatReadException>(() => s_fast.Deserialize<ReadOnlyMemory<int>>(FastFormat.MessagePack, [0x92, 0x01, 0xA1, 0x78]));
        Assert.Throws<FormatReadException>(() => s_fast.Deserialize<ReadOnlyMemory<int>>(FastFormat.MessagePack, [0x93, 0x01]));
    }

    private static void Same<T>(T value)
    {
        var output = new ArrayBufferWriter<byte>();
        s_fast.Serialize(FastFormat.MessagePack, output, value);
        Assert.Equal(Convert.ToHexString(MessagePackSerializer.Serialize(value, s_standard)), Convert.ToHexString(output.WrittenSpan));
    }
}
