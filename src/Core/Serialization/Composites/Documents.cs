using System.Text.Json;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// System.Text.Json's document trees in every format: objects as maps, arrays as arrays, strings, booleans and null as
/// themselves, numbers as the format writes a number it holds as text (JSON its own text, MessagePack an integer when it
/// is whole and fits 64 bits, else float64). Read back by the format's <see cref="IFormatCodec{TWriter, TReader}.ReadDocument"/>.
/// </summary>
/// <typeparam name="TCodec">The format's tokens.</typeparam>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
internal static class Documents<TCodec, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>Writes <paramref name="element"/>'s tree.</summary>
    public static void Write(ref TWriter writer, JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
            {
                int count = 0;
                foreach (var _ in element.EnumerateObject())
                {
                    count++;
                }

                TCodec.WriteBeginMap(ref writer, count);
                foreach (var property in element.EnumerateObject())
                {
                    TCodec.WriteMemberName(ref writer, property.Name);
                    Write(ref writer, property.Value);
                }

                TCodec.WriteEndMap(ref writer);
                break;
            }

            case JsonValueKind.Array:
                TCodec.WriteBeginArray(ref writer, element.GetArrayLength());
                foreach (var item in element.EnumerateArray())
                {
                    Write(ref writer, item);
                }

                TCodec.WriteEndArray(ref writer);
                break;
            case JsonValueKind.String:
                TCodec.WriteString(ref writer, element.GetString());
                break;
            case JsonValueKind.Number:
                TCodec.WriteElementNumber(ref writer, element);
                break;
            case JsonValueKind.True:
            case JsonValueKind.False:
                TCodec.WriteBoolean(ref writer, element.GetBoolean());
                break;
            case JsonValueKind.Null:
                TCodec.WriteNull(ref writer);
                break;
            default:
                throw new InvalidOperationException("A JsonElement without a value (default(JsonElement)) cannot be written.");
        }
    }
}
