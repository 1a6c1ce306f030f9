namespace FastFormatters.MessagePack.Converters;

/// <summary>The one place MessagePack arrays are read and written, for every collection converter.</summary>
internal static class MessagePackArrays
{
    public static void Write<T>(ref MessagePackWriter writer, ReadOnlySpan<T> items, MessagePackValueConverter<T> element)
    {
        writer.WriteArrayHeader(items.Length);
        foreach (var item in items)
        {
            element.Write(ref writer, item);
        }

        writer.WriteEndContainer();
    }

    public static void Write<T>(ref MessagePackWriter writer, IEnumerable<T> items, int count, MessagePackValueConverter<T> element)
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

    public static List<T> ReadList<T>(ref MessagePackReader reader, MessagePackValueConverter<T> element)
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
}
