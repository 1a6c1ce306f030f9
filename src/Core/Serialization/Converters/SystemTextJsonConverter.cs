using System.Text.Json.Nodes;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Buffers;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// A type the app's System.Text.Json contract defines in ways these converters cannot reproduce (a custom converter, a
/// contract modifier, polymorphism, ...): System.Text.Json writes and reads it, with the app's options. JSON goes
/// straight into the same output; JMC1 and MessagePack (with the JSON contract) take its JSON through a document, so
/// their own framing (length comments, maps) stays right. Bad input is a <see cref="FormatReadException"/>.
/// </summary>
internal sealed class SystemTextJsonConverter<T> : ValueConverter<T>
{
    /// <remarks>
    /// System.Text.Json writes these values, so its own exporter describes them; a schema that refers into itself
    /// (a recursive type) cannot be moved into another document and is left open.
    /// </remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
    {
        var exported = System.Text.Json.Schema.JsonSchemaExporter.GetJsonSchemaAsNode(_options, typeof(T));
        return exported is JsonObject described && !described.ToJsonString().Contains("\"$ref\"", StringComparison.Ordinal)
            ? described
            : new JsonObject { ["description"] = $"Written by System.Text.Json." };
    }

    private readonly JsonSerializerOptions _options;
    private readonly JsonTypeInfo<T> _typeInfo;
    private readonly Lazy<JsonTypeInfo<T>> _commentedTypeInfo;
    private readonly ObjectValueConverter _values;

    public SystemTextJsonConverter(JsonSerializerOptions options, ObjectValueConverter values)
    {
        _options = options;
        _values = values;
        _typeInfo = (JsonTypeInfo<T>)options.GetTypeInfo(typeof(T));

        // JMC1's length comments are comments to System.Text.Json.
        _commentedTypeInfo = new(() => (JsonTypeInfo<T>)new JsonSerializerOptions(options) { ReadCommentHandling = JsonCommentHandling.Skip }.GetTypeInfo(typeof(T)));
    }

    /// <summary>A polymorphic type is written as declared, so System.Text.Json puts its discriminator on the wire.</summary>
    public override bool IsPolymorphic => _typeInfo.PolymorphismOptions is not null;

    public override void WriteJson(ref JsonWriter writer, T value)
    {
        if (!writer.IsJmc)
        {
            using var json = new Utf8JsonWriter(writer.FlushForExternalWriter(), new JsonWriterOptions { Encoder = _options.Encoder, MaxDepth = _options.MaxDepth });
            JsonSerializer.Serialize(json, value, _typeInfo);
            return;
        }

        using var document = ToDocument(value);
        JsonDocumentValues.WriteJson(ref writer, document.RootElement);
    }

    public override T ReadJson(ref JsonReader reader)
    {
        int start = reader.Position;
        var json = reader.ReadRawValue();
        try
        {
            return JsonSerializer.Deserialize(json, reader.IsJmc ? _commentedTypeInfo.Value : _typeInfo)!;
        }
        catch (JsonException ex)
        {
            throw WithPath(new FormatReadException(reader.FormatName, ex.Message, start + (ex.BytePositionInLine ?? 0), ex), ex);
        }
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        using var document = ToDocument(value);
        JsonDocumentValues.WriteMessagePack(ref writer, document.RootElement);
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
    {
        int start = reader.Position;
        using var document = JsonDocumentValues.ParseMessagePack(ref reader, _values);
        try
        {
            return document.RootElement.Deserialize(_typeInfo)!;
        }
        catch (JsonException ex)
        {
            throw WithPath(new FormatReadException(MessagePackReader.FormatName, ex.Message, start, ex), ex);
        }
    }

    // System.Text.Json's path inside the value ($.id) continues the path to the value, so the 400 names the member.
    private static FormatReadException WithPath(FormatReadException error, JsonException cause)
    {
        if (cause.Path is { Length: > 1 } path && path[0] == '$')
        {
            error.AddPathSegment(path[1..]);
        }

        return error;
    }

    private JsonDocument ToDocument(T value)
    {
        using var buffer = new PooledBufferWriter(1024);
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions { MaxDepth = _options.MaxDepth }))
        {
            JsonSerializer.Serialize(json, value, _typeInfo);
        }

        return JsonDocument.Parse(buffer.ToArray());
    }
}
