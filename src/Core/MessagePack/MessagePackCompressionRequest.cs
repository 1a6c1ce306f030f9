namespace FastFormatters.MessagePack;

/// <summary>
/// How a request asks for an LZ4-compressed MessagePack response: the <c>compression</c> parameter on the MessagePack
/// media type it accepts, named as MessagePack-CSharp names its modes (<c>Accept: application/x-msgpack;
/// compression=lz4blockarray</c>, or <c>lz4block</c>, or <c>none</c>). The response's <c>Content-Type</c> carries the
/// same parameter. With the default server-wide setting (<see cref="MessagePackOptions.Compression"/> = none) only a
/// client that asks gets a compressed body, since only MessagePack-CSharp clients with compression on can read one;
/// like MessagePack-CSharp, a payload under 64 bytes is sent plain even then.
/// </summary>
public static class MessagePackCompressionRequest
{
    /// <summary>The media-type parameter: <c>compression</c>.</summary>
    public const string ParameterName = "compression";

    /// <summary>
    /// The compressed response types a client can ask for, as OpenAPI lists them beside the plain MessagePack types:
    /// <c>application/x-msgpack; compression=lz4blockarray</c> and <c>…; compression=lz4block</c>.
    /// </summary>
    public static IReadOnlyList<string> CompressedMediaTypes { get; } =
    [
        $"{MessagePackFormat.Definition.CanonicalMediaType}; {ParameterName}=lz4blockarray",
        $"{MessagePackFormat.Definition.CanonicalMediaType}; {ParameterName}=lz4block",
    ];

    /// <summary>The parameter's value for <paramref name="compression"/>: <c>none</c>, <c>lz4blockarray</c> or <c>lz4block</c>.</summary>
    public static string ToParameterValue(MessagePackCompressionMode compression) => compression switch
    {
        MessagePackCompressionMode.None => "none",
        MessagePackCompressionMode.Lz4BlockArray => "lz4blockarray",
        MessagePackCompressionMode.Lz4Block => "lz4block",
        _ => throw new ArgumentOutOfRangeException(nameof(compression)),
    };
}
