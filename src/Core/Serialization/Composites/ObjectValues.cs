using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// Values declared as <see cref="object"/>, what every format does alike: written by their runtime type (a plain
/// <see cref="object"/> as an empty map, no type ever chosen by the payload), and maps read into
/// <c>Dictionary&lt;string, object?&gt;</c>, member order kept. Each format's converter reads its other tokens into the
/// plain values it has (its numbers, strings, booleans, binary).
/// </summary>
/// <typeparam name="TCodec">The format's tokens.</typeparam>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
internal static class ObjectValues<TCodec, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>Writes <paramref name="value"/> by its runtime type, through <paramref name="resolver"/>'s converters.</summary>
    public static void Write(ref TWriter writer, ConverterResolver resolver, object? value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        var type = value.GetType();
        if (type == typeof(object))
        {
            TCodec.WriteBeginObject(ref writer, 0);
            TCodec.WriteEndMap(ref writer);
            return;
        }

        TCodec.WriteRuntimeTyped(ref writer, resolver, type, value);
    }

    /// <summary>Reads a map (a JSON object) whose values <paramref name="values"/>, the format's converter of them, reads.</summary>
    public static Dictionary<string, object?> ReadMap(ref TReader reader, ValueConverter<object?, TWriter, TReader> values)
    {
        int claimed = TCodec.ReadBeginMap(ref reader);
        var result = new Dictionary<string, object?>(TCodec.PresizeFor(ref reader, claimed));
        int count = 0;
        string? key = null;
        try
        {
            while (TCodec.ReadIsInMap(ref reader, claimed, count))
            {
                count++;
                key = TCodec.ReadObjectKey(ref reader);
                if (TCodec.RejectsDuplicateKeys(ref reader) && result.ContainsKey(key))
                {
                    throw TCodec.Error(ref reader, SeenKeys.DuplicateMessage(key));
                }

                result[key] = values.Read(ref reader);
                key = null;
            }
        }
        catch (FormatReadException ex) when (key is not null && ex.AddPropertySegment($"{key}"))
        {
            throw;
        }

        TCodec.ReadEndMap(ref reader, claimed, count);
        return result;
    }
}
