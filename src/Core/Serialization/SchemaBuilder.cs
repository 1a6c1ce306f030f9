using System.Text;
using System.Text.Json.Nodes;

namespace FastFormatters.Serialization;

/// <summary>
/// Builds the JSON Schema (draft 2020-12) of what one resolver's converters write: each converter describes its own
/// output (<see cref="ValueConverter.DescribeSchema"/>), so the schema follows the wire by construction. Objects,
/// unions and enums become named definitions under <c>$defs</c>, referenced where used, so recursive types terminate.
/// MessagePack is described in its decoded form: maps as objects (keys as strings), binary as base64 strings,
/// timestamps as date-time strings, NaN and infinities as the strings JSON uses.
/// </summary>
internal sealed class SchemaBuilder
{
    private readonly ConverterResolver _resolver;
    private readonly Dictionary<Type, string> _names = [];
    private readonly HashSet<string> _usedNames = new(StringComparer.Ordinal);
    private readonly JsonObject _definitions = [];

    /// <param name="resolver">The resolver whose converters are described.</param>
    /// <param name="messagePack">Whether the format is MessagePack (else JSON or JMC1, which carry the same data).</param>
    /// <param name="nameSuffix">Appended to every definition's name, so two formats' definitions can share a document.</param>
    public SchemaBuilder(ConverterResolver resolver, bool messagePack, string nameSuffix)
    {
        _resolver = resolver;
        IsMessagePack = messagePack;
        NameSuffix = nameSuffix;
    }

    /// <summary>Whether MessagePack is described (else JSON).</summary>
    public bool IsMessagePack { get; }

    public string NameSuffix { get; }

    /// <summary>The named definitions built so far, by name.</summary>
    public JsonObject Definitions => _definitions;

    /// <summary>Whether <paramref name="type"/> has a converter.</summary>
    public bool CanDescribe(Type type) => _resolver.CanWrite(type);

    /// <summary>The element type of a response body of <paramref name="type"/> that is streamed element by element, or null.</summary>
    public Type? StreamedElementType(Type type) => _resolver.StreamedElementType(type);

    /// <summary>The schema of <paramref name="type"/> as its converter writes it.</summary>
    public JsonObject Describe(Type type) => _resolver.GetConverter(type).DescribeSchema(this);

    /// <summary>A reference to the definition of <paramref name="type"/>, built by <paramref name="build"/> the first time.</summary>
    public JsonObject Reference(Type type, Func<SchemaBuilder, JsonObject> build)
    {
        if (!_names.TryGetValue(type, out var name))
        {
            name = UniqueName(type);
            _names.Add(type, name);

            // The name is taken before the definition is built, so a type that contains itself refers to itself.
            _definitions[name] = null;
            _definitions[name] = build(this);
        }

        return new JsonObject { ["$ref"] = "#/$defs/" + name };
    }

    /// <summary>A self-contained document: the root schema with every definition it uses under <c>$defs</c>.</summary>
    public JsonObject Document(Type type)
    {
        var root = Describe(type);
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema";
        if (_definitions.Count > 0)
        {
            root["$defs"] = _definitions.DeepClone();
        }

        return root;
    }

    /// <summary><paramref name="schema"/> or null.</summary>
    public static JsonObject OrNull(JsonObject schema)
    {
        switch (schema["type"])
        {
            case JsonValue single when single.GetValue<string>() != "null":
                schema["type"] = new JsonArray(single.GetValue<string>(), "null");
                return schema;
            case JsonArray types when !types.Any(t => t?.GetValue<string>() == "null"):
                types.Add((JsonNode?)JsonValue.Create("null"));
                return schema;
            case null when schema.Count == 0:
                return schema;
            case null:
                return new JsonObject { ["anyOf"] = new JsonArray(schema, new JsonObject { ["type"] = "null" }) };
            default:
                return schema;
        }
    }

    /// <summary>A schema of one JSON type, with an optional format.</summary>
    public static JsonObject Of(string type, string? format = null)
    {
        var schema = new JsonObject { ["type"] = type };
        if (format is not null)
        {
            schema["format"] = format;
        }

        return schema;
    }

    /// <summary>A fixed-length array whose items have the given schemas in order.</summary>
    public static JsonObject Tuple(params JsonObject[] items)
        => new()
        {
            ["type"] = "array",
            ["prefixItems"] = new JsonArray([.. items]),
            ["minItems"] = items.Length,
            ["maxItems"] = items.Length,
        };

    private string UniqueName(Type type)
    {
        string baseName = Name(type) + NameSuffix;
        string name = baseName;
        for (int i = 2; !_usedNames.Add(name); i++)
        {
            name = baseName + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        return name;
    }

    // Component names allow letters, digits, '.', '-' and '_': List`1[Order] is ListOfOrder.
    private static string Name(Type type)
    {
        if (!type.IsGenericType)
        {
            return type.IsNested ? Name(type.DeclaringType!) + type.Name : type.Name;
        }

        var name = new StringBuilder(type.Name, 0, type.Name.IndexOf('`', StringComparison.Ordinal) is var tick and >= 0 ? tick : type.Name.Length, 64);
        name.Append("Of");
        var arguments = type.GetGenericArguments();
        for (int i = 0; i < arguments.Length; i++)
        {
            name.Append(i == 0 ? "" : "And").Append(Name(arguments[i]));
        }

        return name.ToString();
    }
}
