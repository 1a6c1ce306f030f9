using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

public sealed class EnumTests
{
    private static readonly FastSerializerOptions s_asNumbers = Options(options => options.Unified.EnumsAsNumbers = true);

    [Fact]
    public void Enums_are_written_by_name()
    {
        AssertRoundTrip(Color.Red, "\"Red\"");
        AssertRoundTrip(Color.Green, "\"Green\"");
        AssertRoundTrip(Tiny.Negative, "\"Negative\"");
        AssertRoundTrip(Huge.Max, "\"Max\"");
        AssertRoundTrip(Level.High, "\"High\"");
    }

    [Fact]
    public void Enum_member_and_json_string_enum_member_names_are_used()
    {
        AssertRoundTrip(Status.InProgress, "\"in-progress\"");
        AssertRoundTrip(Status.Done, "\"done!\"");
        // [JsonStringEnumMemberName] wins over [EnumMember] when both are given.
        AssertRoundTrip(Status.Both, "\"json-name\"");
    }

    [Fact]
    public void Flags_combinations_are_comma_separated_names()
    {
        AssertRoundTrip(Permissions.Read | Permissions.Write, "\"Read, Write\"");
        AssertRoundTrip(Permissions.Read | Permissions.Write | Permissions.Execute, "\"Read, Write, Execute\"");
        AssertRoundTrip(Permissions.None, "\"None\"");
        AssertRoundTrip(Permissions.Execute, "\"Execute\"");
        AssertRoundTrip(Styles.Bold | Styles.Italic, "\"bold, italic\"");
    }

    [Fact]
    public void Values_without_a_name_are_numbers()
    {
        AssertRoundTrip((Color)42, "42");
        AssertRoundTrip((Color)(-3), "-3");
        AssertRoundTrip((Permissions)8, "8");
        // One bit has a name and one does not: no name can describe the value.
        AssertRoundTrip((Permissions)9, "9");
        AssertRoundTrip((Styles)0, "0");
        AssertRoundTrip((Tiny)(-100), "-100");
        AssertRoundTrip((Huge)(ulong.MaxValue - 1), "18446744073709551614");
    }

    [Fact]
    public void Enums_as_numbers_option()
    {
        AssertRoundTrip(Color.Blue, "2", s_asNumbers);
        AssertRoundTrip(Status.Done, "1", s_asNumbers);
        AssertRoundTrip(Permissions.Read | Permissions.Write, "3", s_asNumbers);
        AssertRoundTrip(Tiny.Negative, "-1", s_asNumbers);
        AssertRoundTrip(Huge.Max, "18446744073709551615", s_asNumbers);
        AssertRoundTrip(Level.High, "200", s_asNumbers);
        Assert.Equal("""{"color":1,"level":200}""", Serialize(new EnumHolder { Color = Color.Green, Level = Level.High }, s_asNumbers));
    }

    [Fact]
    public void Names_are_still_read_when_writing_numbers()
    {
        Assert.Equal(Color.Blue, Deserialize<Color>("\"Blue\"", s_asNumbers));
        Assert.Equal(Permissions.Read | Permissions.Execute, Deserialize<Permissions>("\"Read, Execute\"", s_asNumbers));
    }

    [Fact]
    public void Numbers_are_read()
    {
        Assert.Equal(Color.Green, Deserialize<Color>("1"));
        Assert.Equal((Color)42, Deserialize<Color>("42"));
        Assert.Equal(Tiny.Negative, Deserialize<Tiny>("-1"));
        Assert.Equal(Tiny.Max, Deserialize<Tiny>("127"));
        Assert.Equal(Huge.Max, Deserialize<Huge>("18446744073709551615"));
        Assert.Equal(Level.High, Deserialize<Level>("200"));
        Assert.Equal(Permissions.Read | Permissions.Write, Deserialize<Permissions>("3"));
    }

    [Fact]
    public void Names_are_read_case_insensitively()
    {
        Assert.Equal(Color.Green, Deserialize<Color>("\"green\""));
        Assert.Equal(Color.Green, Deserialize<Color>("\"GREEN\""));
        Assert.Equal(Status.InProgress, Deserialize<Status>("\"IN-PROGRESS\""));
        Assert.Equal(Status.Done, Deserialize<Status>("\"Done!\""));
        Assert.Equal(Status.Both, Deserialize<Status>("\"JSON-NAME\""));
        Assert.Equal(Permissions.Read | Permissions.Write, Deserialize<Permissions>("\"write, READ\""));
        Assert.Equal(Permissions.Read | Permissions.Write, Deserialize<Permissions>("\"Read,Write\""));
        Assert.Equal(Styles.Bold | Styles.Italic, Deserialize<Styles>("\"Italic, BOLD\""));
    }

    [Fact]
    public void Aliases_write_the_first_declared_name_and_read_every_name()
    {
        AssertRoundTrip(Alias.First, "\"First\"");
        Assert.Equal("\"First\"", Serialize(Alias.Second));
        Assert.Equal(Alias.First, Deserialize<Alias>("\"Second\""));
    }

    [Fact]
    public void Escaped_names_are_read()
        => Assert.Equal(Color.Red, Deserialize<Color>("\"\\u0052ed\""));

    [Theory]
    [InlineData("\"Purple\"")]
    [InlineData("\"\"")]
    [InlineData("\" Green\"")]
    [InlineData("\"Red, Green\"")]
    [InlineData("1.5")]
    [InlineData("1e0")]
    [InlineData("2147483648")]
    [InlineData("null")]
    [InlineData("true")]
    [InlineData("[]")]
    public void Colors_reject(string json) => ReadFails<Color>(json);

    [Theory]
    [InlineData("128")]
    [InlineData("-129")]
    public void Signed_byte_enums_reject_out_of_range_numbers(string json) => ReadFails<Tiny>(json);

    [Theory]
    [InlineData("-1")]
    [InlineData("256")]
    public void Byte_enums_reject_out_of_range_numbers(string json) => ReadFails<Level>(json);

    [Theory]
    [InlineData("\"Read, Purple\"")]
    [InlineData("\"Read,,Write\"")]
    [InlineData("\"Read,\"")]
    public void Flags_reject_unknown_parts(string json) => ReadFails<Permissions>(json);

    [Fact]
    public void Nullable_enums()
    {
        Assert.Null(Deserialize<Color?>("null"));
        Assert.Equal(Color.Red, Deserialize<Color?>("\"red\""));
        Assert.Equal(Color.Red, Deserialize<Color?>("0"));
    }

    [Fact]
    public void Enum_members_of_objects()
    {
        var holder = new EnumHolder { Color = Color.Blue, Level = Level.Low, Optional = Permissions.Write };
        var read = RoundTrip(holder, """{"color":"Blue","level":"Low","optional":"Write"}""");
        Assert.Equal(Color.Blue, read.Color);
        Assert.Equal(Level.Low, read.Level);
        Assert.Equal(Permissions.Write, read.Optional);

        var error = ReadFails<EnumHolder>("""{"color":"Blue","level":"Middle"}""");
        Assert.Equal("$.level", error.Path);
    }
}

public enum Alias
{
    First = 1,
    Second = 1,
}

public sealed class EnumHolder
{
    public Color Color { get; set; }

    public Level Level { get; set; }

    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public Permissions? Optional { get; set; }
}
