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

    [Fact]
    public void Decimal_text_of_every_form_is_read_as_MessagePack_CSharp_reads_it()
    {
        string[] forms =
        [
            "0", "-0", "007", "+1", "-1", ".5", "-.5", "1.", "1.50", "1e3", "1E+3", "1.5e-3", "1e", "1.e2", "1..2", "-",
            "", "1,000", "1_0", "0x10", "NaN", "Infinity", "9999999999999999999", "79228162514264337593543950335",
            "79228162514264337593543950336", "0.0000000000000000000000000001", "0.00000000000000000000000000001",
            "1234567890.12345678901234567890", "1e28", "1e29", "-79228162514264337593543950335.5", "٣", "1 ", "\t1",
        ];
        var random = new Random(20261201);
        var texts = new List<string>(forms);
        for (int n = 0; n < 2_000; n++)
        {
            var digits = new System.Text.StringBuilder(random.Next(3) == 0 ? "-" : "");
            int length = random.Next(1, 32);
            int point = random.Next(2) == 0 ? random.Next(0, length + 1) : -1;
            for (int i = 0; i < length; i++)
            {
                if (i == point)
                {
                    digits.Append('.');
                }

                digits.Append((char)('0' + random.Next(10)));
            }

            if (random.Next(4) == 0)
            {
                digits.Append('e').Append(random.Next(-30, 30));
            }

            texts.Add(digits.ToString());
        }

        var differences = new List<string>();
        foreach (string text in texts)
        {
            byte[] body = MessagePackSerializer.Serialize(text, StandardResolver.Options);
            string reference = Describe(Read(() => MessagePackSerializer.Deserialize<decimal>(body, StandardResolver.Options)));
            string ours = Describe(Read(() => s_fast.Deserialize<decimal>(FastFormat.MessagePack, body)));
            if (reference != ours)
            {
                differences.Add($"\"{text}\": MessagePack-CSharp {reference}, FastFormatters {ours}");
            }
        }

        Assert.True(differences.Count == 0, string.Join("\n", differences.Take(40)));
    }

    // A decimal's bits, which tell its scale apart (1.50 from 1.5).
    private static string Describe(decimal? value) => value is { } number ? string.Join(":", decimal.GetBits(number)) : "refused";

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
