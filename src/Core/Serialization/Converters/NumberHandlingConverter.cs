using System.Text.Json.Nodes;
using System.Buffers;
using System.Text.Json.Serialization;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// A number under System.Text.Json's <see cref="JsonNumberHandling"/>: read from a JSON string as well as a number
/// (<see cref="JsonNumberHandling.AllowReadingFromString"/>, on in ASP.NET Core's web defaults), written as a string
/// (<see cref="JsonNumberHandling.WriteAsString"/>). The string's content is read by the number's own converter, so
/// the same values are accepted either way. MessagePack carries numbers natively and is unaffected.
/// </summary>
internal sealed class NumberHandlingConverter<T> : ValueConverter<T>
{
    /// <remarks>Numbers written as strings are strings of digits; MessagePack carries them as numbers.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
    {
        var number = _number.DescribeSchema(schema);
        if (!_writesStrings || schema.IsMessagePack)
        {
            return number;
        }

        number["type"] = new JsonArray(number["type"]!.GetValue<string>() is var kind && kind == "integer" ? "integer" : "number", "string");
        number["pattern"] = "^-?(?:[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|NaN|Infinity)$";
        return number;
    }

    // The few bytes of one number, written before they are quoted; one buffer per thread, reused.
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_digits;

    private readonly ValueConverter<T> _number;
    private readonly bool _readsStrings;
    private readonly bool _writesStrings;

    public NumberHandlingConverter(ValueConverter<T> number, JsonNumberHandling handling)
    {
        _number = number;
        _readsStrings = handling.HasFlag(JsonNumberHandling.AllowReadingFromString);
        _writesStrings = handling.HasFlag(JsonNumberHandling.WriteAsString);
    }

    public override void WriteJson(ref JsonWriter writer, T value)
    {
        if (!_writesStrings)
        {
            _number.WriteJson(ref writer, value);
            return;
        }

        var digits = t_digits ??= new ArrayBufferWriter<byte>(64);
        digits.ResetWrittenCount();
        var inner = new JsonWriter(digits, maxDepth: 1);
        _number.WriteJson(ref inner, value);
        inner.Flush();

        // Non-finite floating-point values are already strings ("NaN"); anything else is a number's ASCII text.
        var written = digits.WrittenSpan;
        if (written.Length > 0 && written[0] == (byte)'"')
        {
            writer.WriteRaw(written);
        }
        else
        {
            writer.WriteAsciiString(written);
        }
    }

    public override T ReadJson(ref JsonReader reader)
    {
        if (!_readsStrings || reader.Peek() != JsonTokenKind.String)
        {
            return _number.ReadJson(ref reader);
        }

        var text = reader.ReadStringValue();
        var inner = new JsonReader(text, maxDepth: 1);
        try
        {
            var value = _number.ReadJson(ref inner);
            inner.EnsureEndOfInput();
            return value;
        }
        catch (FormatReadException ex)
        {
            throw reader.Error($"The string does not hold a {typeof(T).Name}: {ex.Message}");
        }
        finally
        {
            inner.Dispose();
        }
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, T value) => _number.WriteMessagePack(ref writer, value);

    public override T ReadMessagePack(ref MessagePackReader reader) => _number.ReadMessagePack(ref reader);
}
