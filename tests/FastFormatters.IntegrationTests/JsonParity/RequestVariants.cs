using System.Text.Json;
using System.Text.Json.Nodes;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The request bodies of the matrix, each made from the document the built-in formatter wrote for the same option set
/// (what a client would send back), so every option set gets bodies in its own naming, number and enum forms.
/// </summary>
public static class RequestVariants
{
    /// <summary>The document unchanged.</summary>
    public const string AsSent = "as-sent";

    /// <summary>Every member name upper-cased: matched under case-insensitive options, unknown under case-sensitive ones.</summary>
    public const string UpperCaseNames = "upper-case-names";

    /// <summary>Every JSON number sent as a string, as AllowReadingFromString permits.</summary>
    public const string NumbersAsStrings = "numbers-as-strings";

    /// <summary>
    /// Every JSON number sent as a string with two zeros before its digits (<c>"0042"</c>, <c>"-001.5"</c>): a form the
    /// JSON grammar has no number for but AllowReadingFromString's parser takes.
    /// </summary>
    public const string ZeroPaddedNumbersAsStrings = "zero-padded-numbers-as-strings";

    /// <summary>A member the type does not have, at the top level: skipped, extension data, or a 400 under Disallow.</summary>
    public const string UnknownMember = "unknown-member";

    /// <summary><c>{}</c>: every member missing, required ones included.</summary>
    public const string EmptyObject = "empty-object";

    /// <summary>Every top-level member <c>null</c>.</summary>
    public const string NullMembers = "null-members";

    /// <summary>The variants that change something in this model's documents.</summary>
    public static IEnumerable<string> For(ParityCase entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        var node = JsonNode.Parse(JsonSerializer.Serialize(entry.Sample(), entry.Type, JsonSerializerOptions.Web));
        var all = Descendants(node).ToList();
        yield return AsSent;
        if (all.Exists(item => item is JsonObject))
        {
            yield return UpperCaseNames;
        }

        if (all.Exists(item => item is JsonValue value && value.GetValueKind() == JsonValueKind.Number))
        {
            yield return NumbersAsStrings;
            yield return ZeroPaddedNumbersAsStrings;
        }

        if (node is JsonObject)
        {
            yield return UnknownMember;
            yield return EmptyObject;
            yield return NullMembers;
        }
    }

    public static string Apply(string variant, string json)
    {
        var node = JsonNode.Parse(json);
        return variant switch
        {
            AsSent => json,
            UpperCaseNames => Transform(node, upperCaseNames: true, NumberForm.Number)!.ToJsonString(),
            NumbersAsStrings => Transform(node, upperCaseNames: false, NumberForm.String)!.ToJsonString(),
            ZeroPaddedNumbersAsStrings => Transform(node, upperCaseNames: false, NumberForm.ZeroPaddedString)!.ToJsonString(),
            UnknownMember => WithUnknownMember((JsonObject)node!),
            EmptyObject => "{}",
            NullMembers => new JsonObject(((JsonObject)node!).Select(property => KeyValuePair.Create(property.Key, (JsonNode?)null))).ToJsonString(),
            _ => throw new ArgumentOutOfRangeException(nameof(variant), variant, null),
        };
    }

    private static string WithUnknownMember(JsonObject node)
    {
        node["unknownMember"] = new JsonObject { ["nested"] = new JsonArray(1, "x") };
        return node.ToJsonString();
    }

    private enum NumberForm
    {
        Number,
        String,
        ZeroPaddedString,
    }

    private static JsonNode? Transform(JsonNode? node, bool upperCaseNames, NumberForm numbers) => node switch
    {
        JsonObject obj => new JsonObject(obj.Select(property => KeyValuePair.Create(
            upperCaseNames ? property.Key.ToUpperInvariant() : property.Key,
            Transform(property.Value, upperCaseNames, numbers)))),
        JsonArray array => new JsonArray([.. array.Select(item => Transform(item, upperCaseNames, numbers))]),
        JsonValue value when numbers != NumberForm.Number && value.GetValueKind() == JsonValueKind.Number => JsonValue.Create(
            numbers == NumberForm.String ? value.ToJsonString() : ZeroPadded(value.ToJsonString())),
        _ => node?.DeepClone(),
    };

    private static string ZeroPadded(string number)
        => number.StartsWith('-') ? "-00" + number[1..] : "00" + number;

    private static IEnumerable<JsonNode?> Descendants(JsonNode? node)
    {
        yield return node;
        IEnumerable<JsonNode?> children = node switch
        {
            JsonObject obj => obj.Select(property => property.Value),
            JsonArray array => array,
            _ => [],
        };
        foreach (var child in children)
        {
            foreach (var descendant in Descendants(child))
            {
                yield return descendant;
            }
        }
    }
}
