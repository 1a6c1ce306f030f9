using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Writes <see cref="Money"/> as "amount currency".</summary>
public sealed class MoneyJsonConverter : JsonConverter<Money>
{
    public override Money Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var text = reader.GetString() ?? throw new JsonException("Money must be a string.");
        var space = text.IndexOf(' ', StringComparison.Ordinal);
        if (space < 0 || !decimal.TryParse(text.AsSpan(0, space), NumberStyles.Number, CultureInfo.InvariantCulture, out var amount))
        {
            throw new JsonException($"'{text}' is not an amount and a currency.");
        }

        return new Money(amount, text[(space + 1)..]);
    }

    public override void Write(Utf8JsonWriter writer, Money value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStringValue(value.Amount.ToString(CultureInfo.InvariantCulture) + " " + value.Currency);
    }
}
