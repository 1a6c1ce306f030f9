using System.Text;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// Values System.Text.Json carries as strings (dates and times, <see cref="Guid"/>, <see cref="TimeSpan"/>,
/// <see cref="char"/>, <see cref="Version"/>, <see cref="Uri"/>, and <see cref="Guid"/> dictionary keys) are read as it reads them: both accept a document and read the same value,
/// or both refuse it. The strings are the forms it writes, cut, extended and mutated a character at a time by a seeded
/// generator.
/// </summary>
public sealed class TextValueReadingTests
{
    private static readonly string[] s_dates =
    [
        "2024-05-01T12:30:45.1234567+02:00", "2024-05-01T12:30:45.1234567Z", "2024-05-01T12:30:45.1234567",
        "2024-05-01T12:30:45Z", "2024-05-01T12:30Z", "2024-05-01T12:30", "2024-05-01", "2024-02-29T00:00:00Z",
        "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.9999999Z", "2024-05-01T12:30:45.123456789Z", "2024-05-01T12:30:45.Z",
        "2024-05-01t12:30:45z", "2024-05-01 12:30:45Z", "2024-05-01T12:30:45+0200", "2024-05-01T12:30:45+02",
        "2024-05-01T12:30:45+14:00", "2024-05-01T12:30:45-14:00", "2024-05-01T12:30:45+14:01", "2024-05-01T12:30:45-00:00",
        "2024-05-01T24:00:00Z", "2024-05-01T12:60:00Z", "2024-05-01T12:30:60Z", "2023-02-29", "0000-01-01", "2024-5-1",
        "20240501T123045Z", "2024-05-01T12", "2024-05-01T", " 2024-05-01", "2024-05-01 ", "2024-05-01T12:30:45,5Z",
    ];

    private static readonly string[] s_others =
    [
        "01234567-89ab-cdef-0123-456789abcdef", "01234567-89AB-CDEF-0123-456789ABCDEF", "0123456789abcdef0123456789abcdef",
        "{01234567-89ab-cdef-0123-456789abcdef}", "(01234567-89ab-cdef-0123-456789abcdef)", " 01234567-89ab-cdef-0123-456789abcdef",
        "1.02:03:04.5000000", "1.02:03:04", "02:03:04", "02:03", "-1.02:03:04.5", "1:02:03:04", "10675199.02:48:05.4775807",
        "02:03:04.12345678", "24:00:00", "00:60:00", "5", "P1D", "a", "ab", "", "\u00e9", "1.2.3.4", "1.2", "1", "1.2.3.4.5",
        "-1.2", " 1.2", "1.2 ", "2147483648.1",
    ];

    private const string Alphabet = "0123456789-:.TZ+ tzP,";

    [Fact]
    public void Strings_of_dates_times_guids_chars_and_versions_read_as_System_Text_Json_reads_them()
    {
        var options = new JsonSerializerOptions();
        var fast = new FastFormattersSerializer(null, options);
        var failures = new List<string>();
        foreach (string text in Inputs())
        {
            byte[] document = Encoding.UTF8.GetBytes(JsonSerializer.Serialize(text));
            Compare<DateTime>(fast, options, document, failures);
            Compare<DateTimeOffset>(fast, options, document, failures);
            Compare<DateOnly>(fast, options, document, failures);
            Compare<TimeOnly>(fast, options, document, failures);
            Compare<TimeSpan>(fast, options, document, failures);
            Compare<Guid>(fast, options, document, failures);
            Compare<char>(fast, options, document, failures);
            Compare<Version>(fast, options, document, failures);
            Compare<Uri>(fast, options, document, failures);
            Compare<Dictionary<Guid, int>>(fast, options, Encoding.UTF8.GetBytes($"{{{JsonSerializer.Serialize(text)}:1}}"), failures);
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures.Distinct().Take(3000)));
    }

    private static IEnumerable<string> Inputs()
    {
        var random = new Random(20261201);
        foreach (string text in s_dates.Concat(s_others))
        {
            yield return text;
            for (int n = 0; n < 40; n++)
            {
                var mutated = new StringBuilder(text);
                int at = mutated.Length == 0 ? 0 : random.Next(mutated.Length);
                switch (random.Next(3))
                {
                    case 0 when mutated.Length > 0:
                        mutated[at] = Alphabet[random.Next(Alphabet.Length)];
                        break;
                    case 1 when mutated.Length > 0:
                        mutated.Remove(at, 1);
                        break;
                    default:
                        mutated.Insert(at, Alphabet[random.Next(Alphabet.Length)]);
                        break;
                }

                yield return mutated.ToString();
            }
        }
    }

    private static void Compare<T>(FastFormattersSerializer fast, JsonSerializerOptions options, byte[] document, List<string> failures)
        => SystemTextJsonOracle.Compare<T>(fast, options, document, Describe, failures);

    // A DateTime's kind and ticks, a DateTimeOffset's offset too: equal text can hide different values.
    private static string Describe<T>(T value) => value switch
    {
        DateTime date => $"{date.Ticks}/{date.Kind}",
        DateTimeOffset date => $"{date.Ticks}/{date.Offset}",
        TimeOnly time => time.ToString("O", System.Globalization.CultureInfo.InvariantCulture),
        Dictionary<Guid, int> keys => string.Join(",", keys.Keys),
        Uri uri => $"{uri.OriginalString}/{uri.IsAbsoluteUri}",
        null => "null",
        _ => value.ToString()!,
    };
}
