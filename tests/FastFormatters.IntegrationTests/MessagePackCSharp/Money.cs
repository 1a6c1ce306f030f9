using MessagePack;
using MessagePack.Formatters;

namespace FastFormatters.IntegrationTests.MessagePackCSharp;

/// <summary>A value the app formats its own way in MessagePack-CSharp: <c>[minor units, currency]</c>.</summary>
public readonly record struct Money(decimal Amount, string Currency);

/// <summary>The app's own formatter for <see cref="Money"/>, registered in its resolver chain.</summary>
public sealed class MoneyFormatter : IMessagePackFormatter<Money>
{
    public void Serialize(ref MessagePackWriter writer, Money value, MessagePackSerializerOptions options)
    {
        writer.WriteArrayHeader(2);
        writer.Write((long)(value.Amount * 100));
        writer.Write(value.Currency);
    }

    public Money Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
    {
        if (reader.ReadArrayHeader() != 2)
        {
            throw new MessagePackSerializationException("Money is [minor units, currency].");
        }

        long minor = reader.ReadInt64();
        return new Money(minor / 100m, reader.ReadString() ?? throw new MessagePackSerializationException("Money needs a currency."));
    }
}

/// <summary>Formatted by an attribute on the type: a plain string <c>"#rrggbb"</c>.</summary>
[MessagePackFormatter(typeof(ColorFormatter))]
public sealed record Color(byte R, byte G, byte B);

/// <summary>The formatter the <see cref="Color"/> attribute names.</summary>
public sealed class ColorFormatter : IMessagePackFormatter<Color?>
{
    public void Serialize(ref MessagePackWriter writer, Color? value, MessagePackSerializerOptions options)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        writer.Write($"#{value.R:x2}{value.G:x2}{value.B:x2}");
    }

    public Color? Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
    {
        if (reader.TryReadNil())
        {
            return null;
        }

        string text = reader.ReadString() ?? string.Empty;
        return text.Length == 7 && text[0] == '#'
            ? new Color(Convert.ToByte(text[1..3], 16), Convert.ToByte(text[3..5], 16), Convert.ToByte(text[5..7], 16))
            : throw new MessagePackSerializationException($"'{text}' is not a #rrggbb color.");
    }
}

/// <summary>A plain DTO holding custom-formatted values: FastFormatters writes the DTO, MessagePack-CSharp its members.</summary>
public sealed class Invoice
{
    public int Number { get; set; }

    public Money Total { get; set; }

    public List<Money> Lines { get; set; } = [];

    public Color? Accent { get; set; }

    public DateTime IssuedAt { get; set; }
}
