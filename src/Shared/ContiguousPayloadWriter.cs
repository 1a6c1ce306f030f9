using System.Buffers;

namespace FastFormatters.Buffers;

/// <summary>Writes an encoding of a whole payload (an LZ4 frame, say) into <paramref name="output"/>.</summary>
internal delegate void ContiguousPayloadWriter(ReadOnlySpan<byte> payload, IBufferWriter<byte> output);
