using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Writes <see cref="MoneyBag"/> as an object with its currency, total and amounts; reads the currency and amounts back.</summary>
public sealed class MoneyBagJsonConverter : JsonConverter<MoneyBag>
{
    public override MoneyBag Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw new JsonException("A money bag is an object.");
        }

        string currency = string.Empty;
        var amounts = new List<decimal>();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            string name = reader.GetString()!;
            reader.Read();
            switch (name)
            {
                case "currency" when reader.TokenType == JsonTokenType.String:
                    currency = reader.GetString()!;
                    break;
                case "amounts" when reader.TokenType == JsonTokenType.StartArray:
                    while (reader.Read() && reader.TokenType == JsonTokenType.Number)
                    {
                        amounts.Add(reader.GetDecimal());
                    }

                    if (reader.TokenType != JsonTokenType.EndArray)
                    {
                        throw new JsonException("Amounts are numbers.");
                    }

                    break;
                default:
                    reader.Skip();
                    break;
            }
        }

        return new MoneyBag(currency, amounts);
    }

    public override void Write(Utf8JsonWriter writer, MoneyBag value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(value);
        writer.WriteStartObject();
        writer.WriteString("currency", value.Currency);
        writer.WriteNumber("total", value.Amounts.Sum());
        writer.WriteStartArray("amounts");
        foreach (var amount in value.Amounts)
        {
            writer.WriteNumberValue(amount);
        }

        writer.WriteEndArray();
        writer.WriteEndObject();
    }
}
