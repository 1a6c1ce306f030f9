using System.Runtime.InteropServices;

namespace FastFormatters.Serialization.Composites;

/// <summary>The one place arrays are read and written, for every collection converter of every format.</summary>
/// <typeparam name="TCodec">The format's tokens.</typeparam>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
internal static class Sequences<TCodec, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    public static void Write<T>(ref TWriter writer, ReadOnlySpan<T> items, ValueConverter<T, TWriter, TReader> element)
    {
        TCodec.WriteBeginArray(ref writer, items.Length);
        foreach (var item in items)
        {
            element.Write(ref writer, item);
        }

        TCodec.WriteEndArray(ref writer);
    }

    /// <summary>Writes <paramref name="items"/>, <paramref name="count"/> of them (-1 when the sequence does not know).</summary>
    public static void Write<T>(ref TWriter writer, IEnumerable<T> items, int count, ValueConverter<T, TWriter, TReader> element)
    {
        if (TCodec.CountsFirst && count < 0)
        {
            // A lazy sequence, where the count comes first: buffered to count it.
            Write<T>(ref writer, CollectionsMarshal.AsSpan(new List<T>(items)), element);
            return;
        }

        TCodec.WriteBeginArray(ref writer, count);
        int written = 0;
        foreach (var item in items)
        {
            element.Write(ref writer, item);
            written++;
        }

        if (TCodec.CountsFirst && written != count)
        {
            throw new InvalidOperationException("The collection changed while it was being written.");
        }

        TCodec.WriteEndArray(ref writer);
    }

    public static List<T> ReadList<T>(ref TReader reader, ValueConverter<T, TWriter, TReader> element)
    {
        int claimed = TCodec.ReadBeginArray(ref reader);
        var list = new List<T>(TCodec.PresizeFor(ref reader, claimed));
        int count = 0;
        try
        {
            while (TCodec.ReadIsInArray(ref reader, claimed, count))
            {
                count++;
                list.Add(element.Read(ref reader));
            }
        }
        catch (FormatReadException ex) when (count > 0 && ex.AddPathSegment($"[{count - 1}]"))
        {
            throw;
        }

        TCodec.ReadEndArray(ref reader, claimed, count);
        return list;
    }

    /// <summary>
    /// Reads an array. When it claims a count the pre-sizing budget grants whole, into an array of that size (no list, no
    /// copy); elements past the claim (a JMC1 comment that undercounts) are read and dropped, and the end's count check
    /// then fails as it does for lists. Otherwise, through a list that grows with the elements really read.
    /// </summary>
    public static T[] ReadArray<T>(ref TReader reader, ValueConverter<T, TWriter, TReader> element)
    {
        int claimed = TCodec.ReadBeginArray(ref reader);
        int capacity = TCodec.PresizeFor(ref reader, claimed);
        var list = claimed < 0 || capacity < claimed ? new List<T>(capacity) : null;
        var array = list is not null || claimed == 0 ? [] : new T[claimed];
        int count = 0;
        try
        {
            while (TCodec.ReadIsInArray(ref reader, claimed, count))
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

        TCodec.ReadEndArray(ref reader, claimed, count);
        return list?.ToArray() ?? array;
    }
}
