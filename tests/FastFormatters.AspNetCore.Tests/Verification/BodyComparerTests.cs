using System.Text;
using FastFormatters.Verification;

namespace FastFormatters.AspNetCore.Tests.Verification;

/// <summary>
/// The verify mode compares bodies as a client reads them: in JSON, member order, escaping, number spelling and JMC1's
/// comments are not differences, and in MessagePack an integer's width is not; anything a client would read as other
/// data is, reported at its path with both values.
/// </summary>
public sealed class BodyComparerTests
{
    [Theory]
    [InlineData("""{"a":1,"b":"x"}""", """{"b":"x","a":1}""")]
    [InlineData("""{"name":"é<&>"}""", """{"name":"\u00e9\u003c\u0026\u003e"}""")]
    [InlineData("""[1.0,1E+20,-0.50]""", """[1,100000000000000000000,-0.5]""")]
    [InlineData("""/*JMC1*//*2*/{"a":/*1*/[true],"b":null}""", """{"a":[true],"b":null}""")]
    [InlineData("""{"n":1,"m":0,"n":2}""", """{"m":0,"n":1,"n":2}""")]
    [InlineData("""[340282366920938463463374607431768211455,-0,1.5e2,0.30000000000000004]""", """[3.40282366920938463463374607431768211455E+38,0,150.0,0.300000000000000044]""")]
    public void JSON_that_reads_as_the_same_data_is_the_same(string ours, string reference)
        => Assert.Null(JsonBodyComparer.Compare(Encoding.UTF8.GetBytes(ours), Encoding.UTF8.GetBytes(reference)));

    [Theory]
    [InlineData("""{"a":{"b":[1,2]}}""", """{"a":{"b":[1,3]}}""", "$.a.b[1]", "2", "3")]
    [InlineData("""{"a":1}""", """{"a":1,"b.c":2}""", "$['b.c']", BodyDifference.Absent, "2")]
    [InlineData("""{"a":"1"}""", """{"a":1}""", "$.a", "\"1\"", "1")]
    [InlineData("""[1,2,3]""", """[1,2]""", "$[2]", "3", BodyDifference.Absent)]
    [InlineData("""{"a":true}""", """{"a":false}""", "$.a", "true", "false")]
    [InlineData("""{"n":2,"n":1}""", """{"n":1,"n":2}""", "$.n", "2", "1")]
    [InlineData("""{"n":1}""", """{"n":1,"n":2}""", "$.n", BodyDifference.Absent, "2")]
    [InlineData("""[340282366920938463463374607431768211454]""", """[340282366920938463463374607431768211455]""", "$[0]", "340282366920938463463374607431768211454", "340282366920938463463374607431768211455")]
    [InlineData("""[1E+30]""", """[1000000000000000000000000000001]""", "$[0]", "1E+30", "1000000000000000000000000000001")]
    [InlineData("""[9007199254740993]""", """[9007199254740992]""", "$[0]", "9007199254740993", "9007199254740992")]
    public void JSON_that_reads_as_other_data_differs_at_its_path(string ours, string reference, string path, string oursValue, string referenceValue)
        => Assert.Equal(new BodyDifference(path, oursValue, referenceValue), JsonBodyComparer.Compare(Encoding.UTF8.GetBytes(ours), Encoding.UTF8.GetBytes(reference)));

    [Fact]
    public void A_body_of_ours_that_cannot_be_read_is_a_difference_at_the_root()
    {
        var json = JsonBodyComparer.Compare(Encoding.UTF8.GetBytes("""{"a":1"""), Encoding.UTF8.GetBytes("""{"a":1}"""));
        Assert.Equal("$", json?.Path);
        Assert.StartsWith("a body that is not JSON", json?.Ours, StringComparison.Ordinal);

        // A map header promising an entry that is not there, and one value followed by a stray byte.
        Assert.Equal("$", MessagePackBodyComparer.Compare([0x81, 0xa1, (byte)'n'], [0x81, 0xa1, (byte)'n', 0x01])?.Path);
        Assert.Equal("$", MessagePackBodyComparer.Compare([0x01, 0x02], [0x01])?.Path);
    }

    [Fact]
    public void MessagePack_integers_of_other_widths_are_the_same()
    {
        // {"n": 5} with 5 as a positive fixint, and as an int32.
        byte[] compact = [0x81, 0xa1, (byte)'n', 0x05];
        byte[] wide = [0x81, 0xa1, (byte)'n', 0xd2, 0, 0, 0, 5];
        Assert.Null(MessagePackBodyComparer.Compare(compact, wide));
    }

    [Fact]
    public void MessagePack_values_a_client_reads_otherwise_differ_at_their_path()
    {
        // {"n": [5]} against {"n": [5.0]}: an integer where the reference writes a float.
        byte[] ours = [0x81, 0xa1, (byte)'n', 0x91, 0x05];
        byte[] reference = [0x81, 0xa1, (byte)'n', 0x91, 0xcb, 0x40, 0x14, 0, 0, 0, 0, 0, 0];
        Assert.Equal(new BodyDifference("$.n[0]", "5", "5 (float)"), MessagePackBodyComparer.Compare(ours, reference));

        // {"n": 1} against {"m": 1}: another key, named as the reference's member ours lacks.
        Assert.Equal(new BodyDifference("$.m", BodyDifference.Absent, "1"), MessagePackBodyComparer.Compare([0x81, 0xa1, (byte)'n', 0x01], [0x81, 0xa1, (byte)'m', 0x01]));
    }

    [Fact]
    public void A_MessagePack_member_only_one_side_has_is_named()
    {
        // {"a": 1, "c": 3} against {"a": 1, "b": 2, "c": 3}: "b" missing in the middle.
        byte[] withoutB = [0x82, 0xa1, (byte)'a', 0x01, 0xa1, (byte)'c', 0x03];
        byte[] withB = [0x83, 0xa1, (byte)'a', 0x01, 0xa1, (byte)'b', 0x02, 0xa1, (byte)'c', 0x03];
        Assert.Equal(new BodyDifference("$.b", BodyDifference.Absent, "2"), MessagePackBodyComparer.Compare(withoutB, withB));
        Assert.Equal(new BodyDifference("$.b", "2", BodyDifference.Absent), MessagePackBodyComparer.Compare(withB, withoutB));

        // {"a": 1} against {"a": 1, "b": 2}: "b" missing at the end.
        byte[] onlyA = [0x81, 0xa1, (byte)'a', 0x01];
        byte[] aAndB = [0x82, 0xa1, (byte)'a', 0x01, 0xa1, (byte)'b', 0x02];
        Assert.Equal(new BodyDifference("$.b", BodyDifference.Absent, "2"), MessagePackBodyComparer.Compare(onlyA, aAndB));
        Assert.Equal(new BodyDifference("$.b", "2", BodyDifference.Absent), MessagePackBodyComparer.Compare(aAndB, onlyA));

        // The same keys in another order are a difference of keys.
        byte[] bThenA = [0x82, 0xa1, (byte)'b', 0x02, 0xa1, (byte)'a', 0x01];
        Assert.Equal(new BodyDifference("$.a", "key \"a\"", "key \"b\""), MessagePackBodyComparer.Compare(aAndB, bThenA));

        // [1, "x"] against [1, "x", true]: an object of [Key(int)] members missing its third.
        Assert.Equal(new BodyDifference("$[2]", BodyDifference.Absent, "true"), MessagePackBodyComparer.Compare([0x92, 0x01, 0xa1, (byte)'x'], [0x93, 0x01, 0xa1, (byte)'x', 0xc3]));
    }
}
