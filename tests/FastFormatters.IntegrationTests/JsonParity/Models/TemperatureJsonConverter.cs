using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Writes <see cref="Temperature"/> as "21.5C"; registered in Converters by option set 8 only.</summary>
public sealed class TemperatureJsonConverter : JsonConverter<Temperature>
{
    public override Temperature Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var text = reader.GetString();
        if (text is null || !text.EndsWith('C') || !double.TryParse(text.AsSpan(0, text.Length - 1), NumberStyles.Float, CultureInfo.InvariantCulture, out var celsius))
        {
            throw new JsonException($"'{text}' is not a temperature like 21.5C.");
        }

        return new Temperature(celsius);
    }

    public override void Write(Utf8JsonWriter writer, Temperature value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStringValue(value.Celsius.ToString(CultureInfo.InvariantCulture) + "C");
    }
}
