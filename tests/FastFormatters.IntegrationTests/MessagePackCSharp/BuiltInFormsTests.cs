using System.Buffers;
using System.Numerics;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;

namespace FastFormatters.IntegrationTests.MessagePackCSharp;

/// <summary>
/// Types MessagePack-CSharp writes with a built-in form rather than as objects (their members are get-only, so an
/// object layout would be an empty map): the same bytes as the real package, as values and as members, read back whole.
/// </summary>
public sealed class BuiltInFormsTests
{
    private static readonly FastFormattersSerializer s_fast = new();

    [Fact]
    public void BigInteger_StringBuilder_and_Version_are_written_as_MessagePack_CSharp_writes_them()
    {
        AssertSameBytes(new BigInteger(300));
        AssertSameBytes(BigInteger.Parse("-123456789012345678901234567890", System.Globalization.CultureInfo.InvariantCulture));
        AssertSameBytes(new StringBuilder("Zoë"));
        AssertSameBytes(new Version(1, 2, 3, 4));
        AssertSameBytes(new Holder { Big = new BigInteger(-7), Text = new StringBuilder("t"), Version = new Version(2, 0) });
    }

    [Fact]
    public void They_read_back_whole()
    {
        var holder = new Holder { Big = BigInteger.Pow(2, 100), Text = new StringBuilder("text"), Version = new Version(3, 1, 4) };

        var read = s_fast.Deserialize<Holder>(FastFormat.MessagePack, MessagePackSerializer.Serialize(holder, MessagePackCSharpCheck.Contractless));

        Assert.Equal(holder.Big, read.Big);
        Assert.Equal("text", read.Text?.ToString());
        Assert.Equal(holder.Version, read.Version);
    }

    private static void AssertSameBytes<T>(T value)
    {
        var output = new ArrayBufferWriter<byte>();
        s_fast.Serialize(FastFormat.MessagePack, output, value);
        Assert.Equal(Convert.ToHexString(MessagePackSerializer.Serialize(value, MessagePackCSharpCheck.Contractless)), Convert.ToHexString(output.WrittenSpan));
    }

    public sealed class Holder
    {
        public BigInteger Big { get; set; }

        public StringBuilder? Text { get; set; }

        public Version? Version { get; set; }
    }
}
