namespace FastFormatters.Json.Converters;

/// <summary>The one place JSON arrays are read and written, for every collection converter.</summary>
internal static class JsonArrays
{
    public static void Write<T>(ref FastJsonWriter writer, ReadOnlySpan<T> items, JsonValueConverter<T> element)
    {
        writer.WriteBeginArray(items.Length);
        foreach (var item in items)
        {
            element.Write(ref writer, item);
        }

        writer.WriteEndArray();
    }

    public static void Write<T>(ref FastJsonWriter writer, IEnumerable<T> items, int count, JsonValueConverter<T> element)
    {
        writer.WriteBeginArray(count);
        foreach (var item in items)
        {
            element.Write(ref writer, item);
        }

        writer.WriteEndArray();
    }

    public static List<T> ReadList<T>(ref FastJsonReader reader, JsonValueConverter<T> element)
    {
        int claimed = reader.ReadBeginCountedArray();
        var list = new List<T>(reader.PresizeFor(claimed));
        int count = 0;
        try
        {
            while (reader.ReadIsInArray())
            {
                count++;
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

    /// <summary>
    /// Reads an array. When a JMC1 length comment claims a count the pre-sizing budget grants whole, into an array of
    /// that size (no list, no copy); elements past the claim are read and dropped, and the count check then fails as
    /// it does for lists. Otherwise, through a list.
    /// </summary>
    public static T[] ReadArray<T>(ref FastJsonReader reader, JsonValueConverter<T> element)
    {
        int claimed = reader.ReadBeginCountedArray();
        int capacity = reader.PresizeFor(claimed);
        var list = claimed < 0 || capacity < claimed ? new List<T>(capacity) : null;
        var array = list is not null || claimed == 0 ? [] : new T[claimed];
        int count = 0;
        try
        {
            while (reader.ReadIsInArray())
            {
                count++;
                var item = element.Read(ref reader);
                if (list is not null)
                {
                    list.Add(item);
                }
                else if (count <= array.Length)
                {
                    array[count - 1] = item;
                }
            }
        }
        catch (FormatReadException ex) when (count > 0 && ex.AddPathSegment($"[{count - 1}]"))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        return list?.ToArray() ?? array;
    }
}
