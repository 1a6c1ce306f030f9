namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Bytes held as <see cref="Memory{T}"/> and <see cref="ReadOnlyMemory{T}"/>: base64 strings, as byte[] is.</summary>
public sealed class ByteMemory
{
    public Memory<byte> Data { get; set; }

    public ReadOnlyMemory<byte> ReadOnlyData { get; set; }

    public ReadOnlyMemory<byte> Empty { get; set; }
}
