using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Compatibility.Tests.Infrastructure;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// A map that repeats a key, read by MessagePack-CSharp 2.5.307 and by FastFormatters: where both accept it they keep
/// the same value (the first in a <see cref="ConcurrentDictionary{TKey, TValue}"/>), and where MessagePack-CSharp refuses
/// it (a <see cref="Dictionary{TKey, TValue}"/>) FastFormatters keeps the last, a documented difference.
/// </summary>
public sealed class RepeatedKeyTests
{
    private static readonly FastFormattersSerializer s_fast = new();

    [Fact]
    public void A_ConcurrentDictionary_keeps_the_first_value_as_MessagePack_CSharp_keeps_it()
    {
        byte[] body = MapWithRepeatedKey();

        var reference = MessagePackSerializer.Deserialize<ConcurrentDictionary<string, int>>(body, MessagePackSerializerOptions.Standard);
        var ours = s_fast.Deserialize<ConcurrentDictionary<string, int>>(FastFormat.MessagePack, body);

        Assert.Equal(1, reference["a"]);
        Assert.Equal(ValueDescriber.Describe(new SortedDictionary<string, int>(reference)), ValueDescriber.Describe(new SortedDictionary<string, int>(ours)));
    }

    [Fact]
    public void A_Dictionary_MessagePack_CSharp_refuses_keeps_the_last_value()
    {
        byte[] body = MapWithRepeatedKey();

        Assert.ThrowsAny<Exception>(() => MessagePackSerializer.Deserialize<Dictionary<string, int>>(body, MessagePackSerializerOptions.Standard));
        Assert.Equal(2, s_fast.Deserialize<Dictionary<string, int>>(FastFormat.MessagePack, body)["a"]);
    }

    // {"a": 1, "b": 5, "a": 2}, written key by key so the repeat survives.
    private static byte[] MapWithRepeatedKey()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteMapHeader(3);
        writer.Write("a");
        writer.Write(1);
        writer.Write("b");
        writer.Write(5);
        writer.Write("a");
        writer.Write(2);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }
}
