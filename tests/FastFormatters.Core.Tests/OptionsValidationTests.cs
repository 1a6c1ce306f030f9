using System.Text.Json;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Core.Tests;

/// <summary>
/// No option silently does nothing: one that the configured contract does not read fails when a serializer is built
/// from the options, naming it, and the same option under the contract that reads it is accepted.
/// </summary>
public sealed class OptionsValidationTests
{
    public static TheoryData<string> UnifiedOnly => ["NamingPolicy", "OmitNullMembers", "EnumsAsNumbers", "MaxDepth"];

    [Theory]
    [MemberData(nameof(UnifiedOnly))]
    public void An_option_of_the_unified_contract_set_under_System_Text_Json_is_refused_by_name(string option)
    {
        var error = Assert.Throws<ArgumentOutOfRangeException>(() => new FastFormattersSerializer(Set(new FastSerializerOptions(), option)));

        Assert.Contains($"Unified.{option} applies only with JsonContract = Unified", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(UnifiedOnly))]
    public void The_same_option_under_the_unified_contract_is_accepted(string option)
        => _ = new FastFormattersSerializer(Set(new FastSerializerOptions { JsonContract = JsonContractKind.Unified }, option));

    [Fact]
    public void Enums_as_strings_is_refused_where_MessagePack_follows_JSON()
    {
        var options = new FastSerializerOptions { MessagePack = { Contract = MessagePackContract.SameAsJson, EnumsAsStrings = true } };

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => new FastFormattersSerializer(options));

        Assert.Contains("MessagePack.EnumsAsStrings applies only with MessagePack.Contract = MessagePackCSharp", error.Message, StringComparison.Ordinal);
    }

    private static FastSerializerOptions Set(FastSerializerOptions options, string option)
    {
        switch (option)
        {
            case "NamingPolicy": options.Unified.NamingPolicy = JsonNamingPolicy.SnakeCaseLower; break;
            case "OmitNullMembers": options.Unified.OmitNullMembers = true; break;
            case "EnumsAsNumbers": options.Unified.EnumsAsNumbers = true; break;
            default: options.Unified.MaxDepth = 32; break;
        }

        return options;
    }
}
