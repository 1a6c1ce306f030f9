using System.Buffers;
using System.Text.Json.Nodes;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using NJsonSchema;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// <see cref="FastFormattersSerializer.GetJsonSchema"/> against the bytes the same serializer writes: every value, in
/// JSON and in MessagePack (decoded), is valid against the schema declared for its type, and a value of another shape
/// is not — the schemas say what the wire holds, not merely something.
/// </summary>
public sealed class DeclaredSchemaTests
{
    private static readonly FastFormattersSerializer s_serializer = new();

    public static TheoryData<string, string> Cases()
    {
        var data = new TheoryData<string, string>();
        foreach (var sample in SampleCatalog.All)
        {
            data.Add(sample.Name, "json");
            data.Add(sample.Name, "msgpack");
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_sample_is_valid_against_the_schema_declared_for_its_type(string sampleName, string format)
    {
        var sample = SampleCatalog.Get(sampleName);
        var errors = await ValidateAsync(format, sample.Value, sample.Type);
        Assert.True(errors.Count == 0, string.Join("; ", errors));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task A_value_of_another_shape_is_not(string sampleName, string format)
    {
        var sample = SampleCatalog.Get(sampleName);
        var instance = JsonNode.Parse(Encode(format, sample.Value, sample.Type));
        // object is written by each value's runtime type: its schema is open, any value.
        if (instance is JsonObject or JsonArray && sample.Type != typeof(object))
        {
            var schema = await Compile(s_serializer.GetJsonSchema(format == "json" ? FastFormat.Json : FastFormat.MessagePack, sample.Type));
            Assert.NotEmpty(schema.Validate("\"not the value\""));
            Assert.NotEmpty(schema.Validate(instance is JsonObject ? "[]" : "{}"));
        }
    }

    [Fact]
    public void MessagePack_and_JSON_declare_their_own_forms()
    {
        var keyed = s_serializer.GetJsonSchema(FastFormat.MessagePack, typeof(Models.IntKeyedOrder));
        Assert.Equal("array", keyed["$defs"]!["IntKeyedOrder"]!["type"]!.GetValue<string>());
        Assert.Equal("object", s_serializer.GetJsonSchema(FastFormat.Json, typeof(Models.IntKeyedOrder))["$defs"]!["IntKeyedOrder"]!["type"]!.GetValue<string>());
        Assert.Equal("string", s_serializer.GetJsonSchema(FastFormat.MessagePack, typeof(decimal))["type"]!.GetValue<string>());
        Assert.Equal("number", s_serializer.GetJsonSchema(FastFormat.Json, typeof(decimal))["type"]!.GetValue<string>());
        Assert.Equal("integer", s_serializer.GetJsonSchema(FastFormat.MessagePack, typeof(char))["type"]!.GetValue<string>());
    }

    private static async Task<List<string>> ValidateAsync(string format, object? value, Type type)
    {
        var fastFormat = format == "json" ? FastFormat.Json : FastFormat.MessagePack;
        var schema = await Compile(s_serializer.GetJsonSchema(fastFormat, type));
        string instance = WithinInt64(JsonNode.Parse(Encode(format, value, type)))?.ToJsonString() ?? "null";
        return [.. schema.Validate(instance).Select(error => $"{error.Path}: {error.Kind} in {instance}")];
    }

    private static string Encode(string format, object? value, Type type)
    {
        var buffer = new ArrayBufferWriter<byte>();
        if (format == "json")
        {
            s_serializer.Serialize(FastFormat.Json, buffer, value, type);
            return System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan);
        }

        s_serializer.Serialize(FastFormat.MessagePack, buffer, value, type);
        return DecodedMessagePack.ToJson(buffer.WrittenSpan.ToArray())?.ToJsonString() ?? "null";
    }

    // NJsonSchema converts every number it validates to decimal and fails on integers beyond Int64 (ulong.MaxValue, decimal.MaxValue): those
    // are validated as Int64.MaxValue, still an integer, so only the validator's range changes.
    private static JsonNode? WithinInt64(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (key, value) in obj.ToList())
                {
                    obj[key] = WithinInt64(value?.DeepClone());
                }

                return obj;
            case JsonArray array:
                for (int i = 0; i < array.Count; i++)
                {
                    array[i] = WithinInt64(array[i]?.DeepClone());
                }

                return array;
            case JsonValue number when number.GetValueKind() == System.Text.Json.JsonValueKind.Number && !number.TryGetValue<long>(out _) && number.ToJsonString().All(char.IsAsciiDigit):
                return JsonValue.Create(long.MaxValue);
            default:
                return node;
        }
    }

    // NJsonSchema reads draft 4 to 7: $defs become definitions, prefixItems the tuple form of items.
    private static Task<JsonSchema> Compile(JsonObject schema)
    {
        string draft7 = Draft7(schema.DeepClone()).ToJsonString()
            .Replace("#/$defs/", "#/definitions/", StringComparison.Ordinal);
        return JsonSchema.FromJsonAsync(draft7);
    }

    private static JsonNode Draft7(JsonNode node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (key, value) in obj.ToList())
                {
                    obj.Remove(key);
                    obj[key switch { "$defs" => "definitions", "prefixItems" => "items", "$schema" => "$comment", _ => key }] = value is null ? null : Draft7(value);
                }

                return obj;
            case JsonArray array:
                for (int i = 0; i < array.Count; i++)
                {
                    var item = array[i];
                    array[i] = null;
                    array[i] = item is null ? null : Draft7(item);
                }

                return array;
            default:
                return node;
        }
    }
}
