using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// The "same data in every format" invariant, checked with the real packages: a MessagePack body must be byte for
/// byte what MessagePack-CSharp (ContractlessStandardResolver, as a .NET client with the same DTOs uses it) writes for
/// the object the JSON body of the same request describes. The JSON is read by System.Text.Json with the names the
/// JSON contract gives (<c>[DataMember(Name)]</c>, else camelCase) and enums by name.
/// </summary>
public static class MessagePackCSharpCheck
{
    public static readonly MessagePackSerializerOptions Contractless = ContractlessStandardResolver.Options;

    private static readonly JsonSerializerOptions s_json = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter() },
        TypeInfoResolver = new DefaultJsonTypeInfoResolver { Modifiers = { UseDataMemberNames } },
    };

    public static void AssertSameData(Type type, byte[] json, byte[] messagePack, string what)
    {
        var value = JsonSerializer.Deserialize(json, type, s_json);
        byte[] expected = MessagePackSerializer.Serialize(type, value, Contractless);
        int differsAt = expected.AsSpan().CommonPrefixLength(messagePack);
        Assert.True(
            differsAt == expected.Length && expected.Length == messagePack.Length,
            $"{what}: MessagePack differs from MessagePack-CSharp's encoding of the JSON's data at byte {differsAt} of {expected.Length} "
            + $"(ours {messagePack.Length} bytes): expected …{Hex(expected, differsAt)}…, got …{Hex(messagePack, differsAt)}…");
    }

    private static string Hex(byte[] bytes, int at) => Convert.ToHexString(bytes.AsSpan(Math.Max(0, at - 8), Math.Min(24, bytes.Length - Math.Max(0, at - 8))));

    private static void UseDataMemberNames(JsonTypeInfo typeInfo)
    {
        foreach (var property in typeInfo.Properties)
        {
            if (property.AttributeProvider is MemberInfo member && member.GetCustomAttribute<DataMemberAttribute>() is { IsNameSetExplicitly: true } dataMember)
            {
                property.Name = dataMember.Name!;
            }
        }
    }
}
