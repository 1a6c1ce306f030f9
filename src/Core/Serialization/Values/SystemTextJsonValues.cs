using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Buffers;

namespace FastFormatters.Serialization.Values;

/// <summary>
/// A type System.Text.Json writes and reads for every format, under the app's options: its metadata, and its value as
/// a document for formats that take System.Text.Json's output through one (JMC1's length comments, MessagePack's maps).
/// </summary>
internal sealed class SystemTextJsonValues<T>
{
    private readonly JsonSerializerOptions _options;
    private readonly Lazy<JsonTypeInfo<T>> _commentedTypeInfo;

    public SystemTextJsonValues(JsonSerializerOptions options)
    {
        _options = options;
        TypeInfo = (JsonTypeInfo<T>)options.GetTypeInfo(typeof(T));
        WriterOptions = new JsonWriterOptions { Encoder = options.Encoder, MaxDepth = options.MaxDepth };

        // JMC1's length comments are comments to System.Text.Json.
        _commentedTypeInfo = new(() => (JsonTypeInfo<T>)new JsonSerializerOptions(options) { ReadCommentHandling = JsonCommentHandling.Skip }.GetTypeInfo(typeof(T)));
    }

    public JsonTypeInfo<T> TypeInfo { get; }

    /// <summary>The metadata that reads JSON with comments.</summary>
    public JsonTypeInfo<T> CommentedTypeInfo => _commentedTypeInfo.Value;

    public JsonWriterOptions WriterOptions { get; }

    /// <summary>Whether System.Text.Json puts a discriminator on the wire, so the type must be written as declared.</summary>
    public bool IsPolymorphic => TypeInfo.PolymorphismOptions is not null;

    /// <summary>
    /// System.Text.Json's own schema of the type; a schema that refers into itself (a recursive type) cannot be moved into
    /// another document and is left open.
    /// </summary>
    public JsonObject DescribeSchema()
    {
        var exported = System.Text.Json.Schema.JsonSchemaExporter.GetJsonSchemaAsNode(_options, typeof(T));
        return exported is JsonObject described && !described.ToJsonString().Contains("\"$ref\"", StringComparison.Ordinal)
            ? described
            : new JsonObject { ["description"] = "Written by System.Text.Json." };
    }

    /// <summary>The value as System.Text.Json writes it, as a document.</summary>
    public JsonDocument ToDocument(T value)
    {
        using var buffer = new PooledBufferWriter(1024);
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions { MaxDepth = _options.MaxDepth }))
        {
            JsonSerializer.Serialize(json, value, TypeInfo);
        }

        return JsonDocument.Parse(buffer.ToArray());
    }

    /// <summary>
    /// Whether <paramref name="exception"/> is System.Text.Json refusing a payload of a polymorphic type (a discriminator
    /// missing, unknown or not first): bad input, a 400, where any other <see cref="NotSupportedException"/> it throws
    /// is a type it cannot serve, a fault of the server.
    /// </summary>
    public bool IsBadPolymorphicPayload(NotSupportedException exception) => IsPolymorphic && exception.Message.Contains(" Path: ", StringComparison.Ordinal);

    /// <summary>A System.Text.Json message without the location it appends (" Path: $ | LineNumber: ..."), which the error carries itself.</summary>
    public static string WithoutLocation(string message)
        => message.LastIndexOf(" Path: ", StringComparison.Ordinal) is var at and > 0 ? message[..at] : message;

    // System.Text.Json's path inside the value ($.id) continues the path to the value, so the 400 names the member.
    public static FormatReadException WithPath(FormatReadException error, JsonException cause)
    {
        if (cause.Path is { Length: > 1 } path && path[0] == '$')
        {
            error.AddPathSegment(path[1..]);
        }

        return error;
    }
}
