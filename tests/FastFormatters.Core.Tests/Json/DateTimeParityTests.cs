using System.Text;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// <see cref="DateTime"/> text at the edges of its range, read by System.Text.Json (web defaults) and by FastFormatters:
/// both refuse the same strings, and read the same value from the others (an offset is converted to local time).
/// </summary>
public sealed class DateTimeParityTests
{
    private static readonly FastFormattersSerializer s_fast = new(null, JsonSerializerOptions.Web);

    [Theory]
    [InlineData("0001-01-01T00:30:00+01:00")]
    [InlineData("0001-01-01T00:00:00+00:30")]
    [InlineData("0001-01-01T00:30:00-01:00")]
    [InlineData("0001-01-01T00:00:00Z")]
    [InlineData("0001-01-01T00:00:00")]
    [InlineData("9999-12-31T23:30:00-01:00")]
    [InlineData("9999-12-31T23:59:59.9999999Z")]
    [InlineData("9999-12-31T23:30:00+01:00")]
    [InlineData("2024-05-01T12:30:00+02:00")]
    public void Reads_as_System_Text_Json_reads_or_refuses_as_it_refuses(string text)
    {
        string json = $"\"{text}\"";
        string? expected;
        try
        {
            expected = JsonSerializer.Deserialize<DateTime>(json, JsonSerializerOptions.Web).ToString("O");
        }
        catch (JsonException)
        {
            expected = null;
        }

        string? actual;
        try
        {
            actual = s_fast.Deserialize<DateTime>(FastFormat.Json, Encoding.UTF8.GetBytes(json)).ToString("O");
        }
        catch (FormatReadException)
        {
            actual = null;
        }

        Assert.Equal(expected, actual);
    }
}
