using System.Buffers;

namespace FastFormatters.Verification;

/// <summary>What a <see cref="ResponseVerifier"/> needs of a format: its own body, as sent and as compared, and the reference's body as sent.</summary>
internal interface IVerifiedFormat
{
    /// <summary>Writes <paramref name="value"/> as this format sends it (compressed, when the response is).</summary>
    void SerializeOwn(IBufferWriter<byte> output, object? value, Type type);

    /// <summary>Writes <paramref name="value"/> as it is compared with the reference: uncompressed.</summary>
    void SerializeForComparison(IBufferWriter<byte> output, object? value, Type type);

    /// <summary>Whether what <see cref="SerializeForComparison"/> writes is what this response sends (it is not compressed).</summary>
    bool SendsComparedBody { get; }

    /// <summary>Writes the reference's body (<see cref="FormatReference.Serialize"/>) as this format sends it.</summary>
    void WriteReference(IBufferWriter<byte> output, byte[] reference);
}
