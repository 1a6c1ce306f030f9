namespace FastFormatters.Json.Converters;

/// <summary>The one place JSON arrays are read and written, for every collection converter.</summary>
internal static class JsonArrays
{
    public static void Write<T>(ref JsonWriter writer, ReadOnlySpan<T> items, JsonValueConverter<T> element)
    {
        writer.WriteBeginArray(items.Length);
        for (int i = 0; i < items.Length; i++)
        {
            if (i > 0)
            {
                writer.WriteValueSeparator();
            }

            element.Write(ref writer, items[i]);
        }

        writer.WriteEndArray();
    }

    public static void Write<T>(ref JsonWriter writer, IEnumerable<T> items, int count, JsonValueConverter<T> element)
    {
        writer.WriteBeginArray(count);
        bool separator = false;
        foreach (var item in items)
        {
            if (separator)
            {
                writer.WriteValueSeparator();
            }

            element.Write(ref writer, item);
            separator = true;
        }

        writer.WriteEndArray();
    }

    public static List<T> ReadList<T>(ref JsonReader reader, JsonValueConverter<T> element)
    {
        int claimed = reader.ReadBeginArray();
        var list = new List<T>(reader.PresizeFor(claimed));
        int count = 0;
        try
        {
            while (reader.ReadIsInArray(ref count))
            {
                list.Add(element.Read(ref reader));
            }
        }
        catch (FormatReadException ex) when (count > 0 && ex.AddPathSegment($"[{count - 1}]"))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        return list;
    }
}
