using System.Text;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Json;

/// <summary>Reads one document with the real System.Text.Json and with FastFormatters, under the same options.</summary>
internal static class SystemTextJsonOracle
{
    /// <summary>
    /// Adds a line to <paramref name="differences"/> unless both accept <paramref name="document"/> as a
    /// <typeparamref name="T"/> and read values <paramref name="describe"/> makes the same text of, or both refuse it.
    /// </summary>
    public static void Compare<T>(FastFormattersSerializer fast, JsonSerializerOptions options, byte[] document, Func<T?, string> describe, List<string> differences)
    {
        string expected;
        try
        {
            expected = describe(JsonSerializer.Deserialize<T>(document, options));
        }
        catch (JsonException)
        {
            expected = "refused";
        }

        string actual;
        try
        {
            actual = describe(fast.Deserialize<T>(FastFormat.Json, document));
        }
        catch (FormatReadException)
        {
            actual = "refused";
        }

        if (expected != actual)
        {
            differences.Add($"{typeof(T).Name} {Encoding.UTF8.GetString(document)}: System.Text.Json {expected}, FastFormatters {actual}");
        }
    }
}
