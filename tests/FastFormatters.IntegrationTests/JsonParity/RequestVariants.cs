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
            UpperCaseNames => Transform(node, upperCaseNames: true, numbersAsStrings: false)!.ToJsonString(),
            NumbersAsStrings => Transform(node, upperCaseNames: false, numbersAsStrings: true)!.ToJsonString(),
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

    private static JsonNode? Transform(JsonNode? node, bool upperCaseNames, bool numbersAsStrings) => node switch
    {
        JsonObject obj => new JsonObject(obj.Select(property => KeyValuePair.Create(
            upperCaseNames ? property.Key.ToUpperInvariant() : property.Key,
            Transform(property.Value, upperCaseNames, numbersAsStrings)))),
        JsonArray array => new JsonArray([.. array.Select(item => Transform(item, upperCaseNames, numbersAsStrings))]),
        JsonValue value when numbersAsStrings && value.GetValueKind() == JsonValueKind.Number => JsonValue.Create(value.ToJsonString()),
        _ => node?.DeepClone(),
    };

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
