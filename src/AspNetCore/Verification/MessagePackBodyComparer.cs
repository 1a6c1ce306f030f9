using System.Globalization;
using FastFormatters.MessagePack;

namespace FastFormatters.Verification;

/// <summary>
/// Compares two MessagePack bodies value by value, as a MessagePack-CSharp client reads them: an integer's width is not
/// a difference (its readers take any width that fits), but an integer for a float, a string for binary, or another
/// key is. Map entries are compared in order, as both serializers write members in their contract's order; a member only
/// one side has, in a map or past the end of an array, is named by its key or index.
/// </summary>
internal static class MessagePackBodyComparer
{
    // Deeper than either serializer writes by default (FastFormatters 64, MessagePack-CSharp 500).
    private const int MaxDepth = 1000;

    /// <summary>
    /// The first difference, or null when the two bodies hold the same values. A body of ours that is not one
    /// MessagePack value is a difference at <c>$</c>.
    /// </summary>
    /// <exception cref="FormatReadException">The reference's body is not one MessagePack value.</exception>
    public static BodyDifference? Compare(byte[] ours, byte[] reference)
    {
        EnsureOneValue(reference);
        try
        {
            EnsureOneValue(ours);
        }
        catch (FormatReadException ex)
        {
            return new BodyDifference("$", $"a body that is not one MessagePack value ({ex.Message})", $"{reference.Length} bytes of MessagePack");
        }

        // Both bodies are one value at most MaxDepth deep (checked above), so the walk below, which never leaves a
        // container the reader could count, needs no limit of its own.
        var oursReader = new FastMessagePackReader(ours, int.MaxValue);
        var referenceReader = new FastMessagePackReader(reference, int.MaxValue);
        return Compare(ref oursReader, ref referenceReader, new BodyPath());
    }

    private static void EnsureOneValue(byte[] body)
    {
        var reader = new FastMessagePackReader(body, MaxDepth);
        reader.Skip();
        if (reader.Position != body.Length)
        {
            throw new FormatReadException(MessagePackFormat.Name, $"{body.Length - reader.Position} unexpected bytes after the end of the MessagePack value.", reader.Position);
        }
    }

    private static BodyDifference? Compare(ref FastMessagePackReader ours, ref FastMessagePackReader reference, BodyPath path)
    {
        var type = ours.PeekKind();
        if (type != reference.PeekKind())
        {
            return Differ(path, ref ours, ref reference);
        }

        switch (type)
        {
            case MessagePackValueKind.Map:
                return CompareMaps(ref ours, ref reference, path);
            case MessagePackValueKind.Array:
                return CompareArrays(ref ours, ref reference, path);
            case MessagePackValueKind.Integer:
                Int128 integer = ours.ReadInteger(), referenceInteger = reference.ReadInteger();
                return integer == referenceInteger ? null
                    : new(path.ToString(), integer.ToString(CultureInfo.InvariantCulture), referenceInteger.ToString(CultureInfo.InvariantCulture));
            default:
                string oursText = Describe(ref ours), referenceText = Describe(ref reference);
                return oursText == referenceText ? null : new(path.ToString(), oursText, referenceText);
        }
    }

    private static BodyDifference? CompareMaps(ref FastMessagePackReader ours, ref FastMessagePackReader reference, BodyPath path)
    {
        int count = ours.ReadMapHeader();
        int referenceCount = reference.ReadMapHeader();
        for (int i = 0; i < Math.Min(count, referenceCount); i++)
        {
            // Where this entry starts, to look at the entries left from there when the keys differ.
            var oursEntries = ours;
            var referenceEntries = reference;
            string key = Describe(ref ours);
            string referenceKey = Describe(ref reference);
            if (key != referenceKey)
            {
                return KeysDiffer(ref oursEntries, count - i, ref referenceEntries, referenceCount - i, path);
            }

            int length = path.Push(Unquote(key));
            if (Compare(ref ours, ref reference, path) is { } difference)
            {
                return difference;
            }

            path.Truncate(length);
        }

        // The entries agree as far as both go: the first one only one side has is the member missing from the other.
        return count > referenceCount ? Unpaired(ref ours, path, oursHas: true)
            : count < referenceCount ? Unpaired(ref reference, path, oursHas: false)
            : null;
    }

    // Two entries in the same place under other keys: a member one side has and the other has nowhere in the rest of the
    // map is named as missing; keys both have, in another order, are the difference.
    private static BodyDifference KeysDiffer(ref FastMessagePackReader ours, int count, ref FastMessagePackReader reference, int referenceCount, BodyPath path)
    {
        var oursRest = ours;
        var referenceRest = reference;
        var oursKeys = RemainingKeys(ref oursRest, count);
        var referenceKeys = RemainingKeys(ref referenceRest, referenceCount);
        string key = oursKeys[0];
        string referenceKey = referenceKeys[0];
        if (!oursKeys.Contains(referenceKey))
        {
            return Unpaired(ref reference, path, oursHas: false);
        }

        if (!referenceKeys.Contains(key))
        {
            return Unpaired(ref ours, path, oursHas: true);
        }

        path.Push(Unquote(key));
        return new(path.ToString(), $"key {key}", $"key {referenceKey}");
    }

    private static List<string> RemainingKeys(ref FastMessagePackReader reader, int count)
    {
        var keys = new List<string>(count);
        for (int i = 0; i < count; i++)
        {
            keys.Add(Describe(ref reader));
            reader.Skip();
        }

        return keys;
    }

    // The map entry at the reader, which only one side has: named, with its value on that side and absent on the other.
    private static BodyDifference Unpaired(ref FastMessagePackReader reader, BodyPath path, bool oursHas)
    {
        path.Push(Unquote(Describe(ref reader)));
        string value = Describe(ref reader);
        return oursHas ? new(path.ToString(), value, BodyDifference.Absent) : new(path.ToString(), BodyDifference.Absent, value);
    }

    // An array is an object's members too ([Key(int)] members, indexed by key): one longer than the other is missing
    // the first element past the shorter's end.
    private static BodyDifference? CompareArrays(ref FastMessagePackReader ours, ref FastMessagePackReader reference, BodyPath path)
    {
        int count = ours.ReadArrayHeader();
        int referenceCount = reference.ReadArrayHeader();
        for (int i = 0; i < Math.Min(count, referenceCount); i++)
        {
            int length = path.Push(i);
            if (Compare(ref ours, ref reference, path) is { } difference)
            {
                return difference;
            }

            path.Truncate(length);
        }

        if (count == referenceCount)
        {
            return null;
        }

        path.Push(Math.Min(count, referenceCount));
        return count > referenceCount
            ? new(path.ToString(), Describe(ref ours), BodyDifference.Absent)
            : new(path.ToString(), BodyDifference.Absent, Describe(ref reference));
    }

    private static BodyDifference Differ(BodyPath path, ref FastMessagePackReader ours, ref FastMessagePackReader reference)
        => new(path.ToString(), Describe(ref ours), Describe(ref reference));

    // One value as the log shows it, read; a container by its size only (what it holds is compared apart).
    private static string Describe(ref FastMessagePackReader reader)
    {
        switch (reader.PeekKind())
        {
            case MessagePackValueKind.Nil:
                reader.TryReadNil();
                return "nil";
            case MessagePackValueKind.Boolean:
                return reader.ReadBoolean() ? "true" : "false";
            case MessagePackValueKind.Integer:
                return reader.ReadInteger().ToString(CultureInfo.InvariantCulture);
            case MessagePackValueKind.Float:
                return reader.ReadDouble().ToString("R", CultureInfo.InvariantCulture) + " (float)";
            case MessagePackValueKind.String:
                return BodyDifference.Shorten($"\"{reader.ReadNonNullString()}\"");
            case MessagePackValueKind.Binary:
                return BodyDifference.Shorten($"binary {Convert.ToHexString(reader.ReadBinary())}");
            case MessagePackValueKind.Extension:
                var data = reader.ReadExtension(out sbyte extensionType);
                return BodyDifference.Shorten($"extension {extensionType} {Convert.ToHexString(data)}");
            case MessagePackValueKind.Array:
                return $"an array of {reader.ReadArrayHeader()} values";
            case MessagePackValueKind.Map:
                return $"a map of {reader.ReadMapHeader()} entries";
            default:
                return "(end of body)";
        }
    }

    private static string Unquote(string key) => key.Length >= 2 && key[0] == '"' && key[^1] == '"' ? key[1..^1] : key;
}
