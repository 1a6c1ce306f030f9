using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>
/// A converter as apps write them: a short as a string, parsed with <see cref="short.Parse(string, IFormatProvider?)"/>,
/// so bad input throws <see cref="FormatException"/> or <see cref="OverflowException"/>, not a <see cref="JsonException"/>.
/// </summary>
public sealed class ParsedShortConverter : JsonConverter<short>
{
    public override short Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        => short.Parse(reader.GetString()!, CultureInfo.InvariantCulture);

    public override void Write(Utf8JsonWriter writer, short value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStringValue(value.ToString(CultureInfo.InvariantCulture));
    }
}
