using System.Text.Json;

namespace FastFormatters.Verification;

/// <summary>
/// Compares two JSON bodies as data, the way a client that parses them sees them: member order, escaping and the
/// spelling of a number (<c>1.0</c>, <c>1</c>, <c>1E0</c>) are not differences; JMC1's header and count comments are
/// skipped.
/// </summary>
internal static class JsonBodyComparer
{
    private static readonly JsonDocumentOptions s_options = new() { CommentHandling = JsonCommentHandling.Skip, MaxDepth = 4096 };

    /// <summary>
    /// The first difference, or null when the two bodies hold the same data. A body of ours that is not JSON is a
    /// difference at <c>$</c>.
    /// </summary>
    /// <exception cref="JsonException">The reference's body is not JSON.</exception>
    public static BodyDifference? Compare(byte[] ours, byte[] reference)
    {
        using var referenceDocument = JsonDocument.Parse(reference, s_options);
        JsonDocument oursDocument;
        try
        {
            oursDocument = JsonDocument.Parse(ours, s_options);
        }
        catch (JsonException ex)
        {
            return new BodyDifference("$", $"a body that is not JSON ({ex.Message})", Raw(referenceDocument.RootElement));
        }

        using (oursDocument)
        {
            return Compare(oursDocument.RootElement, referenceDocument.RootElement, new BodyPath());
        }
    }

    private static BodyDifference? Compare(JsonElement ours, JsonElement reference, BodyPath path)
    {
        if (ours.ValueKind != reference.ValueKind)
        {
            return Differ(path, ours, reference);
        }

        switch (ours.ValueKind)
        {
            case JsonValueKind.Object:
                return CompareObjects(ours, reference, path);
            case JsonValueKind.Array:
                return CompareArrays(ours, reference, path);
            case JsonValueKind.String:
                return ours.GetString() == reference.GetString() ? null : Differ(path, ours, reference);
            case JsonValueKind.Number:
                return SameNumber(ours, reference) ? null : Differ(path, ours, reference);
            default:
                // true, false and null: the kind is the value.
                return null;
        }
    }

    // A name repeated in one object is paired occurrence by occurrence, first with first: a client that keeps the first,
    // or the last, or all of them, reads the same data from both.
    private static BodyDifference? CompareObjects(JsonElement ours, JsonElement reference, BodyPath path)
    {
        var referenceMembers = new Dictionary<string, Queue<JsonElement>>(StringComparer.Ordinal);
        foreach (var member in reference.EnumerateObject())
        {
            if (!referenceMembers.TryGetValue(member.Name, out var occurrences))
            {
                referenceMembers.Add(member.Name, occurrences = new Queue<JsonElement>(1));
            }

            occurrences.Enqueue(member.Value);
        }

        foreach (var member in ours.EnumerateObject())
        {
            int length = path.Push(member.Name);
            var difference = referenceMembers.TryGetValue(member.Name, out var occurrences) && occurrences.TryDequeue(out var referenceValue)
                ? Compare(member.Value, referenceValue, path)
                : new BodyDifference(path.ToString(), Raw(member.Value), BodyDifference.Absent);
            if (difference is not null)
            {
                return difference;
            }

            path.Truncate(length);
        }

        foreach (var member in reference.EnumerateObject())
        {
            if (referenceMembers[member.Name].TryPeek(out var unpaired))
            {
                path.Push(member.Name);
                return new BodyDifference(path.ToString(), BodyDifference.Absent, Raw(unpaired));
            }
        }

        return null;
    }

    private static BodyDifference? CompareArrays(JsonElement ours, JsonElement reference, BodyPath path)
    {
        int count = ours.GetArrayLength();
        int referenceCount = reference.GetArrayLength();
        for (int i = 0; i < Math.Max(count, referenceCount); i++)
        {
            int length = path.Push(i);
            var difference = i >= count ? new BodyDifference(path.ToString(), BodyDifference.Absent, Raw(reference[i]))
                : i >= referenceCount ? new BodyDifference(path.ToString(), Raw(ours[i]), BodyDifference.Absent)
                : Compare(ours[i], reference[i], path);
            if (difference is not null)
            {
                return difference;
            }

            path.Truncate(length);
        }

        return null;
    }

    // Numbers of the same value are the same, however spelt. An integer is compared exactly, at any size (a UInt128, a
    // BigInteger); only two fractions that are not the same decimal value are compared as the doubles a client reads.
    private static bool SameNumber(JsonElement ours, JsonElement reference)
    {
        var left = JsonNumber.Parse(ours.GetRawText());
        var right = JsonNumber.Parse(reference.GetRawText());
        return left == right
            || !left.IsInteger && !right.IsInteger && ours.TryGetDouble(out double x) && reference.TryGetDouble(out double y) && x.Equals(y);
    }

    private static BodyDifference Differ(BodyPath path, JsonElement ours, JsonElement reference) => new(path.ToString(), Raw(ours), Raw(reference));

    private static string Raw(JsonElement value) => BodyDifference.Shorten(value.GetRawText());
}
