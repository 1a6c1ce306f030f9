using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// <c>o.MessagePack.EnumsAsStrings</c> against MessagePack-CSharp's DynamicEnumAsStringResolver (composed before
/// StandardResolver): names, <c>[EnumMember]</c> values, flag combinations and undefined values alike; and both servers
/// reading either form.
/// </summary>
public sealed class EnumAsStringTests : IClassFixture<EnumsAsStringsServer>, IClassFixture<DefaultServer>
{
    public static readonly MessagePackSerializerOptions EnumAsString =
        MessagePackSerializerOptions.Standard.WithResolver(CompositeResolver.Create(DynamicEnumAsStringResolver.Instance, StandardResolver.Instance));

    private static readonly string[] s_enumSamples = ["EnumValues", "UndefinedEnumValue", "OrderStatus enum"];

    private readonly HttpClient _byName;
    private readonly HttpClient _byNumber;

    public EnumAsStringTests(EnumsAsStringsServer byName, DefaultServer byNumber)
    {
        _byName = byName.Client;
        _byNumber = byNumber.Client;
    }

    public static TheoryData<string, EndpointKind> Cases() => CasesOf(s_enumSamples);

    // ObjectSlots too: a boxed enum in an object member stays a number under DynamicEnumAsStringResolver.
    public static TheoryData<string, EndpointKind> WritingCases() => CasesOf([.. s_enumSamples, "ObjectSlots"]);

    private static TheoryData<string, EndpointKind> CasesOf(string[] sampleNames)
    {
        var cases = new TheoryData<string, EndpointKind>();
        foreach (string name in sampleNames)
        {
            foreach (var endpoint in Enum.GetValues<EndpointKind>())
            {
                cases.Add(name, endpoint);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task EnumsAsStrings_echo_matches_DynamicEnumAsStringResolver(string sampleName, EndpointKind endpoint)
    {
        var sample = ByName(sampleName);
        byte[] expected = sample.ReferenceEcho();

        var reply = await MessagePackHttp.PostAsync(_byName, Routes.Echo(endpoint, sample.RouteKey), sample.Serialize(), MessagePackHttp.MediaType);

        WireAssert.Status(200, reply, sampleName);
        WireAssert.Identical(expected, reply.Body, $"{sampleName} echoed by {endpoint} with EnumsAsStrings");
        WireAssert.Identical(expected, sample.Reserialize(sample.Deserialize(reply.Body)), $"{sampleName} read back with DynamicEnumAsStringResolver");
    }

    [Theory]
    [MemberData(nameof(WritingCases))]
    public async Task EnumsAsStrings_server_writes_its_own_values_as_DynamicEnumAsStringResolver_does(string sampleName, EndpointKind endpoint)
    {
        var sample = ByName(sampleName);

        var reply = await MessagePackHttp.GetAsync(_byName, Routes.Sample(endpoint, sample.RouteKey, sampleName), MessagePackHttp.MediaType);

        WireAssert.Status(200, reply, sampleName);
        WireAssert.Identical(sample.Serialize(), reply.Body, $"{sampleName} written by {endpoint} with EnumsAsStrings");
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task EnumsAsStrings_server_reads_numbers_and_answers_names(string sampleName, EndpointKind endpoint)
    {
        var byNumber = SampleCatalog.Get(sampleName);

        var reply = await MessagePackHttp.PostAsync(_byName, Routes.Echo(endpoint, byNumber.RouteKey), byNumber.Serialize(), MessagePackHttp.MediaType);

        WireAssert.Status(200, reply, sampleName);
        WireAssert.Identical(ByName(sampleName).ReferenceEcho(), reply.Body, $"{sampleName} sent as numbers, echoed by {endpoint} with EnumsAsStrings");
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Default_server_reads_names_and_answers_numbers(string sampleName, EndpointKind endpoint)
    {
        var byName = ByName(sampleName);

        var reply = await MessagePackHttp.PostAsync(_byNumber, Routes.Echo(endpoint, byName.RouteKey), byName.Serialize(), MessagePackHttp.MediaType);

        WireAssert.Status(200, reply, sampleName);
        WireAssert.Identical(SampleCatalog.Get(sampleName).ReferenceEcho(), reply.Body, $"{sampleName} sent as names, echoed by {endpoint} with enums as numbers");
    }

    private static CompatibilitySample ByName(string sampleName)
    {
        var sample = SampleCatalog.Get(sampleName);
        return new CompatibilitySample(sample.Name, sample.Type, sample.Value, EnumAsString);
    }
}
