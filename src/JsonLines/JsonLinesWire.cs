using FastFormatters.Negotiation;

namespace FastFormatters.JsonLines;

/// <summary>What names JSON Lines on the wire.</summary>
internal static class JsonLinesWire
{
    /// <summary>The short name, in <c>?format=</c> and in <see cref="FormatReadException.Format"/>.</summary>
    public const string Name = "jsonl";

    /// <summary>
    /// <c>application/jsonl</c> first (the name jsonlines.org and the OpenAPI media-type registry give); then
    /// <c>application/x-ndjson</c>, what NDJSON clients and servers send; then <c>application/jsonlines</c>, the type
    /// Amazon SageMaker's SDKs send and accept for JSON Lines.
    /// </summary>
    public static FormatDefinition Definition { get; } = new(Name, MediaType, "application/x-ndjson", "application/jsonlines");

    /// <summary>The canonical media type.</summary>
    public const string MediaType = "application/jsonl";

    public const byte LineFeed = (byte)'\n';

    public const byte CarriageReturn = (byte)'\r';
}
