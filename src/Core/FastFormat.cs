namespace FastFormatters;

/// <summary>A wire format of <see cref="FastFormattersSerializer"/>.</summary>
public enum FastFormat
{
    /// <summary>JSON (RFC 8259, UTF-8), under the JSON contract of the serializer's options.</summary>
    Json,

    /// <summary>JMC1 (<c>application/jsonc</c>): the JSON with its header and length comments.</summary>
    Jsonc,

    /// <summary>MessagePack, under the MessagePack contract, compressed when the options say so.</summary>
    MessagePack,
}
