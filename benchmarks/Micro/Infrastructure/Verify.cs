using System.Globalization;
using System.Text;
using System.Text.Json;

namespace FastFormatters.Benchmarks.Infrastructure;

/// <summary>
/// The checks the [GlobalSetup] methods run before anything is measured: a benchmark that compares serializers is only
/// meaningful when they read and write the same data. Each failure throws, which fails the benchmark.
/// </summary>
internal static class Verify
{
    /// <summary>The bytes are identical.</summary>
    public static void SameBytes(string what, ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        int at = expected.CommonPrefixLength(actual);
        if (at == expected.Length && at == actual.Length)
        {
            return;
        }

        throw new InvalidOperationException(
            $"{what}: the bytes differ at offset {at} (lengths {expected.Length} and {actual.Length}): " +
            $"expected ...{Excerpt(expected, at)}..., got ...{Excerpt(actual, at)}...");
    }

    /// <summary>
    /// Two values hold the same data: written by the same serializer (System.Text.Json, reflection), they give the same bytes.
    /// </summary>
    public static void SameData<T>(string what, T expected, T actual)
        => SameBytes(what + " (both written back by System.Text.Json)", Serializers.StjJson(expected), Serializers.StjJson(actual));

    /// <summary>
    /// Two JSON documents are equal as JSON: same members whatever their order, same array elements, equal strings once
    /// unescaped, equal numbers. Throws naming the first path that differs.
    /// </summary>
    public static void SameJson(string what, byte[] expected, byte[] actual)
    {
        using var expectedDocument = JsonDocument.Parse(expected);
        using var actualDocument = JsonDocument.Parse(actual);
        if (FindDifference(expectedDocument.RootElement, actualDocument.RootElement, "$") is { } difference)
        {
            throw new InvalidOperationException($"{what}: the JSON differs at {difference}.");
        }
    }

    public static void That(bool condition, string message)
    {
        if (!condition)
        {
            throw new InvalidOperationException(message);
        }
    }

    private static string? FindDifference(JsonElement expected, JsonElement actual, string path)
    {
        if (expected.ValueKind != actual.ValueKind)
        {
            return $"{path} (expected {expected.ValueKind} {Short(expected)}, got {actual.ValueKind} {Short(actual)})";
        }

        switch (expected.ValueKind)
        {
            case JsonValueKind.Object:
                var actualMembers = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
                foreach (var member in actual.EnumerateObject())
                {
                    actualMembers[member.Name] = member.Value;
                }

                int count = 0;
                foreach (var member in expected.EnumerateObject())
                {
                    count++;
                    if (!actualMembers.TryGetValue(member.Name, out var actualValue))
                    {
                        return $"{path}.{member.Name} (missing)";
                    }

                    if (FindDifference(member.Value, actualValue, $"{path}.{member.Name}") is { } inner)
                    {
                        return inner;
                    }
                }

                return count == actualMembers.Count ? null : $"{path} (expected {count} members, got {actualMembers.Count})";

            case JsonValueKind.Array:
                int expectedLength = expected.GetArrayLength();
                int actualLength = actual.GetArrayLength();
                if (expectedLength != actualLength)
                {
                    return $"{path} (expected {expectedLength} elements, got {actualLength})";
                }

                for (int i = 0; i < expectedLength; i++)
                {
                    if (FindDifference(expected[i], actual[i], $"{path}[{i}]") is { } inner)
                    {
                        return inner;
                    }
                }

                return null;

            case JsonValueKind.String:
                return expected.GetString() == actual.GetString() ? null : $"{path} (expected {Short(expected)}, got {Short(actual)})";

            case JsonValueKind.Number:
                string expectedText = expected.GetRawText();
                string actualText = actual.GetRawText();
                bool equal = expectedText == actualText
                    || (decimal.TryParse(expectedText, NumberStyles.Float, CultureInfo.InvariantCulture, out var expectedDecimal)
                        && decimal.TryParse(actualText, NumberStyles.Float, CultureInfo.InvariantCulture, out var actualDecimal)
                        && expectedDecimal == actualDecimal)
                    || (expected.TryGetDouble(out double expectedDouble) && actual.TryGetDouble(out double actualDouble)
                        && expectedDouble.Equals(actualDouble));
                return equal ? null : $"{path} (expected {expectedText}, got {actualText})";

            default:
                return null;
        }
    }

    private static string Short(JsonElement element)
    {
        string text = element.GetRawText();
        return text.Length <= 80 ? text : text[..80] + "...";
    }

    private static string Excerpt(ReadOnlySpan<byte> bytes, int at)
    {
        int start = Math.Max(0, at - 40);
        var slice = bytes[start..Math.Min(bytes.Length, at + 40)];
        var text = new StringBuilder();
        foreach (byte b in slice)
        {
            text.Append(b is >= 0x20 and < 0x7F ? (char)b : '·');
        }

        return text.ToString();
    }
}
