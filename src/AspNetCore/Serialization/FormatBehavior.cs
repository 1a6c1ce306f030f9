using System.Buffers;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Serialization;

/// <summary>
/// What the host does for one kind of format beyond what <see cref="WireFormat"/> says: the verify mode's reference
/// serializer and how its body is sent, the variant a request may ask for, and the schema names in OpenAPI documents.
/// A format the host does not know (one a package registers) gets this default: no verify mode, no variants.
/// </summary>
internal class FormatBehavior
{
    private static readonly FormatBehavior s_default = new();

    protected FormatBehavior()
    {
    }

    /// <summary>The behavior of <paramref name="format"/>, by its kind.</summary>
    public static FormatBehavior For(WireFormat format) => format switch
    {
        JsonWireFormat => JsonFormatBehavior.Instance,
        JmcWireFormat => JmcFormatBehavior.Instance,
        MessagePackWireFormat => MessagePackFormatBehavior.Instance,
        _ => s_default,
    };

    /// <summary>Media types a response may have beyond the format's own.</summary>
    public virtual IReadOnlyList<string> ExtraResponseMediaTypes => [];

    /// <summary>Appended to the names of the format's schema definitions, so they do not clash with JSON's in one document.</summary>
    public virtual string SchemaNameSuffix => "";

    /// <summary>The serializer the verify mode compares <paramref name="serializer"/>'s bodies with, or null: not verified.</summary>
    public virtual FormatReference? CreateReference(FastFormattersSerializer serializer, FormatVerificationOptions options) => null;

    /// <summary>The format a response is written in: <paramref name="format"/>, or a variant the request asks for.</summary>
    public virtual WireFormat PrepareResponse(WireFormat format, HttpContext httpContext) => format;

    /// <summary>The form of <paramref name="format"/> compared with the reference's body (uncompressed).</summary>
    public virtual WireFormat ComparedFormat(WireFormat format) => format;

    /// <summary>Writes the reference's body as <paramref name="format"/> sends it.</summary>
    public virtual void WriteReference(WireFormat format, IBufferWriter<byte> output, byte[] reference) => output.Write(reference);
}
