using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// Values spelled in JSON strings (integer dictionary keys, numbers under <c>AllowReadingFromString</c>, GUIDs, dates
/// with offsets) are read as strictly as System.Text.Json reads them. .NET's own parsers are more lenient: they skip a
/// NUL after a number's digits and white space around a GUID or a decimal, and read an offset spelled <c>+0200</c>,
/// <c>+0:00</c> or <c>-5:00</c>. The mutated-bytes differential test found each as a body only FastFormatters accepted
/// (it read <c>"10\u0000"</c> as the key 10).
/// </summary>
public sealed class StringFormParityTests
{
    private static readonly JsonSerializerOptions s_options = new(JsonSerializerDefaults.Web);
    private static readonly FastFormattersSerializer s_fast = new(null, s_options);

    public static TheoryData<string, Type> Documents() => new()
    {
        { """{"10\u0000":"ten"}""", typeof(Dictionary<int, string>) },
        { """{"10\u0000\u0000":"ten"}""", typeof(Dictionary<long, string>) },
        { "\"10\\u0000\"", typeof(int) },
        { "\"1.5\\u0000\"", typeof(decimal) },
        { "\" 1.5\"", typeof(decimal) },
        { "\"1.5\\n\"", typeof(decimal) },
        { "\" 0f8fad5b-d9cb-469f-a165-70867728950e\"", typeof(Guid) },
        { "\"0f8fad5b-d9cb-469f-a165-70867728950e \"", typeof(Guid) },
        { "\"2024-05-01T12:30:00+0200\"", typeof(DateTimeOffset) },
        { "\"2024-05-01T12:30:00-0:00\"", typeof(DateTimeOffset) },
        { "\"2024-05-01T12:30:00-5:00\"", typeof(DateTime) },
        { "\"2024-05-01T12:30:00.1234567+2\"", typeof(DateTimeOffset) },

        // What both read.
        { """{"10":"ten","-3":"minus three"}""", typeof(Dictionary<int, string>) },
        { "\"10\"", typeof(int) },
        { "\"-1.5e2\"", typeof(decimal) },
        { "\"0f8fad5b-d9cb-469f-a165-70867728950e\"", typeof(Guid) },
        { "\"2024-05-01T12:30:00-05:00\"", typeof(DateTimeOffset) },
        { "\"2024-05-01T12:30:00.5+14:00\"", typeof(DateTime) },
        { "\"2024-05-01T12:30:00Z\"", typeof(DateTimeOffset) },
        { "\"2024-05-01\"", typeof(DateTimeOffset) },
    };

    [Theory]
    [MemberData(nameof(Documents))]
    public void A_number_in_a_string_is_read_or_refused_as_System_Text_Json_reads_or_refuses_it(string json, Type type)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(json);
        string? reference = Read(() => JsonSerializer.Deserialize(utf8, type, s_options), type);
        string? ours = Read(() => s_fast.Deserialize(FastFormat.Json, utf8, type), type);

        Assert.Equal(reference, ours);
    }

    // What was read, written by System.Text.Json, or null when the document was refused.
    private static string? Read(Func<object?> read, Type type)
    {
        try
        {
            return JsonSerializer.Serialize(read(), type, s_options);
        }
        catch (Exception ex) when (ex is JsonException or FormatReadException)
        {
            return null;
        }
    }
}
