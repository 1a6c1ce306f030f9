using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// A <c>decimal</c> in MessagePack text is read as strictly as MessagePack-CSharp 2.5.307 reads it: white space or a NUL
/// around the number (which .NET's own decimal parser skips) makes it no number. The mutated-bytes differential test
/// found <c>"\n0.99"</c> read as 0.99 by FastFormatters alone.
/// </summary>
public sealed class StringFormTests
{
    private static readonly FastFormattersSerializer s_fast = new();

    [Theory]
    [InlineData("0.99", true)]
    [InlineData("-1.5E2", true)]
    [InlineData("\n0.99", false)]
    [InlineData(" 0.99", false)]
    [InlineData("0.99 ", false)]
    [InlineData("0.99\0", false)]
    public void A_decimal_in_text_is_read_or_refused_as_MessagePack_CSharp_reads_or_refuses_it(string text, bool valid)
    {
        byte[] body = MessagePackSerializer.Serialize(text, StandardResolver.Options);

        decimal? reference = Read(() => MessagePackSerializer.Deserialize<decimal>(body, StandardResolver.Options));
        decimal? ours = Read(() => s_fast.Deserialize<decimal>(FastFormat.MessagePack, body));

        Assert.Equal(valid, reference is not null);
        Assert.Equal(reference, ours);
    }

    private static decimal? Read(Func<decimal> read)
    {
        try
        {
            return read();
        }
        catch (Exception ex) when (ex is MessagePackSerializationException or FormatReadException)
        {
            return null;
        }
    }
}
