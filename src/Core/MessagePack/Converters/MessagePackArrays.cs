namespace FastFormatters.MessagePack.Converters;

/// <summary>The one place MessagePack arrays are read and written, for every collection converter.</summary>
internal static class MessagePackArrays
{
    public static void Write<T>(ref FastMessagePackWriter writer, ReadOnlySpan<T> items, MessagePackValueConverter<T> element)
    {
        writer.WriteArrayHeader(items.Length);
        foreach (var item in items)
        {
            element.Write(ref writer, item);
        }

        writer.WriteEndContainer();
    }

    public static void Write<T>(ref FastMessagePackWriter writer, IEnumerable<T> items, int count, MessagePackValueConverter<T> element)
    {
        if (count < 0)
        {
            // A lazy sequence: MessagePack needs the count first.
            Write<T>(ref writer, System.Runtime.InteropServices.CollectionsMarshal.AsSpan(items.ToList()), element);
            return;
        }

        writer.WriteArrayHeader(count);
        int written = 0;
        foreach (var item in items)
        {
            element.Write(ref writer, item);
            written++;
        }

        if (written != count)
        {
            throw new InvalidOperationException("The collection changed while it was being written.");
        }

        writer.WriteEndContainer();
    }

    public static List<T> ReadList<T>(ref FastMessagePackReader reader, MessagePackValueConverter<T> element)
    {
        int count = reader.ReadArrayHeader();
        var list = new List<T>(reader.PresizeFor(count));
        int index = 0;
        try
        {
            for (; index < count; index++)
            {
                list.Add(element.Read(ref reader));
            }
        }
        catch (FormatReadException ex) when (ex.AddPathSegment($"[{index}]"))
        {
            throw;
        }

        reader.EndContainer();
        return list;
    }

    /// <summary>
    /// Reads an array into one of its final size when the pre-sizing budget grants its whole count (no list, no copy);
    /// past the budget, through a list that grows with the elements really read.
    /// </summary>
    public static T[] ReadArray<T>(ref FastMessagePackReader reader, MessagePackValueConverter<T> element)
    {
        int count = reader.ReadArrayHeader();
        int capacity = reader.PresizeFor(count);
        var list = capacity < count ? new List<T>(capacity) : null;
        var array = list is not null || count == 0 ? [] : new T[count];
        int index = 0;
        try
        {
            for (; index < count; index++)
            {
                var item = element.Read(ref reader);
                if (list is null)
                {
                    array[index] = item;
                }
                else
                {
                    list.Add(item);
                }
            }
        }
        catch (FormatReadException ex) when (ex.AddPathSegment($"[{index}]"))
        {
            throw;
        }

        reader.EndContainer();
        return list?.ToArray() ?? array;
    }
}
