using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;

namespace FastFormatters.Compatibility.Tests;

/// <summary>Checks on the matrix itself, so the other tests' claims about it hold.</summary>
public sealed class SampleCatalogTests
{
    // Top-level scalars and the tiny undefined-enum object: under 64 bytes, so MessagePack-CSharp never compresses them.
    private static readonly string[] s_tooSmallToCompress =
    [
        "UndefinedEnumValue", "DateTime", "DateTimeOffset", "TimeSpan", "TimeOnly", "DateOnly", "char", "decimal", "Guid", "OrderStatus enum",
        "Nullable<int>", "string", "Tuple<int,string>", "ValueTuple<int,string>", "KeyValuePair<string,int>", "Dictionary<int,string>",
        "HashSet<string>", "object (boxed values)", "ReadOnlyMemory<int>",
    ];

    public static TheoryData<string> Names() => [.. SampleCatalog.All.Select(sample => sample.Name)];

    [Theory]
    [MemberData(nameof(Names))]
    public void MessagePack_CSharp_writes_the_value_again_unchanged_after_reading_it(string sampleName)
    {
        // So "the echo equals what MessagePack-CSharp writes for the value" and "…for what it read" are the same claim.
        var sample = SampleCatalog.Get(sampleName);
        WireAssert.Identical(sample.Serialize(), sample.ReferenceEcho(), sampleName + " after a MessagePack-CSharp round trip");
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Every_object_sample_is_large_enough_for_MessagePack_CSharp_to_compress(string sampleName)
    {
        var sample = SampleCatalog.Get(sampleName);
        bool expected = !s_tooSmallToCompress.Contains(sampleName);
        Assert.True(expected == sample.IsCompressedByMessagePackCSharp, $"{sampleName} is {sample.Serialize().Length} bytes; expected MessagePack-CSharp {(expected ? "to" : "not to")} compress it.");
    }

    [Fact]
    public void Sample_names_are_unique()
        => Assert.Equal(SampleCatalog.All.Count, SampleCatalog.All.Select(sample => sample.Name).Distinct().Count());
}
